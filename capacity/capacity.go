// Package capacity sizes an HBase table: rows x bytes per row (or daily ingest x retention)
// x compression x redundancy / target region size -> region count, with the RegionServers'
// memstore ceiling. The findings about a plan (regions per server, the ceiling) are lint's:
// they are judged on the regions the plan creates, which only the plan package knows.
//
// All byte figures are float64 bytes: table sizes run to petabytes and the model is an
// estimate, but region counts are exact integers computed with one ceil at the end.
package capacity

// Defaults, from HBase's own configuration defaults where one exists.
const (
	DefaultCompressionRatio = 1.0
	DefaultRedundancy       = 1.5
	DefaultRegionSize       = 10 << 30 // hbase.hregion.max.filesize = 10 GiB
	DefaultReplication      = 3        // dfs.replication
	DefaultMemstoreFraction = 0.4      // hbase.regionserver.global.memstore.size
	DefaultFlushSize        = 128 << 20
	DefaultFamilies         = 1
	DefaultVersions         = 1
)

// The model's limits: the ranges of its inputs, stated here and read by the spec's reader,
// the CLI's flags and Input.Validate alike.
const (
	MaxCompressionRatio = 2.0     // stored / raw, in (0, 2]
	MinRedundancy       = 1.0     // redundancy in [1, 10]
	MaxRedundancy       = 10.0    //
	MinRegionSize       = 1 << 20 // a region of at least 1 MiB
	MinReplication      = 1       // HDFS dfs.replication in [1, 512]
	MaxReplication      = 512     //
	MaxRegionServers    = 100_000 // RegionServers in [1, 100000]
	MaxMemstoreFraction = 0.8     // hbase.regionserver.global.memstore.size in (0, 0.8]
	MinFlushSize        = 1 << 20 // hbase.hregion.memstore.flush.size of at least 1 MiB
)

// Cells describes a row by its cells instead of an average row size.
type Cells struct {
	Count        int // cells per row (per version)
	RowLen       int // rowkey bytes
	FamilyLen    int // column family name bytes
	QualifierLen int // average qualifier bytes
	ValueLen     int // average value bytes
	Versions     int // versions kept per cell (default 1)
}

// Volume is how much data the table holds: either Rows x RowBytes, or Daily x RetentionDays.
type Volume struct {
	Rows     float64 // number of rows; 0 when the volume is given as daily ingest
	RowBytes float64 // average bytes of all KeyValues of one row (the design's kv, or Cells)
	Cells    *Cells  // how RowBytes was derived, when it was
	// KV and KVVersions are how RowBytes was derived from --kv: the bytes of one version
	// of a row times the versions the table keeps (the largest VERSIONS of its families).
	// KVVersions 0 or 1: RowBytes is KV.
	KV         float64
	KVVersions int

	Daily         float64 // raw bytes ingested per day
	RetentionDays float64 // days of data kept
	// TTLDays, when set and shorter than the retention, is when HBase expires the data:
	// the table holds that many days, whatever the retention says.
	TTLDays float64
	// HorizonDays, when set, pre-splits for that many days of ingest instead of the whole
	// retention, as the guides advise; the growth table still runs to the retention.
	HorizonDays float64
}

// PutBytes is what one put of a row writes: one version of its cells (--kv, or the cells
// once each), where RowBytes is what the table keeps of it, VERSIONS of each. A write
// rate in rows/s is in these bytes; 0 when the volume is daily bytes.
func (v Volume) PutBytes() float64 {
	switch {
	case v.Cells != nil:
		return float64(v.Cells.Count) * v.Cells.CellBytes()
	case v.KVVersions > 0:
		return v.KV
	}
	return v.RowBytes
}

// KeptDays is the days of ingest the table holds: the retention, or the TTL when the
// data expires first.
func (v Volume) KeptDays() float64 {
	if v.TTLDays > 0 && v.TTLDays < v.RetentionDays {
		return v.TTLDays
	}
	return v.RetentionDays
}

// SplitDays is the days of ingest the region count is sized for: the horizon, capped by
// the days kept, else the days kept.
func (v Volume) SplitDays() float64 {
	if v.HorizonDays > 0 && v.HorizonDays < v.KeptDays() {
		return v.HorizonDays
	}
	return v.KeptDays()
}

// Cluster is the optional description of the RegionServers.
type Cluster struct {
	RegionServers    int     // 0 = unknown
	Heap             float64 // RegionServer heap bytes; 0 = unknown
	MemstoreFraction float64 // hbase.regionserver.global.memstore.size
	// FlushSize is the size a region's memstore flushes at, in bytes: the table's
	// MEMSTORE_FLUSHSIZE when it sets one (FlushSizeFromTable), which HBase takes over the
	// cluster's hbase.hregion.memstore.flush.size, else that.
	FlushSize          float64
	FlushSizeFromTable bool
	Families           int // column families in the table
}

// Input is everything the model needs. Zero values of the optional fields take the defaults
// above through WithDefaults.
type Input struct {
	Volume           Volume
	CompressionRatio float64 // stored / raw, in (0, 2]
	Redundancy       float64 // indexes, blooms, compaction headroom: 1..10 (never versions nor replication)
	RegionSize       float64 // target bytes per region: MAX_FILESIZE x Fill (hbase.hregion.max.filesize)
	Replication      int     // HDFS replication: disk estimate only
	// Fill is the share of MAX_FILESIZE each region is planned at (capacity fill), already
	// in RegionSize; 0 is 1, MAX_FILESIZE itself. The model sizes on RegionSize alone: Fill
	// is kept so the outputs show MAX_FILESIZE and the fill as the two inputs they are.
	Fill    float64
	Cluster Cluster
	// Stores are the table's families sized apart, when every family gives its share of
	// a row; none: the table is sized as one store (the whole row).
	Stores []Store
	// SplitOverall is hbase.hregion.split.overallfiles: a region splits when all its
	// stores together exceed MAX_FILESIZE (true, the 3.x default), else when its largest
	// store does (false, 2.x). It matters only with Stores.
	SplitOverall bool
}

// Horizon is the table's size after Days days of daily ingest.
type Horizon struct {
	Days         int
	RawBytes     float64
	StoredBytes  float64
	PlannedBytes float64
	Regions      int
	DiskBytes    float64
	// Stores are each store's size at this horizon, when the model sizes stores apart;
	// SplitBytes is what the split rule weighs of PlannedBytes (the largest store's, or all).
	Stores     []StoreHorizon
	SplitBytes float64
	SplitStore string // the store the split rule weighs at this horizon ("" all, or no stores)
}

// Sizing is the model's answer: the table's size and region count (package plan's Plan
// holds one). It carries its Input so renderers can echo every figure.
type Sizing struct {
	Input Input

	RowBytes     float64 // bytes per row used (Volume.RowBytes)
	RawBytes     float64 // rows x row bytes, or daily x days (Volume.SplitDays)
	StoredBytes  float64 // raw x compression ratio
	PlannedBytes float64 // stored x redundancy
	ExactRegions float64 // split bytes / region size, before rounding up
	Regions      int     // ceil(ExactRegions), at least 1
	DiskBytes    float64 // planned x replication (all stores)

	// Stores are each family's figures when the stores are sized apart (Input.Stores);
	// RawBytes, StoredBytes, PlannedBytes and DiskBytes are then their sums. SplitBytes is
	// what HBase's split rule weighs against the region size: PlannedBytes, or the largest
	// store's when a region splits on its largest store; SplitStore names that store.
	Stores     []StorePlan
	SplitStore string
	SplitBytes float64

	// Filled when Cluster.RegionServers > 0: Regions / servers. The plan package sets it
	// again from the regions actually created.
	RegionsPerServer float64
	// Filled when Cluster.Heap > 0: heap x fraction / (flush size x families).
	MemstoreCeiling float64

	Horizons []Horizon // with daily ingest: 30, 182 and 365 days, capped by retention
}

// Regions per RegionServer that HBase's guides recommend.
const (
	MinRegionsPerServer = 20
	MaxRegionsPerServer = 200
)
