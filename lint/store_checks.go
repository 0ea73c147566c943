package lint

import (
	"fmt"
	"strings"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/tablespec"
)

// CP005: families that keep their data differently but give no share of a row. Without
// the shares the capacity model has one store, the whole row, kept as the family that keeps
// the most keeps it: the largest VERSIONS (a row count) or the longest TTL (daily ingest).
// That is the plan the design gives, not the table HBase stores: one family of ten
// versions beside one of a single version is up to ten times the table. The shares are
// what sizes each family's store apart, so the plan says so rather than guess them.
var CP005 = &Analyzer{
	Code: "CP005", Severity: finding.Warning,
	Doc: "families that keep different VERSIONS or TTLs and give no share of a row: sized as if every family kept the most",
	Run: func(p *Pass) {
		if p.Capacity == nil || len(p.Capacity.Stores) > 0 || len(p.Design.Families) < 2 {
			return
		}
		v := p.Capacity.Input.Volume
		var kept []float64
		var what, each string
		switch {
		case v.Daily > 0:
			kept, what, each = familyDays(p.Design.Families, v.SplitDays()), "TTL", "%s (keeps %.4g days)"
		case cellVersionsGiven(p.Design):
			return // the cells give their own versions, every family's
		default:
			kept, what, each = familyVersionCounts(p.Design.Families), "VERSIONS", "%s (VERSIONS %.4g)"
		}
		least, most := kept[0], kept[0]
		for _, k := range kept[1:] {
			least, most = min(least, k), max(most, k)
		}
		if least >= most || least <= 0 {
			return
		}
		families := make([]string, len(kept))
		for i, f := range p.Design.Families {
			families[i] = fmt.Sprintf(each, field.Quote(f.Name.V), kept[i])
		}
		whole := "versions of the whole row"
		if v.Daily > 0 {
			whole = "days of all the ingest"
		}
		p.Report(p.Design.Families[0].Name.Pos,
			"give each family's share of a row, "+field.Ref("families.share")+" (the shares add up to 1): each store is then sized on its own "+what,
			"families %s give no share of a row: the table is sized as %.4g %s (%d regions), up to %.3gx what it holds",
			strings.Join(families, ", "), most, whole, p.Capacity.Regions, most/least)
	},
}

// familyVersionCounts are the VERSIONS each family keeps (HBase's default, 1, where unset).
func familyVersionCounts(fs []tablespec.Family) []float64 {
	out := make([]float64, len(fs))
	for i, f := range fs {
		out[i] = 1
		if f.Versions.Set {
			out[i] = float64(f.Versions.V)
		}
	}
	return out
}

// familyDays are the days of ingest each family holds at the split's volume: its TTL, at
// most the days the split is sized for (the retention, or the horizon; a family without
// a TTL, or FOREVER, holds them all). 0 for a TTL HBase cannot read,
// which CF006 reports.
func familyDays(fs []tablespec.Family, days float64) []float64 {
	out := make([]float64, len(fs))
	for i, f := range fs {
		out[i] = days
		if !f.TTL.Set {
			continue
		}
		secs, err := f.TTLSeconds()
		switch {
		case err != nil:
			out[i] = 0
		case secs != hbase.Forever:
			out[i] = min(days, float64(secs)/86400)
		}
	}
	return out
}

// cellVersionsGiven says the design's cells state the versions they keep, which are then
// every family's (the families' VERSIONS do not size the row).
func cellVersionsGiven(d *tablespec.Spec) bool {
	return d.Capacity != nil && d.Capacity.Cells != nil && d.Capacity.Cells.Versions.Set
}
