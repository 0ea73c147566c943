// Package distribution counts how rowkeys fall into the regions of a pre-split table: it
// locates a key among the split keys, streams key samples of any size through them with
// O(regions) memory, summarises the counts (skew, coefficient of variation, empty regions)
// and writes the result as a table, CSV or JSON.
//
// It also reads HBase's SPLITS_FILE format exactly as the hbase shell does.
package distribution

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

// MaxRowLength is HBase's limit on a row key, hbase.MaxRowLength.
const MaxRowLength = hbase.MaxRowLength

// Locator finds the region of a key among sorted split keys. Region i is
// [keys[i-1], keys[i]): a key equal to a split key starts that key's region.
//
// Most lookups are one read of a prefix table (see prefixTable): split keys are usually a
// few bytes long and use few byte values, so a key's first few bytes decide its region
// unless split keys extend exactly those bytes, and then their next four bytes, compared
// as one number, nearly always do. With many split keys (a million from a sample), the
// entries they crowd have a second table on the bytes after (crowdTable). The rest go
// through the first three bytes (two table reads), then a two-byte index: every split key
// that shares a key's first two bytes lies in one small window of the sorted keys,
// searched on bytes 2..9 as one number. Locate never allocates.
type Locator struct {
	// list is the split keys; keys the same as a slice each, which the prefix table and
	// the two-byte index search: made at once without a grid, else on their first need
	// (slices), as a grid is made and counts without them (a million keys' slices are
	// 24 MB: 22 MB of verify's peak RSS and 5,900 of its page faults, with a sample cut
	// or get_splits of a million regions).
	list       splits.Keys
	keys       [][]byte
	slicesOnce sync.Once
	// fast[p] says what the two bytes p>>8, p&0xFF decide for a key of 3 bytes or more; an
	// entry of kind fastTable points at 256 entries of tables, one per third byte. See the
	// fast* constants.
	fast   []uint32
	tables []uint32
	// twoByte makes start, next8, fast and tables (buildTwoByte), once; gridIndex makes
	// the grid's bounds (cellGrid), once.
	twoByte, gridIndex sync.Once
	// start[p] is the number of split keys that sort below the two bytes p>>8, p&0xFF; the
	// keys with those two leading bytes are within keys[start[p]:start[p+1]].
	start []uint32
	// next8[i] is bytes 2..9 of keys[i], big-endian, zero-padded: comparing it with the
	// same bytes of a key decides most comparisons without touching the keys.
	next8 []uint64
	// tab places most keys in one table read before any of the above; nil when there are
	// no split keys (or 2^27 or more). Read it through table: beside a grid it is made on
	// first need (from sp), after lazySearches Locates have searched the keys instead.
	tab      *prefixTable
	tabOnce  sync.Once
	tabMade  atomic.Bool
	searched atomic.Int64
	sp       *splitBytes
	// grid counts most lines of a million split keys by their first bytes' cell; nil
	// below gridFrom keys, or when it would place too few lines (see cellGrid).
	grid *cellGrid
	// rule, when set, places every key instead, by the rule of a generated split; then
	// none of the above is built (NewRuleLocator).
	rule *ruleLocator
}

// ErrSplitOrder reports split keys that are not strictly increasing or include an empty key.
var ErrSplitOrder = errors.New("split keys must be non-empty and strictly increasing in unsigned byte order")

// NewLocator indexes keys, which must be non-empty and strictly increasing (bytes.Compare).
// The keys are copied into one buffer (NewKeysLocator takes them as they are).
//
// The prefix table and the grid or the two-byte index are built at once, on two cores.
func NewLocator(keys [][]byte) (*Locator, error) {
	return NewKeysLocator(splits.KeysOf(keys...))
}

// NewKeysLocator is NewLocator of keys as they are: they must not change while the Locator
// is used.
func NewKeysLocator(keys splits.Keys) (*Locator, error) {
	sp, bad := scanKeys(keys)
	if bad < keys.Len() {
		return nil, orderError(keys, bad)
	}
	l := &Locator{list: keys}
	// A grid places lines of any length, and is indexed at once, on both cores; it places
	// the lines of its ambiguous cells too, by their tails, and what is left to Locate
	// (misses, ties, lines too short for a cell) is few lines for a cut or get_splits: the
	// prefix table (a fifth of a hex cut's index time) and the two-byte index wait until
	// a line needs them. Without a grid the table and the two-byte index are made at
	// once, side by side.
	l.grid = newCellGrid(keys, sp)
	if l.grid != nil {
		l.sp = sp
		l.cellGrid()
		return l, nil
	}
	l.slices()
	together(func() { l.tab = newPrefixTable(l.keys, sp) }, func() { l.twoByte.Do(l.buildTwoByte) })
	return l, nil
}

// slices is keys, made on first need from list.
func (l *Locator) slices() [][]byte {
	l.slicesOnce.Do(func() { l.keys = l.list.Slices() })
	return l.keys
}

// lazySearches is how many Locates search the keys (countAtMost, a few microseconds each
// at a million keys) before a lazy table is made.
var lazySearches int64 = 4096

// table is the prefix table, made now if it is lazy and not yet made.
func (l *Locator) table() *prefixTable {
	if l.grid != nil { // the table is lazy
		l.tabOnce.Do(func() {
			l.tab = newPrefixTable(l.slices(), l.sp)
			l.tabMade.Store(true)
		})
	}
	return l.tab
}

// buildTwoByte makes the two-byte index: start, next8, and fast with its tables.
func (l *Locator) buildTwoByte() {
	keys := l.slices()
	l.start = make([]uint32, 1<<16+1)
	j := 0
	var two [2]byte
	for p := 0; p < 1<<16; p++ {
		two[0], two[1] = byte(p>>8), byte(p)
		for j < len(keys) && bytes.Compare(keys[j], two[:]) < 0 {
			j++
		}
		l.start[p] = uint32(j)
	}
	l.start[1<<16] = uint32(len(keys))
	l.next8 = make([]uint64, len(keys))
	for i, k := range keys {
		l.next8[i] = next8(k)
	}
	if len(keys) < fastMask {
		l.buildFast()
	}
}

// orderError is ErrSplitOrder for key bad, the first that is empty or does not sort after
// the one before.
func orderError(keys splits.Keys, bad int) error {
	if k := keys.At(bad); len(k) == 0 {
		return fmt.Errorf("%w: key %d is empty", ErrSplitOrder, bad)
	}
	return fmt.Errorf("%w: key %d %s does not sort after key %d %s", ErrSplitOrder,
		bad, hbytes.Quote(hbytes.ToStringBinary(keys.At(bad))), bad-1, hbytes.Quote(hbytes.ToStringBinary(keys.At(bad-1))))
}

// Kinds of fast and tables entries, in the top two bits; the low 30 bits are a number.
const (
	fastSearch = 0 << 30 // the prefix holds several split keys: take the general path
	fastTable  = 1 << 30 // (fast only) the third byte decides: see tables[n*256+key[2]]
	fastOne    = 2 << 30 // one split key keys[n] extends the prefix: the region is n or n+1
	fastRegion = 3 << 30 // the prefix decides: the region is n
	fastKind   = 3 << 30
	fastMask   = 1<<30 - 1
)

// maxFastTables bounds the third-byte tables at 4 MiB; prefixes past it take the general
// path, which is only slower.
const maxFastTables = 4096

// buildFast fills fast and tables from start. For a prefix P (two bytes, then three), the
// split keys < P and the one equal to P are <= every key that begins with P, and the keys
// after the last one that begins with P are above all of them: only the split keys that
// strictly extend P need comparing.
func (l *Locator) buildFast() {
	l.fast = make([]uint32, 1<<16)
	for p := range 1 << 16 {
		lo, hi := int(l.start[p]), int(l.start[p+1])
		if hi > lo && len(l.keys[hi-1]) < 2 {
			hi-- // the one-byte key after the prefix (see Locate)
		}
		if lo < hi && len(l.keys[lo]) == 2 {
			lo++ // the split key equal to the prefix sorts first
		}
		switch {
		case hi == lo:
			l.fast[p] = fastRegion | uint32(lo)
		case len(l.tables) < maxFastTables*256:
			l.fast[p] = fastTable | uint32(len(l.tables)/256)
			l.tables = l.appendTable(l.tables, lo, hi)
		case hi-lo == 1:
			l.fast[p] = fastOne | uint32(lo)
		}
	}
}

// appendTable appends the 256 third-byte entries of keys[lo:hi], which all share their
// first two bytes and are at least three bytes long.
func (l *Locator) appendTable(tables []uint32, lo, hi int) []uint32 {
	j := lo
	for b := range 256 {
		for j < hi && int(l.keys[j][2]) < b {
			j++
		}
		first := j // the first split key that may extend the three bytes
		if first < hi && int(l.keys[first][2]) == b && len(l.keys[first]) == 3 {
			first++
		}
		end := first
		for end < hi && int(l.keys[end][2]) == b {
			end++
		}
		switch end - first {
		case 0:
			tables = append(tables, fastRegion|uint32(first))
		case 1:
			tables = append(tables, fastOne|uint32(first))
		default:
			tables = append(tables, fastSearch)
		}
		j = end
	}
	return tables
}

// Regions is the number of regions the split keys make: len(keys)+1.
func (l *Locator) Regions() int {
	if l.rule != nil {
		return l.rule.rule.Regions
	}
	return l.list.Len() + 1
}

// Keys returns the split keys the Locator was built from.
func (l *Locator) Keys() [][]byte {
	if l.rule != nil {
		return l.rule.keys.Slices()
	}
	return l.slices()
}

// Locate returns the index of the region holding key: the number of split keys <= key.
func (l *Locator) Locate(key []byte) int {
	if l.rule != nil {
		return l.rule.locate(key)
	}
	if l.grid != nil && !l.tabMade.Load() && l.searched.Add(1) <= lazySearches {
		return countListed(l.list, key)
	}
	if t := l.table(); t != nil {
		if len(key) < t.depth {
			if r, ok := t.locateShort(l.keys, key); ok {
				return r
			}
		} else if i := t.index(key); i < uint32(len(t.entries)) {
			if r := t.locate(l.keys, i, key); r >= 0 {
				return r
			}
		}
	}
	return l.locateTwoByte(key)
}

// locateTwoByte is Locate without the prefix table: the first three bytes through fast and
// tables, then the two-byte index.
func (l *Locator) locateTwoByte(key []byte) int {
	l.twoByte.Do(l.buildTwoByte)
	if len(key) >= 3 && l.fast != nil {
		e := l.fast[int(key[0])<<8|int(key[1])]
		if e&fastKind == fastTable {
			e = l.tables[int(e&fastMask)<<8|int(key[2])]
		}
		switch e & fastKind {
		case fastRegion:
			return int(e & fastMask)
		case fastOne:
			n := int(e & fastMask)
			return n + b2i(l.atMost(n, key))
		}
	}
	return l.locateSearch(key)
}

// atMost reports whether keys[i] <= key, given that both share their first two bytes.
func (l *Locator) atMost(i int, key []byte) bool {
	if s8, k8 := l.next8[i], next8(key); s8 != k8 {
		return s8 < k8
	}
	return bytes.Compare(l.keys[i][2:], key[2:]) <= 0
}

// locateSearch is Locate through the two-byte index and a search of its window.
func (l *Locator) locateSearch(key []byte) int {
	if len(key) < 2 {
		return countAtMost(l.keys, key)
	}
	p := int(key[0])<<8 | int(key[1])
	lo, hi := int(l.start[p]), int(l.start[p+1])
	// keys[lo:hi] are the keys from key[:2] up to the next two bytes; the only one of them
	// that does not begin with key[:2] is a one-byte key equal to the next first byte
	// (key[0]+1 when key[1] is 0xFF), which sorts last.
	if hi > lo && len(l.keys[hi-1]) < 2 {
		hi--
	}
	// Compare the rest only, bytes 2..9 as one number first. Zero padding keeps the order:
	// unequal numbers differ at a byte both keys have, or where the shorter one ended.
	k8 := next8(key)
	if hi-lo <= linearWindow {
		// Count, without branches, the keys whose first ten bytes sort below or equal to
		// the key's; only keys that tie on those bytes need a full comparison.
		lt, le := lo, lo
		for _, s8 := range l.next8[lo:hi] {
			lt += b2i(s8 < k8)
			le += b2i(s8 <= k8)
		}
		if lt == le {
			return lt
		}
		lo, hi = lt, le
	}
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		s8 := l.next8[mid]
		if s8 < k8 || s8 == k8 && bytes.Compare(l.keys[mid][2:], key[2:]) <= 0 {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// linearWindow is the largest window scanned linearly rather than by binary search.
const linearWindow = 16

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// next8 is b[2:10] as a big-endian number, zero-padded when b is shorter.
func next8(b []byte) uint64 {
	if len(b) >= 10 {
		return binary.BigEndian.Uint64(b[2:10])
	}
	var pad [8]byte
	if len(b) > 2 {
		copy(pad[:], b[2:])
	}
	return binary.BigEndian.Uint64(pad[:])
}

// countListed is countAtMost over keys as they are listed (a lazy table's first few
// thousand Locates).
func countListed(keys splits.Keys, key []byte) int {
	return sort.Search(keys.Len(), func(i int) bool { return bytes.Compare(keys.At(i), key) > 0 })
}

// countAtMost is the number of keys <= key, by binary search over all of them.
func countAtMost(keys [][]byte, key []byte) int {
	lo, hi := 0, len(keys)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if bytes.Compare(keys[mid], key) <= 0 {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}
