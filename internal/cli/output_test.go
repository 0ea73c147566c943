package cli

import (
	"bufio"
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
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v2"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/internal/golden"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/render"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

// renderFixture is a hand-built Doc: the capacity model and the split generators are other
// work, so the tests build Plan and Split values directly.
type renderFixture struct {
	name string
	doc  render.Doc
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
	full := plan.Family{Name: "cf", Versions: 1, TTL: 2592000, Compression: "SNAPPY", Bloom: "ROW",
		BlockSize: 65536, Encoding: "FAST_DIFF"}
	hexKeys := [][]byte{}
	for _, c := range "123456789abcdef" {
		hexKeys = append(hexKeys, []byte{byte(c)})
	}
	rowsPlan := &capacity.Sizing{
		Input: capacity.Input{
			Volume:           capacity.Volume{Rows: 1e9, RowBytes: 300},
			CompressionRatio: 0.5, Redundancy: 1.5, RegionSize: 10 << 30, Replication: 3,
			Cluster: capacity.Cluster{RegionServers: 10, Heap: 16 << 30, MemstoreFraction: 0.4,
				FlushSize: 128 << 20, Families: 1},
		},
		RowBytes: 300, RawBytes: 3e11, StoredBytes: 1.5e11, PlannedBytes: 2.25e11,
		ExactRegions: 2.25e11 / (10 << 30), Regions: 21, DiskBytes: 6.75e11,
		RegionsPerServer: 2.1, MemstoreCeiling: 51.2,
	}
	dailyPlan := &capacity.Sizing{
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
		{"hex16", render.Doc{
			Plan: &plan.Plan{
				Table:    plan.Table{Name: "ns:t1", MaxFileSize: 10 << 30, Families: []plan.Family{full}},
				Capacity: rowsPlan,
				Split:    &splits.Split{Spec: "hex:1", Keys: splits.KeysOf(hexKeys...), Owned: splits.OwnedOf(renderOwned(16)...)},
				Findings: []finding.Finding{
					{Code: "RG007", Severity: finding.Warning, Message: "16 regions on 10 RegionServers is 1.6 per server, below the 20..200 HBase recommends: each server holds few regions to spread load over", Fix: "a smaller region size gives more"},
					{Code: "CF003", Severity: finding.Info, Message: "it's #{`rm -rf`} and\n=begin", Fix: "none"},
				},
			},
		}},
		{"salted-daily", render.Doc{
			Plan: &plan.Plan{
				Table: plan.Table{Name: "events", MaxFileSize: 10 << 30, Families: []plan.Family{
					{Name: "d", Compression: "ZSTD", InMemory: true}, {Name: "m", Versions: 3, TTL: 2147483647}}},
				Capacity: dailyPlan,
				// HBase's split policy splits the 16 regions created into 96 at 30 days: the
				// html's second growth chart.
				PolicyVolumes: []plan.Volume{{Days: 30, Regions: 96}, {Days: 182}, {Days: 365}},
				Split: &splits.Split{Spec: "byte:16", Keys: splits.KeysOf(saltKeys...), Owned: splits.OwnedOf(renderOwned(16)...),
					Notes: []string{"salted: a point read fans out to all 16 buckets"}},
			},
		}},
		{"algo", render.Doc{
			Plan: &plan.Plan{
				Table: plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf1"}, {Name: "cf2"}}},
				Split: &splits.Split{Spec: "HexStringSplit", Keys: splits.KeysOf([][]byte{[]byte("40000000"), []byte("80000000"), []byte("c0000000")}...),
					Owned: splits.OwnedOf(1<<30, 1<<30, 1<<30, 1<<30), Algorithm: &splits.Algorithm{Name: "HexStringSplit"}},
			},
		}},
		{"algo-rows", render.Doc{
			Plan: &plan.Plan{
				Table: plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf"}}},
				Split: &splits.Split{Spec: "UniformSplit", Keys: splits.KeysOf([][]byte{{0x55}, {0xAA}}...),
					Algorithm: &splits.Algorithm{Name: "UniformSplit", FirstRow: `\x00`, LastRow: "it's; $(x)"}},
			},
		}},
		{"one-region", render.Doc{
			Plan: &plan.Plan{
				Table:    plan.Table{Name: "t1", MaxFileSize: 20 << 30, Families: []plan.Family{{Name: "cf"}}},
				Capacity: &capacity.Sizing{Input: capacity.Input{Volume: capacity.Volume{Rows: 1000, RowBytes: 100}}, RowBytes: 100, RawBytes: 1e5, StoredBytes: 1e5, PlannedBytes: 1.5e5, ExactRegions: 1.5e5 / (20 << 30), Regions: 1, DiskBytes: 4.5e5},
				Split:    &splits.Split{Spec: "hex:1", Owned: splits.OwnedOf(16)},
			},
		}},
		{"dec2-splits", render.Doc{
			Plan: &plan.Plan{
				Table: plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf"}}},
				Split: &splits.Split{Spec: "dec:2", Keys: splits.KeysOf(decKeys...), Owned: splits.OwnedOf(renderOwned(100)...)},
			},
		}},
		{"attrs", render.Doc{
			Plan: &plan.Plan{
				Table: plan.Table{Name: "ns:events", MaxFileSize: 20 << 30, Families: []plan.Family{{Name: "d", Versions: 1}},
					MemstoreFlushSize: 256 << 20, RegionReplication: 2, Durability: "ASYNC_WAL", Normalization: &renderFalse,
					SplitPolicy: plan.SplitPolicy{Kind: plan.PolicyPrefix, PrefixLength: 2}},
				Split: &splits.Split{Spec: "dec:2", Keys: splits.KeysOf(decKeys[:9]...), Owned: splits.OwnedOf(renderOwned(10)...)},
			},
		}},
		// Every family setting, through every format: the row-prefix bloom and its
		// CONFIGURATION, BLOCKCACHE, MIN_VERSIONS and each KEEP_DELETED_CELLS form.
		{"families", render.Doc{
			Plan: &plan.Plan{
				Table: plan.Table{Name: "ns:f", Families: []plan.Family{
					{Name: "d", Versions: 3, TTL: 604800, Bloom: "ROWPREFIX_FIXED_LENGTH", BloomPrefixLength: 4, BlockCache: &renderFalse,
						MinVersions: 1, KeepDeletedCells: "TTL", Compression: "ZSTD", Encoding: "ROW_INDEX_V1", BlockSize: 16384, InMemory: true},
					{Name: "h", KeepDeletedCells: "TRUE", BlockCache: &renderTrue},
					{Name: "x", KeepDeletedCells: "FALSE"}},
					CreateNamespace: true},
				Split: &splits.Split{Spec: "HexStringSplit", Keys: splits.KeysOf([][]byte{[]byte("40000000"), []byte("80000000"), []byte("c0000000")}...),
					Algorithm: &splits.Algorithm{Name: "HexStringSplit"}},
			},
		}},
		{"special", render.Doc{
			Plan: &plan.Plan{
				Table: plan.Table{Name: "ns_1:t-1.x", Families: []plan.Family{{Name: "it's"}}},
				Split: &splits.Split{Spec: "byte:256", Keys: splits.KeysOf(special...), Owned: splits.OwnedOf(renderOwned(len(special) + 1)...)},
			},
		}},
	}
}

var renderFalse, renderTrue = false, true

// renderFormats are the formats with golden files: every format but report (the lead's).
var renderFormats = []string{"shell", "lines", "splits-file", "regionsplitter", "csv", "capacity-csv", "json", "java", "html"}

// renderRun drives tableFromFlags and writeOutput through a small app built like newApp,
// with doc as what plan or splits would have computed, and maps errors to exit codes as run
// does.
func renderRun(t *testing.T, doc render.Doc, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := &cli.Command{
		Name:  "render",
		Flags: append(tableFlags(), outputFlags("lines")...),
		Action: func(c *cli.Context) error {
			design := &tablespec.Spec{Table: tablespec.Value[string]{V: doc.Table.Name, Set: doc.Table.Name != ""}}
			for _, f := range doc.Table.Families {
				design.Families = append(design.Families, specFamily(f))
			}
			if err := applyTableFlags(c, design); err != nil {
				return err
			}
			table := plan.TableOf(design, nil)
			if err := table.Validate(); err != nil {
				return usageErrorf("%v", err)
			}
			table.MaxFileSize = doc.Table.MaxFileSize
			dt := doc.Table
			table.Target, table.SplitPolicy, table.Normalization = dt.Target, dt.SplitPolicy, dt.Normalization
			table.RegionReplication, table.Durability, table.MemstoreFlushSize = dt.RegionReplication, dt.Durability, dt.MemstoreFlushSize
			table.CreateNamespace = dt.CreateNamespace
			p := *doc.Plan // the flags' table on a copy: doc is shared by the subtests
			p.Table = table
			return writeDoc(c, render.Doc{Plan: &p, Options: doc.Options})
		},
	}
	app := &cli.App{Name: "presplit", Writer: &out, ErrWriter: &errb, Commands: []*cli.Command{cmd},
		ExitErrHandler: func(*cli.Context, error) {}}
	routeUsageErrors(app)
	code = runApp(app, append([]string{"presplit", "render"}, args...), &errb)
	return out.String(), errb.String(), code
}

// specFamily is a rendered family as the design states it.
func specFamily(f plan.Family) tablespec.Family {
	set := func(v string) tablespec.Value[string] { return tablespec.Value[string]{V: v, Set: v != "", Raw: v} }
	out := tablespec.Family{Name: set(f.Name), Compression: set(f.Compression), Bloom: set(f.Bloom), Encoding: set(f.Encoding)}
	if f.Versions > 0 {
		out.Versions = tablespec.Value[int64]{V: int64(f.Versions), Set: true}
	}
	if f.TTL > 0 {
		out.TTL = set(strconv.FormatInt(f.TTL, 10))
	}
	if f.BlockSize > 0 {
		out.BlockSize = tablespec.Value[int64]{V: f.BlockSize, Set: true}
	}
	out.InMemory = tablespec.Value[bool]{V: f.InMemory, Set: f.InMemory}
	out.KeepDeletedCells = set(f.KeepDeletedCells)
	out.MinVersions = tablespec.Value[int64]{V: int64(f.MinVersions), Set: f.MinVersions > 0}
	out.BloomPrefixLength = tablespec.Value[int64]{V: int64(f.BloomPrefixLength), Set: f.BloomPrefixLength > 0}
	if f.BlockCache != nil {
		out.BlockCache = tablespec.Value[bool]{V: *f.BlockCache, Set: true}
	}
	return out
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
	case "html":
		return ".html"
	}
	panic(format)
}

// renderUnsupported lists the fixture/format pairs that must fail, with the stderr line.
var renderUnsupported = map[string]string{
	"hex16/regionsplitter":        "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys",
	"salted-daily/regionsplitter": "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys",
	"dec2-splits/regionsplitter":  "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys",
	"attrs/regionsplitter":        "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys",
	"attrs/capacity-csv":          "presplit: --format capacity-csv: there is no capacity model to show; use presplit plan",
	"special/regionsplitter":      "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys",
	"one-region/regionsplitter":   "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys",
	"one-region/splits-file":      "presplit: --format splits-file: one region has no split keys",
	"algo/capacity-csv":           "presplit: --format capacity-csv: there is no capacity model to show; use presplit plan",
	"algo-rows/capacity-csv":      "presplit: --format capacity-csv: there is no capacity model to show; use presplit plan",
	"dec2-splits/capacity-csv":    "presplit: --format capacity-csv: there is no capacity model to show; use presplit plan",
	"special/capacity-csv":        "presplit: --format capacity-csv: there is no capacity model to show; use presplit plan",
	"families/capacity-csv":       "presplit: --format capacity-csv: there is no capacity model to show; use presplit plan",
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
				// The findings go to stderr, one line each, for the formats that do not
				// carry them (report and json do); nothing else is written there.
				var want strings.Builder
				if format != "report" && format != "json" {
					for _, f := range fx.doc.Findings {
						fmt.Fprintf(&want, "presplit: %s %s: %s\n", f.Severity, f.Code, oneLine(f.Message))
					}
				}
				assert.Equal(t, want.String(), errOut)
				if fx.doc.Split.Keys.Len() > 0 || format != "lines" {
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
// calls it recorded. Without ruby it skips, except under CI, where it fails. One ruby
// serves every call of the test run (renderRubyServer): a start costs about 0.1 s of CPU,
// and the package's tests ask for dozens.
func renderRuby(t *testing.T, statements string, env ...string) []map[string]any {
	t.Helper()
	srv := renderRubyServer(t)
	file := filepath.Join(t.TempDir(), "create.rb")
	require.NoError(t, os.WriteFile(file, []byte(statements), 0o644))
	req := struct {
		File string            `json:"file"`
		Env  map[string]string `json:"env"`
	}{File: file, Env: map[string]string{}}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		req.Env[k] = v
	}
	line, err := json.Marshal(req)
	require.NoError(t, err)
	reply, err := srv.ask(append(line, '\n'))
	require.NoError(t, err, "ruby: %s\nstatements:\n%s", srv.stderr.String(), statements)
	var out struct {
		Calls []map[string]any `json:"calls"`
		Error string           `json:"error"`
	}
	require.NoError(t, json.Unmarshal(reply, &out), "harness output %s", reply)
	require.Empty(t, out.Error, "ruby: statements:\n%s", statements)
	return out.Calls
}

// rubyServer is one `ruby harness.rb --serve`: a request a line in, a reply a line out.
type rubyServer struct {
	mu     sync.Mutex
	in     io.Writer
	out    *bufio.Reader
	stderr lockedBuffer
}

// ask sends one request and reads its reply.
func (s *rubyServer) ask(req []byte) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.in.Write(req); err != nil {
		return nil, err
	}
	return s.out.ReadBytes('\n')
}

// lockedBuffer is a bytes.Buffer that the ruby's stderr and a failing test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var renderRubyStart struct {
	once sync.Once
	srv  *rubyServer
	err  error
}

// renderRubyServer starts the package's one harness ruby at its first use; it ends when
// the test binary does (its stdin closes). Without ruby the test skips, or fails under CI.
func renderRubyServer(t *testing.T) *rubyServer {
	t.Helper()
	ruby, err := exec.LookPath("ruby")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("ruby is not installed but CI is set: .ci/run installs it; the shell output must be checked by Ruby")
		}
		t.Skip("ruby is not installed: skipping the check of the shell output by a real Ruby (CI runs it)")
	}
	r := &renderRubyStart
	r.once.Do(func() {
		harness, err := filepath.Abs(filepath.Join("testdata", "render", "harness.rb"))
		if err != nil {
			r.err = err
			return
		}
		srv := &rubyServer{}
		cmd := exec.Command(ruby, harness, "--serve")
		cmd.Stderr = &srv.stderr
		in, err := cmd.StdinPipe()
		if err != nil {
			r.err = err
			return
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			r.err = err
			return
		}
		if r.err = cmd.Start(); r.err == nil {
			srv.in, srv.out, r.srv = in, bufio.NewReader(out), srv
		}
	})
	require.NoError(t, r.err, "starting ruby")
	return r.srv
}

// withoutFindings drops the `presplit: SEVERITY CODE: ...` lines from stderr, leaving the
// create statement printed beside a splits file.
func withoutFindings(stderr string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(stderr, "\n") {
		if !strings.HasPrefix(line, "presplit: ") {
			b.WriteString(line)
		}
	}
	return b.String()
}

// renderWantFamilies is how the shell statement's family hashes must read in Ruby.
func renderWantFamilies(t plan.Table) []any {
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
		if f.BlockCache != nil {
			m["BLOCKCACHE"] = *f.BlockCache
		}
		if f.MinVersions > 0 {
			m["MIN_VERSIONS"] = float64(f.MinVersions)
		}
		switch f.KeepDeletedCells { // the shell upcases the value's text
		case "TTL":
			m["KEEP_DELETED_CELLS"] = "TTL"
		case "TRUE", "FALSE":
			m["KEEP_DELETED_CELLS"] = f.KeepDeletedCells == "TRUE"
		}
		if f.Bloom == "ROWPREFIX_FIXED_LENGTH" {
			m["CONFIGURATION"] = map[string]any{"RowPrefixBloomFilter.prefix_length": strconv.Itoa(f.BloomPrefixLength)}
		}
		fams = append(fams, m)
	}
	return fams
}

func TestRenderShellInRuby(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	for _, fx := range renderFixtures() {
		t.Run(fx.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, render.Shell(&b, fx.doc))
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			// How to run it, then the findings, one comment line each however long.
			head := strings.Count(hbase.ScriptEndFor(fx.doc.Table.Target).Comment(), "\n")
			for i, line := range lines[head+len(fx.doc.Findings):] {
				assert.LessOrEqual(t, len([]rune(line)), 99, "line %d is 100 columns or wider: %q", i+1, line)
			}
			for i, f := range fx.doc.Findings {
				assert.True(t, strings.HasPrefix(lines[head+i], "# "+f.Severity.String()+" "+f.Code+": "), "finding %d is a comment: %q", i, lines[head+i])
			}
			calls := renderRuby(t, b.String())
			if fx.doc.Table.CreateNamespace { // create_namespace 'ns' first
				require.Len(t, calls, 2)
				assert.Equal(t, map[string]any{"cmd": "create_namespace", "namespace": fx.doc.Table.Namespace(), "args": []any{}}, calls[0])
				calls = calls[1:]
			}
			require.Len(t, calls, 1)
			call := calls[0]
			assert.Equal(t, fx.doc.Table.Name, call["table"])
			assert.Equal(t, renderWantFamilies(fx.doc.Table), call["families"])
			opts := map[string]any{}
			if fx.doc.Table.MaxFileSize > 0 {
				opts["MAX_FILESIZE"] = float64(fx.doc.Table.MaxFileSize)
			}
			if fx.name == "attrs" { // written out by hand: the oracle is not TableAttrs
				opts["MEMSTORE_FLUSHSIZE"] = float64(256 << 20)
				opts["REGION_REPLICATION"] = float64(2)
				opts["DURABILITY"] = "ASYNC_WAL"
				opts["NORMALIZATION_ENABLED"] = false
				opts["SPLIT_POLICY"] = "org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy"
				opts["CONFIGURATION"] = map[string]any{"KeyPrefixRegionSplitPolicy.prefix_length": "2"}
			}
			assert.Equal(t, opts, call["options"])
			if fx.doc.Split.Keys.Len() == 0 {
				assert.NotContains(t, call, "splits", "no SPLITS for one region")
				return
			}
			got, _ := call["splits"].([]any)
			want := renderHex(fx.doc.Split.Keys.Slices())
			require.Len(t, got, len(want))
			for i := range want {
				assert.Equal(t, want[i], got[i], "split %d", i+1)
			}
		})
	}
}

func TestRenderSplitsFileInRuby(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	for _, fx := range renderFixtures() {
		if fx.doc.Split.Keys.Len() == 0 {
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
			calls := renderRuby(t, withoutFindings(errOut))
			if fx.doc.Table.CreateNamespace {
				require.Len(t, calls, 2)
				assert.Equal(t, "create_namespace", calls[0]["cmd"])
				calls = calls[1:]
			}
			require.Len(t, calls, 1)
			assert.Equal(t, fx.doc.Table.Name, calls[0]["table"])
			got, _ := calls[0]["splits"].([]any)
			want := renderHex(fx.doc.Split.Keys.Slices())
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
	t.Parallel() // waits on an external program: overlaps the others
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
		require.NoError(t, render.Java(&b, fx.doc))
		pkg := fmt.Sprintf("fx%d", i)
		dir := filepath.Join(root, "src", pkg)
		require.NoError(t, os.MkdirAll(dir, 0o755))
		src := filepath.Join(dir, render.JavaClass+".java")
		require.NoError(t, os.WriteFile(src, append([]byte("package "+pkg+";\n"), b.Bytes()...), 0o644))
		sources = append(sources, src)
		classes = append(classes, pkg+"."+render.JavaClass)
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
			if fx.doc.Table.CreateNamespace {
				fmt.Fprintf(&want, "namespace %s\n", fx.doc.Table.Namespace())
			}
			maxFile := fx.doc.Table.MaxFileSize
			if maxFile == 0 {
				maxFile = -1
			}
			fmt.Fprintf(&want, "table %s MAX_FILESIZE=%d\n", fx.doc.Table.Name, maxFile)
			attrs, config := fx.doc.Table.TableAttrs()
			for _, a := range attrs {
				if a.Key != "MAX_FILESIZE" {
					fmt.Fprintf(&want, "attr %s=%s\n", a.Key, a.Value)
				}
			}
			for _, kv := range config {
				fmt.Fprintf(&want, "attr CONFIGURATION %s=%s\n", kv.Key, kv.Value)
			}
			for _, f := range fx.doc.Table.Families {
				want.WriteString("family NAME=" + f.Name)
				for _, kv := range [][2]string{
					{"VERSIONS", renderIf(f.Versions > 0, strconv.Itoa(f.Versions))},
					{"TTL", renderIf(f.TTL > 0, strconv.FormatInt(f.TTL, 10))},
					{"COMPRESSION", f.Compression}, {"BLOOMFILTER", f.Bloom},
					{"BLOCKSIZE", renderIf(f.BlockSize > 0, strconv.FormatInt(f.BlockSize, 10))},
					{"DATA_BLOCK_ENCODING", f.Encoding}, {"IN_MEMORY", renderIf(f.InMemory, "true")},
					{"BLOCKCACHE", renderIf(f.BlockCache != nil, fmt.Sprint(f.BlockCache != nil && *f.BlockCache))},
					{"MIN_VERSIONS", renderIf(f.MinVersions > 0, strconv.Itoa(f.MinVersions))},
					{"KEEP_DELETED_CELLS", f.KeepDeletedCells},
					{"CONFIGURATION RowPrefixBloomFilter.prefix_length", renderIf(f.Bloom == "ROWPREFIX_FIXED_LENGTH", strconv.Itoa(f.BloomPrefixLength))},
				} {
					if kv[1] != "" {
						want.WriteString(" " + kv[0] + "=" + kv[1])
					}
				}
				want.WriteString("\n")
			}
			for _, k := range renderHex(fx.doc.Split.Keys.Slices()) {
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
			require.Equal(t, render.CSVHeader, recs[0])
			keys := fx.doc.Split.Keys
			require.Len(t, recs, keys.Len()+2, "header + one row per region")
			var total float64
			for _, o := range fx.doc.Split.Owned.All() {
				total += o
			}
			var shareSum float64
			for i, rec := range recs[1:] {
				assert.Equal(t, strconv.Itoa(i+1), rec[0])
				// The key cells are toStringBinary text that reads back as the keys (a
				// formula's first byte written \xNN, quote.CSVKey).
				var start, end []byte
				if i > 0 {
					start = keys.At(i - 1)
				}
				if i < keys.Len() {
					end = keys.At(i)
				}
				gotStart, err := hbytes.ToBytesBinary(rec[1])
				require.NoError(t, err)
				gotEnd, err := hbytes.ToBytesBinary(rec[2])
				require.NoError(t, err)
				assert.Equal(t, string(start), string(gotStart), "start key of region %d", i+1)
				assert.Equal(t, string(end), string(gotEnd), "end key of region %d", i+1)
				assert.Equal(t, quote.CSVKey(hbytes.ToStringBinary(start)), rec[1], "start key cell of region %d", i+1)
				if fx.doc.Split.Owned.Len() != keys.Len()+1 {
					assert.Equal(t, []string{"", "", "", ""}, rec[3:], "no ownership: empty fields")
					continue
				}
				owned, err := strconv.ParseFloat(rec[3], 64)
				require.NoError(t, err)
				assert.Equal(t, fx.doc.Split.Owned.At(i), owned)
				share, err := strconv.ParseFloat(rec[4], 64)
				require.NoError(t, err)
				assert.InDelta(t, owned/total, share, 1e-15)
				shareSum += share
				if fx.doc.Capacity == nil {
					assert.Equal(t, "", rec[5], "est_bytes without a plan")
					assert.Equal(t, "", rec[6], "est_rows without a plan")
					continue
				}
				estBytes, err := strconv.ParseInt(rec[5], 10, 64)
				require.NoError(t, err, "est_bytes is a plain integer")
				assert.InDelta(t, fx.doc.Capacity.PlannedBytes*share, float64(estBytes), 0.5)
				estRows, err := strconv.ParseInt(rec[6], 10, 64)
				require.NoError(t, err, "est_rows is a plain integer")
				assert.InDelta(t, fx.doc.Capacity.RawBytes/fx.doc.Capacity.RowBytes*share, float64(estRows), 0.5)
			}
			if fx.doc.Split.Owned.Len() == keys.Len()+1 {
				assert.InDelta(t, 1, shareSum, 1e-9)
			}
		})
	}
}

func TestRenderCapacityCSVParsesBack(t *testing.T) {
	for _, fx := range renderFixtures() {
		p := fx.doc.Capacity
		if p == nil {
			continue
		}
		t.Run(fx.name, func(t *testing.T) {
			out, errOut, code := renderRun(t, fx.doc, "--format", "capacity-csv")
			require.Equal(t, exitOK, code, errOut)
			recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			require.NoError(t, err)
			require.Equal(t, render.CapacityCSVHeader, recs[0])
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
			var got render.JSONDoc
			require.NoError(t, dec.Decode(&got))
			d := fx.doc
			assert.Equal(t, render.JSONFormatVersion, got.FormatVersion)
			assert.Equal(t, d.Table.Name, got.Table.Name)
			assert.Equal(t, d.Table.MaxFileSize, got.Table.MaxFileSize)
			require.Len(t, got.Table.Families, len(d.Table.Families))
			for i, f := range d.Table.Families {
				g := got.Table.Families[i]
				assert.Equal(t, plan.Family{Name: g.Name, Versions: g.Versions, TTL: g.TTLSeconds,
					Compression: g.Compression, Bloom: g.BloomFilter, BlockSize: g.BlockSize,
					Encoding: g.DataBlockEncoding, InMemory: g.InMemory, BloomPrefixLength: g.BloomPrefixLength,
					BlockCache: g.BlockCache, KeepDeletedCells: g.KeepDeletedCells, MinVersions: g.MinVersions}, f)
			}
			assert.Equal(t, d.Split.Spec, got.Split.Spec)
			assert.Equal(t, d.Split.Regions(), got.Split.Regions)
			require.Len(t, got.Split.Keys, d.Split.Keys.Len())
			for i, k := range got.Split.Keys {
				b, err := hbytes.ToBytesBinary(k)
				require.NoError(t, err)
				assert.Equal(t, d.Split.Keys.At(i), b, "key %d decodes back", i+1)
			}
			assert.Equal(t, d.Split.Owned.Values(), got.Split.Owned)
			if a := d.Split.Algorithm; a != nil {
				require.NotNil(t, got.Split.Algorithm)
				assert.Equal(t, render.JSONAlgorithm{Name: a.Name, FirstRow: a.FirstRow, LastRow: a.LastRow}, *got.Split.Algorithm)
			} else {
				assert.Nil(t, got.Split.Algorithm)
			}
			if p := d.Capacity; p != nil {
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
					assert.Equal(t, render.JSONHorizon{Days: h.Days, RawBytes: h.RawBytes, StoredBytes: h.StoredBytes,
						PlannedBytes: h.PlannedBytes, Regions: h.Regions, DiskBytes: h.DiskBytes, SplitRegions: d.PolicyRegions(i)}, c.Horizons[i])
				}
			} else {
				assert.Nil(t, got.Capacity)
				assert.Contains(t, out, `"capacity": null`)
			}
			wantFindings := []render.JSONFinding{}
			for _, f := range d.Findings {
				wantFindings = append(wantFindings, render.JSONFinding{Severity: f.Severity.String(), Code: f.Code, Message: f.Message, Fix: f.Fix})
			}
			assert.Equal(t, wantFindings, got.Findings)
			assert.Equal(t, append(append([]string{}, d.Notes...), d.Split.Notes...), got.Notes)
		})
	}
}

func TestRenderTableFlags(t *testing.T) {
	doc := render.Doc{Plan: &plan.Plan{Split: &splits.Split{Keys: splits.KeysOf([][]byte{[]byte("5")}...)}}}
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
		{name: "block size KB is 1024", args: []string{"--block-size", "64KB"}, want: "create 't1', {NAME => 'cf', BLOCKSIZE => 65536}, SPLITS => ['5']\n"},
		{name: "block size k", args: []string{"--block-size", "64k"}, want: "create 't1', {NAME => 'cf', BLOCKSIZE => 65536}, SPLITS => ['5']\n"},
		{name: "compression none", args: []string{"--compression", "None"}, want: "create 't1', {NAME => 'cf', COMPRESSION => 'NONE'}, SPLITS => ['5']\n"},
		{name: "family with quote", args: []string{"--family", "it's"}, want: "create 't1', {NAME => 'it\\'s'}, SPLITS => ['5']\n"},

		{name: "bad compression", args: []string{"--compression", "gzip"},
			err: `--compression gzip: must be one of NONE, SNAPPY, LZ4, ZSTD, GZ, LZO, BZIP2, LZMA, BROTLI`},
		{name: "bad bloom", args: []string{"--bloom", "rowprefix"}, err: "--bloom rowprefix: must be one of NONE, ROW, ROWCOL"},
		{name: "bad encoding", args: []string{"--encoding", "fastdiff"},
			err: `--encoding fastdiff: must be one of NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1`},
		{name: "versions zero", args: []string{"--versions", "0"}, err: "--versions 0: too small (at least 1)"},
		{name: "versions text", args: []string{"--versions", "three"}, err: "--versions three: must be a number like 1e10, 10k or 1000"},
		{name: "versions too big", args: []string{"--versions", "2147483648"}, err: "--versions 2147483648: too large (at most 2147483647)"},
		{name: "ttl week in hbase form", args: []string{"--ttl", "1 WEEK"}, err: `--ttl "1 WEEK": want seconds, a duration like 30d or 720h, FOREVER`},
		{name: "ttl zero", args: []string{"--ttl", "0"}, err: `--ttl 0: must not be 0 seconds`},
		{name: "ttl beyond forever", args: []string{"--ttl", "25000 DAYS"}, err: `--ttl "25000 DAYS": must be at most HBase's FOREVER (2147483647 seconds), got 2160000000 seconds`},
		{name: "block size not whole", args: []string{"--block-size", "1.1K"}, err: "--block-size 1.1K: must be whole bytes, like 65536 or 64K"},
		{name: "block size syntax", args: []string{"--block-size", "64 kilos"}, err: "--block-size \"64 kilos\": must be a size like 65536, 64K or 64KB"},
		{name: "block size too big", args: []string{"--block-size", "32MiB"}, err: "--block-size 32MiB: must be between 1K and 16MB (1024..16777216 bytes)"},
		{name: "block size above int", args: []string{"--block-size", "2147483648"}, err: "--block-size 2147483648: must be between 1K and 16MB (1024..16777216 bytes)"},
		{name: "block size too small", args: []string{"--block-size", "512"}, err: "--block-size 512: must be between 1K and 16MB (1024..16777216 bytes)"},
		{name: "block size junk", args: []string{"--block-size", "big"}, err: "--block-size big: must be a size like 65536, 64K or 64KB"},
		{name: "table with space", args: []string{"--table", "my table"}, err: "--table \"my table\": a table name may contain only ASCII letters, digits, '_', '-' and '.'"},
		{name: "table empty namespace", args: []string{"--table", ":t"}, err: "--table :t: the namespace before ':' must not be empty"},
		{name: "table quote", args: []string{"--table", "t'1"}, err: "--table \"t'1\": a table name may contain only ASCII letters, digits, '_', '-' and '.'"},
		{name: "table leading dot", args: []string{"--table", ".t"}, err: "--table .t: a table name must not start with '.' or '-'"},
		{name: "family colon", args: []string{"--family", "a:b"}, err: "--family a:b: a column family name must not contain control characters, ':', '\\' or '/'"},
		{name: "family twice", args: []string{"--family", "a", "--family", "a"}, err: "--family a: column family names must be unique, and it is given twice"},
		{name: "family leading dot", args: []string{"--family", ".x"}, err: "--family .x: a column family name must not start with '.'"},
		{name: "bad format", args: []string{"--format", "xml"}, err: `--format must be one of report, shell, lines, splits-file, regionsplitter, csv, capacity-csv, json, java, xlsx, phoenix, cbt, terraform, html, got "xml"`},
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
			assert.Equal(t, shellHead+tt.want+shellTail, out)
			assert.Empty(t, errOut)
		})
	}
}

// shellHead and shellTail open and close a --format shell script for the default target,
// 2.6: how to run it, and exit (hbase.ScriptEnd; the endings are run in
// render.TestShellScriptEnds).
const (
	shellHead = "# Run with hbase shell -n FILE or hbase shell -n < FILE, or paste it into hbase shell;\n" +
		"# it ends with exit (exit code 0, and a pasted exit leaves the shell).\n"
	shellTail = "exit\n"
)

func TestRenderTableFromSpecBase(t *testing.T) {
	base := plan.Table{Name: "spec_t", Families: []plan.Family{
		{Name: "a", TTL: 86400, Compression: "GZ"}, {Name: "b", Versions: 5}}}
	doc := render.Doc{Plan: &plan.Plan{Table: base, Split: &splits.Split{Keys: splits.KeysOf([][]byte{[]byte("5")}...)}}}
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
			assert.Equal(t, shellHead+tt.want+shellTail, out)
		})
	}
	t.Run("invalid spec value is a usage error", func(t *testing.T) {
		p := *doc.Plan
		p.Table.Families = []plan.Family{{Name: "a", Compression: "gzip"}}
		out, errOut, code := renderRun(t, render.Doc{Plan: &p}, "-F", "shell")
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
		assert.Empty(t, withoutFindings(errOut))
		var want bytes.Buffer
		require.NoError(t, render.Shell(&want, fx.doc))
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
	t.Run("a directory is bad usage and stays as it was", func(t *testing.T) {
		dir := t.TempDir()
		target := filepath.Join(dir, "out")
		require.NoError(t, os.MkdirAll(filepath.Join(target, "child"), 0o755))
		out, errOut, code := renderRun(t, fx.doc, "-F", "shell", "-o", target)
		assert.Equal(t, exitUsage, code)
		assert.Empty(t, out)
		assert.Equal(t, fmt.Sprintf("presplit: -o %q: is a directory: name a file, or - for stdout\n", target), errOut)
		assert.DirExists(t, filepath.Join(target, "child"))
		renderNoTemp(t, dir, 1)
	})
}

// renderNoTemp asserts dir holds exactly n entries and no temp file of replaceFile.
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

func TestReplaceFileFailsMidway(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "splits.txt")
	old := []byte("01\n02\n")
	require.NoError(t, os.WriteFile(file, old, 0o644))
	err := replaceFile(file, func(w io.Writer) error {
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
	require.Error(t, replaceFile(fresh, func(w io.Writer) error {
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
	assert.Empty(t, withoutFindings(errOut), "to stdout, the file name is unknown: no create line")

	file := filepath.Join(t.TempDir(), "splits.txt")
	out, errOut, code = renderRun(t, fx.doc, "-F", "splits-file", "-o", file)
	require.Equal(t, exitOK, code)
	assert.Empty(t, out)
	assert.Equal(t, "create 'ns:t1', {NAME => 'cf', VERSIONS => 1, TTL => 2592000, COMPRESSION => 'SNAPPY',"+
		" BLOOMFILTER => 'ROW', BLOCKSIZE => 65536, DATA_BLOCK_ENCODING => 'FAST_DIFF'}, MAX_FILESIZE => 10737418240,"+
		" SPLITS_FILE => '"+file+"'", strings.Join(strings.Fields(strings.ReplaceAll(withoutFindings(errOut), "\n", " ")), " "))
}

// TestRenderReadmeExamples checks that every output block of the manual's "Output formats"
// page is its golden file, byte for byte.
func TestRenderReadmeExamples(t *testing.T) {
	readme, err := os.ReadFile("docs/formats.md")
	require.NoError(t, err)
	section := string(readme)
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
			want: shellHead +
				"# warning CF003: family cf does not set versions: it gets HBase's default (1 since HBase 0.96, HBASE-8450; 3 before)\n" +
				"# warning CF008: family cf does not set bloom: it depends on the HBase version's default (ROW since 0.96)\n" +
				"create 'ns:t1',\n  {NAME => 'cf', TTL => 2592000, COMPRESSION => 'ZSTD'},\n  MAX_FILESIZE => 10737418240,\n" +
				"  SPLITS => ['3', '6', '9', 'c']\n" + shellTail},
		{name: "lines", args: []string{"--format", "lines", "--regions", "4"}, want: "4\n8\nc\n"},
		{name: "regionsplitter refuses a prefix split", args: []string{"-F", "regionsplitter"},
			err: "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned or salted keys"},
		{name: "bad compression", args: []string{"--compression", "gzip"},
			err: `presplit: --compression gzip: must be one of NONE, SNAPPY, LZ4, ZSTD, GZ, LZO, BZIP2, LZMA, BROTLI`},
		{name: "bad block size", args: []string{"--block-size", "64 KB each"}, err: `presplit: --block-size "64 KB each": must be a size like`},
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
