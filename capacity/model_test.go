package capacity

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	gib = 1 << 30
	tb  = 1e12
)

func TestComputeFormulas(t *testing.T) {
	tests := []struct {
		name    string
		in      Input
		raw     float64
		stored  float64
		planned float64
		exact   float64
		regions int
		disk    float64
	}{
		{
			name: "issue example rows x kv",
			in:   Input{Volume: Volume{Rows: 1e10, RowBytes: 300}},
			raw:  3 * tb, stored: 3 * tb, planned: 4.5 * tb,
			exact: 4.5 * tb / (10 * gib), regions: 420, disk: 13.5 * tb,
		},
		{
			name: "issue example daily x retention",
			in:   Input{Volume: Volume{Daily: 500e9, RetentionDays: 30}},
			raw:  15 * tb, stored: 15 * tb, planned: 22.5 * tb,
			exact: 22.5 * tb / (10 * gib), regions: 2096, disk: 67.5 * tb,
		},
		{
			name: "compression and redundancy multiply",
			in:   Input{Volume: Volume{Rows: 1e9, RowBytes: 1000}, CompressionRatio: 0.35, Redundancy: 1.2, RegionSize: 20 * gib, Replication: 2},
			raw:  1 * tb, stored: 0.35 * tb, planned: 0.42 * tb,
			exact: 0.42 * tb / (20 * gib), regions: 20, disk: 0.84 * tb,
		},
		{
			name: "exact multiple is not rounded up",
			in:   Input{Volume: Volume{Rows: 2, RowBytes: 10 * gib}, Redundancy: 1},
			raw:  20 * gib, stored: 20 * gib, planned: 20 * gib, exact: 2, regions: 2, disk: 60 * gib,
		},
		{
			name: "tiny table is one region",
			in:   Input{Volume: Volume{Rows: 1000, RowBytes: 100}},
			raw:  1e5, stored: 1e5, planned: 1.5e5, exact: 1.5e5 / (10 * gib), regions: 1, disk: 4.5e5,
		},
		{
			name: "cells describe the row",
			in:   Input{Volume: Volume{Rows: 1e6, Cells: &Cells{Count: 6, RowLen: 16, FamilyLen: 2, QualifierLen: 12, ValueLen: 100, Versions: 2}}},
			// 6 x 2 x (20+16+2+12+100) = 1800 B per row
			raw: 1.8e9, stored: 1.8e9, planned: 2.7e9, exact: 2.7e9 / (10 * gib), regions: 1, disk: 8.1e9,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Compute(tt.in)
			require.NoError(t, err)
			assert.InEpsilon(t, tt.raw, p.RawBytes, 1e-12)
			assert.InEpsilon(t, tt.stored, p.StoredBytes, 1e-12)
			assert.InEpsilon(t, tt.planned, p.PlannedBytes, 1e-12)
			assert.InEpsilon(t, tt.exact, p.ExactRegions, 1e-12)
			assert.Equal(t, tt.regions, p.Regions)
			assert.InEpsilon(t, tt.disk, p.DiskBytes, 1e-12)
		})
	}
}

// A planned size that is a whole number of regions in exact arithmetic takes that many,
// though float64 puts the quotient a hair above it (100 GiB x 30 x 0.55 / 10 GiB is
// 165.00000000000003): a spreadsheet's CEILING and the reader get the same count.
func TestComputeWholeQuotient(t *testing.T) {
	for _, tc := range []struct {
		in   Input
		want int
	}{
		{Input{Volume: Volume{Daily: 100 * gib, RetentionDays: 30}, CompressionRatio: 0.55, Redundancy: 1}, 165},
		{Input{Volume: Volume{Daily: 5 * gib, RetentionDays: 100}, CompressionRatio: 0.2, Redundancy: 1.1}, 11},
		{Input{Volume: Volume{Daily: 2 * gib, RetentionDays: 100}, CompressionRatio: 1.1}, 33},
		{Input{Volume: Volume{Rows: 419430400, RowBytes: 1024}, CompressionRatio: 0.55}, 33},
		{Input{Volume: Volume{Rows: 10*1024 + 1, RowBytes: 1 << 20}, Redundancy: 1}, 2}, // a byte over: a region more
	} {
		p, err := Compute(tc.in)
		require.NoError(t, err)
		assert.Equal(t, tc.want, p.Regions, "%+v: exact %v", tc.in.Volume, p.ExactRegions)
	}
	assert.Equal(t, 165, RegionsOf(100*gib*30*0.55, 10*gib))
	assert.Equal(t, 166, RegionsOf(165*10*gib+1<<20, 10*gib)) // a MiB over: a region more
}

// A TTL need not be whole days: 36 hours of 100 GiB a day is 150 GiB (23 regions, not the
// 30 that two whole days made), and the last growth row, day 2, holds the same.
func TestComputeFractionalTTL(t *testing.T) {
	p, err := Compute(Input{Volume: Volume{Daily: 100 * gib, RetentionDays: 30, TTLDays: 1.5}})
	require.NoError(t, err)
	assert.Equal(t, float64(150*gib), p.RawBytes)
	assert.Equal(t, 23, p.Regions)
	require.Len(t, p.Horizons, 1)
	assert.Equal(t, Horizon{Days: 2, RawBytes: 150 * gib, StoredBytes: 150 * gib, PlannedBytes: 225 * gib, Regions: 23, DiskBytes: 675 * gib, SplitBytes: 225 * gib}, p.Horizons[0])
	assert.Equal(t, "1.5 days", DaysText(1.5))
	assert.Equal(t, "1 hour", DaysText(1.0/24))
	assert.Equal(t, "6 hours", DaysText(0.25))
	assert.Equal(t, "30 days", DaysText(30))
}

// A growth row past the horizon that needs more regions than presplit plans is refused, as
// the split itself would be, naming the day: its volumes were printed as zeros.
func TestComputeHorizonTooManyRegions(t *testing.T) {
	_, err := Compute(Input{Volume: Volume{Daily: 200e12, RetentionDays: 365, HorizonDays: 30}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "at 365 days of ingest")
	assert.Contains(t, err.Error(), "more than the 10000000 presplit plans for")
	p, err := Compute(Input{Volume: Volume{Daily: 200e12, RetentionDays: 30, HorizonDays: 30}})
	require.NoError(t, err)
	assert.Positive(t, p.Horizons[0].PlannedBytes)
}

func TestCellBytes(t *testing.T) {
	c := Cells{Count: 3, RowLen: 10, FamilyLen: 1, QualifierLen: 5, ValueLen: 8}
	assert.Equal(t, 44.0, c.CellBytes()) // 20 + 10 + 1 + 5 + 8
	assert.Equal(t, 132.0, c.RowBytes()) // 3 cells x 1 version
	c.Versions = 3
	assert.Equal(t, 396.0, c.RowBytes())
}

func TestHorizons(t *testing.T) {
	tests := []struct {
		name      string
		retention float64
		days      []int
	}{
		{name: "30 days", retention: 30, days: []int{30}},
		{name: "90 days", retention: 90, days: []int{30, 90}},
		{name: "one year", retention: 365, days: []int{30, 182, 365}},
		{name: "two years", retention: 730, days: []int{30, 182, 365, 730}},
		{name: "one week", retention: 7, days: []int{7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Compute(Input{Volume: Volume{Daily: 100e9, RetentionDays: tt.retention}})
			require.NoError(t, err)
			var days []int
			for _, h := range p.Horizons {
				days = append(days, h.Days)
				assert.InEpsilon(t, 100e9*float64(h.Days), h.RawBytes, 1e-12)
				assert.InEpsilon(t, 1.5*h.RawBytes, h.PlannedBytes, 1e-12)
				assert.Equal(t, int(math.Ceil(h.PlannedBytes/(10*gib))), h.Regions)
				assert.InEpsilon(t, 3*h.PlannedBytes, h.DiskBytes, 1e-12)
			}
			assert.Equal(t, tt.days, days)
			last := p.Horizons[len(p.Horizons)-1]
			assert.Equal(t, p.Regions, last.Regions, "the last horizon is the whole retention")
		})
	}
	p, err := Compute(Input{Volume: Volume{Rows: 1e6, RowBytes: 10}})
	require.NoError(t, err)
	assert.Empty(t, p.Horizons, "rows x kv has no growth")
}

// TestClusterFigures: the memstore ceiling and the regions per server of the sized count.
// Whether they are too many or too few is lint's to say, on the regions actually created.
func TestClusterFigures(t *testing.T) {
	base := func(mod func(*Input)) Input {
		in := Input{Volume: Volume{Rows: 1e10, RowBytes: 300}} // 420 regions
		mod(&in)
		return in
	}
	tests := []struct {
		name    string
		in      Input
		ceiling float64
		perSrv  float64
	}{
		{name: "no cluster", in: base(func(*Input) {})},
		{name: "32 GiB heap", in: base(func(in *Input) { in.Cluster.RegionServers = 10; in.Cluster.Heap = 32 * gib }), ceiling: 102.4, perSrv: 42},
		{name: "16 GiB heap ceiling is about 51", in: base(func(in *Input) { in.Cluster.RegionServers = 4; in.Cluster.Heap = 16 * gib }), ceiling: 51.2, perSrv: 105},
		{name: "two families halve it", in: base(func(in *Input) { in.Cluster.RegionServers = 2; in.Cluster.Heap = 8 * gib; in.Cluster.Families = 2 }), ceiling: 12.8, perSrv: 210},
		{name: "fewer regions than servers", in: base(func(in *Input) { in.Cluster.RegionServers = 500 }), perSrv: 0.84},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Compute(tt.in)
			require.NoError(t, err)
			assert.InDelta(t, tt.ceiling, p.MemstoreCeiling, 1e-9)
			assert.InDelta(t, tt.perSrv, p.RegionsPerServer, 1e-9)
		})
	}
}

// TestHorizon: --horizon sizes the split for the first days of ingest; the growth table
// still runs to the retention.
func TestHorizon(t *testing.T) {
	p, err := Compute(Input{Volume: Volume{Daily: 100e9, RetentionDays: 365, HorizonDays: 30}})
	require.NoError(t, err)
	assert.Equal(t, 3e12, p.RawBytes, "30 days x 100 GB")
	assert.Equal(t, 420, p.Regions, "ceil(3 TB x 1.5 / 10 GiB)")
	require.NotEmpty(t, p.Horizons)
	assert.Equal(t, 365, p.Horizons[len(p.Horizons)-1].Days)
	assert.Equal(t, 5099, p.Horizons[len(p.Horizons)-1].Regions, "the whole retention")

	p, err = Compute(Input{Volume: Volume{Daily: 100e9, RetentionDays: 20, HorizonDays: 30}})
	require.NoError(t, err)
	assert.Equal(t, 2e12, p.RawBytes, "a horizon beyond the retention is capped by it")

	p, err = Compute(Input{Volume: Volume{Daily: 100e9, RetentionDays: 365, TTLDays: 30}})
	require.NoError(t, err)
	assert.Equal(t, 3e12, p.RawBytes, "a TTL shorter than the retention: the table keeps 30 days")
	assert.Equal(t, 420, p.Regions)
	assert.Equal(t, 30, p.Horizons[len(p.Horizons)-1].Days, "the growth table stops where the data expires")

	p, err = Compute(Input{Volume: Volume{Daily: 100e9, RetentionDays: 30, TTLDays: 365}})
	require.NoError(t, err)
	assert.Equal(t, 3e12, p.RawBytes, "a TTL longer than the retention: sized on the retention")

	_, err = Compute(Input{Volume: Volume{Rows: 1e6, RowBytes: 10, HorizonDays: 30}})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, "horizon", ie.Field)
}

func TestComputeErrors(t *testing.T) {
	ok := Volume{Rows: 1e6, RowBytes: 100}
	tests := []struct {
		name  string
		in    Input
		field string
		want  string
	}{
		{name: "no volume", in: Input{}, field: "rows", want: "rows must be a positive finite number, got 0"},
		{name: "rows and daily", in: Input{Volume: Volume{Rows: 1, RowBytes: 1, Daily: 1, RetentionDays: 1}}, field: "rows"},
		{name: "negative rows", in: Input{Volume: Volume{Rows: -1, RowBytes: 1}}, field: "rows"},
		{name: "nan rows", in: Input{Volume: Volume{Rows: math.NaN(), RowBytes: 1}}, field: "rows"},
		{name: "inf kv", in: Input{Volume: Volume{Rows: 1, RowBytes: math.Inf(1)}}, field: "kv"},
		{name: "daily without retention", in: Input{Volume: Volume{Daily: 1e9}}, field: "retention"},
		{name: "fractional retention", in: Input{Volume: Volume{Daily: 1e9, RetentionDays: 1.5}}, field: "retention"},
		{name: "retention without daily", in: Input{Volume: Volume{RetentionDays: 30}}, field: "daily"},
		{name: "compression zero after default is fine, negative is not", in: Input{Volume: ok, CompressionRatio: -0.1}, field: "compression_ratio"},
		{name: "compression above 2", in: Input{Volume: ok, CompressionRatio: 2.1}, field: "compression_ratio", want: "compression_ratio must be > 0 and <= 2 (stored / raw), got 2.1"},
		{name: "redundancy below 1", in: Input{Volume: ok, Redundancy: 0.9}, field: "redundancy"},
		{name: "redundancy above 10", in: Input{Volume: ok, Redundancy: 11}, field: "redundancy"},
		{name: "region size tiny", in: Input{Volume: ok, RegionSize: 1000}, field: "region_size"},
		{name: "replication", in: Input{Volume: ok, Replication: -1}, field: "replication"},
		{name: "memstore fraction", in: Input{Volume: ok, Cluster: Cluster{MemstoreFraction: 0.9}}, field: "memstore_fraction"},
		{name: "cells zero", in: Input{Volume: Volume{Rows: 1, Cells: &Cells{Count: 0, RowLen: 1, FamilyLen: 1}}}, field: "cells"},
		{name: "row len zero", in: Input{Volume: Volume{Rows: 1, Cells: &Cells{Count: 1, FamilyLen: 1}}}, field: "row_len"},
		{name: "versions negative", in: Input{Volume: Volume{Rows: 1, Cells: &Cells{Count: 1, RowLen: 1, FamilyLen: 1, Versions: -2}}}, field: "versions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Compute(tt.in)
			var ie *InputError
			require.True(t, errors.As(err, &ie), "want an InputError, got %v", err)
			assert.Equal(t, tt.field, ie.Field)
			if tt.want != "" {
				assert.Equal(t, tt.want, err.Error())
			}
		})
	}
	_, err := Compute(Input{Volume: Volume{Rows: 1e30, RowBytes: 1e6}})
	assert.ErrorContains(t, err, "more than the 10000000 presplit plans for")
}
