package render

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/splits"
)

// randomStreamDoc is a Doc whose statement lands on every side of the shell's wrapping
// rules: no keys, a few keys that fit on one line, a SPLITS option that fits its own line,
// long lists, keys with quotes, backslashes and bytes toStringBinary escapes, families and
// table settings that wrap, findings and a namespace.
func randomStreamDoc(r *rand.Rand) Doc {
	names := []string{"t1", "ns:t1", "a_much_longer_table_name_that_takes_up_columns", "ns:x-y.z"}
	d := Doc{Plan: &plan.Plan{Table: plan.Table{Name: names[r.Intn(len(names))]}}}
	for i := range 1 + r.Intn(3) {
		f := plan.Family{Name: []string{"cf", "d", "a_long_family_name"}[i]}
		if r.Intn(2) == 0 {
			f.Versions = 1 + r.Intn(5)
		}
		if r.Intn(2) == 0 {
			f.TTL = int64(r.Intn(1 << 30))
		}
		if r.Intn(3) == 0 {
			f.Compression = "SNAPPY"
		}
		d.Table.Families = append(d.Table.Families, f)
	}
	if r.Intn(2) == 0 {
		d.Table.MaxFileSize = 1 + int64(r.Intn(1<<40))
	}
	if r.Intn(3) == 0 {
		d.Table.SplitPolicy = plan.SplitPolicy{Kind: plan.PolicyPrefix, PrefixLength: 1 + r.Intn(8)}
	}
	if r.Intn(4) == 0 {
		d.Table.Durability = "ASYNC_WAL"
	}
	d.Table.CreateNamespace = d.Table.Namespace() != "" && r.Intn(2) == 0
	alphabets := []string{"0123456789abcdef", "ab'\\", "\x00\x01\xff '\"\\az"}
	alpha := alphabets[r.Intn(len(alphabets))]
	counts := []int{0, 1, 2, 3, 5, 8, 13, 40, 200}
	n := counts[r.Intn(len(counts))]
	seen := map[string]bool{}
	var keys []string
	for len(keys) < n {
		k := make([]byte, 1+r.Intn(12))
		for i := range k {
			k[i] = alpha[r.Intn(len(alpha))]
		}
		if !seen[string(k)] {
			seen[string(k)] = true
			keys = append(keys, string(k))
		}
	}
	sort.Strings(keys)
	var b splits.KeysBuilder
	owned := make([]float64, n+1)
	for i, k := range keys {
		b.Append([]byte(k))
		owned[i] = r.ExpFloat64() * math.Pow(10, float64(r.Intn(50)-25))
	}
	owned[n] = float64(r.Intn(1000))
	d.Split = &splits.Split{Spec: "test", Keys: b.Keys()}
	if r.Intn(3) > 0 {
		d.Split.Owned = splits.OwnedOf(owned...)
	}
	for range r.Intn(3) {
		d.Findings = append(d.Findings, finding.Finding{Code: "RG009", Severity: finding.Warning, Message: "a finding\nover two lines", Fix: "do \"this\""})
	}
	if r.Intn(8) == 0 {
		d.Options.SplitsFile = "/tmp/it's.txt"
	}
	return d
}

// TestStreamingMatchesOracle: the streaming shell and json renderers write exactly what the
// renderers that built the whole text first wrote (oracle_test.go), on every kind of doc.
func TestStreamingMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewSource(25))
	shapes := map[string]int{}
	for i := range 3000 {
		d := randomStreamDoc(r)
		stmt := oracleShellStatement(&quoter{format: "shell"}, d)
		switch {
		case strings.Contains(stmt, "\n  SPLITS => [\n"):
			shapes["keys wrapped"]++
		case strings.Contains(stmt, "\n  SPLITS => ['"):
			shapes["keys on a line of their own"]++
		case strings.Contains(stmt, ", SPLITS => ['"):
			shapes["one line"]++
		}
		for _, tt := range []struct {
			name      string
			got, want func(w io.Writer, d Doc) error
		}{
			{"shell", Shell, oracleShell},
			{"json", JSON, oracleJSON},
		} {
			var got, want bytes.Buffer
			gotErr, wantErr := tt.got(&got, d), tt.want(&want, d)
			require.Equal(t, wantErr, gotErr, "doc %d %s", i, tt.name)
			require.Equal(t, want.String(), got.String(), "doc %d %s", i, tt.name)
		}
		var got, want bytes.Buffer
		require.NoError(t, Statement(&got, d))
		want.WriteString(oracleShellStatement(&quoter{format: "shell"}, d))
		require.Equal(t, want.String(), got.String(), "doc %d statement", i)
	}
	for _, shape := range []string{"keys wrapped", "keys on a line of their own", "one line"} {
		assert.Greater(t, shapes[shape], 20, shape)
	}
}

// TestStreamingFailsBeforeWriting: a doc the renderers refuse gets its error before a byte
// reaches the writer (render.Streams' promise).
func TestStreamingFailsBeforeWriting(t *testing.T) {
	table := plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf"}}}
	noFamily := Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t1"}, Split: &splits.Split{Keys: splits.KeysOf([]byte("a"))}}}
	assert.Error(t, Shell(failOnWrite{t}, noFamily))
	assert.Error(t, JSON(failOnWrite{t}, noFamily))
	// json refuses an amount it cannot write before the first byte, as encoding/json did
	// (after building the whole text).
	nan := Doc{Plan: &plan.Plan{Table: table, Split: &splits.Split{Keys: splits.KeysOf([]byte("a")), Owned: splits.OwnedOf(1, math.NaN())}}}
	assert.Error(t, JSON(failOnWrite{t}, nan))
	assert.Error(t, oracleJSON(io.Discard, nan))
	// shell refuses NUMREGIONS for keys no algorithm made, before the findings' comments.
	numRegions := Doc{
		Plan: &plan.Plan{
			Table:    table,
			Split:    &splits.Split{Keys: splits.KeysOf([]byte("a"))},
			Findings: []finding.Finding{{Code: "RG009", Severity: finding.Warning, Message: "m"}},
		},
		Options: Options{NumRegions: true},
	}
	assert.Error(t, Shell(failOnWrite{t}, numRegions))
	// A value a Ruby single-quoted string cannot carry is refused before the findings'
	// comments and the keys, as when the whole text was built first.
	refused := Doc{
		Plan: &plan.Plan{
			Table:    table,
			Split:    &splits.Split{Keys: splits.KeysOf([]byte("a"))},
			Findings: []finding.Finding{{Code: "RG009", Severity: finding.Warning, Message: "m"}},
		},
		Options: Options{SplitsFile: "keys\n.txt"},
	}
	var fe *FormatError
	require.ErrorAs(t, Shell(failOnWrite{t}, refused), &fe)
	require.ErrorAs(t, oracleShell(io.Discard, refused), &fe)
	require.ErrorAs(t, Statement(failOnWrite{t}, refused), &fe)
}

// TestAppendJSONMatchesEncodingJSON: the key and amount encoders write what encoding/json
// does, on hostile strings and on floats across the exponent-form boundaries.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	strs := []string{"", `"`, `\`, `\x00`, "<&>", "a\u2028b", "\x7f", "\xff", "\t\n", "é"}
	for range 2000 {
		b := make([]byte, r.Intn(8))
		r.Read(b)
		strs = append(strs, string(b))
	}
	for _, s := range strs {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		require.NoError(t, enc.Encode(s))
		assert.Equal(t, strings.TrimSuffix(want.String(), "\n"), string(appendJSONString(nil, []byte(s))), "%q", s)
	}
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 1e-6, 9.999999e-7, 1e-7, 1e21, 9.99999e20, 1e20, 1e-300, math.MaxFloat64, math.SmallestNonzeroFloat64, 123456789, 0.1, 1.0 / 3}
	for range 5000 {
		floats = append(floats, r.NormFloat64()*math.Pow(10, float64(r.Intn(60)-30)), math.Float64frombits(r.Uint64()))
	}
	for _, f := range floats {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		want, err := json.Marshal(f)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(appendJSONFloat(nil, f)), "%v", f)
	}
}

// FuzzAppendJSON: any bytes and any float encode as encoding/json encodes them.
func FuzzAppendJSON(f *testing.F) {
	f.Add([]byte(`a"b\c`), 1e-7)
	f.Add([]byte("\x00\xff\u2028"), 1e21)
	f.Fuzz(func(t *testing.T, s []byte, x float64) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(string(s)); err != nil {
			t.Fatal(err)
		}
		if got := string(appendJSONString(nil, s)); got != strings.TrimSuffix(want.String(), "\n") {
			t.Fatalf("%q: got %s, want %s", s, got, want.String())
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		wantF, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(appendJSONFloat(nil, x)); got != string(wantF) {
			t.Fatalf("%v: got %s, want %s", x, got, wantF)
		}
	})
}
