package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/quote"
)

// JSONFormatVersion is bumped when a field of the JSON output changes meaning or goes away.
//
// 2: "checks" became "findings" (lint's codes, with a fix) and "notes".
const JSONFormatVersion = 2

// JSONDoc is the JSON output. Field names are stable; see the README's "json" section.
// Lists are never null. Zero and "" in table settings mean "unset: HBase's default".
type JSONDoc struct {
	FormatVersion int           `json:"format_version"`
	Table         JSONTable     `json:"table"`
	Capacity      *JSONCapacity `json:"capacity"` // null without a capacity model (presplit splits)
	Split         JSONSplit     `json:"split"`
	Findings      []JSONFinding `json:"findings"` // the review of the plan as created
	Notes         []string      `json:"notes"`    // the plan's decisions, then the split's notes
	// Access is the access pattern's sizing and load; left out without an access input.
	Access *JSONAccess `json:"access,omitempty"`
}

// JSONTable is the table's settings.
type JSONTable struct {
	Name         string `json:"name"`
	HBaseVersion string `json:"hbase_version"` // the target, 2.6 by default
	MaxFileSize  int64  `json:"max_filesize"`
	// The table attributes; 0, "" and null = not set (the cluster's default).
	MemstoreFlushSize int64           `json:"memstore_flushsize"`
	RegionReplication int             `json:"region_replication"`
	Durability        string          `json:"durability"`
	Normalization     *bool           `json:"normalization_enabled"`
	SplitPolicy       JSONSplitPolicy `json:"split_policy"`
	CreateNamespace   bool            `json:"create_namespace"` // create_namespace 'ns' before the create
	Families          []JSONFamily    `json:"families"`
}

// JSONSplitPolicy is --split-policy: kind "" (default), prefix, delimited or disabled.
type JSONSplitPolicy struct {
	Kind         string `json:"kind"`
	PrefixLength int    `json:"prefix_length"`
	Delimiter    string `json:"delimiter"`
}

// JSONFamily is one column family's settings.
type JSONFamily struct {
	Name              string `json:"name"`
	Versions          int    `json:"versions"`
	TTLSeconds        int64  `json:"ttl_seconds"`
	Compression       string `json:"compression"`
	BloomFilter       string `json:"bloomfilter"`
	BlockSize         int64  `json:"blocksize"`
	DataBlockEncoding string `json:"data_block_encoding"`
	InMemory          bool   `json:"in_memory"`
	// BloomPrefixLength is ROWPREFIX_FIXED_LENGTH's prefix length (0 for other blooms).
	BloomPrefixLength int    `json:"bloom_prefix_length"`
	BlockCache        *bool  `json:"blockcache"` // null = not set (HBase's default, true)
	KeepDeletedCells  string `json:"keep_deleted_cells"`
	MinVersions       int    `json:"min_versions"`
}

// JSONCapacity is the capacity model: its inputs and what it derived from them.
type JSONCapacity struct {
	Inputs           JSONInputs `json:"inputs"`
	RowBytes         float64    `json:"row_bytes"`
	RawBytes         float64    `json:"raw_bytes"`
	StoredBytes      float64    `json:"stored_bytes"`
	PlannedBytes     float64    `json:"planned_bytes"`
	ExactRegions     float64    `json:"exact_regions"`
	Regions          int        `json:"regions"`
	DiskBytes        float64    `json:"disk_bytes"`
	RegionsPerServer float64    `json:"regions_per_server"`
	// ReplicasPerServer is the region replicas each server opens, regions_per_server x
	// REGION_REPLICATION, when the table keeps more than one replica: regions_per_server
	// stays the primaries.
	ReplicasPerServer float64       `json:"replicas_per_server,omitempty"`
	MemstoreCeiling   float64       `json:"memstore_ceiling"`
	Horizons          []JSONHorizon `json:"horizons"`
	// Stores are each family's figures when the model sizes the stores apart (every family
	// gives its share of a row); then the bytes above are their sums, SplitBytes what the
	// split rule weighs against the region size and SplitStore the store it splits on
	// (empty when all stores together count: hbase.hregion.split.overallfiles).
	Stores     []JSONStore `json:"stores,omitempty"`
	SplitStore string      `json:"split_store,omitempty"`
	SplitBytes float64     `json:"split_bytes,omitempty"`
}

// JSONStore is one family's store (capacity.StorePlan).
type JSONStore struct {
	Name             string  `json:"name"`
	Share            float64 `json:"share"`
	Versions         int     `json:"versions"`
	TTLDays          float64 `json:"ttl_days"` // 0: no TTL (the retention decides)
	Compression      string  `json:"compression"`
	CompressionRatio float64 `json:"compression_ratio"`
	KeptDays         float64 `json:"kept_days"`  // daily ingest: the days the store holds
	SplitDays        float64 `json:"split_days"` // daily ingest: the days it is sized for
	RowBytes         float64 `json:"row_bytes"`  // rows x bytes per row: the store's bytes of a row
	RawBytes         float64 `json:"raw_bytes"`
	StoredBytes      float64 `json:"stored_bytes"`
	PlannedBytes     float64 `json:"planned_bytes"`
	ExactRegions     float64 `json:"exact_regions"`
	Regions          int     `json:"regions"`
}

// JSONStoreHorizon is one store at a growth horizon.
type JSONStoreHorizon struct {
	Name         string  `json:"name"`
	RawBytes     float64 `json:"raw_bytes"`
	StoredBytes  float64 `json:"stored_bytes"`
	PlannedBytes float64 `json:"planned_bytes"`
	Regions      int     `json:"regions"`
}

// JSONInputs echoes capacity.Input.
type JSONInputs struct {
	Rows          float64    `json:"rows"`
	RowBytes      float64    `json:"row_bytes"`
	Cells         *JSONCells `json:"cells"`
	DailyBytes    float64    `json:"daily_bytes"`
	RetentionDays float64    `json:"retention_days"`
	TTLDays       float64    `json:"ttl_days"`     // 0 unless a TTL shorter than the retention expires data first
	HorizonDays   float64    `json:"horizon_days"` // 0: the split holds all the days kept
	// SplitShare is the largest family's share of a row when HBase 2.x sizes the regions
	// on it (its largest store); 0 when the whole row counts.
	SplitShare       float64 `json:"split_share"`
	CompressionRatio float64 `json:"compression_ratio"`
	Redundancy       float64 `json:"redundancy"`
	// RegionSizeBytes is the region size, MAX_FILESIZE; Fill the share of it each region
	// is planned at (1 without --fill), PlannedRegionBytes their product, what the regions
	// are counted against.
	RegionSizeBytes    float64     `json:"region_size_bytes"`
	Fill               float64     `json:"fill"`
	PlannedRegionBytes float64     `json:"planned_region_bytes"`
	Replication        int         `json:"replication"`
	Cluster            JSONCluster `json:"cluster"`
	// SplitOverallFiles is hbase.hregion.split.overallfiles as the plan takes it, when the
	// stores are sized apart (left out otherwise).
	SplitOverallFiles *bool `json:"split_overallfiles,omitempty"`
}

// JSONCells echoes capacity.Cells.
type JSONCells struct {
	Count        int `json:"count"`
	RowLen       int `json:"row_len"`
	FamilyLen    int `json:"family_len"`
	QualifierLen int `json:"qualifier_len"`
	ValueLen     int `json:"value_len"`
	Versions     int `json:"versions"`
}

// JSONCluster echoes capacity.Cluster.
type JSONCluster struct {
	RegionServers    int     `json:"region_servers"`
	HeapBytes        float64 `json:"heap_bytes"`
	MemstoreFraction float64 `json:"memstore_fraction"`
	FlushSizeBytes   float64 `json:"flush_size_bytes"`
	Families         int     `json:"families"`
}

// JSONHorizon is the table after Days days of daily ingest.
type JSONHorizon struct {
	Days int `json:"days"`
	// HeldDays is the days of ingest the figures hold when fewer than Days (a TTL of 36h:
	// 1.5 at day 2); left out otherwise.
	HeldDays     float64 `json:"held_days,omitempty"`
	RawBytes     float64 `json:"raw_bytes"`
	StoredBytes  float64 `json:"stored_bytes"`
	PlannedBytes float64 `json:"planned_bytes"`
	Regions      int     `json:"regions"`
	DiskBytes    float64 `json:"disk_bytes"`
	// SplitRegions is the region count HBase's split policy makes at this horizon, when it
	// is not the plan's (left out otherwise).
	SplitRegions int `json:"split_regions,omitempty"`
	// Stores and SplitBytes: each store at this horizon, and what the split rule weighs,
	// when the stores are sized apart.
	Stores     []JSONStoreHorizon `json:"stores,omitempty"`
	SplitBytes float64            `json:"split_bytes,omitempty"`
}

// JSONSplit is the split: what made it and its keys in toStringBinary form.
type JSONSplit struct {
	Spec      string         `json:"spec"`
	Suffix    string         `json:"suffix"`
	Regions   int            `json:"regions"`
	Keys      []string       `json:"keys"`
	Owned     []float64      `json:"owned"`
	Algorithm *JSONAlgorithm `json:"algorithm"` // null unless --algo
}

// JSONAlgorithm is a RegionSplitter algorithm and its rows.
type JSONAlgorithm struct {
	Name     string `json:"name"`
	FirstRow string `json:"first_row"`
	LastRow  string `json:"last_row"`
}

// JSONFinding is one finding of the plan's review.
type JSONFinding struct {
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Fix      string `json:"fix"`
}

// NewJSONDoc builds the JSON form of d.
func NewJSONDoc(d Doc) JSONDoc {
	out := newJSONDoc(d)
	out.Split.Keys = make([]string, d.split().Keys.Len())
	for i, k := range d.split().Keys.All() {
		out.Split.Keys[i] = hbytes.ToStringBinary(k)
	}
	out.Split.Owned = d.split().Owned.Values()
	return out
}

// newJSONDoc is NewJSONDoc with split.keys and split.owned left empty, for JSON to stream.
func newJSONDoc(d Doc) JSONDoc {
	out := JSONDoc{
		FormatVersion: JSONFormatVersion,
		Table:         JSONTable{Name: d.Table.Name, HBaseVersion: d.Table.Target.OrDefault().String(), MaxFileSize: d.Table.MaxFileSize, Families: []JSONFamily{}},
		Split: JSONSplit{
			Spec:    d.split().Spec,
			Suffix:  hbytes.ToStringBinary(d.split().Suffix),
			Regions: d.split().Regions(),
			Keys:    []string{},
			Owned:   []float64{},
		},
		Findings: []JSONFinding{},
		Notes:    append([]string{}, d.Notes...),
	}
	t := d.Table
	out.Table.MemstoreFlushSize, out.Table.RegionReplication, out.Table.Durability = t.MemstoreFlushSize, t.RegionReplication, t.Durability
	out.Table.Normalization = t.Normalization
	out.Table.CreateNamespace = t.CreateNamespace
	out.Table.SplitPolicy = JSONSplitPolicy{Kind: t.SplitPolicy.Kind, PrefixLength: t.SplitPolicy.PrefixLength, Delimiter: t.SplitPolicy.Delimiter}
	for _, f := range d.Table.Families {
		out.Table.Families = append(out.Table.Families, JSONFamily{
			Name: f.Name, Versions: f.Versions, TTLSeconds: f.TTL, Compression: f.Compression,
			BloomFilter: f.Bloom, BlockSize: f.BlockSize, DataBlockEncoding: f.Encoding, InMemory: f.InMemory,
			BloomPrefixLength: f.BloomPrefixLength, BlockCache: f.BlockCache, KeepDeletedCells: f.KeepDeletedCells,
			MinVersions: f.MinVersions,
		})
	}
	if a := d.split().Algorithm; a != nil {
		out.Split.Algorithm = &JSONAlgorithm{Name: a.Name, FirstRow: a.FirstRow, LastRow: a.LastRow}
	}
	if p := d.Capacity; p != nil {
		out.Capacity = jsonCapacity(p, d.PolicyRegions)
		out.Capacity.ReplicasPerServer = d.ReplicasPerServer()
	}
	for _, f := range d.Findings {
		out.Findings = append(out.Findings, JSONFinding{Severity: f.Severity.String(), Code: f.Code, Message: f.Message, Fix: f.Fix})
	}
	out.Notes = append(out.Notes, d.split().Notes...)
	out.Access = jsonAccess(d.Access)
	return out
}

// jsonCapacity is the sizing p as JSON, with the regions the split policy makes at each
// horizon (policyRegions, the plan's).
func jsonCapacity(p *capacity.Sizing, policyRegions func(horizon int) int) *JSONCapacity {
	in := p.Input
	c := &JSONCapacity{
		Inputs: JSONInputs{
			Rows: in.Volume.Rows, RowBytes: in.Volume.RowBytes,
			DailyBytes: in.Volume.Daily, RetentionDays: in.Volume.RetentionDays, TTLDays: in.Volume.TTLDays, HorizonDays: in.Volume.HorizonDays, SplitShare: p.SplitShare(),
			CompressionRatio: in.CompressionRatio, Redundancy: in.Redundancy,
			RegionSizeBytes: regionSizeOf(p), Fill: in.FillOrOne(), PlannedRegionBytes: plannedRegionOf(p), Replication: in.Replication,
			Cluster: JSONCluster{
				RegionServers: in.Cluster.RegionServers, HeapBytes: in.Cluster.Heap,
				MemstoreFraction: in.Cluster.MemstoreFraction, FlushSizeBytes: in.Cluster.FlushSize,
				Families: in.Cluster.Families,
			},
		},
		RowBytes: p.RowBytes, RawBytes: p.RawBytes, StoredBytes: p.StoredBytes,
		PlannedBytes: p.PlannedBytes, ExactRegions: p.ExactRegions, Regions: p.Regions,
		DiskBytes: p.DiskBytes, RegionsPerServer: p.RegionsPerServer, MemstoreCeiling: p.MemstoreCeiling,
		Horizons: []JSONHorizon{},
	}
	if cl := in.Volume.Cells; cl != nil {
		c.Inputs.Cells = &JSONCells{Count: cl.Count, RowLen: cl.RowLen, FamilyLen: cl.FamilyLen,
			QualifierLen: cl.QualifierLen, ValueLen: cl.ValueLen, Versions: cl.Versions}
	}
	for i, h := range p.Horizons {
		jh := JSONHorizon{Days: h.Days, RawBytes: h.RawBytes,
			HeldDays:    heldDays(p, h),
			StoredBytes: h.StoredBytes, PlannedBytes: h.PlannedBytes, Regions: h.Regions, DiskBytes: h.DiskBytes, SplitRegions: policyRegions(i)}
		for _, s := range h.Stores {
			jh.Stores = append(jh.Stores, JSONStoreHorizon{Name: s.Name, RawBytes: s.RawBytes, StoredBytes: s.StoredBytes, PlannedBytes: s.PlannedBytes, Regions: s.Regions})
		}
		if len(h.Stores) > 0 {
			jh.SplitBytes = h.SplitBytes
		}
		c.Horizons = append(c.Horizons, jh)
	}
	jsonStores(c, p)
	return c
}

// jsonStores fills the stores' figures, when the model sized them apart.
func jsonStores(c *JSONCapacity, p *capacity.Sizing) {
	if len(p.Stores) == 0 {
		return
	}
	overall := p.Input.SplitOverall
	c.Inputs.SplitOverallFiles = &overall
	c.SplitStore, c.SplitBytes = p.SplitStore, p.SplitBytes
	for _, s := range p.Stores {
		c.Stores = append(c.Stores, JSONStore{Name: s.Name, Share: s.Share, Versions: s.Versions, TTLDays: s.TTLDays,
			Compression: s.Codec, CompressionRatio: s.CompressionRatio, KeptDays: s.KeptDays, SplitDays: s.SplitDays,
			RowBytes: s.RowBytes, RawBytes: s.RawBytes, StoredBytes: s.StoredBytes, PlannedBytes: s.PlannedBytes,
			ExactRegions: s.ExactRegions, Regions: s.Regions})
	}
}

// JSON writes the whole plan as one indented JSON object (JSONDoc) and a newline. The
// keys and owned amounts stream (a million keys are never held as JSON strings): the rest
// of the document is encoded first, so every error comes before the first byte.
func JSON(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	for i, v := range d.split().Owned.All() {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("json: region %d owns %v, which JSON cannot hold", i+1, v)
		}
	}
	doc := newJSONDoc(d)
	quote.JSONText(&doc) // names and notes that are not UTF-8 keep their bytes, as \xNN
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // keys like a<b stay readable
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil { // Encode ends with the newline
		return err
	}
	// The two empty lists are the places the keys and amounts go: at the split's depth,
	// after a newline, so no string in the document can look like them.
	text := quote.JSONVisible(buf.Bytes()) // DEL, C1, bidi and invisible characters as \uXXXX
	keysAt, ownedAt := bytes.Index(text, jsonKeysEmpty), bytes.Index(text, jsonOwnedEmpty)
	if keysAt < 0 || ownedAt < keysAt || bytes.Count(text, jsonKeysEmpty) != 1 || bytes.Count(text, jsonOwnedEmpty) != 1 {
		return errors.New("json: split.keys and split.owned not found once each in the encoded document")
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(text[:keysAt+len(jsonKeysEmpty)-1]) // up to the keys' [
	var b, sb []byte
	keys, owned := d.split().Keys, d.split().Owned
	writeJSONList(bw, keys.Len(), func(i int) []byte {
		sb = hbytes.AppendStringBinary(sb[:0], keys.At(i))
		b = appendJSONString(b[:0], sb)
		return b
	})
	bw.Write(text[keysAt+len(jsonKeysEmpty) : ownedAt+len(jsonOwnedEmpty)-1]) // to owned's [
	writeJSONList(bw, owned.Len(), func(i int) []byte {
		b = appendJSONFloat(b[:0], owned.At(i))
		return b
	})
	bw.Write(text[ownedAt+len(jsonOwnedEmpty):])
	return bw.Flush()
}

// The empty split.keys and split.owned of an indented JSONDoc, less their closing ']'.
var (
	jsonKeysEmpty  = []byte("\n    \"keys\": []")
	jsonOwnedEmpty = []byte("\n    \"owned\": []")
)

// writeJSONList writes n items (already encoded) as encoding/json's indent writes the
// elements of a list at the split's depth, and the closing ']': `[]` when empty.
func writeJSONList(w *bufio.Writer, n int, item func(i int) []byte) {
	for i := range n {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteString("\n      ")
		w.Write(item(i))
	}
	if n > 0 {
		w.WriteString("\n    ")
	}
	w.WriteByte(']')
}

// appendJSONString appends s as encoding/json writes a string with SetEscapeHTML(false).
// toStringBinary text is printable ASCII, where only '"' and '\\' take an escape; any
// other string goes through encoding/json itself.
func appendJSONString(dst, s []byte) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7E {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(string(s)) // a string always encodes
			return append(dst, bytes.TrimSuffix(b.Bytes(), []byte("\n"))...)
		}
	}
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '"' || c == '\\' {
			dst = append(dst, '\\', c)
		} else {
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// appendJSONFloat appends a finite f as encoding/json writes a float64: the shortest
// decimal that reads back as f, in exponent form below 1e-6 and from 1e21, with the
// exponent's leading zero dropped (1e-07 -> 1e-7).
func appendJSONFloat(dst []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

// heldDays is the days horizon h's figures hold, when fewer than its day; 0 otherwise.
func heldDays(p *capacity.Sizing, h capacity.Horizon) float64 {
	if held := p.HeldDays(h); held < float64(h.Days) {
		return held
	}
	return 0
}
