package splits

import (
	"bytes"
	"fmt"
	"iter"
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
	ends  []int // ends[i] is where key i ends in data; nil while every key is width bytes
	width int
	n     int
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
	if k.ends == nil {
		start := i * k.width
		return k.data[start : start+k.width : start+k.width]
	}
	start := 0
	if i > 0 {
		start = k.ends[i-1]
	}
	return k.data[start:k.ends[i]:k.ends[i]]
}

// All yields each index and key in order.
func (k Keys) All() iter.Seq2[int, []byte] {
	return func(yield func(int, []byte) bool) {
		start := 0
		for i := range k.n {
			end := start + k.width
			if k.ends != nil {
				end = k.ends[i]
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
	if k.ends == nil && o.ends == nil && k.width == o.width {
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
	if k.ends != nil {
		return 0, false
	}
	return k.width, true
}

// KeysBuilder collects keys one at a time. The zero value is ready to use.
type KeysBuilder struct{ k Keys }

// Grow makes room for keys more keys of size bytes in all.
func (b *KeysBuilder) Grow(keys, size int) {
	b.k.data = slices.Grow(b.k.data, size)
	if b.k.ends != nil {
		b.k.ends = slices.Grow(b.k.ends, keys)
	}
}

// Append adds a copy of key after the others.
func (b *KeysBuilder) Append(key []byte) {
	k := &b.k
	switch {
	case k.n == 0:
		k.width = len(key)
	case k.ends == nil && len(key) != k.width:
		// The first key of another length: from here on every key records its end.
		k.ends = make([]int, k.n, max(2*k.n, 16))
		for i := range k.ends {
			k.ends[i] = (i + 1) * k.width
		}
	}
	k.data = append(k.data, key...)
	if k.ends != nil {
		k.ends = append(k.ends, len(k.data))
	}
	k.n++
}

// Keys returns the keys appended so far. The builder must not be used after.
func (b *KeysBuilder) Keys() Keys {
	k := b.k
	if k.ends == nil && k.n == 0 {
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
	if k.ends == nil {
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
