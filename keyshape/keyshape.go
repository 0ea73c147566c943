// Package keyshape places keys shaped like a table's described rowkey (each value its
// prefix takes, the delimiter after it, a tail) into the regions of a split, with
// distribution's Locator, the same lookup `presplit verify` uses on real keys. A plan is
// checked this way before it is printed: a region no key reaches, or one that holds more
// than its share of the prefix values, is a split that does not fit the keys.
package keyshape

import (
	"bytes"
	"math"

	"github.com/presplit/presplit/distribution"
)

// MaxValues is the most prefix values Place enumerates; a larger prefix is not placed.
const MaxValues = 1 << 20

// tailLen is the length of the highest tail tried after each prefix value.
const tailLen = 8

// Shape is the rowkey as described.
type Shape struct {
	// Alphabet and Width are the prefix's: the values are the Width-long strings over the
	// alphabet in order. Values bounds them to the first Values (0: all).
	Alphabet []byte
	Width    int
	Values   uint64
	// Delimiter follows the prefix in every key; nil when none is described.
	Delimiter []byte
	// Tail is the bytes the rest of the key is made of (the lowest and the highest are
	// tried); nil means the prefix's alphabet, as in a hash-hex key.
	Tail []byte
}

// Count is the number of prefix values, ok false when it exceeds MaxValues.
func (s Shape) Count() (uint64, bool) {
	if s.Width <= 0 || len(s.Alphabet) == 0 {
		return 0, false
	}
	c := math.Pow(float64(len(s.Alphabet)), float64(s.Width))
	if s.Values > 0 && float64(s.Values) < c {
		c = float64(s.Values)
	}
	if c > MaxValues {
		return 0, false
	}
	return uint64(c), true
}

// Bucket is the prefix value i (0-based) as bytes.
func (s Shape) Bucket(i uint64) []byte {
	a := uint64(len(s.Alphabet))
	b := make([]byte, s.Width)
	for j := s.Width - 1; j >= 0; j-- {
		b[j] = s.Alphabet[i%a]
		i /= a
	}
	return b
}

// Low and High are the lowest and the highest key tried in bucket b: the prefix, the
// delimiter, then tailLen lowest or highest tail bytes (a key's rest is not empty).
func (s Shape) Low(b []byte) []byte  { return s.key(b, tailLen, false) }
func (s Shape) High(b []byte) []byte { return s.key(b, tailLen, true) }

func (s Shape) key(b []byte, n int, high bool) []byte {
	tail := s.Tail
	if len(tail) == 0 {
		tail = s.Alphabet
	}
	c := tail[0]
	if high {
		c = tail[len(tail)-1]
	}
	k := make([]byte, 0, len(b)+len(s.Delimiter)+n)
	k = append(append(k, b...), s.Delimiter...)
	return append(k, bytes.Repeat([]byte{c}, n)...)
}

// Placement is where the keys of each bucket fall.
type Placement struct {
	Buckets uint64
	// Own[r] is the buckets whose lowest key falls in region r (0-based): the region's
	// share of the prefix values.
	Own []uint64
	// Reached[r] says some bucket's keys fall in region r.
	Reached []bool
	// FirstOwn[r] is the first bucket region r owns, -1 when none.
	FirstOwn []int64
	// Slack is how many buckets past Share a region may own before it is overfull: 0
	// when placed; the region count when measured, as the keys of an algorithm's split
	// (HexStringSplit's integer division) are each off by up to one value per region.
	Slack uint64
}

// Share is the most buckets one region should own: ceil(buckets / regions).
func (p Placement) Share() uint64 {
	r := uint64(len(p.Own))
	return (p.Buckets + r - 1) / r
}

// Empty are the regions (0-based) no key reaches.
func (p Placement) Empty() []int {
	var out []int
	for r, ok := range p.Reached {
		if !ok {
			out = append(out, r)
		}
	}
	return out
}

// Overfull are the regions (0-based) that own more than Share buckets.
func (p Placement) Overfull() []int {
	var out []int
	share := p.Share() + p.Slack
	for r, n := range p.Own {
		if n > share {
			out = append(out, r)
		}
	}
	return out
}

// Place puts every bucket's lowest and highest key into the regions of loc. ok is false
// when the shape has more than MaxValues values (nothing placed).
//
// It runs before every plan is printed, for up to MaxValues buckets, so it allocates
// nothing per bucket: the two keys are built once and their prefix digits stepped in
// place, in bucket order (an odometer over the alphabet).
func Place(s Shape, loc *distribution.Locator) (Placement, bool) {
	n, ok := s.Count()
	if !ok {
		return Placement{}, false
	}
	regions := loc.Regions()
	p := Placement{Buckets: n, Own: make([]uint64, regions), Reached: make([]bool, regions), FirstOwn: make([]int64, regions)}
	for r := range p.FirstOwn {
		p.FirstOwn[r] = -1
	}
	first := s.Bucket(0)
	low, high := s.Low(first), s.High(first)
	digits := make([]int, s.Width) // bucket i's digits, as indexes into the alphabet
	marked := -1                   // buckets come in key order: each region is marked once
	for i := uint64(0); i < n; i++ {
		if i > 0 {
			s.step(digits, low, high)
		}
		lo, hi := loc.Locate(low), loc.Locate(high)
		p.Own[lo]++
		if p.FirstOwn[lo] < 0 {
			p.FirstOwn[lo] = int64(i)
		}
		for r := max(lo, marked+1); r <= hi; r++ {
			p.Reached[r] = true
		}
		marked = max(marked, hi)
	}
	return p, true
}

// step moves digits, and the prefix that begins low and high, on to the next bucket.
func (s Shape) step(digits []int, low, high []byte) {
	for j := s.Width - 1; j >= 0; j-- {
		digits[j]++
		if digits[j] < len(s.Alphabet) {
			low[j], high[j] = s.Alphabet[digits[j]], s.Alphabet[digits[j]]
			return
		}
		digits[j] = 0
		low[j], high[j] = s.Alphabet[0], s.Alphabet[0]
	}
}

// Keys are a split's sorted split keys (splits.Keys): region r ends at At(r).
type Keys interface {
	Len() int
	At(i int) []byte
}

// maxCounted is the most prefix values Count keeps exact in a uint64.
const maxCounted = 1 << 62

// Measure is Place's Own and FirstOwn for a prefix of any width up to 2^62 values,
// counted, not enumerated: the buckets whose lowest key sorts below a split key are
// counted digit by digit, so region r owns rank(key r) - rank(key r-1). Reached is nil:
// without placing each bucket's highest key, which regions some key reaches is not known,
// so Empty reports none. ok is false for a shape with more values.
func Measure(s Shape, keys Keys) (Placement, bool) {
	if s.Width <= 0 || len(s.Alphabet) == 0 {
		return Placement{}, false
	}
	c := math.Pow(float64(len(s.Alphabet)), float64(s.Width))
	if c > maxCounted {
		return Placement{}, false
	}
	total := uint64(c)
	if s.Values > 0 && s.Values < total {
		total = s.Values
	}
	regions := keys.Len() + 1
	p := Placement{Buckets: total, Own: make([]uint64, regions), FirstOwn: make([]int64, regions), Slack: uint64(regions)}
	below := uint64(0) // buckets below the region's start
	for r := range regions {
		end := total
		if r < keys.Len() {
			end = min(s.rank(keys.At(r)), total)
		}
		end = max(end, below) // keys out of order are RG001's: own nothing
		p.Own[r] = end - below
		p.FirstOwn[r] = -1
		if p.Own[r] > 0 {
			p.FirstOwn[r] = int64(below)
		}
		below = end
	}
	return p, true
}

// rank is the number of buckets whose lowest key (Low) sorts below k, in byte order:
// the buckets whose prefix sorts below k's first Width bytes, plus the one equal to them
// when its delimiter and lowest tail sort below k's rest.
func (s Shape) rank(k []byte) uint64 {
	a := uint64(len(s.Alphabet))
	weight := uint64(1) // a^(Width-1-i), built from the right
	for range s.Width - 1 {
		weight *= a
	}
	n := uint64(0)
	for i := range s.Width {
		if i >= len(k) {
			return n // k is a prefix of these buckets' keys: they sort after it
		}
		lt := uint64(0)
		for _, c := range s.Alphabet {
			if c < k[i] {
				lt++
			}
		}
		n += lt * weight
		if bytes.IndexByte(s.Alphabet, k[i]) < 0 { // not a letter: no bucket matches further
			return n
		}
		weight /= a
	}
	// The bucket equal to k's prefix: its lowest key against k's rest.
	low := s.Low(k[:s.Width])
	if bytes.Compare(low, k) < 0 {
		n++
	}
	return n
}
