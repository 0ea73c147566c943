package lint

// The checks of the plan as created: regions per server, region count, the sizing's
// inputs. They were the capacity model's own checks; here they are judged on the regions
// the table is created with and share lint's codes, so `plan` and `lint` say the same.

import (
	"errors"
	"fmt"
	"math"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

// RG007: regions per RegionServer outside what HBase recommends. The bound is on what a
// server opens, so it counts region replicas: with REGION_REPLICATION each server holds
// regions x replicas / servers of them (HBase puts a region's replicas on different
// servers), each with its open files and block index like a primary.
var RG007 = &Analyzer{
	Code: "RG007", Severity: finding.Warning,
	Doc: "regions per RegionServer outside the 20..200 HBase recommends (region replicas counted)",
	Run: func(p *Pass) {
		rs := p.servers()
		if rs == 0 || p.Regions == 0 || p.Regions < rs {
			return // no cluster, no plan, or RG004's
		}
		replicas := max(p.Table.RegionReplication, 1)
		per := float64(p.Regions*replicas) / float64(rs)
		what := fmt.Sprintf("%d regions on %d RegionServers is %.1f per server", p.Regions, rs, per)
		more := "add RegionServers or use a larger region size"
		if replicas > 1 {
			what = fmt.Sprintf("%d regions x %d replicas (REGION_REPLICATION) on %d RegionServers is %.1f region replicas per server", p.Regions, replicas, rs, per)
			more = "add RegionServers, use a larger region size, or keep fewer replicas"
		}
		where := p.Design.Cluster.RegionServers.Pos
		switch {
		case per < capacity.MinRegionsPerServer:
			fix := "fine if the table will grow into more regions; else a smaller region size gives more"
			if _, _, _, under := p.underSplit(); under {
				// The table will grow, but by HBase's splits of too few regions (RG016).
				fix = fmt.Sprintf("create the %d regions the volume needs rather than let HBase split these", p.Capacity.Regions)
			}
			p.Report(where, fix,
				"%s, below the %d..%d HBase recommends: each server holds few regions to spread load over",
				what, capacity.MinRegionsPerServer, capacity.MaxRegionsPerServer)
		case per > capacity.MaxRegionsPerServer:
			p.Report(where, more,
				"%s, above the %d..%d HBase recommends",
				what, capacity.MinRegionsPerServer, capacity.MaxRegionsPerServer)
		}
	},
}

// RG017: more region replicas than RegionServers. HBase places a region's replicas on
// different servers (and racks) while there are servers to place them on; with fewer
// servers than REGION_REPLICATION, some region's replicas share a server, and a replica
// beside another of its region is lost with it: it adds no read availability, only the
// memory, open files and block cache of another copy.
var RG017 = &Analyzer{
	Code: "RG017", Severity: finding.Warning,
	Doc: "REGION_REPLICATION above the RegionServers: some replicas of a region share a server",
	Run: func(p *Pass) {
		rs, replicas := p.servers(), p.Table.RegionReplication
		if rs == 0 || replicas <= rs {
			return
		}
		where := p.Design.Settings.RegionReplication.Pos
		if where.Line == 0 {
			where = p.Design.Cluster.RegionServers.Pos
		}
		servers := fmt.Sprintf("%d RegionServers", rs)
		if rs == 1 {
			servers = "1 RegionServer"
		}
		extra := "1 replica past the servers shares a server with another replica of that region and is"
		if replicas-rs > 1 {
			extra = fmt.Sprintf("%d replicas past the servers share a server with other replicas of that region and are", replicas-rs)
		}
		p.Report(where, fmt.Sprintf("keep REGION_REPLICATION at most the RegionServers (%d), or add servers", rs),
			"REGION_REPLICATION %d on %s: HBase places a region's replicas on different servers while there are servers for them, so each region's %s lost with it: memory and open files, no read availability",
			replicas, servers, extra)
	},
}

// MultipleFix is the way out of even alignment with balance that no count meets: RG018's
// fix, and the words plan's refusal of the same design ends with.
const MultipleFix = "drop one of the two: with exact alignment the balanced count stays (its regions differ by one prefix at most), without balance even alignment makes the regions equal"

// RG018: even alignment and balance that no region count meets together: the split is
// not made (plan refuses it), as a dec prefix's 10^w prefixes have no divisor that 7
// RegionServers divide.
var RG018 = &Analyzer{
	Code: "RG018", Severity: finding.Error,
	Doc: "even alignment and balance that no region count meets together",
	Run: func(p *Pass) {
		var me *splits.MultipleError
		if !errors.As(p.SplitErr, &me) || p.Design.Splits == nil {
			return
		}
		p.Report(p.Design.Splits.Align.Pos, MultipleFix,
			"%s even and %s: no count of %d regions or more divides %s evenly and is a multiple of the %d RegionServers",
			field.Ref("splits.align"), field.Ref("capacity.balance"), me.Regions, me.Prefixes(), me.Multiple)
	},
}

// RG008: the table fits in one region.
var RG008 = &Analyzer{
	Code: "RG008", Severity: finding.Info,
	Doc: "the table fits in one region: no pre-split needed",
	Run: func(p *Pass) {
		// With more RegionServers than regions, RG004 asks for a pre-split instead: the two
		// would contradict each other.
		if p.Capacity == nil || p.Regions != 1 || p.servers() > 1 {
			return
		}
		p.Report(p.capacityPos(), "create the table without split keys; HBase splits it as it grows",
			"the table fits in one region: no pre-split needed")
	},
}

// RG009: a very large region count.
var RG009 = &Analyzer{
	Code: "RG009", Severity: finding.Warning,
	Doc: "more than 10,000 regions in one table",
	Run: func(p *Pass) {
		if p.Regions <= MaxTableRegions {
			return
		}
		p.Report(p.splitPos(), "use a larger region size, or pre-split for a shorter horizon and let HBase split as data grows",
			"%d regions in one table, more than %d: every region costs the master, hbase:meta and the RegionServers memory and work", p.Regions, MaxTableRegions)
	},
}

// RG010: a shell statement too long to paste.
var RG010 = &Analyzer{
	Code: "RG010", Severity: finding.Warning,
	Doc: "a create statement with more than 10,000 split keys",
	Run: func(p *Pass) {
		if p.Split == nil || p.Split.Keys.Len() <= MaxShellSplitKeys || (p.Format != "" && p.Format != "shell" && p.Format != "report") {
			return
		}
		p.Report(p.splitPos(), "write the keys as a SPLITS_FILE: "+field.Set("format", "splits-file")+" -o splits.txt, then create with SPLITS_FILE => 'splits.txt'",
			"the create statement carries %d split keys, more than %d: a statement that long is slow to paste and parse in hbase shell", p.Split.Keys.Len(), MaxShellSplitKeys)
	},
}

// RG011: nothing to split on.
var RG011 = &Analyzer{
	Code: "RG011", Severity: finding.Warning,
	Doc: "the rowkey has no prefix to split on",
	Run: func(p *Pass) {
		if !p.NoPrefix {
			return
		}
		where := tablespec.Pos{Line: 1, Col: 1}
		if r := p.Design.Rowkey; r != nil && r.Pos.Line > 0 {
			where = r.Pos
		}
		p.Report(where, "give the rowkey a prefix (rowkey prefix: hex:2, dec:2, byte:16, ...), a RegionSplitter algorithm (splits algo), or list the keys (splits file)",
			"the rowkey has no prefix to split on: presplit cannot choose split keys for it")
	},
}

// MinSampleKeysPerRegion is the fewest sample keys a region's boundaries should rest on:
// below it the boundaries move with every sample drawn.
const MinSampleKeysPerRegion = 100

// RG012: a split cut from too small a sample.
var RG012 = &Analyzer{
	Code: "RG012", Severity: finding.Warning,
	Doc: "the split is cut from fewer than 100 sample keys per region",
	Run: func(p *Pass) {
		if p.SplitSource != splits.SourceSample || p.Split == nil {
			return
		}
		regions := uint64(p.Split.Regions())
		if p.SampleKeys >= MinSampleKeysPerRegion*regions {
			return
		}
		where := tablespec.Pos{Line: 1, Col: 1}
		if sp := p.Design.Splits; sp != nil && sp.Sample.Pos.Line > 0 {
			where = sp.Sample.Pos
		}
		p.Report(where, fmt.Sprintf("sample at least %d keys (%d per region), or create fewer regions", MinSampleKeysPerRegion*regions, MinSampleKeysPerRegion),
			"the split is cut from %d sample keys for %d regions, %.1f per region: boundaries resting on fewer than %d keys each move with every sample",
			p.SampleKeys, regions, float64(p.SampleKeys)/float64(regions), MinSampleKeysPerRegion)
	},
}

// CP001: a redundancy factor that counts replication.
var CP001 = &Analyzer{
	Code: "CP001", Severity: finding.Warning,
	Doc: "a redundancy of 2.5 or more looks like HDFS replication",
	Run: func(p *Pass) {
		if p.Capacity == nil || p.Capacity.Input.Redundancy < RedundancyWarnAt {
			return
		}
		where := p.capacityPos()
		if c := p.Design.Capacity; c != nil && c.Redundancy.Pos.Line > 0 {
			where = c.Redundancy.Pos
		}
		in := p.Capacity.Input
		p.Report(where, "keep redundancy for indexes, blooms and compaction headroom (1.2..2); versions and replication are their own inputs",
			"redundancy %.2g looks like it counts HDFS replication: replication (%d) belongs in the disk estimate only, never in region sizing",
			in.Redundancy, in.Replication)
	},
}

// CP002: the full retention created at once.
var CP002 = &Analyzer{
	Code: "CP002", Severity: finding.Info,
	Doc: "the split holds the whole retention: the guides advise a shorter horizon (an error beyond 10,000 regions)",
	Run: func(p *Pass) {
		if p.Capacity == nil || len(p.Capacity.Horizons) == 0 || p.Capacity.Input.Volume.HorizonDays > 0 {
			return
		}
		first, last := p.Capacity.Horizons[0], p.Capacity.Horizons[len(p.Capacity.Horizons)-1]
		if first.Regions >= p.Regions || last.Regions > p.Regions {
			return // fewer regions than the full retention needs: not the whole target
		}
		fix := fmt.Sprintf("pre-split for a horizon of %d days (%d regions) and let HBase split as data grows", first.Days, first.Regions)
		if p.Regions > MaxTableRegions {
			// Beyond RG009's bound at once: the table is wrong to create as planned.
			p.ReportSeverity(finding.Error, p.capacityPos(), fix+": "+field.Set("capacity.horizon", "30d"),
				"the plan creates %d regions at once, all the full retention needs and more than %d: the guides advise not to create the long-term target at once, and a table that size strains the master and hbase:meta from its first day; the first %d days need %d",
				p.Regions, MaxTableRegions, first.Days, first.Regions)
			return
		}
		p.Report(p.capacityPos(), fix,
			"the plan creates %d regions, all the full retention needs; the guides advise not to create the long-term target at once: the first %d days need %d",
			p.Regions, first.Days, first.Regions)
	},
}

// CP003: a TTL shorter than the retention.
var CP003 = &Analyzer{
	Code: "CP003", Severity: finding.Warning,
	Doc: "a TTL shorter than the retention: data expires first",
	Run: func(p *Pass) {
		if p.TTLDays == 0 || p.Design.Capacity == nil {
			return
		}
		c := p.Design.Capacity
		where := c.Pos
		if c.Retention.Pos.Line > 0 {
			where = c.Retention.Pos
		}
		p.Report(where, "make the retention and the TTL agree: the TTL is what HBase enforces",
			"the families' TTL (%s) is shorter than the retention (%.0f days): data expires after %s, so the table is sized on the TTL",
			capacity.DaysText(p.TTLDays), float64(c.Retention.V)/86400, capacity.DaysText(p.TTLDays))
	},
}

// CP004: a horizon past the days the table keeps (a TTL shorter than it): the split can
// hold no more ingest than HBase keeps, so the plan sizes for the days kept, and says so
// here rather than capping the horizon silently. (A horizon past the retention itself
// is refused as input.)
var CP004 = &Analyzer{
	Code: "CP004", Severity: finding.Warning,
	Doc: "a horizon past the days the TTL keeps: the split holds only those",
	Run: func(p *Pass) {
		c := p.Design.Capacity
		if p.Capacity == nil || c == nil || !c.Horizon.Set {
			return
		}
		v := p.Capacity.Input.Volume
		kept := v.KeptDays()
		if v.HorizonDays <= kept || kept <= 0 {
			return
		}
		p.Report(c.Horizon.Pos, fmt.Sprintf("pre-split for the days kept: %s", field.Set("capacity.horizon", fmt.Sprintf("%.0fd", math.Floor(kept)))),
			"the horizon (%s) is past the %s the families' TTL keeps: HBase expires older data, so the split holds %s of ingest, not %s",
			capacity.DaysText(v.HorizonDays), capacity.DaysText(kept), capacity.DaysText(kept), capacity.DaysText(v.HorizonDays))
	},
}

// CP007: a family's TTL longer than the retention, or FOREVER. The plan sizes the days the
// retention keeps (the retention is how long the data is kept), but HBase expires nothing
// before the TTL: unless the application deletes the data itself, the family holds the
// TTL's days, and the table outgrows the plan.
var CP007 = &Analyzer{
	Code: "CP007", Severity: finding.Warning,
	Doc: "a TTL longer than the retention (or FOREVER): HBase keeps the data past the days the table is sized on",
	Run: func(p *Pass) {
		c := p.Design.Capacity
		if c == nil || !c.Retention.Set || c.Retention.V <= 0 {
			return
		}
		retention := capacity.DaysText(float64(c.Retention.V) / 86400)
		for _, f := range p.Design.Families {
			secs, err := f.TTLSeconds()
			if err != nil || secs <= c.Retention.V {
				continue // CF006 reports a TTL HBase cannot read
			}
			where := f.Pos
			if f.TTL.Pos.Line > 0 {
				where = f.TTL.Pos
			}
			kept := "for " + capacity.DaysText(float64(secs)/86400)
			if secs%86400 != 0 {
				kept = fmt.Sprintf("for %d seconds", secs) // 2592001 is not 30.0000116 days
			}
			if secs == hbase.Forever {
				kept = "forever"
			}
			p.Report(where, fmt.Sprintf("set the family's ttl to the retention (%s), or the retention to the TTL when HBase is to keep the data that long", retention),
				"family %s keeps its data %s (TTL %s) but the retention is %s: the table is sized on %s of ingest, and HBase expires none of it before the TTL (only the application's deletes remove it sooner)",
				field.Quote(f.Name.V), kept, field.Quote(f.TTL.V), retention, retention)
		}
	},
}

// RG013: the normalizer is on for a pre-split table.
var RG013 = &Analyzer{
	Code: "RG013", Severity: finding.Warning,
	Doc: "normalization enabled on a pre-split table: the normalizer merges its empty regions",
	Run: func(p *Pass) {
		n := p.Design.Settings.Normalization
		if !n.Set || !n.V || p.Regions < 2 {
			return
		}
		p.Report(n.Pos, "create the table with NORMALIZATION_ENABLED => false (normalization: false) and enable it once the regions hold data",
			"NORMALIZATION_ENABLED => true on a table pre-split into %d regions: the normalizer merges empty regions once they are older than hbase.normalizer.merge.min_region_age.days (3 by default; at any age before HBase 2.3), undoing the pre-split",
			p.Regions)
	},
}
