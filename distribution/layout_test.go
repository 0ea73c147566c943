package distribution

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/splits"
)

// Issue 38 asked for the general locator's layout to be measured against the others one
// could take at a million split keys: "a two-level table over the first bytes, or a
// learned or Eytzinger layout; measure which". The prefix table is the two-level table,
// the cell grid a learned layout of a kind (its rank tables map a key's first bytes to
// its place among all their combinations, exactly, for every cell no split key extends).
// eytzinger is the third, kept here (not in the product) so that the measurement can be
// run again: BenchmarkLocatorLayouts.
//
// The split keys' words (eight bytes after the prefix all of them share, big-endian,
// zero-padded) in Eytzinger order (node k's children at 2k and 2k+1), padded to a full
// tree with the largest word, so that every search is the same 20 steps at a million keys
// and a batch of lines can take them in lockstep, each step's reads independent of each
// other (no branch on them: a step is a compare and an add). Two words that differ order
// their keys as the keys order (where one key ends, its zero padding is below the other's
// byte), so a line's region is the number of keys whose word is below its own, unless a
// key's word equals it (a tie: Locate).
type eytzinger struct {
	prefix []byte
	words  []uint64 // words[1:]: the tree; words[0] unused
	steps  int
	n      int
}

func newEytzinger(keys [][]byte) *eytzinger {
	p, last := keys[0], keys[len(keys)-1] // sorted: what the first and last share, all do
	n := 0
	for n < len(p) && n < len(last) && p[n] == last[n] {
		n++
	}
	p = p[:n]
	if len(p) == len(keys[0]) { // the first key is the prefix: keep one byte of it in the words
		p = p[:len(p)-1]
	}
	steps := bits.Len(uint(len(keys)))
	sorted := make([]uint64, 1<<steps-1)
	for i := range sorted {
		sorted[i] = ^uint64(0)
		if i < len(keys) {
			sorted[i] = eytzingerWord(keys[i][len(p):])
		}
	}
	e := &eytzinger{prefix: p, words: make([]uint64, 1<<steps), steps: steps, n: len(keys)}
	next := 0
	var fill func(k int)
	fill = func(k int) { // in order: left subtree, the node, right subtree
		if k < len(e.words) {
			fill(2 * k)
			e.words[k] = sorted[next]
			next++
			fill(2*k + 1)
		}
	}
	fill(1)
	return e
}

// eytzingerWord is s's first eight bytes, big-endian, zero-padded.
func eytzingerWord(s []byte) uint64 {
	if len(s) >= 8 {
		return binary.BigEndian.Uint64(s)
	}
	var pad [8]byte
	copy(pad[:], s)
	return binary.BigEndian.Uint64(pad[:])
}

// eytzingerBatch is how many lines take the tree's steps in lockstep.
const eytzingerBatch = 32

// count counts data's lines (every one ending in \n) into counts, as lineCounter.count
// does: line ends by the same kernel, a batch of words, their searches in lockstep, the
// ties and the lines without the prefix by loc.Locate.
func (e *eytzinger) count(loc *Locator, data []byte, counts []int64) {
	var ends [1<<16 + 4]uint32
	var w [eytzingerBatch]uint64
	var k [eytzingerBatch]uint
	var starts, stops [eytzingerBatch]int
	start := 0
	for block := 0; block < len(data); block += 1 << 16 {
		n := min(1<<16, len(data)-block)
		m := 0
		if haveLineEnds && n >= 32 {
			m, _ = lineEnds(data, block, n&^31, ends[:])
		}
		for i := block + n&^31; i < block+n; i++ {
			if data[i] == '\n' {
				ends[m] = uint32(i)
				m++
			}
		}
		for b := 0; b < m; b += eytzingerBatch {
			batch := min(eytzingerBatch, m-b)
			for j := range batch {
				end := int(ends[b+j])
				line := data[start:end]
				starts[j], stops[j] = start, end
				start = end + 1
				w[j], k[j] = 0, 1
				if len(line) > len(e.prefix) && bytes.HasPrefix(line, e.prefix) {
					w[j] = eytzingerWord(line[len(e.prefix):])
				} else {
					k[j] = 0 // Locate
				}
			}
			words := e.words
			for range e.steps {
				for j := range batch {
					kj := k[j]
					k[j] = 2*kj + uint(b2i(words[kj] < w[j]))
				}
			}
			for j := range batch {
				kj := k[j]
				lb := kj >> (bits.TrailingZeros(^kj) + 1) // the last node the search went left at
				r := e.inorder(lb)
				if kj < 1<<e.steps || (lb != 0 && words[lb] == w[j]) {
					r = loc.Locate(data[starts[j]:stops[j]])
				}
				counts[r]++
			}
		}
	}
}

// inorder is node k's place in the sorted words (n for none: every word is below the line).
func (e *eytzinger) inorder(k uint) int {
	if k == 0 {
		return e.n
	}
	d := bits.Len(k) - 1
	r := int((k-1<<d)*2+1)<<(e.steps-1-d) - 1
	return min(r, e.n)
}

// The Eytzinger layout counts as the Locator does (so that the benchmark times a right
// answer): user-%d and hex keys against cuts of each, ties included.
func TestEytzingerCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 9))
	for _, tc := range []struct {
		name string
		keys [][]byte
		text []byte
	}{
		{"user", userSplits(rng, 5000), userText(rng, 40000)},
		{"hex", hexCut(rng, 5000), hexText(rng, 40000)},
	} {
		text := append(slices.Clone(tc.text), bytes.Join(tc.keys, []byte("\n"))...)
		text = append(text, '\n')
		loc, err := NewSplitLocator(splits.KeysOf(tc.keys...), nil)
		require.NoError(t, err)
		want := make([]int64, len(tc.keys)+1)
		for line := range bytes.Lines(text) {
			want[loc.Locate(bytes.TrimSuffix(line, []byte("\n")))]++
		}
		got := make([]int64, len(tc.keys)+1)
		newEytzinger(tc.keys).count(loc, text, got)
		require.Equal(t, want, got, tc.name)
	}
}

// BenchmarkLocatorLayouts times the Eytzinger layout's count against the Locator's (its
// grid) on the same million split keys and lines, one core, in memory: BenchmarkCountListed's
// user-cut and hex-cut cases, with the layout as the one thing changed.
func BenchmarkLocatorLayouts(b *testing.B) {
	rng := rand.New(rand.NewPCG(38, 4))
	hex, user := hexText(rng, 1<<20), userText(rng, 1<<20)
	for _, bc := range []struct {
		name string
		keys [][]byte
		text []byte
	}{
		{"hex-cut", hexCut(rng, 1_000_000), hex},
		{"user-cut", userSplits(rng, 1_000_000), user},
	} {
		loc, err := NewSplitLocator(splits.KeysOf(bc.keys...), nil)
		if err != nil {
			b.Fatal(err)
		}
		lines := bytes.Count(bc.text, []byte("\n"))
		b.Run(bc.name+"/layout=grid", func(b *testing.B) {
			c := newLineCounter(loc, false)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0, n := threadCPU(), 0
			for b.Loop() {
				if _, err := c.count(bc.text, len(bc.text)); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(threadCPU()-cpu0)/float64(n*lines), "cpu-ns/key")
		})
		b.Run(bc.name+"/layout=eytzinger", func(b *testing.B) {
			e := newEytzinger(bc.keys)
			counts := make([]int64, len(bc.keys)+1)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0, n := threadCPU(), 0
			for b.Loop() {
				e.count(loc, bc.text, counts)
				n++
			}
			b.ReportMetric(float64(threadCPU()-cpu0)/float64(n*lines), "cpu-ns/key")
		})
	}
}
