package distribution

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/presplit/presplit/splits"
	"github.com/stretchr/testify/require"
)

// crowdedSplits are split keys whose prefix table needs its second level (crowdTable)
// without a million keys: every byte value occurs in the first two positions, so the
// table takes two bytes, and 60 printable two-byte prefixes are extended by 40 to 80 split
// keys each, over an alphabet with zero bytes; one of them by keys that share their next
// two bytes too, which crowd the block's entry as well. With zeroEnds, some split keys
// end in a zero byte (the table then cannot place a short key by its padded entry). The
// extending keys all have shared after their prefix: the block's first positions then
// have a single class, and a shorter key padded with zero bytes misses them.
func crowdedSplits(rng *rand.Rand, zeroEnds bool, shared string) [][]byte {
	var ks [][]byte
	for b := range 256 {
		ks = append(ks, []byte{byte(b), byte(255 - b), 'x'})
	}
	alphabet := []byte{0, '!', '0', '5', '9', '~', 0xFF}
	const printable = "!#%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~"
	pick := func() byte { return printable[rng.IntN(len(printable))] } // lines of them take the plain loops
	for p := range 60 {
		prefix := []byte{pick(), pick()}
		n := 40 + rng.IntN(41)
		for range n {
			k := append(append(slices.Clone(prefix), shared...), randomKey(rng, 1+rng.IntN(9), alphabet)...)
			if p == 0 {
				k = slices.Insert(k, 2+len(shared), 'k', 'k')
			}
			if !zeroEnds {
				for k[len(k)-1] == 0 {
					k[len(k)-1] = 1
				}
			}
			ks = append(ks, k)
		}
		// The prefix itself is a split key too, and so is the prefix and shared: a short
		// key sorts below it, though not below the block's first entry.
		ks = append(ks, prefix, append(slices.Clone(prefix), shared...))
	}
	slices.SortFunc(ks, bytes.Compare)
	return slices.CompactFunc(ks, bytes.Equal)
}

// crowdProbes are keys around crowded split keys: each one, its prefixes, its extensions
// by a zero byte, by 0xFF and by random bytes, and itself with its last byte changed.
func crowdProbes(rng *rand.Rand, splits [][]byte) [][]byte {
	var probes [][]byte
	for _, s := range splits {
		probes = append(probes, s, append(slices.Clone(s), 0), append(slices.Clone(s), 0xFF),
			append(slices.Clone(s), randomKey(rng, rng.IntN(12), allBytes)...))
		for n := 1; n < len(s); n++ {
			probes = append(probes, s[:n])
		}
		for _, d := range []int{-1, 1} {
			k := slices.Clone(s)
			k[len(k)-1] += byte(d)
			probes = append(probes, k)
		}
	}
	return probes
}

// The second level places keys as sort.Search does, through Locate and through every
// counting loop, with and without zero-ended split keys; and it is built for these keys,
// its own crowded entry left to the general path.
func TestCrowdTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 2))
	defer func() { haveLineEnds = cpuHasLineEnds }()
	for _, tc := range []struct {
		zeroEnds bool
		shared   string
	}{{false, ""}, {true, ""}, {false, "="}, {true, "=="}} {
		zeroEnds := tc.zeroEnds
		splits := crowdedSplits(rng, zeroEnds, tc.shared)
		loc, err := NewLocator(splits)
		require.NoError(t, err)
		tab := loc.tab
		require.NotNil(t, tab)
		require.Equal(t, 2, tab.depth)
		require.Equal(t, !zeroEnds, tab.shortByBase)
		cr := tab.crowd
		require.NotNil(t, cr, "zeroEnds=%v: no second level", zeroEnds)
		require.Greater(t, cr.depth, cr.from)
		crowdedBlocks := 0
		for _, e := range cr.entries {
			crowdedBlocks += b2i(e>>entryShift == manyExtend)
		}
		require.Positive(t, crowdedBlocks, "no block entry is left to the general path")

		probes := crowdProbes(rng, splits)
		for _, k := range probes {
			if got, want := loc.Locate(k), searchRegion(splits, k); got != want {
				t.Fatalf("zeroEnds=%v: Locate(%q) = %d, sort.Search says %d", zeroEnds, k, got, want)
			}
		}
		var text []byte
		for _, k := range probes {
			text = append(appendStringBinary(text, k), '\n')
		}
		for _, kernel := range []bool{true, false} {
			if kernel && !cpuHasLineEnds {
				continue
			}
			haveLineEnds = kernel
			name := fmt.Sprintf("zeroEnds=%v/shared=%q/kernel=%v", zeroEnds, tc.shared, kernel)
			assertSameCount(t, name+"/escaped", loc, text)
			assertSameCount(t, name+"/CRLF", loc, bytes.ReplaceAll(text, []byte("\n"), []byte("\r\n")))
			// Lines of printable bytes only take the plain loops (and the kernel's rare lines).
			var printable []byte
			for _, k := range probes {
				if !bytes.ContainsFunc(k, func(r rune) bool { return r < 0x20 || r >= 0x7F || r == '\\' }) && len(k) > 0 {
					printable = append(append(printable, k...), '\n')
				}
			}
			assertSameCount(t, name+"/plain", loc, printable)
		}
	}
}

// The crowd table's lines (countRare) are counted into the byte counts when there are many
// regions (lowered here to every split): a region given 1,000 keys, whose byte wraps three
// times, beside keys around every crowded split key, counts as the plain locator counts it.
func TestCountRareLowCounts(t *testing.T) {
	defer func(n int) { lowCountsFrom = n }(lowCountsFrom)
	lowCountsFrom = 1
	rng := rand.New(rand.NewPCG(41, 3))
	keys := crowdedSplits(rng, false, "")
	loc, err := NewLocator(keys)
	require.NoError(t, err)
	require.NotNil(t, loc.tab.crowd)
	var text, hot []byte
	for _, k := range crowdProbes(rng, keys) {
		if len(k) > 3 && !bytes.ContainsFunc(k, func(r rune) bool { return r < 0x20 || r >= 0x7F || r == '\\' }) {
			text = append(append(text, k...), '\n')
			if hot == nil && loc.tab.crowd.indexOf(loc.tab, k) < miss {
				hot = k // a line of a crowded entry: countRare's
			}
		}
	}
	require.NotNil(t, hot)
	text = append(text, bytes.Repeat(append(slices.Clone(hot), '\n'), 1000)...)
	assertSameCount(t, "crowded keys, byte counts", loc, text)
	c := newLineCounter(loc, false)
	_, err = c.count(text, len(text))
	require.NoError(t, err)
	require.NotNil(t, c.low, "the byte counts were not used")
	region := searchRegion(keys, hot)
	require.GreaterOrEqual(t, mergeCounts([]*lineCounter{c})[region], int64(1000))
	require.Equal(t, uint8(mergeCounts([]*lineCounter{c})[region]), c.low[region])
}

// millionSplits are the benchmarks' listed splits of a million regions, their keys in one
// buffer as a SPLITS_FILE's are read: a sample cut of hex keys (1 to 10 digits) and whole
// user-%d sample keys (get_splits').
func millionSplits(rng *rand.Rand) []struct {
	name string
	keys splits.Keys
} {
	return []struct {
		name string
		keys splits.Keys
	}{
		{"hex-cut", splits.KeysOf(hexCut(rng, 1_000_000)...)},
		{"user-cut", splits.KeysOf(userSplits(rng, 1_000_000)...)},
	}
}

// BenchmarkScanKeys checks the order of a million split keys and marks their bytes.
func BenchmarkScanKeys(b *testing.B) {
	for _, bc := range millionSplits(rand.New(rand.NewPCG(38, 14))) {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, bad := scanKeys(bc.keys); bad != bc.keys.Len() {
					b.Fatal("out of order at", bad)
				}
			}
		})
	}
}

// naiveScan is scanKeys by its definition: every key's bytes marked, every pair compared.
func naiveScan(keys [][]byte) (*splitBytes, int) {
	sp := new(splitBytes)
	for i, k := range keys {
		if len(k) == 0 || i > 0 && bytes.Compare(keys[i-1], k) >= 0 {
			return nil, i
		}
		sp.longest = max(sp.longest, len(k))
		sp.lengths[min(len(k), maxDepth+1)]++
		for j, b := range k[:min(len(k), maxDepth)] {
			sp.present[j][b] = true
		}
	}
	return sp, len(keys)
}

// scanKeys marks only the bytes after the prefix a key shares with the one before, and
// finds the order from where they first differ: it finds what marking every byte and
// comparing whole keys finds, in sorted keys sharing long prefixes (some a prefix of the
// next, some past eight bytes, 0xFF against 0x00), in keys out of order or repeated or
// empty, and on either side of where the parts meet.
func TestScanKeysMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 15))
	for round := range 60 {
		n := 1 + rng.IntN(200)
		if round%10 == 0 {
			n = 2*partFrom + rng.IntN(1000) // in parts
		}
		alphabet := [][]byte{[]byte("01"), []byte("0123456789"), {0x00, 0x7F, 0x80, 0xFF}}[rng.IntN(3)]
		maxLen := 1 + rng.IntN(24)
		for math.Pow(float64(len(alphabet)), float64(maxLen)) < float64(4*n) {
			maxLen++ // enough distinct keys for n
		}
		keys := randomSplits(rng, n, maxLen, alphabet)
		prefix := bytes.Repeat([]byte("user-"), rng.IntN(3))
		for i := range keys {
			keys[i] = append(slices.Clone(prefix), keys[i]...)
		}
		if len(keys) > 1 && round%3 > 0 {
			i := 1 + rng.IntN(len(keys)-1)
			if round%2 == 0 && n > partFrom {
				i = len(keys) / 2 // where two parts meet
			}
			switch rng.IntN(4) {
			case 0:
				keys[i] = slices.Clone(keys[i-1]) // repeated
			case 1:
				keys[i] = keys[i-1][:len(keys[i-1])-1] // a prefix of the one before
			case 2:
				keys[i] = nil
			default:
				keys[i-1], keys[i] = keys[i], keys[i-1]
			}
		}
		want, wantBad := naiveScan(keys)
		got, bad := scanKeys(splits.KeysOf(keys...))
		require.Equal(t, wantBad, bad, "round %d", round)
		require.Equal(t, want, got, "round %d", round)
	}
}

func TestCommonPrefix(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 0}, {"abc", "abd", 2}, {"abcdefgh", "abcdefgh", 8},
		{"abcdefghij", "abcdefghiZ", 9}, {"abcdefgh", "abcdefghi", 8}, {"user-1234567", "user-1234568", 11},
		{"\xFF\x00", "\xFF\x01", 1}, {"Xbcdefghijklmnopq", "abcdefghijklmnopq", 0},
	} {
		require.Equal(t, c.want, commonPrefix([]byte(c.a), []byte(c.b)), "%q %q", c.a, c.b)
		require.Equal(t, c.want, commonPrefix([]byte(c.b), []byte(c.a)), "%q %q", c.b, c.a)
	}
}
