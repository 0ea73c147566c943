package splits

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomInt64 is a random int64 of a random magnitude, now and then at the limits.
func randomInt64(r *rand.Rand) int64 {
	switch r.IntN(8) {
	case 0:
		return []int64{0, 1, -1, math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1}[r.IntN(7)]
	case 1:
		return -r.Int64N(1 << uint(1+r.IntN(62)))
	}
	return r.Int64N(1 << uint(1+r.IntN(62)))
}

// The 64-bit HexStringSplit/DecimalStringSplit arithmetic gives the math/big path's keys and
// owned widths byte for byte and bit for bit, for random first and last rows (negative ones,
// ones near the int64 limits, padded or not) and counts.
func TestNumberSplit64MatchesBig(t *testing.T) {
	r := rand.New(rand.NewPCG(64, 14))
	checked := 0
	for i := 0; i < 1500; i++ {
		s := &numberSplit{radix: []int{10, 16}[r.IntN(2)], width: r.IntN(22)}
		s.first, s.last = big.NewInt(randomInt64(r)), big.NewInt(randomInt64(r))
		if s.last.Cmp(s.first) < 0 {
			s.first, s.last = s.last, s.first
		}
		rng := new(big.Int).Sub(s.last, s.first)
		rng.Add(rng, big.NewInt(1))
		if !s.first.IsInt64() || !s.last.IsInt64() || !rng.IsInt64() {
			continue
		}
		n := 1 + r.IntN(300)
		if r.IntN(4) == 0 {
			n = 1 + int(r.Int64N(rng.Int64()))%1000 // near the range: small sizes
		}
		if rng.Cmp(big.NewInt(int64(n))) < 0 {
			continue
		}
		name := fmt.Sprintf("radix %d width %d %s..%s n=%d", s.radix, s.width, s.first, s.last, n)
		keys, owned := s.split64(s.first.Int64(), rng.Int64(), n)
		wantKeys, wantOwned := s.splitBig(rng, n)
		require.Equal(t, keyTexts(wantKeys.Slices()), keyTexts(keys.Slices()), name)
		requireSameOwned(t, wantOwned, owned, name)
		for _, k := range keys.All() { // no key can grow into the next one
			require.Equal(t, len(k), cap(k), name)
		}
		checked++
	}
	require.Greater(t, checked, 700)

	// The same through the API: rows as the user writes them, and ranges past 2^63 that
	// keep the math/big path.
	for _, tt := range []struct{ algo, first, last string }{
		{"HexStringSplit", "", ""},
		{"DecimalStringSplit", "", ""},
		{"HexStringSplit", "-ffff", "ffff"},
		{"HexStringSplit", "0", "ffffffffffffffffffff"},
		{"DecimalStringSplit", "-9223372036854775808", "9223372036854775807"},
		{"HexStringSplit", "7fffffffffffffff", "8000000000000001"},
	} {
		for _, n := range []int{2, 3, 7, 1000} {
			s, err := RegionSplitter(tt.algo, n, tt.first, tt.last)
			if n > 2 && err != nil { // a range of 3 holds at most 3 regions
				continue
			}
			require.NoError(t, err)
			a, err := newAlgorithm(tt.algo, tt.first, tt.last)
			require.NoError(t, err)
			ns := a.(*numberSplit)
			rng := new(big.Int).Sub(ns.last, ns.first)
			wantKeys, wantOwned := ns.splitBig(rng.Add(rng, big.NewInt(1)), n)
			require.Equal(t, keyTexts(wantKeys.Slices()), keyTexts(s.Keys.Slices()), "%+v n=%d", tt, n)
			require.Equal(t, wantOwned, s.Owned, "%+v n=%d", tt, n)
		}
	}
}

// The 64-bit UniformSplit arithmetic (keys of up to eight bytes) agrees with the math/big
// one, including when the range is too small and Bytes.split appends a zero byte.
func TestBytesSplit64MatchesBig(t *testing.T) {
	r := rand.New(rand.NewPCG(64, 15))
	randomRow := func() []byte {
		b := make([]byte, r.IntN(9))
		for i := range b {
			b[i] = []byte{0x00, 0xFF, byte(r.Uint32()), byte(r.Uint32())}[r.IntN(4)]
		}
		return b
	}
	checked, retried := 0, 0
	for i := 0; i < 3000; i++ {
		a, b := randomRow(), randomRow()
		width := max(len(a), len(b))
		ap, bp := padTail(a, width), padTail(b, width)
		if bytes.Compare(ap, bp) > 0 {
			ap, bp = bp, ap
		}
		if bytes.Equal(ap, bp) {
			continue
		}
		num := 1 + r.IntN(400)
		name := fmt.Sprintf("%x..%x num=%d", ap, bp, num)
		keys, owned, ok := bytesSplit64(ap, bp, num)
		wantKeys, wantOwned, wantOK := bytesSplitBig(ap, bp, num)
		require.Equal(t, wantOK, ok, name)
		if !ok {
			retried++
			continue
		}
		require.Equal(t, wantKeys, keys, name)
		requireSameOwned(t, wantOwned, owned, name)
		checked++
	}
	require.Greater(t, checked, 1500)
	require.Greater(t, retried, 10)
}

// BenchmarkRegionSplitter/<algo>/regions=<n>: the target is 1,000,000 regions in a
// fraction of what math/big took.
func BenchmarkRegionSplitter(b *testing.B) {
	for _, algo := range Algorithms {
		for _, n := range []int{1000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/regions=%d", algo, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					s, err := RegionSplitter(algo, n, "", "")
					if err != nil || s.Keys.Len() != n-1 {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// requireSameOwned: the same amounts, bit for bit.
func requireSameOwned(t *testing.T, want, got Owned, name string) {
	t.Helper()
	require.Equal(t, want.Len(), got.Len(), name)
	for j, w := range want.All() {
		require.Equal(t, math.Float64bits(w), math.Float64bits(got.At(j)), "%s: owned[%d]", name, j)
	}
}
