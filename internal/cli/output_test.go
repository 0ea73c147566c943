package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/internal/golden"
	"github.com/presplit/presplit/shellgen"
	"github.com/presplit/presplit/splits"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v2"
)

// renderFixture is a hand-built Doc: the capacity model and the split generators are other
// work, so the tests build Plan and Split values directly.
type renderFixture struct {
	name string
	doc  shellgen.Doc
}

// renderOwned gives every region one prefix.
func renderOwned(regions int) []float64 {
	o := make([]float64, regions)
	for i := range o {
		o[i] = 1
	}
	return o
}

// renderSpecialKeys covers all 256 byte values and the characters that break quoting:
// ', \, ", #{ and |. Keys are sorted and unique as a real split is.
func renderSpecialKeys() [][]byte {
	var keys [][]byte
	for b := 1; b < 256; b++ { // a lone 0x00 would sort before "\x00\x00"; use it as a prefix
		keys = append(keys, []byte{byte(b)})
	}
	extra := [][]byte{{0x00, 0x00}, {0x00, 0xFF}, []byte(`"quoted"`), []byte(`#{exit 1}`),
		[]byte(`'`), []byte(`'';`), []byte(`\x41`), []byte(`\\`), []byte(`a|b`), []byte("\\"),
		[]byte("row-\xc3\xa9"), []byte(`\`), []byte("\xff\xff\xff\xff")}
	keys = append(keys, extra...)
	renderSortKeys(keys)
	var out [][]byte
	for i, k := range keys {
		if i == 0 || !bytes.Equal(k, keys[i-1]) {
			out = append(out, k)
		}
	}
	return out
}

func renderSortKeys(keys [][]byte) {
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && bytes.Compare(keys[j-1], keys[j]) > 0; j-- {
			keys[j-1], keys[j] = keys[j], keys[j-1]
		}
	}
}

func renderFixtures() []renderFixture {
	full := shellgen.Family{Name: "cf", Versions: 1, TTL: 2592000, Compression: "SNAPPY", Bloom: "ROW",
		BlockSize: 65536, Encoding: "FAST_DIFF"}
	hexKeys := [][]byte{}
	for _, c := range "123456789abcdef" {
		hexKeys = append(hexKeys, []byte{byte(c)})
	}
	rowsPlan := &capacity.Plan{
		Input: capacity.Input{
			Volume:           capacity.Volume{Rows: 1e9, RowBytes: 300},
			CompressionRatio: 0.5, Redundancy: 1.5, RegionSize: 10 << 30, Replication: 3,
			Cluster: capacity.Cluster{RegionServers: 10, Heap: 16 << 30, MemstoreFraction: 0.4,
				FlushSize: 128 << 20, Families: 1},
		},
		RowBytes: 300, RawBytes: 3e11, StoredBytes: 1.5e11, PlannedBytes: 2.25e11,
		ExactRegions: 2.25e11 / (10 << 30), Regions: 21, DiskBytes: 6.75e11,
		RegionsPerServer: 2.1, MemstoreCeiling: 51.2,
		Checks: []capacity.Check{{Code: "few-regions-per-server", Severity: capacity.Info,
			Message: "2.1 regions per RegionServer: fewer than one region per server wastes the cluster"}},
	}
	dailyPlan := &capacity.Plan{
		Input: capacity.Input{
			Volume: capacity.Volume{Daily: 50 << 30, RetentionDays: 365,
				Cells: &capacity.Cells{Count: 10, RowLen: 24, FamilyLen: 1, QualifierLen: 8, ValueLen: 100, Versions: 1}},
			CompressionRatio: 0.3, Redundancy: 1.5, Replication: 3,
		},
		RowBytes: 1530, RawBytes: 365 * float64(50<<30), StoredBytes: 0.3 * 365 * float64(50<<30),
		PlannedBytes: 1.5 * 0.3 * 365 * float64(50<<30), ExactRegions: 821.25, Regions: 822,
		DiskBytes: 3 * 1.5 * 0.3 * 365 * float64(50<<30),
		Horizons: []capacity.Horizon{
			{Days: 30, RawBytes: 30 * float64(50<<30), StoredBytes: 0.3 * 30 * float64(50<<30), PlannedBytes: 0.45 * 30 * float64(50<<30), Regions: 68, DiskBytes: 1.35 * 30 * float64(50<<30)},
			{Days: 182, RawBytes: 182 * float64(50<<30), StoredBytes: 0.3 * 182 * float64(50<<30), PlannedBytes: 0.45 * 182 * float64(50<<30), Regions: 410, DiskBytes: 1.35 * 182 * float64(50<<30)},
			{Days: 365, RawBytes: 365 * float64(50<<30), StoredBytes: 0.3 * 365 * float64(50<<30), PlannedBytes: 0.45 * 365 * float64(50<<30), Regions: 822, DiskBytes: 1.35 * 365 * float64(50<<30)},
		},
		Checks: []capacity.Check{{Code: "full-target-at-once", Severity: capacity.Warning,
			Message: "822 regions is the 365-day target; pre-split for 30 days (68) and let HBase split the rest"}},
	}
	var saltKeys [][]byte
	for b := 1; b < 16; b++ {
		saltKeys = append(saltKeys, []byte{byte(b)})
	}
	var decKeys [][]byte
	for i := 1; i < 100; i++ {
		decKeys = append(decKeys, []byte(fmt.Sprintf("%02d", i)))
	}
	special := renderSpecialKeys()
	return []renderFixture{
		{"hex16", shellgen.Doc{
			Table: shellgen.Table{Name: "ns:t1", MaxFileSize: 10 << 30, Families: []shellgen.Family{full}},
			Plan:  rowsPlan,
			Split: splits.Split{Spec: "hex:1", Keys: hexKeys, Owned: renderOwned(16)},
		}},
		{"salted-daily", shellgen.Doc{
			Table: shellgen.Table{Name: "events", MaxFileSize: 10 << 30, Families: []shellgen.Family{
				{Name: "d", Compression: "ZSTD", InMemory: true}, {Name: "m", Versions: 3, TTL: 2147483647}}},
			Plan: dailyPlan,
			Split: splits.Split{Spec: "byte:16", Keys: saltKeys, Owned: renderOwned(16),
				Notes: []string{"salted: a point read fans out to all 16 buckets"}},
		}},
		{"algo", shellgen.Doc{
			Table: shellgen.Table{Name: "t1", Families: []shellgen.Family{{Name: "cf1"}, {Name: "cf2"}}},
			Split: splits.Split{Spec: "HexStringSplit", Keys: [][]byte{[]byte("40000000"), []byte("80000000"), []byte("c0000000")},
				Owned: []float64{1 << 30, 1 << 30, 1 << 30, 1 << 30}, Algorithm: &splits.Algorithm{Name: "HexStringSplit"}},
		}},
		{"algo-rows", shellgen.Doc{
			Table: shellgen.Table{Name: "t1", Families: []shellgen.Family{{Name: "cf"}}},
			Split: splits.Split{Spec: "UniformSplit", Keys: [][]byte{{0x55}, {0xAA}},
				Algorithm: &splits.Algorithm{Name: "UniformSplit", FirstRow: `\x00`, LastRow: "it's; $(x)"}},
		}},
		{"one-region", shellgen.Doc{
			Table: shellgen.Table{Name: "t1", MaxFileSize: 20 << 30, Families: []shellgen.Family{{Name: "cf"}}},
			Plan:  &capacity.Plan{Input: capacity.Input{Volume: capacity.Volume{Rows: 1000, RowBytes: 100}}, RowBytes: 100, RawBytes: 1e5, StoredBytes: 1e5, PlannedBytes: 1.5e5, ExactRegions: 1.5e5 / (20 << 30), Regions: 1, DiskBytes: 4.5e5},
			Split: splits.Split{Spec: "hex:1", Owned: []float64{16}},
		}},
		{"dec2-splits", shellgen.Doc{
			Table: shellgen.Table{Name: "t1", Families: []shellgen.Family{{Name: "cf"}}},
			Split: splits.Split{Spec: "dec:2", Keys: decKeys, Owned: renderOwned(100)},
		}},
		{"special", shellgen.Doc{
			Table: shellgen.Table{Name: "ns_1:t-1.x", Families: []shellgen.Family{{Name: "it's"}}},
			Split: splits.Split{Spec: "byte:256", Keys: special, Owned: renderOwned(len(special) + 1)},
		}},
	}
}

// renderFormats are the formats with golden files: every format but report (the lead's).
var renderFormats = []string{"shell", "lines", "splits-file", "regionsplitter", "csv", "capacity-csv", "json", "java"}

// renderRun drives tableFromFlags and writeOutput through a small app built like newApp,
// with doc as what plan or splits would have computed, and maps errors to exit codes as run
// does.
func renderRun(t *testing.T, doc shellgen.Doc, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := &cli.Command{
		Name:  "render",
		Flags: append(tableFlags(), outputFlags("lines")...),
		Action: func(c *cli.Context) error {
			base := doc.Table
			base.MaxFileSize = 0
			table, err := tableFromFlags(c, base)
			if err != nil {
				return err
			}
			table.MaxFileSize = doc.Table.MaxFileSize
			d := doc
			d.Table = table
			return writeOutput(c, d)
		},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error { return usageErrorf("%v", err) },
	}
	app := &cli.App{Name: "presplit", Writer: &out, ErrWriter: &errb, Commands: []*cli.Command{cmd},
		ExitErrHandler: func(*cli.Context, error) {}}
	err := app.Run(append([]string{"presplit", "render"}, args...))
	var ue *usageError
	switch {
	case err == nil:
		code = exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(&errb, "presplit: %s\n", oneLine(ue.msg))
		code = exitUsage
	default:
		fmt.Fprintf(&errb, "presplit: %s\n", oneLine(err.Error()))
		code = exitFailure
	}
	return out.String(), errb.String(), code
}

func renderExt(format string) string {
	switch format {
	case "shell":
		return ".hbase"
	case "lines", "splits-file", "regionsplitter":
		return "." + format + ".txt"
	case "csv", "json", "java":
		return "." + format
	case "capacity-csv":
		return ".capacity.csv"
	}
	panic(format)
}

// renderUnsupported lists the fixture/format pairs that must fail, with the stderr line.
var renderUnsupported = map[string]string{
	"hex16/regionsplitter":        "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys",
	"salted-daily/regionsplitter": "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys",
	"dec2-splits/regionsplitter":  "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys",
	"special/regionsplitter":      "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys",
	"one-region/regionsplitter":   "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys",
	"one-region/splits-file":      "presplit: --format splits-file: one region has no split keys",
	"algo/capacity-csv":           "presplit: --format capacity-csv: there is no capacity model to show; use presplit plan",
	"algo-rows/capacity-csv":      "presplit: --format capacity-csv: there is no capacity model to show; use presplit plan",
	"dec2-splits/capacity-csv":    "presplit: --format capacity-csv: there is no capacity model to show; use presplit plan",
	"special/capacity-csv":        "presplit: --format capacity-csv: there is no capacity model to show; use presplit plan",
}

func TestRenderGolden(t *testing.T) {
	for _, fx := range renderFixtures() {
		for _, format := range renderFormats {
			t.Run(fx.name+"/"+format, func(t *testing.T) {
				out, errOut, code := renderRun(t, fx.doc, "--format", format)
				if want, ok := renderUnsupported[fx.name+"/"+format]; ok {
					assert.Equal(t, exitUsage, code)
					assert.Empty(t, out)
					assert.True(t, strings.HasPrefix(errOut, want), "stderr %q", errOut)
					assert.Equal(t, 1, strings.Count(errOut, "\n"))
					return
				}
				require.Equal(t, exitOK, code, "stderr: %s", errOut)
				assert.Empty(t, errOut)
				if len(fx.doc.Split.Keys) > 0 || format != "lines" {
					assert.True(t, strings.HasSuffix(out, "\n") && !strings.HasSuffix(out, "\n\n"),
						"exactly one trailing newline")
				}
				golden.Check(t, filepath.Join("testdata", "render", fx.name+renderExt(format)), []byte(out))
			})
		}
	}
}

func renderHex(keys [][]byte) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = hex.EncodeToString(k)
	}
	return out
}

// renderRuby runs testdata/render/harness.rb on a file of statements and returns the create
// calls it recorded. Without ruby it skips, except under CI, where it fails.
func renderRuby(t *testing.T, statements string) []map[string]any {
	t.Helper()
	ruby, err := exec.LookPath("ruby")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("ruby is not installed but CI is set: .ci/run installs it; the shell output must be checked by Ruby")
		}
		t.Skip("ruby is not installed: skipping the check of the shell output by a real Ruby (CI runs it)")
	}
	file := filepath.Join(t.TempDir(), "create.rb")
	require.NoError(t, os.WriteFile(file, []byte(statements), 0o644))
	harness, err := filepath.Abs(filepath.Join("testdata", "render", "harness.rb"))
	require.NoError(t, err)
	cmd := exec.Command(ruby, harness, file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "ruby: %s\nstatements:\n%s", stderr.String(), statements)
	var calls []map[string]any
	require.NoError(t, json.Unmarshal(out, &calls), "harness output %s", out)
	return calls
}

// renderWantFamilies is how the shell statement's family hashes must read in Ruby.
func renderWantFamilies(t shellgen.Table) []any {
	var fams []any
	for _, f := range t.Families {
		m := map[string]any{"NAME": f.Name}
		if f.Versions > 0 {
			m["VERSIONS"] = float64(f.Versions)
		}
		if f.TTL > 0 {
			m["TTL"] = float64(f.TTL)
		}
		if f.Compression != "" {
			m["COMPRESSION"] = f.Compression
		}
		if f.Bloom != "" {
			m["BLOOMFILTER"] = f.Bloom
		}
		if f.BlockSize > 0 {
			m["BLOCKSIZE"] = float64(f.BlockSize)
		}
		if f.Encoding != "" {
			m["DATA_BLOCK_ENCODING"] = f.Encoding
		}
		if f.InMemory {
			m["IN_MEMORY"] = true
		}
		fams = append(fams, m)
	}
	return fams
}

func TestRenderShellInRuby(t *testing.T) {
	for _, fx := range renderFixtures() {
		t.Run(fx.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, shellgen.Shell(&b, fx.doc))
			for i, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
				assert.LessOrEqual(t, len([]rune(line)), 99, "line %d is 100 columns or wider: %q", i+1, line)
			}
			calls := renderRuby(t, b.String())
			require.Len(t, calls, 1)
			call := calls[0]
			assert.Equal(t, fx.doc.Table.Name, call["table"])
			assert.Equal(t, renderWantFamilies(fx.doc.Table), call["families"])
			opts := map[string]any{}
			if fx.doc.Table.MaxFileSize > 0 {
				opts["MAX_FILESIZE"] = float64(fx.doc.Table.MaxFileSize)
			}
			assert.Equal(t, opts, call["options"])
			if len(fx.doc.Split.Keys) == 0 {
				assert.NotContains(t, call, "splits", "no SPLITS for one region")
				return
			}
			got, _ := call["splits"].([]any)
			want := renderHex(fx.doc.Split.Keys)
			require.Len(t, got, len(want))
			for i := range want {
				assert.Equal(t, want[i], got[i], "split %d", i+1)
			}
		})
	}
}

func TestRenderSplitsFileInRuby(t *testing.T) {
	for _, fx := range renderFixtures() {
		if len(fx.doc.Split.Keys) == 0 {
			continue
		}
		t.Run(fx.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, `it's a \ splits.txt`) // the name is quoted for Ruby too
			out, errOut, code := renderRun(t, fx.doc, "--format", "splits-file", "-o", file)
			require.Equal(t, exitOK, code, errOut)
			assert.Empty(t, out)
			content, err := os.ReadFile(file)
			require.NoError(t, err)
			assert.NotContains(t, "\n"+string(content), "\n\n", "never a blank line")
			assert.True(t, strings.HasSuffix(string(content), "\n"))
			// The create line printed on stderr reads the file: run it through Ruby.
			assert.Contains(t, errOut, "SPLITS_FILE => '"+strings.ReplaceAll(file, "'", `\'`)+"'")
			calls := renderRuby(t, errOut)
			require.Len(t, calls, 1)
			assert.Equal(t, fx.doc.Table.Name, calls[0]["table"])
			got, _ := calls[0]["splits"].([]any)
			want := renderHex(fx.doc.Split.Keys)
			require.Len(t, got, len(want))
			for i := range want {
				assert.Equal(t, want[i], got[i], "split %d", i+1)
			}
		})
	}
}

// TestRenderJavaCompiles compiles and runs the --format java output with a real JDK.
// Without javac or java it skips, except under CI, where it fails.
func TestRenderJavaCompiles(t *testing.T) {
	javac, err := exec.LookPath("javac")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("javac is not installed but CI is set: .ci/run installs a JDK; the Java snippet must be compiled by javac")
		}
		t.Skip("javac is not installed: skipping the compile check of --format java (CI runs it)")
	}
	java, err := exec.LookPath("java")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("java is not installed but CI is set: .ci/run installs a JDK; the compiled Java snippet must run")
		}
		t.Skip("java is not installed: skipping the run of the compiled --format java (CI runs it)")
	}
	stubs, err := filepath.Abs(filepath.Join("testdata", "render", "java"))
	require.NoError(t, err)
	var sources []string
	require.NoError(t, filepath.WalkDir(stubs, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".java") {
			sources = append(sources, p)
		}
		return err
	}))
	// One javac and one java run for all fixtures keeps the test fast: each generated class
	// goes in a package of its own (a package line before the generated text) and Main runs
	// them in turn.
	fixtures := renderFixtures()
	root := t.TempDir()
	var classes []string
	for i, fx := range fixtures {
		var b bytes.Buffer
		require.NoError(t, shellgen.Java(&b, fx.doc))
		pkg := fmt.Sprintf("fx%d", i)
		dir := filepath.Join(root, "src", pkg)
		require.NoError(t, os.MkdirAll(dir, 0o755))
		src := filepath.Join(dir, shellgen.JavaClass+".java")
		require.NoError(t, os.WriteFile(src, append([]byte("package "+pkg+";\n"), b.Bytes()...), 0o644))
		sources = append(sources, src)
		classes = append(classes, pkg+"."+shellgen.JavaClass)
	}
	classDir := filepath.Join(root, "classes")
	out, err := exec.Command(javac, append([]string{"-encoding", "US-ASCII", "-d", classDir}, sources...)...).CombinedOutput()
	require.NoError(t, err, "javac: %s", out)
	out, err = exec.Command(java, append([]string{"-cp", classDir, "Main"}, classes...)...).CombinedOutput()
	require.NoError(t, err, "java: %s", out)
	runs := strings.Split(string(out), "== ")[1:]
	require.Len(t, runs, len(fixtures))
	for i, fx := range fixtures {
		t.Run(fx.name, func(t *testing.T) {
			var want strings.Builder
			fmt.Fprintf(&want, "%s\n", classes[i])
			maxFile := fx.doc.Table.MaxFileSize
			if maxFile == 0 {
				maxFile = -1
			}
			fmt.Fprintf(&want, "table %s MAX_FILESIZE=%d\n", fx.doc.Table.Name, maxFile)
			for _, f := range fx.doc.Table.Families {
				want.WriteString("family NAME=" + f.Name)
				for _, kv := range [][2]string{
					{"VERSIONS", renderIf(f.Versions > 0, strconv.Itoa(f.Versions))},
					{"TTL", renderIf(f.TTL > 0, strconv.FormatInt(f.TTL, 10))},
					{"COMPRESSION", f.Compression}, {"BLOOMFILTER", f.Bloom},
					{"BLOCKSIZE", renderIf(f.BlockSize > 0, strconv.FormatInt(f.BlockSize, 10))},
					{"DATA_BLOCK_ENCODING", f.Encoding}, {"IN_MEMORY", renderIf(f.InMemory, "true")},
				} {
					if kv[1] != "" {
						want.WriteString(" " + kv[0] + "=" + kv[1])
					}
				}
				want.WriteString("\n")
			}
			for _, k := range renderHex(fx.doc.Split.Keys) {
				want.WriteString("split " + k + "\n")
			}
			assert.Equal(t, want.String(), runs[i])
		})
	}
}

func renderIf(ok bool, s string) string {
	if ok {
		return s
	}
	return ""
}

func TestRenderCSVParsesBack(t *testing.T) {
	for _, fx := range renderFixtures() {
		t.Run(fx.name, func(t *testing.T) {
			out, errOut, code := renderRun(t, fx.doc, "--format", "csv")
			require.Equal(t, exitOK, code, errOut)
			recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			require.NoError(t, err)
			require.Equal(t, shellgen.CSVHeader, recs[0])
			keys := fx.doc.Split.Keys
			require.Len(t, recs, len(keys)+2, "header + one row per region")
			var total float64
			for _, o := range fx.doc.Split.Owned {
				total += o
			}
			var shareSum float64
			for i, rec := range recs[1:] {
				assert.Equal(t, strconv.Itoa(i+1), rec[0])
				start, end := "", ""
				if i > 0 {
					start = hbytes.ToStringBinary(keys[i-1])
				}
				if i < len(keys) {
					end = hbytes.ToStringBinary(keys[i])
				}
				assert.Equal(t, start, rec[1], "start key of region %d", i+1)
				assert.Equal(t, end, rec[2], "end key of region %d", i+1)
				if len(fx.doc.Split.Owned) != len(keys)+1 {
					assert.Equal(t, []string{"", "", "", ""}, rec[3:], "no ownership: empty fields")
					continue
				}
				owned, err := strconv.ParseFloat(rec[3], 64)
				require.NoError(t, err)
				assert.Equal(t, fx.doc.Split.Owned[i], owned)
				share, err := strconv.ParseFloat(rec[4], 64)
				require.NoError(t, err)
				assert.InDelta(t, owned/total, share, 1e-15)
				shareSum += share
				if fx.doc.Plan == nil {
					assert.Equal(t, "", rec[5], "est_bytes without a plan")
					assert.Equal(t, "", rec[6], "est_rows without a plan")
					continue
				}
				estBytes, err := strconv.ParseInt(rec[5], 10, 64)
				require.NoError(t, err, "est_bytes is a plain integer")
				assert.InDelta(t, fx.doc.Plan.PlannedBytes*share, float64(estBytes), 0.5)
				estRows, err := strconv.ParseInt(rec[6], 10, 64)
				require.NoError(t, err, "est_rows is a plain integer")
				assert.InDelta(t, fx.doc.Plan.RawBytes/fx.doc.Plan.RowBytes*share, float64(estRows), 0.5)
			}
			if len(fx.doc.Split.Owned) == len(keys)+1 {
				assert.InDelta(t, 1, shareSum, 1e-9)
			}
		})
	}
}

func TestRenderCapacityCSVParsesBack(t *testing.T) {
	for _, fx := range renderFixtures() {
		p := fx.doc.Plan
		if p == nil {
			continue
		}
		t.Run(fx.name, func(t *testing.T) {
			out, errOut, code := renderRun(t, fx.doc, "--format", "capacity-csv")
			require.Equal(t, exitOK, code, errOut)
			recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			require.NoError(t, err)
			require.Equal(t, shellgen.CapacityCSVHeader, recs[0])
			type row struct {
				days                       string
				raw, stored, planned, disk float64
				regions                    int
			}
			want := []row{{"", p.RawBytes, p.StoredBytes, p.PlannedBytes, p.DiskBytes, p.Regions}}
			if len(p.Horizons) > 0 {
				want = nil
				for _, h := range p.Horizons {
					want = append(want, row{strconv.Itoa(h.Days), h.RawBytes, h.StoredBytes, h.PlannedBytes, h.DiskBytes, h.Regions})
				}
			}
			require.Len(t, recs, len(want)+1)
			num := func(s string) float64 {
				v, err := strconv.ParseInt(s, 10, 64)
				require.NoError(t, err, "plain integer %q", s)
				return float64(v)
			}
			for i, w := range want {
				rec := recs[i+1]
				assert.Equal(t, w.days, rec[0])
				assert.InDelta(t, w.raw/p.RowBytes, num(rec[1]), 0.5, "rows")
				assert.InDelta(t, w.raw, num(rec[2]), 0.5)
				assert.InDelta(t, w.stored, num(rec[3]), 0.5)
				assert.InDelta(t, w.planned, num(rec[4]), 0.5)
				assert.Equal(t, float64(10<<30), num(rec[5]), "region size (default when unset)")
				assert.Equal(t, strconv.Itoa(w.regions), rec[6])
				assert.InDelta(t, w.disk, num(rec[7]), 0.5)
			}
		})
	}
}

func TestRenderJSONParsesBack(t *testing.T) {
	for _, fx := range renderFixtures() {
		t.Run(fx.name, func(t *testing.T) {
			out, errOut, code := renderRun(t, fx.doc, "--format", "json")
			require.Equal(t, exitOK, code, errOut)
			dec := json.NewDecoder(strings.NewReader(out))
			dec.DisallowUnknownFields()
			var got shellgen.JSONDoc
			require.NoError(t, dec.Decode(&got))
			d := fx.doc
			assert.Equal(t, shellgen.JSONFormatVersion, got.FormatVersion)
			assert.Equal(t, d.Table.Name, got.Table.Name)
			assert.Equal(t, d.Table.MaxFileSize, got.Table.MaxFileSize)
			require.Len(t, got.Table.Families, len(d.Table.Families))
			for i, f := range d.Table.Families {
				g := got.Table.Families[i]
				assert.Equal(t, shellgen.Family{Name: g.Name, Versions: g.Versions, TTL: g.TTLSeconds,
					Compression: g.Compression, Bloom: g.BloomFilter, BlockSize: g.BlockSize,
					Encoding: g.DataBlockEncoding, InMemory: g.InMemory}, f)
			}
			assert.Equal(t, d.Split.Spec, got.Split.Spec)
			assert.Equal(t, d.Split.Regions(), got.Split.Regions)
			require.Len(t, got.Split.Keys, len(d.Split.Keys))
			for i, k := range got.Split.Keys {
				b, err := hbytes.ToBytesBinary(k)
				require.NoError(t, err)
				assert.Equal(t, d.Split.Keys[i], b, "key %d decodes back", i+1)
			}
			assert.Equal(t, append([]float64{}, d.Split.Owned...), got.Split.Owned)
			if a := d.Split.Algorithm; a != nil {
				require.NotNil(t, got.Split.Algorithm)
				assert.Equal(t, shellgen.JSONAlgorithm{Name: a.Name, FirstRow: a.FirstRow, LastRow: a.LastRow}, *got.Split.Algorithm)
			} else {
				assert.Nil(t, got.Split.Algorithm)
			}
			var wantChecks []shellgen.JSONCheck
			if p := d.Plan; p != nil {
				require.NotNil(t, got.Capacity)
				c := got.Capacity
				assert.Equal(t, p.Regions, c.Regions)
				assert.Equal(t, p.RawBytes, c.RawBytes)
				assert.Equal(t, p.StoredBytes, c.StoredBytes)
				assert.Equal(t, p.PlannedBytes, c.PlannedBytes)
				assert.Equal(t, p.ExactRegions, c.ExactRegions)
				assert.Equal(t, p.DiskBytes, c.DiskBytes)
				assert.Equal(t, p.RowBytes, c.RowBytes)
				assert.Equal(t, p.MemstoreCeiling, c.MemstoreCeiling)
				assert.Equal(t, p.Input.Volume.Rows, c.Inputs.Rows)
				assert.Equal(t, p.Input.Volume.Daily, c.Inputs.DailyBytes)
				assert.Equal(t, p.Input.CompressionRatio, c.Inputs.CompressionRatio)
				assert.Equal(t, p.Input.Cluster.RegionServers, c.Inputs.Cluster.RegionServers)
				assert.Equal(t, p.Input.Volume.Cells != nil, c.Inputs.Cells != nil)
				require.Len(t, c.Horizons, len(p.Horizons))
				for i, h := range p.Horizons {
					assert.Equal(t, shellgen.JSONHorizon{Days: h.Days, RawBytes: h.RawBytes, StoredBytes: h.StoredBytes,
						PlannedBytes: h.PlannedBytes, Regions: h.Regions, DiskBytes: h.DiskBytes}, c.Horizons[i])
				}
				for _, ch := range p.Checks {
					wantChecks = append(wantChecks, shellgen.JSONCheck{Code: ch.Code, Severity: string(ch.Severity), Message: ch.Message})
				}
			} else {
				assert.Nil(t, got.Capacity)
				assert.Contains(t, out, `"capacity": null`)
			}
			for _, n := range d.Split.Notes {
				wantChecks = append(wantChecks, shellgen.JSONCheck{Code: "split-note", Severity: "info", Message: n})
			}
			if wantChecks == nil {
				wantChecks = []shellgen.JSONCheck{}
			}
			assert.Equal(t, wantChecks, got.Checks)
		})
	}
}

func TestRenderTableFlags(t *testing.T) {
	doc := shellgen.Doc{Split: splits.Split{Keys: [][]byte{[]byte("5")}}}
	tests := []struct {
		name string
		args []string
		want string // stdout with --format shell
		err  string // the one stderr line, exit 2
	}{
		{name: "defaults", want: "create 't1', {NAME => 'cf'}, SPLITS => ['5']\n"},
		{name: "all settings, any case", args: []string{"--table", "ns:t2", "--family", "a", "--family", "b",
			"--versions", "3", "--ttl", "30d", "--compression", "snappy", "--bloom", "rowcol",
			"--block-size", "64KiB", "--encoding", "fast_diff", "--in-memory"},
			want: "create 'ns:t2',\n" +
				"  {NAME => 'a', VERSIONS => 3, TTL => 2592000, COMPRESSION => 'SNAPPY', BLOOMFILTER => 'ROWCOL',\n" +
				"   BLOCKSIZE => 65536, DATA_BLOCK_ENCODING => 'FAST_DIFF', IN_MEMORY => true},\n" +
				"  {NAME => 'b', VERSIONS => 3, TTL => 2592000, COMPRESSION => 'SNAPPY', BLOOMFILTER => 'ROWCOL',\n" +
				"   BLOCKSIZE => 65536, DATA_BLOCK_ENCODING => 'FAST_DIFF', IN_MEMORY => true},\n" +
				"  SPLITS => ['5']\n"},
		{name: "families comma separated", args: []string{"--family", "a,b"},
			want: "create 't1', {NAME => 'a'}, {NAME => 'b'}, SPLITS => ['5']\n"},
		{name: "ttl forever", args: []string{"--ttl", "FOREVER"}, want: "create 't1', {NAME => 'cf', TTL => 2147483647}, SPLITS => ['5']\n"},
		{name: "ttl hbase form", args: []string{"--ttl", "1 DAY 2 HOURS"}, want: "create 't1', {NAME => 'cf', TTL => 93600}, SPLITS => ['5']\n"},
		{name: "ttl seconds", args: []string{"--ttl", "3600"}, want: "create 't1', {NAME => 'cf', TTL => 3600}, SPLITS => ['5']\n"},
		{name: "block size bytes", args: []string{"--block-size", "16777216"}, want: "create 't1', {NAME => 'cf', BLOCKSIZE => 16777216}, SPLITS => ['5']\n"},
		{name: "block size minimum", args: []string{"--block-size", "1KiB"}, want: "create 't1', {NAME => 'cf', BLOCKSIZE => 1024}, SPLITS => ['5']\n"},
		{name: "compression none", args: []string{"--compression", "None"}, want: "create 't1', {NAME => 'cf', COMPRESSION => 'NONE'}, SPLITS => ['5']\n"},
		{name: "family with quote", args: []string{"--family", "it's"}, want: "create 't1', {NAME => 'it\\'s'}, SPLITS => ['5']\n"},

		{name: "bad compression", args: []string{"--compression", "gzip"},
			err: `--compression must be one of NONE, SNAPPY, LZ4, ZSTD, GZ, LZO, BZIP2, LZMA, BROTLI, got "gzip"`},
		{name: "bad bloom", args: []string{"--bloom", "rowprefix"}, err: `--bloom must be one of NONE, ROW, ROWCOL, got "rowprefix"`},
		{name: "bad encoding", args: []string{"--encoding", "fastdiff"},
			err: `--encoding must be one of NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1, got "fastdiff"`},
		{name: "versions zero", args: []string{"--versions", "0"}, err: `--versions must be a whole number from 1 to 2147483647, got "0"`},
		{name: "versions text", args: []string{"--versions", "three"}, err: `--versions must be a whole number from 1 to 2147483647, got "three"`},
		{name: "versions too big", args: []string{"--versions", "2147483648"}, err: `--versions must be a whole number from 1 to 2147483647, got "2147483648"`},
		{name: "ttl week in hbase form", args: []string{"--ttl", "1 WEEK"}, err: `--ttl "1 WEEK": want seconds, a duration like 30d or 720h, FOREVER`},
		{name: "ttl zero", args: []string{"--ttl", "0"}, err: `--ttl "0" is 0 seconds`},
		{name: "ttl beyond forever", args: []string{"--ttl", "25000 DAYS"}, err: `--ttl "25000 DAYS" is 2160000000 seconds, larger than HBase's FOREVER`},
		{name: "block size SI", args: []string{"--block-size", "64KB"}, err: `--block-size is ambiguous (HBase reads KB as 1024 bytes, presplit's sizes as 1000): write KiB/MiB or whole bytes, like 64KiB or 65536, got "64KB"`},
		{name: "block size too big", args: []string{"--block-size", "32MiB"}, err: `--block-size must be between 1K and 16MB (1024..16777216 bytes), got "32MiB"`},
		{name: "block size above int", args: []string{"--block-size", "2147483648"}, err: `--block-size must be between 1K and 16MB (1024..16777216 bytes), got "2147483648"`},
		{name: "block size too small", args: []string{"--block-size", "512"}, err: `--block-size must be between 1K and 16MB (1024..16777216 bytes), got "512"`},
		{name: "block size junk", args: []string{"--block-size", "big"}, err: `--block-size must be whole bytes or KiB/MiB, like 65536 or 64KiB, got "big"`},
		{name: "table with space", args: []string{"--table", "my table"}, err: `--table: a table name may contain only letters, digits, '_', '-' and '.', got "my table"`},
		{name: "table empty namespace", args: []string{"--table", ":t"}, err: `--table: the namespace before ':' must not be empty, got ":t"`},
		{name: "table quote", args: []string{"--table", "t'1"}, err: `--table: a table name may contain only letters, digits, '_', '-' and '.', got "t'1"`},
		{name: "table leading dot", args: []string{"--table", ".t"}, err: `--table: a table name must not start with '.' or '-', got ".t"`},
		{name: "family colon", args: []string{"--family", "a:b"}, err: `--family: a column family name must not contain control characters, ':', '\' or '/', got "a:b"`},
		{name: "family twice", args: []string{"--family", "a", "--family", "a"}, err: `--family: column family names must be unique, got "a" twice`},
		{name: "family leading dot", args: []string{"--family", ".x"}, err: `--family: a column family name must not start with '.', got ".x"`},
		{name: "bad format", args: []string{"--format", "xml"}, err: `--format must be one of report, shell, lines, splits-file, regionsplitter, csv, capacity-csv, json, java, got "xml"`},
		{name: "flag after argument", args: []string{"extra", "--ttl", "1d"}, err: `flag "--ttl" comes after an argument: put flags before arguments`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"--format", "shell"}, tt.args...)
			out, errOut, code := renderRun(t, doc, args...)
			if tt.err != "" {
				assert.Equal(t, exitUsage, code)
				assert.Empty(t, out, "nothing on stdout")
				assert.True(t, strings.HasPrefix(errOut, "presplit: "+tt.err), "stderr %q\nwant prefix %q", errOut, tt.err)
				assert.Equal(t, 1, strings.Count(errOut, "\n"), "one stderr line")
				return
			}
			require.Equal(t, exitOK, code, errOut)
			assert.Equal(t, tt.want, out)
			assert.Empty(t, errOut)
		})
	}
}

func TestRenderTableFromSpecBase(t *testing.T) {
	base := shellgen.Table{Name: "spec_t", Families: []shellgen.Family{
		{Name: "a", TTL: 86400, Compression: "GZ"}, {Name: "b", Versions: 5}}}
	doc := shellgen.Doc{Table: base, Split: splits.Split{Keys: [][]byte{[]byte("5")}}}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{name: "spec as is", want: "create 'spec_t',\n  {NAME => 'a', TTL => 86400, COMPRESSION => 'GZ'},\n" +
			"  {NAME => 'b', VERSIONS => 5},\n  SPLITS => ['5']\n"},
		{name: "flag wins over spec for every family", args: []string{"--compression", "zstd"},
			want: "create 'spec_t',\n  {NAME => 'a', TTL => 86400, COMPRESSION => 'ZSTD'},\n" +
				"  {NAME => 'b', VERSIONS => 5, COMPRESSION => 'ZSTD'},\n  SPLITS => ['5']\n"},
		{name: "--family keeps the spec's settings of a named family", args: []string{"--family", "b", "--family", "c", "--table", "x"},
			want: "create 'x', {NAME => 'b', VERSIONS => 5}, {NAME => 'c'}, SPLITS => ['5']\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := renderRun(t, doc, append([]string{"-F", "shell"}, tt.args...)...)
			require.Equal(t, exitOK, code, errOut)
			assert.Equal(t, tt.want, out)
		})
	}
	t.Run("invalid spec value is a usage error", func(t *testing.T) {
		bad := doc
		bad.Table.Families = []shellgen.Family{{Name: "a", Compression: "gzip"}}
		out, errOut, code := renderRun(t, bad, "-F", "shell")
		assert.Equal(t, exitUsage, code)
		assert.Empty(t, out)
		assert.Equal(t, "presplit: family \"a\": COMPRESSION \"gzip\": must be one of NONE, SNAPPY, LZ4, ZSTD, GZ, LZO, BZIP2, LZMA, BROTLI\n", errOut)
	})
}

func TestRenderOutputFile(t *testing.T) {
	fx := renderFixtures()[0] // hex16: a prefix split with a plan
	t.Run("writes the file and nothing on stdout", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "t1.hbase")
		out, errOut, code := renderRun(t, fx.doc, "-F", "shell", "-o", file)
		require.Equal(t, exitOK, code, errOut)
		assert.Empty(t, out)
		assert.Empty(t, errOut)
		var want bytes.Buffer
		require.NoError(t, shellgen.Shell(&want, fx.doc))
		got, err := os.ReadFile(file)
		require.NoError(t, err)
		assert.Equal(t, want.String(), string(got))
		fi, err := os.Stat(file)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o644), fi.Mode().Perm())
		renderNoTemp(t, filepath.Dir(file), 1)
	})
	t.Run("replaces an existing file and keeps its mode", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "keys.txt")
		require.NoError(t, os.WriteFile(file, []byte("old\n"), 0o600))
		_, errOut, code := renderRun(t, fx.doc, "--output", file)
		require.Equal(t, exitOK, code, errOut)
		got, err := os.ReadFile(file)
		require.NoError(t, err)
		assert.Equal(t, "1\n2\n3\n4\n5\n6\n7\n8\n9\na\nb\nc\nd\ne\nf\n", string(got))
		fi, err := os.Stat(file)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	})
	failures := []struct {
		name string
		args []string
		err  string
	}{
		{"unsupported format", []string{"-F", "regionsplitter"}, "presplit: --format regionsplitter: RegionSplitter cannot express"},
		{"bad table flag", []string{"--ttl", "1 WEEK"}, `presplit: --ttl "1 WEEK"`},
		{"bad format", []string{"-F", "yaml"}, `presplit: --format must be one of`},
	}
	for _, tt := range failures {
		t.Run("failing render leaves the file: "+tt.name, func(t *testing.T) {
			dir := t.TempDir()
			existing := filepath.Join(dir, "existing.txt")
			old := []byte("keep me\n\x00\xff")
			require.NoError(t, os.WriteFile(existing, old, 0o644))
			out, errOut, code := renderRun(t, fx.doc, append(tt.args, "-o", existing)...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.True(t, strings.HasPrefix(errOut, tt.err), errOut)
			got, err := os.ReadFile(existing)
			require.NoError(t, err)
			assert.Equal(t, old, got, "byte-identical")

			fresh := filepath.Join(dir, "fresh.txt")
			_, _, code = renderRun(t, fx.doc, append(tt.args, "-o", fresh)...)
			assert.Equal(t, exitUsage, code)
			assert.NoFileExists(t, fresh)
			renderNoTemp(t, dir, 1)
		})
	}
	t.Run("missing folder is named", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "no", "such")
		file := filepath.Join(dir, "t.hbase")
		out, errOut, code := renderRun(t, fx.doc, "-F", "shell", "-o", file)
		assert.Equal(t, exitUsage, code)
		assert.Empty(t, out)
		assert.Equal(t, fmt.Sprintf("presplit: -o %q: folder %q does not exist\n", file, dir), errOut)
		assert.NoDirExists(t, dir)
	})
	t.Run("a folder in the way is a runtime failure that leaves no temp file", func(t *testing.T) {
		dir := t.TempDir()
		target := filepath.Join(dir, "out")
		require.NoError(t, os.MkdirAll(filepath.Join(target, "child"), 0o755))
		_, errOut, code := renderRun(t, fx.doc, "-F", "shell", "-o", target)
		assert.Equal(t, exitFailure, code)
		assert.Contains(t, errOut, "writing "+target)
		renderNoTemp(t, dir, 1)
	})
}

// renderNoTemp asserts dir holds exactly n entries and no temp file of renderWriteFile.
func renderNoTemp(t *testing.T, dir string, n int) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.NotContains(t, e.Name(), ".tmp", "temp file left behind")
	}
	assert.Len(t, entries, n)
}

// renderFailAfter writes limit bytes, then fails: a full disk or a closed pipe mid-write.
type renderFailAfter struct {
	w     io.Writer
	limit int
}

func (f *renderFailAfter) Write(p []byte) (int, error) {
	if len(p) > f.limit {
		n, _ := f.w.Write(p[:f.limit])
		f.limit = 0
		return n, errors.New("no space left on device")
	}
	f.limit -= len(p)
	return f.w.Write(p)
}

func TestRenderWriteFileFailsMidway(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "splits.txt")
	old := []byte("01\n02\n")
	require.NoError(t, os.WriteFile(file, old, 0o644))
	err := renderWriteFile(file, func(w io.Writer) error {
		_, err := (&renderFailAfter{w: w, limit: 3}).Write([]byte("10\n20\n30\n"))
		return err
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "writing "+file+": no space left on device")
	got, rerr := os.ReadFile(file)
	require.NoError(t, rerr)
	assert.Equal(t, old, got, "the existing file is byte-identical")
	renderNoTemp(t, dir, 1)

	fresh := filepath.Join(dir, "fresh.txt")
	require.Error(t, renderWriteFile(fresh, func(w io.Writer) error {
		_, err := (&renderFailAfter{w: w, limit: 0}).Write([]byte("x\n"))
		return err
	}))
	assert.NoFileExists(t, fresh, "no empty file")
	renderNoTemp(t, dir, 1)
}

func TestRenderSplitsFileStderrOnlyWithOutput(t *testing.T) {
	fx := renderFixtures()[0]
	out, errOut, code := renderRun(t, fx.doc, "-F", "splits-file")
	require.Equal(t, exitOK, code)
	assert.Equal(t, "1\n2\n3\n4\n5\n6\n7\n8\n9\na\nb\nc\nd\ne\nf\n", out)
	assert.Empty(t, errOut, "to stdout, the file name is unknown: no create line")

	file := filepath.Join(t.TempDir(), "splits.txt")
	out, errOut, code = renderRun(t, fx.doc, "-F", "splits-file", "-o", file)
	require.Equal(t, exitOK, code)
	assert.Empty(t, out)
	assert.Equal(t, "create 'ns:t1', {NAME => 'cf', VERSIONS => 1, TTL => 2592000, COMPRESSION => 'SNAPPY',"+
		" BLOOMFILTER => 'ROW', BLOCKSIZE => 65536, DATA_BLOCK_ENCODING => 'FAST_DIFF'}, MAX_FILESIZE => 10737418240,"+
		" SPLITS_FILE => '"+file+"'", strings.Join(strings.Fields(strings.ReplaceAll(errOut, "\n", " ")), " "))
}

// TestRenderReadmeExamples checks that every output block of the README's "Output formats"
// section is its golden file, byte for byte.
func TestRenderReadmeExamples(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	text := string(readme)
	start := strings.Index(text, "## Output formats")
	require.GreaterOrEqual(t, start, 0)
	end := strings.Index(text[start+1:], "\n## ")
	require.Greater(t, end, 0)
	section := text[start : start+1+end]
	blocks := strings.Split(section, "<!-- golden: ")[1:]
	require.NotEmpty(t, blocks)
	for _, blk := range blocks {
		name, rest, ok := strings.Cut(blk, " -->\n```text\n")
		require.True(t, ok, "golden marker must be followed by a ```text block: %q", blk[:40])
		body, _, ok := strings.Cut(rest, "```\n")
		require.True(t, ok)
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata", "render", name))
			require.NoError(t, err)
			assert.Equal(t, string(want), body)
		})
	}
}

// TestRenderThroughPlan drives the table and output flags through the real `presplit plan`.
func TestRenderThroughPlan(t *testing.T) {
	base := []string{"plan", "--rows", "1e8", "--kv", "300B", "--prefix", "hex:1"}
	tests := []struct {
		name string
		args []string
		want string // stdout
		err  string // the one stderr line, exit 2
	}{
		{name: "shell with settings", args: []string{"-F", "shell", "--table", "ns:t1", "--ttl", "30d", "--compression", "zstd"},
			want: "create 'ns:t1',\n  {NAME => 'cf', TTL => 2592000, COMPRESSION => 'ZSTD'},\n  MAX_FILESIZE => 10737418240,\n" +
				"  SPLITS => ['3', '6', '9', 'c']\n"},
		{name: "lines", args: []string{"--format", "lines", "--regions", "4"}, want: "4\n8\nc\n"},
		{name: "regionsplitter refuses a prefix split", args: []string{"-F", "regionsplitter"},
			err: "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys"},
		{name: "bad compression", args: []string{"--compression", "gzip"},
			err: `presplit: --compression must be one of NONE, SNAPPY, LZ4, ZSTD, GZ, LZO, BZIP2, LZMA, BROTLI, got "gzip"`},
		{name: "bad block size", args: []string{"--block-size", "64KB"}, err: `presplit: --block-size is ambiguous`},
		{name: "bad ttl", args: []string{"--ttl", "1 WEEK"}, err: `presplit: --ttl "1 WEEK": want seconds`},
		{name: "bad format", args: []string{"-F", "xml"}, err: `presplit: --format must be one of report, shell`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append(base, tt.args...)...)
			if tt.err != "" {
				assert.Equal(t, exitUsage, code)
				assert.Empty(t, out)
				assert.True(t, strings.HasPrefix(errOut, tt.err), "stderr %q", errOut)
				assert.Equal(t, 1, strings.Count(errOut, "\n"))
				return
			}
			require.Equal(t, exitOK, code, errOut)
			assert.Equal(t, tt.want, out)
		})
	}
}
