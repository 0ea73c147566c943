package keyshape

import (
	"fmt"
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
