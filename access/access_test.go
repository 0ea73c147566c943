package access

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/quantity"
)

func rows(n float64) quantity.Rate  { return quantity.Rate{PerSecond: n} }
func bytes(n float64) quantity.Rate { return quantity.Rate{PerSecond: n, Bytes: true} }

// sized is the capacity plan of rows x kv with the model's defaults.
func sized(t *testing.T, rowsN, kv float64, servers int) *capacity.Sizing {
	t.Helper()
	cp, err := capacity.Compute(capacity.Input{Volume: capacity.Volume{Rows: rowsN, RowBytes: kv}, Cluster: capacity.Cluster{RegionServers: servers}})
	require.NoError(t, err)
	return &cp
}

// A put writes one version of a row: a write rate in rows/s is in the row's one-version
// bytes, whatever VERSIONS the table keeps (RowBytes is kv x versions; --cells alike).
func TestWriteRateIsOneVersion(t *testing.T) {
	for _, v := range []capacity.Volume{
		{Rows: 1e7, KV: 1024, KVVersions: 3, RowBytes: 3 * 1024},
		{Rows: 1e7, Cells: &capacity.Cells{Count: 4, RowLen: 10, FamilyLen: 1, QualifierLen: 5, ValueLen: 50, Versions: 3}},
	} {
		if v.Cells != nil {
			v.RowBytes = v.Cells.RowBytes()
		}
		cp, err := capacity.Compute(capacity.Input{Volume: v, Cluster: capacity.Cluster{RegionServers: 20}})
		require.NoError(t, err)
		p, err := Compute(Input{WriteRate: rows(50e3), RegionServers: 20}, &cp)
		require.NoError(t, err)
		assert.InDelta(t, 50e3*v.RowBytes/3, p.WriteBytes, 1e-6)
	}
}

func TestComputeRegions(t *testing.T) {
	tests := []struct {
		name    string
		in      Input
		rows    float64
		servers int
		// want: size, server floor, limit floor, bucket cap, spread, floored, regions
		size, serverFloor, limitFloor, bucketCap, spread, floored, regions int
	}{
		// A small, hot table: 1e7 x 1 KiB x 1.5 / 10 GiB = 1.43 -> 2 regions for 20 servers.
		{name: "hot small table", in: Input{WriteRate: rows(50e3), RegionServers: 20}, rows: 1e7, servers: 20,
			size: 2, serverFloor: 20, spread: 20, floored: 20, regions: 20},
		// 50k rows/s over a 2k rows/s limit: ceil(25) = 25 > 20 servers.
		{name: "limit wins", in: Input{WriteRate: rows(50e3), RegionWriteLimit: rows(2e3), RegionServers: 20}, rows: 1e7, servers: 20,
			size: 2, serverFloor: 20, limitFloor: 25, spread: 25, floored: 25, regions: 25},
		// A limit in bytes against rows/s: 50k x 1024 B = 51,200,000 B/s over 5 MiB/s = 9.77 -> 10.
		{name: "limit in bytes", in: Input{WriteRate: rows(50e3), RegionWriteLimit: bytes(5 << 20)}, rows: 1e7,
			size: 2, limitFloor: 10, spread: 10, floored: 10, regions: 10},
		{name: "size wins", in: Input{WriteRate: rows(50e3), RegionServers: 20}, rows: 1e9, servers: 20,
			size: 144, serverFloor: 20, spread: 20, floored: 144, regions: 144},
		// 144 on 20 servers rounds up to 160.
		{name: "balance", in: Input{WriteRate: rows(50e3), RegionServers: 20, Balance: true}, rows: 1e9, servers: 20,
			size: 144, serverFloor: 20, spread: 20, floored: 144, regions: 160},
		{name: "balance already even", in: Input{RegionServers: 8, Balance: true}, rows: 1e9, servers: 8,
			size: 144, floored: 144, regions: 144},
		{name: "buckets cap the floor", in: Input{WriteRate: rows(50e3), RegionServers: 20, Buckets: 10, Salted: true}, rows: 1e7, servers: 20,
			size: 2, serverFloor: 20, bucketCap: 10, spread: 10, floored: 10, regions: 10},
		// 10 buckets cannot hold 20 regions: the round-up is left out.
		{name: "balance beyond the buckets", in: Input{WriteRate: rows(50e3), RegionServers: 20, Buckets: 10, Salted: true, Balance: true}, rows: 1e7, servers: 20,
			size: 2, serverFloor: 20, bucketCap: 10, spread: 10, floored: 10, regions: 10},
		{name: "read rate alone changes nothing", in: Input{ReadRate: rows(1e5), RegionServers: 20}, rows: 1e7, servers: 20,
			size: 2, floored: 2, regions: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cp := sized(t, tt.rows, 1024, tt.servers)
			p, err := Compute(tt.in, cp)
			require.NoError(t, err)
			assert.Equal(t, []int{tt.size, tt.serverFloor, tt.limitFloor, tt.bucketCap, tt.spread, tt.floored, tt.regions},
				[]int{p.SizeRegions, p.ServerFloor, p.LimitFloor, p.BucketCap, p.Spread, p.Floored, p.Regions})
			// Independently: the count is the largest of the floors, capped, then rounded up.
			want := math.Ceil(tt.rows * 1024 * 1.5 / (10 << 30))
			if tt.in.WriteRate.PerSecond > 0 {
				spread := float64(tt.in.RegionServers)
				if l := tt.in.RegionWriteLimit; l.PerSecond > 0 {
					w := tt.in.WriteRate.PerSecond
					if l.Bytes {
						w *= 1024
					}
					spread = math.Max(spread, math.Ceil(w/l.PerSecond))
				}
				if tt.in.Buckets > 0 {
					spread = math.Min(spread, float64(tt.in.Buckets))
				}
				want = math.Max(want, spread)
			}
			if s := float64(tt.in.RegionServers); tt.in.Balance && (tt.in.Buckets == 0 || math.Ceil(want/s)*s <= float64(tt.in.Buckets)) {
				want = math.Ceil(want/s) * s
			}
			assert.Equal(t, int(want), p.Regions)
		})
	}
}

func TestComputeErrors(t *testing.T) {
	daily, err := capacity.Compute(capacity.Input{Volume: capacity.Volume{Daily: 1 << 40, RetentionDays: 30}})
	require.NoError(t, err)
	kv := sized(t, 1e7, 1024, 0)
	tests := []struct {
		name  string
		in    Input
		cp    *capacity.Sizing
		field string
	}{
		{name: "limit without rate", in: Input{RegionWriteLimit: rows(1000)}, cp: kv, field: "region_write_limit"},
		{name: "rows/s without row size", in: Input{WriteRate: rows(1000)}, cp: &daily, field: "write_rate"},
		{name: "limit rows/s without row size", in: Input{WriteRate: bytes(1 << 20), RegionWriteLimit: rows(10)}, cp: &daily, field: "region_write_limit"},
		{name: "balance without servers", in: Input{Balance: true}, cp: kv, field: "balance"},
		{name: "scan share above 1", in: Input{ScanShare: 1.5, ScanShareSet: true}, cp: kv, field: "scan_share"},
		{name: "negative rate", in: Input{ReadRate: rows(-1)}, cp: kv, field: "read_rate"},
		{name: "floor too large", in: Input{WriteRate: rows(1e12), RegionWriteLimit: rows(1)}, cp: kv, field: "region_write_limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Compute(tt.in, tt.cp)
			var ie *InputError
			require.True(t, errors.As(err, &ie), "%v", err)
			assert.Equal(t, tt.field, ie.Field)
		})
	}
	// A daily volume takes a write rate in bytes/s.
	p, err := Compute(Input{WriteRate: bytes(20 << 20)}, &daily)
	require.NoError(t, err)
	assert.Equal(t, float64(20<<20), p.WriteBytes)
}

// TestLoad recomputes every figure from the inputs with the arithmetic written out.
func TestLoad(t *testing.T) {
	const (
		servers = 20
		kv      = 1024.0
		rate    = 50e3 // rows/s
	)
	cp := sized(t, 1e7, kv, servers)
	tests := []struct {
		name    string
		in      Input
		created int
		// Independent expectations.
		regionW, serverW, flushes, days float64
		writing, most, fewest           int
		hotspot                         float64
		fanout                          int
		regionScans, readsPerServer     float64
	}{
		{
			name: "even", in: Input{WriteRate: rows(rate), RegionServers: servers}, created: 20,
			// 51,200,000 B/s / 20 = 2,560,000 B/s per region, one region per server.
			regionW: 2_560_000, serverW: 2_560_000,
			flushes: 2_560_000 * 60 / 134217728.0, // 1.1444 a minute
			days:    10737418240 / (2_560_000 * 1.5) / 86400,
			writing: 20, most: 1, fewest: 1, fanout: 1,
		},
		{
			name: "unbalanced", in: Input{WriteRate: rows(rate), RegionServers: servers}, created: 30,
			// 30 regions on 20 servers: 10 servers hold 2, 10 hold 1; the busiest takes 2/30.
			regionW: 51_200_000.0 / 30, serverW: 2 * 51_200_000.0 / 30,
			flushes: 51_200_000.0 / 30 * 60 / 134217728, days: 10737418240 / (51_200_000.0 / 30 * 1.5) / 86400,
			writing: 20, most: 2, fewest: 1, fanout: 1,
		},
		{
			name: "salted scans", in: Input{WriteRate: rows(rate), ReadRate: rows(1000), ScanShare: 0.8, ScanShareSet: true, RegionServers: servers, Buckets: 100, Salted: true}, created: 20,
			regionW: 2_560_000, serverW: 2_560_000, flushes: 2_560_000 * 60 / 134217728.0, days: 10737418240 / (2_560_000 * 1.5) / 86400,
			writing: 20, most: 1, fewest: 1, fanout: 100,
			regionScans: 1000 * 0.8 * 100, readsPerServer: 1000.0 / 20,
		},
		{
			name: "few buckets", in: Input{WriteRate: rows(rate), RegionServers: servers, Buckets: 10, Salted: true}, created: 10,
			// 10 buckets, 10 regions: 10 of 20 servers take 5,120,000 B/s each.
			regionW: 5_120_000, serverW: 5_120_000, flushes: 5_120_000 * 60 / 134217728.0, days: 10737418240 / (5_120_000 * 1.5) / 86400,
			writing: 10, most: 1, fewest: 0, fanout: 10,
		},
		{
			name: "monotonic", in: Input{WriteRate: rows(rate), RegionServers: servers, Monotonic: "ts (a timestamp)"}, created: 20,
			// All 51,200,000 B/s on the one region at the key space's end.
			regionW: 51_200_000, serverW: 51_200_000, flushes: 51_200_000 * 60 / 134217728.0, days: 10737418240 / (51_200_000 * 1.5) / 86400,
			writing: 1, most: 1, fewest: 1, fanout: 1, hotspot: 51_200_000,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Compute(tt.in, cp)
			require.NoError(t, err)
			l := p.At(tt.created, cp, nil)
			assert.InDelta(t, tt.regionW, l.RegionWriteBytes, 1e-6)
			assert.InDelta(t, tt.serverW, l.ServerWriteBytes, 1e-6)
			assert.InDelta(t, tt.serverW, l.WALBytes, 1e-6)
			assert.InDelta(t, tt.flushes, l.FlushesPerMinute, 1e-9)
			assert.InDelta(t, tt.days, l.DaysToRegionSize, 1e-9)
			assert.Equal(t, tt.writing, l.WritingServers)
			assert.Equal(t, tt.most, l.MostRegions)
			assert.Equal(t, tt.fewest, l.FewestRegions)
			assert.Equal(t, tt.most == tt.fewest, l.Balanced())
			assert.InDelta(t, tt.hotspot, l.HotspotBytes, 1e-6)
			if tt.hotspot > 0 {
				assert.InDelta(t, tt.hotspot*60/134217728, l.HotspotFlushesPerMinute, 1e-9)
			}
			assert.Equal(t, tt.fanout, l.ScanFanout)
			assert.InDelta(t, tt.regionScans, l.RegionScans, 1e-9)
			assert.InDelta(t, tt.readsPerServer, l.ReadsPerServer, 1e-9)
		})
	}
}

func TestGiven(t *testing.T) {
	assert.False(t, Input{RegionServers: 20, Buckets: 10}.Given())
	assert.True(t, Input{ScanShareSet: true}.Given())
	assert.True(t, Input{Balance: true}.Given())
}
