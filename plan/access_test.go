package plan_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/plan"
)

func TestBuildAccess(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		regions int // created
		asked   int // the access pattern's count; 0: no access plan
		buckets int
		salted  bool
		mono    string
		field   string // a FieldError on this field
	}{
		{name: "no access input: nothing changes", src: fam + "capacity: {rows: 1e7, kv: 1KB}\ncluster: {region_servers: 20}\n", regions: 2},
		{name: "write spread", src: fam + "capacity: {rows: 1e7, kv: 1KB, write_rate: 50k/s}\ncluster: {region_servers: 20}\n", regions: 20, asked: 20},
		{name: "an explicit count wins", src: fam + "capacity: {rows: 1e7, kv: 1KB, write_rate: 50k/s}\ncluster: {region_servers: 20}\nsplits: {regions: 5}\n", regions: 5, asked: 20},
		{name: "salt buckets cap the floor", src: fam + "capacity: {rows: 1e7, kv: 1KB, write_rate: 50k/s}\ncluster: {region_servers: 20}\nrowkey: {prefix: byte:8}\n",
			regions: 8, asked: 8, buckets: 8, salted: true},
		{name: "a hash of known parts is not a salt", src: fam + "capacity: {rows: 1e7, kv: 1KB, scan_share: 1}\nrowkey: {prefix: dec:2, prefix_from: [user], parts: [{name: user, kind: id}]}\n",
			regions: 2, asked: 2, buckets: 100},
		{name: "monotonic lead", src: fam + "capacity: {rows: 1e7, kv: 1KB, write_rate: 1k/s}\nrowkey: {parts: [{name: seq, kind: sequence, width: 8}]}\nsplits: {algo: UniformSplit}\n",
			regions: 2, asked: 2, mono: "seq (a sequence)"},
		{name: "balance needs servers", src: fam + "capacity: {rows: 1e7, kv: 1KB, balance: true}\n", field: "capacity.balance"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := plan.Build(parse(t, tt.src), plan.Options{})
			if tt.field != "" {
				var fe *plan.FieldError
				require.True(t, errors.As(err, &fe), "%v", err)
				assert.Equal(t, tt.field, fe.Field)
				assert.Positive(t, fe.Pos.Line, "points at the spec's line")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.regions, p.Regions)
			if tt.asked == 0 {
				assert.Nil(t, p.Access)
				return
			}
			require.NotNil(t, p.Access)
			assert.Equal(t, tt.asked, p.Access.Regions)
			assert.Equal(t, tt.regions, p.Access.Load.Regions, "the load is the created regions'")
			assert.Equal(t, tt.buckets, p.Access.Input.Buckets)
			assert.Equal(t, tt.salted, p.Access.Input.Salted)
			assert.Equal(t, tt.mono, p.Access.Input.Monotonic)
		})
	}
}

// TestPrefixOwned: HexStringSplit over 00000000..7fffffff under a hex:8 prefix that takes
// every value: the last region ['7333332c', ) holds (2^32 - 0x7333332c) / 2^32 = 0.55 of
// the keys, so the imbalance is 5.5 (not the 1.000 of the algorithm's own range) and that
// region and its server take 0.55 of the writes.
func TestPrefixOwned(t *testing.T) {
	src := fam + `rowkey:
  prefix: hex:8
  parts:
    - {name: id, kind: id, width: 8}
capacity: {rows: 1e8, kv: 1KB, write_rate: 50k/s}
cluster: {region_servers: 10}
splits: {algo: HexStringSplit, regions: 10, first_row: "00000000", last_row: "7fffffff"}
`
	p, err := plan.Build(parse(t, src), plan.Options{})
	require.NoError(t, err)
	require.Equal(t, 10, p.Split.Owned.Len())
	last := float64(1<<32 - 0x7333332c)
	assert.InDelta(t, last, p.Split.Owned.At(9), 0)
	assert.InDelta(t, 0x0ccccccc, p.Split.Owned.At(0), 0)
	assert.InDelta(t, float64(1<<32), p.Split.Owned.Total(), 0)
	share := last / (1 << 32)
	assert.InDelta(t, 0.55, share, 0.0001)
	l := p.Access.Load
	assert.InDelta(t, share, l.BusiestShare, 1e-12)
	assert.InDelta(t, p.Access.WriteBytes*share, l.RegionWriteBytes, 1e-6)
	assert.InDelta(t, p.Access.WriteBytes*share, l.ServerWriteBytes, 1e-6)
	assert.Contains(t, p.Split.Notes, "imbalance measured on the rowkey's prefix hex:8 (the values each region holds), not on the algorithm's own range: 1.000 there")

	// With the split over the prefix's whole range, the regions are even.
	p, err = plan.Build(parse(t, strings.Replace(src, `, first_row: "00000000", last_row: "7fffffff"`, "", 1)), plan.Options{})
	require.NoError(t, err)
	assert.False(t, p.Access.Load.Uneven)
	assert.InDelta(t, 0.1, p.Access.Load.BusiestShare, 1e-12)
}
