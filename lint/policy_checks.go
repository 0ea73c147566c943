package lint

// The checks of what HBase does with the regions after `create`: the split policy the
// table runs at the target version (package splitpolicy states HBase's rules), judged on
// the regions the plan creates and the servers they spread over.

import (
	"fmt"
	"math"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/splitpolicy"
	"github.com/presplit/presplit/tablespec"
)

// policyPos is where the design names its split policy, else where it names its servers,
// else its split.
func (p *Pass) policyPos() tablespec.Pos {
	if sp := p.Design.Settings.SplitPolicy; sp.Set && sp.Pos.Line > 0 {
		return sp.Pos
	}
	return p.splitPos()
}

// policyName is the split policy as the design names it, for messages.
func (p *Pass) policyName() string {
	if sp := p.Design.Settings.SplitPolicy; sp.Set {
		return "split_policy " + sp.V
	}
	return "the default split policy"
}

// SP001: a prefix policy whose regions hold one prefix each: no region can ever split.
var SP001 = &Analyzer{
	Code: "SP001", Severity: finding.Error,
	Doc: "a prefix split policy with one prefix value per region: no region can ever split",
	Run: func(p *Pass) {
		m := p.Policy
		if m == nil || !m.Cuts || !m.NeverSplits() {
			return
		}
		pre := p.shape()
		if pre == nil {
			return
		}
		cut := fmt.Sprintf("to its first %d bytes", p.PolicyPrefixLength)
		if m.Policy == splitpolicy.Delimited {
			cut = "to the bytes before the delimiter"
		}
		grow := ""
		if p.PolicyBytes > 0 && m.Regions > 0 {
			each := p.PolicyBytes / float64(m.Regions)
			if each > m.MaxFileSize {
				grow = fmt.Sprintf("; at the planned volume each region grows to %s, %.3gx its MAX_FILESIZE", humanize.IBytes(uint64(each)), each/m.MaxFileSize)
			}
		}
		wider := ""
		if w := widerPrefix(p, m.Regions); w != "" {
			wider = w + " so later splits have prefix edges to cut at, or "
		}
		p.Report(p.policyPos(), fmt.Sprintf("use %ssplit_policy constant or default (HBase may then split inside a prefix)", wider),
			"%s (%s) cuts every split point HBase picks %s, and each of the %d regions holds at most one of the %.0f values of %s: every cut point is the region's start key or sorts before it, which HBase refuses (SplitTableRegionProcedure: \"Split row is equal to startkey\"; HRegion.checkSplit: a row outside the region), so no region holding one value ever splits (the first or the last region may split once, at the edge of its value, leaving an empty region)%s",
			p.policyName(), m.Describe(), cut, m.Regions, m.Buckets, field.Quote(pre.name), grow)
	},
}

// widerPrefix is a prefix of the same alphabet with at least 10 values per region, "" when
// the prefix has no wider form presplit can name.
func widerPrefix(p *Pass, regions int) string {
	pr := p.Prefix
	if pr == nil || pr.Name == "byte" || len(pr.Alphabet) < 2 || pr.Name == "chars" {
		return ""
	}
	w := pr.Width + 1
	for math.Pow(float64(len(pr.Alphabet)), float64(w)) < 10*float64(regions) {
		w++
	}
	per := math.Pow(float64(len(pr.Alphabet)), float64(w)) / float64(regions)
	return fmt.Sprintf("a wider prefix (%s:%d, %.0f values per region)", pr.Name, w, per)
}

// SP002: the policy splits the pre-split's regions below MAX_FILESIZE.
var SP002 = &Analyzer{
	Code: "SP002", Severity: finding.Warning,
	Doc: "the split policy splits the pre-split regions early (too few regions per RegionServer)",
	Run: func(p *Pass) {
		m := p.Policy
		if m == nil {
			return
		}
		size, n := m.EarlySplit()
		if size == 0 {
			return
		}
		// The first volume at which HBase makes more regions than the volume needs and the
		// pre-split holds: there the early splits show. None: the regions never reach the
		// early size, or the volume needs the regions anyway.
		var at *plan.Volume
		end, atMax := 0, 0
		for i, vol := range p.PolicyVolumes {
			r, c := m.RegionsFor(vol.Bytes), m.AtMaxFileSize(vol.Bytes)
			if r > c {
				at, end, atMax = &p.PolicyVolumes[i], r, c
				break
			}
		}
		if len(p.PolicyVolumes) > 0 && at == nil {
			return
		}
		then := ""
		if at != nil {
			when := "the planned " + humanize.IBytes(uint64(at.Bytes))
			if at.Days > 0 {
				when = fmt.Sprintf("after %d days the table's %s", at.Days, humanize.IBytes(uint64(at.Bytes)))
			}
			then = fmt.Sprintf("; %s is in %d regions of %s, not %d of %s", when,
				end, humanize.IBytes(uint64(at.Bytes/float64(end))), atMax, humanize.IBytes(uint64(at.Bytes/float64(atMax))))
		}
		steady := m.Steady()
		where := p.policyPos()
		if c := p.Design.Cluster; c != nil && c.RegionServers.Pos.Line > 0 && !p.Design.Settings.SplitPolicy.Set {
			where = c.RegionServers.Pos
		}
		p.Report(where,
			fmt.Sprintf("set split_policy constant (ConstantSizeRegionSplitPolicy splits at MAX_FILESIZE only), or pre-split into at least %d regions (%d per RegionServer)", steady*m.Servers, steady),
			"HBase %s runs %s for this table: a region splits once a store exceeds %s, n = the table's regions on its RegionServer; %d regions on %d RegionServers is %s%s, so regions split at %s, not at MAX_FILESIZE %s: HBase's splits undo the pre-split%s",
			m.Target.OrDefault(), m.Describe(), m.SizeRule(), m.Regions, m.Servers, perServer(m, n), replicasCounted(m), humanize.IBytes(uint64(size)), humanize.IBytes(uint64(m.MaxFileSize)), then)
	},
}

// perServer words n, the regions on the servers that split first: where the regions do
// not divide evenly, the servers that hold one fewer (29 on 10: 2 on one of them, 3 on
// the others) are the ones that split early.
func perServer(m *splitpolicy.Model, n int) string {
	if m.Servers > 0 && m.Counted <= 1 {
		if r := m.Regions % m.Servers; r != 0 && n == m.Regions/m.Servers {
			return fmt.Sprintf("%d per server on %d of them (%d on the others)", n, m.Servers-r, n+1)
		}
	}
	return fmt.Sprintf("%d per server", n)
}

// replicasCounted words that n counts the table's replicas too, where the target does.
func replicasCounted(m *splitpolicy.Model) string {
	if m.Counted <= 1 {
		return ""
	}
	return fmt.Sprintf(" (each region's %d replicas counted, as HBase before 2.5.10 and 2.6.1 counts them)", m.Counted)
}

// SP003: the policy caps the regions below what the volume needs.
var SP003 = &Analyzer{
	Code: "SP003", Severity: finding.Warning,
	Doc: "the split policy caps the regions below what the planned volume needs: regions grow past MAX_FILESIZE",
	Run: func(p *Pass) {
		m := p.Policy
		if m == nil || p.PolicyBytes == 0 || math.IsInf(m.Cap(), 1) {
			return
		}
		if m.Cuts && m.NeverSplits() {
			return // SP001's
		}
		end := m.RegionsFor(p.PolicyBytes)
		each, held := p.PolicyBytes/float64(end), "each"
		if v := m.LargestValueRegion(p.PolicyBytes); v > 0 {
			// Regions cut on value edges: the largest holds whole values HBase cannot
			// split below (and the first region's extra split holds none).
			each, held = v, "the largest"
		}
		if each <= m.MaxFileSize*1.0001 {
			return
		}
		why := "split_policy disabled: no region splits"
		fix := "pre-split for the whole volume, or let HBase split (split_policy default or constant)"
		if m.Cuts {
			why = fmt.Sprintf("%s (%s) splits only on prefix edges, and the prefix has %.0f values", p.policyName(), m.Describe(), m.Buckets)
			fix = "use a prefix with more values than the volume needs regions, or split_policy constant or default"
			need := float64(capacity.RegionsOf(p.PolicyBytes, m.MaxFileSize))
			if pr := p.Prefix; pr != nil && pr.Name != "byte" && pr.Name != "chars" && len(pr.Alphabet) > 1 {
				w := max(pr.Width, 1)
				for math.Pow(float64(len(pr.Alphabet)), float64(w)) < need {
					w++
				}
				fix = fmt.Sprintf("use a prefix with at least %.0f values, one per region the volume needs (%s:%d), or split_policy constant or default", need, pr.Name, w)
			}
		}
		p.Report(p.policyPos(), fix,
			"%s: the planned %s stays in %d regions, %s %s, %.3gx the MAX_FILESIZE %s",
			why, humanize.IBytes(uint64(p.PolicyBytes)), end, held, humanize.IBytes(uint64(each)), each/m.MaxFileSize, humanize.IBytes(uint64(m.MaxFileSize)))
	},
}
