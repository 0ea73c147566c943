// Package distribution counts how rowkeys fall into the regions of a pre-split table: it
// locates a key among the split keys, streams key samples of any size through them with
// O(regions) memory, summarises the counts (skew, coefficient of variation, empty regions)
// and writes the result as a table, CSV or JSON.
//
// It also reads HBase's SPLITS_FILE format exactly as the hbase shell does.
package distribution

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/presplit/presplit/hbytes"
)

// MaxRowLength is HBase's limit on a row key (HConstants.MAX_ROW_LENGTH, Short.MAX_VALUE).
const MaxRowLength = 32767

// Locator finds the region of a key among sorted split keys. Region i is
// [keys[i-1], keys[i]): a key equal to a split key starts that key's region.
//
// Lookups go through a two-byte index: every split key that shares a key's first two bytes
// lies in one small window of the sorted keys, so a lookup is one table read plus a binary
// search of a few keys. Locate never allocates.
type Locator struct {
	keys [][]byte
	// start[p] is the number of split keys that sort below the two bytes p>>8, p&0xFF; the
	// keys with those two leading bytes are within keys[start[p]:start[p+1]].
	start []uint32
}

// ErrSplitOrder reports split keys that are not strictly increasing or include an empty key.
var ErrSplitOrder = errors.New("split keys must be non-empty and strictly increasing in unsigned byte order")

// NewLocator indexes keys, which must be non-empty and strictly increasing (bytes.Compare).
// The keys are not copied and must not change while the Locator is used.
func NewLocator(keys [][]byte) (*Locator, error) {
	for i, k := range keys {
		if len(k) == 0 {
			return nil, fmt.Errorf("%w: key %d is empty", ErrSplitOrder, i)
		}
		if i > 0 && bytes.Compare(keys[i-1], k) >= 0 {
			return nil, fmt.Errorf("%w: key %d %s does not sort after key %d %s", ErrSplitOrder,
				i, quote(hbytes.ToStringBinary(k)), i-1, quote(hbytes.ToStringBinary(keys[i-1])))
		}
	}
	l := &Locator{keys: keys, start: make([]uint32, 1<<16+1)}
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
	return l, nil
}

// Regions is the number of regions the split keys make: len(keys)+1.
func (l *Locator) Regions() int { return len(l.keys) + 1 }

// Keys returns the split keys the Locator was built from.
func (l *Locator) Keys() [][]byte { return l.keys }

// Locate returns the index of the region holding key: the number of split keys <= key.
func (l *Locator) Locate(key []byte) int {
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
	// Compare the rest only.
	rest := key[2:]
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if bytes.Compare(l.keys[mid][2:], rest) <= 0 {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
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
