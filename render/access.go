package render

// The access pattern in the report and the JSON: the write-spread floor and balance in the
// derivation, and what the created regions mean for the servers (package access). Nothing
// here writes a byte when the Doc has no access plan.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/access"
	"github.com/presplit/presplit/htmlpage"
	"github.com/presplit/presplit/quantity"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// sizedRegions is the count the plan asks for: the capacity model's, raised by the
// access pattern's floor and balance.
func sizedRegions(d Doc) int {
	if d.Access != nil {
		return d.Access.Regions
	}
	return d.Capacity.Regions
}

// countNoted reports whether the split's region count, other than the sizing's, is to be
// noted as the design's own: not when even alignment raised the sized count (the
// split's own note says so, and by how much).
func countNoted(d Doc) bool {
	if d.Capacity == nil || d.split().Regions() == sizedRegions(d) {
		return false
	}
	if d.Design == nil {
		return true // a Doc made by hand: no design to say where the count came from
	}
	sp := d.Design.Splits
	raised := d.SplitSource == splits.SourceGenerated && sp != nil && sp.Align.V == splits.AlignEven && !sp.Regions.Set
	return !raised
}

// accessSizing writes the derivation's lines after the bytes' region count: the write
// spread, the larger of the two, and the balance round-up.
func accessSizing(tw *tabwriter.Writer, d Doc) {
	for _, l := range accessSteps(d) {
		fmt.Fprintf(tw, "  %s\t= %s\t= %s\t= %s\n", l[0], l[1], l[2], l[3])
	}
}

// accessSteps are the derivation's steps: name, formula, numbers, result.
func accessSteps(d Doc) [][4]string {
	a := d.Access
	if a == nil {
		return nil
	}
	var out [][4]string
	step := func(name, formula, numbers string, result int) {
		out = append(out, [4]string{name, formula, numbers, strconv.Itoa(result)})
	}
	in := a.Input
	if a.WriteBytes > 0 {
		switch {
		case in.RegionWriteLimit.PerSecond > 0 && a.ServerFloor > 0:
			step("write spread", "max(RegionServers, ceil(write rate / region write limit))",
				fmt.Sprintf("max(%d, ceil(%s / %s))", a.ServerFloor, rateText(in.WriteRate, a.RowBytes), rateText(in.RegionWriteLimit, a.RowBytes)), max(a.ServerFloor, a.LimitFloor))
		case in.RegionWriteLimit.PerSecond > 0:
			step("write spread", "ceil(write rate / region write limit)",
				fmt.Sprintf("ceil(%s / %s)", rateText(in.WriteRate, a.RowBytes), rateText(in.RegionWriteLimit, a.RowBytes)), a.LimitFloor)
		case a.ServerFloor > 0:
			step("write spread", "one region per RegionServer", plural(float64(a.ServerFloor), "server"), a.ServerFloor)
		}
		if a.BucketCap > 0 {
			step("write spread", "min(write spread, buckets)", fmt.Sprintf("min(%d, %d)", max(a.ServerFloor, a.LimitFloor), a.BucketCap), a.Spread)
		}
		if a.Spread > 0 {
			step("regions", "max(size, write spread)", fmt.Sprintf("max(size %d, write spread %d)", a.SizeRegions, a.Spread), a.Floored)
		}
	}
	if in.Balance && in.RegionServers > 0 && !a.BalanceBuckets {
		step("balanced", "ceil(regions / RegionServers) x RegionServers", fmt.Sprintf("ceil(%d / %d) x %d", a.Floored, in.RegionServers, in.RegionServers), a.Regions)
	}
	return out
}

// accessSection writes the access pattern's inputs and the load of the regions created.
func accessSection(b *strings.Builder, d Doc) {
	lines := accessLines(d)
	if len(lines) == 0 {
		return
	}
	section(b, "Access", func(tw *tabwriter.Writer) {
		for _, l := range lines {
			// A value may carry the design's own text (the hotspot's part name): terminal
			// text, as every name in the report.
			if l[2] == "" {
				fmt.Fprintf(tw, "  %s\t%s\n", l[0], quote.Terminal(l[1]))
			} else {
				fmt.Fprintf(tw, "  %s\t%s\t%s\n", l[0], quote.Terminal(l[1]), l[2])
			}
		}
	})
}

// accessLines are the Access section's lines: name, value, flag ("" for a figure).
func accessLines(d Doc) [][3]string { //nolint:gocyclo // one line of the Access section per input or figure, each shown only when given
	a := d.Access
	if a == nil {
		return nil
	}
	var out [][3]string
	line := func(name, value, flag string) { out = append(out, [3]string{name, value, flag}) }
	in, l := a.Input, a.Load
	if r := in.WriteRate; r.PerSecond > 0 {
		line("write rate", rateBoth(r, a.RowBytes)+" (peak)", d.word("{capacity.write_rate}"))
	}
	if r := in.ReadRate; r.PerSecond > 0 {
		line("read rate", rateBoth(r, a.RowBytes)+" (peak)", d.word("{capacity.read_rate}"))
	}
	if in.ScanShareSet {
		line("scan share", ratio(in.ScanShare)+" of reads are scans", d.word("{capacity.scan_share}"))
	}
	if r := in.RegionWriteLimit; r.PerSecond > 0 {
		line("region write limit", rateBoth(r, a.RowBytes)+" per region", d.word("{capacity.region_write_limit}"))
	}
	if l.Servers > 0 {
		spread := fmt.Sprintf("%d to %d per server", l.FewestRegions, l.MostRegions)
		if l.MostRegions == l.FewestRegions {
			spread = fmt.Sprintf("%d on every server", l.MostRegions)
		}
		line("regions on servers", fmt.Sprintf("%s (%s on %s)", spread, plural(float64(l.Regions), "region"), plural(float64(l.Servers), "server")), "")
	}
	if a.WriteBytes > 0 {
		accessWriteLines(d, line)
	}
	if l.ReadsPerServer > 0 {
		line("reads per server", rateText(quantity.Rate{PerSecond: l.ReadsPerServer, Bytes: in.ReadRate.Bytes}, 0)+" on the busiest server", "")
	}
	if in.Buckets > 1 && in.Salted {
		what := fmt.Sprintf("each scan runs %d scans, one per salt bucket", l.ScanFanout)
		if l.ScansPerSecond > 0 {
			what += fmt.Sprintf(": %s scans/s become %s region scans/s", countText(l.ScansPerSecond), countText(l.RegionScans))
		}
		line("scan fan-out", what, "")
	}
	if in.Buckets > 0 && l.Servers > 0 && in.Buckets < l.Servers && a.WriteBytes > 0 {
		line("bucket spread", fmt.Sprintf("%d buckets take the writes: at most %d of %d servers", in.Buckets, in.Buckets, l.Servers), "")
	}
	if in.Monotonic != "" && l.HotspotBytes > 0 {
		line("hotspot", fmt.Sprintf("%s leads the key: all writes on one region: %s on one server, %s flushes a minute (RK002)",
			in.Monotonic, bytesRate(l.HotspotBytes), decimalText(l.HotspotFlushesPerMinute)), "")
	}
	return out
}

// accessWriteLines are the Access section's write figures: the busiest region's when
// the split's regions own unequal shares of the keys.
func accessWriteLines(d Doc, line func(name, value, flag string)) {
	in, l := d.Access.Input, d.Access.Load
	c := d.Capacity.Input
	if l.Uneven {
		// The split's regions own unequal shares: the figures are the busiest region's.
		line("writes per region", fmt.Sprintf("%s on the busiest region = write rate x %s, its share of the keys (the mean is write rate / %s)", bytesRate(l.RegionWriteBytes), shareText(l.BusiestShare), plural(float64(writeRegions(in, l)), "region")), "")
	} else {
		line("writes per region", fmt.Sprintf("%s = write rate / %s", bytesRate(l.RegionWriteBytes), plural(float64(writeRegions(in, l)), "region")), "")
	}
	if l.Servers > 0 {
		line("writes per server", fmt.Sprintf("%s on the busiest server; %d of %s take writes", bytesRate(l.ServerWriteBytes), l.WritingServers, plural(float64(l.Servers), "server")), "")
	} else {
		line("writes per server", fmt.Sprintf("%s on a server holding one region (no RegionServer count given)", bytesRate(l.ServerWriteBytes)), "")
	}
	line("WAL per server", fmt.Sprintf("%s appended by the busiest server (x %d HDFS replication on disk)", bytesRate(l.WALBytes), c.Replication), "")
	region, full := "per region", ""
	if l.Uneven {
		region, full = "on the busiest region", " (the busiest region)"
	}
	line("memstore flushes", fmt.Sprintf("%s %s per minute at the %s flush size", decimalText(l.FlushesPerMinute), region, iecBytes(c.Cluster.FlushSize)), "")
	line("region full in", fmt.Sprintf("%s at the peak rate to reach the %s region size", daysText(l.DaysToRegionSize), iecBytes(c.RegionSize))+full, "")
}

// htmlAccessSteps are the derivation's access steps as the page's facts.
func htmlAccessSteps(d Doc) []htmlpage.Fact {
	var f []htmlpage.Fact
	for _, s := range accessSteps(d) {
		f = append(f, htmlpage.Fact{Name: s[0], Value: s[3], Note: s[1] + " = " + s[2]})
	}
	return f
}

// htmlAccess is the report's Access section as the page's facts.
func htmlAccess(d Doc) (htmlpage.Section, bool) {
	var f []htmlpage.Fact
	for _, l := range accessLines(d) {
		f = append(f, htmlpage.Fact{Name: l[0], Value: l[1], Note: l[2]})
	}
	return htmlpage.Section{ID: "access", Heading: "Access", Facts: f}, len(f) > 0
}

// shareText is a region's share of the keys: 0.2, 0.0667.
func shareText(v float64) string { return strconv.FormatFloat(v, 'g', 3, 64) }

// writeRegions is how many regions share the writes: the buckets when fewer.
func writeRegions(in access.Input, l access.Load) int {
	if in.Monotonic != "" {
		return 1
	}
	if in.Buckets > 0 && in.Buckets < l.Regions {
		return in.Buckets
	}
	return l.Regions
}

// bytesRate is a rate in bytes in both units, in the order of every size of the report
// (bothUnits: IEC, then SI), each with its /s: 20 MiB/s (21 MB/s); 300 B/s.
func bytesRate(v float64) string {
	if v < 1000 {
		return siBytes(v) + "/s"
	}
	return iecBytes(v) + "/s (" + siBytes(v) + "/s)"
}

// rateText is a rate as typed: 50,000 rows/s, 20 MiB/s (21 MB/s).
func rateText(r quantity.Rate, _ float64) string {
	if r.Bytes {
		return bytesRate(r.PerSecond)
	}
	return countText(r.PerSecond) + " rows/s"
}

// rateBoth is a rate in both kinds when the row size is known: 50,000 rows/s = 48.8 MiB/s
// (51.2 MB/s); 10 MiB/s (10.5 MB/s) = 10,240 rows/s.
func rateBoth(r quantity.Rate, rowBytes float64) string {
	switch {
	case r.Bytes && rowBytes > 0:
		// The rows the bytes are, as the scans and the limit floor count them.
		return fmt.Sprintf("%s = %s rows/s", bytesRate(r.PerSecond), countText(r.PerSecond/rowBytes))
	case r.Bytes || rowBytes == 0:
		return rateText(r, 0)
	}
	return fmt.Sprintf("%s rows/s = %s", countText(r.PerSecond), bytesRate(r.PerSecond*rowBytes))
}

// decimalText is a figure with up to three significant digits: 0.0233, 1.23, 24.4, 1,465.
func decimalText(v float64) string {
	switch {
	case v >= 1000:
		return humanize.Commaf(math.Round(v))
	case v == 0:
		return "0"
	}
	return fmt.Sprintf("%.3g", v)
}

// daysText is a duration in days: 3.4 days, 1,204 days, 0.25 days (6.0 hours).
func daysText(d float64) string {
	if d < 1 {
		return fmt.Sprintf("%s days (%.1f hours)", decimalText(d), d*24)
	}
	return decimalText(d) + " days"
}

// JSONAccess is the access pattern's sizing and load (package access); absent from the
// JSON without an access input. Rates are per second, in rows or bytes as the unit says.
type JSONAccess struct {
	WriteRate            float64 `json:"write_rate"`
	WriteRateUnit        string  `json:"write_rate_unit"` // rows/s or bytes/s; "" without one
	ReadRate             float64 `json:"read_rate"`
	ReadRateUnit         string  `json:"read_rate_unit"`
	ScanShare            float64 `json:"scan_share"`
	RegionWriteLimit     float64 `json:"region_write_limit"` // 0: none given (presplit assumes none)
	RegionWriteLimitUnit string  `json:"region_write_limit_unit"`
	Balance              bool    `json:"balance"`
	Buckets              int     `json:"buckets"` // the key's salt or hash buckets; 0 none
	Salted               bool    `json:"salted"`
	Monotonic            string  `json:"monotonic"` // the leading sequence or timestamp; "" none

	WriteBytesPerSecond float64 `json:"write_bytes_per_second"`
	SizeRegions         int     `json:"size_regions"`
	ServerFloor         int     `json:"server_floor"`
	LimitFloor          int     `json:"limit_floor"`
	BucketCap           int     `json:"bucket_cap"`
	WriteSpread         int     `json:"write_spread"`
	FlooredRegions      int     `json:"floored_regions"`
	Regions             int     `json:"regions"` // the count asked for: floored, then balanced

	CreatedRegions            int     `json:"created_regions"`
	WritingServers            int     `json:"writing_servers"`
	MostRegionsPerServer      int     `json:"most_regions_per_server"`
	FewestRegionsPerServer    int     `json:"fewest_regions_per_server"`
	RegionWriteBytesPerSecond float64 `json:"region_write_bytes_per_second"`
	ServerWriteBytesPerSecond float64 `json:"server_write_bytes_per_second"`
	WALBytesPerServerPerSec   float64 `json:"wal_bytes_per_server_per_second"`
	FlushesPerRegionPerMinute float64 `json:"flushes_per_region_per_minute"`
	DaysToRegionSize          float64 `json:"days_to_region_size"`
	HotspotBytesPerSecond     float64 `json:"hotspot_bytes_per_second"`
	HotspotFlushesPerMinute   float64 `json:"hotspot_flushes_per_minute"`
	ReadsPerServerPerSecond   float64 `json:"reads_per_server_per_second"`
	ScansPerSecond            float64 `json:"scans_per_second"`
	ScanFanout                int     `json:"scan_fanout"`
	RegionScansPerSecond      float64 `json:"region_scans_per_second"`
}

func rateUnit(r quantity.Rate) string {
	switch {
	case r.PerSecond == 0:
		return ""
	case r.Bytes:
		return "bytes/s"
	}
	return "rows/s"
}

func jsonAccess(a *access.Sizing) *JSONAccess {
	if a == nil {
		return nil
	}
	in, l := a.Input, a.Load
	return &JSONAccess{
		WriteRate: in.WriteRate.PerSecond, WriteRateUnit: rateUnit(in.WriteRate),
		ReadRate: in.ReadRate.PerSecond, ReadRateUnit: rateUnit(in.ReadRate),
		ScanShare:        in.ScanShare,
		RegionWriteLimit: in.RegionWriteLimit.PerSecond, RegionWriteLimitUnit: rateUnit(in.RegionWriteLimit),
		Balance: in.Balance, Buckets: in.Buckets, Salted: in.Salted, Monotonic: in.Monotonic,

		WriteBytesPerSecond: a.WriteBytes, SizeRegions: a.SizeRegions, ServerFloor: a.ServerFloor,
		LimitFloor: a.LimitFloor, BucketCap: a.BucketCap, WriteSpread: a.Spread, FlooredRegions: a.Floored, Regions: a.Regions,

		CreatedRegions: l.Regions, WritingServers: l.WritingServers,
		MostRegionsPerServer: l.MostRegions, FewestRegionsPerServer: l.FewestRegions,
		RegionWriteBytesPerSecond: l.RegionWriteBytes, ServerWriteBytesPerSecond: l.ServerWriteBytes,
		WALBytesPerServerPerSec: l.WALBytes, FlushesPerRegionPerMinute: l.FlushesPerMinute,
		DaysToRegionSize: l.DaysToRegionSize, HotspotBytesPerSecond: l.HotspotBytes,
		HotspotFlushesPerMinute: l.HotspotFlushesPerMinute, ReadsPerServerPerSecond: l.ReadsPerServer,
		ScansPerSecond: l.ScansPerSecond, ScanFanout: l.ScanFanout, RegionScansPerSecond: l.RegionScans,
	}
}
