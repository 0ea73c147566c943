package distribution

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
	"github.com/stretchr/testify/require"
)

// The writers copy a key as it is when every key needs no escape or quote, and keep a
// count's text once made; these cases hold each such path to the oracles of
// render_stream_test.go (text/tabwriter, encoding/csv, encoding/json over Regions()),
// on keys that take each path and keys one byte away from it.

// fastPathCase is a family of random distributions: split keys drawn from alphabet (and,
// when lead is set, every key starting with it), counts up to scale.
type fastPathCase struct {
	name     string
	alphabet string
	lead     string // a first byte every key has, "" for none
	maxLen   int
	scale    int64 // counts are below it; 0 makes every count 0
	// odd is appended to one key (a byte of it not in alphabet), "" for none. The writers
	// do not need the keys sorted, nor do their oracles.
	odd string
}

var fastPathCases = []fastPathCase{
	{name: "hex keys", alphabet: "0123456789abcdef", maxLen: 8, scale: 40},
	{name: "user ids", alphabet: "user-0123456789", lead: "u", maxLen: 14, scale: 1000},
	{name: "every count zero", alphabet: "0123456789", maxLen: 6},
	{name: "huge counts", alphabet: "0123456789", maxLen: 6, scale: 1 << 50},
	{name: "counts past the kept texts", alphabet: "abc", maxLen: 10, scale: 3 * maxCountTexts},
	{name: "commas and quotes (table plain, CSV quoted, JSON escaped)", alphabet: "ab,\"", maxLen: 9, scale: 20},
	{name: "HTML characters (JSON escaped)", alphabet: "a<>&", maxLen: 9, scale: 20},
	{name: "formula leads (CSV escaped)", alphabet: "ab=+-@", lead: "=", maxLen: 8, scale: 20},
	{name: "spaces (CSV quotes a leading one)", alphabet: "a b", lead: " ", maxLen: 11, scale: 20},
	{name: "one key with an escape", alphabet: "0123456789", maxLen: 6, scale: 20, odd: "5\x00"},
	{name: "one key with a backslash", alphabet: "0123456789", maxLen: 6, scale: 20, odd: "5\\"},
	{name: "one key with a comma", alphabet: "0123456789", maxLen: 6, scale: 20, odd: "5,"},
	{name: "one key with a formula lead", alphabet: "0123456789", maxLen: 6, scale: 20, odd: "-5"},
	{name: "one key with a quote", alphabet: "0123456789", maxLen: 6, scale: 20, odd: "5\""},
	{name: "long keys (wider than a run of spaces)", alphabet: "xyz", maxLen: 300, scale: 9},
	{name: "binary keys", alphabet: "a\x00\xFF\x7F\\", maxLen: 8, scale: 20},
}

// distribution is a random distribution of the case's family with up to maxRegions regions.
func (c fastPathCase) distribution(rng *rand.Rand, maxRegions int) Distribution {
	return c.regions(rng, rng.IntN(maxRegions))
}

// regions is a random distribution of the case's family with n+1 regions.
func (c fastPathCase) regions(rng *rand.Rand, n int) Distribution {
	keys := randomSplits(rng, n, c.maxLen, []byte(c.alphabet))
	if c.lead != "" {
		for i, k := range keys {
			keys[i] = append([]byte(c.lead), k...)
		}
	}
	if c.odd != "" && len(keys) > 0 {
		at := rng.IntN(len(keys))
		keys[at] = append(bytes.Clone(keys[at]), c.odd...)
	}
	counts := make([]int64, len(keys)+1)
	for i := range counts {
		if c.scale > 0 {
			counts[i] = rng.Int64N(c.scale)
		}
	}
	return Distribution{Splits: keysValue(keys), Counts: counts}
}

func TestWritersFastPathsMatchOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 30))
	for _, c := range fastPathCases {
		t.Run(c.name, func(t *testing.T) {
			for i := range 30 {
				maxRegions := 40
				if i%10 == 0 {
					maxRegions = 6000
				}
				d := c.distribution(rng, maxRegions)
				requireWritersMatchOracle(t, d, fmt.Sprintf("case %d: %d regions", i, len(d.Counts)))
			}
		})
	}
}

// TestWritersFastPathsInChunks: chunks of a few regions each, formatted on several
// goroutines, each starting from its first row's region number and keys.
func TestWritersFastPathsInChunks(t *testing.T) {
	defer func(was int) { rowChunkBytes = was }(rowChunkBytes)
	rowChunkBytes = 4 << 10
	rng := rand.New(rand.NewPCG(6, 60))
	for _, c := range fastPathCases {
		t.Run(c.name, func(t *testing.T) {
			d := c.regions(rng, 3000)
			requireWritersMatchOracle(t, d, c.name)
			var csv bytes.Buffer
			require.NoError(t, WriteCSV(&csv, d))
			require.Greater(t, csv.Len(), 8*rowChunkBytes, "too few chunks to test")
		})
	}
}

// TestWritersEdgeDistributions: one region, no key in it or every key; a million keys in
// a region; the largest region first, last and tied.
func TestWritersEdgeDistributions(t *testing.T) {
	tests := []struct {
		name   string
		splits []string
		counts []int64
	}{
		{"one empty region", nil, []int64{0}},
		{"one region", nil, []int64{12}},
		{"one huge region", nil, []int64{math.MaxInt64}},
		{"two regions, one huge", []string{"m"}, []int64{1, 1 << 62}},
		{"largest first", []string{"b", "c"}, []int64{9, 1, 1}},
		{"largest last", []string{"b", "c"}, []int64{1, 1, 9}},
		{"tied", []string{"b", "c"}, []int64{9, 1, 9}},
		{"no keys", []string{"b", "c"}, []int64{0, 0, 0}},
		{"keys made of spaces", []string{" ", "  "}, []int64{0, 1, 2}},
		{"a key that is an escape", []string{"\\x00", "\x00"}, []int64{3, 0, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			keys := make([][]byte, len(tt.splits))
			for i, s := range tt.splits {
				keys[i] = []byte(s)
			}
			sorted := splits.KeysOf(keys...)
			requireWritersMatchOracle(t, Distribution{Splits: sorted, Counts: tt.counts}, tt.name)
		})
	}
}

func requireWritersMatchOracle(t *testing.T, d Distribution, name string) {
	t.Helper()
	for _, width := range []int{0, 1, 60, 200} {
		var got, want bytes.Buffer
		require.NoError(t, WriteTable(&got, d, width))
		require.NoError(t, oracleWriteTable(&want, d, width))
		require.Equal(t, want.String(), got.String(), "%s: table width %d", name, width)
	}
	var got, want bytes.Buffer
	require.NoError(t, WriteCSV(&got, d))
	require.NoError(t, oracleWriteCSVKeys(&want, d))
	require.Equal(t, want.String(), got.String(), "%s: csv", name)
	got.Reset()
	want.Reset()
	require.NoError(t, WriteJSON(&got, d))
	require.NoError(t, oracleWriteJSON(&want, d))
	require.Equal(t, want.String(), got.String(), "%s: json", name)
}

// oracleWriteCSVKeys is oracleWriteCSV with each key a CSV cell no spreadsheet runs
// (quote.CSVKey), as WriteCSV writes it: oracleWriteCSV's keys never start a formula.
func oracleWriteCSVKeys(w io.Writer, d Distribution) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"region", "start_key", "end_key", "keys", "share"})
	for _, r := range d.Regions() {
		cw.Write([]string{strconv.Itoa(r.Index), quote.CSVKey(r.StartKey), quote.CSVKey(r.EndKey),
			strconv.FormatInt(r.Keys, 10), strconv.FormatFloat(r.Share, 'f', -1, 64)})
	}
	cw.Flush()
	return cw.Error()
}

// oracleKeyTexts is scanKeyTexts the long way: each key's text made and quoted.
func oracleKeyTexts(keys splits.Keys) keyTexts {
	kt := keyTexts{plain: true, csv: true, json: true}
	for _, k := range keys.All() {
		text := hbytes.AppendStringBinary(nil, k)
		kt.width = max(kt.width, len(hbytes.AppendKeyText(nil, k)))
		kt.edges = kt.edges || len(k) > 0 && (k[0] == ' ' || k[len(k)-1] == ' ')
		plain := bytes.Equal(text, k)
		kt.plain = kt.plain && plain
		kt.csv = kt.csv && plain && bytes.Equal(quote.AppendCSVKey(nil, text), text)
		kt.json = kt.json && plain && string(quote.AppendJSONString(nil, text)) == `"`+string(text)+`"`
	}
	return kt
}

func TestScanKeyTexts(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 80))
	for _, c := range fastPathCases {
		for i := range 20 {
			d := c.distribution(rng, 50)
			require.Equal(t, oracleKeyTexts(d.Splits), scanKeyTexts(d.Splits), "%s case %d", c.name, i)
		}
		// Enough keys to be scanned in parts, the odd one in one of them: the keys of a
		// distribution over and over (scanKeyTexts does not need them sorted or unique).
		plain := c
		plain.odd = ""
		few := plain.distribution(rng, 500).Splits.Slices()
		if len(few) == 0 {
			continue
		}
		many := make([][]byte, 3*partFrom)
		for i := range many {
			many[i] = few[i%len(few)]
		}
		if c.odd != "" {
			at := rng.IntN(len(many))
			many[at] = append(bytes.Clone(many[at]), c.odd...)
		}
		keys := splits.KeysOf(many...)
		require.Equal(t, oracleKeyTexts(keys), scanKeyTexts(keys), "%s in parts", c.name)
		// A plain part's keys are looked at again only for their first byte: a formula's
		// lead or a space there, not inside.
		for _, lead := range []string{"=", "+", "-", "@", " ", "\t"} {
			led := slices.Clone(many)
			at := rng.IntN(len(led))
			led[at] = append([]byte(lead), led[at]...)
			keys := splits.KeysOf(led...)
			require.Equal(t, oracleKeyTexts(keys), scanKeyTexts(keys), "%s in parts, %q first", c.name, lead)
		}
	}
	for b := range 256 { // each byte alone, first and after another
		for _, k := range []string{string([]byte{byte(b)}), "a" + string([]byte{byte(b)})} {
			keys := splits.KeysOf([]byte(k))
			require.Equal(t, oracleKeyTexts(keys), scanKeyTexts(keys), "%q", k)
		}
	}
}

// oracleSummarize is Summarize one count at a time, as it was before the parts.
func oracleSummarize(counts []int64) Summary {
	s := Summary{Regions: len(counts)}
	if len(counts) == 0 {
		return s
	}
	s.Largest = 1
	for i, c := range counts {
		s.Keys += c
		if c > s.LargestKeys {
			s.Largest, s.LargestKeys = i+1, c
		}
		if c == 0 {
			s.Empty++
		}
	}
	s.derive(counts) // the integer pass above is what is compared
	return s
}

// TestSummarizeInParts: counts long enough to be summed in parts (on 8 of them too) give
// the summary of one count at a time exactly, the first of tied largest regions included.
func TestSummarizeInParts(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	rng := rand.New(rand.NewPCG(4, 40))
	n := 9 * partFrom
	for i := range 12 {
		counts := make([]int64, n)
		scale := []int64{1, 2, 17, 1 << 40}[i%4]
		for j := range counts {
			counts[j] = rng.Int64N(scale)
		}
		if i%3 == 0 { // the largest in every part, tied
			for part := range 8 {
				counts[part*n/8+rng.IntN(n/8)] = scale
			}
		}
		require.Equal(t, oracleSummarize(counts), Summarize(counts), "case %d", i)
	}
	require.Equal(t, oracleSummarize(make([]int64, n)), Summarize(make([]int64, n)))
}

// millionRegions is a split of a million variable-length keys with random counts summing
// to about 16 million, as verify reports for a cut of a large key sample.
func millionRegions() Distribution {
	rng := rand.New(rand.NewPCG(1, 1))
	const n = 1_000_000
	var b splits.KeysBuilder
	key := make([]byte, 0, 16)
	for i := range n - 1 {
		// Increasing decimal keys of 6 to 8 digits, trimmed of trailing zeros as a cut is.
		key = fmt.Appendf(key[:0], "%08d", (i+1)*99)
		key = bytes.TrimRight(key, "0")
		b.Append(key)
	}
	counts := make([]int64, n)
	for i := range counts {
		counts[i] = 8 + rng.Int64N(17)
	}
	return Distribution{Splits: b.Keys(), Counts: counts}
}

// BenchmarkWriteMillion: verify's reports of a million regions, into io.Discard and into a
// file (the table as a terminal 160 columns wide shows it too).
func BenchmarkWriteMillion(b *testing.B) {
	d := millionRegions()
	writers := []struct {
		name  string
		write func(io.Writer) error
	}{
		{"table", func(w io.Writer) error { return WriteTable(w, d, 0) }},
		{"table-bars", func(w io.Writer) error { return WriteTable(w, d, 160) }},
		{"csv", func(w io.Writer) error { return WriteCSV(w, d) }},
		{"json", func(w io.Writer) error { return WriteJSON(w, d) }},
	}
	for _, wr := range writers {
		b.Run(wr.name+"/discard", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := wr.write(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(wr.name+"/file", func(b *testing.B) {
			f, err := os.Create(b.TempDir() + "/out")
			if err != nil {
				b.Fatal(err)
			}
			defer func() {
				if err := f.Close(); err != nil {
					b.Error(err)
				}
			}()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := f.Seek(0, io.SeekStart); err != nil {
					b.Fatal(err)
				}
				if err := wr.write(f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The benchmark's keys are what the fast paths take.
func TestMillionRegionsArePlain(t *testing.T) {
	if testing.Short() {
		t.Skip("a million keys")
	}
	kt := scanKeyTexts(millionRegions().Splits)
	require.Equal(t, keyTexts{width: 8, plain: true, csv: true, json: true}, kt)
}

// countTexts keeps a count's text up to its bounds (the counts, the bytes), and gives
// every count its text either way.
func TestCountTexts(t *testing.T) {
	text := func(dst []byte, c int64) []byte {
		return append(strconv.AppendInt(dst, c, 10), strings.Repeat("-", int(c%1000))...)
	}
	for _, largest := range []int64{-1, 0, 5, maxCountTexts + 10} {
		tails := newCountTexts(largest, text)
		var got []byte
		for c := range largest + 2 {
			for range 2 { // made, then kept
				got = tails.append(got[:0], c)
				require.Equal(t, string(text(nil, c)), string(got), "largest %d count %d", largest, c)
			}
		}
		require.LessOrEqual(t, tails.size, maxCountTextBytes+1000+20)
		require.LessOrEqual(t, len(tails.texts), maxCountTexts)
	}
}

// BenchmarkScanKeyTexts: the pass over a million split keys' bytes the writers make
// before their first row.
func BenchmarkScanKeyTexts(b *testing.B) {
	keys := millionRegions().Splits
	for b.Loop() {
		scanKeyTexts(keys)
	}
}

// maxWriteWriter keeps what is written and the largest single write.
type maxWriteWriter struct {
	bytes.Buffer
	largest int
}

func (w *maxWriteWriter) Write(p []byte) (int, error) {
	w.largest = max(w.largest, len(p))
	return w.Buffer.Write(p)
}

// TestWritersOneCoreInChunks: on one core the writers format a chunk and write it, in
// turn, rather than all the rows as one text (a million regions' table was 100 MB held
// whole, its JSON 300 MB), and write what the oracles do.
func TestWritersOneCoreInChunks(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer func(was int) { rowChunkBytes = was }(rowChunkBytes)
	rowChunkBytes = 4 << 10
	rng := rand.New(rand.NewPCG(6, 61))
	for _, c := range fastPathCases {
		d := c.regions(rng, 3000)
		requireWritersMatchOracle(t, d, c.name+" (one core)")
		writers := map[string]func(io.Writer) error{
			"table":      func(w io.Writer) error { return WriteTable(w, d, 0) },
			"table-bars": func(w io.Writer) error { return WriteTable(w, d, 200) },
			"csv":        func(w io.Writer) error { return WriteCSV(w, d) },
			"json":       func(w io.Writer) error { return WriteJSON(w, d) },
		}
		for name, write := range writers {
			var w maxWriteWriter
			require.NoError(t, write(&w), "%s %s", c.name, name)
			require.Greater(t, w.Len(), 8*rowChunkBytes, "%s %s: too few chunks to test", c.name, name)
			require.LessOrEqual(t, w.largest, rowChunkBytes, "%s %s: a write of more than a chunk", c.name, name)
			for _, after := range []int{0, 1, 3} {
				require.ErrorIs(t, write(&failingWriter{after: after}), errWriteFailed, "%s %s", c.name, name)
			}
		}
	}
}

// spanFlags is the OR of every byte's flags, whatever the span's length and where its
// flagged bytes are.
func TestSpanFlags(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 70))
	for range 2000 {
		span := make([]byte, rng.IntN(40))
		for i := range span {
			span[i] = "0123456789user-"[rng.IntN(15)]
		}
		if len(span) > 0 && rng.IntN(2) == 0 {
			span[rng.IntN(len(span))] = byte(rng.IntN(256))
		}
		want := uint8(0)
		for _, c := range span {
			want |= byteFlags[c]
		}
		require.Equal(t, want, spanFlags(span), "%q", span)
	}
}
