package splits

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKeyEndsWiden: ends past 4 GiB are kept whole: the four-byte ends are widened to
// eight at the first, with the ends before it, and fixedEnds makes wide ones when the
// keys so far end past it.
func TestKeyEndsWiden(t *testing.T) {
	e := fixedEnds(0, 0, 0)
	require.False(t, e.none())
	want := []int{5, 10, math.MaxUint32, math.MaxUint32 + 1, 1 << 40}
	for i, end := range want {
		e.add(end)
		assert.Equal(t, end <= math.MaxUint32, e.wide == nil, "end %d", i)
		for j := range i + 1 {
			assert.Equal(t, want[j], e.at(j), "end %d after %d", j, i)
		}
	}
	assert.Nil(t, e.narrow)
	assert.False(t, e.none())

	narrow := fixedEnds(3, 7, 4)
	assert.Equal(t, []uint32{0, 7, 14, 21}, narrow.narrow)
	wide := fixedEnds(3, 1<<31, 4)
	assert.Nil(t, wide.narrow)
	assert.Equal(t, []int{0, 1 << 31, 2 << 31, 3 << 31}, wide.wide)
}

// TestKeysWideEnds: Keys read through eight-byte ends as through four-byte ones.
func TestKeysWideEnds(t *testing.T) {
	k := KeysOf([]byte("a"), []byte("bb"), []byte(""), []byte("dddd"))
	require.NotNil(t, k.ends.narrow)
	w := k
	w.ends = keyEnds{}
	for i := range k.n {
		w.ends.addWide(k.ends.at(i))
	}
	require.NotNil(t, w.ends.wide)
	assert.True(t, k.Equal(w))
	assert.True(t, w.Equal(k))
	assert.Equal(t, k.Slices(), w.Slices())
	for i := range k.n {
		assert.Equal(t, k.At(i), w.At(i), "key %d", i)
		assert.Equal(t, k.Span(i, k.n), w.Span(i, k.n), "keys %d on", i)
	}
	_, ok := w.Width()
	assert.False(t, ok)
	assert.NoError(t, w.CheckLengths())
	var b KeysBuilder
	b.k = w
	b.Grow(1, 3)
	b.Append([]byte("eee"))
	got := b.Keys()
	assert.Equal(t, []byte("eee"), got.At(4))
	assert.NotNil(t, got.ends.wide)
}

// TestKeysRange: Range yields keys lo to hi-1 and their indexes as At has them, through
// fixed widths, four-byte ends and eight-byte ends, for every part; out of range, it
// panics as At does.
func TestKeysRange(t *testing.T) {
	varied := KeysOf([]byte("a"), []byte("bb"), []byte(""), []byte("dddd"), []byte("e"))
	wide := varied
	wide.ends = keyEnds{}
	for i := range varied.n {
		wide.ends.addWide(varied.ends.at(i))
	}
	fixed := KeysOf([]byte("aa"), []byte("bb"), []byte("cc"), []byte("dd"))
	_, ok := fixed.Width()
	require.True(t, ok)
	for name, k := range map[string]Keys{"varied": varied, "wide": wide, "fixed": fixed} {
		for lo := range k.Len() + 1 {
			for hi := lo; hi <= k.Len(); hi++ {
				next := lo
				for i, key := range k.Range(lo, hi) {
					require.Equal(t, next, i, "%s [%d, %d)", name, lo, hi)
					require.Equal(t, k.At(i), key, "%s [%d, %d): key %d", name, lo, hi, i)
					require.Equal(t, len(key), cap(key), "%s: key %d's capacity is its own", name, i)
					next++
				}
				require.Equal(t, hi, next, "%s [%d, %d)", name, lo, hi)
			}
		}
		require.Panics(t, func() { k.Range(1, 0) }, name)
		require.Panics(t, func() { k.Range(0, k.Len()+1) }, name)
		require.Panics(t, func() { k.Range(-1, 0) }, name)
	}
}
