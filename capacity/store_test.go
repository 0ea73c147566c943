package capacity

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbase"
)

// Two designs whose families keep different VERSIONS and TTLs, each store sized by hand:
// a row of 300 B a version holds 270 B of d (one version) and 30 B x 10 of h; 100 GiB a
// day keeps 7 days of a's 90% and 30 days of b's 10%.
func TestComputeStores(t *testing.T) {
	versions := Input{Volume: Volume{Rows: 1e9, KV: 300, KVVersions: 10, RowBytes: 3000},
		Stores: []Store{{Name: "d", Share: 0.9, Versions: 1}, {Name: "h", Share: 0.1, Versions: 10}}}
	ttl := Input{Volume: Volume{Daily: 100 * gib, RetentionDays: 30}, CompressionRatio: 0.5,
		Stores: []Store{{Name: "a", Share: 0.9, TTLDays: 7, Codec: "SNAPPY"}, {Name: "b", Share: 0.1, TTLDays: 30, Codec: "SNAPPY"}}}
	overall := func(in Input) Input { in.SplitOverall = true; return in }
	tests := []struct {
		name     string
		in       Input
		regions  int
		store    string    // the split store; "" all stores
		perStore []float64 // each store's planned bytes
	}{
		{"versions, largest store (2.x)", versions, 42, "h", []float64{1e9 * 270 * 1.5, 1e9 * 300 * 1.5}},
		{"versions, all stores (3.x)", overall(versions), 80, "", []float64{1e9 * 270 * 1.5, 1e9 * 300 * 1.5}},
		{"ttl, largest store (2.x)", ttl, 48, "a", []float64{100 * gib * 0.9 * 7 * 0.5 * 1.5, 100 * gib * 0.1 * 30 * 0.5 * 1.5}},
		{"ttl, all stores (3.x)", overall(ttl), 70, "", []float64{100 * gib * 0.9 * 7 * 0.5 * 1.5, 100 * gib * 0.1 * 30 * 0.5 * 1.5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Compute(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.regions, p.Regions)
			assert.Equal(t, tc.store, p.SplitStore)
			require.Len(t, p.Stores, len(tc.perStore))
			sum := 0.0
			for i, want := range tc.perStore {
				assert.InDelta(t, want, p.Stores[i].PlannedBytes, want*1e-12, p.Stores[i].Name)
				assert.Equal(t, int(math.Ceil(want/DefaultRegionSize)), p.Stores[i].Regions)
				sum += want
			}
			assert.InDelta(t, sum, p.PlannedBytes, sum*1e-12)
			assert.InDelta(t, sum*DefaultReplication, p.DiskBytes, sum*1e-9, "disk is all stores")
			assert.Equal(t, int(math.Ceil(p.SplitBytes/DefaultRegionSize)), p.Regions)
		})
	}
}

// Each store's growth is capped by its own TTL: a (7 days) stops growing after day 7, b
// grows to day 30; the table's horizons are 30 days (the longest the stores keep).
func TestComputeStoreHorizons(t *testing.T) {
	in := Input{Volume: Volume{Daily: 100 * gib, RetentionDays: 30}, CompressionRatio: 0.5,
		Stores: []Store{{Name: "a", Share: 0.9, TTLDays: 7}, {Name: "b", Share: 0.1, TTLDays: 30, CompressionRatio: 0.25}}}
	p, err := Compute(in)
	require.NoError(t, err)
	require.Len(t, p.Horizons, 1)
	h := p.Horizons[0]
	assert.Equal(t, 30, h.Days)
	require.Len(t, h.Stores, 2)
	assert.InDelta(t, 100*gib*0.9*7, h.Stores[0].RawBytes, 1)
	assert.InDelta(t, 100*gib*0.1*30*0.25, h.Stores[1].StoredBytes, 1, "b's own ratio")
	assert.InDelta(t, 0.25, p.Stores[1].CompressionRatio, 0)
	assert.InDelta(t, 0.5, p.Stores[0].CompressionRatio, 0, "a takes the table's ratio")
	assert.Equal(t, p.Regions, h.Regions)

	in.Volume.HorizonDays = 5 // sized for 5 days: both stores hold 5 days
	p, err = Compute(in)
	require.NoError(t, err)
	assert.InDelta(t, 100*gib*5, p.RawBytes, 1)
	assert.InDelta(t, 5.0, p.Stores[0].SplitDays, 0)
	assert.InDelta(t, 7.0, p.Stores[0].KeptDays, 0)
	last := p.Horizons[len(p.Horizons)-1]
	assert.InDelta(t, 100*gib*(0.9*7+0.1*30), last.RawBytes, 1)
}

// The split rule's default follows the release: 2.x the largest store, 3.0 all stores; the
// setting exists from 2.4.0.
func TestSplitOverallDefault(t *testing.T) {
	for _, tc := range []struct {
		v                 string
		overall, settable bool
	}{
		{"1.4", false, false}, {"2.3", false, false}, {"2.4.0", false, true}, {"2.6", false, true}, {"3.0", true, true},
	} {
		v, err := hbase.ParseVersion(tc.v)
		require.NoError(t, err)
		assert.Equal(t, tc.overall, SplitOverallDefault(v), tc.v)
		assert.Equal(t, tc.settable, SplitOverallSettable(v), tc.v)
	}
}

func TestStoresRefused(t *testing.T) {
	base := Input{Volume: Volume{Rows: 1e6, KV: 100, KVVersions: 1, RowBytes: 100}}
	for _, tc := range []struct {
		name   string
		stores []Store
		field  string
	}{
		{"shares short of 1", []Store{{Name: "a", Share: 0.5}, {Name: "b", Share: 0.4}}, "families.share"},
		{"share above 1", []Store{{Name: "a", Share: 1.5}}, "families.share"},
		{"ratio above 2", []Store{{Name: "a", Share: 1, CompressionRatio: 3}}, "families.compression_ratio"},
		{"negative ttl", []Store{{Name: "a", Share: 1, TTLDays: -1}}, "families.ttl"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := base
			in.Stores = tc.stores
			_, err := Compute(in)
			var ie *InputError
			require.ErrorAs(t, err, &ie)
			assert.Equal(t, tc.field, ie.Field)
		})
	}
}

// Stores that keep what the row keeps (the same versions, TTL and ratio) are the whole
// row split by share: all stores together size what the one-store model sizes, and the
// largest store its share of it (the rule HBase 2.x applies).
func TestStoresReduceToTheRow(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 1))
	for i := range 500 {
		n := 2 + r.IntN(4)
		shares := make([]float64, n)
		sum := 0.0
		for j := range shares {
			shares[j] = 1 + float64(r.IntN(9))
			sum += shares[j]
		}
		versions := 1 + r.IntN(5)
		ratio := 0.2 + float64(r.IntN(9))/10
		var one Input
		if r.IntN(2) == 0 {
			kv := float64(100 + r.IntN(5000))
			one = Input{Volume: Volume{Rows: float64(1+r.IntN(100)) * 1e8, KV: kv, KVVersions: versions, RowBytes: kv * float64(versions)}}
		} else {
			one = Input{Volume: Volume{Daily: float64(1+r.IntN(500)) * gib, RetentionDays: float64(1 + r.IntN(400))}}
		}
		one.CompressionRatio = ratio
		stores := one
		largest := 0.0
		for j := range shares {
			share := shares[j] / sum
			largest = math.Max(largest, share)
			stores.Stores = append(stores.Stores, Store{Name: string(rune('a' + j)), Share: share, Versions: versions, TTLDays: one.Volume.RetentionDays})
		}
		whole, err := Compute(one)
		require.NoError(t, err)
		stores.SplitOverall = true
		all, err := Compute(stores)
		require.NoError(t, err)
		assert.InDelta(t, whole.PlannedBytes, all.PlannedBytes, whole.PlannedBytes*1e-12, "design %d", i)
		assert.InDelta(t, whole.ExactRegions, all.ExactRegions, whole.ExactRegions*1e-12, "design %d", i)
		stores.SplitOverall = false
		big, err := Compute(stores)
		require.NoError(t, err)
		assert.InDelta(t, whole.PlannedBytes*largest, big.SplitBytes, whole.PlannedBytes*1e-12, "design %d", i)
		for k, h := range big.Horizons {
			assert.InDelta(t, whole.Horizons[k].PlannedBytes, h.PlannedBytes, h.PlannedBytes*1e-12, "design %d at %d days", i, h.Days)
		}
	}
}

// One store with its own ratio is the whole row: no split store to name, and a written
// byte weighs its ratio x redundancy.
func TestComputeOneStore(t *testing.T) {
	p, err := Compute(Input{Volume: Volume{Rows: 1e9, KV: 1024, KVVersions: 2, RowBytes: 2048},
		Stores: []Store{{Name: "a", Share: 1, Versions: 2, CompressionRatio: 0.3}}})
	require.NoError(t, err)
	assert.Empty(t, p.SplitStore)
	assert.Equal(t, 86, p.Regions) // 1e9 x 2048 x 0.3 x 1.5 / 10 GiB = 85.8
	assert.InDelta(t, 0.3*1.5, p.SplitWriteWeight(), 1e-15)
	assert.InDelta(t, 0.0, p.SplitShare(), 0)
}
