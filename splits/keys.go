package splits

import (
	"bytes"
	"fmt"
	"iter"
	"math"
	"slices"

	"github.com/presplit/presplit/hbase"
)

// Keys are a split's boundaries, stored back to back in one buffer. A million keys then
// cost their bytes and, when the keys differ in length, one int each: not a million slice
// headers (24 MB) for the allocator to clear and the collector to scan, which made
// `splits --algo HexStringSplit --regions 1000000` spend most of its time on memory.
//
// The zero Keys is empty. Keys do not change once built: At's slices are capped at the
// key's end, so appending to one copies it instead of overwriting the next key.
type Keys struct {
	data  []byte
	ends  keyEnds // where each key ends in data; none while every key is width bytes
	width int
	n     int
}

// keyEnds are where keys end in their buffer, after a 0 (where the first starts): key i
// is buffer[start(i):end(i)], narrow[i] to narrow[i+1]. They take four bytes an end while
// the ends are under 4 GiB (a million keys read from a SPLITS_FILE spent 8 MB on eight-byte
// ends, each fresh page a fault), eight past it.
type keyEnds struct {
	narrow []uint32
	wide   []int // the ends, once one passes math.MaxUint32 (narrow is nil then)
}

// none reports whether there are no ends kept: every key is one width.
func (e *keyEnds) none() bool { return e.narrow == nil && e.wide == nil }

// begin is where key i begins (where key i-1 ends, or 0).
func (e *keyEnds) begin(i int) int {
	if e.wide != nil {
		return e.wide[i]
	}
	return int(e.narrow[i])
}

// at is where key i ends.
func (e *keyEnds) at(i int) int {
	if e.wide != nil {
		return e.wide[i+1]
	}
	return int(e.narrow[i+1])
}

// fixedEnds are the ends of n keys of width bytes each, with room for room keys.
func fixedEnds(n, width, room int) keyEnds {
	if uint64(n)*uint64(width) > math.MaxUint32 {
		wide := make([]int, n+1, room+1)
		for i := range wide {
			wide[i] = i * width
		}
		return keyEnds{wide: wide}
	}
	narrow := make([]uint32, n+1, room+1)
	for i := range narrow {
		narrow[i] = uint32(i * width)
	}
	return keyEnds{narrow: narrow}
}

// add records where the next key ends, growing the ends by doubling. The ends are not
// none.
func (e *keyEnds) add(end int) {
	if e.wide == nil && uint(end) <= math.MaxUint32 {
		e.narrow = append(double(e.narrow, 1), uint32(end))
		return
	}
	e.addWide(end)
}

// addWide is add of an end past math.MaxUint32, or once one was.
func (e *keyEnds) addWide(end int) {
	if e.wide == nil {
		e.wide = make([]int, max(len(e.narrow), 1), max(2*len(e.narrow), 16))
		for i, x := range e.narrow {
			e.wide[i] = int(x)
		}
		e.narrow = nil
	}
	e.wide = append(double(e.wide, 1), end)
}

// grow makes room for n more ends.
func (e *keyEnds) grow(n int) {
	if e.wide != nil {
		e.wide = slices.Grow(e.wide, n)
	} else if e.narrow != nil {
		e.narrow = slices.Grow(e.narrow, n)
	}
}

// KeysOf copies keys into Keys.
func KeysOf(keys ...[]byte) Keys {
	var b KeysBuilder
	size := 0
	for _, k := range keys {
		size += len(k)
	}
	b.Grow(len(keys), size)
	for _, k := range keys {
		b.Append(k)
	}
	return b.Keys()
}

// Len is the number of keys.
func (k Keys) Len() int { return k.n }

// At is key i (0 <= i < Len()); it panics out of range, as a slice index does.
func (k Keys) At(i int) []byte {
	if uint(i) >= uint(k.n) {
		panic("splits.Keys.At: index out of range")
	}
	// Its own lines, not span's: through span, though inlined, BenchmarkScanKeyTexts took
	// 15% longer here (2.55-2.84 ms against 2.19-2.25, five interleaved runs).
	start, end := i*k.width, (i+1)*k.width
	switch {
	case k.ends.narrow != nil:
		start, end = int(k.ends.narrow[i]), int(k.ends.narrow[i+1])
	case k.ends.wide != nil:
		start, end = k.ends.wide[i], k.ends.wide[i+1]
	}
	return k.data[start:end:end]
}

// Span is the bytes of keys lo to hi-1 (0 <= lo <= hi <= Len()), back to back as Keys
// holds them: for a pass over every byte of many keys without a slice each.
func (k Keys) Span(lo, hi int) []byte {
	if lo < 0 || lo > hi || hi > k.n {
		panic("splits.Keys.Span: range out of bounds")
	}
	start, end := lo*k.width, hi*k.width
	switch {
	case k.ends.narrow != nil:
		start, end = int(k.ends.narrow[lo]), int(k.ends.narrow[hi])
	case k.ends.wide != nil:
		start, end = k.ends.wide[lo], k.ends.wide[hi]
	}
	return k.data[start:end:end]
}

// All yields each index and key in order.
func (k Keys) All() iter.Seq2[int, []byte] { return k.Range(0, k.n) }

// Range yields keys lo to hi-1 (0 <= lo <= hi <= Len()) and their indexes, in order: a
// pass over part of the keys (each core's part) without an At a key, which in a closure
// copied all of Keys to the stack for each key (a store-forwarding stall a key).
func (k Keys) Range(lo, hi int) iter.Seq2[int, []byte] {
	if lo < 0 || lo > hi || hi > k.n {
		panic("splits.Keys.Range: range out of bounds")
	}
	return func(yield func(int, []byte) bool) {
		start := lo * k.width
		if !k.ends.none() {
			start = k.ends.begin(lo)
		}
		for i := lo; i < hi; i++ {
			end := start + k.width
			if !k.ends.none() {
				end = k.ends.at(i)
			}
			if !yield(i, k.data[start:end:end]) {
				return
			}
			start = end
		}
	}
}

// Slices returns the keys as one slice each, sharing Keys' bytes: for callers that index
// keys many times over (a Locator) or take a few of them.
//
// A million keys' slices are 24 MB of new memory, whose first writes are page faults: they
// are written in two halves at once, on two cores.
func (k Keys) Slices() [][]byte {
	out := make([][]byte, k.n)
	fill := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			out[i] = k.At(i)
		}
	}
	if k.n < slicesInHalves {
		fill(0, k.n)
		return out
	}
	done := make(chan struct{})
	go func() { fill(0, k.n/2); close(done) }()
	fill(k.n/2, k.n)
	<-done
	return out
}

// slicesInHalves is the number of keys from which Slices writes them in two halves.
const slicesInHalves = 1 << 16

// Equal reports whether k and o hold the same keys in the same order.
func (k Keys) Equal(o Keys) bool {
	if k.n != o.n {
		return false
	}
	if k.ends.none() && o.ends.none() && k.width == o.width {
		return bytes.Equal(k.data, o.data) // one comparison of the two buffers
	}
	for i, key := range k.All() {
		if !bytes.Equal(key, o.At(i)) {
			return false
		}
	}
	return true
}

// Width is the length every key has, and ok is whether they all have it (true for no
// keys, with width 0).
func (k Keys) Width() (width int, ok bool) {
	if !k.ends.none() {
		return 0, false
	}
	return k.width, true
}

// KeysBuilder collects keys one at a time. The zero value is ready to use.
type KeysBuilder struct{ k Keys }

// Grow makes room for keys more keys of size bytes in all.
func (b *KeysBuilder) Grow(keys, size int) {
	b.k.data = slices.Grow(b.k.data, size)
	b.k.ends.grow(keys)
}

// Append adds a copy of key after the others.
func (b *KeysBuilder) Append(key []byte) {
	k := &b.k
	switch {
	case k.n == 0:
		k.width = len(key)
	case k.ends.none() && len(key) != k.width:
		// The first key of another length: from here on every key records its end.
		k.ends = fixedEnds(k.n, k.width, max(2*k.n, 16))
	}
	k.data = append(k.data, key...)
	if !k.ends.none() {
		k.ends.add(len(k.data))
	}
	k.n++
}

// Keys returns the keys appended so far. The builder must not be used after.
func (b *KeysBuilder) Keys() Keys {
	k := b.k
	if k.ends.none() && k.n == 0 {
		k.width = 0
	}
	b.k = Keys{}
	return k
}

// KeyTooLongError is a split key longer than HBase's row limit (hbase.MaxRowLength):
// HBase cannot store a row at it, so no table can be created on it.
type KeyTooLongError struct {
	Key int // 1-based
	Len int
}

func (e *KeyTooLongError) Error() string {
	return fmt.Sprintf("split key %d is %d bytes long: HBase row keys are at most %d bytes", e.Key, e.Len, hbase.MaxRowLength)
}

// CheckLengths is a *KeyTooLongError for the first key over hbase.MaxRowLength bytes, or
// nil.
func (k Keys) CheckLengths() error {
	if k.ends.none() {
		if k.n > 0 && k.width > hbase.MaxRowLength {
			return &KeyTooLongError{Key: 1, Len: k.width}
		}
		return nil
	}
	for i, key := range k.All() {
		if len(key) > hbase.MaxRowLength {
			return &KeyTooLongError{Key: i + 1, Len: len(key)}
		}
	}
	return nil
}
