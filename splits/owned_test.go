package splits

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOwnedOf(t *testing.T) {
	o := OwnedOf(1, 2.5, 3)
	assert.Equal(t, 3, o.Len())
	assert.Equal(t, 2.5, o.At(1))
	assert.Equal(t, []float64{1, 2.5, 3}, o.Values())
	assert.Equal(t, 6.5, o.Total())
	assert.Equal(t, []float64{}, Owned{}.Values(), "no regions: empty, not nil (JSON [])")
	assert.Zero(t, Owned{}.Total())
	assert.Panics(t, func() { o.At(3) })
	assert.Panics(t, func() { o.At(-1) })
}

func TestOwnedEvenly(t *testing.T) {
	assert.Equal(t, []float64{7, 7, 7, 9}, ownedEvenly(4, 7, 9).Values())
	assert.Equal(t, []float64{9}, ownedEvenly(1, 7, 9).Values(), "one region takes the whole range")
	assert.Panics(t, func() { ownedEvenly(4, 7, 9).At(4) })
}

// TestOwnedSpread: the rule gives the run lengths edges cuts, start(i) = i*q +
// floor(i*rem/n), checked one start at a time against plain integer arithmetic, and the
// runs add up to the number of prefixes.
func TestOwnedSpread(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		n := 1 + r.IntN(2000)
		q := uint64(r.IntN(1000))
		rem := uint64(r.IntN(n))
		if q == 0 && rem == 0 {
			continue
		}
		o := ownedSpread(n, float64(q), rem)
		require.Equal(t, n, o.Len())
		start := func(i uint64) uint64 { return i*q + i*rem/uint64(n) }
		var sum float64
		for i, got := range o.All() {
			want := start(uint64(i)+1) - start(uint64(i))
			require.Equal(t, float64(want), got, "n=%d q=%d rem=%d region %d", n, q, rem, i)
			require.True(t, got == float64(q) || got == float64(q+1))
			sum += got
		}
		require.Equal(t, float64(q*uint64(n)+rem), sum)
		require.Equal(t, sum, o.Total())
	}
}

// TestOwnedTotalAddsInOrder: Total is the float64 that adding Values in order gives,
// even where the sum is too large to be exact.
func TestOwnedTotalAddsInOrder(t *testing.T) {
	o := ownedEvenly(1000, float64(1<<62)+1024, 3)
	var sum float64
	for _, v := range o.Values() {
		sum += v
	}
	assert.Equal(t, math.Float64bits(sum), math.Float64bits(o.Total()))
}
