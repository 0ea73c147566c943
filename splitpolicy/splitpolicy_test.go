package splitpolicy

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/presplit/presplit/hbase"
)

const (
	mib = 1 << 20
	gib = 1 << 30
)

func v(major, minor int) hbase.Version { return hbase.Version{Major: major, Minor: minor} }

// TestClass: the class each policy runs at each line (RegionSplitPolicy.
// DEFAULT_SPLIT_POLICY_CLASS at rel/1.2.0..rel/1.7.0 and rel/2.0.0, rel/3.0.0-alpha-1).
func TestClass(t *testing.T) {
	tests := []struct {
		name    string
		target  hbase.Version
		policy  string
		class   string
		cuts    bool
		growing bool
	}{
		{"1.2 default", v(1, 2), "", IncreasingClass, false, true},
		{"1.4 default", v(1, 4), Default, IncreasingClass, false, true},
		{"2.0 default", v(2, 0), Default, SteppingClass, false, false},
		{"2.6 default", v(2, 6), "", SteppingClass, false, false},
		{"3.0 default", v(3, 0), "", SteppingClass, false, false},
		{"2.6 constant", v(2, 6), Constant, ConstantSizeClass, false, false},
		{"1.4 prefix", v(1, 4), Prefix, KeyPrefixClass, true, true},
		{"2.6 prefix", v(2, 6), Prefix, KeyPrefixClass, true, true},
		{"2.6 delimited", v(2, 6), Delimited, DelimitedKeyPrefixClass, true, true},
		{"3.0 prefix: the restriction under Stepping", v(3, 0), Prefix, SteppingClass, true, false},
		{"2.6 disabled", v(2, 6), Disabled, DisabledClass, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := For(Input{Target: tt.target, Policy: tt.policy})
			assert.Equal(t, tt.class, m.Class)
			assert.Equal(t, tt.cuts, m.Cuts)
			assert.Equal(t, tt.growing, m.Increasing)
		})
	}
}

// TestSplitSize: IncreasingToUpperBound's min(MAX_FILESIZE, 2 x flush x n^3) at 128 MiB
// flushes is 256 MiB, 2 GiB, 6.75 GiB, then MAX_FILESIZE; n = 0 and n > 100 are
// MAX_FILESIZE. Stepping is 256 MiB at n = 1 only.
func TestSplitSize(t *testing.T) {
	inc := For(Input{Target: v(1, 4)})
	step := For(Input{Target: v(2, 6)})
	cons := For(Input{Target: v(2, 6), Policy: Constant})
	off := For(Input{Target: v(2, 6), Policy: Disabled})
	for _, tt := range []struct {
		n                     int
		inc, step, cons, none float64
	}{
		{0, 10 * gib, 10 * gib, 10 * gib, math.Inf(1)},
		{1, 256 * mib, 256 * mib, 10 * gib, math.Inf(1)},
		{2, 2 * gib, 10 * gib, 10 * gib, math.Inf(1)},
		{3, 6.75 * gib, 10 * gib, 10 * gib, math.Inf(1)},
		{4, 10 * gib, 10 * gib, 10 * gib, math.Inf(1)},
		{101, 10 * gib, 10 * gib, 10 * gib, math.Inf(1)},
	} {
		assert.Equal(t, tt.inc, inc.SplitSize(tt.n), "increasing n=%d", tt.n)
		assert.Equal(t, tt.step, step.SplitSize(tt.n), "stepping n=%d", tt.n)
		assert.Equal(t, tt.cons, cons.SplitSize(tt.n), "constant n=%d", tt.n)
		assert.Equal(t, tt.none, off.SplitSize(tt.n), "disabled n=%d", tt.n)
	}
	// The flush size sets the initial size: 2 x 256 MiB x 8 = 4 GiB at n = 2.
	assert.Equal(t, 4.0*gib, For(Input{Target: v(1, 4), FlushSize: 256 * mib}).SplitSize(2))
	assert.Equal(t, 4, inc.Steady())
	assert.Equal(t, 2, step.Steady())
	assert.Equal(t, 1, cons.Steady())
}

// TestEarlySplit: the reported case, 20 regions on 10 servers at 1.4, splits at 2 GiB; the
// same on 2.6 keeps its regions (2 per server); 2.6 with 15 regions on 10 servers has
// servers with one region, split at 256 MiB.
//
// At 1.4 each server's first region splits at 2 GiB (n = 2), its second at 6.75 GiB
// (n = 3), and then n = 4 splits at MAX_FILESIZE: 40 regions of 4.9 GiB hold 196 GiB.
// 10,000 GiB in those 40 is 250 GiB a region, halved 5 times: 1,280.
func TestEarlySplit(t *testing.T) {
	tests := []struct {
		name     string
		in       Input
		size     float64
		n        int
		regions  int     // RegionsFor(bytes)
		bytes    float64 // the table's volume
		neverCap bool
	}{
		{"1.4 two per server", Input{Target: v(1, 4), Regions: 20, Servers: 10}, 2 * gib, 2, 40, 196 * gib, true},
		{"1.4 four per server", Input{Target: v(1, 4), Regions: 40, Servers: 10}, 0, 0, 40, 196 * gib, true},
		{"2.6 two per server", Input{Target: v(2, 6), Regions: 20, Servers: 10}, 0, 0, 20, 196 * gib, true},
		{"2.6 one per server", Input{Target: v(2, 6), Regions: 15, Servers: 10}, 256 * mib, 1, 20, 140 * gib, true},
		{"1.4 constant", Input{Target: v(1, 4), Policy: Constant, Regions: 20, Servers: 10}, 0, 0, 20, 196 * gib, true},
		{"no servers", Input{Target: v(1, 4), Regions: 20}, 0, 0, 20, 196 * gib, true},
		{"volume needs more", Input{Target: v(1, 4), Regions: 20, Servers: 10}, 2 * gib, 2, 1280, 10000 * gib, true},
		{"disabled keeps", Input{Target: v(2, 6), Policy: Disabled, Regions: 20, Servers: 10}, 0, 0, 20, 1000 * gib, false},
		{"prefix cap: values + 1, the first region's empty one", Input{Target: v(2, 6), Policy: Prefix, Regions: 20, Servers: 10, Buckets: 100}, 2 * gib, 2, 101, 10000 * gib, false},
		// Before 2.5.10 and 2.6.1 a server's secondary replicas count in n (HBASE-28727).
		{"2.4 replicas counted", Input{Target: v(2, 4), Regions: 45, Servers: 45, Replicas: 2}, 0, 0, 45, 450 * gib, true},
		{"2.6.1 primaries only", Input{Target: hbase.Version{Major: 2, Minor: 6, Patch: 1, HasPatch: true}, Regions: 45, Servers: 45, Replicas: 2}, 256 * mib, 1, 90, 450 * gib, true},
		{"1.4 replicas counted", Input{Target: v(1, 4), Regions: 45, Servers: 45, Replicas: 2}, 2 * gib, 2, 90, 450 * gib, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := For(tt.in)
			size, n := m.EarlySplit()
			assert.Equal(t, tt.size, size)
			assert.Equal(t, tt.n, n)
			assert.Equal(t, tt.regions, m.RegionsFor(tt.bytes))
			assert.Equal(t, tt.neverCap, math.IsInf(m.Cap(), 1))
		})
	}
}

// TestNeverSplits: a prefix policy over regions holding one prefix value each cannot cut
// a point inside any region (SplitTableRegionProcedure: "Split row is equal to
// startkey").
func TestNeverSplits(t *testing.T) {
	assert.True(t, For(Input{Policy: Prefix, Regions: 100, Buckets: 100}).NeverSplits())
	assert.True(t, For(Input{Policy: Delimited, Regions: 16, Buckets: 16}).NeverSplits())
	assert.False(t, For(Input{Policy: Prefix, Regions: 100, Buckets: 1000}).NeverSplits())
	assert.False(t, For(Input{Policy: Default, Regions: 100, Buckets: 100}).NeverSplits())
	assert.True(t, For(Input{Policy: Disabled, Regions: 2}).NeverSplits())
}

// RegionsFor is what a simulation of the regions one by one gives: every region has a
// server and a share of the keys; the bytes grow, and the next region to split is the one
// whose size first exceeds its server's split size; it splits into two halves on its
// server. Random tables at 1.4 and 2.6, with and without a constant policy, some with an
// initial size above MAX_FILESIZE (SteppingSplitPolicy's one region splits at it).
func TestRegionsForSimulated(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for range 300 {
		in := Input{
			Target:    []hbase.Version{v(1, 4), v(2, 6)}[rng.IntN(2)],
			Regions:   1 + rng.IntN(40),
			Servers:   rng.IntN(9),
			FlushSize: float64(32+rng.IntN(128)) * mib,
		}
		if rng.IntN(3) == 0 { // small regions: the initial size may pass MAX_FILESIZE
			in.MaxFileSize = float64(256+rng.IntN(2048)) * mib
			in.FlushSize = float64(64+rng.IntN(1024)) * mib
		}
		if rng.IntN(4) == 0 {
			in.Policy = Constant
		}
		if rng.IntN(3) == 0 {
			in.Replicas = 2 + rng.IntN(2)
		}
		if rng.IntN(2) == 0 { // an uneven split: runs of q and q+1 prefix values
			q := float64(1 + rng.IntN(6))
			sum := 0.0
			for range in.Regions {
				in.Shares = append(in.Shares, q+float64(rng.IntN(2)))
				sum += in.Shares[len(in.Shares)-1]
			}
			for i := range in.Shares {
				in.Shares[i] /= sum
			}
		}
		m := For(in)
		bytes := float64(in.Regions) * m.MaxFileSize * rng.Float64() * 8
		// The split limit stops the servers (one server of three replicas: 333 regions).
		want := max(in.Regions, int(math.Min(float64(simulated(m, bytes)), m.LimitCap())))
		assert.Equal(t, want, m.RegionsFor(bytes), "%+v, %.0f bytes", in, bytes)
	}
}

// simulated is RegionsFor region by region, as the bytes grow (see TestRegionsForSimulated).
func simulated(m Model, bytes float64) int {
	type region struct {
		server int
		share  float64
	}
	servers := max(m.Servers, 1)
	var regions []region
	perServer := make([]int, servers)
	for i := range max(m.Regions, 1) {
		share := 1 / float64(max(m.Regions, 1))
		if len(m.Shares) == m.Regions {
			share = m.Shares[i]
		}
		regions = append(regions, region{i % servers, share})
		perServer[i%servers]++
	}
	size := func(r region) float64 {
		if m.Servers <= 0 {
			return m.MaxFileSize
		}
		return m.SplitSize(perServer[r.server] * m.Counted) // each primary's replicas on the servers alike
	}
	for {
		// The region that crosses its size at the fewest bytes.
		next, at := -1, math.Inf(1)
		for i, r := range regions {
			if b := size(r) / r.share; b < at {
				next, at = i, b
			}
		}
		if next < 0 || !(bytes*regions[next].share > size(regions[next])*(1+1e-12)) {
			return len(regions)
		}
		r := regions[next]
		regions[next].share /= 2
		regions = append(regions, region{r.server, r.share / 2})
		perServer[r.server]++
	}
}

// TestMachinery: the split limit (3 servers stop at 3,000 regions), the
// jitter's share and range (case 3: 9.98 GiB of 10 GiB, 49%), value-edge cuts (case 5:
// 1,000 values end as 1,001 regions, the first region's empty one), the cluster's policy
// and initial size.
func TestMachinery(t *testing.T) {
	limit := For(Input{Target: v(1, 4), Regions: 150, Servers: 3})
	assert.Equal(t, 3000.0, limit.LimitCap())
	assert.Equal(t, 3000, limit.RegionsFor(53*1024*gib))
	assert.Greater(t, limit.Uncapped(53*1024*gib), 3000)
	assert.True(t, limit.PastMax(53*1024*gib))
	others := For(Input{Target: v(1, 4), Regions: 150, Servers: 3, SplitLimit: 2000, OtherRegions: 1500, Replicas: 2})
	assert.Equal(t, 2250.0, others.LimitCap(), "(3 x 2000 - 1500) / 2 replicas")

	m := For(Input{Target: v(2, 6)})
	assert.InDelta(t, 0.492, m.EarlyShare(9.98*gib), 0.001)
	assert.Equal(t, 0.0, m.EarlyShare(8.75*gib))
	assert.Equal(t, 1.0, m.EarlyShare(11.25*gib))
	lo, hi := For(Input{Target: v(2, 6), Regions: 420}).Range(420 * 9.98 * gib)
	assert.Equal(t, [2]int{420, 840}, [2]int{lo, hi})

	cut := For(Input{Target: v(2, 4), Policy: Prefix, Regions: 10, Servers: 10, Buckets: 1000})
	bytes := 1000 * 27.0 * gib // 27 GiB a value
	assert.Equal(t, 1001, cut.RegionsFor(bytes))
	assert.Equal(t, 27.0*gib, cut.LargestValueRegion(bytes))
	assert.Equal(t, 1, cut.EmptyRegions(bytes))
	assert.Equal(t, 10, cut.AtMaxFileSize(10*9*gib), "regions of 100 values at 9 GiB keep at MAX_FILESIZE")
	assert.Equal(t, 0, cut.EmptyRegions(10*9*gib))

	assert.Equal(t, ConstantSizeClass, For(Input{Target: v(2, 6), ClusterPolicy: Constant}).Class)
	inc := For(Input{Target: v(2, 6), ClusterPolicy: Increasing, InitialSize: 64 * mib})
	assert.Equal(t, IncreasingClass, inc.Class)
	assert.Equal(t, 512.0*mib, inc.SplitSize(2), "64 MiB x 2^3")
	assert.Equal(t, KeyPrefixClass, For(Input{Target: v(2, 6), Policy: Prefix, ClusterPolicy: Constant}).Class, "a table's own policy wins")

	lone := For(Input{Target: v(2, 6), Regions: 10, Servers: 10, FlushSize: gib, MaxFileSize: gib})
	assert.True(t, lone.LoneUncapped(1.96*gib), "2 GiB initial size, not capped by 1 GiB")
	assert.False(t, lone.LoneUncapped(0.9*gib))

	// A line is its newest release: 2.6 counts primaries (2.6.1 on), and names 2.6.0.
	line := For(Input{Target: v(2, 6), Regions: 45, Servers: 45, Replicas: 2})
	assert.Equal(t, 1, line.Counted)
	assert.Equal(t, "2.6.0", line.Lacking)
}
