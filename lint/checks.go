package lint

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/duration"
	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/splitpolicy"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

// Analyzers are all the checks, in code order.
var Analyzers = []*Analyzer{
	CF001, CF002, CF003, CF004, CF005, CF006, CF007, CF008, CF009, CF010, CF011, CF012,
	QL001, QL002, QL003,
	RK001, RK002, RK003, RK004,
	RG001, RG002, RG003, RG004, RG005, RG006, RG007, RG008, RG009, RG010, RG011, RG012, RG013,
	RW001,
	RG014, RG015, RG016, RG017, RG018,
	SP001, SP002, SP003, SP004, SP005, SP006, SP007, SP008,
	CP001, CP002, CP003, CP004, CP005, CP006, CP007,
	AC001, AC002, AC003, AC004, AC005,
	PX001, PX002, PX003, PX004,
	BT001,
	SF001, SF002,
}

// Thresholds of the checks, from the HBase guides.
const (
	MaxFamilies          = 3
	MaxVersions          = 10
	MaxQualifierLen      = 16
	MaxAvgRowkeyLen      = 64
	MaxRowkeyLen         = hbase.MaxRowLength // HBase refuses longer row keys
	MinRegionSize        = 5 << 30
	MaxRegionSize        = 50 << 30
	MaxRowBytes          = 10 << 20 // the guides' bound on a row; HBase caps a cell, not a row
	DefaultBlockSize     = 64 << 10
	SmallBlockSize       = 32 << 10
	MaxBucketsEnumerated = 1 << 20
	// RiskyCeilingFactor: the guides call 2-3x the memstore ceiling the risky maximum.
	RiskyCeilingFactor = 3
	// MaxTableRegions: beyond it a table strains the master and meta.
	MaxTableRegions = 10_000
	// MaxShellSplitKeys: a create statement longer than this is better fed a SPLITS_FILE.
	MaxShellSplitKeys = 10_000
	// RedundancyWarnAt is where a redundancy factor starts to look like HDFS replication.
	RedundancyWarnAt = 2.5
)

// CF001: more than 3 column families.
var CF001 = &Analyzer{
	Code: "CF001", Severity: finding.Error,
	Doc: "more than 3 column families: all families of a region flush together",
	Run: func(p *Pass) {
		fams := p.Design.Families
		if len(fams) <= MaxFamilies {
			return
		}
		p.Report(fams[MaxFamilies].Pos,
			"merge families read together into one; keep at most 2-3 with really different access or settings",
			"%d column families: HBase flushes and compacts every family of a region together, so each small family is flushed with the big ones into tiny files; the guides allow at most %d",
			len(fams), MaxFamilies)
	},
}

// ttlKey is a family's TTL as compared by CF002: seconds when presplit reads it, else the text.
func ttlKey(f tablespec.Family) string {
	if !f.TTL.Set {
		return "FOREVER"
	}
	if secs, err := f.TTLSeconds(); err == nil {
		if secs == hbase.Forever {
			return "FOREVER"
		}
		return fmt.Sprintf("%ds", secs)
	}
	return f.TTL.Raw
}

// versionsOf is a family's VERSIONS as HBase keeps it: HBase's default 1 when not set.
func versionsOf(f tablespec.Family) int64 {
	if !f.Versions.Set {
		return 1
	}
	return f.Versions.V
}

func compressionOf(f tablespec.Family) string {
	if !f.Compression.Set {
		return "NONE"
	}
	return f.Compression.V
}

// CF002: 2 or 3 families with the same TTL, compression and VERSIONS: each family is a
// store of its own, which only pays for itself when it keeps its data differently.
var CF002 = &Analyzer{
	Code: "CF002", Severity: finding.Warning,
	Doc: "2 or 3 families whose TTL, compression and VERSIONS are the same: merge them",
	Run: func(p *Pass) {
		fams := p.Design.Families
		if len(fams) < 2 || len(fams) > MaxFamilies {
			return
		}
		for i := 1; i < len(fams); i++ {
			for j := 0; j < i; j++ {
				a, b := fams[j], fams[i]
				if ttlKey(a) != ttlKey(b) || compressionOf(a) != compressionOf(b) || versionsOf(a) != versionsOf(b) {
					continue
				}
				p.Report(b.Pos,
					fmt.Sprintf("merge %s into %s (one family, more qualifiers), or give them different TTL, compression or versions if their data really differs", field.Quote(b.Name.V), field.Quote(a.Name.V)),
					"families %s and %s have the same TTL (%s), compression (%s) and versions (%d): the second family costs a memstore and a flush per region and buys no different storage setting",
					field.Quote(a.Name.V), field.Quote(b.Name.V), ttlKey(a), compressionOf(a), versionsOf(a))
				break
			}
		}
	},
}

// CF003: VERSIONS not set.
var CF003 = &Analyzer{
	Code: "CF003", Severity: finding.Warning,
	Doc: "VERSIONS not set explicitly",
	Run: func(p *Pass) {
		if p.PlaceholderFamilies {
			return
		}
		for _, f := range p.Design.Families {
			if !f.Versions.Set {
				p.Report(f.Pos, "set versions: 1, or the number of versions reads really need",
					"family %s does not set versions: it gets HBase's default (1 since HBase 0.96, HBASE-8450; 3 before)", field.Quote(f.Name.V))
			}
		}
	},
}

// CF004: VERSIONS above 10; an error at 2147483647.
var CF004 = &Analyzer{
	Code: "CF004", Severity: finding.Warning,
	Doc: "VERSIONS above 10 (error at 2147483647)",
	Run: func(p *Pass) {
		for _, f := range p.Design.Families {
			v := f.Versions
			switch {
			case !v.Set || v.V <= MaxVersions:
			case v.V == hbase.MaxInt:
				p.ReportSeverity(finding.Error, v.Pos, "keep the versions reads need (1-3) and let TTL bound history",
					"family %s keeps %d versions, i.e. every version forever: rows grow without bound and every read skips old versions", field.Quote(f.Name.V), v.V)
			default:
				p.Report(v.Pos, "keep the versions reads need (1-3); model history as rows or let TTL bound it",
					"family %s keeps %d versions: every version is stored, compacted and skipped by reads", field.Quote(f.Name.V), v.V)
			}
		}
	},
}

// CF005: TTL not set.
var CF005 = &Analyzer{
	Code: "CF005", Severity: finding.Warning,
	Doc: "TTL not set explicitly",
	Run: func(p *Pass) {
		if p.PlaceholderFamilies {
			return
		}
		for _, f := range p.Design.Families {
			if !f.TTL.Set {
				p.Report(f.Pos, "set ttl: a retention like 30d or 1y, or FOREVER when keeping data is a decision",
					"family %s does not set ttl: data is kept forever by default", field.Quote(f.Name.V))
			}
		}
	},
}

// CF006: a TTL HBase would read as 0, or cannot read.
var CF006 = &Analyzer{
	Code: "CF006", Severity: finding.Error,
	Doc: "a TTL HBase would read as 0 (`1 WEEK`, `2 HOURS 1 DAY`) or a TTL of 0",
	Run: func(p *Pass) {
		const fix = "write a duration like 7d or 30d, HBase's order 'N DAYS M HOURS', seconds, or FOREVER"
		for _, f := range p.Design.Families {
			t := f.TTL
			if !t.Set {
				continue
			}
			_, err := f.TTLSeconds()
			if err == nil {
				continue
			}
			hb, herr := hbase.ShellTTL(t.Raw)
			if ambiguous := ttlUnitRule(t.Raw); ambiguous != "" {
				// 1M: a month or a minute; HBase's shell reads it as neither.
				p.Report(t.Pos, ambiguous, "family %s ttl %q has no one meaning (HBase reads it as %d seconds)", field.Quote(f.Name.V), t.Raw, max(hb, 0))
				continue
			}
			switch {
			case herr != nil:
				p.Report(t.Pos, fix, "family %s ttl %q is refused by HBase (%v)", field.Quote(f.Name.V), t.Raw, herr)
			case hb == 0 && strings.TrimSpace(t.Raw) == "0":
				p.Report(t.Pos, fix, "family %s has ttl 0: HBase expires every cell as soon as it is written", field.Quote(f.Name.V))
			case hb == 0:
				p.Report(t.Pos, fix, "family %s ttl %q is read by HBase as 0: every cell expires as soon as it is written", field.Quote(f.Name.V), t.Raw)
			case hb < 0:
				p.Report(t.Pos, fix, "family %s ttl %q is negative", field.Quote(f.Name.V), t.Raw)
			default:
				p.Report(t.Pos, fmt.Sprintf("write it as %d (seconds)", hb),
					"family %s ttl %q is %d seconds to HBase, but presplit cannot read that form", field.Quote(f.Name.V), t.Raw, hb)
			}
		}
	},
}

// ttlUnitRule is the rule a TTL breaks with a unit of no one meaning (M, months), with
// the spellings that work; "" for any other TTL.
func ttlUnitRule(raw string) string {
	var ue *duration.UnitError
	if _, err := duration.Parse(strings.TrimSpace(raw)); errors.As(err, &ue) {
		return ue.Rule
	}
	return ""
}

// CF010: MIN_VERSIONS above 0 with a TTL. HBase keeps the newest MIN_VERSIONS versions
// of every cell after its TTL (HBASE-4071: "remove all versions > TTL except the last
// written"; the book's Minimum Number of Versions), so a row written once, the usual
// time-series row, never expires: the table grows past what the TTL sizes it at.
var CF010 = &Analyzer{
	Code: "CF010", Severity: finding.Warning,
	Doc: "MIN_VERSIONS above 0 with a TTL: the newest versions of every cell outlive the TTL",
	Run: func(p *Pass) {
		for _, f := range p.Design.Families {
			mv := f.MinVersions
			if !mv.Set || mv.V <= 0 || !f.TTL.Set {
				continue
			}
			if ttl, err := f.TTLSeconds(); err != nil || ttl >= hbase.Forever {
				continue // no TTL to outlive (CF006 reports one HBase cannot read)
			}
			p.Report(mv.Pos, "set min_versions 0 when cells must expire at the TTL; keep it only when the newest versions are meant to be kept for ever, and size the table on their whole life",
				"family %s keeps min_versions %d past its ttl %s: HBase keeps the newest %d versions of every cell after the TTL, so a cell written once never expires and the table grows past the TTL it is sized on",
				field.Quote(f.Name.V), mv.V, f.TTL.Raw, mv.V)
		}
	},
}

// CF011: IN_MEMORY with BLOCKCACHE false. IN_MEMORY is a priority inside the block cache
// (the LRU cache's in-memory tier, BucketCache's memory priority); BLOCKCACHE false stops
// the family's data blocks from being cached on read, so there is nothing to give the
// priority to: the family the design means to keep in memory reads its data blocks from
// the store files on every get.
var CF011 = &Analyzer{
	Code: "CF011", Severity: finding.Warning,
	Doc: "IN_MEMORY with BLOCKCACHE false: the data blocks are never cached, so IN_MEMORY keeps none of them",
	Run: func(p *Pass) {
		for _, f := range p.Design.Families {
			if !f.InMemory.Set || !f.InMemory.V || !f.BlockCache.Set || f.BlockCache.V {
				continue
			}
			p.Report(f.BlockCache.Pos, "set blockcache: true to keep the family in memory, or leave in_memory out when its reads are meant to go to the store files",
				"family %s sets in_memory true and blockcache false: IN_MEMORY is a priority inside the block cache, and with BLOCKCACHE false its data blocks are never cached, so every get reads them from the store files",
				field.Quote(f.Name.V))
		}
	},
}

// CF012: KEEP_DELETED_CELLS true or TTL with no TTL to end it. HBase keeps a deleted
// cell "until they are removed by other means such TTL or VERSIONS. If no TTL is specified
// or no new versions of delete cells are written, they are retained forever" (TRUE), or
// until the delete marker expires at the TTL (TTL), which is never without one
// (org.apache.hadoop.hbase.KeepDeletedCells). A row deleted and never written again then
// stays stored: the table holds every row ever written, not the rows it is sized on.
var CF012 = &Analyzer{
	Code: "CF012", Severity: finding.Warning,
	Doc: "KEEP_DELETED_CELLS true or TTL without a TTL: deleted cells are kept for ever",
	Run: func(p *Pass) {
		for _, f := range p.Design.Families {
			kd := f.KeepDeletedCells
			if !kd.Set || strings.EqualFold(kd.V, "FALSE") {
				continue
			}
			if f.TTL.Set {
				if ttl, err := f.TTLSeconds(); err != nil || ttl < hbase.Forever {
					continue // a TTL ends them (CF006 reports one HBase cannot read)
				}
			}
			p.Report(kd.Pos, "set a ttl that ends the deleted cells, or keep_deleted_cells false when deletes must free space",
				"family %s sets keep_deleted_cells %s with no ttl to end it: HBase keeps every deleted cell (up to VERSIONS a column) for ever, so deleting a row frees nothing and the table holds every row ever written, not the rows it is sized on",
				field.Quote(f.Name.V), strings.ToLower(kd.V))
		}
	},
}

// CF007: compression unset or NONE.
var CF007 = &Analyzer{
	Code: "CF007", Severity: finding.Warning,
	Doc: "compression unset or NONE",
	Run: func(p *Pass) {
		if p.PlaceholderFamilies {
			return
		}
		for _, f := range p.Design.Families {
			c := f.Compression
			cost := ""
			if stored := familyStoredBytes(p, f.Name.V); stored > 0 {
				cost = fmt.Sprintf(" (the plan stores %s uncompressed)", humanize.IBytes(uint64(stored)))
			}
			const fix = "set compression: SNAPPY or LZ4 (fast) or ZSTD (smaller)"
			switch {
			case !c.Set:
				p.Report(f.Pos, fix, "family %s does not set compression: data is stored uncompressed%s, and compression added later only reaches old data as compactions rewrite it", field.Quote(f.Name.V), cost)
			case c.V == "NONE":
				p.Report(c.Pos, fix, "family %s has compression NONE: data is stored uncompressed%s", field.Quote(f.Name.V), cost)
			}
		}
	},
}

// familyStoredBytes is what the plan stores of family name: its store's bytes when the
// stores are sized apart (its share of the row), else the table's, which is then the one
// store every family is sized as; 0 without a volume.
func familyStoredBytes(p *Pass, name string) float64 {
	if p.Capacity == nil {
		return 0
	}
	for _, s := range p.Capacity.Stores {
		if s.Name == name {
			return s.StoredBytes
		}
	}
	return p.Capacity.StoredBytes
}

// CF008: bloom filter unset or NONE.
var CF008 = &Analyzer{
	Code: "CF008", Severity: finding.Warning,
	Doc: "bloom filter unset or NONE",
	Run: func(p *Pass) {
		if p.PlaceholderFamilies {
			return
		}
		for _, f := range p.Design.Families {
			b := f.Bloom
			switch {
			case !b.Set:
				p.Report(f.Pos, "set bloom: ROW (ROWCOL when gets name their columns)",
					"family %s does not set bloom: it depends on the HBase version's default (ROW since 0.96)", field.Quote(f.Name.V))
			case b.V == "NONE":
				p.Report(b.Pos, "set bloom: ROW (ROWCOL when gets name their columns)",
					"family %s has bloom NONE: every get reads a block of every store file", field.Quote(f.Name.V))
			}
		}
	},
}

// CF009: block size against the access patterns.
var CF009 = &Analyzer{
	Code: "CF009", Severity: finding.Warning,
	Doc: "block size against access: only gets and above 32 KiB, or mostly scans and below 64 KiB",
	Run: func(p *Pass) {
		var gets, scans int
		for _, a := range p.Design.Access {
			if a.Kind.V == "get" {
				gets++
			} else {
				scans++
			}
		}
		if gets+scans == 0 {
			return
		}
		for _, f := range p.Design.Families {
			bs, where, set := int64(DefaultBlockSize), f.Pos, f.BlockSize.Set
			if set {
				bs, where = f.BlockSize.V, f.BlockSize.Pos
			}
			size := humanize.IBytes(uint64(bs))
			if !set {
				size += " (HBase's default)"
			}
			switch {
			case scans == 0 && bs > SmallBlockSize:
				p.Report(where, "set block_size: 8KiB or 16KiB for random reads",
					"family %s has %s blocks but every access pattern is a get: each get reads and caches a whole block for one row", field.Quote(f.Name.V), size)
			case scans > gets && bs < DefaultBlockSize:
				p.Report(where, "set block_size: 64KiB or 128KiB for scans",
					"family %s has %s blocks but %d of %d access patterns are scans: small blocks mean more index entries and more block reads per scan", field.Quote(f.Name.V), size, scans, gets+scans)
			}
		}
	},
}

// rows is the planned row count, 0 when unknown.
func (p *Pass) rows() float64 {
	if p.Capacity == nil {
		return 0
	}
	return p.Capacity.Input.Volume.Rows
}

// QL001: qualifier longer than 16 bytes.
var QL001 = &Analyzer{
	Code: "QL001", Severity: finding.Warning,
	Doc: "qualifier longer than 16 bytes, with its cost over the planned rows",
	Run: func(p *Pass) {
		for _, f := range p.Design.Families {
			versions := int64(1)
			if f.Versions.Set {
				versions = f.Versions.V
			}
			for _, q := range f.Qualifiers {
				n := len(q.V)
				if n <= MaxQualifierLen {
					continue
				}
				cost := ""
				if rows := p.rows(); rows > 0 {
					total := float64(n) * rows * float64(versions)
					cost = fmt.Sprintf(": stored in every cell, it costs %s over %s rows before compression", humanize.IBytes(uint64(total)), count(rows))
				} else {
					cost = ": it is stored in every cell"
				}
				p.Report(q.Pos, "use a short qualifier (1-4 bytes) and keep the long name in the application",
					"qualifier %s of family %s is %d bytes%s", field.Quote(q.V), field.Quote(f.Name.V), n, cost)
			}
		}
	},
}

// count formats a row count as the flags take it: 1000000, 1e10, 2.5e9.
func count(v float64) string {
	if v < 1e7 {
		return fmt.Sprintf("%.0f", v)
	}
	return strings.Replace(fmt.Sprintf("%g", v), "e+", "e", 1)
}

// QL002: dynamic qualifiers.
var QL002 = &Analyzer{
	Code: "QL002", Severity: finding.Warning,
	Doc: "dynamic qualifiers (qualifiers built from data)",
	Run: func(p *Pass) {
		for _, f := range p.Design.Families {
			if d := f.DynamicQualifiers; d.Set && d.V {
				p.Report(d.Pos, "move the varying part into the rowkey (a tall, narrow table), or bound the columns per row",
					"family %s builds qualifiers from data: rows grow without bound, a get returns all of them, and a region cannot split inside a row", field.Quote(f.Name.V))
			}
		}
	},
}

func namingStyle(s string) string {
	hasLower, camel := false, false
	for _, r := range s {
		if unicode.IsUpper(r) && hasLower {
			camel = true
		}
		if unicode.IsLower(r) {
			hasLower = true
		}
	}
	snake := strings.Contains(strings.Trim(s, "_"), "_")
	switch {
	case camel && !snake:
		return "camelCase"
	case snake && !camel:
		return "snake_case"
	}
	return ""
}

// QL003: qualifier naming mixes camelCase and snake_case.
var QL003 = &Analyzer{
	Code: "QL003", Severity: finding.Info,
	Doc: "qualifier naming mixes styles (camelCase and snake_case)",
	Run: func(p *Pass) {
		first := map[string]tablespec.Value[string]{}
		for _, f := range p.Design.Families {
			for _, q := range f.Qualifiers {
				style := namingStyle(q.V)
				if style == "" {
					continue
				}
				if _, ok := first[style]; ok {
					continue
				}
				first[style] = q
				if len(first) == 2 {
					other := first["camelCase"]
					if style == "camelCase" {
						other = first["snake_case"]
					}
					p.Report(q.Pos, "pick one style for all qualifiers",
						"qualifier %s is %s but %s is %s", field.Quote(q.V), style, field.Quote(other.V), namingStyle(other.V))
					return
				}
			}
		}
	},
}

// rowkeyLen is the rowkey's length when every part has a width: prefix, parts, and the
// delimiters after the prefix and between parts.
func (p *Pass) rowkeyLen() (int64, bool) {
	r := p.Design.Rowkey
	if r == nil || len(r.Parts) == 0 {
		return 0, false
	}
	var n int64
	if p.Prefix != nil {
		if r.Prefix.Set && p.Prefix.Width == 0 {
			return 0, false
		}
		n += int64(p.Prefix.Width)
	}
	n += int64(len(p.delimiterAfterPrefix()))
	for i, part := range r.Parts {
		if !part.Width.Set {
			return 0, false
		}
		n += part.Width.V
		if i > 0 {
			n += int64(len(p.Delimiter))
		}
	}
	return n, true
}

// RK001: rowkey longer than 64 bytes on average; an error above 32767.
var RK001 = &Analyzer{
	Code: "RK001", Severity: finding.Warning,
	Doc: "rowkey longer than 64 bytes on average (error above 32767, HBase's limit)",
	Run: func(p *Pass) {
		var long *splits.KeyTooLongError
		if errors.As(p.SplitKeyErr, &long) {
			where := p.splitPos()
			if r := p.Design.Rowkey; r != nil && r.Suffix.Set {
				where = r.Suffix.Pos
			}
			p.ReportSeverity(finding.Error, where, "shorten the suffix, first row or last row the keys are made of",
				"%v", long)
		}
		n, ok := p.rowkeyLen()
		where := tablespec.Pos{}
		if r := p.Design.Rowkey; ok {
			where = r.Pos
		} else if c := p.Design.Capacity; c != nil && c.Cells != nil && c.Cells.RowLen.Set {
			n, ok, where = c.Cells.RowLen.V, true, c.Cells.RowLen.Pos
		}
		if !ok {
			return
		}
		switch {
		case n > MaxRowkeyLen:
			p.ReportSeverity(finding.Error, where, "shorten the key: hash long parts, drop redundant ones",
				"the rowkey is %d bytes: HBase refuses row keys above %d bytes", n, MaxRowkeyLen)
		case n > MaxAvgRowkeyLen:
			cost := ""
			if rows := p.rows(); rows > 0 {
				cost = keyCost(n, rows, p.Capacity.Input.Volume.Cells)
			}
			p.Report(where, "shorten the key: fixed-width binary ids, a short hash instead of long text",
				"the rowkey is %d bytes, above %d: it is stored in every cell and every index entry%s", n, MaxAvgRowkeyLen, cost)
		}
	},
}

// keyCost is what a rowkey of n bytes costs over rows, stored once in every cell: rows x
// cells per row x versions x n. Without the cells (the kv form) it is the one-cell floor.
func keyCost(n int64, rows float64, cells *capacity.Cells) string {
	if cells == nil {
		return fmt.Sprintf("; at least %s over %s rows for the keys alone (rows x key length; each further cell or version per row stores the key again)",
			humanize.IBytes(uint64(float64(n)*rows)), count(rows))
	}
	versions := cells.Versions
	if versions == 0 {
		versions = capacity.DefaultVersions
	}
	total := float64(n) * rows * float64(cells.Count) * float64(versions)
	return fmt.Sprintf("; %s over %s rows for the keys alone (%s rows x %d cells x %d versions x %d bytes)",
		humanize.IBytes(uint64(total)), count(rows), count(rows), cells.Count, versions, n)
}

// spread reports whether the key starts with something that spreads writes: a prefix, a
// RegionSplitter layout, or a leading hash part.
func (p *Pass) spread() bool {
	r := p.Design.Rowkey
	if r == nil {
		return false
	}
	if r.Prefix.Set || r.Algo.Set {
		return true
	}
	return len(r.Parts) > 0 && r.Parts[0].Kind.V == tablespec.KindHash
}

// RK002: the key leads with a sequence or timestamp and has nothing that spreads writes.
var RK002 = &Analyzer{
	Code: "RK002", Severity: finding.Error,
	Doc: "the key leads with a sequence or timestamp and has no hash/salt/byte prefix: write hotspot",
	Run: func(p *Pass) {
		r := p.Design.Rowkey
		if r == nil || len(r.Parts) == 0 || p.spread() {
			return
		}
		lead := r.Parts[0]
		var what string
		switch lead.Kind.V {
		case tablespec.KindSequence:
			what = "a sequence"
		case tablespec.KindTimestamp:
			what = "a timestamp"
		case tablespec.KindReverseTimestamp:
			what = "a reversed timestamp"
		default:
			return
		}
		p.Report(lead.Pos, "lead with a hash prefix derived from the key (prefix: dec:2 as hash(id) % 100, with prefix_from), or reverse/hash the leading part",
			"the rowkey leads with %s, %s, and has no prefix: every new row goes to the same region at the edge of the key space (write hotspot), whatever the split",
			field.Quote(lead.Name.V), what)
	},
}

// RK003: a variable-width part followed by another part and no delimiter.
var RK003 = &Analyzer{
	Code: "RK003", Severity: finding.Error,
	Doc: "a part without a fixed width is followed by another part and no delimiter",
	Run: func(p *Pass) {
		r := p.Design.Rowkey
		if r == nil || r.Delimiter.V != "" {
			return
		}
		for i := 0; i+1 < len(r.Parts); i++ {
			part, next := r.Parts[i], r.Parts[i+1]
			// A part with a Phoenix type is Phoenix's to encode: fixed width, or a
			// variable width Phoenix ends with its \x00 separator.
			if part.Width.Set || part.PhoenixType.Set {
				continue
			}
			p.Report(part.Pos, fmt.Sprintf("give %s a fixed width (zero-padded), or set a delimiter that cannot occur in it", field.Quote(part.Name.V)),
				"part %[1]s has no fixed width and %[2]s follows it with no delimiter: keys of different %[1]s lengths interleave and can collide (%[1]s 1 then %[2]s 0... and %[1]s 10 then %[2]s ... are the same bytes)",
				field.Quote(part.Name.V), field.Quote(next.Name.V))
		}
	},
}

// buckets is the number of distinct prefixes, 0 when the prefix has no width.
func (p *Pass) buckets() float64 {
	if p.Prefix == nil || p.Prefix.Width == 0 {
		return 0
	}
	if n, ok := p.Prefix.Buckets(p.PrefixValues); ok {
		return float64(n)
	}
	return math.Pow(float64(len(p.Prefix.Alphabet)), float64(p.Prefix.Width))
}

// RK004: a read by a part behind a salt prefix fans out to every bucket.
var RK004 = &Analyzer{
	Code: "RK004", Severity: finding.Warning,
	Doc: "a scan by a part that sits behind a hash or salt prefix fans out to every bucket",
	Run: func(p *Pass) {
		r := p.Design.Rowkey
		if r == nil || !(r.Prefix.Set || r.Algo.Set) {
			return
		}
		parts := map[string]bool{}
		for _, part := range r.Parts {
			parts[part.Name.V] = true
		}
		from := map[string]bool{}
		for _, f := range r.PrefixFrom {
			from[f.V] = true
		}
		for _, a := range p.Design.Access {
			by := map[string]bool{}
			inKey := false
			for _, b := range a.By {
				by[b.V] = true
				inKey = inKey || parts[b.V]
			}
			if !inKey {
				continue
			}
			derivable := len(from) > 0
			for f := range from {
				derivable = derivable && by[f]
			}
			if derivable {
				continue
			}
			n := "every"
			if b := p.buckets(); b > 0 {
				n = fmt.Sprintf("all %.0f", b)
			}
			names := make([]string, len(a.By))
			for i, b := range a.By {
				names[i] = b.V
			}
			prefix := r.Prefix.V
			if !r.Prefix.Set {
				prefix = r.Algo.V
			}
			p.Report(a.Pos, fmt.Sprintf("derive the prefix from %s (hash(%s) %% buckets) and list it in rowkey prefix_from, or plan for %s parallel reads", names[0], names[0], strings.TrimPrefix(n, "all ")),
				"%s %s by %s must read %s buckets of prefix %s: the prefix is not computed from %s, so matching rows are in every bucket",
				a.Kind.V, field.Quote(a.Name.V), strings.Join(names, ", "), n, prefix, strings.Join(names, ", "))
		}
	},
}

// splitPos is where the spec says how the table is split.
func (p *Pass) splitPos() tablespec.Pos {
	s := p.Design
	if sp := s.Splits; sp != nil {
		switch {
		case sp.File.Set:
			return sp.File.Pos
		case sp.Algo.Set:
			return sp.Algo.Pos
		case sp.Regions.Set:
			return sp.Regions.Pos
		}
		return sp.Pos
	}
	if r := s.Rowkey; r != nil {
		if r.Prefix.Set {
			return r.Prefix.Pos
		}
		if r.Algo.Set {
			return r.Algo.Pos
		}
		return r.Pos
	}
	return tablespec.Pos{Line: 1, Col: 1}
}

func (p *Pass) suffix() []byte { return p.Suffix }

// delimiterAfterPrefix is the delimiter every key holds right after its prefix, nil when
// the rowkey has no prefix, no delimiter or no parts: prefix, delimiter, part, delimiter...
// Under the delimited split policy without a rowkey delimiter, the policy's delimiter is
// the suffix (plan takes it from there), and DelimitedKeyPrefixRegionSplitPolicy only
// groups rows that hold it: the rows are prefix + suffix + the rest, so the suffix is the
// delimiter after the prefix (split key 049| sorts before the rows
// 049|..., RG002 says so).
func (p *Pass) delimiterAfterPrefix() []byte {
	r := p.Design.Rowkey
	if r == nil || !(r.Prefix.Set || r.Algo.Set) {
		return nil
	}
	if p.suffixIsPolicyDelimiter() {
		return p.Suffix
	}
	return p.Delimiter
}

// suffixIsPolicyDelimiter says the delimited split policy reads its delimiter from the
// suffix: no rowkey delimiter was given.
func (p *Pass) suffixIsPolicyDelimiter() bool {
	return len(p.Delimiter) == 0 && len(p.Suffix) > 0 && p.Policy != nil && p.Policy.Policy == splitpolicy.Delimited
}

// keyProblem says why key does not fit the prefix, "" when it does.
func keyProblem(key []byte, pre *prefixShape, suffix []byte) string {
	body := key
	if len(suffix) > 0 && bytes.HasSuffix(key, suffix) && len(key) > len(suffix) {
		body = key[:len(key)-len(suffix)]
	}
	w := pre.width
	if w == 0 {
		w = len(body)
	}
	if why := alphabetProblem(body[:min(len(body), w)], pre); why != "" {
		return why
	}
	switch {
	case len(body) == 0:
		return "is empty (HBase: \"Empty split key must not be passed in the split keys.\")"
	case pre.width > 0 && len(body) > pre.width:
		// A longer key lies on a prefix edge when the rest is the alphabet's lowest byte
		// (HexStringSplit's zero padding: 10000000 under hex:4 is the edge 1000). A
		// shorter key of the alphabet always does (10 under hex:4 is the edge 1000).
		for _, c := range body[pre.width:] {
			if c != pre.min {
				return fmt.Sprintf("is %d bytes, longer than the %d of %s, and cuts inside the prefix %s", len(body), pre.width, pre.name, keyText(body[:pre.width]))
			}
		}
	}
	return ""
}

// alphabetProblem says how the first byte of head outside the prefix's alphabet is wrong
// (the other case of a letter it has, or not in it at all), "" when every byte is in it.
func alphabetProblem(head []byte, pre *prefixShape) string {
	for _, c := range head {
		if pre.has(c) {
			continue
		}
		if c < 0x80 && pre.has(byte(unicode.ToUpper(rune(c)))) || c < 0x80 && pre.has(byte(unicode.ToLower(rune(c)))) {
			return fmt.Sprintf("has %s where the prefix %s has the other case", keyText([]byte{c}), field.Quote(pre.name))
		}
		return fmt.Sprintf("has %s, outside the alphabet of %s", keyText([]byte{c}), field.Quote(pre.name))
	}
	return ""
}

type prefixShape struct {
	name     string
	width    int
	in       [256]bool
	min, max byte
}

func (s *prefixShape) has(c byte) bool { return s.in[c] }

func (p *Pass) shape() *prefixShape {
	if p.Prefix == nil || len(p.Prefix.Alphabet) == 0 {
		return nil
	}
	s := &prefixShape{width: p.Prefix.Width, min: p.Prefix.Alphabet[0]}
	for _, c := range p.Prefix.Alphabet {
		s.in[c] = true
		if c > s.max {
			s.max = c
		}
	}
	if r := p.Design.Rowkey; r != nil && r.Prefix.Set {
		s.name = r.Prefix.V
	} else {
		s.name = fmt.Sprintf("%s:%d", p.Prefix.Name, p.Prefix.Width)
	}
	return s
}

// RG001: split keys that do not match the rowkey prefix.
var RG001 = &Analyzer{
	Code: "RG001", Severity: finding.Error,
	Doc: "split keys do not match the rowkey prefix (alphabet, case, width)",
	Run: func(p *Pass) {
		pre := p.shape()
		// Keys generated from the prefix, or an algorithm's keys against the prefix read
		// off that algorithm, match by construction; checking a million of them would
		// only cost time.
		if p.Split == nil || pre == nil || p.SplitSource == splits.SourceGenerated || (p.SplitSource == splits.SourceAlgo && p.PrefixOfSplit) {
			return
		}
		keys := p.Split.Keys
		var bad int
		var first string
		var also []string // the next bad keys' lines (or keys)
		// Generated and RegionSplitter keys are strictly increasing, so they hold no
		// duplicate: only keys out of order (a hand-written file) need the set.
		var seen map[string]bool
		for i := 1; i < keys.Len() && seen == nil; i++ {
			if bytes.Compare(keys.At(i-1), keys.At(i)) >= 0 {
				seen = make(map[string]bool, keys.Len())
			}
		}
		for i, k := range keys.All() {
			why := keyProblem(k, pre, p.suffix())
			if why != "" && p.SplitSource == splits.SourceAlgo && alphabetProblem(k, pre) == "" {
				// An algorithm's key in the prefix's own alphabet past its width
				// (HexStringSplit's 028f5c28 over hex:4, the first characters of an MD5 in
				// hex) cuts a bucket where the hash's next characters are spread as evenly
				// as the prefix's: standard practice, and RG014 judges the regions' shares.
				why = ""
			}
			if seen != nil {
				if why == "" && seen[string(k)] {
					why = fmt.Sprintf("is a duplicate (HBase: \"All split keys must be unique, found duplicate: %s\")", keyText(k))
				}
				seen[string(k)] = true
			}
			if why == "" {
				continue
			}
			bad++
			switch {
			case first == "":
				first = fmt.Sprintf("'%s' %s", keyText(k), why)
				if i < len(p.SplitLines) {
					first = fmt.Sprintf("line %d: %s", p.SplitLines[i], first)
				}
			case len(also) < 3 && i < len(p.SplitLines):
				also = append(also, fmt.Sprint(p.SplitLines[i]))
			case len(also) < 3:
				also = append(also, "'"+keyText(k)+"'")
			}
		}
		if len(also) > 0 {
			if i := strings.IndexByte(also[0], '\''); i < 0 {
				first += "; also lines " + strings.Join(also, ", ")
			} else {
				first += "; also " + strings.Join(also, ", ")
			}
			if bad > len(also)+1 {
				first += ", ..."
			}
		}
		if bad == 0 {
			return
		}
		effect := ""
		if b := p.buckets(); b > 0 && b <= MaxBucketsEnumerated && keys.Len() > 0 {
			last := keys.At(0)
			for _, k := range keys.All() {
				if bytes.Compare(k, last) > 0 {
					last = k
				}
			}
			// More than the last region's own share: the keys end early (RG015 names it).
			after := bucketsFrom(p.Prefix.Alphabet, p.Prefix.Width, last)
			if share := math.Ceil(b / float64(keys.Len()+1)); float64(after) > share {
				effect = fmt.Sprintf("; %d of the %.0f prefix buckets sort after the last key and share the last region, whose share is %.0f", after, b, share)
			}
		}
		source := SplitKeysWords(p.SplitSource, p.Split.Spec)
		p.Report(p.splitPos(), "split on the prefix itself: generate the keys from "+field.Set("rowkey.prefix", pre.name),
			"%d of %d split keys of %s do not match the rowkey prefix %s: %s%s",
			bad, keys.Len(), source, field.Quote(pre.name), first, effect)
	},
}

// SplitKeysWords names a split's keys in a finding by where they came from (spec is the
// algorithm's, for SourceAlgo): "3 of 3 split keys of the sample do not match".
func SplitKeysWords(src splits.Source, spec string) string {
	switch src {
	case splits.SourceFile:
		return "the splits file"
	case splits.SourceAlgo:
		return "the " + spec + " keys"
	case splits.SourceSample:
		return "the sample"
	case splits.SourceGenerated:
		return "the generated keys"
	}
	return "the split"
}

// bucketsFrom counts the prefixes of width w over alphabet that sort at or after key.
func bucketsFrom(alphabet []byte, w int, key []byte) int {
	n := 0
	buf := make([]byte, w)
	var walk func(i int)
	walk = func(i int) {
		if i == w {
			if bytes.Compare(buf, key) >= 0 {
				n++
			}
			return
		}
		for _, c := range alphabet {
			buf[i] = c
			walk(i + 1)
		}
	}
	walk(0)
	return n
}

// RG002: a suffix that leaves an empty region or sorts inside the prefix alphabet.
var RG002 = &Analyzer{
	Code: "RG002", Severity: finding.Error,
	Doc: "a suffix that leaves an empty region, sorts at or below the delimiter after the prefix, or sorts inside the prefix alphabet",
	Run: func(p *Pass) {
		suffix := p.suffix()
		pre := p.shape()
		r := p.Design.Rowkey
		if len(suffix) == 0 || pre == nil {
			return
		}
		if delim := p.delimiterAfterPrefix(); delim != nil {
			// Every row of a bucket is prefix + delimiter + ...; its closing key is prefix +
			// suffix. A suffix at or below the delimiter puts all the bucket's rows at or
			// after that key, in the next region: every region's rows shift by one bucket,
			// region 1 loses its first and the last region gains one (RG014 and RG015 name
			// the regions).
			switch {
			case !suffixInsideRows(suffix, delim):
			case p.suffixIsPolicyDelimiter():
				p.Report(r.Suffix.Pos, fmt.Sprintf("give '%s' as the rowkey's delimiter (%s) and drop %s: the split keys become the next prefix values, which close each bucket exactly, and the policy keeps '%s'", keyText(suffix), field.Ref("rowkey.delimiter"), field.Ref("rowkey.suffix"), keyText(suffix)),
					"suffix '%s' is the delimited split policy's delimiter, so every key holds it right after the prefix %s: a bucket's rows (the prefix, '%s', then the rest) sort after its closing key (the prefix and '%s'), so every region's rows shift one bucket up: region 1 loses its first bucket (and stays empty when it has only one) and the last region holds one bucket more",
					keyText(suffix), field.Quote(pre.name), keyText(suffix), keyText(suffix))
				return
			case bytes.Compare(delim, suffix) >= 0:
				p.Report(r.Suffix.Pos, suffixAfterDelimiterFix(delim),
					"suffix '%s' sorts at or below the delimiter '%s' that follows the prefix %s in every key: each bucket's rows sort at or after its closing key, so every region's rows shift one bucket up: region 1 loses its first bucket (and stays empty when it has only one) and the last region holds one bucket more",
					keyText(suffix), keyText(delim), field.Quote(pre.name))
				return
			default:
				// prefix + delimiter + s': the bucket's rows whose rest sorts above s' fall
				// after its closing key, the others before: the bucket is cut in two.
				p.Report(r.Suffix.Pos, suffixAfterDelimiterFix(delim),
					"suffix '%s' begins with the delimiter '%s' that follows the prefix %s in every key: a bucket's rows (the prefix, '%s', then the rest) sort on both sides of its closing key, as their rest sorts below or above '%s'",
					keyText(suffix), keyText(delim), field.Quote(pre.name), keyText(delim), keyText(suffix[len(delim):]))
				return
			}
		} else if suffix[0] <= pre.max {
			p.Report(r.Suffix.Pos, "use a suffix that sorts after every byte a key can hold after the prefix, like | (0x7C) or ~, or split at the next prefix without a suffix",
				"suffix '%s' sorts inside the alphabet of %s (it is not above '%s'): rows of a bucket sort on both sides of its split key",
				keyText(suffix), field.Quote(pre.name), keyText([]byte{pre.max}))
			return
		}
		if p.Split == nil || pre.width == 0 {
			return
		}
		lastPrefix := bytes.Repeat([]byte{pre.max}, pre.width)
		closing := append(append([]byte{}, lastPrefix...), suffix...)
		for i, k := range p.Split.Keys.All() {
			if bytes.Equal(k, closing) {
				where := ""
				if i < len(p.SplitLines) {
					where = fmt.Sprintf(" (line %d of the splits file)", p.SplitLines[i])
				}
				p.Report(p.splitPos(), fmt.Sprintf("drop '%s': n regions need n-1 keys, and the last bucket needs no closing key", keyText(k)),
					"split key '%s'%s closes the last prefix bucket %s: no row sorts after it, so the last region stays empty",
					keyText(k), where, keyText(lastPrefix))
				return
			}
		}
	},
}

// RG003: regions per RegionServer above the memstore ceiling.
var RG003 = &Analyzer{
	Code: "RG003", Severity: finding.Warning,
	Doc: "regions per RegionServer above the memstore ceiling",
	Run: func(p *Pass) {
		c := p.Design.Cluster
		rs := p.servers()
		if c == nil || !c.Heap.Set || rs == 0 || p.Regions == 0 {
			return
		}
		fraction, flush := capacity.DefaultMemstoreFraction, float64(capacity.DefaultFlushSize)
		flushName, fix := "flush size", "use fewer, larger regions (a larger region size), more RegionServers or more heap"
		if c.MemstoreFraction.Set {
			fraction = c.MemstoreFraction.V
		}
		if size, fromTable := p.Design.RegionFlushSize(); size > 0 {
			flush = size
			if fromTable {
				flushName, fix = "MEMSTORE_FLUSHSIZE", "use a smaller MEMSTORE_FLUSHSIZE, fewer, larger regions (a larger region size), more RegionServers or more heap"
			}
		}
		fams := p.Families
		if fams < 1 {
			fams = len(p.Design.Families)
		}
		ceiling := c.Heap.V * fraction / (flush * float64(fams))
		// The primaries only, unlike RG007: writes go to a region's primary, and a
		// secondary replica refreshes from the primary's files with no memstore of its own
		// (unless hbase.region.replica.replication.enabled, off by default, replays the WAL).
		per := float64(p.Regions) / float64(rs)
		if per <= ceiling {
			return
		}
		risk := ""
		if per > RiskyCeilingFactor*ceiling {
			risk = fmt.Sprintf(", beyond the %dx HBase calls the risky maximum", RiskyCeilingFactor)
		}
		where := c.Pos
		if c.Heap.Pos.Line > 0 {
			where = c.Heap.Pos
		}
		p.Report(where, fix,
			"%d regions on %d RegionServers is %.1f per server, above the memstore ceiling of %.1f (heap %s x %.2g / (%s %s x %d %s))%s: memstores flush early and small",
			p.Regions, rs, per, ceiling, humanize.IBytes(uint64(c.Heap.V)), fraction, flushName, humanize.IBytes(uint64(flush)), fams, familyWord(fams), risk)
	},
}

func familyWord(n int) string {
	if n == 1 {
		return "family"
	}
	return "families"
}

// RG004: fewer regions than RegionServers.
var RG004 = &Analyzer{
	Code: "RG004", Severity: finding.Warning,
	Doc: "fewer regions than RegionServers",
	Run: func(p *Pass) {
		rs := p.servers()
		if rs == 0 || p.Regions == 0 || p.Regions >= rs {
			return
		}
		p.Report(p.Design.Cluster.RegionServers.Pos, fmt.Sprintf("pre-split into at least %d regions (one per RegionServer)", rs),
			"%d regions for %d RegionServers: %d servers take no writes for this table", p.Regions, rs, rs-p.Regions)
	},
}

// RG005: region size outside 5..50 GiB.
var RG005 = &Analyzer{
	Code: "RG005", Severity: finding.Warning,
	Doc: "region size outside 5..50 GiB",
	Run: func(p *Pass) {
		c := p.Design.Capacity
		if c == nil || !c.RegionSize.Set {
			return
		}
		v := c.RegionSize.V
		if v >= MinRegionSize && v <= MaxRegionSize {
			return
		}
		p.Report(c.RegionSize.Pos, "set region_size between 5GiB and 50GiB (10GiB is HBase's default)",
			"region_size %s is outside the 5..50 GiB the HBase guides recommend: %s",
			c.RegionSize.Raw, map[bool]string{true: "many small regions cost memstores, flushes and master work", false: "huge regions make splits, compactions and recovery slow"}[v < MinRegionSize])
	},
}

// RG006: more regions than the prefix alphabet holds.
var RG006 = &Analyzer{
	Code: "RG006", Severity: finding.Error,
	Doc: "more regions than the prefix alphabet holds",
	Run: func(p *Pass) {
		b := p.buckets()
		regions := p.Regions
		if sp := p.Design.Splits; sp != nil && sp.Regions.Set {
			regions = int(sp.Regions.V) // what the spec asks for, before any alignment
		}
		if b == 0 || regions == 0 || float64(regions) <= b {
			return
		}
		where := p.splitPos()
		pre := p.shape()
		if p.Prefix.Name == "byte" {
			p.Report(where, p.bucketsAdvice(regions, b),
				"%d regions but the salt byte %s has only %.0f buckets: a region needs at least one bucket of its own",
				regions, field.Quote(pre.name), b)
			return
		}
		p.Report(where, p.bucketsAdvice(regions, b),
			"%d regions but the prefix %s has only %.0f distinct values: a region needs at least one prefix of its own",
			regions, field.Quote(pre.name), b)
	},
}

// regionsToo is the region count to give with n buckets rounded up to the servers, when
// the spec gives the count (splits.regions) and it is not n: a region a bucket, as many
// on every server.
func (p *Pass) regionsToo(regions, n int) string {
	if sp := p.Design.Splits; sp == nil || !sp.Regions.Set || n == regions {
		return ""
	}
	return " with " + field.Set("splits.regions", fmt.Sprint(n))
}

// bucketsAdvice is RG006's fix: the prefix's kind kept, with a bucket a region, the
// buckets AC002 advises for a salted key (one a region, never more): a salt byte of
// regions buckets, up to its 256; the values the keys take raised (prefix_values); the
// alphabet at the width that holds the regions, taking exactly as many values when the
// key is salted (a salt % regions), so that a scan fans out to no more buckets than
// regions. A salt byte never becomes another alphabet: its 0x00.. bytes are another rowkey.
func (p *Pass) bucketsAdvice(regions int, b float64) string {
	switch {
	case p.Prefix.Name == "byte" && regions <= 256:
		n := p.bucketsFor(regions)
		return fmt.Sprintf("use %s%s (a bucket per region), or at most %.0f regions", field.Set("rowkey.prefix", fmt.Sprintf("byte:%d", n)), p.regionsToo(regions, n), b)
	case p.Prefix.Name == "byte":
		return fmt.Sprintf("keep the salt byte at its most buckets, %s, and at most 256 regions (%s, larger regions): one byte holds no more", field.Set("rowkey.prefix", "byte:256"), field.Set("splits.regions", "256"))
	}
	if c, ok := p.Prefix.Count(); ok && p.PrefixValues > 0 && uint64(regions) <= c {
		return fmt.Sprintf("let the keys take %s of the prefix's values (%s), or use at most %.0f regions", fmt.Sprint(regions), field.Set("rowkey.prefix_values", fmt.Sprint(regions)), b)
	}
	if p.PrefixValues > 0 && len(p.Prefix.Alphabet) > 1 {
		// The values the keys take, widened: a wider prefix alone keeps prefix_values.
		n := p.bucketsFor(regions)
		return fmt.Sprintf("give the keys a value a region: %s%s, or use at most %.0f regions", p.bucketsFix(n), p.regionsToo(regions, n), b)
	}
	if len(p.Prefix.Alphabet) < 2 {
		return fmt.Sprintf("use at most %.0f regions, or a prefix with more values", b)
	}
	if p.Access != nil && p.Access.Input.Salted {
		n := p.bucketsFor(regions)
		return fmt.Sprintf("give the salt a bucket per region: %s%s, or use at most %.0f regions", p.bucketsFix(n), p.regionsToo(regions, n), b)
	}
	pre := *p.Prefix
	pre.Width = widthFor(len(pre.Alphabet), regions)
	return fmt.Sprintf("widen the prefix to width %d (%s), or use at most %.0f regions", pre.Width, field.Set("rowkey.prefix", pre.String()), b)
}

// RW001: a row above 10 MB.
var RW001 = &Analyzer{
	Code: "RW001", Severity: finding.Warning,
	Doc: "a row above 10 MB",
	Run: func(p *Pass) {
		c := p.Design.Capacity
		if p.Capacity == nil || c == nil || p.Capacity.RowBytes <= MaxRowBytes {
			return
		}
		where := c.Pos
		if c.KV.Set {
			where = c.KV.Pos
		} else if c.Cells != nil {
			where = c.Cells.Pos
		}
		p.Report(where, "split big rows into several rows (a part in the key), or store large values in MOB or outside HBase",
			"a row holds %s, above 10 MiB: a get reads and returns a row as one unit, and a region never splits inside a row, so a big row cannot be spread (HBase caps a cell, not a row: hbase.server.keyvalue.maxsize and the client's hbase.client.keyvalue.maxsize, 10 MB by default)",
			humanize.IBytes(uint64(p.Capacity.RowBytes)))
	},
}
