package distribution

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sync"

	"github.com/presplit/presplit/splits"
)

// prefixTable places a key of depth bytes or more by its first depth bytes in one table
// read.
//
// Split keys are short next to the keys they split, and at each position they use few
// byte values (16 for hex, 10 for digits, one for a shared prefix like "user-"). At
// position j, each such value is a class, and so is each run of values between them: all
// bytes of a class compare alike with every split key's byte j. Ranking the classes numbers
// every combination of them in byte order: the mixed-radix number sum(rank_j * stride_j)
// indexes entries (19 classes for hex digits, 19^4 entries for four of them). A position
// where every split key has the same byte has that byte as its only class; a key with
// another byte there has no rank (a miss) and takes the general path.
//
// For a combination P, the split keys <= P are <= every key that starts with P, the ones
// that extend P (longer, with P as their prefix) need comparing, and the rest sort above
// all of them. An entry holds the number of split keys <= P and how many extend P; those
// follow it in sorted order, and their bytes after P are compared as one number (tails).
type prefixTable struct {
	depth int
	// The first skip positions (at most 8) have one class each, a prefix all split keys
	// share: a key of 8 bytes or more matches it when its first word, masked by skipMask,
	// is skipWord, which costs less than skip class reads.
	skip               int
	skipMask, skipWord uint64
	// cls[j<<8|b] is rank*stride of byte b at position j, or miss.
	cls []uint32
	// entries[i] is base | extending<<entryShift, base the number of split keys <= P.
	entries []uint32
	// shortByBase says no split key ends in a zero byte: then a key shorter than depth is
	// in the region of its zero-padded entry's base (locateShort's walk back finds
	// nothing), which tableLines counts without Locate.
	shortByBase bool
	// tails[i] is bytes depth..depth+3 of keys[i], big-endian, zero-padded; three more
	// entries follow the keys'. (Four bytes: with 100,000 regions the tails then fit in the
	// L2 cache beside the entries; keys that tie on them are compared in full.)
	tails []uint32
	// crowd places the keys of entries that manyExtend split keys extend, when there are
	// such entries and room for them (nil otherwise).
	crowd *crowdTable
}

const (
	entryShift = 27
	entryBase  = 1<<entryShift - 1
	// manyExtend marks an entry with more extending keys than a linear scan should compare.
	manyExtend = 31
	// miss is larger than any sum of ranks: one miss among the depth bytes pushes the index
	// past the entries, and maxDepth of them still fit in 32 bits.
	miss     = 1 << 26
	maxDepth = 16
	// maxEntries bounds the table at 512 KiB: it stays in the L2 cache of the core that
	// counts with it.
	maxEntries = 1 << 17
)

// newPrefixTable builds the table for keys (sorted, distinct, non-empty) whose bytes are
// sp, or returns nil when there are none or too many for an entry's base. The depth is the
// most leading positions whose combinations fit maxEntries, and no more than the longest
// key.
func newPrefixTable(keys [][]byte, sp *splitBytes) *prefixTable {
	if len(keys) == 0 || len(keys) >= entryBase {
		return nil
	}
	reps, size, depth := tableClasses(sp)
	if depth == 0 {
		return nil
	}
	t := &prefixTable{depth: depth, cls: make([]uint32, depth<<8), entries: make([]uint32, size)}
	fillClasses(t.cls, reps[:depth], size)
	t.skip, t.skipMask, t.skipWord = sharedWord(depth, func(j int) (byte, bool) { return reps[j][0], len(reps[j]) == 1 })
	together(func() {
		crowded := fillEntries(t.entries, keys, 0, reps[:depth], 0)
		t.crowd = newCrowdTable(keys, depth, len(t.entries), crowded)
	}, func() {
		t.shortByBase = true
		for _, k := range keys {
			t.shortByBase = t.shortByBase && k[len(k)-1] != 0
		}
		t.tails = make([]uint32, len(keys)+3) // see locate
		for i, k := range keys {
			t.tails[i] = tail4(k, depth)
		}
	})
	return t
}

// sharedWord is the prefix every split key shares at its first positions, up to limit and
// 8 (one word): n positions where only(j) says one byte occurs, and the word's mask and
// bytes there (little-endian, as a line's first word holds them).
func sharedWord(limit int, only func(j int) (byte, bool)) (n int, mask, word uint64) {
	for n < min(limit, 8) {
		b, ok := only(n)
		if !ok {
			break
		}
		word |= uint64(b) << (8 * n)
		mask |= 0xFF << (8 * n)
		n++
	}
	return n, mask, word
}

// tableClasses chooses the table's depth: as many leading positions of the keys as fit in
// maxEntries combinations of their classes. reps[j] are the classes of position j in byte
// order, each by its first byte; size is the number of combinations.
func tableClasses(sp *splitBytes) (reps [maxDepth][]byte, size, depth int) {
	size = 1
	for depth < min(sp.longest, maxDepth) {
		rs := classes(&sp.present[depth])
		if size*len(rs) > maxEntries {
			break
		}
		reps[depth] = rs
		size *= len(rs)
		depth++
	}
	return reps, size, depth
}

// fillClasses maps each byte at each position of reps to its class's offset in a table of
// size entries, in cls (miss for a byte of no class).
func fillClasses(cls []uint32, reps [][]byte, size int) {
	stride := size
	for j, rs := range reps {
		stride /= len(rs)
		for b := range 256 {
			cls[j<<8|b] = miss
		}
		if len(rs) == 1 { // one value: only it has a class
			cls[j<<8|int(rs[0])] = 0
			continue
		}
		r := -1
		for b := range 256 {
			if r+1 < len(rs) && int(rs[r+1]) == b {
				r++
			}
			cls[j<<8|b] = uint32(r * stride)
		}
	}
}

// splitBytes is what the table and the grid are built from: the bytes split keys have at
// each of their first maxDepth positions, the longest key's length, and how many keys
// have each length up to maxDepth (longer ones count as maxDepth+1).
type splitBytes struct {
	present [maxDepth][256]bool // present[j][b]: byte b occurs at position j of some split key
	longest int
	lengths [maxDepth + 2]int
}

// longer is the number of split keys longer than depth (at most maxDepth).
func (sp *splitBytes) longer(depth int) int {
	n := 0
	for _, c := range sp.lengths[depth+1:] {
		n += c
	}
	return n
}

// scanKeys is keys' splitBytes, found in parts on every core in the pass that checks their
// order: bad is the first key that is empty or does not sort after the one before
// (len(keys) when none is; then sp is nil).
func scanKeys(keys splits.Keys) (sp *splitBytes, bad int) {
	sp = new(splitBytes)
	bad = keys.Len()
	var mu sync.Mutex
	inParts(keys.Len(), func(lo, hi int) {
		var own splitBytes
		if i := own.scan(keys, lo, hi); i < hi {
			mu.Lock()
			bad = min(bad, i)
			mu.Unlock()
			return
		}
		mu.Lock()
		defer mu.Unlock()
		sp.longest = max(sp.longest, own.longest)
		for j := range own.present {
			for b, p := range own.present[j] {
				sp.present[j][b] = sp.present[j][b] || p
			}
		}
		for n, c := range own.lengths {
			sp.lengths[n] += c
		}
	})
	if bad < keys.Len() {
		return nil, bad
	}
	return sp, bad
}

// scan adds keys lo to hi-1 to sp, and returns hi, or the first of them that is empty or
// does not sort after the one before. (A function of its own, over Range: in scanKeys'
// closure the loop over a key's bytes kept its counter on the stack, a store and a load a
// byte, and At copied all of Keys to the stack for each key. BenchmarkScanKeys, a million
// hex keys: 21 ms that way, 17.7 this way, 15 over the keys' slices, which cost more to
// make.)
func (sp *splitBytes) scan(keys splits.Keys, lo, hi int) int {
	var prev []byte // key i-1
	if lo > 0 {
		prev = keys.At(lo - 1)
	}
	for i, k := range keys.Range(lo, hi) {
		// The bytes k shares with the key before are marked present already (by this
		// part, or by the part that key is in): sorted keys share most of theirs, and
		// where they first differ also says whether k sorts after it.
		from := 0
		if i > 0 {
			from = commonPrefix(prev, k)
			if from == len(k) || from < len(prev) && prev[from] > k[from] {
				return i
			}
		} else if len(k) == 0 {
			return i
		}
		prev = k
		sp.longest = max(sp.longest, len(k))
		sp.lengths[min(len(k), maxDepth+1)]++
		for j := from; j < min(len(k), maxDepth); j++ {
			sp.present[j][k[j]] = true
		}
	}
	return hi
}

// commonPrefix is how many leading bytes a and b share, a word at a time.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
	}
	for ; i < n && a[i] == b[i]; i++ {
	}
	return i
}

// crowded is an entry that manyExtend or more split keys extend: keys[lo:lo+n].
type crowded struct{ entry, lo, n int }

// fillEntries fills dst, an entry for each combination of reps in index order, which is
// byte order, for keys compared from byte from on: they are sorted, and share their bytes
// before from. base is the number of split keys before keys. A class's first byte stands
// for all of it: its bytes compare alike with every split key. It returns the entries that
// manyExtend or more keys extend.
func fillEntries(dst []uint32, keys [][]byte, from int, reps [][]byte, base int) []crowded {
	depth := len(reps)
	p := make([]byte, depth)
	digit := make([]int, depth)
	for j := range depth {
		p[j] = reps[j][0]
	}
	var crowd []crowded
	next := 0 // the first split key > p
	for i := range dst {
		for next < len(keys) && bytes.Compare(keys[next][from:], p) <= 0 {
			next++
		}
		ext := 0
		for next+ext < len(keys) && bytes.HasPrefix(keys[next+ext][from:], p) {
			ext++
		}
		dst[i] = uint32(base+next) | uint32(min(ext, manyExtend))<<entryShift
		if ext >= manyExtend {
			crowd = append(crowd, crowded{entry: i, lo: base + next, n: ext})
		}
		for j := depth - 1; j >= 0; j-- { // the next combination
			digit[j]++
			if digit[j] < len(reps[j]) {
				p[j] = reps[j][digit[j]]
				break
			}
			digit[j] = 0
			p[j] = reps[j][0]
		}
	}
	return crowd
}

// index is the entry of key's first depth bytes, or a number >= len(entries) on a miss.
// key must hold at least depth bytes.
func (t *prefixTable) index(key []byte) uint32 {
	var idx uint32
	for j, b := range key[:t.depth] {
		idx += t.cls[j<<8|int(b)]
	}
	return idx
}

// locate is the region of key (at least depth bytes) given its entry's index i, or -1
// when too many split keys extend the entry to compare here.
func (t *prefixTable) locate(keys [][]byte, i uint32, key []byte) int {
	e := t.entries[i]
	if e>>entryShift == manyExtend {
		if t.crowd == nil {
			return -1
		}
		return t.crowd.locate(keys, i, key)
	}
	return extendedRegion(keys, e, t.tails, t.depth, key)
}

// extendedRegion is the region of key given its entry e in a table of depth bytes with
// tails, when fewer than manyExtend split keys extend the entry.
func extendedRegion(keys [][]byte, e uint32, tails []uint32, depth int, key []byte) int {
	base, ext := int(e&entryBase), int(e>>entryShift)
	if ext == 0 {
		return base
	}
	// Count, without branches, the extending keys whose next four bytes sort below or
	// equal to the key's; only ties need a full comparison (see next8 for why zero padding
	// keeps the order). Up to four, the usual case, take no loop (tails4).
	k4 := tail4(key, depth)
	var lt, le int
	if ext <= 4 {
		lt, le = tails4(tails, base, ext, k4)
	} else {
		lt, le = base, base
		for _, s4 := range tails[base : base+ext] {
			lt += b2i(s4 < k4)
			le += b2i(s4 <= k4)
		}
	}
	for ; lt < le && bytes.Compare(keys[lt][depth:], key[depth:]) <= 0; lt++ {
	}
	return lt
}

// tailRegion is the region of a key from its entry e and k4, its four bytes after the
// table's depth (zero-padded, tail4): when up to four split keys extend the entry and
// none of them ties with the key on those bytes. ok is false otherwise, for the full
// comparison. (The table kernel decides its lines the same way.)
func tailRegion(tails []uint32, e, k4 uint32) (region int, ok bool) {
	ext := int(e >> entryShift)
	if ext > 4 {
		return 0, false
	}
	lt, le := tails4(tails, int(e&entryBase), ext, k4)
	return lt, lt == le
}

// tails4 is the number of split keys <= P plus those of the ext (0 to 4) after base whose
// tails sort below k4 (lt) and at or below it (le), for an entry of base and ext: without
// a branch or a loop (tails has spare entries at its end, and the ones past the window are
// masked off). lt == le says the key ties with none of them, and its region is lt.
func tails4(tails []uint32, base, ext int, k4 uint32) (lt, le int) {
	ts := tails[base : base+4 : base+4]
	lt = base + b2i(ts[0] < k4)&b2i(ext > 0) + b2i(ts[1] < k4)&b2i(ext > 1) +
		b2i(ts[2] < k4)&b2i(ext > 2) + b2i(ts[3] < k4)&b2i(ext > 3)
	le = base + b2i(ts[0] <= k4)&b2i(ext > 0) + b2i(ts[1] <= k4)&b2i(ext > 1) +
		b2i(ts[2] <= k4)&b2i(ext > 2) + b2i(ts[3] <= k4)&b2i(ext > 3)
	return lt, le
}

// locateShort is the region of a key shorter than depth, or ok false on a miss. It looks
// up the key padded with zero bytes to depth, K0 (see paddedBase).
func (t *prefixTable) locateShort(keys [][]byte, key []byte) (region int, ok bool) {
	var idx uint32
	for j, b := range key {
		idx += t.cls[j<<8|int(b)]
	}
	for j := len(key); j < t.depth; j++ {
		idx += t.cls[j<<8]
	}
	if idx >= uint32(len(t.entries)) {
		return 0, false
	}
	return paddedBase(keys, t.entries[idx], key), true
}

// paddedBase is the region of a key shorter than a table's depth, given e, the entry of
// the key padded with zero bytes to the depth, K0: the split keys <= K0 are those <= key
// and those strictly between, which can only be key followed by zero bytes (up to K0
// itself) and sort just below the entry's base.
func paddedBase(keys [][]byte, e uint32, key []byte) int {
	r := int(e & entryBase)
	for r > 0 && zeroExtends(keys[r-1], key) {
		r--
	}
	return r
}

// zeroExtends reports whether s is key followed by one or more zero bytes.
func zeroExtends(s, key []byte) bool {
	if len(s) <= len(key) || !bytes.HasPrefix(s, key) {
		return false
	}
	for _, b := range s[len(key):] {
		if b != 0 {
			return false
		}
	}
	return true
}

// crowdTable is a prefixTable's second level: for each entry that manyExtend or more
// split keys extend, a block of entries on the bytes after the table's, built as the
// table's are. A million split keys taken from a sample of user-%d keys extend most
// entries of a table that fits the L2 cache a hundred times over; their blocks, about two
// entries a split key, find a key's region in two table reads where a binary search of a
// million keys would take twenty.
//
// Every block uses the same classes at each position: those of the bytes the crowded
// entries' keys have there.
type crowdTable struct {
	from, depth int      // the bytes [from, depth) of a key index its block
	cls         []uint32 // cls[(j-from)<<8|b], as the table's
	block       []uint32 // block[i] is where the block of the table's entry i starts in entries
	entries     []uint32 // as the table's, and bases count all split keys
	tails       []uint32 // bytes depth..depth+3 of each split key, and four spare (tails4 of base len(keys))
}

// maxCrowdEntries bounds a crowdTable at 64 MiB, however many split keys there are.
const maxCrowdEntries = 1 << 24

// newCrowdTable builds the second level of a table of depth from and n entries, for its
// crowded entries; nil when there are none, or no room for a block of one byte's classes
// (the table then leaves their keys to Locate's general path, as before).
func newCrowdTable(keys [][]byte, from, n int, crowd []crowded) *crowdTable {
	if len(crowd) == 0 {
		return nil
	}
	var present [maxDepth][256]bool
	longest := 0
	for _, c := range crowd {
		for _, k := range keys[c.lo : c.lo+c.n] {
			longest = max(longest, len(k))
			for j, b := range k[from:min(len(k), from+maxDepth)] {
				present[j][b] = true
			}
		}
	}
	// About two entries a split key: the blocks' entries mostly hold none or one.
	budget := min(max(maxEntries, 2*len(keys)), maxCrowdEntries)
	var reps [][]byte
	size := 1
	for j := 0; j < min(longest-from, maxDepth); j++ {
		rs := classes(&present[j])
		if len(crowd)*size*len(rs) > budget {
			break
		}
		reps = append(reps, rs)
		size *= len(rs)
	}
	if len(reps) == 0 {
		return nil
	}
	c := &crowdTable{
		from: from, depth: from + len(reps),
		cls: make([]uint32, len(reps)<<8), block: make([]uint32, n),
		entries: make([]uint32, len(crowd)*size), tails: make([]uint32, len(keys)+4),
	}
	fillClasses(c.cls, reps, size)
	together(func() {
		// In parts of the crowded entries, weighed by their keys: each block is its own.
		inParts(len(keys), func(lo, hi int) {
			for b, cr := range crowd {
				if cr.lo < lo || cr.lo >= hi {
					continue
				}
				off := b * size
				c.block[cr.entry] = uint32(off)
				// The block's own crowded entries keep manyExtend: their keys take the
				// general path.
				fillEntries(c.entries[off:off+size], keys[cr.lo:cr.lo+cr.n], from, reps, cr.lo)
			}
		})
	}, func() {
		for i, k := range keys {
			c.tails[i] = tail4(k, c.depth)
		}
	})
	return c
}

// locate is the region of key, whose first from bytes are those of the table's entry i,
// or -1 when its block does not place it.
func (c *crowdTable) locate(keys [][]byte, i uint32, key []byte) int {
	idx := c.index(i, key)
	if idx >= uint32(len(c.entries)) {
		return -1
	}
	e := c.entries[idx]
	switch {
	case len(key) < c.depth:
		return paddedBase(keys, e, key)
	case e>>entryShift == manyExtend:
		return -1
	}
	return extendedRegion(keys, e, c.tails, c.depth, key)
}

// index is the index in entries of key, whose first from bytes are those of the table's
// entry i: its bytes from..depth, padded with zero bytes when it is shorter (as
// locateShort pads), or a number >= len(entries) on a miss.
func (c *crowdTable) index(i uint32, key []byte) uint32 {
	idx := c.block[i]
	n := min(len(key), c.depth)
	for j, b := range key[c.from:n] {
		idx += c.cls[j<<8|int(b)]
	}
	for j := n; j < c.depth; j++ {
		idx += c.cls[(j-c.from)<<8]
	}
	return idx
}

// indexOf is the index in entries of key, a line tableLines left with t, or miss (a line
// to leave to Locate) when no block holds it. A key shorter than the blocks' depth is
// padded when t.shortByBase: its region is then its entry's base (no split key ends in a
// zero byte, so paddedBase walks back over none); otherwise it is left too.
func (c *crowdTable) indexOf(t *prefixTable, key []byte) uint32 {
	if len(key) < t.depth || len(key) < c.depth && !t.shortByBase {
		return miss
	}
	i := t.index(key)
	if i >= uint32(len(t.entries)) || t.entries[i]>>entryShift != manyExtend {
		return miss
	}
	return c.index(i, key)
}

// tail4 is b[d:d+4] as a big-endian number, zero-padded when b is shorter.
func tail4(b []byte, d int) uint32 {
	if len(b) >= d+4 {
		return binary.BigEndian.Uint32(b[d:])
	}
	var pad [4]byte
	if len(b) > d {
		copy(pad[:], b[d:])
	}
	return binary.BigEndian.Uint32(pad[:])
}

// classes divides the byte values of one position into classes that compare alike with
// every split key byte there, given which bytes occur there (present): each present byte
// is a class, and so is each run of absent bytes between them. It returns each class's
// first byte, ascending. When a single byte occurs (a prefix all split keys share), it is
// the only class: keys without it take the general path, and the table stays small.
func classes(present *[256]bool) []byte {
	var reps []byte
	n := 0
	for b := range 256 {
		if present[b] {
			n++
		}
	}
	if n == 1 {
		for b := range 256 {
			if present[b] {
				return []byte{byte(b)}
			}
		}
	}
	for b := range 256 {
		if present[b] || b == 0 || present[b-1] {
			reps = append(reps, byte(b))
		}
	}
	return reps
}
