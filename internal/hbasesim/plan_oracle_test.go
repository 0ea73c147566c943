package hbasesim

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/tablespec"
)

// heldAt is what HBase holds, in the store the 2.x split rule weighs (the largest), of a
// table created as t after days of daily ingest: each family keeps share x daily x
// min(days, its TTL), its TTL read from the created table (0: none, kept for ever), x the
// redundancy. The plan's own model is not asked: only the statement it wrote.
func heldAt(t plan.Table, shares map[string]float64, daily, redundancy, days float64) float64 {
	largest := 0.0
	for _, f := range t.Families {
		kept := days
		if f.TTL > 0 {
			kept = math.Min(days, float64(f.TTL)/86400)
		}
		largest = math.Max(largest, daily*shares[f.Name]*kept*redundancy)
	}
	return largest
}

// TestPlanHeldAsCreated: a daily plan of families with and without their own TTL,
// created as the statement says and grown region by region in the simulator for the
// retention and then as long again. HBase holds at twice the retention what the plan
// sized at the retention, so the table ends with the regions it had there; a family
// created without a TTL (how the plan wrote one beside a family with its own before
// e6aa190) is the negative control: it keeps growing, and the table with it.
func TestPlanHeldAsCreated(t *testing.T) {
	const src = "families:\n" +
		"  - {name: d, versions: 1, ttl: 7d, compression: SNAPPY, bloom: ROW, share: 0.5}\n" +
		"  - {name: a, versions: 1, compression: SNAPPY, bloom: ROW, share: 0.5}\n" +
		"capacity: {daily: 100GB, retention: 30d}\ncluster: {region_servers: 10}\n"
	spec, err := tablespec.Parse("t.yaml", []byte(src))
	require.NoError(t, err)
	p, err := plan.Build(spec, plan.Options{})
	require.NoError(t, err)
	shares := map[string]float64{"d": 0.5, "a": 0.5}
	const daily, redundancy = 100 * gib, 1.5
	last := p.Capacity.Horizons[len(p.Capacity.Horizons)-1]
	require.Equal(t, 30, last.Days)

	design := Design{Policy: Stepping, MaxFileSize: p.Capacity.Input.RegionSize, Initial: 2 * 128 * mib,
		Regions: p.Regions, Servers: 10, Replicas: 1, SplitLimit: 1000}
	grown := func(tbl plan.Table, days float64) Result {
		return Run(design, heldAt(tbl, shares, daily, redundancy, days))
	}
	// The plan's weighed store at the retention is what the created table holds there.
	assert.InDelta(t, last.SplitBytes, heldAt(p.Table, shares, daily, redundancy, 30), last.SplitBytes*1e-12)
	atRetention, later := grown(p.Table, 30), grown(p.Table, 60)
	assert.Equal(t, atRetention.Regions, later.Regions, "the table stops growing at the retention")
	assert.Equal(t, atRetention.Largest, later.Largest)

	// Negative control: family a created without a TTL.
	forever := p.Table
	forever.Families = append([]plan.Family(nil), p.Table.Families...)
	for i := range forever.Families {
		if forever.Families[i].Name == "a" {
			forever.Families[i].TTL = 0
		}
	}
	assert.Greater(t, grown(forever, 60).Regions, grown(forever, 30).Regions, "a family kept for ever outgrows the retention's plan")
}
