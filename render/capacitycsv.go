package render

// capacity-csv's columns after the growth figures: the table, every input of the model and
// of the access pattern, and what was derived, repeated on each row so the rows of many
// tables (and runs) stack in one sheet. Empty where the plan has no such figure (no
// cluster, no access pattern).

import (
	"strconv"

	"github.com/presplit/presplit/capacity"
)

// capacityCSVColumns are the columns after the first eight, with their values.
var capacityCSVColumns = []struct {
	name  string
	value func(Doc, *capacity.Sizing) string
}{
	{"table", func(d Doc, _ *capacity.Sizing) string { return tableName(d.Table) }},
	{"hbase_version", func(d Doc, _ *capacity.Sizing) string { return d.Table.Target.OrDefault().String() }},
	{"row_bytes", func(_ Doc, p *capacity.Sizing) string { return positiveFloat(p.RowBytes) }},
	{"daily_bytes", func(_ Doc, p *capacity.Sizing) string { return positiveFloat(p.Input.Volume.Daily) }},
	{"retention_days", func(_ Doc, p *capacity.Sizing) string { return positiveFloat(p.Input.Volume.RetentionDays) }},
	{"ttl_days", func(_ Doc, p *capacity.Sizing) string { return positiveFloat(p.Input.Volume.TTLDays) }},
	{"split_days", func(_ Doc, p *capacity.Sizing) string {
		if p.Input.Volume.Daily == 0 {
			return ""
		}
		return plainFloat(p.Input.Volume.SplitDays())
	}},
	{"compression_ratio", func(_ Doc, p *capacity.Sizing) string { return plainFloat(p.Input.CompressionRatio) }},
	{"redundancy", func(_ Doc, p *capacity.Sizing) string { return plainFloat(p.Input.Redundancy) }},
	{"replication", func(_ Doc, p *capacity.Sizing) string { return strconv.Itoa(p.Input.Replication) }},
	{"split_share", func(_ Doc, p *capacity.Sizing) string { return positiveFloat(p.SplitShare()) }},
	{"size_regions", func(_ Doc, p *capacity.Sizing) string { return strconv.Itoa(p.Regions) }},
	{"planned_regions", func(d Doc, _ *capacity.Sizing) string { return strconv.Itoa(sizedRegions(d)) }},
	{"split_regions", func(d Doc, _ *capacity.Sizing) string { return strconv.Itoa(d.split().Regions()) }},
	{"region_servers", func(_ Doc, p *capacity.Sizing) string { return positiveInt(p.Input.Cluster.RegionServers) }},
	{"regions_per_server", func(_ Doc, p *capacity.Sizing) string { return positiveFloat(p.RegionsPerServer) }},
	{"heap_bytes", func(_ Doc, p *capacity.Sizing) string { return positiveFloat(p.Input.Cluster.Heap) }},
	{"memstore_fraction", func(_ Doc, p *capacity.Sizing) string { return plainFloat(p.Input.Cluster.MemstoreFraction) }},
	{"flush_size_bytes", func(_ Doc, p *capacity.Sizing) string { return plainFloat(p.Input.Cluster.FlushSize) }},
	{"families", func(_ Doc, p *capacity.Sizing) string { return strconv.Itoa(p.Input.Cluster.Families) }},
	{"memstore_ceiling", func(_ Doc, p *capacity.Sizing) string { return positiveFloat(p.MemstoreCeiling) }},
	{"write_rate", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.WriteRate) })},
	{"write_rate_unit", accessCSV(func(a *JSONAccess) string { return a.WriteRateUnit })},
	{"read_rate", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.ReadRate) })},
	{"read_rate_unit", accessCSV(func(a *JSONAccess) string { return a.ReadRateUnit })},
	{"scan_share", accessCSV(func(a *JSONAccess) string { return plainFloat(a.ScanShare) })},
	{"region_write_limit", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.RegionWriteLimit) })},
	{"region_write_limit_unit", accessCSV(func(a *JSONAccess) string { return a.RegionWriteLimitUnit })},
	{"balance", accessCSV(func(a *JSONAccess) string { return strconv.FormatBool(a.Balance) })},
	{"buckets", accessCSV(func(a *JSONAccess) string { return positiveInt(a.Buckets) })},
	{"write_bytes_per_second", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.WriteBytesPerSecond) })},
	{"write_spread", accessCSV(func(a *JSONAccess) string { return positiveInt(a.WriteSpread) })},
	{"writing_servers", accessCSV(func(a *JSONAccess) string { return positiveInt(a.WritingServers) })},
	{"region_write_bytes_per_second", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.RegionWriteBytesPerSecond) })},
	{"server_write_bytes_per_second", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.ServerWriteBytesPerSecond) })},
	{"wal_bytes_per_server_per_second", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.WALBytesPerServerPerSec) })},
	{"flushes_per_region_per_minute", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.FlushesPerRegionPerMinute) })},
	{"days_to_region_size", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.DaysToRegionSize) })},
	{"hotspot_bytes_per_second", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.HotspotBytesPerSecond) })},
	{"reads_per_server_per_second", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.ReadsPerServerPerSecond) })},
	{"scans_per_second", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.ScansPerSecond) })},
	{"scan_fanout", accessCSV(func(a *JSONAccess) string { return positiveInt(a.ScanFanout) })},
	{"region_scans_per_second", accessCSV(func(a *JSONAccess) string { return positiveFloat(a.RegionScansPerSecond) })},
	// Last, so the columns before keep their places: region_size_bytes is MAX_FILESIZE,
	// and the regions are counted against it times the fill.
	{"fill", func(_ Doc, p *capacity.Sizing) string { return plainFloat(p.Input.FillOrOne()) }},
	{"planned_region_bytes", func(_ Doc, p *capacity.Sizing) string { return plainInt(plannedRegionOf(p)) }},
	// The region replicas each server opens (regions_per_server x REGION_REPLICATION);
	// empty with one replica.
	{"replicas_per_server", func(d Doc, _ *capacity.Sizing) string { return positiveFloat(d.ReplicasPerServer()) }},
}

// accessCSV is a column of the access pattern: empty without one.
func accessCSV(f func(*JSONAccess) string) func(Doc, *capacity.Sizing) string {
	return func(d Doc, _ *capacity.Sizing) string {
		if d.Access == nil {
			return ""
		}
		return f(jsonAccess(d.Access))
	}
}

func positiveFloat(v float64) string {
	if v <= 0 {
		return ""
	}
	return plainFloat(v)
}

func positiveInt(v int) string {
	if v <= 0 {
		return ""
	}
	return strconv.Itoa(v)
}

func init() {
	for _, c := range capacityCSVColumns {
		CapacityCSVHeader = append(CapacityCSVHeader, c.name)
	}
}

// capacityCSVTail is the values of capacityCSVColumns for d.
func capacityCSVTail(d Doc, p *capacity.Sizing) []string {
	out := make([]string, len(capacityCSVColumns))
	for i, c := range capacityCSVColumns {
		out[i] = c.value(d, p)
	}
	return out
}
