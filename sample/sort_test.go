package sample

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
)

// TestSortRefs: the parallel radix sort orders keys exactly as a plain sort on their bytes
// does (the oracle), whatever the runs, lengths, shared prefixes and duplicates.
func TestSortRefs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	gens := []struct {
		name string
		key  func() []byte
	}{
		{"random bytes", func() []byte {
			k := make([]byte, rng.IntN(12))
			for i := range k {
				k[i] = byte(rng.UintN(256))
			}
			return k
		}},
		{"shared 8-byte prefix", func() []byte { return fmt.Appendf(nil, "user0042|%d", rng.IntN(5000)) }},
		{"hex", func() []byte { return fmt.Appendf(nil, "%016x", rng.Uint64()) }},
		{"few distinct", func() []byte { return []byte{byte(rng.IntN(3)), 0, byte(rng.IntN(2))}[:rng.IntN(4)] }},
		{"zero padding", func() []byte { return bytes.Repeat([]byte{0}, rng.IntN(10)) }},
	}
	for _, g := range gens {
		for _, n := range []int{0, 1, 5, 33, 300, 20_000, 120_000} {
			for _, runs := range []int{1, 3} {
				t.Run(fmt.Sprintf("%s/n=%d/runs=%d", g.name, n, runs), func(t *testing.T) {
					w := &Weighted{}
					for range n {
						w.add(g.key(), 1)
					}
					want := make([][]byte, n)
					for i := range n {
						want[i] = w.Key(i)
					}
					slices.SortFunc(want, bytes.Compare)
					var rs [][]ref
					for i := range runs {
						rs = append(rs, slices.Clone(w.refs[n*i/runs:n*(i+1)/runs]))
					}
					got := sortRefs(w.chunks, rs)
					require.Len(t, got, n)
					for i, r := range got {
						if !bytes.Equal(want[i], keyAt(w.chunks, r)) {
							t.Fatalf("key %d: got %q, want %q", i, keyAt(w.chunks, r), want[i])
						}
					}
				})
			}
		}
	}
}

// TestReadFileParts: a file read in parallel parts (kept in place, or streamed when it does
// not fit the memory) gives the sample a single sequential read gives, and an error's line
// number is the file's.
func TestReadFileParts(t *testing.T) {
	// Streamed parts read the mapped file in place: release its pages behind every line.
	defer func(old int) { releaseEvery = old }(releaseEvery)
	releaseEvery = pageSize
	rng := rand.New(rand.NewPCG(5, 6))
	var lines, tsv strings.Builder
	n := 0
	for lines.Len() < 5<<20 {
		k := fmt.Sprintf("user%04d|%d", rng.IntN(3000), rng.IntN(1e9))
		if n%97 == 0 {
			k += `\x00\xFF\x5C` // escapes decoded in place
		}
		eol := "\n"
		if n%13 == 0 {
			eol = "\r\n"
		}
		lines.WriteString(k + eol)
		fmt.Fprintf(&tsv, "%s\t%d%s", k, 1+rng.IntN(90000), eol)
		n++
	}
	// Long lines where ReadFile estimates the line length, short ones after: more keys than
	// the parts' refs were sized for. And the largest weights on one-byte keys: the least
	// room a tsv line leaves for the weight read in place.
	var changing, heavy strings.Builder
	for changing.Len() < 1<<17 {
		fmt.Fprintf(&changing, "%s%d\n", strings.Repeat("x", 2000), changing.Len())
	}
	for i := 0; changing.Len() < 5<<20; i++ {
		fmt.Fprintf(&changing, "k%d\n", i)
		fmt.Fprintf(&heavy, "%c%c\t%d\n", 'a'+i%26, 'a'+i/26%26, MaxWeight-i%3)
	}
	dir := t.TempDir()
	for _, tt := range []struct {
		name, data string
		memory     int64
	}{
		{"line length changes", changing.String(), 1 << 30},
		{"largest weights", heavy.String(), 1 << 30},
		{"lines in place", lines.String(), 1 << 30},
		{"lines streamed", lines.String(), 8 << 20},
		{"lines no newline at the end", strings.TrimSuffix(lines.String(), "\n"), 1 << 30},
		{"tsv in place", tsv.String(), 1 << 30},
		{"tsv streamed", tsv.String(), 8 << 20},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "keys")
			require.NoError(t, os.WriteFile(path, []byte(tt.data), 0o644))
			f, err := os.Open(path)
			require.NoError(t, err)
			defer func() { _ = f.Close() }() // read only
			one, parts := NewCollector(Options{Memory: tt.memory, Holdout: -1}), NewCollector(Options{Memory: tt.memory, Holdout: -1})
			f1, err := Read(strings.NewReader(tt.data), ReadOptions{}, one)
			require.NoError(t, err)
			f2, err := ReadFile(f, int64(len(tt.data)), ReadOptions{}, parts)
			require.NoError(t, err)
			assert.Equal(t, f1, f2)
			assert.Greater(t, len(parts.parts), 1, "read in parts")
			a, b := one.Sample(), parts.Sample()
			assert.Equal(t, a.Rows, b.Rows)
			assert.Equal(t, a.Exact, b.Exact)
			assert.Equal(t, a.CutRows, b.CutRows)
			ca, err := a.Cut(50, nil)
			require.NoError(t, err)
			cb, err := b.Cut(50, nil)
			require.NoError(t, err)
			if a.Exact {
				assert.Equal(t, strs(ca.Keys), strs(cb.Keys))
				assert.Equal(t, ca.Shares, cb.Shares)
				assert.Equal(t, ca.Held, cb.Held)
			}
		})
	}
	// A bad line in the second half: its number in the whole file.
	data := []byte(lines.String())
	at := bytes.IndexByte(data[len(data)*3/4:], '\n') + len(data)*3/4 + 1
	want := bytes.Count(data[:at], []byte("\n")) + 1
	bad := slices.Concat(data[:at], []byte("caf\xC3\xA9\n"), data[at:])
	path := filepath.Join(dir, "bad")
	require.NoError(t, os.WriteFile(path, bad, 0o644))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer func() { _ = f.Close() }() // read only
	for _, memory := range []int64{1 << 30, 8 << 20} {
		_, err = ReadFile(f, int64(len(bad)), ReadOptions{}, NewCollector(Options{Memory: memory}))
		var le *hbytes.LineError
		require.True(t, errors.As(err, &le), "%v", err)
		assert.Equal(t, int64(want), le.Line)
	}
	// A line longer than any key line, in the second part: refused with its number, the
	// mapped text not read past it as one line.
	long := slices.Concat(data[:at], bytes.Repeat([]byte("k"), maxKeyLine+1), []byte("\n"), data[at:])
	require.NoError(t, os.WriteFile(path, long, 0o644))
	f2, err := os.Open(path)
	require.NoError(t, err)
	defer func() { _ = f2.Close() }() // read only
	_, err = ReadFile(f2, int64(len(long)), ReadOptions{}, NewCollector(Options{Memory: 8 << 20}))
	var le *hbytes.LineError
	require.True(t, errors.As(err, &le), "%v", err)
	assert.Equal(t, int64(want), le.Line)
	assert.ErrorIs(t, err, errLongLine)
}

// TestMergeEqual: equal keys merge into one with their weights summed, also across the
// segments a big run is cut into (the oracle: a map of key -> weight, sorted).
func TestMergeEqual(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, tt := range []struct {
		name     string
		n, keys  int
		weighted bool
	}{
		{"small", 100, 10, true},
		{"segments, unit weights", 200_000, 150, false},
		{"segments, weighted", 200_000, 150_000, true},
		{"one key", 70_000, 1, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := &Weighted{}
			want := map[string]uint64{}
			for range tt.n {
				k := fmt.Sprintf("k%06d", rng.IntN(tt.keys))
				wt := uint64(1)
				if tt.weighted {
					wt = 1 + uint64(rng.IntN(MaxWeight))
				}
				w.add([]byte(k), wt)
				want[k] += wt
			}
			w.sortMerge()
			keys := slices.Sorted(maps.Keys(want))
			require.Equal(t, len(keys), w.Len())
			var total uint64
			for i, k := range keys {
				assert.Equal(t, k, string(w.Key(i)))
				assert.Equal(t, want[k], w.Weight(i), k)
				total += want[k]
			}
			assert.Equal(t, total, w.cum[w.Len()])
		})
	}
}

// TestReadFileDeterministic: a file cut through sketches gives the same boundaries however
// many cores read it (the parts are fixed, not one per core).
func TestReadFileDeterministic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keys")
	require.NoError(t, os.WriteFile(path, benchKeys(200_000), 0o644))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer func() { _ = f.Close() }() // read only
	st, err := f.Stat()
	require.NoError(t, err)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var first []string
	for _, procs := range []int{1, 2, 8} {
		runtime.GOMAXPROCS(procs)
		c := NewCollector(Options{Memory: 2 << 20, Holdout: -1})
		_, err := ReadFile(f, st.Size(), ReadOptions{}, c)
		require.NoError(t, err)
		s := c.Sample()
		require.False(t, s.Exact)
		cut, err := s.Cut(100, nil)
		require.NoError(t, err)
		if first == nil {
			first = strs(cut.Keys)
			continue
		}
		assert.Equal(t, first, strs(cut.Keys), "GOMAXPROCS=%d", procs)
	}
}

// TestParseSketchKeyTooLong: a sketch (written by hand or damaged) cannot carry a key over
// HBase's row limit into a split: it is refused as it is read.
func TestParseSketchKeyTooLong(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		err  string
	}{
		{name: "the longest key", n: hbase.MaxRowLength},
		{name: "one byte more", n: hbase.MaxRowLength + 1, err: "is 32768 bytes long: HBase row keys are at most 32767 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := sketchMagic + "\tk=200\trows=1\tweight=1\tlevels=1\t1\t" + strings.Repeat("k", tc.n) + "\tend"
			_, err := ParseSketch([]byte(line))
			if tc.err == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrSketch)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
}

// A sketch's weight is bounded (MaxSketchWeight): a level-63 item, or two sketches at the
// bound, would wrap the 64-bit weight to 0 and drop their keys from the cut.
func TestSketchWeightBound(t *testing.T) {
	line := func(level, items int) string {
		fields := []string{sketchMagic, "k=200", "rows=1", fmt.Sprintf("weight=%d", uint64(items)<<level), fmt.Sprintf("levels=%d", level+1)}
		for range level {
			fields = append(fields, "0")
		}
		fields = append(fields, fmt.Sprint(items))
		for range items {
			fields = append(fields, "a")
		}
		return strings.Join(append(fields, "end"), "\t")
	}
	_, err := ParseSketch([]byte(line(63, 1)))
	require.ErrorIs(t, err, ErrSketch)
	assert.Contains(t, err.Error(), "level 63: 1 items of weight 2^63: the sketch would weigh more than 4611686018427387904")
	_, err = ParseSketch([]byte(line(61, 3)))
	require.ErrorIs(t, err, ErrSketch)
	half, err := ParseSketch([]byte(line(61, 2))) // 2^62: at the bound
	require.NoError(t, err)
	other, err := ParseSketch([]byte(line(0, 1)))
	require.NoError(t, err)
	require.EqualError(t, half.Merge(other), "the sketches weigh more than 4611686018427387904 together")
	another, err := ParseSketch([]byte(line(0, 1)))
	require.NoError(t, err)
	require.NoError(t, other.Merge(another))
	assert.Equal(t, uint64(2), other.Weight())
}

type zeroReader struct{ n int64 }

func (z *zeroReader) Read(p []byte) (int, error) {
	clear(p)
	z.n += int64(len(p))
	return len(p), nil
}

// TestReadSketchEndless: a sketch stream that is not one (/dev/zero, or a sketch's start
// followed by zeros) is refused after the reader's first buffer, not after the 1 GiB a
// sketch line may take.
func TestReadSketchEndless(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    func(z *zeroReader) io.Reader
	}{
		{name: "zeros", r: func(z *zeroReader) io.Reader { return z }},
		{name: "a sketch's start, then zeros", r: func(z *zeroReader) io.Reader {
			return io.MultiReader(strings.NewReader(sketchMagic+"\tk=200\trows="), z)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			z := &zeroReader{}
			_, err := Read(tc.r(z), ReadOptions{Format: FormatSketch}, NewCollector(Options{Holdout: -1}))
			require.ErrorIs(t, err, ErrSketch)
			assert.LessOrEqual(t, z.n, int64(4<<20), "bytes read")
		})
	}
}

// A mapped scanner refuses a line longer than max where bufio's does, and reads lines of
// exactly max bytes, with \n or \r\n, as lines.
func TestMappedScannerLongLines(t *testing.T) {
	const max = 10
	scan := func(text string) ([]string, error) {
		s := &lineScanner{text: []byte(text), end: len(text), max: max}
		var got []string
		for {
			line, err := s.next()
			if errors.Is(err, io.EOF) {
				return got, nil
			}
			if err != nil {
				return got, err
			}
			got = append(got, string(line))
		}
	}
	ten := strings.Repeat("k", max)
	got, err := scan(ten + "\n" + ten + "\r\n" + "a")
	require.NoError(t, err)
	assert.Equal(t, []string{ten, ten, "a"}, got)
	for _, text := range []string{ten + "\nx" + ten + "\nb\n", ten + "\nx" + ten + strings.Repeat("y", 100), ten + "\nx" + ten} {
		_, err := scan(text)
		var le *hbytes.LineError
		require.True(t, errors.As(err, &le), "%q: %v", text, err)
		assert.Equal(t, int64(2), le.Line, "%q", text)
		assert.ErrorIs(t, err, errLongLine, "%q", text)
	}
}
