package distribution

import "encoding/binary"

// With many listed split keys (a sample cut of a million), a line's lookup reads memory
// that is not in the core's caches: its table entry's split keys' tails (4 MB at a
// million keys) and its count (4 MB of 32-bit counts, 1 MB of low bytes). One line at a
// time, each of those reads waits for the one before it (the tails' address is in the
// entry, the count's is the region the tails give), and a line cost 190 ns of CPU
// (BenchmarkCountListed, hex keys against a sample cut). countFixedBatched takes the
// lines in passes over a batch instead, each pass a short loop whose reads do not wait on
// one another, as countRare does for the crowd table's lines: the entries (the table is
// in the L2 cache), the tails read ahead, the regions, then the counts, a byte a region
// from lowCountsFrom regions on (lowCounts). Reading ahead the first extending key's tail
// only, 144-162 ns; the first, middle and last (the up to 30 tails span up to three cache
// lines), 78-102 ns. (Mapping the tails and the table in huge pages, against TLB misses,
// made no difference measurable on this machine: 88-89 ns.)

// tableBatch is how many lines a pass of countFixedBatched takes: their entries, indexes
// and regions (3 KiB) stay in the L1 cache between the passes.
const tableBatch = 256

// batchFrom is the number of split keys from which countFixed goes in passes: 2^16 keys'
// tails (256 KiB) and the table's entries (512 KiB) fill a core's L2 cache (1 MiB here).
var batchFrom = 1 << 16 // a variable: the tests lower it, to take the passes on small splits

// countFixedBatched is countFixed in passes over tableBatch lines at a time.
func (c *lineCounter) countFixedBatched(data []byte, from, to, stride int) (int64, int) {
	t := c.loc.table()
	small := c.lowCounts()
	var idxs, got [tableBatch]uint32
	lines := int64(0)
	p := from
	for p < to {
		n := min(tableBatch, (to-p+stride-1)/stride)
		c.tableEntries(data, p, stride, idxs[:n], got[:n])
		var touched uint32
		last := uint32(len(t.tails) - 1)
		for _, e := range got[:n] {
			// Into the cache for the next pass: the first, middle and last extending key's
			// tails (up to 30 of them, 120 bytes: one to three cache lines). A crowded
			// entry's or a miss's count is 31: within the tails, or the last of them.
			b, ext := e&entryBase, e>>entryShift
			touched += t.tails[b] + t.tails[min(b+ext/2, last)] + t.tails[min(b+ext, last)]
		}
		c.touched += touched
		c.batchRegions(data, p, stride, idxs[:n], got[:n])
		c.addRegions(got[:n], small)
		lines += int64(n)
		p += n * stride
	}
	return lines, p
}

// batchRegions is the third pass: each line's region from its table index and entry
// (got, which it overwrites with the regions). An entry that 1 to 30 split keys extend
// (a sample cut of a million: all but a few lines, most of them 10 to 20 keys) is
// searched on the key's next four bytes in five steps without a branch (rankStep); the
// linear count over them it replaced took a branch on the entry's length and a compare a
// key. The lines that need more (a tie, a crowded entry, a miss) are left to fixedRegion
// after the loop: with that call in it, the loop kept its values on the stack and
// reloaded a dozen of them a line.
func (c *lineCounter) batchRegions(data []byte, p, stride int, idxs, got []uint32) {
	var left [tableBatch]uint16
	n := tailRegions(c.loc.table(), data, p, stride, got, left[:])
	for _, i := range left[:n] {
		got[i] = uint32(c.fixedRegion(idxs[i], got[i], data[p+int(i)*stride:p+(int(i)+1)*stride-1]))
	}
}

// tailRegions places the lines of got's entries (at p, stride bytes apart, in data) that
// are decided by their entry, or by their four bytes after the table's depth against the
// entry's 1 to manyExtend-1 extending keys' tails with no tie; it notes the others' indexes
// in left, and returns how many.
func tailRegions(t *prefixTable, data []byte, p, stride int, got []uint32, left []uint16) int {
	tails, depth := t.tails, t.depth
	// The four bytes after the depth are key bytes, not a \r before the \n.
	withTail := stride-2 >= depth+4
	nleft := 0
	for i, e := range got {
		if e <= entryBase {
			continue
		}
		base, ext := int(e&entryBase), int(e>>entryShift)
		if !withTail || ext >= manyExtend {
			left[nleft&(tableBatch-1)] = uint16(i)
			nleft++
			continue
		}
		at := p + i*stride + depth
		k4 := binary.BigEndian.Uint32(data[at : at+4])
		// The number of ts below k4: a binary search of fixed steps (16, 8, 4, 2, 1).
		ts := tails[base : base+ext]
		n := rankStep(ts, 0, 16, k4)
		n = rankStep(ts, n, 8, k4)
		n = rankStep(ts, n, 4, k4)
		n = rankStep(ts, n, 2, k4)
		n = rankStep(ts, n, 1, k4)
		if n < len(ts) && ts[n] == k4 { // a tie: the full comparison
			left[nleft&(tableBatch-1)] = uint16(i)
			nleft++
			continue
		}
		got[i] = uint32(base + n)
	}
	return nleft
}

// rankStep is one step of tailRegions' search of ts (1 to 31 tails, sorted): n+step
// when ts[n+step-1] is there and below k4.
func rankStep(ts []uint32, n, step int, k4 uint32) int {
	i := n + step
	j := min(i, len(ts)) - 1
	return n + step&-(b2i(i <= len(ts))&b2i(ts[j] < k4))
}

// tableEntries is the first pass: each line's table index and entry (entryBase, base 0,
// when the index misses the table).
func (c *lineCounter) tableEntries(data []byte, p, stride int, idxs, got []uint32) {
	t := c.loc.table()
	cls, entries, depth := t.cls, t.entries, t.depth
	for i := range idxs {
		var idx uint32
		for j, b := range data[p : p+depth] {
			idx += cls[j<<8|int(b)]
		}
		e := uint32(manyExtend << entryShift)
		if idx < uint32(len(entries)) {
			e = entries[idx]
		}
		idxs[i], got[i] = idx, e
		p += stride
	}
}

// fixedRegion is the region of line (a fixed-stride line without its \n) from its table
// index idx and entry e, as countFixed places it.
func (c *lineCounter) fixedRegion(idx, e uint32, line []byte) int {
	if e <= entryBase {
		return int(e)
	}
	t := c.loc.table()
	depth := t.depth
	if line[len(line)-1] == '\r' {
		line = line[:len(line)-1] // before the tail: a \r is no byte of the key
	}
	if ext := e >> entryShift; ext <= 4 && len(line) >= depth+4 {
		if r, ok := tailRegion(t.tails, e, binary.BigEndian.Uint32(line[depth:])); ok {
			return r
		}
	}
	if idx < uint32(len(t.entries)) && e>>entryShift != manyExtend {
		return extendedRegion(c.loc.keys, e, t.tails, depth, line)
	}
	return c.locateFrom(idx, line)
}

// addRegions counts the regions: into the low bytes small when there are many regions
// (a byte that wraps adds 256 to counts), else into counts.
func (c *lineCounter) addRegions(regions []uint32, small []uint8) {
	counts := c.counts
	if small == nil {
		for _, r := range regions {
			counts[r]++
		}
		return
	}
	for _, r := range regions {
		small[r]++
		if small[r] == 0 {
			counts[r] += 256
		}
	}
}
