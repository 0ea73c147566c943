package distribution

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// tailRegions' five fixed steps find what a count of the tails below the key finds, for
// every window of 1 to manyExtend-1 tails, with runs of equal tails, zero tails (short
// split keys, zero-padded) and the extremes, and leave the lines that tie with a tail,
// crowded entries' lines and (when a line is too short for the tail) every extended one.
func TestTailRegions(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	values := []uint32{0, 1, 0x30303030, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF}
	for ext := 1; ext < manyExtend; ext++ {
		for round := range 40 {
			base := rng.IntN(5)
			tab := &prefixTable{tails: make([]uint32, base+ext+3)} // depth 0: a line's first four bytes
			for i := range tab.tails {
				tab.tails[i] = rng.Uint32()
			}
			window := tab.tails[base : base+ext]
			for i := range window {
				if round%2 == 0 {
					window[i] = values[rng.IntN(len(values))]
				} else {
					window[i] = rng.Uint32N(8) // many ties
				}
			}
			slices.Sort(window)
			probes := append(slices.Clone(values), rng.Uint32(), rng.Uint32N(9))
			probes = append(probes, window...)
			probes = probes[:min(len(probes), tableBatch)]
			// Lines of the probes' four bytes and two more; a crowded entry's line and a
			// decided one among them.
			var data []byte
			got := make([]uint32, len(probes)+2)
			for i, k4 := range probes {
				data = append(binary.BigEndian.AppendUint32(data, k4), 'z', 'z', '\n')
				got[i] = uint32(base) | uint32(ext)<<entryShift
			}
			data = append(data, "crowd.\ndone..\n"...)
			got[len(probes)] = uint32(base) | manyExtend<<entryShift
			got[len(probes)+1] = 3
			for _, stride := range []int{7, 5} { // 5: too short for a tail, every line left
				regions := slices.Clone(got)
				var left [tableBatch]uint16
				nleft := tailRegions(tab, data[:len(regions)*stride], 0, stride, regions, left[:])
				var wantLeft []uint16
				for i, k4 := range probes {
					lt, le := base, base
					for _, s4 := range window {
						lt += b2i(s4 < k4)
						le += b2i(s4 <= k4)
					}
					if le > lt || stride == 5 {
						wantLeft = append(wantLeft, uint16(i))
						continue
					}
					require.Equal(t, lt, int(regions[i]), "ext %d tails %x key %x", ext, window, k4)
				}
				wantLeft = append(wantLeft, uint16(len(probes)))
				require.Equal(t, wantLeft, left[:nleft], "ext %d tails %x: the lines left", ext, window)
				require.Equal(t, uint32(3), regions[len(probes)+1])
			}
		}
	}
}

// adversarialSplits are split keys that make the batched passes compare in full: keys
// that are prefixes of others, keys that tie on the table's bytes and the four after (and
// on their first eight bytes and more), extensions padded with zero bytes, 0x00 and 0x7F
// bytes, and table entries extended by every number of split keys from 1 to 40. All of
// their bytes can stand in a plain fixed-width line (no \n, \r, \ or byte >= 0x80), so
// that the lines made from them take the batched passes.
func adversarialSplits(rng *rand.Rand) map[string][][]byte {
	alpha := []byte("\x00\x01\x7F09AZaz~ ")
	set := func(ks ...[]byte) [][]byte {
		slices.SortFunc(ks, bytes.Compare)
		return slices.CompactFunc(ks, bytes.Equal)
	}
	var chains, ties, widths [][]byte
	for i := range 300 {
		p := randomKey(rng, 1+rng.IntN(3), alpha)
		for n := 1; n <= 12; n++ { // p, p+x, p+xx, ...: each a prefix of the next
			chains = append(chains, append(slices.Clone(p), bytes.Repeat([]byte{alpha[i%len(alpha)]}, n)...))
		}
		long := append(randomKey(rng, 8, alpha), randomKey(rng, 6, alpha)...)
		ties = append(ties, long, long[:8], long[:9], append(slices.Clone(long[:8]), 0), append(slices.Clone(long), 0, 0))
		ext := 1 + i%40 // one entry's extending keys, 1 to 40 of them
		head := fmt.Appendf(nil, "w%03d", i)
		for j := range ext {
			widths = append(widths, append(slices.Clone(head), alpha[j%len(alpha)], alpha[j/len(alpha)], 'x'))
		}
	}
	return map[string][][]byte{
		"prefix chains":            set(chains...),
		"ties on 8 bytes and more": set(ties...),
		"every extension count":    set(widths...),
		"random short":             set(randomSplits(rng, 3000, 6, alpha)...),
		"random long":              set(randomSplits(rng, 2000, 20, []byte("\x00\x7Fab"))...),
	}
}

// The batched passes (taken here from one split key on) count what sort.Search counts on
// adversarial split keys, for fixed-width lines cut and filled around them (ties on every
// byte the passes compare) and random lines, with \n and \r\n line ends.
func TestBatchedAdversarialSplits(t *testing.T) {
	defer func(n int) { batchFrom = n }(batchFrom)
	batchFrom = 1
	rng := rand.New(rand.NewPCG(40, 2))
	for name, keys := range adversarialSplits(rng) {
		loc, err := NewLocator(keys)
		require.NoError(t, err, name)
		for _, w := range []int{3, 5, 8, 9, 12, 16, 24} {
			text := fixedTies(rng, keys, w)
			assertSameCount(t, fmt.Sprintf("%s/ties %d", name, w), loc, text)
		}
		var random []byte
		for range 3000 {
			random = append(append(random, randomKey(rng, 14, []byte("\x00\x01\x7F09AZaz~ wx"))...), '\n')
		}
		assertSameCount(t, name+"/random", loc, random)
	}
}

// FuzzBatchedCount: any split keys and fixed-width lines count the same through the
// batched passes (from one split key on) as by sort.Search.
func FuzzBatchedCount(f *testing.F) {
	f.Add([]byte("AA\nAAABC\x05\nAAZ"), []byte("AAABC"), uint8(6))
	f.Add([]byte("w000a\nw000b\nw000c\nw000d\nw000e\nw000f"), []byte("w000c\x00\x00"), uint8(8))
	f.Add([]byte("12345678a\n12345678b\n12345678"), []byte("12345678a1234"), uint8(13))
	f.Fuzz(func(t *testing.T, splitText, lineText []byte, width uint8) {
		defer func(n int) { batchFrom = n }(batchFrom)
		batchFrom = 1
		keys, ok := fuzzSplitKeys(splitText, lineText)
		if !ok {
			return
		}
		checkCounterCount(t, keys, fuzzFixedLines(lineText, int(width)%40+1, 1))
	})
}

// fuzzSplitKeys is the fuzzed split text's lines as split keys (sorted, distinct, not
// empty); false when the case is too large to be worth counting.
func fuzzSplitKeys(splitText, lineText []byte) ([][]byte, bool) {
	var keys [][]byte
	for _, k := range bytes.Split(splitText, []byte("\n")) {
		if len(k) > 0 {
			keys = append(keys, slices.Clone(k)) // the Locator's keys must not change
		}
	}
	keys = slices.CompactFunc(slices.SortedFunc(slices.Values(keys), bytes.Compare), bytes.Equal)
	return keys, len(keys) <= 300 && len(lineText) <= 4096
}

// fuzzFixedLines is lines of w bytes: the fuzzed text cut into lines, each cut or padded
// with its last byte (q for an empty one), a \r before the \n every other line, each line
// repeat times.
func fuzzFixedLines(lineText []byte, w, repeat int) []byte {
	var text []byte
	for i, l := range bytes.Split(lineText, []byte("\n")) {
		line := slices.Clone(l[:min(len(l), w)])
		pad := byte('q')
		if len(l) > 0 {
			pad = l[len(l)-1]
		}
		for len(line) < w {
			line = append(line, pad)
		}
		if i%2 == 1 {
			line[w-1] = '\r'
		}
		for range repeat {
			text = append(append(text, line...), '\n')
		}
	}
	return text
}

// checkCounterCount fails t unless one counter over text counts what sort.Search counts
// (or errs where it does).
func checkCounterCount(t *testing.T, keys [][]byte, text []byte) {
	t.Helper()
	loc, err := NewLocator(keys)
	if err != nil {
		t.Fatal(err)
	}
	want, wantKeys, _, wantErr := referenceCount(keys, text, false)
	c := newLineCounter(loc, false)
	n, err := c.count(text, len(text))
	if wantErr != nil {
		if err == nil {
			t.Fatalf("no error, want %v", wantErr)
		}
		return
	}
	got := mergeCounts([]*lineCounter{c})
	if err != nil || n != wantKeys || !slices.Equal(got, want) {
		t.Fatalf("got %v %d keys %v, want %d keys %v", err, n, got, wantKeys, want)
	}
}
