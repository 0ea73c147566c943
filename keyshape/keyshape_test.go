package keyshape

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/distribution"
)

func locator(t *testing.T, keys ...string) *distribution.Locator {
	t.Helper()
	bs := make([][]byte, len(keys))
	for i, k := range keys {
		bs[i] = []byte(k)
	}
	loc, err := distribution.NewLocator(bs)
	require.NoError(t, err)
	return loc
}

func dec(w int) Shape { return Shape{Alphabet: []byte("0123456789"), Width: w} }

func TestBucket(t *testing.T) {
	s := dec(2)
	assert.Equal(t, "00", string(s.Bucket(0)))
	assert.Equal(t, "37", string(s.Bucket(37)))
	assert.Equal(t, "99", string(s.Bucket(99)))
	s.Delimiter = []byte("|")
	assert.Equal(t, "07|00000000", string(s.Low(s.Bucket(7))))
	assert.Equal(t, "07|99999999", string(s.High(s.Bucket(7))))
	n, ok := Shape{Alphabet: []byte("0123456789abcdef"), Width: 8}.Count()
	assert.False(t, ok, "hex:8 is not enumerated (%d)", n)
	n, ok = Shape{Alphabet: []byte("0123456789"), Width: 2, Values: 20}.Count()
	assert.True(t, ok)
	assert.Equal(t, uint64(20), n)
}

func TestPlace(t *testing.T) {
	keys := func(format string, from, to int) []string {
		var out []string
		for i := from; i <= to; i++ {
			out = append(out, fmt.Sprintf(format, i))
		}
		return out
	}
	tests := []struct {
		name     string
		shape    Shape
		keys     []string
		empty    []int
		overfull []int
	}{
		{"next prefix", dec(2), keys("%02d", 1, 99), nil, nil},
		{"suffix above the delimiter", Shape{Alphabet: []byte("0123456789"), Width: 2, Delimiter: []byte("|")}, keys("%02d~", 0, 98), nil, nil},
		{"suffix at the delimiter", Shape{Alphabet: []byte("0123456789"), Width: 2, Delimiter: []byte("|")}, keys("%02d|", 0, 98), []int{0}, []int{99}},
		{"suffix without a delimiter", dec(2), keys("%02d|", 0, 98), nil, nil},
		{"20 values over a split of 100", Shape{Alphabet: []byte("0123456789"), Width: 2, Values: 20}, []string{"05", "10", "15", "20", "25", "30", "35", "40", "45", "50", "55", "60", "65", "70", "75", "80", "85", "90", "95"},
			[]int{4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}, []int{0, 1, 2, 3}},
		// The middle region holds part of prefix 50 only; the outer two hold 50 and 49
		// prefixes, more than a third of 100 each.
		{"a key inside a prefix", dec(2), []string{"50", "505"}, nil, []int{0, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pl, ok := Place(tt.shape, locator(t, tt.keys...))
			require.True(t, ok)
			assert.Equal(t, tt.empty, pl.Empty())
			assert.Equal(t, tt.overfull, pl.Overfull())
		})
	}
}

// placeEach is Place as its contract says it, one bucket at a time through Bucket, Low and
// High: the reference Place's in-place stepping must match.
func placeEach(s Shape, loc *distribution.Locator) Placement {
	n, _ := s.Count()
	regions := loc.Regions()
	p := Placement{Buckets: n, Own: make([]uint64, regions), Reached: make([]bool, regions), FirstOwn: make([]int64, regions)}
	for r := range p.FirstOwn {
		p.FirstOwn[r] = -1
	}
	for i := uint64(0); i < n; i++ {
		b := s.Bucket(i)
		lo, hi := loc.Locate(s.Low(b)), loc.Locate(s.High(b))
		p.Own[lo]++
		if p.FirstOwn[lo] < 0 {
			p.FirstOwn[lo] = int64(i)
		}
		for r := lo; r <= hi; r++ {
			p.Reached[r] = true
		}
	}
	return p
}

// randomShape is a shape over alphabet a of 1 to 3 characters, a third with a delimiter,
// a quarter with a tail, a third taking only the first of its values.
func randomShape(rng *rand.Rand, a string) Shape {
	s := Shape{Alphabet: []byte(a), Width: 1 + rng.IntN(3)}
	if rng.IntN(3) == 0 {
		s.Delimiter = []byte("|")
	}
	if rng.IntN(4) == 0 {
		s.Tail = []byte{0x00, 0xFF}
	}
	n, _ := s.Count()
	if rng.IntN(3) == 0 {
		s.Values = 1 + rng.Uint64N(n)
	}
	return s
}

func TestPlaceSameAsEachBucket(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	alphabets := []string{"0123456789", "0123456789abcdef", "ACGT", "xy"}
	for trial := range 200 {
		a := alphabets[trial%len(alphabets)]
		s := randomShape(rng, a)
		// Split keys drawn from the same alphabet, of random lengths, some with the
		// delimiter: they land inside, between and on buckets.
		set := map[string]bool{}
		for range 1 + rng.IntN(40) {
			k := make([]byte, 1+rng.IntN(s.Width+2))
			for j := range k {
				k[j] = a[rng.IntN(len(a))]
			}
			if rng.IntN(4) == 0 {
				k = append(k, '|')
			}
			set[string(k)] = true
		}
		keys := make([]string, 0, len(set))
		for k := range set {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		loc := locator(t, keys...)
		got, ok := Place(s, loc)
		require.True(t, ok)
		require.Equal(t, placeEach(s, loc), got, "shape %+v, keys %q", s, keys)
	}
}

// BenchmarkPlace is the placement every plan of a hex:4 prefix over 1,000 regions runs.
func BenchmarkPlace(b *testing.B) {
	s := Shape{Alphabet: []byte("0123456789abcdef"), Width: 4}
	keys := make([]string, 999)
	for i := range keys {
		keys[i] = fmt.Sprintf("%04x", (i+1)*65536/1000)
	}
	bs := make([][]byte, len(keys))
	for i, k := range keys {
		bs[i] = []byte(k)
	}
	loc, err := distribution.NewLocator(bs)
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := Place(s, loc); !ok {
			b.Fatal("not placed")
		}
	}
}

type byteKeys [][]byte

func (k byteKeys) Len() int        { return len(k) }
func (k byteKeys) At(i int) []byte { return k[i] }

// TestMeasureSameAsPlace: counting the buckets below each split key gives what placing
// every bucket's lowest key with the Locator gives, for shapes small enough to place.
func TestMeasureSameAsPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	alphabets := []string{"0123456789", "0123456789abcdef", "ACGT", "xy"}
	for trial := range 300 {
		a := alphabets[trial%len(alphabets)]
		s := randomShape(rng, a)
		// Letters, bytes between and around them, and the delimiter.
		letters := a + "|!~:"
		set := map[string]bool{}
		for range 1 + rng.IntN(40) {
			k := make([]byte, 1+rng.IntN(s.Width+2))
			for j := range k {
				k[j] = letters[rng.IntN(len(letters))]
			}
			set[string(k)] = true
		}
		keys := make([]string, 0, len(set))
		for k := range set {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		placed, ok := Place(s, locator(t, keys...))
		require.True(t, ok)
		bs := make(byteKeys, len(keys))
		for i, k := range keys {
			bs[i] = []byte(k)
		}
		got, ok := Measure(s, bs)
		require.True(t, ok)
		assert.Equal(t, uint64(len(keys)+1), got.Slack)
		require.Equal(t, placed.Own, got.Own, "shape %+v, keys %q", s, keys)
		require.Equal(t, placed.FirstOwn, got.FirstOwn, "shape %+v, keys %q", s, keys)
		assert.Nil(t, got.Reached)
	}
}

// TestMeasureWide: HexStringSplit's 10 regions over 00000000..7fffffff, under a hex:8
// prefix that takes every value: the last region ['7333332c', ) owns 2^32 - 0x7333332c.
func TestMeasureWide(t *testing.T) {
	keys := byteKeys{}
	for _, k := range []string{"0ccccccc", "19999998", "26666664", "33333330", "3ffffffc", "4cccccc8", "59999994", "66666660", "7333332c"} {
		keys = append(keys, []byte(k))
	}
	got, ok := Measure(Shape{Alphabet: []byte("0123456789abcdef"), Width: 8}, keys)
	require.True(t, ok)
	assert.Equal(t, uint64(1<<32), got.Buckets)
	assert.Equal(t, uint64(0x0ccccccc), got.Own[0])
	assert.Equal(t, uint64(1<<32-0x7333332c), got.Own[9])
	assert.Equal(t, []int{9}, got.Overfull())
	assert.Empty(t, got.Empty())
}
