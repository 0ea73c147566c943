package render

// The access pattern in the report and the JSON: the write-spread floor and balance in the
// derivation, and what the created regions mean for the servers (package access). Nothing
// here writes a byte when the Doc has no access plan.

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/access"
	"github.com/presplit/presplit/quantity"
)

// sizedRegions is the count the plan asks for: the capacity model's, raised by the
// access pattern's floor and balance.
func sizedRegions(d Doc) int {
	if d.Access != nil {
		return d.Access.Regions
	}
	return d.Plan.Regions
}

// accessSizing writes the derivation's lines after the bytes' region count: the write
// spread, the larger of the two, and the balance round-up.
func accessSizing(tw io.Writer, d Doc) {
	a := d.Access
	if a == nil {
		return
	}
	in := a.Input
	if a.WriteBytes > 0 {
		switch {
		case in.RegionWriteLimit.PerSecond > 0 && a.ServerFloor > 0:
			fmt.Fprintf(tw, "  write spread\t= max(RegionServers, ceil(write rate / region write limit))\t= max(%d, ceil(%s / %s))\t= %d\n",
				a.ServerFloor, rateText(in.WriteRate, a.RowBytes), rateText(in.RegionWriteLimit, a.RowBytes), max(a.ServerFloor, a.LimitFloor))
		case in.RegionWriteLimit.PerSecond > 0:
			fmt.Fprintf(tw, "  write spread\t= ceil(write rate / region write limit)\t= ceil(%s / %s)\t= %d\n",
				rateText(in.WriteRate, a.RowBytes), rateText(in.RegionWriteLimit, a.RowBytes), a.LimitFloor)
		case a.ServerFloor > 0:
			fmt.Fprintf(tw, "  write spread\t= one region per RegionServer\t= %s\t= %d\n", plural(float64(a.ServerFloor), "server"), a.ServerFloor)
		}
		if a.BucketCap > 0 {
			fmt.Fprintf(tw, "  write spread\t= min(write spread, buckets)\t= min(%d, %d)\t= %d\n", max(a.ServerFloor, a.LimitFloor), a.BucketCap, a.Spread)
		}
		if a.Spread > 0 {
			fmt.Fprintf(tw, "  regions\t= max(size, write spread)\t= max(size %d, write spread %d)\t= %d\n", a.SizeRegions, a.Spread, a.Floored)
		}
	}
	if in.Balance && in.RegionServers > 0 {
		fmt.Fprintf(tw, "  balanced\t= ceil(regions / RegionServers) x RegionServers\t= ceil(%d / %d) x %d\t= %d\n",
			a.Floored, in.RegionServers, in.RegionServers, a.Regions)
	}
}

// accessSection writes the access pattern's inputs and the load of the regions created.
func accessSection(b *strings.Builder, d Doc) {
	a := d.Access
	if a == nil {
		return
	}
	in, l := a.Input, a.Load
	section(b, "Access", func(tw io.Writer) {
		if r := in.WriteRate; r.PerSecond > 0 {
			fmt.Fprintf(tw, "  write rate\t%s (peak)\t--write-rate\n", rateBoth(r, a.RowBytes))
		}
		if r := in.ReadRate; r.PerSecond > 0 {
			fmt.Fprintf(tw, "  read rate\t%s (peak)\t--read-rate\n", rateBoth(r, a.RowBytes))
		}
		if in.ScanShareSet {
			fmt.Fprintf(tw, "  scan share\t%s of reads are scans\t--scan-share\n", ratio(in.ScanShare))
		}
		if r := in.RegionWriteLimit; r.PerSecond > 0 {
			fmt.Fprintf(tw, "  region write limit\t%s per region\t--region-write-limit\n", rateBoth(r, a.RowBytes))
		}
		if l.Servers > 0 {
			spread := fmt.Sprintf("%d to %d per server", l.FewestRegions, l.MostRegions)
			if l.MostRegions == l.FewestRegions {
				spread = fmt.Sprintf("%d on every server", l.MostRegions)
			}
			fmt.Fprintf(tw, "  regions on servers\t%s (%s on %s)\n", spread, plural(float64(l.Regions), "region"), plural(float64(l.Servers), "server"))
		}
		if a.WriteBytes > 0 {
			c := d.Plan.Input
			fmt.Fprintf(tw, "  writes per region\t%s/s = write rate / %s\n", siBytes(l.RegionWriteBytes), plural(float64(writeRegions(in, l)), "region"))
			fmt.Fprintf(tw, "  writes per server\t%s/s on the busiest server; %d of %s take writes\n", siBytes(l.ServerWriteBytes), l.WritingServers, plural(float64(max(l.Servers, l.WritingServers)), "server"))
			fmt.Fprintf(tw, "  WAL per server\t%s/s appended by the busiest server (x %d HDFS replication on disk)\n", siBytes(l.WALBytes), c.Replication)
			fmt.Fprintf(tw, "  memstore flushes\t%s per region per minute at the %s flush size\n", decimalText(l.FlushesPerMinute), iecBytes(c.Cluster.FlushSize))
			fmt.Fprintf(tw, "  region full in\t%s at the peak rate to reach the %s region size\n", daysText(l.DaysToRegionSize), iecBytes(c.RegionSize))
		}
		if l.ReadsPerServer > 0 {
			fmt.Fprintf(tw, "  reads per server\t%s on the busiest server\n", rateText(quantity.Rate{PerSecond: l.ReadsPerServer, Bytes: in.ReadRate.Bytes}, 0))
		}
		if in.Buckets > 1 && in.Salted {
			what := fmt.Sprintf("each scan runs %d scans, one per salt bucket", l.ScanFanout)
			if l.ScansPerSecond > 0 {
				what += fmt.Sprintf(": %s scans/s become %s region scans/s", countText(l.ScansPerSecond), countText(l.RegionScans))
			}
			fmt.Fprintf(tw, "  scan fan-out\t%s\n", what)
		}
		if in.Buckets > 0 && l.Servers > 0 && in.Buckets < l.Servers && a.WriteBytes > 0 {
			fmt.Fprintf(tw, "  bucket spread\t%d buckets take the writes: at most %d of %d servers\n", in.Buckets, in.Buckets, l.Servers)
		}
		if in.Monotonic != "" && l.HotspotBytes > 0 {
			fmt.Fprintf(tw, "  hotspot\t%s leads the key: all writes on one region: %s/s on one server, %s flushes a minute (RK002)\n",
				in.Monotonic, siBytes(l.HotspotBytes), decimalText(l.HotspotFlushesPerMinute))
		}
	})
}

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

// rateText is a rate as typed: 50,000 rows/s, 20 MiB/s.
func rateText(r quantity.Rate, _ float64) string {
	if r.Bytes {
		return bothUnits(r.PerSecond) + "/s"
	}
	return countText(r.PerSecond) + " rows/s"
}

// rateBoth is a rate and, for rows, its bytes: 50,000 rows/s = 51.2 MB/s.
func rateBoth(r quantity.Rate, rowBytes float64) string {
	if r.Bytes || rowBytes == 0 {
		if r.Bytes {
			return siBytes(r.PerSecond) + "/s (" + iecBytes(r.PerSecond) + "/s)"
		}
		return rateText(r, 0)
	}
	return fmt.Sprintf("%s rows/s = %s/s", countText(r.PerSecond), siBytes(r.PerSecond*rowBytes))
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

func jsonAccess(a *access.Plan) *JSONAccess {
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
