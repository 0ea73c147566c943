package distribution

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// withGridFrom builds grids from n split keys while the test runs.
func withGridFrom(t testing.TB, n int) { setWhileTesting(t, &gridFrom, n) }

// gridOf is the Locator of keys and its grid, which it must have.
func gridOf(t *testing.T, keys [][]byte) (*Locator, *cellGrid) {
	t.Helper()
	loc, err := NewLocator(keys)
	require.NoError(t, err)
	g := loc.cellGrid()
	require.NotNil(t, g)
	return loc, g
}

// setWhileTesting sets *v to x until the test ends.
func setWhileTesting[T any](t testing.TB, v *T, x T) {
	old := *v
	*v = x
	t.Cleanup(func() { *v = old })
}

// The grid (taken here from one split key on) counts what sort.Search counts, on every
// split set and adversarial split the other paths are checked on, for fixed-width lines
// that tie with the split keys on every byte and for random and hex lines, \n and \r\n.
func TestGridMatchesPlainLocator(t *testing.T) {
	withGridFrom(t, 1)
	rng := rand.New(rand.NewPCG(52, 7))
	hex := hexText(rng, 3000)
	// The hex lines cut to 1 to 32 digits (lines of varying length, some shorter than any
	// grid's depth), and with a line longer than a key can be among them.
	var varied []byte
	for line := range bytes.Lines(hex) {
		varied = append(append(varied, line[:1+rng.IntN(32)]...), '\n')
	}
	tooLong := slices.Concat(varied[:500], bytes.Repeat([]byte("a"), MaxRowLength+1), []byte("\n"), varied[500:1000])
	sets := splitSets(t)
	for name, keys := range adversarialSplits(rng) {
		sets["adversarial "+name] = keys
	}
	sets["hex cut"] = hexCut(rng, 20_000)
	sets["user cut"] = userSplits(rng, 20_000)
	grids := 0
	for name, keys := range sets {
		loc, err := NewLocator(keys)
		require.NoError(t, err, name)
		if loc.grid == nil {
			continue
		}
		grids++
		assertSameCount(t, name+"/hex", loc, hex)
		assertSameCount(t, name+"/hex CRLF", loc, bytes.ReplaceAll(hex[:33*1000], []byte("\n"), []byte("\r\n")))
		assertSameCount(t, name+"/varied", loc, varied)
		assertSameCount(t, name+"/varied CRLF", loc, bytes.ReplaceAll(varied, []byte("\n"), []byte("\r\n")))
		assertSameCount(t, name+"/too long", loc, tooLong)
		for _, w := range []int{3, 5, 8, 12, 33} {
			assertSameCount(t, fmt.Sprintf("%s/ties %d", name, w), loc, fixedTies(rng, keys, w))
		}
		var random []byte
		for range 2000 {
			random = append(append(random, randomKey(rng, 12, []byte("\x00\x01\x7F09AZaz~ wx"))...), '\n')
		}
		assertSameCount(t, name+"/random", loc, random)
	}
	// Most sets make a grid; the rest have too many keys past its depth.
	require.GreaterOrEqual(t, grids, len(sets)/2)
	t.Logf("%d sets, %d grids", len(sets), grids)
}

// A hex cut of a million regions (the case the grid is for) makes a grid of depth 6 with
// few ambiguous cells, and its counts match sort.Search's on lines that tie with the
// split keys.
func TestGridOfHexCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 8))
	keys := hexCut(rng, 1_000_000)
	loc, g := gridOf(t, keys)
	require.Equal(t, 6, g.depth)
	require.Equal(t, uint32(1<<24), g.size)
	ambiguous := 0
	for _, w := range g.amb {
		for ; w != 0; w &= w - 1 {
			ambiguous++
		}
	}
	require.Less(t, ambiguous, int(g.size)/64)
	assertSameCount(t, "ties", loc, fixedTies(rng, keys[:200_000], 33))
	assertSameCount(t, "hex", loc, hexText(rng, 50_000))
}

// A cell's byte wraps every 256 lines and a bin fills every 2^gridHeldBits: many lines in
// one cell, one bin, and a few cells count exactly.
func TestGridWrapsAndFullBins(t *testing.T) {
	withGridFrom(t, 1)
	keys := [][]byte{[]byte("b"), []byte("bb"), []byte("c0"), []byte("d")}
	loc, err := NewLocator(keys)
	require.NoError(t, err)
	require.NotNil(t, loc.grid)
	var text []byte
	text = append(text, bytes.Repeat([]byte("bbbb\n"), 3*(1<<gridHeldBits)+300)...)
	text = append(text, bytes.Repeat([]byte("c0c0\r\n"), 700)...)
	for i := range 5000 {
		text = append(text, "bcdb"[i%4], "bcd0"[i/4%4], 'x', 'x', '\n')
	}
	assertSameCount(t, "one cell", loc, text)
}

// FuzzGridCount: any split keys and fixed-width lines count the same through the grid
// (from one split key on) as by sort.Search.
func FuzzGridCount(f *testing.F) {
	f.Add([]byte("AA\nAAABC\x05\nAAZ"), []byte("AAABC"), uint8(6))
	f.Add([]byte("0\n1\n2\n3a\n3b\n4"), []byte("3a\n3\n30\n2z"), uint8(3))
	f.Add([]byte("b\nbb\nc0\nd"), []byte("bbbb\nc0c0\ndx"), uint8(4))
	// End classes, a shared prefix and tails past seven bytes.
	f.Add([]byte("u-10\nu-105\nu-1050000000009\nu-11\nu-2"), []byte("u-1\nu-10\nu-100\nu-1050000000009\nu-10500000000091\nu-105000000000\nu-1\x00"), uint8(5))
	f.Fuzz(func(t *testing.T, splitText, lineText []byte, width uint8) {
		withGridFrom(t, 1)
		keys, ok := fuzzSplitKeys(splitText, lineText)
		if !ok {
			return
		}
		// Fixed-width lines, each three times (cells wrap sooner), or for an odd width
		// the fuzzed lines as they are: of varying length.
		text := fuzzFixedLines(lineText, int(width)%40+1, 3)
		if width%2 == 1 {
			text = lineText
		}
		checkCounterCount(t, keys, text)
	})
}

// sumBytes adds any bytes as a loop over them does, at every length and alignment, with
// bytes past them in their capacity (masked off: 0xFF and random ones) and without.
func TestSumBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 9))
	b := make([]uint8, 300)
	for i := range b {
		b[i] = uint8(rng.IntN(256))
	}
	for i := range 40 {
		b[i] = 0xFF // the most a lane holds
	}
	for lo := range 20 {
		for hi := lo; hi <= len(b); hi++ {
			want := 0
			for _, v := range b[lo:hi] {
				want += int(v)
			}
			if got := sumBytes(b[lo:hi]); got != want {
				t.Fatalf("sumBytes(b[%d:%d]) = %d, want %d", lo, hi, got, want)
			}
			if got := sumBytes(b[lo:hi:hi]); got != want {
				t.Fatalf("sumBytes(b[%d:%d:%d]) = %d, want %d", lo, hi, hi, got, want)
			}
		}
	}
}

// withLazySearches makes a lazy prefix table after n searching Locates while the test runs.
func withLazySearches(t testing.TB, n int64) { setWhileTesting(t, &lazySearches, n) }

// A line of an ambiguous cell is placed by its tail among the keys that extend the cell
// (one byte, two and more than seven past it, more than a linear scan's window of them),
// a line whose tail ties with a key's of more than seven bytes by Locate, and the prefix
// table of a grid that places most lines is made only once Locate has searched
// lazySearches times.
func TestGridTails(t *testing.T) {
	withGridFrom(t, 1)
	var keys [][]byte
	// Every printable byte at the first four positions: 94^3 cells fit the grid, a
	// fourth position does not, so its depth is 3; and short keys, so that most keys end
	// within the depth.
	for c := byte('!'); c <= '~'; c++ {
		if c != '\\' {
			keys = append(keys, []byte{c, c, c, c})
		}
	}
	for i := range 600 {
		keys = append(keys, []byte{'A' + byte(i%26), 'a' + byte(i/26%26), '0' + byte(i%10)})
	}
	// PQR's extending keys go on past seven bytes after the depth, and one ends in zeros.
	keys = append(keys, []byte("XYZA"), []byte("PQRab"), []byte("PQRabc"), []byte("PQRabcdefghij"),
		[]byte("PQRabcdefgh\x00"), []byte("PQRabcdefg\x00\x00"), []byte("PQRabcdefgzz"))
	for _, c := range "0123456789abcdefghijklmnopqrst" {
		keys = append(keys, []byte("XYZB"+string(c))) // 30 keys two bytes past the depth
	}
	keys = slices.CompactFunc(slices.SortedFunc(slices.Values(keys), bytes.Compare), bytes.Equal)
	withLazySearches(t, 1<<40)
	loc, err := NewLocator(keys)
	require.NoError(t, err)
	require.Nil(t, loc.keys, "a grid is made from the keys as they are listed, without a slice each")
	g := loc.cellGrid()
	require.NotNil(t, g)
	require.Equal(t, 3, g.depth)
	require.True(t, loc.tab == nil, "the table is made on first need")
	o := g.ambOrder(gridCell(g, []byte("XYZ")))
	require.NotZero(t, g.ext[o].base&ambMulti)
	require.Greater(t, int(g.tails[g.ext[o].x]), linearWindow)

	near := []byte("/09:@ABZ`ajkst~!")
	var fixed, varied []byte
	for _, p := range []string{"XYZ", "PQR", "AaA", "~~~", "!!!", "PQRabcde"} {
		for _, a := range near {
			for _, b := range near {
				line := append([]byte(p), a, b, 'q', 'q', 'q')
				fixed = append(append(fixed, line...), '\n')
				varied = append(append(varied, line[:3+int(a+b)%5]...), '\n')
			}
		}
	}
	// Lines that tie with PQR's long keys on seven bytes after the depth, or go on with
	// zero bytes where they end.
	for _, l := range []string{"PQRabcdefghij", "PQRabcdefghi", "PQRabcdefghik", "PQRabcdefgh", "PQRabcdefgh\x00",
		"PQRabcdefgh\x00\x00", "PQRabcdefg\x00", "PQRabcdefg\x00\x00", "PQRabcdefg\x00\x00\x00", "PQRabcdefgz", "PQRabcdefgzz", "PQRabcdefgzzz"} {
		varied = append(append(varied, l...), '\n')
	}
	assertSameCount(t, "fixed", loc, fixed)
	assertSameCount(t, "fixed CRLF", loc, bytes.ReplaceAll(fixed, []byte("\n"), []byte("\r\n")))
	assertSameCount(t, "varied", loc, varied)
	require.True(t, loc.tab == nil, "lines left to Locate are searched for")
	_, ok := g.orderRegion(g.ambOrder(gridCell(g, []byte("PQR"))), gridTail([]byte("PQRabcdefghik"), 3))
	require.False(t, ok, "a tie past seven bytes")

	// A miss (a first byte no split key has) takes Locate, which makes the table.
	varied = append(varied, " qq\n"...)
	withLazySearches(t, 0)
	loc, err = NewLocator(keys)
	require.NoError(t, err)
	assertSameCount(t, "fixed, table made", loc, fixed)
	assertSameCount(t, "varied, table made", loc, varied)
	require.True(t, loc.tab != nil, "the table is made")
}

// indexTails makes the ambiguous cells' records and tails alike however the long keys
// are cut into parts (the parts of index, one on each core): a cell's keys cut between
// parts, parts with no long key, a part of one key, in a user cut and in cells of more
// keys than a linear scan's window. The records are checked against the keys grouped by
// cell, one at a time.
func TestIndexTailsParts(t *testing.T) {
	withGridFrom(t, 1)
	rng := rand.New(rand.NewPCG(52, 21))
	// Every printable byte at the first four positions makes the grid's depth 3 (as in
	// TestGridTails); MMM's cell has more keys than a linear scan's window, Q's cells two
	// or three, N's one.
	var many [][]byte
	for c := byte('!'); c <= '~'; c++ {
		if c != '\\' {
			many = append(many, []byte{c, c, c, c})
		}
	}
	for i := range 3 * linearWindow {
		many = append(many, []byte(fmt.Sprintf("MMM%03d", i)), []byte(fmt.Sprintf("N%02dx", i%40)),
			[]byte(fmt.Sprintf("Q%02dab", i%30)), []byte(fmt.Sprintf("Q%02da%d", i%30, i%3)))
	}
	for name, keys := range map[string][][]byte{
		"user cut": userSplits(rng, 20_000),
		"many":     slices.CompactFunc(slices.SortedFunc(slices.Values(many), bytes.Compare), bytes.Equal),
	} {
		_, g := gridOf(t, keys)
		list := g.keys
		var long []uint32
		for i := range list.Len() {
			if len(list.At(i)) > g.depth {
				long = append(long, uint32(i))
			}
		}
		require.NotEmpty(t, long, name)
		// The records, a cell at a time from the keys grouped by their cell.
		var ext []ambCell
		tails := []uint64{}
		for j := 0; j < len(long); {
			c := g.bounds[long[j]] - 1
			k := j
			for k < len(long) && g.bounds[long[k]]-1 == c {
				k++
			}
			if k-j == 1 {
				ext = append(ext, ambCell{base: long[j], x: uint32(gridTail(list.At(int(long[j])), g.depth) >> 32)})
			} else {
				ext = append(ext, ambCell{base: long[j] | ambMulti, x: uint32(len(tails))})
				tails = append(tails, uint64(k-j))
				for _, i := range long[j:k] {
					tails = append(tails, gridTail(list.At(int(i)), g.depth))
				}
			}
			j = k
		}
		require.Equal(t, ext, g.ext, name+": as index made them")
		require.Equal(t, tails, g.tails, name+": as index made them")
		for round := range 300 {
			// Cuts anywhere among the long keys (the same twice: an empty part), each part
			// led by a key index at or below its first long key, as index's parts are.
			cuts := []int{0, len(long)}
			for range rng.IntN(6) {
				cuts = append(cuts, rng.IntN(len(long)+1))
			}
			slices.Sort(cuts)
			var longs [][]uint32
			for p := range len(cuts) - 1 {
				lead := uint32(0)
				if cuts[p] < len(long) {
					lead = long[cuts[p]]
				}
				longs = append(longs, append([]uint32{lead}, long[cuts[p]:cuts[p+1]]...))
			}
			clear(g.amb)
			g.indexTails(list, longs)
			name := fmt.Sprintf("%s, round %d, cuts %v", name, round, cuts)
			require.Equal(t, ext, g.ext, name)
			require.Equal(t, tails, g.tails, name)
		}
	}
}

// Split keys of user-%d (all of eight bytes or more, most longer than the depth) make a
// grid with end classes: a line of eight bytes up to the depth has a cell of its own, a
// longer one in an ambiguous cell is placed by its tail, and the counts match sort.Search
// for lines of every length around the split keys' (prefixes of them, the keys, the keys
// with a byte more or changed, ties past seven bytes after the depth), with \n and \r\n,
// decoded and raw, and for a line at a time (countKey: a block's last line).
func TestGridEnds(t *testing.T) {
	withGridFrom(t, 1)
	rng := rand.New(rand.NewPCG(52, 9))
	keys := userSplits(rng, 20_000)
	loc, g := gridOf(t, keys)
	require.Equal(t, 12, g.depth)
	require.Equal(t, 8, g.ends, "the shortest split key")
	require.Equal(t, uint32(9*10*10*11*11*11*11), g.size)

	var text []byte
	line := func(b []byte) { text = append(append(text, b...), '\n') }
	for _, k := range keys[:3000] {
		for n := 5; n <= len(k); n++ {
			line(k[:n])
		}
		line(append(slices.Clone(k), '0'))
		line(append(slices.Clone(k), 0))
		line(append(slices.Clone(k), "999999999"...))
		if len(k) > g.depth+7 {
			tie := slices.Clone(k[:g.depth+7])
			line(append(tie, '0'+byte(rng.IntN(10))))
			line(append(tie, k[g.depth+7:]...))
		}
		b := slices.Clone(k)
		b[len(b)-1]++
		line(b)
	}
	for range 20_000 {
		line(userKey(rng))
	}
	require.True(t, loc.tab == nil)
	assertSameCount(t, "user lines", loc, text)
	assertSameCount(t, "user lines CRLF", loc, bytes.ReplaceAll(text, []byte("\n"), []byte("\r\n")))
	setWhileTesting(t, &lowCountsFrom, 1) // the ambiguous lines' counts in low bytes too
	var long []byte                       // a key past the depth: its lines are in an ambiguous cell, and wrap
	for _, k := range keys {
		if len(k) == g.depth+3 { // a tail of its own: no tie
			long = slices.Concat(k, []byte("\n"))
			break
		}
	}
	assertSameCount(t, "user lines, low counts", loc, slices.Concat(text, bytes.Repeat(long, 700), text))
	lowCountsFrom = 1 << 18

	want, wantKeys, _, err := referenceCount(keys, text, true)
	require.NoError(t, err)
	res, err := Count(bytes.NewReader(text), loc, Options{Raw: true, Workers: 2, ChunkSize: 1})
	require.NoError(t, err)
	require.Equal(t, wantKeys, res.Keys)
	require.True(t, slices.Equal(want, res.Counts), "raw")

	c := newLineCounter(loc, false)
	for l := range bytes.Lines(text) {
		c.countKey(bytes.TrimSuffix(l, []byte("\n")))
	}
	require.True(t, slices.Equal(want, mergeCounts([]*lineCounter{c})), "a line at a time")

	// Lines of the sample's kind take no Locate: the grid places each.
	loc, err = NewLocator(keys)
	require.NoError(t, err)
	assertSameCount(t, "sample", loc, userText(rng, 20_000))
	require.Zero(t, loc.searched.Load(), "lines left to Locate")

	// Eight positions after the shared prefix fill the pair tables (seven letters, an end
	// class from the shortest key's eighth byte on), and lines of every length around them
	// are cut short within the word wordsCell reads.
	var short [][]byte
	for range 20_000 {
		short = append(short, append([]byte("k-"), randomKey(rng, 6+rng.IntN(9), []byte("abcdefg"))...))
	}
	short = slices.CompactFunc(slices.SortedFunc(slices.Values(short), bytes.Compare), bytes.Equal)
	loc, err = NewLocator(short)
	require.NoError(t, err)
	g = loc.cellGrid()
	require.Equal(t, []int{2, 8, 10}, []int{g.from, g.ends, g.depth})
	require.Len(t, g.pairs, 4<<16)
	text = text[:0]
	for range 50_000 {
		line(append([]byte("k-"), randomKey(rng, rng.IntN(15), []byte("abcdefgh"))...))
	}
	assertSameCount(t, "pairs cut short", loc, text)
	text = text[:0]
	for range 50_000 {
		line(append([]byte("k-"), randomKey(rng, 6+rng.IntN(9), []byte("abcdefg"))...))
	}
	loc, err = NewLocator(short)
	require.NoError(t, err)
	assertSameCount(t, "pairs", loc, text)
	require.Zero(t, loc.searched.Load(), "lines left to Locate")

	// A decoded line (countMixed, a line at a time through countKey) that ends in a \r of
	// its own keeps it: here it is the split key past the depth that ends so.
	cr := "ab\r" + strings.Repeat("z", 14) + "\r"
	some := [][]byte{[]byte("a"), []byte(cr)}
	for c := byte('b'); c <= 'z'; c++ {
		some = append(some, []byte{c})
	}
	loc, _ = gridOf(t, some)
	crLine := `ab\x0D` + strings.Repeat("z", 14) + `\x0D` + "\n"
	assertSameCount(t, "a \\x0D at the end", loc, []byte(strings.Repeat(crLine, 3)))
}

// BenchmarkAddCells adds a worker's cells into a million regions: a hex cut's (16 cells a
// region on average) and user-%d split keys' (14), every bin touched.
func BenchmarkAddCells(b *testing.B) {
	rng := rand.New(rand.NewPCG(38, 15))
	for _, bc := range []struct {
		name string
		keys [][]byte
		text []byte
	}{
		{"hex-cut", hexCut(rng, 1_000_000), hexText(rng, 1<<18)},
		{"user-cut", userSplits(rng, 1_000_000), userText(rng, 1<<18)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			loc, err := NewLocator(bc.keys)
			require.NoError(b, err)
			require.NotNil(b, loc.grid)
			c := newLineCounter(loc, false)
			_, err = c.count(bc.text, len(bc.text))
			require.NoError(b, err)
			c.gbins.drain(c)
			out := make([]int64, len(bc.keys)+1)
			for b.Loop() {
				loc.grid.addCells(out, 0, len(out), []*lineCounter{c})
			}
		})
	}
}

// BenchmarkGridIndex makes a million split keys' grid bounds and ambiguous cells.
func BenchmarkGridIndex(b *testing.B) {
	for _, bc := range millionSplits(rand.New(rand.NewPCG(38, 16))) {
		b.Run(bc.name, func(b *testing.B) {
			loc, err := NewKeysLocator(bc.keys)
			require.NoError(b, err)
			require.NotNil(b, loc.grid)
			for b.Loop() {
				loc.grid.index(bc.keys)
			}
		})
	}
}
