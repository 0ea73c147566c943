package plan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/sample"
	"github.com/presplit/presplit/splits"
)

// TestSingleFields: a region is named when every sample key in it holds one leading field
// (the bytes before the delimiter, or the whole key without one), whatever the split key's
// form; a key whose field only begins like another's (user00010 beside user0001) is a field
// of its own.
func TestSingleFields(t *testing.T) {
	keys := []string{
		"a|1", "a|2", // region 0 ['', b): field a
		"b|1", "b", "b|9", // region 1 [b, c): b and the bare key b, one field
		"c|1", "c0|1", // region 2 [c, d): c and c0, two fields
		"d|5", "d|7", // region 3 [d|3, e): field d, cut inside it (starts after it)
		// region 4 [e, f): no sample key
		"f1", "f2", // region 5 [f, ): two bare keys, two fields
	}
	c := sample.NewCollector(sample.Options{Holdout: -1})
	_, err := sample.Read(strings.NewReader(strings.Join(keys, "\n")+"\n"), sample.ReadOptions{}, c)
	require.NoError(t, err)
	s := c.Sample()
	require.True(t, s.Exact)
	split := splits.KeysOf([]byte("b"), []byte("c"), []byte("d|3"), []byte("e"), []byte("f"))
	got := singleFields(s.CutKeys(), split, []byte("|"))
	require.Equal(t, []SampleField{
		{Region: 0, Field: []byte("a")},
		{Region: 1, Field: []byte("b")},
		{Region: 3, Field: []byte("d")},
	}, got)
}

// BenchmarkSingleFields: the one pass over an exact sample's keys, 1M keys in 100 regions.
func BenchmarkSingleFields(b *testing.B) {
	var text strings.Builder
	for i := range 1_000_000 {
		fmt.Fprintf(&text, "user%06d|%d\n", i/50, i)
	}
	c := sample.NewCollector(sample.Options{Holdout: -1})
	_, err := sample.Read(strings.NewReader(text.String()), sample.ReadOptions{}, c)
	require.NoError(b, err)
	s := c.Sample()
	cut, err := s.Cut(100, []byte("|"))
	require.NoError(b, err)
	split := splits.KeysOf(cut.Keys...)
	b.ResetTimer()
	for range b.N {
		singleFields(s.CutKeys(), split, []byte("|"))
	}
}
