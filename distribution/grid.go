package distribution

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"sort"
	"sync"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

// A million listed split keys (a sample cut, get_splits of a table HBase has split) make
// the prefix table's lookup a chain of dependent reads for every line: its entry, then
// its extending keys' tails, then a search of them, then the count. A cellGrid counts
// most lines without any of that, and without knowing their region while it counts.
//
// The grid's cells are the combinations of the bytes split keys have at their first depth
// positions (16 a position for hex keys: 16^6 cells at depth 6). A line whose first depth
// bytes are such a combination P falls in cell P, and every split key compares with that
// line as it does with P, unless the key is longer than depth and begins with P: such a
// key makes P's cell ambiguous. So each unambiguous cell lies inside one region, and the
// regions are runs of cells in order: split key k starts the run at bound(k), the cell of
// k followed by rank 0 at each later position when k is at most depth bytes long, else
// the cell after k's first depth bytes. Rank 0 is the end of a key (an end class, below
// every byte) from the shortest split key's length on when those classes fit (a user-%d
// split: a line of 8 bytes and up has a cell), else each position's smallest byte (a hex
// cut, whose 16^6 cells leave no room: a line shorter than the depth takes Locate).
// While counting, a line is only noted in its cell's bin (countGrid); a full bin adds its
// notes to its cells' bytes (a wrap adds 256 to the cell's region's count), and the cells
// are added into their regions once, after the count (addCells). A line of an ambiguous
// cell is placed among the split keys that extend the cell by its next seven bytes and
// its length (gridTail, orderRegion, a batch's at a time: addAmbiguous); a line that ties
// with a key on those and both go on, and a line with a byte the split keys never have at
// that position (a miss), take Locate. The prefix table is made only when Locate needs it
// (Locator.table): for a cut, the few lines left to Locate are searched for instead.
//
// A hex sample cut of a million regions (BenchmarkCountListed, one core, CPU time a key):
// 52-58 ns through the prefix table, 20-33 ns by cell (16 MiB of cells and 4 MiB of bins
// a worker); lines of 8 to 32 digits 142.6 -> 26.7 ns.
type cellGrid struct {
	depth int
	long  int // split keys longer than depth
	// ends is the shortest a line or split key with a cell is: from position ends on, each
	// position's rank 0 is the end (a key that ends there), below every byte, so a shorter
	// key's cell is its own. ends is depth when end classes would not fit in maxCells at
	// this depth; then a split key shorter than the depth is followed by each position's
	// smallest byte (rank 0 too), which places it, but not a line shorter than the depth:
	// those take Locate.
	ends int
	size uint32                     // cells
	cls  *[maxGridDepth << 8]uint32 // cls[j<<8|b]: b's rank among position j's bytes times the cells a rank spans there, or miss
	amb  []uint64                   // a bit a cell: split keys extend its combination, its lines are placed by their tails
	// The first from positions (at most 8, before ends) have one byte each, a prefix every
	// split key shares (user-): a line has it when its first word, masked by skipMask, is
	// skipWord. pairs[k<<16|b1<<8|b0] is cls of b0 at position from+2k plus cls of b1 at
	// from+2k+1, when depth-from is at most 8: a line's cell in (depth-from)/2 reads of
	// one word (gridCells, wordsCell). corr[n] is what a line's bytes past its end, set to
	// zero, add to that, for a line of n bytes after from (see wordsCell).
	from               int
	skipMask, skipWord uint64
	pairs              []uint32
	corr               [16]uint32          // 0 to 8 used (see lineMasks)
	pairTabs           [4]*[1 << 16]uint32 // pairs' tables, and noPairs after them: four reads, no loop (wordsCell)
	// bounds[i] is the first cell of region i+1 (bound of split key i), non-decreasing.
	bounds []uint32
	// The ambiguous cells, by their order o among them (ambOrder): ambRank[b] is the number
	// of ambiguous cells before block b of 512 (8 of amb's words, a cache line: 128 KiB of
	// ranks for 16 Mi cells, where a rank a word was 1 MiB and a cache miss). ext[o] is
	// where cell o's extending split keys are (ambCell), in keys, the split keys as the
	// grid was indexed, and in tails.
	ambRank []uint32
	ext     []ambCell
	tails   []uint64
	keys    splits.Keys
}

// ambCell is an ambiguous cell's extending split keys: they are keys[base&^ambMulti:].
// Most cells have one: x is then its tail's top half (gridTail>>32, its first four bytes
// after the depth), which places a line whose top half differs (all but a few in 10,000
// of user1m's), and the key's tail is made from the key for the others. A cell with more
// (base&ambMulti) has their number at tails[x] and their tails after it. (Eight bytes: the
// record with the whole first tail and the tails' start was 16, and its 14 MB for a
// million long keys a cache miss a line of an ambiguous cell.)
type ambCell struct{ base, x uint32 }

// ambMulti marks an ambiguous cell with more than one extending key (ambCell.base); a grid
// is made for fewer than 2^31 keys.
const ambMulti = 1 << 31

// Bounds of the grid: its cells are a byte each for every worker, 16 MiB at most; it is
// built from gridFrom split keys (a variable: the tests lower it, to take the grid on
// small splits), when few of them are longer than the depth.
const (
	maxCells      = 1 << 24
	maxGridDepth  = maxDepth
	gridLongShare = 8 // at most a cell in gridLongShare ambiguous
)

var gridFrom = 1 << 17

// newCellGrid is the grid of keys (sorted, distinct, non-empty) whose bytes are sp, its
// cells' bounds not yet made (index makes them), or nil when the keys are too few, or the
// grid would place too few lines (see gridLongShare).
func newCellGrid(keys splits.Keys, sp *splitBytes) *cellGrid {
	if keys.Len() < gridFrom || keys.Len() >= 1<<31 {
		return nil
	}
	present := &sp.present
	var ranks [maxGridDepth]int
	depth, size := 0, 1
	for depth < maxGridDepth {
		n := 0
		for _, p := range present[depth] {
			n += b2i(p)
		}
		if n == 0 || size*n > maxCells {
			break
		}
		ranks[depth] = n
		size *= n
		depth++
	}
	if depth == 0 {
		return nil
	}
	long := sp.longer(depth)
	if long > size/gridLongShare {
		return nil
	}
	ends, size := endClasses(sp, ranks[:depth], size)
	g := &cellGrid{depth: depth, ends: ends, long: long, size: uint32(size), cls: new([maxGridDepth << 8]uint32)}
	stride := size
	for j := range depth {
		end := b2i(j >= ends) // rank 0 is the line's end
		stride /= ranks[j] + end
		r := uint32(end)
		for b := range 256 {
			if present[j][b] {
				g.cls[j<<8|b] = r * uint32(stride)
				r++
			} else {
				g.cls[j<<8|b] = miss
			}
		}
	}
	g.pairUp(present, ranks[:depth])
	return g
}

// pairUp finds the grid's shared prefix (from, skipMask, skipWord), and makes its pair
// tables and their corrections (pairs, corr) when the positions after it fit one word.
func (g *cellGrid) pairUp(present *[maxDepth][256]bool, ranks []int) {
	g.from, g.skipMask, g.skipWord = sharedWord(g.ends, func(j int) (byte, bool) {
		if ranks[j] != 1 {
			return 0, false
		}
		return byte(slices.Index(present[j][:], true)), true
	})
	if g.depth-g.from > 8 {
		return
	}
	g.pairs = pairTables(g.cls, g.from, g.depth)
	for k := range g.pairTabs {
		g.pairTabs[k] = &noPairs
		if k < len(g.pairs)>>16 {
			g.pairTabs[k] = (*[1 << 16]uint32)(g.pairs[k<<16:])
		}
	}
	for n := range 9 {
		for j := g.from + n; j < g.depth; j++ {
			g.corr[n] += g.cls[j<<8]
		}
	}
}

// endClasses is where a grid whose positions have ranks byte classes (size cells) begins
// its end classes, from the shortest split key's length on, and its cells then; ends is
// the depth, and size unchanged, when they do not fit in maxCells.
func endClasses(sp *splitBytes, ranks []int, size int) (ends, cells int) {
	shortest := 1
	for shortest < len(sp.lengths) && sp.lengths[shortest] == 0 {
		shortest++
	}
	ends, cells = min(shortest, len(ranks)), 1
	for j, n := range ranks {
		cells *= n + b2i(j >= ends)
	}
	if cells > maxCells {
		return len(ranks), size
	}
	return ends, cells
}

// pairTables are a grid's positions from+2k and from+2k+1 as one table over the two bytes
// (little-endian, as a word holds them), from cls; an odd last position pairs with a byte
// of no weight.
func pairTables(cls *[maxGridDepth << 8]uint32, from, depth int) []uint32 {
	pairs := make([]uint32, (depth-from+1)/2<<16)
	for k := range (depth - from + 1) / 2 {
		j := from + 2*k
		for b0 := range 256 {
			for b1 := range 256 {
				v := cls[j<<8|b0]
				if j+1 < depth {
					v += cls[(j+1)<<8|b1]
				}
				pairs[k<<16|b1<<8|b0] = v
			}
		}
	}
	return pairs
}

// index makes the grid's bounds and ambiguous cells, on every core. It is made when a
// worker first counts with the grid (Locator.cellGrid): only fixed-width lines are
// counted by cell, and for others it would be a million keys' work for nothing.
func (g *cellGrid) index(keys splits.Keys) {
	depth := g.depth
	g.amb, g.bounds = make([]uint64, (g.size+63)/64), make([]uint32, keys.Len())
	var mu sync.Mutex
	var longs [][]uint32 // each part's keys longer than depth, by the part's first key
	inParts(keys.Len(), func(lo, hi int) {
		long := append(make([]uint32, 0, hi-lo+1), uint32(lo))
		for i, k := range keys.Range(lo, hi) {
			var idx uint32
			if g.pairs != nil && len(k) >= g.from+8 {
				// As a line's cell, from two words (every split key has the shared prefix,
				// and is at least the grid's ends long): 241 -> 92 instructions a key
				// of user1m's index under cachegrind.
				idx = g.wordsCell(binary.LittleEndian.Uint64(k), binary.LittleEndian.Uint64(k[g.from:]), len(k))
			} else {
				off := 0 // j<<8 at position j
				for _, b := range k[:min(len(k), depth)] {
					idx += g.cls[(off|int(b))&(maxGridDepth<<8-1)]
					off += 256
				}
			}
			// A shorter key is followed by rank 0s (the end, or each position's smallest
			// byte), whose offset is 0; after a longer key's first depth bytes, the cells
			// from the next one on are above it, and its own is ambiguous (indexTails
			// marks it).
			if len(k) > depth {
				idx++
				long = append(long, uint32(i))
			}
			g.bounds[i] = idx
		}
		mu.Lock()
		longs = append(longs, long)
		mu.Unlock()
	})
	slices.SortFunc(longs, func(a, b []uint32) int { return int(a[0]) - int(b[0]) })
	g.indexTails(keys, longs)
}

// indexTails makes amb, ambRank, ext and tails from bounds and the keys longer than the
// depth (longs: each part's, after its first key's index, in order). The keys that extend
// a cell are consecutive, as they share its first depth bytes. (The ambiguous bits were
// set where the parts find the keys' cells, an atomic OR a long key: a tenth of a million
// long keys' index.)
func (g *cellGrid) indexTails(keys splits.Keys, longs [][]uint32) {
	depth := g.depth
	for _, long := range longs {
		for _, i := range long[1:] {
			c := g.bounds[i] - 1
			g.amb[c>>6] |= 1 << (c & 63)
		}
	}
	g.ambRank = make([]uint32, (len(g.amb)+7)/8)
	n := uint32(0)
	for w, word := range g.amb {
		if w%8 == 0 {
			g.ambRank[w/8] = n
		}
		n += uint32(bits.OnesCount64(word))
	}
	g.ext, g.keys = make([]ambCell, n), keys
	// The cells' records and tails, a part of longs on each core (reading a million long
	// keys for their tails was 12 ms on one core, the other idle): a part takes the cells
	// whose first extending key is in it, to their last key, in whichever part that is.
	// Each part first counts what its cells of more than one key put in tails (their
	// number and tails), so that every part then writes its own place in them.
	need := make([]int, len(longs)+1)
	eachPart(len(longs), func(p int) {
		g.partCells(longs, p, func(_, _ uint32, m, _ int) {
			if m > 1 {
				need[p+1] += 1 + m
			}
		})
	})
	for p := range longs {
		need[p+1] += need[p]
	}
	g.tails = make([]uint64, need[len(longs)])
	eachPart(len(longs), func(p int) {
		at := need[p]
		g.partCells(longs, p, func(o, first uint32, m, j int) {
			if m == 1 {
				// One key (most cells): its tail's top half is the record's.
				g.ext[o] = ambCell{base: first, x: uint32(gridTail(keys.At(int(first)), depth) >> 32)}
				return
			}
			g.ext[o] = ambCell{base: first | ambMulti, x: uint32(at)}
			g.tails[at] = uint64(m)
			t := at + 1
			eachLong(longs, p, j, m, func(i uint32) {
				g.tails[t] = gridTail(keys.At(int(i)), depth)
				t++
			})
			at = t
		})
	})
}

// partCells calls visit for each ambiguous cell whose first extending key is in part p of
// longs (indexTails), in order: its order o among the ambiguous cells, its first key, its
// number of keys m, and where that key is in the part (longs[p][1+j]). The keys that
// extend one cell are consecutive in longs and may run into the parts after p; those that
// extend the cell of the last long key before p belong to an earlier part.
func (g *cellGrid) partCells(longs [][]uint32, p int, visit func(o, first uint32, m, j int)) {
	bounds := g.bounds
	ks := longs[p][1:]
	j := 0
	for q := p - 1; q >= 0; q-- {
		if before := longs[q][1:]; len(before) > 0 {
			prev := bounds[before[len(before)-1]]
			for j < len(ks) && bounds[ks[j]] == prev {
				j++
			}
			break
		}
	}
	if j == len(ks) {
		return
	}
	// The long keys come in key order, so their cells do too: each new cell is the next
	// ambiguous one (ambOrder a key, a cache miss each, was a third of the index).
	o := g.ambOrder(bounds[ks[j]] - 1)
	for j < len(ks) {
		b := bounds[ks[j]] // the cell's, plus one
		k := j + 1
		for k < len(ks) && bounds[ks[k]] == b {
			k++
		}
		m := k - j
		if k == len(ks) { // the cell may go on in the parts after p
			for _, long := range longs[p+1:] {
				n := 0
				for n < len(long)-1 && bounds[long[1+n]] == b {
					n++
				}
				if m += n; n < len(long)-1 {
					break
				}
			}
		}
		visit(o, ks[j], m, j)
		j = k
		o++
	}
}

// eachLong calls f for the m long keys of longs (indexTails) from longs[p][1+j] on, into
// the parts after p where p's run out.
func eachLong(longs [][]uint32, p, j, m int, f func(i uint32)) {
	for ; m > 0 && p < len(longs); p, j = p+1, 0 {
		ks := longs[p][1:]
		for ; m > 0 && j < len(ks); j, m = j+1, m-1 {
			f(ks[j])
		}
	}
}

// ambiguous reports whether cell c (below the grid's size) is ambiguous. (noteLinesGo and
// its kernel read the bit themselves, in their loops.)
func (g *cellGrid) ambiguous(c uint32) bool { return g.amb[c>>6]>>(c&63)&1 != 0 }

// ambOrder is the ambiguous cell c's order among the ambiguous cells.
func (g *cellGrid) ambOrder(c uint32) uint32 {
	w := int(c >> 6)
	o := g.ambRank[w/8] + uint32(bits.OnesCount64(g.amb[w]&(1<<(c&63)-1)))
	for _, word := range g.amb[w&^7 : w] {
		o += uint32(bits.OnesCount64(word))
	}
	return o
}

// gridTail places a line or split key s among the split keys that extend its cell of
// depth d (s is at least d bytes long): its next seven bytes after d (big-endian,
// zero-padded) above how many bytes it has after d, up to 8 (for more than seven). Two
// such tails compare as their strings do (where the padding meets bytes, those are zero
// bytes past the shorter string, a prefix of the longer), unless they tie with 8: two
// strings that share seven bytes after d and go on, which only their next bytes order.
func gridTail(s []byte, d int) uint64 {
	if len(s)-d >= 8 {
		return binary.BigEndian.Uint64(s[d:])&^0xFF | 8
	}
	var pad [8]byte
	copy(pad[:7], s[d:])
	return binary.BigEndian.Uint64(pad[:]) | uint64(len(s)-d)
}

// orderRegion is the region of a line in the ambiguous cell of order o (ambOrder) whose
// tail (gridTail) is tail, and ok; not ok when it ties with an extending split key's tail
// of 8. The split keys before the cell's first extending key are at or below the line,
// those after its last are above it, and an extending key is at or below it when its
// tail is.
func (g *cellGrid) orderRegion(o uint32, tail uint64) (region int, ok bool) {
	e := g.ext[o]
	base := e.base &^ ambMulti
	var one [1]uint64
	var tails []uint64
	if e.base&ambMulti == 0 {
		if top := uint32(tail >> 32); e.x != top {
			return int(base) + b2i(e.x < top), true
		}
		one[0] = gridTail(g.keys.At(int(base)), g.depth) // the one key's whole tail
		tails = one[:]
	} else {
		tails = g.tails[e.x+1:][:g.tails[e.x]]
	}
	n := 0
	if len(tails) > linearWindow {
		n = sort.Search(len(tails), func(i int) bool { return tails[i] > tail })
	} else {
		for _, t := range tails {
			n += b2i(t <= tail)
		}
	}
	if n > 0 && tail&0xFF == 8 && tails[n-1] == tail {
		return 0, false
	}
	return int(base) + n, true
}

// cellGrid is the Locator's grid with its bounds made, or nil when it has none.
func (l *Locator) cellGrid() *cellGrid {
	if l.grid != nil {
		l.gridIndex.Do(func() { l.grid.index(l.list) })
	}
	return l.grid
}

// regionOf is the region of the unambiguous cell c: the number of bounds at or below it.
func (g *cellGrid) regionOf(c uint32) int {
	return sort.Search(len(g.bounds), func(i int) bool { return g.bounds[i] > c })
}

// gridOK reports whether countGrid can count lines of stride bytes: keys (without \n, and
// without a \r before it) at least the grid's depth long and short enough to be valid.
func (c *lineCounter) gridOK(stride int) bool {
	g := c.loc.grid // its depth; countGrid makes its bounds
	return g != nil && stride-2 >= g.depth && stride-1 <= MaxRowLength
}

// countGrid counts the plain lines of data that start in [from, to), every one of them
// stride bytes long, into their cells (see cellGrid); it returns where the next line
// starts. It takes gridBatch lines at a time in two short loops: their cells first, then
// their notes in the bins of neighbouring cells (gridBins), whose writes go to a few
// hundred streams in address order; a bin that is full adds its notes to its cells while
// they stay in the L1 cache. (A line's one to its cell at once, in 16 MiB of cells, waited
// on memory: 54 ns a line on one core, against 35 through the bins.)
func (c *lineCounter) countGrid(data []byte, from, to, stride int) (int64, int) {
	g := c.loc.cellGrid()
	bins := c.gridBinsOf()
	var idxs [gridBatch]uint32
	lines := int64(0)
	p := from
	for p < to {
		n := min(gridBatch, (to-p+stride-1)/stride)
		gridCells(g, data, p, stride, idxs[:n])
		c.addGridLines(g, bins, idxs[:n], func(i int) uint64 { return uint64(p+i*stride) | uint64(p+(i+1)*stride-1)<<32 })
		lines += int64(n)
		p += n * stride
	}
	return lines, p
}

// addGridLines counts the lines whose cells are idxs (at most gridBatch): each noted in
// its bin, a bin that fills counted, the lines of ambiguous cells held to be placed by
// their tails with others (addAmbiguous, a gridBatch of them at a time), and a miss (a
// cell at or above the grid's size) placed by Locate. span(i) is where line i is in the
// count's data (c.data), its start and (above 32 bits) its end, before its \n; nil for a
// key taken alone, which is in no ambiguous cell (countKey).
func (c *lineCounter) addGridLines(g *cellGrid, bins *gridBins, idxs []uint32, span func(i int) uint64) {
	for off := 0; off < len(idxs); off++ {
		i, m := bins.noteLines(g, idxs[off:])
		for _, a := range bins.ambAt[:m] {
			k := off + int(a)
			bins.ambCells[bins.nAmb], bins.ambSpans[bins.nAmb] = idxs[k], span(k)
			if bins.nAmb++; bins.nAmb == gridBatch {
				c.placeHeld()
			}
		}
		if off += i; off == len(idxs) {
			return
		}
		if idx := idxs[off]; idx >= g.size {
			c.counts[c.loc.Locate(c.lineAt(span(off)))]++
		} else {
			bins.countBin(c, idx>>gridBinShift) // its bin is full
		}
	}
}

// lineAt is the key of the count's data (c.data) at span (a start, and its \n above 32
// bits): the line without its \n or \r\n.
func (c *lineCounter) lineAt(span uint64) []byte {
	return trimCR(c.data[uint32(span) : span>>32])
}

// placeHeld places the lines of ambiguous cells that addGridLines holds (addAmbiguous).
// A hex cut has one such line in 360: taken a batch's at a time, most batches placed one,
// and its four reads (the cell's order, its record, its region's count, the tails) waited
// on each other, 600 ns a line.
func (c *lineCounter) placeHeld() {
	if b := c.gbins; b != nil && b.nAmb > 0 {
		c.addAmbiguous(c.loc.grid, b, b.ambCells[:b.nAmb], func(k int) []byte { return c.lineAt(b.ambSpans[k]) })
		b.nAmb = 0
	}
}

// addAmbiguous counts the lines in ambiguous cells cells, whose keys are line(k), by their
// tails (orderRegion), or by Locate on a tie. A million long split keys (get_splits of a
// user-%d table) make a tenth of the lines ambiguous, and the cell's extending keys and
// their tails are each a cache miss (8 MB apiece): placed one at a time, a line waited on
// both (placing them was a third of the count). Here the lines go in passes whose reads do
// not wait on each other: their cells' order and tails, the cells' extending keys (with
// the first one's tail), the counts of the first's region (touched, into the cache), then
// the regions and the counts, into their low bytes past lowCountsFrom regions (as addRare
// counts).
func (c *lineCounter) addAmbiguous(g *cellGrid, bins *gridBins, cells []uint32, line func(k int) []byte) {
	ord, tails := &bins.ord, &bins.tails
	for k, cell := range cells {
		ord[k] = g.ambOrder(cell)
		tails[k] = gridTail(line(k), g.depth)
	}
	counts, small := c.counts, c.lowCounts()
	var touched uint64
	for _, o := range ord[:len(cells)] {
		touched += uint64(g.ext[o].x)
	}
	for _, o := range ord[:len(cells)] {
		if small != nil {
			touched += uint64(small[g.ext[o].base&^ambMulti])
		} else {
			touched += uint64(counts[g.ext[o].base&^ambMulti])
		}
	}
	c.touched += uint32(touched)
	for k, o := range ord[:len(cells)] {
		t := tails[k]
		if e, top := g.ext[o], uint32(t>>32); e.base&ambMulti == 0 && e.x != top {
			// One extending key (most cells), whose tail's top half is not the line's: the
			// line is in the key's region when its tail is above the key's, else in the
			// one before. (orderRegion's branches on the number of tails and on a tie
			// mispredicted here: BenchmarkCountListed's user-cut 3-4% slower through it.)
			countRegion(counts, small, e.base+uint32(b2i(e.x < top)))
			continue
		}
		if r, ok := g.orderRegion(o, t); ok {
			countRegion(counts, small, uint32(r))
		} else {
			counts[c.loc.Locate(line(k))]++
		}
	}
}

// gridBatch is how many lines countGrid takes at a time: their cells (1 KiB) stay in the
// L1 cache between its two loops.
const gridBatch = 256

// gridCells is each line's cell (at p, stride bytes apart, in data), or a number at or
// above the grid's size on a miss. (Not inlined: in countGrid its loop kept the index and
// the position on the stack, 18 of 31 ns a line.)
//
//go:noinline
func gridCells(g *cellGrid, data []byte, p, stride int, idxs []uint32) {
	i := 0
	if g.pairs != nil {
		// Two positions a read, from a word of the line: four reads for eight positions
		// (those past the depth read noPairs), while eight bytes are left in data after
		// the shared prefix. (A loop over the grid's tables instead kept its counter and
		// the tables on the stack: BenchmarkCountListed's hex-cut took 34.1 CPU ns a key
		// against 27.6.)
		// Without a shared prefix (a hex cut), the lines whose first word can be read
		// take gridStrideAsm where the kernels are (65 instructions a line of cut1m's
		// count under cachegrind, against 82 through the loop below; 0.34 -> 0.32 s).
		if haveLineEnds && g.from == 0 && p+8 <= len(data) {
			i = min(len(idxs), (len(data)-8-p)/stride+1)
			gridStrideAsm(&data[p], stride, i, &g.pairTabs, &idxs[0])
			p += i * stride
		}
		if t0, t1, t2, t3 := g.pairTabs[0], g.pairTabs[1], g.pairTabs[2], g.pairTabs[3]; g.from == 0 {
			for ; i < len(idxs) && p+8 <= len(data); i++ {
				w := binary.LittleEndian.Uint64(data[p:])
				idxs[i] = t0[uint16(w)] + t1[uint16(w>>16)] + t2[uint16(w>>32)] + t3[uint16(w>>48)]
				p += stride
			}
		}
		for ; i < len(idxs) && p+g.from+8 <= len(data); i++ {
			// depth bytes or more before its \r or \n
			idxs[i] = g.wordsCell(binary.LittleEndian.Uint64(data[p:]), binary.LittleEndian.Uint64(data[p+g.from:]), stride-1)
			p += stride
		}
	}
	for ; i < len(idxs); i++ {
		idxs[i] = gridCell(g, data[p:])
		p += stride
	}
}

// gridBins holds a worker's lines by bin of 2^gridBinShift neighbouring cells, as offsets
// in the bin, until a bin holds 2^gridHeldBits of them; then they are added to the cells
// of the count, which its workers share (gridCells).
type gridBins struct {
	cells *gridCounts
	fill  [gridBinsMax]uint32
	held  []uint16 // bin b's notes from b<<gridHeldBits on
	// The lines in ambiguous cells addGridLines holds (their cells, and where they are
	// in the count's data: lineAt) until placeHeld, and their cells' order and tails
	// (addAmbiguous): kept here, as arrays on the stack were zeroed on every call.
	ambCells [gridBatch]uint32
	ambSpans [gridBatch]uint64
	nAmb     int
	ambAt    [gridBatch]uint16 // noteLines' ambiguous lines, by their index in its batch
	ord      [gridBatch]uint32
	tails    [gridBatch]uint64
}

const (
	gridBinShift = 16 // a bin's cells: 64 KiB of bytes
	gridHeldBits = 13 // a bin counts its notes every 2^13 (16 KiB of them)
	gridBinsMax  = maxCells >> gridBinShift
)

// gridCounts is one count's byte a cell, shared by its workers: a bin's cells are added
// to under the bin's lock (taken once for its 2^gridHeldBits notes, all but never
// waited on). One worker's cells each were twice the memory to zero, to keep in the
// caches and to add up after the count (16 MiB a worker at a million regions).
type gridCounts struct {
	once    sync.Once
	cells   []uint8
	locks   [gridBinsMax]sync.Mutex
	touched [gridBinsMax]bool // a bin's cells have been added to (under its lock)
}

// cellsFor is the count's cells, made by the first worker that needs them (c: its
// mapping is released with c's counts, after the merge).
func (s *gridCounts) cellsFor(c *lineCounter) []uint8 {
	s.once.Do(func() { s.cells = zeroed[uint8](c, int(c.loc.grid.size)) })
	return s.cells
}

// gridBinsOf is the worker's bins, made on first use.
func (c *lineCounter) gridBinsOf() *gridBins {
	if c.gbins == nil {
		size := int(c.loc.grid.size)
		bins := (size + 1<<gridBinShift - 1) >> gridBinShift
		c.gbins = &gridBins{cells: c.gridCounts, held: zeroed[uint16](c, bins<<gridHeldBits)}
		c.gridCounts.cellsFor(c)
	}
	return c.gbins
}

// noteLines notes each of idxs (at most gridBatch) in its bin, and the index in idxs of
// each in an ambiguous cell in b.ambAt[:m], up to the first that is a miss or fills its
// bin; it returns that one's index i (len(idxs) when none is). The one that fills its bin
// is noted. (noteLinesAsm where the kernels are: 30 instructions a line in Go, the fill
// spilled to the stack, and a return and a call again at each ambiguous line.)
func (b *gridBins) noteLines(g *cellGrid, idxs []uint32) (i, m int) {
	if len(idxs) > gridBatch || len(g.amb)*64 < int(g.size) || len(b.held) < (int(g.size)+1<<gridBinShift-1)>>gridBinShift<<gridHeldBits {
		panic("noteLines: bins or batch out of shape")
	}
	if haveLineEnds && len(idxs) > 0 {
		return noteLinesAsm(&idxs[0], len(idxs), &g.amb[0], g.size, &b.fill, &b.held[0], &b.ambAt)
	}
	return noteLinesGo(g.amb, g.size, &b.fill, b.held, idxs, &b.ambAt)
}

// noteLinesGo is noteLines without the kernel (other architectures, and its reference in
// the tests).
func noteLinesGo(amb []uint64, size uint32, fill *[gridBinsMax]uint32, held []uint16, idxs []uint32, ambAt *[gridBatch]uint16) (i, m int) {
	for i, idx := range idxs {
		if idx >= size {
			return i, m
		}
		if amb[idx>>6]>>(idx&63)&1 != 0 {
			ambAt[m&(gridBatch-1)] = uint16(i)
			m++
			continue
		}
		bin := idx >> gridBinShift & (gridBinsMax - 1)
		f := fill[bin]
		held[bin<<gridHeldBits|f&(1<<gridHeldBits-1)] = uint16(idx)
		fill[bin] = f + 1
		if f+1 == 1<<gridHeldBits {
			return i, m
		}
	}
	return len(idxs), m
}

// countBin adds bin's notes to its cells (a byte that wraps adds 256 to its region's
// count, c's) and empties it.
func (b *gridBins) countBin(c *lineCounter, bin uint32) {
	s := b.cells
	first := int(bin) << gridBinShift
	s.locks[bin].Lock()
	defer s.locks[bin].Unlock()
	s.touched[bin] = true
	cells := s.cells[first:min(first+1<<gridBinShift, len(s.cells))]
	from := int(bin) << gridHeldBits
	for _, off := range b.held[from : from+int(b.fill[bin])] {
		cells[off]++
		if cells[off] == 0 {
			c.counts[c.loc.grid.regionOf(uint32(first)+uint32(off))] += 256
		}
	}
	b.fill[bin] = 0
}

// drain adds every bin's notes to the cells.
func (b *gridBins) drain(c *lineCounter) {
	for bin := range b.fill {
		if b.fill[bin] > 0 {
			b.countBin(c, uint32(bin))
		}
	}
}

// addCells adds the cells of each count the counters share into out's regions [lo, hi):
// a region inside a bin no line reached is skipped, not read (untouched, its pages are
// not even mapped).
func (g *cellGrid) addCells(out []int64, lo, hi int, counters []*lineCounter) {
	for i, c := range counters {
		s := c.gridCounts
		if s == nil || s.cells == nil || slices.ContainsFunc(counters[:i], func(o *lineCounter) bool { return o.gridCounts == s }) {
			continue
		}
		first := uint32(0)
		if lo > 0 {
			first = g.bounds[lo-1]
		}
		for r := lo; r < hi; r++ {
			last := g.size
			if r < len(g.bounds) {
				last = g.bounds[r]
			}
			if last > first && (first>>gridBinShift != (last-1)>>gridBinShift || s.touched[first>>gridBinShift]) {
				if n := last - first; n <= 32 && int(first)+32 <= len(s.cells) {
					// Most regions of a million have 32 cells or fewer (a hex cut 16 on
					// average, get_splits of user-%d keys 14): four words, masked, without
					// sumBytes' branches on the length, which mispredicted region by region.
					w := s.cells[first : first+32]
					m := &cellMasks[n]
					out[r] += int64(pairsSum(binary.LittleEndian.Uint64(w)&m[0], binary.LittleEndian.Uint64(w[8:])&m[1],
						binary.LittleEndian.Uint64(w[16:])&m[2], binary.LittleEndian.Uint64(w[24:])&m[3]))
				} else {
					out[r] += int64(sumBytes(s.cells[first:last]))
				}
			}
			first = last
		}
	}
}

// sumBytes is the sum of b, eight bytes at a time: the 16 MiB of a worker's cells were
// added a byte at a time in 30 ms. The last one to seven bytes are a word too, the bytes
// past b masked off, when b's capacity holds the word (all but the grid's last cells).
func sumBytes(b []uint8) int {
	n := 0
	for len(b) >= 8 {
		n += wordSum(binary.LittleEndian.Uint64(b))
		b = b[8:]
	}
	if len(b) > 0 && cap(b) >= 8 {
		return n + wordSum(binary.LittleEndian.Uint64(b[:8])&(1<<(8*len(b))-1))
	}
	for _, v := range b {
		n += int(v)
	}
	return n
}

// wordSum is the sum of w's eight bytes (see laneSum).
func wordSum(w uint64) int { return laneSum(pairLanes(w)) }

// pairsSum is the sum of four words' 32 bytes (a lane at most 2,040, their sum at most
// 8,160).
func pairsSum(a, b, c, d uint64) int {
	return laneSum(pairLanes(a) + pairLanes(b) + pairLanes(c) + pairLanes(d))
}

// pairLanes adds w's bytes in pairs into four 16-bit lanes (each at most 510).
func pairLanes(w uint64) uint64 { return w&0x00FF00FF00FF00FF + w>>8&0x00FF00FF00FF00FF }

// laneSum sums four 16-bit lanes into the top one by a multiply (no lane overflows while
// their sum is below 65,536).
func laneSum(w uint64) int { return int(w * 0x0001000100010001 >> 48) }

// cellMasks[n] keeps the first n of 32 bytes read as four little-endian words.
var cellMasks = func() (m [33][4]uint64) {
	for n := range m {
		for i := range n {
			m[n][i/8] |= 0xFF << (8 * (i % 8))
		}
	}
	return m
}()

// countEndsGrid is countEnds through the grid: the lines of data that end at ends, the
// first at start, counted by cell gridBatch at a time, those shorter than the grid's
// ends, a miss or a tie in an ambiguous cell by Locate.
func (c *lineCounter) countEndsGrid(data []byte, ends []uint32, start, to int) (lines int64, next int, done bool, err error) { //nolint:gocyclo // countEnds' line checks (\r, too long, done) and the grid's two passes, in one loop without calls
	g := c.loc.cellGrid()
	bins := c.gridBinsOf()
	var idxs [gridBatch]uint32
	var starts [gridBatch]uint32
	for len(ends) > 0 && !done {
		n := 0
		if g.pairs != nil {
			// Most lines in a call: in countEndsGrid's own loop, the tables were read from
			// the grid, and most of its values kept on the stack, at every line (105
			// instructions a line under cachegrind; 49 in gridEnds).
			if haveLineEnds {
				n, start = gridEnds(g, data, ends, start, to, &idxs, &starts)
			} else {
				n, start = endsCells(g, data, ends, start, to, &idxs, &starts)
			}
			done = n > 0 && start >= to
		}
		for !done && n < gridBatch && n < len(ends) {
			end := int(ends[n])
			key := data[start:end]
			if k := len(key); k > 0 && key[k-1] == '\r' {
				key = key[:k-1]
			}
			if len(key) > MaxRowLength {
				err = hbytes.KeyTooLong(len(key))
				break
			}
			idx := g.size // a short key takes Locate
			switch {
			case len(key) < g.ends:
			case g.pairs != nil && start+g.from+8 <= len(data):
				idx = g.wordsCell(binary.LittleEndian.Uint64(data[start:]), binary.LittleEndian.Uint64(data[start+g.from:]), len(key))
			default:
				idx = gridCell(g, key)
			}
			idxs[n], starts[n] = idx, uint32(start)
			start = end + 1
			n++
			if start >= to {
				done = true
				break
			}
		}
		c.addGridLines(g, bins, idxs[:n], func(i int) uint64 { return uint64(starts[i]) | uint64(ends[i])<<32 })
		lines += int64(n)
		ends = ends[n:]
		if err != nil {
			return lines, start, true, err
		}
	}
	return lines, start, done, nil
}

// endsCells is countEndsGrid's cells of the lines that end at ends, the first at start,
// through the grid's pair tables (it has them), up to the first line it cannot take that
// way (shorter than the grid's ends, too long, or too near data's end to read a word
// after the shared prefix: countEndsGrid takes those) or the one that brings start to to;
// it returns how many it took and where the next starts. gridEnds (amd64) does the same
// in registers.
func endsCells(g *cellGrid, data []byte, ends []uint32, start, to int, idxs, starts *[gridBatch]uint32) (n, next int) {
	for last := len(data) - g.from - 8; n < len(ends) && n < gridBatch && start <= last; {
		end := int(ends[n])
		l := end - start
		if l > 0 && data[end-1] == '\r' {
			l--
		}
		if l < g.ends || l > MaxRowLength {
			break
		}
		idxs[n] = g.wordsCell(binary.LittleEndian.Uint64(data[start:]), binary.LittleEndian.Uint64(data[start+g.from:]), l)
		starts[n] = uint32(start)
		start = end + 1
		if n++; start >= to {
			break
		}
	}
	return n, start
}

// wordsCell is the cell of a line of n bytes (at least the grid's ends) whose first word
// is head and whose word after the shared prefix is w, through the grid's pair tables
// (it has them): w with the bytes past the line set to zero, whose pairs add corr[n-from]
// more than the rank 0s of a short line's positions past its end, which is 0. It is
// inlined (at the budget: a cost of 80); as a call a line it was 13% of user1m's CPU.
func (g *cellGrid) wordsCell(head, w uint64, n int) uint32 {
	l := min(n-g.from, 8) & 15
	w &= lineMasks[l]
	idx := g.pairTabs[0][uint16(w)] + g.pairTabs[1][uint16(w>>16)] + g.pairTabs[2][uint16(w>>32)] + g.pairTabs[3][uint16(w>>48)] - g.corr[l]
	if head&g.skipMask != g.skipWord {
		idx = miss
	}
	return idx
}

// lineMasks[n] keeps the first n bytes of a little-endian word.
// (Sixteen entries, so that an index masked by 15 needs no bounds check.)
var lineMasks = [16]uint64{0, 0xFF, 0xFFFF, 0xFFFFFF, 0xFFFFFFFF, 0xFFFFFFFFFF, 0xFFFFFFFFFFFF, 0xFFFFFFFFFFFFFF, ^uint64(0)}

// noPairs is the pair table of positions past the depth: they weigh nothing. (Never
// written: its pages stay the kernel's zero page.)
var noPairs [1 << 16]uint32

// gridCell is the cell of key, at least the grid's ends long (a number at or above its
// size on a miss): a key shorter than the depth ends in rank 0s.
func gridCell(g *cellGrid, key []byte) uint32 {
	var idx uint32
	off := 0 // j<<8 at position j
	for _, b := range key[:min(len(key), g.depth)] {
		idx += g.cls[(off|int(b))&(maxGridDepth<<8-1)]
		off += 256
	}
	return idx
}

// trimCR is line without a \r at its end.
func trimCR(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		return line[:n-1]
	}
	return line
}

// countKey counts one key, the count's lines taken one at a time (a block's last, a
// decoded one, --raw's): through the grid when there is one, so that those do not make
// its lazy prefix table (a line a 64 KiB block of user-%d keys made it), else by Locate.
// The key need not be in the count's data, so one in an ambiguous cell is placed at once
// rather than held (addGridLines).
func (c *lineCounter) countKey(key []byte) {
	if g := c.loc.grid; g != nil && len(key) >= g.ends {
		g = c.loc.cellGrid()
		idx := [1]uint32{gridCell(g, key)}
		bins := c.gridBinsOf()
		switch cell := idx[0]; {
		case cell >= g.size: // Locate, below
		case g.ambiguous(cell):
			c.addAmbiguous(g, bins, idx[:], func(int) []byte { return key })
			return
		default:
			c.addGridLines(g, bins, idx[:], nil)
			return
		}
	}
	c.counts[c.loc.Locate(key)]++
}
