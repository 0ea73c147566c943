package hbasesim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/splitpolicy"
)

const (
	mib = 1 << 20
	gib = 1 << 30
)

// family is one store of a random design: its share of the daily ingest and its TTL.
type family struct {
	share, ttlDays float64
}

// random is one random design as both sides read it.
type random struct {
	target                 hbase.Version
	policy, cluster        string
	maxFile, flush, init   float64
	regions, servers, reps int
	limit, others          int
	values                 int64
	daily, retention       float64
	families               []family
	seed                   uint64
}

var policies = []string{splitpolicy.Default, splitpolicy.Default, splitpolicy.Constant, splitpolicy.Prefix, splitpolicy.Delimited, splitpolicy.Disabled}

func draw(rng *rand.Rand, seed uint64) random {
	d := random{seed: seed}
	d.target = hbase.Lines[rng.IntN(len(hbase.Lines))]
	if d.target.Major == 2 && d.target.Minor >= 5 && rng.IntN(2) == 0 {
		d.target.Patch, d.target.HasPatch = rng.IntN(12), true
	}
	d.policy = policies[rng.IntN(len(policies))]
	if d.policy == splitpolicy.Default && rng.IntN(4) == 0 {
		d.cluster = splitpolicy.ClusterPolicies[rng.IntN(len(splitpolicy.ClusterPolicies))]
	}
	d.maxFile = []float64{1 * gib, 2 * gib, 5 * gib, 10 * gib, 20 * gib}[rng.IntN(5)]
	d.flush = []float64{64 * mib, 128 * mib, 256 * mib, 1 * gib}[rng.IntN(4)]
	if rng.IntN(4) == 0 {
		d.init = []float64{512 * mib, 1 * gib, 4 * gib}[rng.IntN(3)]
	}
	d.servers = 1 + rng.IntN(30)
	d.regions = 1 + rng.IntN(4*d.servers)
	d.reps = 1 + rng.IntN(min(3, d.servers))
	d.limit = splitpolicy.DefaultSplitLimit
	if rng.IntN(3) == 0 {
		d.limit = 20 + rng.IntN(200)
		d.others = rng.IntN(d.servers * d.limit / 4)
	}
	if d.policy == splitpolicy.Prefix || d.policy == splitpolicy.Delimited {
		d.values = []int64{10, 16, 36, 100, 256, 1000, 4096}[rng.IntN(7)]
		for d.values < int64(d.regions) {
			d.values *= 10
		}
	}
	d.retention = float64(1 + rng.IntN(365))
	nf := 1 + rng.IntN(3)
	left := 1.0
	for i := 0; i < nf; i++ {
		f := family{share: left}
		if i < nf-1 {
			f.share = left * (0.2 + 0.6*rng.Float64())
		}
		left -= f.share
		if rng.IntN(2) == 0 {
			f.ttlDays = float64(1 + rng.IntN(int(d.retention)))
		}
		d.families = append(d.families, f)
	}
	// A volume that ends between a tenth and 30 times the created regions' MAX_FILESIZE.
	fill := math.Exp(math.Log(0.1) + rng.Float64()*math.Log(300))
	d.daily = fill * float64(d.regions) * d.maxFile / d.retention / 1.5
	return d
}

// model is splitpolicy's reading of the design, with the weighed bytes capacity derives.
func (d random) model(t *testing.T) (splitpolicy.Model, float64) {
	in := capacity.Input{Volume: capacity.Volume{Daily: d.daily, RetentionDays: d.retention},
		RegionSize: d.maxFile, SplitOverall: capacity.SplitOverallDefault(d.target)}
	if len(d.families) > 1 {
		for i, f := range d.families {
			in.Stores = append(in.Stores, capacity.Store{Name: fmt.Sprint("f", i), Share: f.share, TTLDays: f.ttlDays})
		}
	}
	p, err := capacity.Compute(in)
	require.NoError(t, err)
	m := splitpolicy.For(splitpolicy.Input{Target: d.target, Policy: d.policy, ClusterPolicy: d.cluster,
		MaxFileSize: d.maxFile, FlushSize: d.flush, InitialSize: d.init, Regions: d.regions,
		Servers: d.servers, Replicas: d.reps, SplitLimit: d.limit, OtherRegions: d.others,
		Buckets: float64(d.values)})
	return m, p.SplitBytes
}

// weighed is the store the design's split rule weighs, from the families as DOMAIN.md
// says: a store keeps share x daily x min(TTL, retention) days (x the redundancy 1.5);
// 2.x splits on the largest store, 3.x on all together.
func (d random) weighed() float64 {
	largest, all := 0.0, 0.0
	for _, f := range d.families {
		days := d.retention
		if f.ttlDays > 0 && f.ttlDays < days && len(d.families) > 1 {
			days = f.ttlDays
		}
		b := d.daily * f.share * days * 1.5
		largest, all = math.Max(largest, b), all+b
	}
	if d.target.Major >= 3 {
		return all
	}
	return largest
}

// design is the simulator's reading of the design, from DOMAIN.md's rules.
func (d random) design(jitter float64) Design {
	s := Design{MaxFileSize: d.maxFile, Initial: 2 * d.flush, Regions: d.regions, Servers: d.servers,
		Replicas: d.reps, SplitLimit: d.limit, Others: d.others, Jitter: jitter, Seed: d.seed}
	if d.init > 0 {
		s.Initial = d.init
	}
	v := d.target
	// Every replica counts in n up to 2.5.9 and 2.6.0 (a line is its newest release).
	switch {
	case v.Major < 2 || (v.Major == 2 && v.Minor < 5):
		s.CountAll = true
	case v.Major == 2 && v.HasPatch && ((v.Minor == 5 && v.Patch < 10) || (v.Minor == 6 && v.Patch < 1)):
		s.CountAll = true
	}
	def := Stepping
	if v.Major < 2 {
		def = Increasing
	}
	switch d.policy {
	case splitpolicy.Constant:
		s.Policy = Constant
	case splitpolicy.Disabled:
		s.Policy = Disabled
	case splitpolicy.Prefix, splitpolicy.Delimited:
		s.Cuts, s.Values, s.Policy = true, d.values, Increasing
		if v.Major >= 3 {
			s.Policy = def // 3.x: the split restriction under the default policy
		}
	default:
		s.Policy = map[string]Policy{"": def, splitpolicy.Constant: Constant, splitpolicy.Increasing: Increasing,
			splitpolicy.Stepping: Stepping, splitpolicy.Disabled: Disabled}[d.cluster]
	}
	return s
}

// TestOracle: the closed form against the simulation on 1,200 random designs. Without the
// jitter the counts agree, or the simulation is inside the model's range where ties
// decide; with it, inside Range. Every finding's predicate agrees with what the
// simulation shows.
func TestOracle(t *testing.T) {
	const designs = 1200
	rng := rand.New(rand.NewPCG(33, 2026))
	var exact, inRange, jitterIn, total, outside, jitterOut int
	for i := 0; i < designs; i++ {
		d := draw(rng, uint64(i))
		m, bytes := d.model(t)
		require.InDelta(t, d.weighed(), bytes, d.weighed()*1e-9, "design %d: capacity weighs the store HBase splits on", i)
		sim := Run(d.design(0), bytes)
		got := m.RegionsFor(bytes)
		lo, hi := m.Range(bytes)
		total++
		switch {
		case got == sim.Regions:
			exact++
		case sim.Regions >= min(lo, got) && sim.Regions <= max(hi, got):
			inRange++
		default:
			outside++
			t.Logf("design %d %+v: model %d regions (range %d..%d), simulation %d", i, d, got, lo, hi, sim.Regions)
		}
		jit := Run(d.design(splitpolicy.DefaultJitter), bytes)
		if jit.Regions >= lo && jit.Regions <= hi {
			jitterIn++
		} else {
			jitterOut++
			t.Logf("design %d %+v: jittered simulation %d regions outside the model's range %d..%d", i, d, jit.Regions, lo, hi)
		}
		checkFindings(t, i, d, m, bytes, sim)
	}
	t.Logf("%d designs: %d exact, %d within the range where ties decide, %d outside; jittered %d within Range, %d outside", total, exact, inRange, outside, jitterIn, jitterOut)
	// The designs outside are those the closed form does not follow region by region:
	// about as many regions as servers with replicas (where each secondary opens sets a
	// server's n) and a split limit reached on some servers only. They stay below 1%: a
	// change to either side that breaks more fails here.
	assert.GreaterOrEqual(t, exact, total*95/100, "the closed form agrees exactly on most designs")
	assert.LessOrEqual(t, outside, total/100, "designs outside the model's range")
	assert.LessOrEqual(t, jitterOut, total/100, "jittered designs outside the model's range")
}

// checkFindings holds each SP finding's predicate against the simulation.
func checkFindings(t *testing.T, i int, d random, m splitpolicy.Model, bytes float64, sim Result) {
	t.Helper()
	placed := m.Counted > 1 && d.regions < d.servers // where the secondaries open decides n
	early := m.RegionsFor(bytes) > m.AtMaxFileSize(bytes)
	if early && sim.Early == 0 && !placed {
		t.Errorf("design %d %+v: SP002 (early splits) but the simulation split none below MAX_FILESIZE", i, d)
	}
	if s, _ := m.EarlySplit(); sim.Early > 0 && s == 0 && !m.LoneUncapped(bytes/float64(d.regions)) && m.Stepping == false && m.Increasing == false {
		t.Errorf("design %d %+v: the simulation split early, and the model says the policy does not", i, d)
	}
	if past := m.PastMax(bytes); past != (sim.PastMax > 0) && !placed && !sim.Blocked {
		t.Errorf("design %d %+v: model past MAX_FILESIZE %v, simulation %d regions past it", i, d, past, sim.PastMax)
	}
	if e := m.EmptyRegions(bytes); e != sim.Empty && !placed {
		t.Errorf("design %d %+v: model %d empty regions, simulation %d", i, d, e, sim.Empty)
	}
	if float64(m.Uncapped(bytes)) > m.LimitCap() && !sim.Blocked {
		t.Errorf("design %d %+v: the split limit binds in the model, not in the simulation", i, d)
	}
	if m.Cuts && m.NeverSplits() && sim.Splits > 1 {
		t.Errorf("design %d %+v: SP001 (no region splits) but the simulation split %d times", i, d, sim.Splits)
	}
}
