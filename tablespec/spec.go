// Package tablespec reads a table spec: the YAML file in which a team writes down an HBase table's
// design (families and their settings, the rowkey, the expected volume, the cluster, the
// splits and the access patterns) so `presplit plan -f` can plan from it and `presplit lint`
// can review it.
//
// Parsing is strict: an unknown key, a value of the wrong type, an out-of-range value or a
// duplicate family is an *Error naming the file, line and column. Every value keeps the
// position it was read from, so a finding about it can point at its line.
package tablespec

import (
	"fmt"

	"github.com/presplit/presplit/duration"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/quantity"
)

// MaxSize is the largest spec file Parse accepts, in bytes. A table spec is a page of YAML;
// anything this large is the wrong file.
const MaxSize = 1 << 20

// Pos is a 1-based line and column in the spec file. The zero Pos means "nowhere".
type Pos struct {
	Line int
	Col  int
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Finding is the place a finding about the value at p points to. Package finding has its
// own Pos (it imports no other presplit package); the spec's positions convert to it here.
func (p Pos) Finding() finding.Pos { return finding.Pos{Line: p.Line, Col: p.Col} }

// Value is one setting of the spec: its value, whether the spec sets it, where, and the
// scalar text as written (`64KiB`, `1e10`, `30 DAYS`).
//
// A Spec is the one typed description of a table's design: a YAML file fills it, and the
// command line fills the same fields (a flag overrides the file's value for its field).
// Src names where a value given outside the file came from, as its user typed it (the CLI
// puts the flag there, `--rows`), so a message about it can point there; it is empty for
// the file's own values, which have a Pos instead.
type Value[T any] struct {
	V   T
	Set bool
	Pos Pos
	Raw string
	Src string
}

// Spec is a parsed table spec. Optional sections are nil when the file leaves them out.
type Spec struct {
	File     string        // the name given to Parse, used in messages
	Table    Value[string] // [namespace:]name
	Settings Settings      // the table's attributes: `table` as a mapping
	Families []Family
	Rowkey   *Rowkey
	Capacity *Capacity
	Cluster  *Cluster
	Splits   *Splits
	Access   []Access
	// PhoenixPK is the Phoenix primary key as one list, `bucket CHAR(2), user_id VARCHAR`
	// (the --phoenix-pk grammar); it replaces the rowkey's phoenix types. No spec key sets
	// it: the CLI fills it from --phoenix-pk.
	PhoenixPK Value[string]
}

// Settings are the table's own settings, given when `table` is a mapping
// (`table: {name: ns:t, hbase_version: "2.4"}`) rather than just the name.
type Settings struct {
	HBaseVersion      Value[string] // the HBase release line (2.6) or release (2.6.7) targeted
	SplitPolicy       Value[string] // one of hbase.SplitPolicies
	Normalization     Value[bool]   // NORMALIZATION_ENABLED
	RegionReplication Value[int64]  // REGION_REPLICATION
	Durability        Value[string] // DURABILITY, one of hbase.Durabilities
	MaxFileSize       Value[bool]   // false: leave MAX_FILESIZE to the cluster
	CreateNamespace   Value[bool]   // write create_namespace 'ns' before the create
	// MemstoreFlushSize is the table's MEMSTORE_FLUSHSIZE, over the cluster's
	// hbase.hregion.memstore.flush.size (cluster flush_size, a fact presplit never writes).
	MemstoreFlushSize Value[float64]
}

// Family is one column family and its settings (HBase's names in the comments).
type Family struct {
	Pos         Pos           // the family's entry in the list
	Name        Value[string] // NAME
	Versions    Value[int64]  // VERSIONS
	TTL         Value[string] // TTL as written: seconds, 30d, FOREVER, '30 DAYS'
	Compression Value[string] // COMPRESSION, upper case
	Bloom       Value[string] // BLOOMFILTER, upper case
	// BloomPrefixLength is the prefix length of bloom ROWPREFIX_FIXED_LENGTH (written
	// rowprefix_fixed_length:W), its family CONFIGURATION RowPrefixBloomFilter.prefix_length.
	BloomPrefixLength Value[int64]
	BlockSize         Value[int64]  // BLOCKSIZE in bytes
	Encoding          Value[string] // DATA_BLOCK_ENCODING, upper case
	InMemory          Value[bool]   // IN_MEMORY
	BlockCache        Value[bool]   // BLOCKCACHE
	KeepDeletedCells  Value[string] // KEEP_DELETED_CELLS: FALSE, TRUE or TTL
	MinVersions       Value[int64]  // MIN_VERSIONS
	// Share is the family's part of a row's bytes, (0, 1]: with every family's share the
	// plan sizes the regions by what the target HBase splits on (its largest store on
	// 2.x, all stores together on 3.x).
	Share Value[float64]
	// CompressionRatio is the family's stored / raw, (0, 2], over the capacity section's
	// compression_ratio for this family's store.
	CompressionRatio  Value[float64]
	Qualifiers        []Value[string]
	DynamicQualifiers Value[bool] // qualifiers built from data (order_123456)
}

// TTLSeconds is the family's TTL as presplit renders it, in whole seconds (duration.ParseTTL):
// an error for a TTL HBase would read as 0 or cannot read.
func (f Family) TTLSeconds() (int64, error) { return duration.ParseTTL(f.TTL.V) }

// Part kinds: what a rowkey part holds.
const (
	KindID               = "id"
	KindSequence         = "sequence"
	KindTimestamp        = "timestamp"
	KindReverseTimestamp = "reverse_timestamp"
	KindHash             = "hash"
	KindText             = "text"
)

// PartKinds are the kinds a rowkey part may have, in the order the docs list them.
var PartKinds = []string{KindID, KindSequence, KindTimestamp, KindReverseTimestamp, KindHash, KindText}

// Rowkey is the layout of the row key: an optional prefix that spreads writes (the --prefix
// grammar, or the RegionSplitter algorithm whose keys the rows start with), then the parts.
type Rowkey struct {
	Pos    Pos
	Prefix Value[string] // hex:2, dec:2, chars:ALPHABET:W, byte:B (the --prefix grammar)
	Algo   Value[string] // HexStringSplit, DecimalStringSplit or UniformSplit
	Suffix Value[string] // as --suffix: appended to split keys (`|`)
	// PrefixFrom names the parts the prefix is computed from (hash(user_id) % 100):
	// reads that know them read one bucket. Empty: the prefix is a random salt.
	PrefixFrom []Value[string]
	Parts      []Part
	Delimiter  Value[string] // after the prefix (if any) and between parts: 07#user#ts
	// PrefixValues says the prefix takes only the first N values of its alphabet in
	// order: a salt hash % 20 written %02d takes 00..19 of dec:2's 100.
	PrefixValues Value[int64]
	// PrefixColumn is the Phoenix primary key column that holds a text prefix's bytes
	// (bucket CHAR(2)); a byte:B prefix is Phoenix's own salt byte and has none.
	PrefixColumn *PrefixColumn
}

// PrefixColumn names the Phoenix column of the rowkey prefix.
type PrefixColumn struct {
	Pos         Pos
	Name        Value[string]
	PhoenixType Value[string] // CHAR(2)
}

// Part is one field of the key after the prefix.
type Part struct {
	Pos   Pos
	Name  Value[string]
	Kind  Value[string] // one of PartKinds
	Width Value[int64]  // fixed width in bytes; unset = variable
	// PhoenixType is the part's Phoenix primary key column type (VARCHAR, CHAR(2), BIGINT,
	// UNSIGNED_LONG, ...), for --format phoenix.
	PhoenixType Value[string]
}

// Capacity is the expected volume: rows x bytes per row (kv, or cells), or daily x retention.
type Capacity struct {
	Pos              Pos
	Rows             Value[float64] // 1e10, 10G
	KV               Value[float64] // bytes of all KeyValues of one row
	Cells            *Cells
	Daily            Value[float64] // bytes ingested per day
	Retention        Value[int64]   // seconds (30d, 52w, 1y)
	Horizon          Value[int64]   // seconds: pre-split for this much of the retention
	CompressionRatio Value[float64]
	Redundancy       Value[float64]
	RegionSize       Value[float64]
	// Fill is the share of MAX_FILESIZE the regions are planned to hold, (0, 1]: below 1
	// on purpose, so the jitter (0.875..1.125 x) does not split them early.
	Fill        Value[float64]
	Replication Value[int64]
	// The access pattern (package access), all optional: peak write and read rates
	// (rows/s or bytes/s), the share of reads that are scans, the most one region should
	// take, and whether to round the region count up to a multiple of the RegionServers.
	WriteRate        Value[quantity.Rate]
	ReadRate         Value[quantity.Rate]
	ScanShare        Value[float64]
	RegionWriteLimit Value[quantity.Rate]
	Balance          Value[bool]
}

// Cells describes a row by its cells.
type Cells struct {
	Pos          Pos
	Count        Value[int64]
	RowLen       Value[int64]
	FamilyLen    Value[int64]
	QualifierLen Value[int64]
	ValueLen     Value[int64]
	Versions     Value[int64]
}

// Cluster describes the RegionServers.
type Cluster struct {
	Pos              Pos
	RegionServers    Value[int64]
	Heap             Value[float64] // bytes
	MemstoreFraction Value[float64]
	FlushSize        Value[float64] // bytes
	// SplitOverallFiles is hbase.hregion.split.overallfiles: a region splits when all its
	// stores together exceed MAX_FILESIZE (true), or its largest store does (false);
	// unset, the target's default (true from 3.0).
	SplitOverallFiles Value[bool]
	// SplitLimit is hbase.regionserver.regionSplitLimit (1000); OtherRegions the online
	// regions the cluster's other tables hold, replicas included.
	SplitLimit   Value[int64]
	OtherRegions Value[int64]
	// InitialSize is hbase.increasing.policy.initial.size (else 2 x the flush size);
	// SplitPolicy the cluster's hbase.regionserver.region.split.policy, what a table's
	// default split policy runs (ClusterSplitPolicies).
	InitialSize Value[float64]
	SplitPolicy Value[string]
}

// Splits is how the table is split: a count (and alignment) for presplit to generate, or
// splits someone already chose, to review: a RegionSplitter algorithm or a SPLITS_FILE.
type Splits struct {
	Pos      Pos
	Regions  Value[int64]
	Align    Value[string] // exact or even
	Algo     Value[string] // HexStringSplit, DecimalStringSplit, UniformSplit
	FirstRow Value[string] // with algo
	LastRow  Value[string] // with algo
	File     Value[string] // a SPLITS_FILE, relative to the spec's folder
	// Sample is a file of real row keys to cut the regions from (lines, tsv, scan or a
	// sketch), relative to the spec's folder; the region count comes from regions or the
	// capacity section.
	Sample    Value[string]
	Delimiter Value[string]  // with sample: never cut inside the key's leading field
	Holdout   Value[float64] // with sample: the fraction held out to measure the cut
}

// Access kinds.
const (
	AccessGet  = "get"
	AccessScan = "scan"
)

// Access is one way the application reads the table.
type Access struct {
	Pos  Pos
	Name Value[string]
	Kind Value[string] // get or scan
	By   []Value[string]
}

// Error is a spec that cannot be read: the file, a 1-based line and column (0 when the YAML
// library does not say) and what is wrong.
type Error struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	default:
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
}

// CellLens are the family and qualifier lengths of capacity.cells, filled from the spec when
// the cells leave them out: the average family name length (rounded), and the average
// listed qualifier length (0 without qualifiers).
// RegionFlushSize is the size the table's regions flush their memstores at: the table's
// MEMSTORE_FLUSHSIZE when it sets one (fromTable), which HBase takes over the cluster's
// hbase.hregion.memstore.flush.size, else the cluster's; 0 when neither is given.
func (s *Spec) RegionFlushSize() (size float64, fromTable bool) {
	if mf := s.Settings.MemstoreFlushSize; mf.Set {
		return mf.V, true
	}
	if s.Cluster != nil && s.Cluster.FlushSize.Set {
		return s.Cluster.FlushSize.V, false
	}
	return 0, false
}

func (s *Spec) CellLens() (familyLen, qualifierLen int64) {
	c := s.Capacity
	if c != nil && c.Cells != nil && c.Cells.FamilyLen.Set {
		familyLen = c.Cells.FamilyLen.V
	} else {
		var sum int
		for _, f := range s.Families {
			sum += len(f.Name.V)
		}
		familyLen = int64((sum + len(s.Families)/2) / len(s.Families))
	}
	if c != nil && c.Cells != nil && c.Cells.QualifierLen.Set {
		qualifierLen = c.Cells.QualifierLen.V
	} else {
		var sum, n int
		for _, f := range s.Families {
			for _, q := range f.Qualifiers {
				sum += len(q.V)
				n++
			}
		}
		if n > 0 {
			qualifierLen = int64((sum + n/2) / n)
		}
	}
	return familyLen, qualifierLen
}
