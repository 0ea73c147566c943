package lint

// The checks of HBase's split machinery beyond the policy's size: the per-server split
// limit, SteppingSplitPolicy's uncapped one-region size, and the point releases of a line
// that count regions differently (package splitpolicy).

import (
	"fmt"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
)

// SP004: the servers' split limit stops the table's splits below what the volume needs.
var SP004 = &Analyzer{
	Code: "SP004", Severity: finding.Warning,
	Doc: "the RegionServers reach hbase.regionserver.regionSplitLimit: regions stop splitting and grow past MAX_FILESIZE",
	Run: func(p *Pass) {
		m := p.Policy
		if m == nil || p.PolicyBytes == 0 {
			return
		}
		want := m.Uncapped(p.PolicyBytes)
		capped := m.LimitCap()
		if float64(want) <= capped {
			return
		}
		end := m.RegionsFor(p.PolicyBytes)
		each := p.PolicyBytes / float64(end)
		p.Report(p.policyPos(), "raise hbase.regionserver.regionSplitLimit, add RegionServers, or raise MAX_FILESIZE so the volume needs fewer regions",
			"a RegionServer splits no region once it holds hbase.regionserver.regionSplitLimit (%d) online regions of all tables, replicas included (CompactSplit.shouldSplitRegion): %d RegionServers%s stop this table at %d regions, where the planned %s would split into %d; the regions grow to %s each, %.3gx the MAX_FILESIZE %s, and the balancer cannot help once every server is full",
			m.SplitLimit, m.Servers, othersHeld(m.OtherRegions), end, humanize.IBytes(uint64(p.PolicyBytes)), want, humanize.IBytes(uint64(each)), each/m.MaxFileSize, humanize.IBytes(uint64(m.MaxFileSize)))
	},
}

func othersHeld(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (other tables holding %d regions)", n)
}

// SP005: SteppingSplitPolicy's size for a server's one region is above MAX_FILESIZE.
var SP005 = &Analyzer{
	Code: "SP005", Severity: finding.Warning,
	Doc: "SteppingSplitPolicy splits a server's only region at the initial size, above MAX_FILESIZE: regions grow past it",
	Run: func(p *Pass) {
		m := p.Policy
		if m == nil || p.PolicyBytes == 0 || !m.Stepping || !(m.Initial() > m.MaxFileSize) {
			return
		}
		share := p.PolicyBytes / float64(max(m.Regions, 1))
		if !m.LoneUncapped(share) {
			return
		}
		p.Report(p.policyPos(), "pre-split into at least 2 regions per RegionServer, lower the flush size, or set split_policy constant",
			"HBase %s runs %s: a region alone on its RegionServer (n = 1) splits at the initial size %s, which MAX_FILESIZE %s does not cap (SteppingSplitPolicy.getSizeToCheck); %d regions on %d RegionServers leave servers with one region, so regions reach %s, %.3gx MAX_FILESIZE, before they split (at the planned volume each holds %s)",
			m.Target.OrDefault(), m.Describe(), humanize.IBytes(uint64(m.Initial())), humanize.IBytes(uint64(m.MaxFileSize)), m.Regions, m.Servers,
			humanize.IBytes(uint64(m.Initial())), m.Initial()/m.MaxFileSize, humanize.IBytes(uint64(share)))
	},
}

// SP007: the target is a release line whose older releases count a server's regions
// differently from its newest, which the plan is for.
var SP007 = &Analyzer{
	Code: "SP007", Severity: finding.Info,
	Doc: "the target line's older point releases count replicas in the split policy's n (HBASE-28727) and split otherwise",
	Run: func(p *Pass) {
		m := p.Policy
		if m == nil || m.Lacking == "" || m.Servers <= 0 {
			return
		}
		older := *m
		older.Counted = m.Replicas
		newS, newN := m.EarlySplit()
		oldS, oldN := older.EarlySplit()
		if newS == oldS {
			return
		}
		p.Report(p.policyPos(), fmt.Sprintf("if the cluster runs %s, target that release (%s)", m.Lacking, field.Ref("table.hbase_version")),
			"HBase %s is read as its newest release, whose split policy counts only primary regions in n (HBASE-28727): %s; on %s the policy counts every replica: %s",
			m.Target.OrDefault(), splitWords(newS, newN, m.MaxFileSize), m.Lacking, splitWords(oldS, oldN, m.MaxFileSize))
	},
}

func splitWords(size float64, n int, maxFile float64) string {
	if size == 0 {
		return fmt.Sprintf("the regions split at MAX_FILESIZE %s", humanize.IBytes(uint64(maxFile)))
	}
	return fmt.Sprintf("%d per server, so regions split at %s", n, humanize.IBytes(uint64(size)))
}
