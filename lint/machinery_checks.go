package lint

// The checks of HBase's split machinery beyond the policy's size: the per-server split
// limit, SteppingSplitPolicy's uncapped one-region size, the point releases of a line that count
// regions differently (package splitpolicy), and an uneven split past MAX_FILESIZE.

import (
	"fmt"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/splitpolicy"
	"github.com/presplit/presplit/splits"
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

// SP006: the target is a release line whose older releases count a server's regions
// differently from its newest, which the plan is for.
var SP006 = &Analyzer{
	Code: "SP006", Severity: finding.Info,
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

// SP007: an uneven split whose largest regions pass MAX_FILESIZE at the volume the
// pre-split is sized for, the largest beyond the jitter's top (1.125 x MAX_FILESIZE):
// HBase splits them inside the horizon.
var SP007 = &Analyzer{
	Code: "SP007", Severity: finding.Warning,
	Doc: "an uneven split whose largest regions pass MAX_FILESIZE at the planned volume: HBase splits them inside the horizon",
	Run: func(p *Pass) {
		m, s := p.Policy, p.Split
		if m == nil || s == nil || p.Capacity == nil || s.Owned.Len() < 2 || m.Class == splitpolicy.DisabledClass {
			return
		}
		bytes := p.Capacity.SplitBytes // the volume the regions are sized for (the horizon's)
		n := s.Owned.Len()
		if bytes/float64(n) > m.MaxFileSize {
			return // too few regions for the volume, not an uneven split
		}
		total := s.Owned.Total() // once: Share sums them on every call
		if total <= 0 {
			return
		}
		past, largest := 0, 0
		for i := 0; i < n; i++ {
			if s.Owned.At(i)/total*bytes > m.MaxFileSize*(1+1e-9) {
				past++
			}
			if s.Owned.At(i) > s.Owned.At(largest) {
				largest = i
			}
		}
		big := s.Owned.At(largest) / total * bytes
		if past == 0 || big <= m.MaxFileSize*(1+m.Jitter()/2) {
			// Within the jitter's top (1.125 x) a region may or may not split: the plan's
			// note on the jitter says so; past it, HBase splits the region for certain.
			return
		}
		p.Report(p.splitPos(), "give equal regions (splits align even) or a wider prefix, so no region starts above MAX_FILESIZE",
			"the split is uneven (the largest region holds %.3gx the mean): at the volume the regions are sized for (%s%s), %d of the %d regions pass MAX_FILESIZE %s, %s at %s (%s), so HBase splits them %s and the table is not the one planned",
			s.Imbalance(), humanize.IBytes(uint64(bytes)), sizedFor(p), past, n, humanize.IBytes(uint64(m.MaxFileSize)),
			splitRegionText(s, largest), preciseBytes(big), fmt.Sprintf("%.3g GB", big/1e9), beforeWhen(p))
	},
}

// sizedFor names the days the pre-split is sized for, when a horizon shortens them.
func sizedFor(p *Pass) string {
	v := p.Capacity.Input.Volume
	if v.HorizonDays > 0 && v.SplitDays() < v.KeptDays() {
		return fmt.Sprintf(", the first %.0f days", v.SplitDays())
	}
	return ""
}

// beforeWhen is when HBase splits the regions: inside the horizon, or before the planned
// volume.
func beforeWhen(p *Pass) string {
	when := "before the planned volume is reached"
	if sizedFor(p) != "" {
		when = "inside the horizon"
	}
	if p.Policy.Cuts {
		// A prefix policy cuts at the start of the value holding the midkey: a region of
		// one value (one leading field) cuts at its own start key, which HBase refuses.
		return when + " where a region holds more than one prefix value (one holding a single value, or a single leading field, never splits and grows past MAX_FILESIZE)"
	}
	return when
}

// splitRegionText is region r (0-based) of the split as every output numbers it, from 1,
// with its bounds.
func splitRegionText(s *splits.Split, r int) string {
	start, end := "", ""
	if r > 0 {
		start = "'" + keyText(s.Keys.At(r-1)) + "'"
	}
	if r < s.Keys.Len() {
		end = "'" + keyText(s.Keys.At(r)) + "'"
	}
	return fmt.Sprintf("region %d [%s, %s)", r+1, start, end)
}

// preciseBytes is a size with three significant digits, so 15.75 GiB is not shown as 16.
func preciseBytes(b float64) string {
	if b >= 1<<30 {
		return fmt.Sprintf("%.3g GiB", b/(1<<30))
	}
	return humanize.IBytes(uint64(b))
}
