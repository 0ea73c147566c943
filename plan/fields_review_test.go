package plan_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/sample"
	"github.com/presplit/presplit/tablespec"
)

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

// TestSampleFieldsInsideFields: the spec form of a delimited sample cut without splits.delimiter
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
		p, err := plan.Build(spec, plan.Options{Sample: s})
		require.NoError(t, err)
		for _, f := range lint.Run(p) {
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
