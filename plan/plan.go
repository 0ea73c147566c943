// Package plan builds the one plan every command and format renders: from a table's design
// (a tablespec.Spec, filled by a YAML file, by flags, or both) it derives the capacity
// model's answer, the split actually created, the table's settings and the facts the
// review judges, so `plan`, `splits`, `lint` and `verify` say the same thing about the
// same inputs.
//
// Data flows one way: design -> Build -> Plan -> lint and render, which read the plan;
// the package imports neither (lint fills Plan.Findings for the caller that wants them).
// It reads no files and speaks no flag names: its errors name the design's fields and
// carry where each value came from (a position in the spec, or the Src the CLI gave it).
package plan

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/access"
	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/keyshape"
	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/sample"
	"github.com/presplit/presplit/splitpolicy"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

// DefaultPrefix is the rowkey prefix assumed when the design says nothing of its rowkey: a
// hash-hex key (a full MD5, say), as wide as the region count needs.
const DefaultPrefix = "hex"

// Options are the inputs of Build besides the design.
type Options struct {
	// SplitsFile is the design's splits file, read by the caller through splits.ReadFile
	// (the package reads none). SplitsFileErr is why it cannot create the table (the
	// reader's *hbytes.LineError), when the caller goes on to review it: lint reports it
	// (SF001) and the plan has no split.
	SplitsFile    *splits.File
	SplitsFileErr error
	// Sample is the key sample the design's splits sample names, read by the caller (the
	// package reads no files); the split is cut from it for the plan's region count.
	Sample *sample.Sample
	// Families overrides the number of column families that flush together (--families);
	// 0 means the design's family count.
	Families int
	// Format is the output the plan will be rendered in, for the findings about it.
	Format string
	// PlaceholderFamilies says the design's families are not the user's but a stand-in
	// (family cf with HBase's defaults): the checks of unset settings skip them.
	PlaceholderFamilies bool
}

// Plan is everything derived from one design.
type Plan struct {
	// Design is the design the plan was built from, with the values the plan derived
	// where the design was silent (every family's TTL from the retention). It is the
	// plan's own copy: Build never writes into the caller's spec.
	Design   *tablespec.Spec
	Capacity *capacity.Sizing // nil when the design gives no volume
	Prefix   *splits.Prefix   // the rowkey prefix's shape; nil when there is none
	// Split is the split the table is created with; nil when none can be made, and then
	// SplitErr says why (a prefix too narrow, no prefix, no region count).
	Split       *splits.Split
	SplitErr    error
	SplitSource splits.Source // where Split came from; SourceNone without one
	Regions     int           // regions created: the split's, else the count asked for
	Table       Table
	// Target is the HBase version the plan is written for (the design's, else
	// hbase.DefaultVersion): what it accepts and how its regions split.
	Target hbase.Version
	// Findings are the review of the plan as created: Build leaves them empty, and the
	// caller that wants them reviews the plan (p.Findings = lint.Run(p)), so the plan
	// never depends on its reviewer. report and json show them, shell carries them as
	// comments, the pure data formats leave them out.
	Findings []finding.Finding
	// Notes are decisions the plan took where the design was silent, for the report.
	Notes []string
	// Unstated are the notes about what HBase stores that the output's language has no
	// place for (a compression ratio below 1 and no codec in the create statement): the
	// formats that show no Notes (shell, java, terraform, ...) have them said on stderr.
	Unstated []string
	// PhoenixPK is the Phoenix primary key (--phoenix-pk, else the spec's rowkey
	// prefix_column and parts' phoenix_type); nil when the design gives none, and then
	// PhoenixPKMissing says what would.
	PhoenixPK        []phoenix.Column
	PhoenixPKMissing string
	// Access is the access pattern's sizing (write-spread floor, balance) and the load
	// of the regions created; nil when the design gives no rate, scan share or balance.
	Access *access.Sizing

	// The facts below are what Build read or derived on the way to the split and the
	// table, kept so that every reader of the plan (lint, the renderers) judges the same
	// values instead of deriving them again.

	// Families is the number of column families that flush together (the memstore
	// ceiling's divisor): Options.Families, else the design's.
	Families int
	// Format is the output the plan is rendered in (Options.Format); "" for a review of
	// a spec alone.
	Format string
	// PlaceholderFamilies: the families are presplit's stand-in for a table the user did
	// not describe (Options.PlaceholderFamilies); "not set explicitly" is no finding then.
	PlaceholderFamilies bool
	// Phoenix is set when the table is created through Phoenix: the design gives a
	// Phoenix primary key, or the plan is rendered as phoenix.
	Phoenix bool
	// TTLDays is set when a TTL shorter than the retention sized the table (data expires
	// before the retention ends); 0 otherwise.
	TTLDays float64

	// Suffix is the rowkey suffix as bytes (toBytesBinary of its text).
	Suffix []byte
	// Delimiter is the rowkey delimiter as bytes (toBytesBinary of its text, as the
	// suffix): the key's bytes after its prefix and between its parts.
	Delimiter []byte
	// PrefixOfSplit says Prefix was read off the split's own algorithm (HexStringSplit's
	// keys are hex of their width), not declared: the split's keys match it by
	// construction.
	PrefixOfSplit bool
	// PrefixValues is how many of the prefix's values the keys take (the first ones in
	// order); 0 means all of them.
	PrefixValues uint64
	// NoPrefix is set when the design gives nothing to split on: a rowkey without a
	// prefix part, no RegionSplitter algorithm and no splits file.
	NoPrefix bool

	// SplitLines are, with a splits file, the line of each key in the file.
	SplitLines []int
	// SplitsFileErr is why the splits file cannot create the table (an
	// *hbytes.LineError; Split is nil then), SplitsFileWarnings what HBase reads in it
	// that was likely not meant, SplitsFileMore the warnings past those kept
	// (splits.File.MoreWarnings).
	SplitsFileErr      error
	SplitsFileWarnings []splits.FileWarning
	SplitsFileMore     int
	// SplitKeyErr is a split key over HBase's row limit (a *splits.KeyTooLongError: a
	// long suffix, first or last row); Split is nil then, and SplitErr is it too.
	SplitKeyErr error
	// SampleKeys is the number of sample keys the split was cut on (SplitSource
	// splits.SourceSample).
	SampleKeys uint64
	// SampleFields are the regions of an exact sample cut under the delimited split
	// policy whose sample keys all hold one leading field (the bytes before the policy's
	// delimiter), in region order.
	SampleFields []SampleField

	// Policy is the split policy the table runs at the target version, with the regions
	// as created and their servers; nil when there are no regions to judge.
	Policy *splitpolicy.Model
	// PolicyBytes is what the table holds at its largest planned volume, weighed as the
	// split rule weighs it; 0 without a volume.
	PolicyBytes float64
	// PolicyVolumes are the table's volumes over time (the growth horizons, one for each
	// of Capacity.Horizons in order; the one planned volume without them), weighed as
	// PolicyBytes, with the regions the policy makes of each (PolicyRegions).
	PolicyVolumes []Volume
	// PolicyPrefixLength is the prefix length a prefix policy cuts split points to.
	PolicyPrefixLength int
}

// Volume is what the table holds after Days of ingest (0: the planned volume).
type Volume struct {
	Days  int
	Bytes float64
	// Regions is, at a growth horizon, the region count HBase's split policy makes of the
	// table (package splitpolicy) when it is not the larger of the regions created and the
	// horizon's Regions; 0 otherwise.
	Regions int
}

// PolicyRegions is the region count HBase's split policy makes of the table at growth
// horizon i (Capacity.Horizons[i]) when it is not the larger of the regions created and
// the horizon's Regions; 0 otherwise, and without a policy to model. The policy's count
// lives here, beside the volume it judges, not in the capacity model's answer.
func (p *Plan) PolicyRegions(i int) int {
	if p.Capacity == nil || len(p.Capacity.Horizons) == 0 || i < 0 || i >= len(p.PolicyVolumes) {
		return 0
	}
	return p.PolicyVolumes[i].Regions
}

// SampleField is a region (0-based) of a sample cut whose sample keys all hold one
// leading field: DelimitedKeyPrefixRegionSplitPolicy cuts its every split point to that
// field.
type SampleField struct {
	Region int
	Field  []byte
}

// FieldError is a value of the design outside a rule (tablespec.FieldError): Field is the
// design's name for it, Pos and Src where it came from.
type FieldError = tablespec.FieldError

// ErrNoPrefix is the split of a design whose rowkey has no prefix to split on.
var ErrNoPrefix = errors.New("the rowkey has no prefix to split on")

// ErrNoRegions is the split of a design that gives neither a volume nor a region count.
var ErrNoRegions = errors.New("no region count: give a volume to size or a region count")

// Build derives the plan from a design that passed its Validate (Build does not check
// the design's rules again). It is a pure function of its arguments: the spec is read,
// never written (derived values live in the Plan), so two calls on the same spec give the
// same plan. The error is a *FieldError for a value Build cannot read or the capacity
// model refuses; a split that cannot be made is not an error here (lint reports why, in
// RG006 and RG011) but Plan.SplitErr, for commands that need the split. Build reviews
// nothing: Findings stay empty for the caller to fill.
func Build(spec *tablespec.Spec, opt Options) (*Plan, error) {
	d := designCopy(spec)
	p := &Plan{Design: d, Format: opt.Format, Families: opt.Families, PlaceholderFamilies: opt.PlaceholderFamilies}
	if err := p.target(); err != nil {
		return nil, err
	}
	if p.Families == 0 {
		p.Families = len(d.Families)
	}
	if err := p.sizing(opt); err != nil {
		return nil, err
	}
	if err := p.rowkeyBytes(d.Rowkey); err != nil {
		return nil, err
	}
	if err := p.prefix(); err != nil {
		return nil, err
	}
	if err := p.accessPlan(); err != nil {
		return nil, err
	}
	p.split(opt)
	p.checkKeyLengths()
	if p.Access != nil {
		p.Access.Load = p.Access.At(p.Regions, p.Capacity, p.regionShares())
	}
	if err := p.phoenixPK(); err != nil {
		return nil, err
	}
	p.Phoenix = opt.Format == "phoenix" || p.PhoenixPK != nil
	if err := p.table(); err != nil {
		return nil, err
	}
	return p, nil
}

// table makes the plan's table, with the split policy the steps before made possible.
func (p *Plan) table() error {
	d := p.Design
	if p.Capacity != nil && p.Capacity.Input.Cluster.RegionServers > 0 && p.Regions > 0 {
		// Judged on the regions created, not the sizing's count.
		p.Capacity.RegionsPerServer = float64(p.Regions) / float64(p.Capacity.Input.Cluster.RegionServers)
	}
	p.Table = TableOf(d, p.Capacity)
	p.Table.Target = p.Target
	p.policy()
	if p.Split != nil || d.Settings.SplitPolicy.V != PolicyPrefix {
		pol, err := p.splitPolicy()
		if err != nil {
			return err
		}
		p.Table.SplitPolicy = pol
	}
	return nil
}

// sizing derives the TTL from the retention and the compression ratio, then computes the
// capacity plan of the design's capacity section, if any, and its notes.
func (p *Plan) sizing(opt Options) error {
	if err := p.ttlFromRetention(); err != nil {
		return err
	}
	if err := p.compressionRatio(opt.PlaceholderFamilies); err != nil {
		return err
	}
	d := p.Design
	if d.Capacity == nil {
		return nil
	}
	ci, err := capacityInput(d, p.Families, p.TTLDays)
	if err != nil {
		return err
	}
	if ci.Stores, ci.SplitOverall, err = p.stores(); err != nil {
		return err
	}
	cp, err := capacity.Compute(ci)
	if err != nil {
		return capacityError(d, err)
	}
	p.Capacity = &cp
	p.capacityNotes()
	return nil
}

// checkKeyLengths drops a split whose keys HBase cannot store. Whatever made the keys (a
// long suffix, first or last row, sample), HBase stores no row past its limit: a longer
// key creates no table.
func (p *Plan) checkKeyLengths() {
	if p.Split == nil {
		return
	}
	if err := p.Split.Keys.CheckLengths(); err != nil {
		p.Split, p.SplitErr, p.SplitKeyErr = nil, err, err
	}
}

// target reads the design's HBase version (its values against the version are
// Validate's).
func (p *Plan) target() error {
	t, err := p.Design.Target()
	p.Target = t
	return err
}

// designCopy is the plan's own copy of the caller's spec: the parts the plan derives
// values into (the families) are copied, the rest is shared and only read.
func designCopy(s *tablespec.Spec) *tablespec.Spec {
	d := *s
	d.Families = slices.Clone(s.Families)
	return &d
}

// ttlFromRetention makes the families' TTL and the retention agree. A family without a
// TTL gets the retention as its TTL, whether or not the others give theirs: the retention
// is how long the data is kept, and a family written without a TTL would keep its data
// forever while the plan sized it for the retention (a family given --ttl forever, or
// ttl: FOREVER, keeps it: that is a TTL). A TTL shorter than the retention wins: the data
// expires, so the table is sized on the longest TTL.
func (p *Plan) ttlFromRetention() error {
	d := p.Design
	c := d.Capacity
	if c == nil || !c.Retention.Set {
		return nil
	}
	secs := strconv.FormatInt(c.Retention.V, 10)
	var given []string // the families that get the retention
	for i, f := range d.Families {
		if !f.TTL.Set {
			d.Families[i].TTL = tablespec.Value[string]{V: secs, Set: true, Raw: secs, Pos: c.Retention.Pos, Src: c.Retention.Src}
			given = append(given, field.Quote(f.Name.V)) // a name's "{" is no field ref of the note's
		}
	}
	switch {
	case len(given) == 0:
	case len(given) == len(d.Families):
		p.Notes = append(p.Notes, fmt.Sprintf("every family's TTL is the retention, %s (%d seconds): no TTL was given", c.Retention.Raw, c.Retention.V))
	default:
		which, its := "family "+given[0]+" gives", "its"
		if len(given) > 1 {
			which, its = "families "+strings.Join(given, ", ")+" give", "their"
		}
		p.Notes = append(p.Notes, fmt.Sprintf("%s no TTL: the retention, %s (%d seconds), is %s TTL (without one HBase keeps the data forever)",
			which, c.Retention.Raw, c.Retention.V, its))
	}
	longest := int64(0)
	for _, f := range d.Families {
		secs, err := f.TTLSeconds()
		if err != nil {
			continue // CF006 reports a TTL HBase cannot read
		}
		if secs == hbase.Forever {
			secs = math.MaxInt64
		}
		longest = max(longest, secs)
	}
	if longest < c.Retention.V {
		p.TTLDays = float64(longest) / 86400
	}
	return nil
}

// stores are the design's families as the capacity model sizes them apart, when every
// family gives its share of a row (Validate refuses some without), with the split rule
// of the target: HBase splits a region when its largest store exceeds MAX_FILESIZE
// (hbase.hregion.split.overallfiles false, 1.x and 2.x), or when all its stores together
// do (true, 3.x). Without shares, or with one family, the table is one store: none.
func (p *Plan) stores() ([]capacity.Store, bool, error) {
	d := p.Design
	overall, err := p.splitOverall()
	if err != nil {
		return nil, false, err
	}
	ownRatio := slices.IndexFunc(d.Families, func(f tablespec.Family) bool { return f.CompressionRatio.Set })
	noShare := slices.ContainsFunc(d.Families, func(f tablespec.Family) bool { return !f.Share.Set })
	switch {
	case len(d.Families) == 1 && ownRatio == 0:
		// One family is the whole row: its own ratio sizes it (share 1).
	case len(d.Families) < 2 || noShare && ownRatio < 0:
		return nil, overall, nil
	case noShare:
		return nil, false, valueError("families.compression_ratio", d.Families[ownRatio].CompressionRatio,
			"sizes the family's own store, which needs every family's share of a row: give "+field.Ref("families.share"))
	}
	cellVersions := int64(0) // the cells' own versions are every family's, as without shares
	if c := d.Capacity.Cells; c != nil && c.Versions.Set {
		cellVersions = c.Versions.V
	}
	var out []capacity.Store
	for _, f := range d.Families {
		out = append(out, familyStore(f, cellVersions))
	}
	if len(out) > 1 {
		p.storeNote(overall) // one store is the whole row: both rules agree
	}
	return out, overall, nil
}

// familyStore is family f as a store of the capacity model: its share (1 when it is the
// only family), VERSIONS (cellVersions when the cells give theirs), TTL, codec and ratio.
func familyStore(f tablespec.Family, cellVersions int64) capacity.Store {
	s := capacity.Store{Name: f.Name.V, Share: 1, Versions: 1, TTLDays: familyTTLDays(f), Codec: f.Compression.V}
	if f.Share.Set {
		s.Share = f.Share.V
	}
	if f.Versions.Set {
		s.Versions = int(f.Versions.V)
	}
	if cellVersions > 0 {
		s.Versions = int(cellVersions)
	}
	if f.CompressionRatio.Set {
		s.CompressionRatio = f.CompressionRatio.V
	}
	return s
}

// familyTTLDays is the days a family keeps its cells: its TTL, 0 for FOREVER, none, or
// a TTL HBase cannot read (CF006 reports it).
func familyTTLDays(f tablespec.Family) float64 {
	if !f.TTL.Set {
		return 0
	}
	secs, err := f.TTLSeconds()
	if err != nil || secs == hbase.Forever {
		return 0
	}
	return float64(secs) / 86400
}

// splitOverall is hbase.hregion.split.overallfiles at the target: the design's value,
// else the target's default (true from 3.0). A target before 2.4.0 has no such setting
// (HBASE-24664) and always splits on the largest store: true there is refused.
func (p *Plan) splitOverall() (bool, error) {
	cl := p.Design.Cluster
	if cl == nil || !cl.SplitOverallFiles.Set {
		return capacity.SplitOverallDefault(p.Target), nil
	}
	if cl.SplitOverallFiles.V && !capacity.SplitOverallSettable(p.Target) {
		return false, valueError("cluster.split_overallfiles", cl.SplitOverallFiles,
			fmt.Sprintf("needs HBase 2.4.0 or later (HBASE-24664): HBase %s always splits a region when its largest store exceeds MAX_FILESIZE", p.Target))
	}
	return cl.SplitOverallFiles.V, nil
}

// storeNote says which rule the stores' region count follows.
func (p *Plan) storeNote(overall bool) {
	if overall {
		p.Notes = append(p.Notes, fmt.Sprintf("HBase %s splits a region when all its stores together exceed MAX_FILESIZE (hbase.hregion.split.overallfiles true): the regions are sized on every family's store", p.Target))
		return
	}
	setting := " (hbase.hregion.split.overallfiles false)"
	if !capacity.SplitOverallSettable(p.Target) {
		setting = "" // before 2.4 there is no such setting: always the largest store
	}
	p.Notes = append(p.Notes, fmt.Sprintf("HBase %s splits a region when its largest store exceeds MAX_FILESIZE%s: the regions are sized on the family that stores the most", p.Target, setting))
}

// capacityNotes states what a horizon leaves to HBase's own splits, so the report says
// what the plan creates and the growth table never argues with it. (A TTL shorter than
// the retention is in the report's inputs, and CP003 says it in every format; the fill's
// note waits for the split, whose largest region it judges: jitterNotes.)
func (p *Plan) capacityNotes() {
	v := p.Capacity.Input.Volume
	if v.HorizonDays > 0 && len(p.Capacity.Horizons) > 0 {
		full := p.Capacity.Horizons[len(p.Capacity.Horizons)-1]
		if v.SplitDays() < v.KeptDays() {
			p.Notes = append(p.Notes, fmt.Sprintf("pre-split for the first %.0f days of ingest (%d regions); the %d days the table keeps need %d, and HBase splits as data grows",
				v.SplitDays(), p.Capacity.Regions, full.Days, full.Regions))
		}
	}
}

// designRegionSize is the design's region size, MAX_FILESIZE: capacity region_size, else
// HBase's 10 GiB.
func designRegionSize(d *tablespec.Spec) float64 {
	if c := d.Capacity; c != nil && c.RegionSize.Set {
		return c.RegionSize.V
	}
	return capacity.DefaultRegionSize
}

// capacityInput is the capacity model's input described by the design. Unset fields stay
// zero and take the model's defaults.
func capacityInput(d *tablespec.Spec, families int, ttlDays float64) (capacity.Input, error) {
	var in capacity.Input
	c := d.Capacity
	v := &in.Volume
	switch {
	case c.Daily.Set:
		v.Daily = c.Daily.V
		v.RetentionDays = float64(c.Retention.V / 86400)
		v.TTLDays = ttlDays
		if c.Horizon.Set {
			v.HorizonDays = float64(c.Horizon.V / 86400)
		}
	case c.Cells != nil:
		fam, qual := d.CellLens()
		versions := familyVersions(d) // the cells' own versions, else the families', as --kv
		if c.Cells.Versions.Set {
			versions = c.Cells.Versions.V
		}
		cells := &capacity.Cells{
			Count:        int(c.Cells.Count.V),
			RowLen:       int(c.Cells.RowLen.V),
			FamilyLen:    int(fam),
			QualifierLen: int(qual),
			ValueLen:     int(c.Cells.ValueLen.V),
			Versions:     int(versions),
		}
		v.Rows = c.Rows.V
		v.Cells = cells
		v.RowBytes = cells.RowBytes()
	default:
		// --kv is one version of a row (all its cells, one version each); the table keeps
		// its families' VERSIONS of each, so a row is kv x versions, as with --cells.
		versions := familyVersions(d)
		v.Rows = c.Rows.V
		v.KV, v.KVVersions = c.KV.V, int(versions)
		v.RowBytes = c.KV.V * float64(versions)
	}
	in.CompressionRatio = c.CompressionRatio.V
	in.Redundancy = c.Redundancy.V
	in.RegionSize = c.RegionSize.V
	if c.Fill.Set && c.Fill.V < 1 {
		// Regions planned below MAX_FILESIZE on purpose: the count is the region size x
		// the fill, MAX_FILESIZE stays the region size (maxFileSize).
		in.RegionSize = designRegionSize(d) * c.Fill.V
		in.Fill = c.Fill.V
	}
	in.Replication = int(c.Replication.V)
	if cl := d.Cluster; cl != nil {
		in.Cluster.RegionServers = int(cl.RegionServers.V)
		in.Cluster.Heap = cl.Heap.V
		in.Cluster.MemstoreFraction = cl.MemstoreFraction.V
	}
	// The memstore ceiling and the flush rates take the size regions flush at, as the
	// split policy does.
	in.Cluster.FlushSize, in.Cluster.FlushSizeFromTable = d.RegionFlushSize()
	in.Cluster.Families = families
	return in, nil
}

// capacityError places the model's InputError on the design's value: its position in the
// spec, or the Src the CLI gave it.
func capacityError(d *tablespec.Spec, err error) error {
	var ie *capacity.InputError
	if !errors.As(err, &ie) {
		return &FieldError{Field: "capacity", Pos: d.Capacity.Pos, Rule: err.Error()}
	}
	c := d.Capacity
	values := map[string]origin{
		"capacity.rows": originOf(c.Rows), "capacity.kv": originOf(c.KV), "capacity.daily": originOf(c.Daily),
		"capacity.retention": originOf(c.Retention), "capacity.horizon": originOf(c.Horizon),
		"capacity.compression_ratio": originOf(c.CompressionRatio), "capacity.redundancy": originOf(c.Redundancy),
		"capacity.region_size": originOf(c.RegionSize), "capacity.replication": originOf(c.Replication),
	}
	if cl := d.Cluster; cl != nil {
		values["cluster.region_servers"] = originOf(cl.RegionServers)
		values["cluster.heap"] = originOf(cl.Heap)
		values["cluster.memstore_fraction"] = originOf(cl.MemstoreFraction)
		values["cluster.flush_size"] = originOf(cl.FlushSize)
	}
	fe := &FieldError{Field: "capacity." + ie.Field, Pos: c.Pos, Raw: ie.Value, Rule: ie.Rule}
	for _, section := range []string{"capacity.", "cluster."} {
		if o, ok := values[section+ie.Field]; ok && (o.pos.Line > 0 || o.src != "") {
			fe.Field, fe.Pos, fe.Src, fe.Raw = section+ie.Field, o.pos, o.src, o.raw
			return fe
		}
	}
	if c.Cells != nil { // a cell's part, or a bytes per row derived from the cells
		fe.Field, fe.Pos = "capacity.cells."+ie.Field, c.Cells.Pos
	}
	return fe
}

// familyVersions is the most VERSIONS a family of d keeps (1 when none sets it, HBase's
// default): what a row's cells are kept in, for --kv and --cells alike.
func familyVersions(d *tablespec.Spec) int64 {
	versions := int64(1)
	for _, f := range d.Families {
		if f.Versions.Set && f.Versions.V > versions {
			versions = f.Versions.V
		}
	}
	return versions
}

// rowkeyBytes reads the rowkey's suffix and delimiter as bytes (toBytesBinary text both:
// '\x00' is a NUL, not four characters; the delimited split policy reads its delimiter as
// text, and refuses a '\'), and refuses prefix values with no prefix to count them in.
func (p *Plan) rowkeyBytes(r *tablespec.Rowkey) error {
	if r == nil {
		return nil
	}
	if r.Suffix.Set {
		suffix, err := hbytes.ToBytesBinary(r.Suffix.V)
		if err != nil {
			return valueError("rowkey.suffix", r.Suffix, `\x needs two uppercase hex digits`)
		}
		p.Suffix = suffix
	}
	if r.Delimiter.V != "" {
		delim, err := hbytes.ToBytesBinary(r.Delimiter.V)
		if err != nil {
			return valueError("rowkey.delimiter", r.Delimiter, `\x needs two uppercase hex digits`)
		}
		p.Delimiter = delim
	}
	if r.PrefixValues.Set && !r.Prefix.Set {
		// The values are a declared prefix's: with none, the flag would be dropped and the
		// split made (and checked) over every value of whatever prefix the plan chooses.
		return valueError("rowkey.prefix_values", r.PrefixValues, "counts the first values of the rowkey's prefix: give "+field.Ref("rowkey.prefix")+" too (dec:2 for a salt hash % 20 written %02d)")
	}
	return nil
}

// origin is where a design value came from, for a message about it.
type origin struct {
	pos      tablespec.Pos
	src, raw string
}

func originOf[T any](v tablespec.Value[T]) origin { return origin{v.Pos, v.Src, v.Raw} }

func valueError[T any](field string, v tablespec.Value[T], rule string) error {
	return &FieldError{Field: field, Pos: v.Pos, Src: v.Src, Raw: v.Raw, Rule: rule}
}

// prefix reads the shape of the rowkey's leading bytes: the rowkey prefix, or the keys of
// HexStringSplit/DecimalStringSplit (the number in radix 16, lower case, or 10, padded to
// the width of the last row, 8 by default); the default hex when the design says nothing
// of its rowkey.
func (p *Plan) prefix() error {
	d := p.Design
	r := d.Rowkey
	a, _ := d.Algo()
	spec := ""
	switch {
	case r != nil && r.Prefix.Set:
		return p.rowkeyPrefix(r)
	case a.V == "HexStringSplit" || a.V == "DecimalStringSplit":
		width := 8 // RegionSplitter pads to the last row's width: 8 by default, else its own
		if sp := d.Splits; sp != nil && sp.LastRow.Set && len(sp.LastRow.V) > 0 {
			width = len(sp.LastRow.V)
		}
		spec = map[string]string{"HexStringSplit": "hex", "DecimalStringSplit": "dec"}[a.V] + ":" + strconv.Itoa(min(width, splits.MaxWidth))
		p.PrefixOfSplit = true
	case a.Set:
		return nil // UniformSplit: raw bytes, no alphabet
	case (r != nil && len(r.Parts) > 0) || (d.Splits != nil && (d.Splits.File.Set || d.Splits.Sample.Set)):
		// A rowkey described by its parts with no prefix has nothing to split on: no
		// implicit hex split over keys that are not hex. Keys listed by hand need none.
		return nil
	default:
		spec = DefaultPrefix
	}
	pre, err := splits.ParsePrefix(spec)
	if err != nil {
		return err
	}
	p.Prefix = &pre
	return nil
}

// rowkeyPrefix reads the rowkey's own prefix and its prefix_values.
func (p *Plan) rowkeyPrefix(r *tablespec.Rowkey) error {
	pre, err := splits.ParsePrefix(r.Prefix.V)
	if err != nil {
		var pe *splits.PrefixError
		if errors.As(err, &pe) {
			return valueError("rowkey.prefix", r.Prefix, pe.Reason)
		}
		return valueError("rowkey.prefix", r.Prefix, err.Error())
	}
	p.Prefix = &pre
	if pv := r.PrefixValues; pv.Set {
		if c, ok := pre.Count(); pre.Width == 0 || (ok && uint64(pv.V) > c) {
			return valueError("rowkey.prefix_values", pv, (&splits.ValuesError{Prefix: pre, Values: uint64(pv.V)}).Error())
		}
		p.PrefixValues = uint64(pv.V)
	}
	return nil
}

// split makes the split the table is created with.
func (p *Plan) split(opt Options) {
	d := p.Design
	sp := d.Splits
	regions := p.regionCount()
	p.Regions = regions
	a, _ := d.Algo()
	switch {
	case sp != nil && sp.File.Set:
		p.fileSplit(opt)
		return
	case regions == 0:
		p.SplitErr = ErrNoRegions
		return
	case sp != nil && sp.Sample.Set:
		p.sampleSplit(opt.Sample, regions)
	case a.Set:
		first, last := "", ""
		if sp != nil {
			first, last = sp.FirstRow.V, sp.LastRow.V
		}
		split, err := splits.RegionSplitter(a.V, regions, first, last)
		if err != nil {
			p.SplitErr = err
			return
		}
		p.prefixOwned(&split)
		p.Split, p.SplitSource = &split, splits.SourceAlgo
	case p.Prefix == nil:
		p.NoPrefix = true
		p.SplitErr = ErrNoPrefix
	default:
		split, err := p.generate(regions)
		if err != nil {
			p.SplitErr = err
			return
		}
		p.Split, p.SplitSource = &split, splits.SourceGenerated
		p.Regions = split.Regions()
	}
}

// prefixOwned measures an algorithm's split on the rowkey's declared prefix: the
// algorithm's keys cover its own range (first_row..last_row), but the rows take every
// value of the prefix, so each region owns the prefix values between its bounds, counted
// from them (keyshape.Measure), however wide the prefix. The imbalance and the access
// load then read the rowkey's key space, as RG015 does.
func (p *Plan) prefixOwned(split *splits.Split) {
	pre := p.Prefix
	if pre == nil || p.PrefixOfSplit || pre.Width == 0 || split.Keys.Len() == 0 {
		return
	}
	s := keyshape.Shape{Alphabet: pre.Alphabet, Width: pre.Width, Values: p.PrefixValues}
	pl, ok := keyshape.Measure(s, split.Keys)
	if !ok || pl.Buckets == 0 {
		return
	}
	own := make([]float64, len(pl.Own))
	for i, n := range pl.Own {
		own[i] = float64(n)
	}
	before := imbalanceOf(split.Owned.Values())
	split.Owned = splits.OwnedOf(own...)
	if after := imbalanceOf(own); after > before*1.01 {
		split.Notes = append(split.Notes, fmt.Sprintf("imbalance measured on the rowkey's prefix %s (the values each region holds), not on the algorithm's own range: %.3f there", pre, before))
	}
}

// imbalanceOf is the largest amount over the mean; 0 when there are none.
func imbalanceOf(v []float64) float64 {
	total, largest := 0.0, 0.0
	for _, x := range v {
		total += x
		largest = max(largest, x)
	}
	if total <= 0 {
		return 0
	}
	return largest / (total / float64(len(v)))
}

// generate is the split of the rowkey prefix into regions, with the design's suffix,
// prefix values and alignment.
func (p *Plan) generate(regions int) (splits.Split, error) {
	opts := splits.Options{Suffix: p.Suffix, Values: p.PrefixValues}
	sp := p.Design.Splits
	if sp != nil && sp.Align.Set {
		opts.Align = sp.Align.V
	}
	// The count --balance rounded to a multiple of the RegionServers stays one when even
	// alignment raises it (42 regions on 7 servers over dec:2 went to 50, 7 to 8 a server):
	// a count that cannot be both is the splits' MultipleError. A count the design gives
	// itself (splits.regions) is the user's, balanced or not.
	if a := p.Access; a != nil && a.Balanced() && (sp == nil || !sp.Regions.Set) {
		opts.Multiple = a.Input.RegionServers
	}
	return splits.Generate(*p.Prefix, regions, opts)
}

// regionCount is the regions the split asks for: the spec's count, else the access plan's
// (the sizing's count, raised by the write-spread floor), else the sizing's; 0 when none.
func (p *Plan) regionCount() int {
	sp := p.Design.Splits
	switch {
	case sp != nil && sp.Regions.Set:
		return int(sp.Regions.V)
	case p.Access != nil:
		return p.Access.Regions
	case p.Capacity != nil:
		return p.Capacity.Regions
	}
	return 0
}

// fileSplit takes the split from the SPLITS_FILE the caller read (opt), or its error.
func (p *Plan) fileSplit(opt Options) {
	p.SplitSource = splits.SourceFile
	if opt.SplitsFileErr != nil {
		p.SplitsFileErr = opt.SplitsFileErr
		p.SplitErr = opt.SplitsFileErr
		return
	}
	f := opt.SplitsFile
	if f == nil {
		f = &splits.File{}
	}
	p.Split = &splits.Split{Spec: "file", Keys: f.SplitKeys()}
	p.Regions = f.Len() + 1
	p.SplitLines = f.LineNumbers()
	p.SplitsFileWarnings = f.Warnings
	p.SplitsFileMore = f.MoreWarnings
}

// ErrNoSample is a design whose split comes from a sample the caller did not read.
var ErrNoSample = errors.New("the splits sample was not read")

// sampleSplit cuts the split from the key sample: the region count from the design, the
// boundaries from the keys. The regions' shares of the sample are the split's Owned (so
// the report's imbalance is measured on the sample); the held-out keys' imbalance is a
// note.
func (p *Plan) sampleSplit(s *sample.Sample, regions int) {
	if s == nil {
		p.SplitErr = ErrNoSample
		return
	}
	var delim []byte
	if sp := p.Design.Splits; sp.Delimiter.Set {
		d, err := hbytes.ToBytesBinary(sp.Delimiter.V)
		if err != nil || len(d) == 0 {
			p.SplitErr = valueError("splits.delimiter", sp.Delimiter, `\x needs two uppercase hex digits`)
			return
		}
		delim = d
	}
	cut, err := s.Cut(regions, delim)
	if err != nil {
		p.SplitErr = err
		return
	}
	spec := "sample (exact)"
	if !s.Exact {
		spec = fmt.Sprintf("sample (sketch: each boundary within %g%% of the sample's weight)", 100*sample.Epsilon)
	}
	if delim != nil {
		spec += fmt.Sprintf(", never inside the field before %q", hbytes.ToStringBinary(delim))
	}
	split := &splits.Split{Spec: spec, Keys: splits.KeysOf(cut.Keys...), Owned: splits.OwnedOf(cut.Shares...)}
	if s.Exact {
		split.Notes = append(split.Notes, fmt.Sprintf("cut on %d sample keys: imbalance (largest region / mean) %.3f", s.CutRows, sample.Imbalance(cut.Shares)))
	} else {
		// Say so where the boundaries are printed: they are approximate, and the shares are
		// the sketch's estimates (each region's within twice the bound of the sample's weight).
		why := "the sample did not fit the memory budget"
		if s.Sketched {
			why = "the sample's inputs include sketches, which keep no exact keys"
		}
		split.Notes = append(split.Notes, fmt.Sprintf("cut on a sketch of %d sample keys (%s): each boundary within %g%% of the sample's weight; imbalance (largest region / mean) %.3f, as the sketch estimates it", s.CutRows, why, 100*sample.Epsilon, sample.Imbalance(cut.Shares)))
	}
	switch {
	case cut.Held != nil && s.Exact:
		split.Notes = append(split.Notes, fmt.Sprintf("on %d keys held out of the cut (%g of the sample): imbalance %.3f", s.HoldoutRows, s.Holdout, sample.Imbalance(cut.Held)))
	case cut.Held != nil:
		split.Notes = append(split.Notes, fmt.Sprintf("on %d keys held out of the cut (%g of the sample): imbalance %.3f, as a sketch of them estimates it (with few keys per region this mostly measures the sketch's error)", s.HoldoutRows, s.Holdout, sample.Imbalance(cut.Held)))
	default:
		split.Notes = append(split.Notes, "no keys held out: "+s.NoHoldout)
	}
	p.Split, p.SplitSource = split, splits.SourceSample
	p.Regions = split.Regions()
	p.SampleKeys = s.CutRows
	p.sampleFields(s)
}

// TableOf is the design's table settings as the create statement takes them.
// MAX_FILESIZE is the planned region size when there is a capacity plan.
func TableOf(d *tablespec.Spec, cp *capacity.Sizing) Table {
	t := Table{Name: d.Table.V}
	if t.Name == "" {
		t.Name = "t1"
	}
	for _, f := range d.Families {
		fam := Family{
			Name:        f.Name.V,
			Versions:    int(f.Versions.V),
			Compression: f.Compression.V,
			Bloom:       f.Bloom.V,
			BlockSize:   f.BlockSize.V,
			Encoding:    f.Encoding.V,
			InMemory:    f.InMemory.V,
			MinVersions: int(f.MinVersions.V),
			// BloomPrefixLength is set with bloom rowprefix_fixed_length:W.
			BloomPrefixLength: int(f.BloomPrefixLength.V),
			KeepDeletedCells:  f.KeepDeletedCells.V,
		}
		if f.BlockCache.Set {
			bc := f.BlockCache.V
			fam.BlockCache = &bc
		}
		for _, q := range f.Qualifiers {
			fam.Qualifiers = append(fam.Qualifiers, q.V)
		}
		if f.TTL.Set {
			if secs, err := f.TTLSeconds(); err == nil {
				fam.TTL = secs
			}
		}
		t.Families = append(t.Families, fam)
	}
	st := d.Settings
	if cp != nil && (!st.MaxFileSize.Set || st.MaxFileSize.V) {
		t.MaxFileSize = int64(designRegionSize(d))
	}
	if st.Normalization.Set {
		n := st.Normalization.V
		t.Normalization = &n
	}
	t.CreateNamespace = st.CreateNamespace.V
	t.RegionReplication = int(st.RegionReplication.V)
	t.Durability = st.Durability.V
	// The cluster's flush size (--flush-size, cluster flush_size) is a fact for the memstore
	// model and the split policy, never written; MEMSTORE_FLUSHSIZE is the table's own.
	if mf := st.MemstoreFlushSize; mf.Set {
		t.MemstoreFlushSize = int64(mf.V)
	}
	return t
}

// phoenixPK reads the Phoenix primary key: --phoenix-pk as a whole, else the spec's rowkey
// (the prefix's column, when the prefix is text, then each part with its phoenix_type).
// A byte:B prefix is Phoenix's salt byte, which Phoenix adds itself.
func (p *Plan) phoenixPK() error {
	d := p.Design
	if d.PhoenixPK.Set {
		cols, err := phoenix.ParsePK(d.PhoenixPK.V)
		if err != nil {
			return valueError("phoenix_pk", d.PhoenixPK, err.Error())
		}
		p.PhoenixPK = cols
		return nil
	}
	give := "give " + field.Ref("phoenix_pk") + " 'bucket CHAR(2), user_id VARCHAR, ts BIGINT', or a phoenix_type on each rowkey part of the spec"
	r := d.Rowkey
	if r == nil || len(r.Parts) == 0 || !r.Parts[0].PhoenixType.Set {
		p.PhoenixPKMissing = give
		return nil
	}
	var cols []phoenix.Column
	textPrefix := p.Prefix != nil && p.Prefix.Name != "byte"
	switch {
	case r.PrefixColumn != nil:
		t, err := phoenix.ParseType(r.PrefixColumn.PhoenixType.V)
		if err != nil {
			return valueError("rowkey.prefix_column.phoenix_type", r.PrefixColumn.PhoenixType, err.Error())
		}
		cols = append(cols, phoenix.Column{Name: r.PrefixColumn.Name.V, Type: t})
	case textPrefix:
		p.PhoenixPKMissing = fmt.Sprintf("the rowkey prefix %s needs a Phoenix column: give rowkey prefix_column {name: bucket, phoenix_type: CHAR(%d)} in the spec, or %s", p.Prefix, max(p.Prefix.Width, 1), field.Ref("phoenix_pk"))
		return nil
	}
	for _, part := range r.Parts {
		t, err := phoenix.ParseType(part.PhoenixType.V)
		if err != nil {
			return valueError("rowkey.parts.phoenix_type", part.PhoenixType, err.Error())
		}
		cols = append(cols, phoenix.Column{Name: part.Name.V, Type: t})
	}
	if err := phoenix.CheckPK(cols); err != nil {
		return &FieldError{Field: "rowkey", Pos: r.Pos, Rule: "as a Phoenix primary key: " + err.Error()}
	}
	p.PhoenixPK = cols
	return nil
}

// prefixLength is the prefix policy's prefix_length: the width every split key has (the
// prefix's; HexStringSplit's and DecimalStringSplit's keys too), where later splits cut.
func (p *Plan) prefixLength(v tablespec.Value[string]) (int, error) {
	width := 0
	if p.Split != nil && p.Prefix != nil {
		if w, same := p.Split.Keys.Width(); same {
			width = w
		}
	}
	if width == 0 {
		return 0, valueError("table.split_policy", v, "prefix needs split keys of one width on a rowkey prefix ("+field.Ref("rowkey.prefix")+", or "+field.Ref("splits.algo")+" HexStringSplit or DecimalStringSplit); use delimited, disabled or default")
	}
	if len(p.Split.Suffix) > 0 {
		// Keys NN| close bucket NN, whose rows are NN and a tail without the suffix:
		// HBase cuts a split point to prefix_length bytes, so the key's width (3) cuts
		// inside a bucket (375...) and the prefix's (2) at its first row, leaving the
		// region before it empty.
		return 0, valueError("table.split_policy", v, "prefix cannot keep buckets whole when the split keys end in "+field.Ref("rowkey.suffix")+": rows do not hold the suffix, so a later split cut to the key's width falls inside a bucket, and one cut to the prefix's at a bucket's first row leaves an empty region; split on the next prefix without a suffix, or use delimited when the rows hold a delimiter after the prefix")
	}
	return width, nil
}

// splitPolicy is the design's split policy with what it needs from the plan: the width of
// the split keys (prefixLength) or the delimiter after the prefix.
// policyDelimiter is the delimiter the delimited policy keeps the key whole up to: the
// rowkey's delimiter, else its suffix, else the delimiter a sample was cut on; "" when the
// design names none.
func policyDelimiter(d *tablespec.Spec) string {
	r := d.Rowkey
	switch sp := d.Splits; {
	case r != nil && r.Delimiter.Set && r.Delimiter.V != "":
		return r.Delimiter.V
	case r != nil && r.Suffix.Set:
		return r.Suffix.V
	case sp != nil && sp.Sample.Set && sp.Delimiter.Set && sp.Delimiter.V != "":
		// A sample cut on a delimiter (--sample with --delimiter): its keys end at the
		// leading field, the bytes before the delimiter the policy keeps whole.
		return sp.Delimiter.V
	}
	return ""
}

func (p *Plan) splitPolicy() (SplitPolicy, error) {
	d := p.Design
	v := d.Settings.SplitPolicy
	pol := SplitPolicy{Kind: v.V}
	switch v.V {
	case PolicyPrefix:
		width, err := p.prefixLength(v)
		if err != nil {
			return pol, err
		}
		pol.PrefixLength = width
	case PolicyDelimited:
		delim := policyDelimiter(d)
		if delim == "" || strings.Contains(delim, `\`) || hbase.CheckDelimiter(delim) != nil {
			return pol, valueError("table.split_policy", v, "delimited needs a printable delimiter after the prefix: "+field.Ref("rowkey.delimiter")+" (the rows' bytes after the prefix, NN|rest: |)")
		}
		if keyBytes, err := hbytes.ToBytesBinary(delim); err != nil || string(keyBytes) != delim {
			// The policy reads its delimiter with Bytes.toBytes (UTF-8: é is C3 A9), the split
			// keys are toBytesBinary text (é is the byte E9): beyond ASCII the two differ.
			return pol, valueError("table.split_policy", v, fmt.Sprintf("delimited needs an ASCII delimiter: the policy reads it as UTF-8 text (%s) where the split keys read it as toStringBinary text (%s)", hbytes.ToStringBinary([]byte(delim)), hbytes.ToStringBinary(keyBytes)))
		}
		pol.Delimiter = delim
	}
	return pol, nil
}

// policy models the split policy the table runs at the target (package splitpolicy) on the
// regions as created: lint judges it, and the growth table shows the regions it makes.
func (p *Plan) policy() {
	if p.Regions == 0 {
		return
	}
	d := p.Design
	pin := splitpolicy.Input{Target: p.Target, Policy: d.Settings.SplitPolicy.V, Regions: p.Regions,
		MaxFileSize: float64(p.Table.MaxFileSize)}
	pin.Replicas = p.Table.RegionReplication
	if pin.MaxFileSize == 0 && p.Capacity != nil {
		// MAX_FILESIZE left out (--max-filesize false): the cluster's
		// hbase.hregion.max.filesize applies, which --region-size states.
		pin.MaxFileSize = designRegionSize(d)
	}
	if cl := d.Cluster; cl != nil {
		pin.Servers = int(cl.RegionServers.V)
		pin.SplitLimit, pin.OtherRegions = int(cl.SplitLimit.V), int(cl.OtherRegions.V)
		pin.InitialSize, pin.ClusterPolicy = cl.InitialSize.V, cl.SplitPolicy.V
	}
	pin.FlushSize, _ = d.RegionFlushSize()
	if pin.Policy == splitpolicy.Prefix || pin.Policy == splitpolicy.Delimited {
		pin.Buckets, p.PolicyPrefixLength = p.policyBuckets(p.Suffix)
		if v := float64(p.PrefixValues); v > 0 && pin.Buckets > v {
			pin.Buckets = v // the keys take only these
		}
	}
	pin.Shares = p.regionShares()
	m := splitpolicy.For(pin)
	p.Policy = &m
	cp := p.Capacity
	if cp == nil {
		return
	}
	// The policy weighs what HBase's split rule weighs: the largest store, or all stores.
	p.PolicyBytes = cp.SplitBytes
	if len(cp.Horizons) == 0 {
		p.PolicyVolumes = []Volume{{Bytes: p.PolicyBytes}}
	}
	for _, h := range cp.Horizons {
		v := Volume{Days: h.Days, Bytes: h.SplitBytes}
		// Only where the policy changes the count: the regions created, or the horizon's.
		if r := m.RegionsFor(h.SplitBytes); r != max(p.Regions, h.Regions) {
			v.Regions = r
		}
		p.PolicyBytes = max(p.PolicyBytes, h.SplitBytes)
		p.PolicyVolumes = append(p.PolicyVolumes, v)
	}
	p.jitterNotes(m)
}

// regionShares are the created regions' fractions of the keys (the split's Owned), for
// the policy model: an uneven split's larger regions fill and split first. Nil when the
// split says nothing of what its regions own.
func (p *Plan) regionShares() []float64 {
	if p.Split == nil || p.Split.Owned.Len() != p.Regions {
		return nil
	}
	total := p.Split.Owned.Total()
	if total <= 0 {
		return nil
	}
	shares := p.Split.Owned.Values()
	for i := range shares {
		shares[i] /= total
	}
	return shares
}

// jitterShareShown is the share of early splits from which the plan states the jitter's:
// below a quarter of the regions, they are the noise every table has.
const jitterShareShown = 0.25

// adviceFill is the fill that plans every region at or below the lowest draw of
// MAX_FILESIZE (1 - jitter / 2), when the regions are even.
const adviceFill = 0.875

// jitterNotes states what HBase's jitter of MAX_FILESIZE does to the regions created at
// the volume they are sized for (the horizon's, with one; else the planned volume): each
// region draws its MAX_FILESIZE per open (ConstantSizeRegionSplitPolicy), so a region above
// the lowest draw may split before that volume. Judged on each region's own share of the
// split (the largest fills first), with a fill that keeps every region below every draw.
// Notes, not findings: true of every table planned near MAX_FILESIZE, and the plan still
// holds; an operator who wants the pre-split kept whole plans below it.
func (p *Plan) jitterNotes(m splitpolicy.Model) {
	bytes := p.Capacity.SplitBytes // what the regions are sized for, not the retention's
	if bytes <= 0 || m.Class == splitpolicy.DisabledClass || (m.Cuts && m.NeverSplits()) {
		return
	}
	shares := p.regionShares()
	if shares == nil {
		shares = slices.Repeat([]float64{1 / float64(p.Regions)}, p.Regions)
	}
	early, largest := 0.0, 0.0
	for _, sh := range shares {
		early += m.EarlyShare(bytes * sh)
		largest = max(largest, bytes*sh)
	}
	share := early / float64(len(shares))
	mean := bytes / float64(len(shares))
	if f := p.Design.Capacity.Fill; f.Set && f.V < 1 {
		p.fillNote(m, bytes, largest, share)
		return
	}
	if share < jitterShareShown || mean > m.MaxFileSize*1.0001 {
		return
	}
	lo, hi := m.Range(bytes)
	each := gibText(mean) + " each"
	if largest > mean*1.001 { // a difference the three digits show
		each = fmt.Sprintf("%s on average, the largest %s (%.1f%% of MAX_FILESIZE)", gibText(mean), gibText(largest), 100*largest/m.MaxFileSize)
	} else {
		each += fmt.Sprintf(", %.1f%% of MAX_FILESIZE", 100*mean/m.MaxFileSize)
	}
	p.Notes = append(p.Notes, fmt.Sprintf("HBase draws each region's MAX_FILESIZE when it opens, uniform in 0.875..1.125 x %s (hbase.hregion.max.filesize.jitter 0.25): the %d regions created hold %s at %s, so about %.0f%% of them (%d) split before it is reached and the table ends with %s regions there%s",
		humanize.IBytes(uint64(m.MaxFileSize)), p.Regions, each, p.sizedFor(), 100*share, int(math.Round(share*float64(p.Regions))), rangeText(lo, hi), p.fillAdvice(m, bytes)))
}

// rangeText is lo..hi, or the one count when the draws cannot change it (every region
// either above the highest draw or below the lowest: 58, not 58..58).
func rangeText(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return fmt.Sprintf("%d..%d", lo, hi)
}

// sizedFor names the volume the regions are sized for: the horizon's, with one.
func (p *Plan) sizedFor() string {
	if v := p.Capacity.Input.Volume; v.HorizonDays > 0 && v.SplitDays() < v.KeptDays() {
		return fmt.Sprintf("the horizon's volume (%s)", capacity.DaysText(v.SplitDays()))
	}
	return "the planned volume"
}

// fillNote states what a fill below 1 makes of the jitter, judged on the split's largest
// region: below the lowest draw no region splits before the volume the regions are sized
// for; above it, some may.
func (p *Plan) fillNote(m splitpolicy.Model, bytes, largest, share float64) {
	f := p.Design.Capacity.Fill
	low := m.MaxFileSize * (1 - m.Jitter()/2)
	head := fmt.Sprintf("the regions are planned at %s of MAX_FILESIZE (%s): %s a region", f.Raw, f.Src, humanize.IBytes(uint64(p.Capacity.Input.RegionSize)))
	if !exceeds(largest, low) {
		p.Notes = append(p.Notes, fmt.Sprintf("%s, and the largest region created holds %s at %s, so the jitter's draws (0.875..1.125 x MAX_FILESIZE) split none of them before it", head, gibText(largest), p.sizedFor()))
		return
	}
	p.Notes = append(p.Notes, fmt.Sprintf("%s, but the split is uneven: its largest region holds %s at %s, %.1f%% of MAX_FILESIZE, above the jitter's lowest draw (0.875 x), so about %.0f%% of the %d regions (%d) split before it%s",
		head, gibText(largest), p.sizedFor(), 100*largest/m.MaxFileSize, 100*share, p.Regions, int(math.Round(share*float64(p.Regions))), p.fillAdvice(m, bytes)))
}

// fillAdvice is the fill that keeps every region of the split below the jitter's lowest
// draw and the region count that fill plans ("; --fill F plans N regions below every
// draw"), found by sizing and splitting as the plan does; "" when the region count does
// not follow the fill (a spec's count, a splits file, a sample, the write-spread floor)
// or no fill up to a thousand regions more does it.
func (p *Plan) fillAdvice(m splitpolicy.Model, bytes float64) string {
	sp := p.Design.Splits
	switch {
	case sp != nil && (sp.Regions.Set || sp.File.Set || sp.Sample.Set), p.Access != nil && p.Access.Regions != p.Capacity.Regions,
		p.SplitSource != splits.SourceGenerated && p.SplitSource != splits.SourceAlgo:
		return ""
	}
	size := designRegionSize(p.Design)
	low := m.MaxFileSize * (1 - m.Jitter()/2)
	fill := adviceFill
	for range 1000 {
		regions, largest, ok := p.filled(size * fill)
		if !ok {
			return ""
		}
		if !exceeds(largest*bytes, low) {
			return fmt.Sprintf("; %s plans %d regions below every draw", field.Set("capacity.fill", strconv.FormatFloat(fill, 'g', -1, 64)), regions)
		}
		// One region more: the largest fill whose count is above this one's, to three places.
		fill = (math.Ceil(1000*bytes/(float64(regions)*size)) - 1) / 1000
		if fill <= 0 {
			return ""
		}
	}
	return ""
}

// filled is the region count the sizing gives at a region size of planned bytes and the
// largest region's share of the split made for it.
func (p *Plan) filled(planned float64) (int, float64, bool) {
	in := p.Capacity.Input
	in.RegionSize = planned
	cp, err := capacity.Compute(in)
	if err != nil {
		return 0, 0, false
	}
	var split splits.Split
	if p.SplitSource == splits.SourceAlgo {
		a, _ := p.Design.Algo()
		first, last := "", ""
		if sp := p.Design.Splits; sp != nil {
			first, last = sp.FirstRow.V, sp.LastRow.V
		}
		split, err = splits.RegionSplitter(a.V, cp.Regions, first, last)
	} else {
		split, err = p.generate(cp.Regions)
	}
	if err != nil || split.Owned.Len() == 0 {
		return 0, 0, false
	}
	total, largest := split.Owned.Total(), 0.0
	for _, o := range split.Owned.All() {
		largest = max(largest, o)
	}
	return split.Regions(), largest / total, total > 0
}

// exceeds says bytes are above limit, beyond float64's noise (as splitpolicy judges it).
func exceeds(bytes, limit float64) bool { return bytes > limit*(1+1e-12) }

// gibText is a size with three significant digits, so 9.98 GiB is not shown as 10.
func gibText(b float64) string {
	if b >= 1<<30 {
		return fmt.Sprintf("%.3g GiB", b/(1<<30))
	}
	return humanize.IBytes(uint64(b))
}

// policyBuckets is the number of distinct prefixes a prefix policy keeps whole, and the
// prefix length it cuts to: the split keys' width (the prefix and its suffix), over the
// prefix's alphabet; 0 when the keys have no one width on a prefix.
func (p *Plan) policyBuckets(suffix []byte) (float64, int) {
	if p.Split == nil || p.Prefix == nil {
		return 0, 0
	}
	w, same := p.Split.Keys.Width()
	if !same || w == 0 {
		return 0, 0
	}
	pw := w - len(suffix)
	if len(suffix) > 0 && p.Split.Keys.Len() > 0 && !strings.HasSuffix(string(p.Split.Keys.At(0)), string(suffix)) {
		pw = w
	}
	if pw <= 0 {
		return 0, w
	}
	b := math.Pow(float64(len(p.Prefix.Alphabet)), float64(pw))
	if p.Prefix.Width > 0 && pw > p.Prefix.Width {
		// Keys longer than the prefix: the prefix's values bound the distinct cut points.
		b = math.Pow(float64(len(p.Prefix.Alphabet)), float64(p.Prefix.Width))
	}
	return b, w
}

// compressionRatio refuses a ratio below 1 for a table that stores some family
// uncompressed: the ratio is what a codec makes of the data, and without one HBase stores
// the raw bytes. A table the user did not describe (presplit's placeholder family) gets a
// note instead: its create statement sets no codec.
func (p *Plan) compressionRatio(placeholder bool) error {
	d := p.Design
	c := d.Capacity
	if err := familyRatios(d); err != nil || c == nil || !c.CompressionRatio.Set || c.CompressionRatio.V >= 1 {
		return err
	}
	for _, f := range d.Families {
		codec := f.Compression
		if codec.Set && codec.V != "NONE" || f.CompressionRatio.Set {
			continue // a codec, or the family's own ratio (familyRatios checks it)
		}
		if placeholder {
			n := fmt.Sprintf("the compression ratio %s assumes a codec, and the table sets none: give %s (SNAPPY, LZ4, ZSTD) or the create statement stores the data uncompressed", c.CompressionRatio.Raw, field.Ref("families.compression"))
			p.Notes, p.Unstated = append(p.Notes, n), append(p.Unstated, n)
			return nil
		}
		other := fmt.Sprintf("family %s has no compression", field.Quote(f.Name.V))
		switch {
		case codec.Set && codec.Src != "":
			other = fmt.Sprintf("%s %s stores family %s uncompressed", codec.Src, codec.Raw, field.Quote(f.Name.V))
		case codec.Set:
			other = fmt.Sprintf("family %s has compression NONE (line %d)", field.Quote(f.Name.V), codec.Pos.Line)
		case f.Pos.Line > 0:
			other = fmt.Sprintf("family %s (line %d) has no compression", field.Quote(f.Name.V), f.Pos.Line)
		}
		return valueError("capacity.compression_ratio", c.CompressionRatio,
			"a ratio below 1 is what a codec makes of the data, and "+other+": HBase stores its raw bytes; give the family a codec (SNAPPY, LZ4, ZSTD) or leave the ratio at 1")
	}
	return nil
}

// familyRatios refuses a family's own compression ratio below 1 when the family stores
// its data uncompressed, as compressionRatio refuses the table's.
func familyRatios(d *tablespec.Spec) error {
	for _, f := range d.Families {
		r, codec := f.CompressionRatio, f.Compression
		if !r.Set || r.V >= 1 || codec.Set && codec.V != "NONE" {
			continue
		}
		return valueError("families.compression_ratio", r, fmt.Sprintf("a ratio below 1 is what a codec makes of the data, and family %s has no compression: HBase stores its raw bytes; give the family a codec (SNAPPY, LZ4, ZSTD) or leave its ratio at 1", field.Quote(f.Name.V)))
	}
	return nil
}
