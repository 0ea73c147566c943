package distribution

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
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
		{name: "invalid escape", input: "05\n15\n1\\xab\n", errLine: 3, err: ErrInvalidEscape},
		{name: "truncated escape on last line", input: "05\n\\x3", errLine: 2, err: ErrTruncatedEscape},
		{name: "non-ASCII", input: "\xC3\xA9\n", errLine: 1, err: ErrNonASCII},
		{name: "raw bytes", input: "1\\xab\n\xFF\n\x00\n", raw: true, want: []int64{1, 1, 0, 1}, keys: 3}, // 1\xab sorts after 10
		{name: "raw CRLF", input: "15\r\n", raw: true, want: []int64{0, 1, 0, 0}, keys: 1},
		{name: "raw too long", input: "a\n" + strings.Repeat("x", MaxRowLength+1), raw: true, errLine: 2, err: ErrKeyTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc, err := NewLocator(splits)
			require.NoError(t, err)
			for _, workers := range []int{1, 3} {
				res, err := Count(strings.NewReader(tt.input), loc, Options{Raw: tt.raw, Workers: workers})
				if tt.err != nil {
					var le *LineError
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
	for _, workers := range []int{1, 2, 5} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			var r io.Reader = bytes.NewReader(buf.Bytes())
			if workers == 2 {
				r = iotest.HalfReader(r)
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
		_, err := Count(bytes.NewReader(buf.Bytes()), loc, Options{Workers: workers, ChunkSize: 1})
		var le *LineError
		require.ErrorAs(t, err, &le)
		assert.Equal(t, int64(77778), le.Line)
	}
}

func TestCountLineLongerThanAnyKey(t *testing.T) {
	loc, err := NewLocator(keys("5"))
	require.NoError(t, err)
	in := "1\n2\n" + strings.Repeat("y", 3*maxLine) + "\n3\n"
	_, err = Count(strings.NewReader(in), loc, Options{ChunkSize: 1})
	var le *LineError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, int64(3), le.Line)
	assert.ErrorIs(t, err, ErrKeyTooLong)
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
