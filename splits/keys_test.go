package splits

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/presplit/presplit/hbase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKeysHoldWhatWasAppended: whatever lengths the keys have (all one width, a first
// key of another width, an empty key, a change late in the list), Len, At, All and
// Slices give back exactly the keys appended, and no key can be extended over the next.
func TestKeysHoldWhatWasAppended(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	lists := map[string][][]byte{
		"none":             nil,
		"one":              {[]byte("80")},
		"fixed width":      {[]byte("10"), []byte("20"), []byte("30")},
		"first is shorter": {[]byte("1"), []byte("20"), []byte("30")},
		"last is longer":   {[]byte("10"), []byte("20"), []byte("300")},
		"an empty key":     {[]byte("10"), {}, []byte("30")},
		"all empty":        {{}, {}},
	}
	for round := range 200 {
		var keys [][]byte
		width := r.IntN(5)
		for range r.IntN(50) {
			w := width
			if r.IntN(10) == 0 {
				w = r.IntN(9)
			}
			k := make([]byte, w)
			for j := range k {
				k[j] = byte(r.UintN(256))
			}
			keys = append(keys, k)
		}
		lists[string(rune('A'+round%26))+string(rune('a'+round/26))] = keys
	}
	for name, want := range lists {
		t.Run(name, func(t *testing.T) {
			k := KeysOf(want...)
			require.Equal(t, len(want), k.Len())
			for i := range want {
				assert.True(t, bytes.Equal(want[i], k.At(i)), "At(%d)", i)
			}
			n := 0
			for i, key := range k.All() {
				assert.Equal(t, n, i)
				assert.True(t, bytes.Equal(want[i], key), "All %d", i)
				assert.Equal(t, len(key), cap(key), "key %d is capped at its end", i)
				n++
			}
			assert.Equal(t, len(want), n)
			got := k.Slices()
			require.Len(t, got, len(want))
			for i := range want {
				assert.True(t, bytes.Equal(want[i], got[i]), "Slices %d", i)
			}
			for lo := 0; lo <= len(want); lo++ {
				for hi := lo; hi <= len(want) && hi <= lo+3; hi++ {
					span := k.Span(lo, hi)
					assert.True(t, bytes.Equal(bytes.Join(want[lo:hi], nil), span), "Span(%d, %d)", lo, hi)
					assert.Equal(t, len(span), cap(span), "Span(%d, %d) is capped at its end", lo, hi)
				}
			}
			if k.Len() > 1 {
				_ = append(k.At(0), 0xEE) // must copy, not overwrite key 1
				assert.True(t, bytes.Equal(want[1], k.At(1)))
			}
			w, same := k.Width()
			sameWant := true
			for _, key := range want {
				sameWant = sameWant && len(key) == len(want[0])
			}
			assert.Equal(t, sameWant, same)
			if same && len(want) > 0 {
				assert.Equal(t, len(want[0]), w)
			}
			assert.True(t, k.Equal(KeysOf(want...)))
		})
	}
}

func TestKeysEqual(t *testing.T) {
	a := KeysOf([]byte("10"), []byte("20"))
	assert.True(t, a.Equal(a))
	assert.True(t, Keys{}.Equal(KeysOf()))
	assert.False(t, a.Equal(KeysOf([]byte("10"))))
	assert.False(t, a.Equal(KeysOf([]byte("10"), []byte("21"))))
	// The same bytes cut differently are different keys.
	assert.False(t, a.Equal(KeysOf([]byte("1"), []byte("020"))))
	assert.False(t, KeysOf([]byte("1"), []byte("020")).Equal(a))
	assert.True(t, KeysOf([]byte("1"), []byte("020")).Equal(KeysOf([]byte("1"), []byte("020"))))
}

func TestKeysAtOutOfRange(t *testing.T) {
	k := KeysOf([]byte("10"), []byte("20"))
	assert.Panics(t, func() { k.At(2) })
	assert.Panics(t, func() { k.At(-1) })
	assert.Panics(t, func() { Keys{}.At(0) })
	assert.Panics(t, func() { k.Span(1, 3) })
	assert.Panics(t, func() { k.Span(2, 1) })
	assert.Panics(t, func() { k.Span(-1, 1) })
	assert.Empty(t, Keys{}.Span(0, 0))
}

// TestKeysBuilderKeepsNoAlias: Append copies, so changing the caller's slice afterwards
// changes nothing.
func TestKeysBuilderKeepsNoAlias(t *testing.T) {
	var b KeysBuilder
	key := []byte("ab")
	b.Append(key)
	key[0] = 'z'
	b.Grow(10, 100)
	b.Append([]byte("abc"))
	b.Grow(10, 100) // with an end per key now
	b.Append([]byte("b"))
	k := b.Keys()
	assert.Equal(t, []string{"ab", "abc", "b"}, texts(k))
}

func texts(k Keys) []string {
	var out []string
	for _, key := range k.All() {
		out = append(out, string(key))
	}
	return out
}

func TestKeysCheckLengths(t *testing.T) {
	long := bytes.Repeat([]byte{'k'}, hbase.MaxRowLength+1)
	longest := long[:hbase.MaxRowLength]
	for _, tc := range []struct {
		name string
		keys [][]byte
		err  string
	}{
		{name: "none"},
		{name: "the longest key", keys: [][]byte{longest, append(slices.Clone(longest[:10]), 'z')}},
		{name: "fixed width over the limit", keys: [][]byte{long, bytes.Repeat([]byte{'l'}, len(long))},
			err: "split key 1 is 32768 bytes long: HBase row keys are at most 32767 bytes"},
		{name: "one key over the limit", keys: [][]byte{[]byte("a"), []byte("b"), append([]byte("c"), long...)},
			err: "split key 3 is 32769 bytes long: HBase row keys are at most 32767 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := KeysOf(tc.keys...).CheckLengths()
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			var ke *KeyTooLongError
			require.ErrorAs(t, err, &ke)
			assert.Equal(t, tc.err, err.Error())
		})
	}
}

// Slices writes a large split in two halves: every key in its place, of one width and of
// many.
func TestSlicesInHalves(t *testing.T) {
	for _, n := range []int{slicesInHalves - 1, slicesInHalves, slicesInHalves + 7} {
		var fixed, varied [][]byte
		for i := range n {
			fixed = append(fixed, fmt.Appendf(nil, "%08x", i))
			varied = append(varied, fmt.Appendf(nil, "%x", i))
		}
		for name, want := range map[string][][]byte{"fixed": fixed, "varied": varied} {
			got := KeysOf(want...).Slices()
			require.Len(t, got, n, name)
			for i := range want {
				if !bytes.Equal(want[i], got[i]) || len(got[i]) != cap(got[i]) {
					t.Fatalf("%s n=%d: key %d is %q (cap %d), want %q", name, n, i, got[i], cap(got[i]), want[i])
				}
			}
		}
	}
}
