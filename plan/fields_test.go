package plan

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/sample"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
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
	require.Equal(t, []lint.SampleField{
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

// orders reads testdata/sample/orders.txt (12000 keys user....|ts) into a sample kept
// exactly, or as a sketch within memory bytes.
func orders(t *testing.T, memory int64) *sample.Sample {
	data, err := os.ReadFile("../testdata/sample/orders.txt")
	require.NoError(t, err)
	c := sample.NewCollector(sample.Options{Holdout: 0, Memory: memory})
	_, err = sample.Read(bytes.NewReader(data), sample.ReadOptions{}, c)
	require.NoError(t, err)
	return c.Sample()
}

// TestSampleFieldsInsideFields: the spec form of issue 33 case 8 without splits.delimiter
// cuts inside the fields; the regions that hold only user0001 or user0003 never split
// either (the cut point, the field, sorts before their start keys), and SP008 names them
// from the rowkey's delimiter. A sketch keeps no exact keys and names none.
func TestSampleFieldsInsideFields(t *testing.T) {
	spec, err := tablespec.Parse("t.yaml", []byte(`families: [{name: d, versions: 1, ttl: 365d, compression: SNAPPY, bloom: ROW}]
table: {split_policy: delimited}
rowkey:
  delimiter: "|"
  parts: [{name: user, kind: id, width: 8}, {name: ts, kind: timestamp, width: 10}]
capacity: {rows: 3e9, kv: 200B}
splits: {regions: 28, sample: orders.txt, holdout: 0}
`))
	require.NoError(t, err)
	sp008 := func(s *sample.Sample) string {
		p, err := Build(spec, Options{Sample: s})
		require.NoError(t, err)
		for _, f := range p.Findings {
			if f.Code == "SP008" {
				return f.Message
			}
		}
		return ""
	}
	msg := sp008(orders(t, 0))
	assert.Contains(t, msg, "3 of the 28 regions cut from the sample hold a single leading field (before the delimiter) and pass MAX_FILESIZE 10 GiB at the planned 838 GiB: ")
	assert.Contains(t, msg, "region 1 [, 'user0001|170419') holds the one field 'user0001': 30 GiB, HBase splits it once, at 'user0001', into an empty region, and never again; ")
	assert.Contains(t, msg, "region 2 ['user0001|170419', 'user0001|1708') holds the one field 'user0001': 29.9 GiB, HBase can never split it; ")
	assert.Contains(t, msg, "region 5 ['user0003|170076', 'user0003|170959') holds the one field 'user0003': 30 GiB, HBase can never split it: ")
	sketch := orders(t, 64<<10)
	require.False(t, sketch.Exact, "64 KiB keeps 12000 keys as a sketch")
	assert.Empty(t, sp008(sketch))
}
