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
	share := p.Share()
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
