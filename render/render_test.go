package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// rubyUnquote reads one Ruby single-quoted literal at the start of s, as Ruby does: \\ and \'
// are escapes, any other backslash is literal. It returns the value and the rest of s.
func rubyUnquote(s string) (string, string, error) {
	if !strings.HasPrefix(s, "'") {
		return "", s, fmt.Errorf("no opening quote in %q", s)
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\''):
			b.WriteByte(s[i+1])
			i++
		case c == '\'':
			return b.String(), s[i+1:], nil
		default:
			b.WriteByte(c)
		}
	}
	return "", "", fmt.Errorf("unterminated literal")
}

func TestRubyQuoteRoundTrip(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "abc", `'abc'`},
		{"quote", "it's", `'it\'s'`},
		{"toStringBinary escape stays as written", `\x01`, `'\x01'`},
		{"backslash before quote", `a\'`, `'a\\\''`},
		{"trailing backslash", `a\`, `'a\\'`},
		{"two backslashes", `\\`, `'\\\\'`},
		{"interpolation is literal", `#{x}`, `'#{x}'`},
		{"double quote", `"`, `'"'`},
		{"empty", "", `''`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := quote.RubySingle(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			back, rest, err := rubyUnquote(got)
			require.NoError(t, err)
			assert.Equal(t, tt.in, back)
			assert.Empty(t, rest)
		})
	}
}

func FuzzRubyQuote(f *testing.F) {
	for _, s := range []string{"", "'", `\`, `\'`, `\\x`, "#{", `a\`, "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := quote.RubySingle(s)
		if err != nil {
			return // a control byte or invalid UTF-8: refused, see package quote
		}
		back, rest, err := rubyUnquote(q)
		if err != nil || back != s || rest != "" {
			t.Fatalf("RubySingle(%q) = %q reads back as %q (rest %q, err %v)", s, q, back, rest, err)
		}
	})
}

func TestCheckKeys(t *testing.T) {
	tests := []struct {
		name string
		keys [][]byte
		err  string
	}{
		{name: "none"},
		{name: "ascending unsigned", keys: [][]byte{{0x01}, {0x7F}, {0x80}, {0xFF}}},
		{name: "prefix before longer", keys: [][]byte{[]byte("a"), []byte("a\x00")}},
		{name: "empty", keys: [][]byte{{}}, err: `split key 1 "": HBase rejects an empty split key`},
		{name: "duplicate", keys: [][]byte{[]byte("a"), []byte("a")}, err: `split key 2 "a": split keys must be unique`},
		{name: "signed order is wrong", keys: [][]byte{{0x80}, {0x01}}, err: `split key 2 "\\x01"`},
		// Keys of one width up to 8 bytes are compared as integers; wider ones byte-wise.
		{name: "8 bytes ascending", keys: [][]byte{[]byte("0000ffff"), []byte("00010000"), []byte("ffffffff")}},
		{name: "8 bytes, a late duplicate", keys: [][]byte{[]byte("00000001"), []byte("00000002"), []byte("00000002")},
			err: `split key 3 "00000002": split keys must be unique`},
		{name: "8 bytes, the high byte decides", keys: [][]byte{{0x80, 0, 0, 0, 0, 0, 0, 0}, {0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}},
			err: `split key 2 "\\x7F\\xFF`},
		{name: "3 bytes out of order", keys: [][]byte{[]byte("aaa"), []byte("aab"), []byte("aa\x00")}, err: `split key 3`},
		{name: "9 bytes out of order", keys: [][]byte{[]byte("000000001"), []byte("000000000")}, err: `split key 2 "000000000"`},
		{name: "9 bytes ascending", keys: [][]byte{[]byte("000000001"), []byte("000000010")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckKeys(splits.KeysOf(tt.keys...))
			if tt.err == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
		})
	}
}

// TestCheckKeysAgreesWithBytesCompare: on random lists of keys of one width (the integer
// comparison up to 8 bytes) and of mixed widths, CheckKeys names the same first bad key
// as a plain bytes.Compare walk.
func TestCheckKeysAgreesWithBytesCompare(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for round := 0; round < 3000; round++ {
		width := 1 + r.Intn(10)
		keys := make([][]byte, 1+r.Intn(20))
		for i := range keys {
			w := width
			if round%3 == 0 {
				w = r.Intn(10) // mixed widths, empty keys too
			}
			keys[i] = make([]byte, w)
			for j := range keys[i] {
				keys[i][j] = byte(r.Intn(3)) * 0x7F // 0x00, 0x7F, 0xFE: few values, many ties
			}
		}
		if round%2 == 0 {
			sort.Slice(keys, func(i, j int) bool { return bytes.Compare(keys[i], keys[j]) < 0 })
		}
		want := -1
		for i, k := range keys {
			if len(k) == 0 || i > 0 && bytes.Compare(keys[i-1], k) >= 0 {
				want = i
				break
			}
		}
		err := CheckKeys(splits.KeysOf(keys...))
		if want < 0 {
			require.NoError(t, err, "%q", keys)
			continue
		}
		var ke *KeyError
		require.ErrorAs(t, err, &ke, "%q", keys)
		require.Equal(t, want, ke.Index, "%q", keys)
	}
}

// failOnWrite fails the test on any write: a streaming renderer must refuse a Doc before
// its first byte.
type failOnWrite struct{ t *testing.T }

func (w failOnWrite) Write(p []byte) (int, error) {
	w.t.Errorf("wrote %q before failing", p)
	return len(p), nil
}

// TestStreamsFailBeforeWriting: the formats that say they stream (their output goes to
// stdout as it renders) refuse every bad Doc before writing a byte, and write the same
// bytes as into a buffer otherwise.
func TestStreamsFailBeforeWriting(t *testing.T) {
	table := plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf"}}}
	bad := map[string]Doc{
		"keys out of order": {Plan: &plan.Plan{Table: table, Split: &splits.Split{Keys: splits.KeysOf([]byte("b"), []byte("a"))}}},
		"a late duplicate": {
			Plan: &plan.Plan{
				Table: table,
				Split: &splits.Split{Keys: splits.KeysOf(
					bytes.Fields([]byte("a b c d e f g h i j j"))...)},
			},
		},
		"an empty key": {Plan: &plan.Plan{Table: table, Split: &splits.Split{Keys: splits.KeysOf([]byte("a"), nil)}}},
	}
	var streaming []string
	for _, name := range FormatNames() {
		if !Streams(name) {
			continue
		}
		streaming = append(streaming, name)
		render, _ := Format(name)
		for why, d := range bad {
			t.Run(name+"/"+why, func(t *testing.T) {
				assert.Error(t, render(failOnWrite{t}, d))
			})
		}
	}
	assert.Equal(t, []string{"shell", "lines", "splits-file", "json", "phoenix", "terraform"}, streaming)
	// phoenix and terraform check every key before the first, and their tables' settings
	// (written after the keys) too.
	pk, err := phoenix.ParsePK("k VARCHAR")
	require.NoError(t, err)
	many := make([][]byte, 0, 2001)
	for i := range 2000 {
		many = append(many, fmt.Appendf(nil, "k%05d", i))
	}
	lateBad := splits.Split{Keys: splits.KeysOf(append(many, []byte{'z', 0xC3})...)}
	lateControl := splits.Split{Keys: splits.KeysOf(append(many, []byte{'z', 1})...)}
	assert.Error(t, Terraform(failOnWrite{t}, Doc{Plan: &plan.Plan{Table: table, Split: &lateBad}}))
	assert.Error(t, Phoenix(failOnWrite{t}, Doc{Plan: &plan.Plan{Table: table, Split: &lateBad, PhoenixPK: pk}}))
	assert.Error(t, Phoenix(failOnWrite{t}, Doc{Plan: &plan.Plan{Table: table, Split: &lateControl, PhoenixPK: pk}}))
	minVersions := plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf", TTL: 86400, Versions: 3, MinVersions: 1}}}
	assert.Error(t, Terraform(failOnWrite{t}, Doc{Plan: &plan.Plan{Table: minVersions, Split: &splits.Split{Keys: splits.KeysOf(many...)}}}))
	// splits-file also refuses a table HBase would not create, and no keys at all.
	assert.Error(t, SplitsFile(failOnWrite{t}, Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t1"}, Split: &splits.Split{Keys: splits.KeysOf([]byte("a"))}}}))
	assert.Error(t, SplitsFile(failOnWrite{t}, Doc{Plan: &plan.Plan{Table: table}}))
}

// randomKeys makes n sorted unique non-empty keys of random bytes.
func randomKeys(r *rand.Rand, n, maxLen int) [][]byte {
	seen := map[string]bool{}
	var keys [][]byte
	for len(keys) < n {
		k := make([]byte, 1+r.Intn(maxLen))
		r.Read(k)
		if !seen[string(k)] {
			seen[string(k)] = true
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool { return bytes.Compare(keys[i], keys[j]) < 0 })
	return keys
}

var quotedKey = regexp.MustCompile(`'(?:[^'\\]|\\.)*'`)

// Property: every key of Shell's statement reads back (Ruby single quotes, then
// toBytesBinary) as the planned bytes, in order, and no line reaches 100 columns.
func TestShellKeysReadBack(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for round := 0; round < 200; round++ {
		keys := randomKeys(r, 1+r.Intn(60), 12)
		d := Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf"}}}, Split: &splits.Split{Keys: splits.KeysOf(keys...)}}}
		var b bytes.Buffer
		require.NoError(t, Shell(&b, d))
		out := b.String()
		require.True(t, strings.HasSuffix(out, "]\nexit\n"), "the statement, then exit (the default target, 2.6)")
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			require.Less(t, len(line), 100, "line %q", line)
		}
		i := strings.Index(out, "SPLITS => [")
		require.GreaterOrEqual(t, i, 0)
		lits := quotedKey.FindAllString(out[i:], -1)
		require.Len(t, lits, len(keys))
		for j, lit := range lits {
			s, rest, err := rubyUnquote(lit)
			require.NoError(t, err)
			require.Empty(t, rest)
			got, err := hbytes.ToBytesBinary(s)
			require.NoError(t, err)
			require.Equal(t, keys[j], got, "key %d of round %d", j, round)
		}
	}
}

func TestRenderersRejectBadKeys(t *testing.T) {
	d := Doc{
		Plan: &plan.Plan{
			Table: plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf"}}},
			Split: &splits.Split{Keys: splits.KeysOf([][]byte{[]byte("b"), []byte("a")}...)},
		},
	}
	for _, name := range FormatNames() {
		if name == "report" || name == "capacity-csv" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			render, _ := Format(name)
			var b bytes.Buffer
			err := render(&b, d)
			var ke *KeyError
			require.ErrorAs(t, err, &ke)
			assert.Empty(t, b.String(), "nothing written before the error")
		})
	}
}

func benchDoc(regions int) Doc {
	keys := make([][]byte, regions-1)
	for i := range keys {
		keys[i] = binary.BigEndian.AppendUint32(nil, uint32((i+1)*(1<<32/regions)))
	}
	return Doc{
		Plan: &plan.Plan{
			Table: plan.Table{Name: "ns:t1", MaxFileSize: 10 << 30, Families: []plan.Family{{Name: "cf", Compression: "SNAPPY"}}},
			Split: &splits.Split{Keys: splits.KeysOf(keys...), Owned: splits.OwnedOf(make([]float64, regions)...)},
		},
	}
}

func BenchmarkRender(b *testing.B) {
	for _, name := range []string{"shell", "lines", "csv", "json", "java"} {
		for _, regions := range []int{100, 10000} {
			d := benchDoc(regions)
			render, _ := Format(name)
			b.Run(fmt.Sprintf("%s/regions=%d", name, regions), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if err := render(io.Discard, d); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func TestJavaKeyLimit(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Java(&b, benchDoc(JavaMaxKeys+1)))
	assert.Equal(t, JavaMaxKeys, strings.Count(b.String(), "Bytes.toBytesBinary("))
	b.Reset()
	err := Java(&b, benchDoc(JavaMaxKeys+2))
	var fe *FormatError
	require.ErrorAs(t, err, &fe)
	assert.Contains(t, err.Error(), "5001 split keys do not fit in one Java method")
	assert.Empty(t, b.String())
}

// TestFormatRegistry: the registry says which formats carry the findings themselves and
// which write a file of keys, so the CLI asks it rather than naming formats.
func TestFormatRegistry(t *testing.T) {
	var findings, keysFile, numRegions []string
	for _, n := range FormatNames() {
		if CarriesFindings(n) {
			findings = append(findings, n)
		}
		if KeysFile(n) {
			keysFile = append(keysFile, n)
		}
		if TakesNumRegions(n) {
			numRegions = append(numRegions, n)
		}
		_, ok := Format(n)
		assert.True(t, ok, n)
	}
	assert.Equal(t, []string{"report", "json"}, findings)
	assert.Equal(t, []string{"splits-file"}, keysFile)
	assert.Equal(t, []string{"shell"}, numRegions)
	var noHeader []string
	for _, n := range FormatNames() {
		if TakesNoHeader(n) {
			noHeader = append(noHeader, n)
		}
	}
	assert.Equal(t, []string{"capacity-csv"}, noHeader)
	assert.False(t, CarriesFindings("nope"))
	_, ok := Format("nope")
	assert.False(t, ok)
}
