package distribution

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/presplit/presplit/hbytes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// expectCounts is the independent computation: decode each line with HBase's toBytesBinary
// and place it with sort.Search.
func expectCounts(t *testing.T, splits [][]byte, lines []string, raw bool) []int64 {
	t.Helper()
	counts := make([]int64, len(splits)+1)
	for _, l := range lines {
		key := []byte(l)
		if !raw {
			var err error
			key, err = hbytes.ToBytesBinary(l)
			require.NoError(t, err)
		}
		counts[searchRegion(splits, key)]++
	}
	return counts
}

// keyFile is an open file holding content, the way verify passes --keys to Count: a
// regular *os.File, which Count maps.
func keyFile(t testing.TB, content string) *os.File {
	t.Helper()
	path := filepath.Join(t.TempDir(), "keys.txt")
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	f, err := os.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { _ = f.Close() }) // read only
	return f
}

func keys(ss ...string) [][]byte {
	out := make([][]byte, len(ss))
	for i, s := range ss {
		out[i] = []byte(s)
	}
	return out
}

func TestCount(t *testing.T) {
	splits := keys("10", "20", "30")
	tests := []struct {
		name    string
		input   string
		raw     bool
		want    []int64
		keys    int64
		errLine int64
		err     error
	}{
		{name: "0-byte file", input: "", want: []int64{0, 0, 0, 0}},
		{name: "one line", input: "15\n", want: []int64{0, 1, 0, 0}, keys: 1},
		{name: "split key starts its region", input: "10\n20\n30\n", want: []int64{0, 1, 1, 1}, keys: 3},
		{name: "no final newline", input: "05\n25", want: []int64{1, 0, 1, 0}, keys: 2},
		{name: "CRLF", input: "05\r\n25\r\n35\r\n", want: []int64{1, 0, 1, 1}, keys: 3},
		{name: "CRLF no final newline", input: "05\r\n25\r", want: []int64{1, 0, 1, 0}, keys: 2},
		{name: "empty lines are empty keys in region 0", input: "\n\n35\n\r\n", want: []int64{3, 0, 0, 1}, keys: 4},
		{name: "just a newline", input: "\n", want: []int64{1, 0, 0, 0}, keys: 1},
		{name: "escapes", input: `\x31\x35` + "\n" + `\xFF` + "\n" + `\x00` + "\n", want: []int64{1, 1, 0, 1}, keys: 3},
		{name: "invalid escape", input: "05\n15\n1\\xab\n", errLine: 3, err: hbytes.ErrInvalidEscape},
		{name: "truncated escape on last line", input: "05\n\\x3", errLine: 2, err: hbytes.ErrTruncatedEscape},
		{name: "non-ASCII", input: "\xC3\xA9\n", errLine: 1, err: hbytes.ErrNonASCII},
		{name: "raw bytes", input: "1\\xab\n\xFF\n\x00\n", raw: true, want: []int64{1, 1, 0, 1}, keys: 3}, // 1\xab sorts after 10
		{name: "raw CRLF", input: "15\r\n", raw: true, want: []int64{0, 1, 0, 0}, keys: 1},
		{name: "raw too long", input: "a\n" + strings.Repeat("x", MaxRowLength+1), raw: true, errLine: 2, err: hbytes.ErrKeyTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc, err := NewLocator(splits)
			require.NoError(t, err)
			for _, src := range []struct {
				name    string
				workers int
				r       io.Reader
			}{
				{"stream/1", 1, strings.NewReader(tt.input)},
				{"stream/3", 3, strings.NewReader(tt.input)},
				{"file/1", 1, keyFile(t, tt.input)},
				{"file/3", 3, keyFile(t, tt.input)},
			} {
				res, err := Count(src.r, loc, Options{Raw: tt.raw, Workers: src.workers})
				if tt.err != nil {
					var le *hbytes.LineError
					require.ErrorAs(t, err, &le)
					assert.Equal(t, tt.errLine, le.Line)
					assert.ErrorIs(t, err, tt.err)
					continue
				}
				require.NoError(t, err)
				assert.Equal(t, tt.want, res.Counts)
				assert.Equal(t, tt.keys, res.Keys)
				assert.Equal(t, int64(len(tt.input)), res.Bytes)
			}
		})
	}
}

// A large random sample read in small chunks, through a reader that returns one byte at a
// time now and then, matches sort.Search key by key.
func TestCountLargeSampleMatchesSortSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	splits := randomSplits(rng, 999, 3, []byte("0123456789abcdef\x00\xFF\\"))
	loc, err := NewLocator(splits)
	require.NoError(t, err)
	var lines []string
	var buf bytes.Buffer
	for i := range 60000 {
		k := randomKey(rng, rng.IntN(12), []byte("0123456789abcdef\x00\xFF\\\r"))
		if i%7 == 0 {
			k = append(append([]byte{}, splits[rng.IntN(len(splits))]...), k...)
		}
		lines = append(lines, string(k))
		buf.WriteString(hbytes.ToStringBinary(k))
		if i%5 == 0 {
			buf.WriteString("\r")
		}
		buf.WriteString("\n")
	}
	want := expectCounts(t, splits, lines, true) // lines hold the raw keys
	for _, workers := range []int{1, 2, 5, -1, -2} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			var r io.Reader = bytes.NewReader(buf.Bytes())
			if workers == 2 {
				r = iotest.HalfReader(r)
			}
			if workers < 0 { // a mapped file, in page-sized chunks
				workers = -workers
				r = keyFile(t, buf.String())
			}
			var progressed int64
			res, err := Count(r, loc, Options{Workers: workers, ChunkSize: 1,
				Progress: func(b, k int64) { progressed = b }})
			require.NoError(t, err)
			assertCounts(t, want, res.Counts)
			assert.Equal(t, int64(len(lines)), res.Keys)
			assert.Equal(t, int64(buf.Len()), progressed)
		})
	}
}

// The line number of an error counts every line before it, across chunks and workers.
func TestCountErrorLineAcrossChunks(t *testing.T) {
	loc, err := NewLocator(keys("5"))
	require.NoError(t, err)
	var buf bytes.Buffer
	for i := range 100000 {
		if i == 77777 || i == 90000 {
			buf.WriteString("bad\\x\n")
			continue
		}
		fmt.Fprintf(&buf, "%08d\n", i)
	}
	for _, workers := range []int{1, 4} {
		for _, r := range []io.Reader{bytes.NewReader(buf.Bytes()), keyFile(t, buf.String())} {
			_, err := Count(r, loc, Options{Workers: workers, ChunkSize: 1})
			var le *hbytes.LineError
			require.ErrorAs(t, err, &le)
			assert.Equal(t, int64(77778), le.Line)
		}
	}
}

func TestCountLineLongerThanAnyKey(t *testing.T) {
	loc, err := NewLocator(keys("5"))
	require.NoError(t, err)
	in := "1\n2\n" + strings.Repeat("y", 3*maxLine) + "\n3\n"
	// In a mapped file, page-sized chunks start inside the long line: none of them may hide
	// the error or change its line.
	for _, r := range []io.Reader{strings.NewReader(in), keyFile(t, in)} {
		_, err = Count(r, loc, Options{ChunkSize: 1, Workers: 3})
		var le *hbytes.LineError
		require.ErrorAs(t, err, &le)
		assert.Equal(t, int64(3), le.Line)
		assert.ErrorIs(t, err, hbytes.ErrKeyTooLong)
		// Not measured to its end, in a file as in a stream: the line is looked at no
		// further than the longest valid key's text (see TestCountLongLineBounded).
		assert.Contains(t, err.Error(), fmt.Sprintf("key is more than %d bytes long", MaxRowLength))
	}
	// A line too long but within that bound is measured: its key's exact length.
	for _, c := range []struct {
		line string
		want int
	}{
		{strings.Repeat("y", MaxRowLength+1), MaxRowLength + 1},
		{strings.Repeat(`\x41`, 16383) + strings.Repeat("z", MaxRowLength), 16383 + MaxRowLength},
	} {
		in := "1\n" + c.line + "\n3\n"
		for _, r := range []io.Reader{strings.NewReader(in), keyFile(t, in)} {
			_, err = Count(r, loc, Options{ChunkSize: 1, Workers: 3})
			assert.ErrorIs(t, err, hbytes.ErrKeyTooLong)
			assert.Contains(t, err.Error(), fmt.Sprintf("key is %d bytes long", c.want))
		}
	}
}

// Mostly plain text, the fast path, with the lines it must not get wrong scattered through
// it: escapes and non-ASCII bytes (whole blocks then take the slow path), CRLF, empty and
// short keys, \x0B after a newline (a false match for word-at-a-time \n search), and a
// valid key line longer than a block.
func TestCountPlainSampleMatchesSortSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	splits := append(scriptSplits(300), randomSplits(rng, 200, 5, []byte("0123456789abcdef\x0b\r"))...)
	slices.SortFunc(splits, bytes.Compare)
	splits = slices.CompactFunc(splits, bytes.Equal)
	loc, err := NewLocator(splits)
	require.NoError(t, err)
	var text []string
	var buf bytes.Buffer
	for i := range 150000 {
		line := string(randomKey(rng, rng.IntN(40), []byte("0123456789abcdef\x0b")))
		switch {
		case i == 1000:
			line = strings.Repeat(`\x41`, MaxRowLength) // 131068 bytes, the longest key
		case i == 2000:
			line = strings.Repeat("z", MaxRowLength)
		case i%40000 == 7:
			line += `\x00\xFF\`
		case i%3 == 0:
			line = line[:min(len(line), rng.IntN(4))]
		}
		text = append(text, line)
		buf.WriteString(line)
		if i%11 == 0 {
			buf.WriteString("\r")
		}
		if i < 149999 || rng.IntN(2) == 0 {
			buf.WriteString("\n")
		}
	}
	want := expectCounts(t, splits, text, false)
	for _, workers := range []int{1, 2} {
		for _, chunk := range []int{0, 1} {
			t.Run(fmt.Sprintf("workers=%d/chunk=%d", workers, chunk), func(t *testing.T) {
				for _, r := range []io.Reader{bytes.NewReader(buf.Bytes()), keyFile(t, buf.String())} {
					res, err := Count(r, loc, Options{Workers: workers, ChunkSize: chunk})
					require.NoError(t, err)
					assertCounts(t, want, res.Counts)
					assert.Equal(t, int64(len(text)), res.Keys)
					assert.Equal(t, int64(buf.Len()), res.Bytes)
				}
			})
		}
	}
	// A key over the limit in a plain block is still an error, on its own line.
	bad := buf.String()[:1000] + "\n" + strings.Repeat("z", MaxRowLength+1) + "\n"
	_, err = Count(keyFile(t, bad), loc, Options{})
	var le *hbytes.LineError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, int64(strings.Count(bad, "\n")), le.Line)
	assert.ErrorIs(t, err, hbytes.ErrKeyTooLong)
}

// Count reads a file from where its offset is, like any reader, and leaves it at the end.
func TestCountFileFromOffset(t *testing.T) {
	loc, err := NewLocator(keys("5"))
	require.NoError(t, err)
	f := keyFile(t, "1\n2\n7\n8\n9")
	_, err = f.Seek(4, io.SeekStart)
	require.NoError(t, err)
	res, err := Count(f, loc, Options{})
	require.NoError(t, err)
	assert.Equal(t, []int64{0, 3}, res.Counts)
	assert.Equal(t, int64(5), res.Bytes)
	pos, err := f.Seek(0, io.SeekCurrent)
	require.NoError(t, err)
	assert.Equal(t, int64(9), pos)
}

// A file that shrinks under the mapping is an error, not a crash (SIGBUS).
func TestCountMappedFileShrank(t *testing.T) {
	loc, err := NewLocator(keys("5"))
	require.NoError(t, err)
	f := keyFile(t, strings.Repeat("0123456789abcdef\n", 4096))
	m, off, ok := mapFile(f)
	if !ok {
		t.Skip("files are mapped on Linux only")
	}
	defer unmapFile(m)
	require.NoError(t, os.Truncate(f.Name(), 10))
	_, err = countMapped(m, off, os.Getpagesize(), loc, Options{}, 2)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "shrank")
}

func TestCountReadError(t *testing.T) {
	loc, err := NewLocator(keys("5"))
	require.NoError(t, err)
	_, err = Count(iotest.ErrReader(io.ErrUnexpectedEOF), loc, Options{})
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
}

func BenchmarkCount(b *testing.B) {
	loc, err := NewLocator(hexSplits(1000))
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	for _, k := range benchKeys(1 << 18) {
		buf.Write(k)
		buf.WriteByte('\n')
	}
	data := buf.Bytes()
	f := keyFile(b, buf.String())
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("regions=1000/workers=%d", workers), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Count(bytes.NewReader(data), loc, Options{Workers: workers}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("regions=1000/workers=%d/file", workers), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := f.Seek(0, io.SeekStart); err != nil {
					b.Fatal(err)
				}
				if _, err := Count(f, loc, Options{Workers: workers}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCountLines is one worker's loop on data in memory, without reading or
// goroutines: the bound on what a core can count.
func BenchmarkCountLines(b *testing.B) {
	var buf bytes.Buffer
	for _, k := range benchKeys(1 << 18) {
		buf.Write(k)
		buf.WriteByte('\n')
	}
	data := buf.Bytes()
	for _, bc := range []struct {
		name   string
		splits [][]byte
		raw    bool
	}{
		{"regions=1000", hexSplits(1000), false},
		{"regions=1000/3-digit", scriptSplits(1000), false},
		{"regions=1000/raw", hexSplits(1000), true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			loc, err := NewLocator(bc.splits)
			if err != nil {
				b.Fatal(err)
			}
			c := newLineCounter(loc, bc.raw)
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := c.count(data, len(data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// assertCounts reports the first region that differs, not thousands of lines of diff.
func assertCounts(t *testing.T, want, got []int64) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("region %d: got %d keys, sort.Search says %d", i, got[i], want[i])
		}
	}
}

// BenchmarkCountRegions is Count on a file of hex keys with both workers, by the rule of
// --prefix hex, over 1,000 and 10,000,000 regions, on 128 and 512 MiB: what a key's count
// costs with ten million regions against a thousand (the target: within 2x) is the ratio of
// the time the 384 MiB more take, apart from what the regions cost whatever the keys
// (the workers' counts, their merge). Setting up the split is not timed.
func BenchmarkCountRegions(b *testing.B) {
	text := hexText(rand.New(rand.NewPCG(25, 10)), 512<<20/33)
	for _, size := range []int{128 << 20, 512 << 20} {
		part := text[:bytes.LastIndexByte(text[:size], '\n')+1]
		f := keyFile(b, string(part))
		for _, regions := range []int{1000, 10_000_000} {
			b.Run(fmt.Sprintf("hex/regions=%d/MiB=%d", regions, size>>20), func(b *testing.B) {
				s := prefixSplit(b, "hex", regions)
				loc, err := NewSplitLocator(s.Keys, s.Rule)
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(part)))
				for b.Loop() {
					if _, err := f.Seek(0, io.SeekStart); err != nil {
						b.Fatal(err)
					}
					if _, err := Count(f, loc, Options{Workers: 2}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// A skew exactly at --max-skew is within it, in the gate and on the page alike, though
// float64 puts 3 / (15/7) a hair above 1.4.
func TestOverSkewAtTheLimit(t *testing.T) {
	for _, c := range []struct {
		count   int64
		keys    float64
		regions float64
		max     float64
		over    bool
	}{
		{3, 15, 7, 1.4, false}, {22, 55, 3, 1.2, false}, {21, 28, 5, 3.75, false}, {14, 35, 3, 1.2, false},
		{17, 34, 7, 3.5, false}, {4, 15, 7, 1.4, true}, {3, 15, 7, 1.39, true}, {3, 15, 7, 0, false},
	} {
		assert.Equal(t, c.over, OverSkew(c.count, c.keys/c.regions, c.max), "%d keys of %v over %v regions at %v", c.count, c.keys, c.regions, c.max)
	}
}
