package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/render"
)

// hostileMarker is the file every payload tries to create (relative: each consumer runs
// in the matrix's folder). Its presence anywhere under the folder fails the test.
const hostileMarker = "pwned"

// hostilePayloads try to end the string, comment, here-document or line they are written
// into, or to be read as code, a template, a formula or a terminal command.
var hostilePayloads = []struct{ name, s string }{
	{"ruby interpolation", "#{system('touch pwned')}"},
	{"ruby breakout", "'; system('touch pwned') #"},
	{"command substitution", "$(touch pwned)"},
	{"backticks", "`touch pwned`"},
	{"terminator line", "\nPRESPLIT_ALTER\ntouch pwned\n"},
	{"terminator text", "PRESPLIT_ALTER"},
	{"carriage return", "a\rb"},
	{"esc sequence", "\x1b[31mred\x1b]0;title\x07"},
	{"nul", "a\x00b"},
	{"java unicode escape", `\u000a Runtime.getRuntime().exec("touch pwned"); //`},
	{"hcl interpolation", `${file("pwned")}`},
	{"hcl directive", "%{if true}x%{endif}"},
	{"formula", "=1+1"},
	{"invalid utf-8", "\xff\xfe"},
	{"double-quote breakout", `"; touch pwned; echo "`},
}

// hostileFormats are presplit plan's code-emitting formats, the matrix's columns.
var hostileFormats = []string{"shell", "regionsplitter", "java", "phoenix", "cbt", "terraform", "csv", "capacity-csv", "json", "report", "lines", "splits-file", "xlsx", "html"}

// hostileField is a user-controlled string and how a value reaches presplit: the args
// (and the files, a spec among them) that carry it, and what the plan must then hold.
type hostileField struct {
	name string
	// setup writes the files under dir and returns presplit plan's arguments.
	setup func(t *testing.T, dir, v string) []string
	// holds says whether the JSON form of an accepted plan holds v where it should.
	holds func(doc render.JSONDoc, v string) bool
}

// yamlQuoted is s as a YAML double-quoted scalar: " and \ escaped, C0 and DEL as \xNN,
// other bytes as they are (invalid UTF-8 stays invalid, and YAML refuses it).
func yamlQuoted(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c == 0x7F:
			fmt.Fprintf(&b, `\x%02X`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// hostileArgs are presplit plan's sizing (for the report and capacity-csv) and a Phoenix
// primary key (for phoenix), then extra.
func hostileArgs(extra ...string) []string {
	return append([]string{"--rows", "1e9", "--kv", "1KB", "--phoenix-pk", "k VARCHAR"}, extra...)
}

func writeHostileSpec(t *testing.T, dir, spec string) string {
	t.Helper()
	path := filepath.Join(dir, "spec.yaml")
	require.NoError(t, os.WriteFile(path, []byte(spec), 0o644))
	return path
}

func hasKey(doc render.JSONDoc, want []byte) bool {
	for _, k := range doc.Split.Keys {
		if b, err := hbytes.ToBytesBinary(k); err == nil && bytes.Equal(b, want) {
			return true
		}
	}
	return false
}

var hostileFields = []hostileField{
	{name: "table",
		setup: func(t *testing.T, dir, v string) []string {
			return hostileArgs("--algo", "HexStringSplit", "--regions", "4", "--table", v)
		},
		holds: func(d render.JSONDoc, v string) bool { return d.Table.Name == v }},
	{name: "namespace",
		setup: func(t *testing.T, dir, v string) []string {
			return hostileArgs("--algo", "HexStringSplit", "--regions", "4", "--table", v+":t1", "--create-namespace")
		},
		holds: func(d render.JSONDoc, v string) bool { return d.Table.Name == v+":t1" }},
	{name: "family",
		setup: func(t *testing.T, dir, v string) []string {
			return hostileArgs("--algo", "HexStringSplit", "--regions", "4", "--family", v)
		},
		holds: func(d render.JSONDoc, v string) bool {
			return len(d.Table.Families) == 1 && d.Table.Families[0].Name == v
		}},
	{name: "qualifier",
		setup: func(t *testing.T, dir, v string) []string {
			spec := "table: t1\nfamilies:\n  - {name: cf, versions: 1, qualifiers: [" + yamlQuoted(v) + "]}\nsplits: {regions: 4, algo: HexStringSplit}\n"
			return hostileArgs("-f", writeHostileSpec(t, dir, spec))
		},
		holds: func(d render.JSONDoc, v string) bool { return true }},
	{name: "part name",
		setup: func(t *testing.T, dir, v string) []string {
			spec := "table: t1\nfamilies: [{name: cf}]\nrowkey:\n  prefix: hex:1\n  parts:\n    - {name: " + yamlQuoted(v) + ", kind: id, width: 4}\nsplits: {regions: 4}\n"
			return hostileArgs("-f", writeHostileSpec(t, dir, spec))
		},
		holds: func(d render.JSONDoc, v string) bool { return true }},
	{name: "access name",
		setup: func(t *testing.T, dir, v string) []string {
			spec := "table: t1\nfamilies: [{name: cf}]\nrowkey:\n  prefix: hex:1\n  parts:\n    - {name: user_id, kind: id, width: 4}\n" +
				"access:\n  - {name: " + yamlQuoted(v) + ", kind: scan, by: [user_id]}\nsplits: {regions: 4}\n"
			return hostileArgs("-f", writeHostileSpec(t, dir, spec))
		},
		holds: func(d render.JSONDoc, v string) bool { return true }},
	{name: "delimiter",
		setup: func(t *testing.T, dir, v string) []string {
			spec := "table: t1\nfamilies: [{name: cf}]\nrowkey:\n  algo: HexStringSplit\n  delimiter: " + yamlQuoted(v) +
				"\n  parts:\n    - {name: user_id, kind: id, width: 4}\nsplits: {regions: 4}\n"
			return hostileArgs("-f", writeHostileSpec(t, dir, spec), "--split-policy", "delimited")
		},
		holds: func(d render.JSONDoc, v string) bool { return d.Table.SplitPolicy.Delimiter == v }},
	{name: "suffix",
		setup: func(t *testing.T, dir, v string) []string {
			return hostileArgs("--prefix", "hex:1", "--regions", "4", "--suffix", v)
		},
		holds: func(d render.JSONDoc, v string) bool {
			want, err := hbytes.ToBytesBinary(v)
			return err == nil && len(d.Split.Keys) > 0 && strings.HasSuffix(mustBinary(d.Split.Keys[0]), string(want))
		}},
	{name: "prefix chars",
		setup: func(t *testing.T, dir, v string) []string {
			return hostileArgs("--prefix", "chars:"+v, "--regions", "2")
		},
		holds: func(d render.JSONDoc, v string) bool { return true }},
	{name: "splits file key",
		setup: func(t *testing.T, dir, v string) []string {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "keys.txt"), []byte("a\nb"+v+"\nc\n"), 0o644))
			spec := "table: t1\nfamilies: [{name: cf}]\nsplits: {file: keys.txt}\n"
			return hostileArgs("-f", writeHostileSpec(t, dir, spec))
		},
		holds: func(d render.JSONDoc, v string) bool {
			want, err := hbytes.ToBytesBinary("b" + v)
			return err == nil && hasKey(d, want)
		}},
	{name: "splits file whole key",
		// The payload is the whole key: a cell, a literal or a line that starts with it
		// (=1+1 as the first thing in a spreadsheet cell).
		setup: func(t *testing.T, dir, v string) []string {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "keys.txt"), []byte(v+"\n"), 0o644))
			spec := "table: t1\nfamilies: [{name: cf}]\nsplits: {file: keys.txt}\n"
			return hostileArgs("-f", writeHostileSpec(t, dir, spec))
		},
		holds: func(d render.JSONDoc, v string) bool {
			want, err := hbytes.ToBytesBinary(v)
			return strings.ContainsAny(v, "\r\n") || err == nil && hasKey(d, want)
		}},
	{name: "sample key",
		setup: func(t *testing.T, dir, v string) []string {
			var b strings.Builder
			for i := 0; i < 40; i++ {
				fmt.Fprintf(&b, "k%02d\n", i)
			}
			b.WriteString("k20" + v + "\n")
			require.NoError(t, os.WriteFile(filepath.Join(dir, "sample.txt"), []byte(b.String()), 0o644))
			return hostileArgs("--sample", filepath.Join(dir, "sample.txt"), "--regions", "4")
		},
		holds: func(d render.JSONDoc, v string) bool { return true }},
	{name: "first row",
		setup: func(t *testing.T, dir, v string) []string {
			return hostileArgs("--algo", "UniformSplit", "--regions", "4", "--first-row", v, "--last-row", `\xFF\xFF`)
		},
		holds: func(d render.JSONDoc, v string) bool {
			return d.Split.Algorithm != nil && d.Split.Algorithm.FirstRow == v
		}},
	{name: "last row",
		setup: func(t *testing.T, dir, v string) []string {
			return hostileArgs("--algo", "UniformSplit", "--regions", "4", "--first-row", `\x00`, "--last-row", "\xfe"+v)
		},
		holds: func(d render.JSONDoc, v string) bool {
			return d.Split.Algorithm != nil && d.Split.Algorithm.LastRow == "\xfe"+v
		}},
}

func mustBinary(s string) string {
	b, _ := hbytes.ToBytesBinary(s)
	return string(b)
}

// hostileRun is one accepted output waiting for its consumer.
type hostileRun struct {
	name, format, out string
	doc               render.JSONDoc // the plan's JSON form: what the consumer must see
	dir               string         // the case's folder (bash runs there)
	file              string         // splits-file -o: the SPLITS_FILE written
}

func indexOf(args []string, s string) int {
	for i, a := range args {
		if a == s {
			return i
		}
	}
	return -1
}

// hostileLint runs lint on the case's spec: a refusal, or terminal text with one line per
// finding, each starting with the spec's name (no value can print a line of its own).
func hostileLint(t *testing.T, name, spec string) {
	t.Helper()
	out, errOut, code := runCLI(t, "", "lint", spec)
	if code == 2 {
		checkRefusal(t, name+"/lint", out, errOut, code)
		return
	}
	require.Contains(t, []int{0, 1}, code, "%s/lint: %s", name, errOut)
	checkTerminal(t, name+"/lint", out)
	jsonOut, _, _ := runCLI(t, "", "lint", "--format", "json", spec)
	var doc struct {
		Findings []json.RawMessage `json:"findings"`
	}
	require.NoError(t, json.Unmarshal([]byte(jsonOut), &doc), "%s/lint json", name)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(doc.Findings) > 0 {
		require.Len(t, lines, len(doc.Findings), "%s/lint: one line per finding:\n%s", name, out)
	}
	for _, l := range lines {
		require.True(t, strings.HasPrefix(l, spec+":"), "%s/lint: a line that is not a finding: %q", name, l)
	}
}

// TestHostileInputMatrix writes every user-controlled string with every payload into
// every code-emitting format and runs each accepted output through its real consumer:
// ruby with recording stand-ins for the shell script and for the alter RegionSplitter's
// here-documents feed `hbase shell`, bash with stand-in hbase and cbt, javac and java,
// HCL's parser, encoding/csv and encoding/json, LibreOffice for xlsx (recalculated) and
// golang.org/x/net/html for the html page. Nothing may run (no marker file), every
// value the consumer receives must be the plan's (and the plan's the value given), and
// every refusal is exit 2 with one terminal-safe line on stderr and nothing on stdout.
// Terminal text (the report, lines, stderr) holds no control byte but line ends.
//
// Each consumer runs once for the whole matrix (one ruby, one jruby, one javac, one java,
// one soffice run for hundreds of cases), and the consumers run side by side (the cases
// are made one after the other: presplit's runs in process take turns, runMu). Under -short each field takes a third of the payloads (a
// different third for each field, so every payload still meets five fields); CI runs the
// whole matrix (.ci/run does not pass -short).
func TestHostileInputMatrix(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	root := t.TempDir()
	m := &hostileMatrix{accepted: map[string]int{}}
	t.Run("cases", func(t *testing.T) {
		for fi, f := range hostileFields {
			t.Run(f.name, func(t *testing.T) { m.fieldCases(t, root, fi, f) })
		}
	})
	if t.Failed() {
		return
	}
	m.splitsFileNames(t, root)
	for _, format := range append(hostileFormats, "splits-file -o") {
		require.Positive(t, m.accepted[format], "no case of the matrix was accepted in format %s: the matrix checks nothing there", format)
	}
	runs := m.runs
	sort.Slice(runs, func(i, j int) bool {
		if runs[i].name != runs[j].name {
			return runs[i].name < runs[j].name
		}
		return runs[i].format < runs[j].format
	})
	t.Run("consumers", func(t *testing.T) {
		for _, c := range []struct {
			name  string
			check func(t *testing.T)
		}{
			{"go", func(t *testing.T) { hostileInProcess(t, runs) }},
			{"ruby and bash", func(t *testing.T) { hostileShells(t, root, runs) }},
			{"java", func(t *testing.T) { hostileJava(t, root, runs) }},
			{"xlsx", func(t *testing.T) { hostileXLSX(t, root, runs) }},
			{"html", func(t *testing.T) { hostileHTML(t, runs) }},
		} {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				c.check(t)
			})
		}
	})
	require.NoError(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == hostileMarker {
			t.Errorf("%s exists: a payload ran", p)
		}
		return err
	}))
	t.Logf("%d cases x %d formats: %v accepted", m.cases, len(hostileFormats), m.accepted)
}

// hostileMatrix gathers the matrix's accepted outputs from the fields' subtests.
type hostileMatrix struct {
	mu       sync.Mutex
	cases    int
	accepted map[string]int
	runs     []hostileRun
}

func (m *hostileMatrix) add(r hostileRun) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.accepted[r.format]++
	m.runs = append(m.runs, r)
}

func (m *hostileMatrix) count() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.cases++
}

// hostileShortKeeps are the cases a consumer's check names (the xlsx check reads the
// key =1+1 back as text), kept under -short too.
var hostileShortKeeps = map[string]bool{"splits file whole key/formula": true}

// hostilePayloadRun says whether the matrix writes payload pi into field fi: all of
// them, or a third under -short (and the cases a check names).
func hostilePayloadRun(fi, pi int) bool {
	if !testing.Short() || (fi+pi)%3 == 0 {
		return true
	}
	name := "splits file name"
	if fi < len(hostileFields) {
		name = hostileFields[fi].name
	}
	return hostileShortKeeps[name+"/"+hostilePayloads[pi].name]
}

// fieldCases runs presplit plan with every payload in field f, in every format.
func (m *hostileMatrix) fieldCases(t *testing.T, root string, fi int, f hostileField) {
	for pi, p := range hostilePayloads {
		if !hostilePayloadRun(fi, pi) {
			continue
		}
		m.count()
		dir := filepath.Join(root, fmt.Sprintf("c%02d-%02d", fi, pi))
		require.NoError(t, os.MkdirAll(dir, 0o755))
		args := append([]string{"plan"}, f.setup(t, dir, p.s)...)
		name := f.name + "/" + p.name
		jsonOut, jsonErr, jsonCode := runCLI(t, "", append(args, "-F", "json")...)
		var doc render.JSONDoc
		if jsonCode == 0 {
			require.NoError(t, json.Unmarshal([]byte(jsonOut), &doc), "%s: json", name)
			require.True(t, f.holds(doc, p.s), "%s: the plan does not hold the value %q:\n%s", name, p.s, jsonOut)
		} else {
			checkRefusal(t, name+"/json", jsonOut, jsonErr, jsonCode)
		}
		if i := indexOf(args, "-f"); i >= 0 {
			hostileLint(t, name, args[i+1])
		}
		for _, format := range hostileFormats {
			out, errOut, code := runCLI(t, "", append(args, "-F", format)...)
			if code != 0 {
				checkRefusal(t, name+"/"+format, out, errOut, code)
				continue
			}
			// capacity-csv holds no split, so it takes a split json refuses.
			require.True(t, jsonCode == 0 || format == "capacity-csv", "%s: %s accepted what json refused: %s", name, format, jsonErr)
			checkTerminal(t, name+"/"+format+" stderr", errOut)
			m.add(hostileRun{name: name, format: format, out: out, doc: doc, dir: dir})
		}
	}
}

// splitsFileNames: the SPLITS_FILE's own name. `-o FILE` writes the file and prints the
// create that reads it on stderr.
func (m *hostileMatrix) splitsFileNames(t *testing.T, root string) {
	for pi, p := range hostilePayloads {
		if !hostilePayloadRun(len(hostileFields), pi) {
			continue
		}
		m.count()
		dir := filepath.Join(root, fmt.Sprintf("n%02d", pi))
		require.NoError(t, os.MkdirAll(dir, 0o755))
		name := "splits file name/" + p.name
		file := filepath.Join(dir, "s"+p.s)
		args := []string{"splits", "--algo", "HexStringSplit", "--regions", "4", "-F", "splits-file", "-o", file}
		out, errOut, code := runCLI(t, "", args...)
		if code != 0 {
			checkRefusal(t, name, out, errOut, code)
			_, err := os.Lstat(file) // a name with NUL is not a path at all: an error too
			require.Error(t, err, "%s: refused but wrote %s", name, file)
			continue
		}
		checkTerminal(t, name+" stderr", errOut)
		jsonOut, _, jsonCode := runCLI(t, "", "splits", "--algo", "HexStringSplit", "--regions", "4", "-F", "json")
		require.Equal(t, 0, jsonCode)
		var doc render.JSONDoc
		require.NoError(t, json.Unmarshal([]byte(jsonOut), &doc))
		m.add(hostileRun{name: name, format: "splits-file -o", out: errOut, doc: doc, dir: dir, file: file})
	}
}

// checkRefusal: a refusal is exit 2, nothing on stdout, one line on stderr.
func checkRefusal(t *testing.T, name, out, errOut string, code int) {
	t.Helper()
	require.Equal(t, 2, code, "%s: exit %d, stderr %q", name, code, errOut)
	require.Empty(t, out, "%s: refused but wrote stdout", name)
	require.True(t, strings.HasPrefix(errOut, "presplit: ") && strings.Count(errOut, "\n") == 1 && strings.HasSuffix(errOut, "\n"),
		"%s: stderr is not one line: %q", name, errOut)
	checkTerminal(t, name+" stderr", errOut)
}

// checkTerminal: text for a terminal holds no control byte but the line feed, no DEL, no
// C1 control and no invalid UTF-8.
func checkTerminal(t *testing.T, name, s string) {
	t.Helper()
	require.True(t, utf8.ValidString(s), "%s: invalid UTF-8 in %q", name, s)
	for _, r := range s {
		if r < 0x20 && r != '\n' || r >= 0x7F && r <= 0x9F {
			t.Fatalf("%s: control character %U in %q", name, r, s)
		}
	}
}

func keysOf(t *testing.T, doc render.JSONDoc) [][]byte {
	t.Helper()
	keys := make([][]byte, len(doc.Split.Keys))
	for i, k := range doc.Split.Keys {
		b, err := hbytes.ToBytesBinary(k)
		require.NoError(t, err)
		keys[i] = b
	}
	return keys
}

// hostileInProcess checks the formats whose consumers are Go libraries: HCL, CSV, JSON,
// and the terminal text of the report and of lines and splits-file.
func hostileInProcess(t *testing.T, runs []hostileRun) {
	for _, r := range runs {
		switch r.format {
		case "terraform":
			f, diags := hclsyntax.ParseConfig([]byte(r.out), "main.tf", hcl.InitialPos)
			require.False(t, diags.HasErrors(), "%s: %s\n%s", r.name, diags, r.out)
			var table *hclsyntax.Block
			for _, b := range f.Body.(*hclsyntax.Body).Blocks {
				if b.Type == "resource" && b.Labels[0] == "google_bigtable_table" {
					table = b
				}
			}
			require.NotNil(t, table, r.name)
			name := hclValue(t, r.name, table.Body.Attributes["name"].Expr)
			require.Equal(t, r.doc.Table.Name, name.AsString(), r.name)
			var got [][]byte
			if a, ok := table.Body.Attributes["split_keys"]; ok {
				for _, v := range hclValue(t, r.name, a.Expr).AsValueSlice() {
					got = append(got, []byte(v.AsString()))
				}
			}
			requireKeys(t, r.name, keysOf(t, r.doc), got)
			var fams []string
			for _, b := range table.Body.Blocks {
				fams = append(fams, hclValue(t, r.name, b.Body.Attributes["family"].Expr).AsString())
			}
			requireFamilies(t, r.name, r.doc, fams)
		case "csv", "capacity-csv":
			checkTerminal(t, r.name+" "+r.format, r.out)
			recs, err := csv.NewReader(strings.NewReader(r.out)).ReadAll()
			require.NoError(t, err, r.name)
			if r.format == "csv" {
				var got [][]byte
				for _, rec := range recs[1 : len(recs)-1] {
					b, err := hbytes.ToBytesBinary(rec[2])
					require.NoError(t, err)
					got = append(got, b)
				}
				requireKeys(t, r.name, keysOf(t, r.doc), got)
			}
		case "json":
			var doc render.JSONDoc
			require.NoError(t, json.Unmarshal([]byte(r.out), &doc), r.name)
		case "report", "lines", "splits-file":
			checkTerminal(t, r.name+" "+r.format, r.out)
			if r.format != "report" {
				var got [][]byte
				for _, line := range strings.Split(strings.TrimSuffix(r.out, "\n"), "\n") {
					if line == "" {
						continue
					}
					b, err := hbytes.ToBytesBinary(line)
					require.NoError(t, err)
					got = append(got, b)
				}
				requireKeys(t, r.name, keysOf(t, r.doc), got)
			}
		case "phoenix":
			checkTerminal(t, r.name+" phoenix", r.out)
			checkPhoenix(t, r)
		}
	}
}

func hclValue(t *testing.T, name string, e hclsyntax.Expression) cty.Value {
	t.Helper()
	v, diags := e.Value(nil)
	require.False(t, diags.HasErrors(), "%s: %s", name, diags)
	return v
}

func requireKeys(t *testing.T, name string, want, got [][]byte) {
	t.Helper()
	require.Equal(t, len(want), len(got), "%s: keys", name)
	for i := range want {
		require.Equal(t, want[i], got[i], "%s: key %d", name, i+1)
	}
}

func requireFamilies(t *testing.T, name string, doc render.JSONDoc, got []string) {
	t.Helper()
	var want []string
	for _, f := range doc.Table.Families {
		want = append(want, f.Name)
	}
	require.Equal(t, want, got, "%s: families", name)
}

// checkPhoenix reads the CREATE TABLE as Phoenix's lexer does for what presplit writes:
// '...' literals (” and \\ escapes), "..." names, and one statement ending at the only
// ';', which is the last byte before the final newline. Every SPLIT ON literal must be a
// planned key and the family names must be the plan's.
func checkPhoenix(t *testing.T, r hostileRun) {
	t.Helper()
	s := r.out
	var lits, names []string
	semis := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\'':
			var b strings.Builder
			j := i + 1
			for ; j < len(s); j++ {
				if s[j] == '\\' && j+1 < len(s) {
					b.WriteByte(s[j+1])
					j++
					continue
				}
				if s[j] == '\'' {
					if j+1 < len(s) && s[j+1] == '\'' {
						b.WriteByte('\'')
						j++
						continue
					}
					break
				}
				b.WriteByte(s[j])
			}
			require.Less(t, j, len(s), "%s: unterminated literal", r.name)
			lits = append(lits, b.String())
			i = j
		case '"':
			j := strings.IndexByte(s[i+1:], '"')
			require.GreaterOrEqual(t, j, 0, "%s: unterminated name", r.name)
			names = append(names, s[i+1:i+1+j])
			i += j + 1
		case ';':
			semis++
			require.Equal(t, len(s)-2, i, "%s: a ';' before the statement's end", r.name)
		}
	}
	require.Equal(t, 1, semis, r.name)
	keys := keysOf(t, r.doc)
	if len(keys) > 0 && strings.Contains(s, "SPLIT ON") {
		got := make([][]byte, 0, len(keys))
		for _, l := range lits[len(lits)-len(keys):] {
			got = append(got, []byte(l))
		}
		requireKeys(t, r.name, keys, got)
	}
	for _, f := range r.doc.Table.Families {
		// A family is a quoted name ("cf".VERSIONS, "cf"."q") or DEFAULT_COLUMN_FAMILY's literal.
		require.Contains(t, append(names, lits...), f.Name, "%s: family", r.name)
	}
	require.Contains(t, names, r.doc.Table.Name[strings.LastIndexByte(r.doc.Table.Name, ':')+1:], "%s: table", r.name)
}

type rubyResult struct {
	File  string `json:"file"`
	Error string `json:"error"`
	Calls []struct {
		Cmd  string `json:"cmd"`
		Args []any  `json:"args"`
	} `json:"calls"`
}

// unhexed turns the harness's hexed values back: "x:HEX" strings into Go strings,
// {"hash": [[k, v]...]} into [][2]any.
func unhexed(t *testing.T, v any) any {
	switch v := v.(type) {
	case string:
		require.True(t, strings.HasPrefix(v, "x:"), v)
		b, err := hex.DecodeString(v[2:])
		require.NoError(t, err)
		return string(b)
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = unhexed(t, e)
		}
		return out
	case map[string]any:
		var out [][2]any
		for _, kv := range v["hash"].([]any) {
			p := kv.([]any)
			out = append(out, [2]any{unhexed(t, p[0]), unhexed(t, p[1])})
		}
		return out
	}
	return v
}

// runRubyHarness loads each script with the recording stand-ins, in dir, under ruby and
// under jruby (hbase shell is JRuby); both must record the same calls.
func runRubyHarness(t *testing.T, dir string, scripts []string) map[string]rubyResult {
	t.Helper()
	harness, err := filepath.Abs(filepath.Join("testdata", "hostile", "harness.rb"))
	require.NoError(t, err)
	var results [2]map[string]rubyResult
	for i, interp := range []string{"ruby", "jruby"} {
		path, err := exec.LookPath(interp)
		if err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is not installed but CI is set: the hostile-input matrix must run the scripts through it", interp)
			}
			t.Skipf("%s is not installed: skipping the hostile-input matrix's Ruby half (CI runs it)", interp)
		}
		cmd := exec.Command(path, append([]string{harness}, scripts...)...)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		require.NoError(t, err, "%s: %s", interp, stderr.String())
		var list []rubyResult
		require.NoError(t, json.Unmarshal(out, &list), "%s", interp)
		results[i] = map[string]rubyResult{}
		for _, r := range list {
			results[i][r.File] = r
		}
	}
	for _, file := range scripts {
		r, j := results[0][file], results[1][file]
		require.Equal(t, r.Calls, j.Calls, "%s: ruby and jruby record different calls", file)
		require.Equal(t, r.Error == "", j.Error == "", "%s: ruby error %q, jruby error %q", file, r.Error, j.Error)
	}
	return results[0]
}

// rubyView is what hbase shell's create and alter were given: the table, family names,
// CONFIGURATION entries and the split keys (SPLITS through toBytesBinary).
type rubyView struct {
	namespace string
	table     string
	families  []string
	config    map[string]string
	keys      [][]byte
	// splitsFile is SPLITS_FILE's name; its keys (File.foreach + chomp, then
	// toBytesBinary, as admin.rb reads it) are in keys.
	splitsFile string
}

func viewOf(t *testing.T, name string, r rubyResult) rubyView {
	t.Helper()
	require.Empty(t, r.Error, "%s: the script failed in Ruby", name)
	v := rubyView{config: map[string]string{}}
	for _, c := range r.Calls {
		args := unhexed(t, c.Args).([]any)
		switch c.Cmd {
		case "create_namespace":
			v.namespace = args[0].(string)
			continue
		case "create", "alter":
		case "exit": // a shell script's closing exit (status 0, else r.Error is set)
			continue
		default:
			t.Fatalf("%s: unexpected call %s", name, c.Cmd)
		}
		v.table = args[0].(string)
		for _, a := range args[1:] {
			for _, kv := range a.([][2]any) {
				k := kv[0].(string)
				switch k {
				case "NAME":
					if c.Cmd == "create" {
						v.families = append(v.families, kv[1].(string))
					}
				case "CONFIGURATION":
					for _, e := range kv[1].([][2]any) {
						v.config[e[0].(string)] = e[1].(string)
					}
				case "SPLITS_FILE":
					v.splitsFile = kv[1].(string)
					data, err := os.ReadFile(v.splitsFile)
					require.NoError(t, err, name)
					for _, line := range strings.SplitAfter(string(data), "\n") {
						if line == "" {
							continue
						}
						line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
						b, err := hbytes.ToBytesBinary(line)
						require.NoError(t, err)
						v.keys = append(v.keys, b)
					}
				case "SPLITS":
					for _, s := range kv[1].([]any) {
						b, err := hbytes.ToBytesBinary(s.(string))
						require.NoError(t, err)
						v.keys = append(v.keys, b)
					}
				}
			}
		}
	}
	return v
}

// hostileShells runs the shell scripts and the command lines through their consumers:
// bash first, for the here-documents the command lines hand hbase shell, then one ruby
// and one jruby run for every script and here-document (a JRuby start costs seconds of
// CPU), then each side's checks.
func hostileShells(t *testing.T, root string, runs []hostileRun) {
	scripts, checkScripts := hostileRuby(t, root, runs)
	heredocs, checkBash := hostileBash(t, root, runs)
	results := runRubyHarness(t, root, append(scripts, heredocs...))
	checkScripts(results)
	checkBash(results)
}

// hostileRuby writes the shell scripts, and the statement after the report, for Ruby,
// and returns them with the check of what Ruby recorded for them.
func hostileRuby(t *testing.T, root string, runs []hostileRun) ([]string, func(map[string]rubyResult)) {
	var scripts []string
	byFile := map[string]hostileRun{}
	for i, r := range runs {
		script := r.out
		switch r.format {
		case "shell":
		case "report":
			_, script, _ = strings.Cut(r.out, "\nhbase shell\n")
		case "splits-file -o":
			script = withoutFindings(r.out)
		default:
			continue
		}
		file := filepath.Join(root, fmt.Sprintf("shell%04d.rb", i))
		require.NoError(t, os.WriteFile(file, []byte(script), 0o644))
		scripts = append(scripts, file)
		byFile[file] = r
	}
	return scripts, func(results map[string]rubyResult) { hostileRubyCheck(t, scripts, byFile, results) }
}

func hostileRubyCheck(t *testing.T, scripts []string, byFile map[string]hostileRun, results map[string]rubyResult) {
	for _, file := range scripts {
		r := byFile[file]
		v := viewOf(t, r.name, results[file])
		if r.format == "splits-file -o" {
			require.Equal(t, r.file, v.splitsFile, "%s: SPLITS_FILE", r.name)
		}
		require.Equal(t, r.doc.Table.Name, v.table, r.name)
		requireFamilies(t, r.name, r.doc, v.families)
		requireKeys(t, r.name, keysOf(t, r.doc), v.keys)
		if d := r.doc.Table.SplitPolicy.Delimiter; d != "" {
			require.Contains(t, []string{v.config[plan.DelimitedDelimiterKey], v.config[plan.RestrictionDelimiterKey]}, d, r.name)
		}
	}
}

// hostileBash runs the regionsplitter and cbt command lines with bash, a stand-in hbase
// and cbt on PATH that record their arguments (NUL-separated) and the here-documents hbase
// shell reads; it returns the here-documents, for Ruby, and the check of the commands
// and of what Ruby recorded for the here-documents.
func hostileBash(t *testing.T, root string, runs []hostileRun) ([]string, func(map[string]rubyResult)) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("bash is not installed but CI is set")
		}
		t.Skip("bash is not installed")
	}
	bin := filepath.Join(root, "bin")
	require.NoError(t, os.MkdirAll(bin, 0o755))
	standIn := "#!/bin/sh\nn=$(ls \"$OUT\" | wc -l)\nif [ \"$1\" = shell ]; then cat > \"$OUT/$n.rb\"; else printf '%s\\0' \"$(basename \"$0\")\" \"$@\" > \"$OUT/$n.args\"; fi\n"
	for _, c := range []string{"hbase", "cbt"} {
		require.NoError(t, os.WriteFile(filepath.Join(bin, c), []byte(standIn), 0o755))
	}
	var driver strings.Builder
	var cases []hostileRun
	var outs []string
	for i, r := range runs {
		if r.format != "regionsplitter" && r.format != "cbt" {
			continue
		}
		out := filepath.Join(root, fmt.Sprintf("bash%04d", i))
		require.NoError(t, os.MkdirAll(out, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(out, "script.sh"), []byte(r.out), 0o644))
		fmt.Fprintf(&driver, "(cd %[1]s && OUT=%[1]s/calls && mkdir calls && export OUT && bash --norc --noprofile script.sh) || echo \"failed: %[1]s\" >&2\n", out)
		cases = append(cases, r)
		outs = append(outs, out)
	}
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", driver.String())
	cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"))
	cmd.Dir = root
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)
	require.Empty(t, string(msg), "bash")

	var heredocs []string
	for _, out := range outs {
		files, err := filepath.Glob(filepath.Join(out, "calls", "*.rb"))
		require.NoError(t, err)
		heredocs = append(heredocs, files...)
	}
	return heredocs, func(results map[string]rubyResult) { hostileBashCheck(t, cases, outs, results) }
}

func hostileBashCheck(t *testing.T, cases []hostileRun, outs []string, results map[string]rubyResult) {
	for i, r := range cases {
		entries, err := os.ReadDir(filepath.Join(outs[i], "calls"))
		require.NoError(t, err)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		sort.Strings(names)
		var argv []string
		for _, n := range names {
			p := filepath.Join(outs[i], "calls", n)
			if strings.HasSuffix(n, ".args") {
				b, err := os.ReadFile(p)
				require.NoError(t, err)
				require.Nil(t, argv, "%s: two commands", r.name)
				argv = strings.Split(strings.TrimSuffix(string(b), "\x00"), "\x00")
				continue
			}
			v := viewOf(t, r.name, results[p])
			if v.namespace != "" {
				require.Equal(t, r.doc.Table.Name, v.namespace+":t1", r.name)
				continue
			}
			require.Equal(t, r.doc.Table.Name, v.table, r.name)
			if d := r.doc.Table.SplitPolicy.Delimiter; d != "" {
				require.Contains(t, []string{v.config[plan.DelimitedDelimiterKey], v.config[plan.RestrictionDelimiterKey]}, d, r.name)
			}
		}
		require.NotNil(t, argv, "%s: no command ran", r.name)
		if r.format == "cbt" {
			require.Equal(t, []string{"cbt", "createtable", r.doc.Table.Name}, argv[:3], r.name)
			var keys [][]byte
			var fams []string
			for _, a := range argv[3:] {
				k, v, _ := strings.Cut(a, "=")
				rec, err := csv.NewReader(strings.NewReader(v)).Read()
				require.NoError(t, err, r.name)
				for _, f := range rec {
					if k == "splits" {
						keys = append(keys, []byte(f))
					} else {
						fams = append(fams, f[:strings.IndexByte(f, ':')])
					}
				}
			}
			requireKeys(t, r.name, keysOf(t, r.doc), keys)
			requireFamilies(t, r.name, r.doc, fams)
			continue
		}
		require.Equal(t, []string{"hbase", "org.apache.hadoop.hbase.util.RegionSplitter", r.doc.Table.Name}, argv[:3], r.name)
		fams := strings.Split(argv[7], ":")
		requireFamilies(t, r.name, r.doc, fams)
		for j := 8; j+1 < len(argv); j += 2 {
			want := map[string]string{"--firstrow": r.doc.Split.Algorithm.FirstRow, "--lastrow": r.doc.Split.Algorithm.LastRow}[argv[j]]
			require.Equal(t, mustBinary(want), mustBinary(argv[j+1]), "%s: %s", r.name, argv[j])
		}
	}
}

// hostileJava compiles every accepted --format java output in one javac run and runs
// them with the recording stand-ins of testdata/render/java in one java run.
func hostileJava(t *testing.T, root string, runs []hostileRun) {
	javac, err := exec.LookPath("javac")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("javac is not installed but CI is set: the hostile-input matrix must compile --format java")
		}
		t.Skip("javac is not installed")
	}
	java, err := exec.LookPath("java")
	require.NoError(t, err)
	stubs, err := filepath.Abs(filepath.Join("testdata", "render", "java"))
	require.NoError(t, err)
	main, err := filepath.Abs(filepath.Join("testdata", "hostile", "HostileMain.java"))
	require.NoError(t, err)
	sources := []string{main}
	require.NoError(t, filepath.WalkDir(stubs, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".java") && filepath.Base(p) != "Main.java" {
			sources = append(sources, p)
		}
		return err
	}))
	var classes []string
	var cases []hostileRun
	for i, r := range runs {
		if r.format != "java" {
			continue
		}
		pkg := fmt.Sprintf("h%04d", i)
		dir := filepath.Join(root, "java", pkg)
		require.NoError(t, os.MkdirAll(dir, 0o755))
		src := filepath.Join(dir, render.JavaClass+".java")
		require.NoError(t, os.WriteFile(src, []byte("package "+pkg+";\n"+r.out), 0o644))
		sources = append(sources, src)
		classes = append(classes, pkg+"."+render.JavaClass)
		cases = append(cases, r)
	}
	classDir := filepath.Join(root, "classes")
	out, err := exec.Command(javac, append([]string{"-encoding", "US-ASCII", "-d", classDir}, sources...)...).CombinedOutput()
	require.NoError(t, err, "javac: %s", out)
	cmd := exec.Command(java, append([]string{"-cp", classDir, "HostileMain"}, classes...)...)
	cmd.Dir = root
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "java: %s", out)
	blocks := strings.Split(string(out), "== ")[1:]
	require.Len(t, blocks, len(cases))
	for i, r := range cases {
		var table string
		var fams []string
		var keys [][]byte
		for _, line := range strings.Split(strings.TrimSpace(blocks[i]), "\n")[1:] {
			kind, h, _ := strings.Cut(line, " ")
			b, err := hex.DecodeString(h)
			require.NoError(t, err, "%s: %q", r.name, line)
			switch kind {
			case "table":
				table = string(b)
			case "family":
				fams = append(fams, string(b))
			case "split":
				keys = append(keys, b)
			}
		}
		require.Equal(t, r.doc.Table.Name, table, r.name)
		require.Len(t, fams, len(r.doc.Table.Families), r.name)
		for j, f := range r.doc.Table.Families {
			// The stand-in records "NAME=<name>", then " SETTING=value" per setting.
			require.True(t, fams[j] == "NAME="+f.Name || strings.HasPrefix(fams[j], "NAME="+f.Name+" "), "%s: family %q", r.name, fams[j])
		}
		requireKeys(t, r.name, keysOf(t, r.doc), keys)
	}
}

// TestHostileRegionsInputs runs presplit regions with every payload in the names of its
// input files (list_regions, --get-splits, --jmx) and in a list_regions server name:
// the shell script goes through Ruby with recording merge_region and split (nothing else
// may run, and the calls must be the ones the benign input gives), the report and csv
// must be terminal text, json must parse, and a refusal is exit 2 with one line.
func TestHostileRegionsInputs(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	root := t.TempDir()
	src := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(regionsDir, name))
		require.NoError(t, err)
		return b
	}
	type field struct {
		name  string
		setup func(dir, v string) []string // presplit regions' arguments
	}
	copyTo := func(dir, name string, data []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o644))
		return p
	}
	special := func(dir, lr, jmx, gs string) []string {
		return []string{"--list-regions", copyTo(dir, lr, src("special.txt")),
			"--jmx", copyTo(dir, jmx, src("special.rs1.json")), "--jmx", copyTo(dir, "rs2.json", src("special.rs2.json")),
			"--get-splits", copyTo(dir, gs, src("special.splits.txt")), "--prefix", "byte:256", "--max-filesize", "8g"}
	}
	fields := []field{
		{"list_regions file name", func(dir, v string) []string { return special(dir, "r"+v, "rs1.json", "gs.txt") }},
		{"jmx file name", func(dir, v string) []string { return special(dir, "lr.txt", "j"+v, "gs.txt") }},
		{"get_splits file name", func(dir, v string) []string { return special(dir, "lr.txt", "rs1.json", "g"+v) }},
		{"server name", func(dir, v string) []string {
			// The server column is 35 wide, right-aligned: keep the row's width.
			const server = "rs1.example.com,16020,1700000000000"
			lr := strings.Replace(string(src("worked.txt")), server, fmt.Sprintf("%35s", v+",16020,1"), 1)
			return []string{"--list-regions", copyTo(dir, "lr.txt", []byte(lr)), "--prefix", "hex:1"}
		}},
	}
	var scripts []string
	want := map[string]string{} // script -> the benign case's script
	accepted := map[string]int{}
	n := 0
	for _, f := range fields {
		benignDir := filepath.Join(root, "benign-"+strings.ReplaceAll(f.name, " ", "-"))
		require.NoError(t, os.MkdirAll(benignDir, 0o755))
		benign, errOut, code := runCLI(t, "", append([]string{"regions", "-F", "shell"}, f.setup(benignDir, "x")...)...)
		require.Equal(t, 0, code, errOut)
		benignFile := filepath.Join(benignDir, "script.rb")
		require.NoError(t, os.WriteFile(benignFile, []byte(benign), 0o644))
		scripts = append(scripts, benignFile)
		for _, p := range hostilePayloads {
			if strings.ContainsAny(p.s, "/\x00") {
				continue // not a file name
			}
			n++
			dir := filepath.Join(root, fmt.Sprintf("r%03d", n))
			require.NoError(t, os.MkdirAll(dir, 0o755))
			args := append([]string{"regions"}, f.setup(dir, p.s)...)
			name := f.name + "/" + p.name
			for _, format := range []string{"shell", "report", "csv", "json", "html"} {
				out, errOut, code := runCLI(t, "", append(args, "-F", format)...)
				if code != 0 {
					checkRefusal(t, name+"/"+format, out, errOut, code)
					continue
				}
				accepted[format]++
				checkTerminal(t, name+"/"+format+" stderr", errOut)
				switch format {
				case "shell":
					file := filepath.Join(dir, "script.rb")
					require.NoError(t, os.WriteFile(file, []byte(out), 0o644))
					scripts = append(scripts, file)
					want[file] = benignFile
				case "report":
					checkTerminal(t, name+"/report", out)
				case "csv":
					checkTerminal(t, name+"/csv", out)
					_, err := csv.NewReader(strings.NewReader(out)).ReadAll()
					require.NoError(t, err, name)
				case "json":
					require.True(t, json.Valid([]byte(out)), name)
				case "html":
					checkHTMLData(t, name+"/html", out)
				}
			}
		}
	}
	for _, format := range []string{"shell", "report", "csv", "json", "html"} {
		require.Positive(t, accepted[format], "no case accepted in format %s", format)
	}
	results := runRubyHarness(t, root, scripts)
	for file, benign := range want {
		got, exp := results[file], results[benign]
		require.Empty(t, got.Error, "%s: the script failed in Ruby", file)
		require.Empty(t, exp.Error, benign)
		require.NotEmpty(t, exp.Calls, benign)
		require.Equal(t, exp.Calls, got.Calls, "%s: the calls differ from the benign input's", file)
	}
	require.NoError(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == hostileMarker {
			t.Errorf("%s exists: a payload ran", p)
		}
		return err
	}))
	t.Logf("%d cases: %v accepted", n, accepted)
}

// TestHostileReproductions pins the three reported cases that the matrix generalises (a
// here-document terminator in a delimiter, a forged finding line in a qualifier, Ruby in
// a list_regions file name), with their exact outcome.
func TestHostileReproductions(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.yaml")
	require.NoError(t, os.WriteFile(spec, []byte("table: t1\nfamilies: [{name: cf, versions: 1}]\nrowkey:\n  algo: HexStringSplit\n"+
		"  delimiter: \"|\\nPRESPLIT_ALTER\\ntouch /tmp/pwned\\ncat <<'PRESPLIT_ALTER'\\n\"\n  parts: [{name: user_id, kind: id, width: 10}]\nsplits: {regions: 4}\n"), 0o644))
	refused := spec + `:5:14: rowkey delimiter "|\nPRESPLIT_ALTER\ntouch /tmp/pwned\ncat <<'PRESPLIT_ALTER'\n": a delimiter must be printable: no control bytes (0x00-0x1F, 0x7F)`

	qualSpec := filepath.Join(dir, "q.yaml")
	require.NoError(t, os.WriteFile(qualSpec, []byte("table: t1\nfamilies:\n  - {name: cf, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW, "+
		"qualifiers: [\"a\\n"+qualSpec+":1: error CF001: forged\\e[2J\"]}\nsplits: {regions: 4, algo: HexStringSplit}\n"), 0o644))

	lr := filepath.Join(dir, "r\nsystem('touch pwned') #.txt")
	data, err := os.ReadFile(filepath.Join(regionsDir, "worked.txt"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(lr, data, 0o644))

	tests := []struct {
		name    string
		args    []string
		code    int
		stderr  string // the whole stderr, when set
		outLine string // a line stdout must hold, when set
	}{
		{name: "regionsplitter here-document", args: []string{"splits", "-f", spec, "--split-policy", "delimited", "--format", "regionsplitter"},
			code: 2, stderr: "presplit: " + quoteTerminal(refused) + "\n"},
		{name: "lint of that spec", args: []string{"lint", spec}, code: 2, stderr: "presplit: " + quoteTerminal(refused) + "\n"},
		{name: "delimiter flag", args: []string{"splits", "--sample", spec, "--regions", "2", "--delimiter", "\x7f"}, code: 2,
			stderr: `presplit: --delimiter: a delimiter must be printable: no control bytes (0x00-0x1F, 0x7F) (write a key's byte as \xNN), got "\x7f"` + "\n"},
		{name: "delimiter flag without a sample", args: []string{"plan", "--rows", "1e10", "--kv", "300B", "--delimiter", "a\nb", "--format", "shell"}, code: 2,
			stderr: `presplit: --delimiter: a delimiter must be printable: no control bytes (0x00-0x1F, 0x7F) (write a key's byte as \xNN), got "a\nb"` + "\n"},
		{name: "suffix as the delimiter", args: []string{"splits", "--prefix", "hex:1", "--regions", "4", "--suffix", "\x1a|", "--split-policy", "delimited"}, code: 2,
			stderr: "presplit: --split-policy delimited: delimited needs a printable delimiter after the prefix: --delimiter (the rows' bytes after the prefix, NN|rest: |)\n"},
		{name: "regions inputs comment", args: []string{"regions", "--list-regions", lr, "--format", "shell"}, code: 0,
			outLine: `# inputs: list_regions ` + quoteTerminal(lr) + ` (100 regions)`},
		{name: "lint forged line", args: []string{"lint", qualSpec}, code: 0,
			outLine: qualSpec + `:3: warning QL001: qualifier "a\x0A` + qualSpec + `:1: error CF001: forged\x1B[2J" of family cf is ` +
				fmt.Sprint(len("a\n"+qualSpec+":1: error CF001: forged\x1b[2J")) + ` bytes: it is stored in every cell (fix: use a short qualifier (1-4 bytes) and keep the long name in the application)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			require.Equal(t, tt.code, code, errOut)
			if tt.stderr != "" {
				require.Equal(t, tt.stderr, errOut)
				require.Empty(t, out)
			}
			if tt.outLine != "" {
				require.Contains(t, strings.Split(out, "\n"), tt.outLine, out)
			}
		})
	}
}

func quoteTerminal(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7F {
			fmt.Fprintf(&b, `\x%02X`, c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// A value that reads like a field reference ({format}, {capacity.rows=7}) is data: lint
// shows a family and a qualifier so named as they are, quoted, never as a flag or a
// setting; a fix that sets the prefix to a user's alphabet with braces and a $ shows the
// whole alphabet, as a spec's value and as one shell word that bash reads back as it is.
func TestFieldRefsInValuesAreData(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "refs.yaml")
	require.NoError(t, os.WriteFile(spec, []byte(`families:
  - {name: "{format}", versions: 1, ttl: 0, compression: SNAPPY, bloom: ROW, qualifiers: ["{capacity.rows=7}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"]}
rowkey: {prefix: "chars:{}a$:2"}
capacity: {rows: 1e9, kv: 1KB}
splits: {algo: HexStringSplit, regions: 40}
`), 0o644))
	out, errOut, code := runCLI(t, "", "lint", spec)
	require.Equal(t, 1, code, errOut)
	assert.Contains(t, out, `family "{format}" has ttl 0`)
	assert.Contains(t, out, `qualifier "{capacity.rows=7}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" of family "{format}"`)
	assert.Contains(t, out, `generate the keys from rowkey.prefix: "chars:{}a$:2")`)
	// The spec's fix is YAML: the value lint printed reads back as the alphabet.
	printed := regexp.MustCompile(`rowkey\.prefix: ("(?:[^"\\]|\\.)*")`).FindStringSubmatch(out)
	require.NotNil(t, printed, out)
	var fix struct{ Prefix string }
	require.NoError(t, yaml.Unmarshal([]byte("prefix: "+printed[1]), &fix))
	assert.Equal(t, "chars:{}a$:2", fix.Prefix)
	assert.NotContains(t, out, "--format")
	assert.NotContains(t, out, "--rows")

	// A split key that spells a reference, named by lint: in toStringBinary form with the
	// brace escaped, which HBase reads back as the same key.
	dir := filepath.Dir(spec)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "keys.txt"), []byte("{format}1\n5\n"), 0o644))
	keysSpec := filepath.Join(dir, "keys.yaml")
	require.NoError(t, os.WriteFile(keysSpec, []byte("families: [{name: d, versions: 1, ttl: 7d, compression: SNAPPY, bloom: ROW}]\n"+
		"rowkey: {prefix: hex:1}\ncapacity: {rows: 1e9, kv: 1KB}\nsplits: {file: keys.txt}\n"), 0o644))
	out, errOut, _ = runCLI(t, "", "lint", keysSpec)
	assert.Contains(t, out, `\x7Bformat}1`, errOut)
	assert.NotContains(t, out, "--format")
	back, err := hbytes.ToBytesBinary(`\x7Bformat}1`)
	require.NoError(t, err)
	assert.Equal(t, []byte("{format}1"), back)

	word := flagWords(field.Set("rowkey.prefix", "chars:{}a$:2"))
	assert.Equal(t, `--prefix 'chars:{}a$:2'`, word)
	bash, err := exec.LookPath("bash")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("bash is not installed but CI is set")
		}
		t.Skip("bash is not installed")
	}
	got, err := exec.Command(bash, "-c", "printf '%s\\n' "+word).Output()
	require.NoError(t, err)
	assert.Equal(t, "--prefix\nchars:{}a$:2\n", string(got))
}

// JSON keeps the bytes of a name that is not UTF-8 as the report shows them (\xFF), where
// encoding/json made them U+FFFD: a list_regions file name, and a sample's in plan's notes.
func TestJSONInvalidUTF8Names(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "regions", "hexstring.txt"))
	require.NoError(t, err)
	lr := filepath.Join(t.TempDir(), "lr\xff.txt")
	require.NoError(t, os.WriteFile(lr, src, 0o644))
	out, errOut, code := runCLI(t, "", "regions", "--list-regions", lr, "-F", "json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `lr\\xFF.txt (16 regions)`)
	assert.NotContains(t, out, "\ufffd")
	out, errOut, code = runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "--sample", lr, "--regions", "2", "--format", "json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `lr\\xFF.txt: read as lines`)
	assert.NotContains(t, out, "\ufffd")
}

// The report shows a suffix as toStringBinary text, as it shows the keys: é is "\xE9", not
// Go's "\\xE9" (a backslash, then \xE9, to a reader of toStringBinary).
func TestReportSuffixText(t *testing.T) {
	out, errOut, code := runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "--regions", "4", "--prefix", "hex:1", "--suffix", "é")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `each key the last prefix of its region + "\xE9"`+"\n")
}

// A bidirectional override in a family name or a SPLITS_FILE name is refused for the
// statement (exit 2, nothing written): shown in a terminal, the statement would read
// reordered.
func TestStatementRefusesBidi(t *testing.T) {
	_, errOut, code := runCLI(t, "", "splits", "--regions", "2", "--prefix", "hex:1", "--family", "cf\u202eabc", "--format", "shell")
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "presplit: --format shell: family \"cf\\xE2\\x80\\xAEabc\": a Ruby single-quoted string cannot carry the invisible format character U+202E, which a terminal shows reordered or not at all\n", errOut)
	out := filepath.Join(t.TempDir(), "k\u202etxt.sfs")
	_, errOut, code = runCLI(t, "", "splits", "--regions", "2", "--prefix", "hex:1", "--format", "splits-file", "-o", out)
	assert.Equal(t, exitUsage, code, errOut)
	assert.NoFileExists(t, out)
}
