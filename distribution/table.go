package distribution

import (
	"bytes"
	"encoding/binary"
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

// newPrefixTable builds the table for keys (sorted, distinct, non-empty), or returns nil
// when there are none or too many for an entry's base. The depth is the most leading
// positions whose combinations fit maxEntries, and no more than the longest key.
func newPrefixTable(keys [][]byte) *prefixTable {
	if len(keys) == 0 || len(keys) >= entryBase {
		return nil
	}
	reps, size, depth := tableClasses(keys)
	if depth == 0 {
		return nil
	}
	t := &prefixTable{depth: depth, cls: make([]uint32, depth<<8), entries: make([]uint32, size)}
	t.fillClasses(reps[:depth], size)
	for t.skip < min(depth, 8) && len(reps[t.skip]) == 1 {
		t.skipWord |= uint64(reps[t.skip][0]) << (8 * t.skip)
		t.skipMask |= 0xFF << (8 * t.skip)
		t.skip++
	}
	t.fillEntries(keys, reps[:depth])
	t.shortByBase = true
	for _, k := range keys {
		t.shortByBase = t.shortByBase && k[len(k)-1] != 0
	}
	t.tails = make([]uint32, len(keys)+3) // see locate
	for i, k := range keys {
		t.tails[i] = tail4(k, depth)
	}
	return t
}

// tableClasses chooses the table's depth: as many leading positions of the keys as fit in
// maxEntries combinations of their classes. reps[j] are the classes of position j in byte
// order, each by its first byte; size is the number of combinations.
func tableClasses(keys [][]byte) (reps [maxDepth][]byte, size, depth int) {
	longest := 0
	for _, k := range keys {
		longest = max(longest, len(k))
	}
	// present[j][b]: byte b occurs at position j of some split key.
	var present [maxDepth][256]bool
	for _, k := range keys {
		for j, b := range k[:min(len(k), maxDepth)] {
			present[j][b] = true
		}
	}
	size = 1
	for depth < min(longest, maxDepth) {
		rs := classes(&present[depth])
		if size*len(rs) > maxEntries {
			break
		}
		reps[depth] = rs
		size *= len(rs)
		depth++
	}
	return reps, size, depth
}

// fillClasses maps each byte at each position to its class's offset in entries (miss for
// a byte of no class); size is the number of entries.
func (t *prefixTable) fillClasses(reps [][]byte, size int) {
	stride := size
	for j, rs := range reps {
		stride /= len(rs)
		for b := range 256 {
			t.cls[j<<8|b] = miss
		}
		if len(rs) == 1 { // one value: only it has a class
			t.cls[j<<8|int(rs[0])] = 0
			continue
		}
		r := -1
		for b := range 256 {
			if r+1 < len(rs) && int(rs[r+1]) == b {
				r++
			}
			t.cls[j<<8|b] = uint32(r * stride)
		}
	}
}

// fillEntries walks the combinations in index order, which is byte order, with the split
// keys. A class's first byte stands for all of it: its bytes compare alike with every
// split key.
func (t *prefixTable) fillEntries(keys [][]byte, reps [][]byte) {
	depth := len(reps)
	p := make([]byte, depth)
	digit := make([]int, depth)
	for j := range depth {
		p[j] = reps[j][0]
	}
	next := 0 // the first split key > p
	for i := range t.entries {
		for next < len(keys) && bytes.Compare(keys[next], p) <= 0 {
			next++
		}
		ext := 0
		for next+ext < len(keys) && bytes.HasPrefix(keys[next+ext], p) && ext < manyExtend {
			ext++
		}
		t.entries[i] = uint32(next) | uint32(ext)<<entryShift
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

// locate is the region of key (at least depth bytes) given its entry e, or -1 when the
// entry has too many extending keys to compare here.
func (t *prefixTable) locate(keys [][]byte, e uint32, key []byte) int {
	base, ext := int(e&entryBase), int(e>>entryShift)
	if ext == 0 {
		return base
	}
	if ext == manyExtend {
		return -1
	}
	// Count, without branches, the extending keys whose next four bytes sort below or
	// equal to the key's; only ties need a full comparison (see next8 for why zero padding
	// keeps the order). Up to four, the usual case, take no loop (tails4).
	k4 := tail4(key, t.depth)
	var lt, le int
	if ext <= 4 {
		lt, le = tails4(t.tails, base, ext, k4)
	} else {
		lt, le = base, base
		for _, s4 := range t.tails[base : base+ext] {
			lt += b2i(s4 < k4)
			le += b2i(s4 <= k4)
		}
	}
	for ; lt < le && bytes.Compare(keys[lt][t.depth:], key[t.depth:]) <= 0; lt++ {
	}
	return lt
}

// tails4 is the number of split keys <= P plus those of the ext (1 to 4) after base whose
// tails sort below k4 (lt) and at or below it (le), for an entry of base and ext: without
// a branch or a loop (tails has three spare entries at its end, and the ones past the
// window are masked off). lt == le says the key ties with none of them, and its region is
// lt.
func tails4(tails []uint32, base, ext int, k4 uint32) (lt, le int) {
	ts := tails[base : base+4 : base+4]
	lt = base + b2i(ts[0] < k4) + b2i(ts[1] < k4)&b2i(ext > 1) +
		b2i(ts[2] < k4)&b2i(ext > 2) + b2i(ts[3] < k4)&b2i(ext > 3)
	le = base + b2i(ts[0] <= k4) + b2i(ts[1] <= k4)&b2i(ext > 1) +
		b2i(ts[2] <= k4)&b2i(ext > 2) + b2i(ts[3] <= k4)&b2i(ext > 3)
	return lt, le
}

// locateShort is the region of a key shorter than depth, or ok false on a miss. It looks
// up the key padded with zero bytes to depth, K0: the split keys <= K0 are those <= key
// and those strictly between, which can only be key followed by zero bytes (up to K0
// itself) and sort just below the entry's base.
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
	r := int(t.entries[idx] & entryBase)
	for r > 0 && zeroExtends(keys[r-1], key) {
		r--
	}
	return r, true
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
