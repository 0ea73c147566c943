package lint

// The checks of the access pattern (package access): judged on the regions the table is
// created with and the rates the design gives. Without an access input they find nothing.

import (
	"fmt"
	"math"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/access"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/quantity"
	"github.com/presplit/presplit/tablespec"
)

// FanoutServersFactor: a salted key with this many times more buckets than RegionServers
// is "well above" the servers: every scan runs that many scanners per server.
const FanoutServersFactor = 2

// ScanHeavyShare is the share of reads that makes an access pattern scan-heavy.
const ScanHeavyShare = 0.5

// AC001: a write-hot table whose regions do not divide evenly over the servers.
var AC001 = &Analyzer{
	Code: "AC001", Severity: finding.Warning,
	Doc: "a write-hot table's regions leave servers with different region counts",
	Run: func(p *Pass) {
		a := p.Access
		if a == nil || a.WriteBytes == 0 {
			return
		}
		l, in := a.Load, a.Input
		if l.Servers == 0 || l.Regions < l.Servers || l.Balanced() {
			return // no cluster, RG004's case, or even
		}
		if in.Monotonic != "" || (in.Buckets > 0 && in.Buckets < l.Regions) || l.WritingServers < l.Servers {
			// The writes follow the key, not the region count: one region (RK002) or the
			// buckets' regions take them, as the Access section says; rounding the regions
			// up spreads nothing.
			return
		}
		heavy := l.Regions % l.Servers
		balanced := (l.Regions + l.Servers - 1) / l.Servers * l.Servers
		mean := float64(l.Regions) / float64(l.Servers)
		p.Report(p.accessPos(p.Design.Cluster.RegionServers.Pos), p.balanceFix(balanced),
			"%d regions on %d RegionServers: %d servers hold %d regions and %d hold %d; the busiest servers take %.3gx the mean write load (%d regions against %.3g)",
			l.Regions, l.Servers, heavy, l.MostRegions, l.Servers-heavy, l.FewestRegions, float64(l.MostRegions)/mean, l.MostRegions, mean)
	},
}

// balanceFix is AC001's fix: balance, which rounds the count the plan sizes; the count
// itself when the spec gives one (splits.regions, which balance leaves alone); a multiple
// below when the one above needs more regions than the key has buckets.
func (p *Pass) balanceFix(balanced int) string {
	l, in := p.Access.Load, p.Access.Input
	if in.Buckets > 0 && balanced > in.Buckets {
		down := l.Regions / l.Servers * l.Servers
		if l.FlushesPerMinute*float64(l.Regions)/float64(down) > MaxFlushesPerMinute {
			// Fewer regions would flush more than AC004 allows.
			return fmt.Sprintf("%d regions, a multiple of the %d servers, need more than the key's %d buckets, and %d regions would flush too often (AC004): a prefix with more buckets", balanced, l.Servers, in.Buckets, down)
		}
		return fmt.Sprintf("%d regions, a multiple of the %d servers, need more than the key's %d buckets: %s is the multiple within them", balanced, l.Servers, in.Buckets, field.Set("splits.regions", fmt.Sprint(down)))
	}
	if sp := p.Design.Splits; sp != nil && sp.Regions.Set {
		return "round the count up to a multiple of the servers: " + field.Set("splits.regions", fmt.Sprint(balanced))
	}
	return fmt.Sprintf("round the count up to a multiple of the servers: %s gives %d", field.Set("capacity.balance", "true"), balanced)
}

// AC002: a salted key whose buckets far outnumber the servers, for a scan-heavy pattern,
// where fewer buckets would do: a region needs a bucket of its own (RG006), so the buckets
// go down to max(regions, servers), never below the regions.
var AC002 = &Analyzer{
	Code: "AC002", Severity: finding.Warning,
	Doc: "a scan-heavy table salted into many more buckets than RegionServers: every scan fans out",
	Run: func(p *Pass) {
		a := p.Access
		if a == nil || !a.Input.Salted || a.Input.ScanShare < ScanHeavyShare {
			return
		}
		b, s := a.Input.Buckets, a.Input.RegionServers
		if s == 0 || b < FanoutServersFactor*s {
			return
		}
		where := tablespec.Pos{}
		if r := p.Design.Rowkey; r != nil {
			where = r.Prefix.Pos
		}
		hashed := "hash the prefix from the part scans read by (" + field.Ref("rowkey.prefix_from") + "), so that a scan by it reads one bucket"
		fix := fmt.Sprintf("the %d regions need a bucket each (RG006), so fewer buckets take fewer, larger regions; or %s", p.fanoutRegions(), hashed)
		if want := p.bucketsFor(max(s, p.fanoutRegions())); want < b && want < FanoutServersFactor*s {
			fix = fmt.Sprintf("size the buckets to the servers and regions: %s (%d buckets, at least one a region) spreads writes over every server and cuts each scan to %d scans; or %s", p.bucketsFix(want), want, want, hashed)
		}
		p.Report(p.accessPos(where), fix,
			"%.0f%% of reads are scans and the key is salted into %d buckets on %d RegionServers: every scan runs %d scans (%.1f per server), one per bucket",
			100*a.Input.ScanShare, b, s, b, float64(b)/float64(s))
	},
}

// fanoutRegions is the regions the table is created with, as RG006 counts them.
func (p *Pass) fanoutRegions() int {
	if sp := p.Design.Splits; sp != nil && sp.Regions.Set {
		return int(sp.Regions.V)
	}
	if p.Access != nil && p.Access.Load.Regions > 0 {
		return p.Access.Load.Regions
	}
	return p.Regions
}

// bucketsFix is the setting that gives the key's prefix n buckets, keeping its kind: a
// salt byte of n buckets (byte:n, up to 256), else the prefix's own alphabet at the width
// that holds n, taking its first n values (prefix_values: a salt % n).
func (p *Pass) bucketsFix(n int) string {
	if p.Prefix.Name == "byte" && n <= 256 {
		return field.Set("rowkey.prefix", fmt.Sprintf("byte:%d", n))
	}
	pre := *p.Prefix
	pre.Width = max(1, widthFor(len(pre.Alphabet), n))
	if c, ok := pre.Count(); ok && c == uint64(n) && p.PrefixValues == 0 {
		return field.Set("rowkey.prefix", pre.String())
	}
	return field.Set("rowkey.prefix", pre.String()) + " with " + field.Set("rowkey.prefix_values", fmt.Sprint(n))
}

// bucketsFor is the buckets to advise for regions regions: at least one a region, rounded
// up to a multiple of the RegionServers when that stays within a salt byte's 256, so that
// every server takes as many buckets' writes.
func (p *Pass) bucketsFor(regions int) int {
	s := 0
	if p.Access != nil {
		s = p.Access.Input.RegionServers
	}
	if s == 0 {
		return regions
	}
	n := (regions + s - 1) / s * s
	if p.Prefix.Name == "byte" && n > 256 {
		return regions
	}
	return n
}

// widthFor is the narrowest width of an alphabet of size letters that holds n values.
func widthFor(letters, n int) int {
	if letters < 2 {
		return 0
	}
	w, c := 1, letters
	for c < n {
		w, c = w+1, c*letters
	}
	return w
}

// MaxServerWALBytes is the most WAL a RegionServer can append, in bytes/s: a server's WAL
// is one HDFS write pipeline, and with HDFS replication every byte of it leaves the host
// over its network link at least once (the other replicas are on other DataNodes). A 10
// Gbit/s link carries at most 1.25 GB/s, before the flushes and compactions that share it:
// a plan above it is a rate no server sustains (often a unit slip: 20M/s is 20 million
// rows a second, 20MB/s is bytes).
const MaxServerWALBytes = 1.25e9

// MaxFlushesPerMinute is the most memstore flushes a region can take a minute: one a
// second. Each flush writes a store file; HBase blocks the region's updates when a store
// holds hbase.hstore.blockingStoreFiles files (16 since HBase 2.0, 10 before: read in
// hbase-default.xml at rel/1.4.13 and rel/2.0.0) until a compaction completes or
// hbase.hstore.blockingWaitTime (90 s) passes, and at one flush a second a store reaches
// 16 files in 16 seconds, faster than compactions rewrite 16 flush sizes.
const MaxFlushesPerMinute = 60

// AC003: a WAL rate no RegionServer can append.
var AC003 = &Analyzer{
	Code: "AC003", Severity: finding.Error,
	Doc: "the busiest RegionServer's WAL rate is beyond what a server's network carries (1.25 GB/s)",
	Run: func(p *Pass) {
		a := p.Access
		if a == nil || a.Load.WALBytes <= MaxServerWALBytes {
			return
		}
		p.Report(p.accessPos(p.Design.Capacity.WriteRate.Pos), p.rateFix(func(l access.Load) float64 { return l.WALBytes }, MaxServerWALBytes),
			"the busiest RegionServer appends %s of WAL, above the %s a server's 10 Gbit/s link carries (every WAL byte leaves it for the HDFS replicas): no server sustains it",
			rateBytes(a.Load.WALBytes), "1.25 GB/s")
	},
}

// AC004: more memstore flushes a region than HBase keeps up with.
var AC004 = &Analyzer{
	Code: "AC004", Severity: finding.Error,
	Doc: "a region flushes its memstore more than once a second",
	Run: func(p *Pass) {
		a := p.Access
		if a == nil || a.Load.FlushesPerMinute <= MaxFlushesPerMinute {
			return
		}
		p.Report(p.accessPos(p.Design.Capacity.WriteRate.Pos), p.rateFix(func(l access.Load) float64 { return l.FlushesPerMinute }, MaxFlushesPerMinute),
			"each region flushes %.3g times a minute, more than once a second: a store passes hbase.hstore.blockingStoreFiles (16) within seconds and HBase blocks its writes until compactions catch up",
			a.Load.FlushesPerMinute)
	},
}

// AC005: the busiest region takes more writes than the region write limit the design
// gives. The limit's floor counts regions as if each took write rate / regions; a split
// whose regions own unequal shares of the keys (a prefix that does not divide into the
// regions), a bucket cap or a region count the spec fixes leaves its busiest region above it.
var AC005 = &Analyzer{
	Code: "AC005", Severity: finding.Warning,
	Doc: "the busiest region takes more writes than the region write limit",
	Run: func(p *Pass) {
		a := p.Access
		if a == nil || a.Input.RegionWriteLimit.PerSecond == 0 || a.Load.RegionWriteBytes == 0 {
			return
		}
		l, lim := a.Load, a.Input.RegionWriteLimit
		limBytes := lim.PerSecond
		if !lim.Bytes {
			limBytes *= a.RowBytes
		}
		if !exceedsLimit(l.RegionWriteBytes, limBytes) {
			return
		}
		got := rateBytes(l.RegionWriteBytes)
		if !lim.Bytes && a.RowBytes > 0 {
			got = fmt.Sprintf("%.0f rows/s = %s", l.RegionWriteBytes/a.RowBytes, got)
		}
		why := "more than the regions that take writes spread"
		if l.Uneven {
			why = "its share of the split's keys; the write-spread floor counted the regions as equal"
		}
		p.Report(p.accessPos(p.Design.Capacity.RegionWriteLimit.Pos), p.limitFix(),
			"the busiest region takes %s of writes, %.0f%% over the %s region write limit: %.3g of the write rate, %s",
			got, 100*(l.RegionWriteBytes/limBytes-1), limitText(lim), l.BusiestShare, why)
	},
}

// exceedsLimit is v above limit by more than rounding.
func exceedsLimit(v, limit float64) bool { return v > limit*(1+1e-9) }

// limitText is the region write limit as the design gives it.
func limitText(r quantity.Rate) string {
	if r.Bytes {
		return rateBytes(r.PerSecond)
	}
	return fmt.Sprintf("%.0f rows/s", r.PerSecond)
}

// limitFix is AC005's fix: equal shares when the split's are not, else more buckets.
func (p *Pass) limitFix() string {
	l, in := p.Access.Load, p.Access.Input
	if l.Uneven && in.Buckets > 0 {
		return fmt.Sprintf("give every region an equal share of the keys: a region count that divides the prefix's %d buckets (splits align even), or a prefix with more buckets", in.Buckets)
	}
	if l.Uneven {
		return "give every region an equal share of the keys: split over the whole range the rowkey takes, or from a sample of the keys"
	}
	return "spread the writes over more regions: a prefix with more buckets, or more regions (" + field.Ref("splits.regions") + ")"
}

// rateFix is the fix of a write rate whose load (measure) is over limit: check the
// write rate's unit first (a count's M is millions of rows), then the rate that fits.
func (p *Pass) rateFix(measure func(access.Load) float64, limit float64) string {
	w := p.Access.Input.WriteRate
	fits := math.Floor(p.fittingRate(measure, limit))
	if w.Bytes {
		set := fmt.Sprintf("%.0fB/s", fits)
		if mib := math.Floor(fits / (1 << 20)); mib >= 1 {
			set, fits = fmt.Sprintf("%.0fMiB/s", mib), mib*(1<<20)
		}
		return fmt.Sprintf("check the write rate: at most %s fits these regions and servers (%s); else spread the writes over more regions and servers", rateBytes(fits), field.Set("capacity.write_rate", set))
	}
	return fmt.Sprintf("check the write rate's unit (a count's M is a million rows a second; bytes need their B, like 20MB/s): at most %.0f rows/s fits these regions and servers (%s)", fits, field.Set("capacity.write_rate", fmt.Sprintf("%.0f/s", fits)))
}

// fittingRate is a write rate whose load is within limit, found by the access model
// itself: the load scales with the rate, but a region write limit makes the region count
// (and so the busiest server's share) follow the rate too, so the rate is lowered until the
// planned load fits.
func (p *Pass) fittingRate(measure func(access.Load) float64, limit float64) float64 {
	a := p.Access
	fits := a.Input.WriteRate.PerSecond * limit / measure(a.Load)
	for i := 0; i < 16 && p.Capacity != nil; i++ {
		in := a.Input
		in.WriteRate.PerSecond = fits
		ap, err := access.Compute(in, p.Capacity)
		if err != nil {
			break
		}
		regions := ap.Regions
		if sp := p.Design.Splits; sp != nil && sp.Regions.Set {
			regions = a.Load.Regions // the spec's count stays
		}
		got := measure(ap.At(regions, p.Capacity, a.Load.Shares)) // shares apply while the count stays
		if got <= limit*0.999 {
			break
		}
		fits *= limit / got * 0.99
	}
	return fits
}

// rateBytes is a rate in bytes/s, IEC then SI as the report writes sizes.
func rateBytes(v float64) string {
	return humanize.IBytes(uint64(v)) + "/s (" + humanize.Bytes(uint64(v)) + "/s)"
}

// accessPos is where to point a finding about the access pattern: pos when the spec
// gives one, else the capacity section.
func (p *Pass) accessPos(pos tablespec.Pos) tablespec.Pos {
	if pos.Line > 0 {
		return pos
	}
	return p.capacityPos()
}
