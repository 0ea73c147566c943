// Package plan builds the one plan every command and format renders: from a table's design
// (a tablespec.Spec, filled by a YAML file, by flags, or both) it derives the capacity
// model's answer, the split actually created, the table's settings and the findings, so
// `plan`, `splits`, `lint` and `verify` say the same thing about the same inputs.
//
// Data flows one way: design -> Build -> Plan -> render. The package reads no files and
// speaks no flag names: its errors name the design's fields and carry where each value
// came from (a position in the spec, or the Src the CLI gave it).
package plan

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/presplit/presplit/access"
	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/render"
	"github.com/presplit/presplit/sample"
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
	Design   *tablespec.Spec
	Capacity *capacity.Plan // nil when the design gives no volume
	Prefix   *splits.Prefix // the rowkey prefix's shape; nil when there is none
	// Split is the split the table is created with; nil when none can be made, and then
	// SplitErr says why (a prefix too narrow, no prefix, no region count).
	Split       *splits.Split
	SplitErr    error
	SplitSource string // "generated", "algo", "file", "sample" or ""
	Regions     int    // regions created: the split's, else the count asked for
	Table       render.Table
	// Target is the HBase version the plan is written for (the design's, else
	// hbase.DefaultVersion): what it accepts and how its regions split.
	Target   hbase.Version
	Findings []finding.Finding
	// Notes are decisions the plan took where the design was silent, for the report.
	Notes []string
	// PhoenixPK is the Phoenix primary key (--phoenix-pk, else the spec's rowkey
	// prefix_column and parts' phoenix_type); nil when the design gives none, and then
	// PhoenixPKMissing says what would.
	PhoenixPK        []phoenix.Column
	PhoenixPKMissing string
	// Access is the access pattern's sizing (write-spread floor, balance) and the load
	// of the regions created; nil when the design gives no rate, scan share or balance.
	Access *access.Plan

	lintInput lint.Input
}

// FieldError is a value of the design outside a rule. Field is the design's name for it
// (capacity.region_size); Pos is where the spec file sets it, Src where else it came from
// (the CLI's flag), Raw its text as written.
type FieldError struct {
	Field string
	Pos   tablespec.Pos
	Src   string
	Raw   string
	Rule  string
}

func (e *FieldError) Error() string {
	return fmt.Sprintf("%s %q: %s", e.Field, e.Raw, e.Rule)
}

// ErrNoPrefix is the split of a design whose rowkey has no prefix to split on.
var ErrNoPrefix = errors.New("the rowkey has no prefix to split on")

// ErrNoRegions is the split of a design that gives neither a volume nor a region count.
var ErrNoRegions = errors.New("no region count: give a volume to size or a region count")

// Build derives the plan from the design. The error is a *FieldError for a value the
// design's own rules refuse; a split that cannot be made is not an error here (lint
// reports why, in RG006 and RG011) but Plan.SplitErr, for commands that need the split.
func Build(d *tablespec.Spec, opt Options) (*Plan, error) {
	p := &Plan{Design: d}
	if err := p.target(); err != nil {
		return nil, err
	}
	in := lint.Input{Spec: d, Format: opt.Format, Families: opt.Families, PlaceholderFamilies: opt.PlaceholderFamilies, Target: p.Target}
	if in.Families == 0 {
		in.Families = len(d.Families)
	}

	if err := p.ttlFromRetention(&in); err != nil {
		return nil, err
	}
	if c := d.Capacity; c != nil {
		ci, err := capacityInput(d, in.Families, in.TTLDays)
		if err != nil {
			return nil, err
		}
		if ci.SplitShare, ci.SplitStore, err = p.splitShare(); err != nil {
			return nil, err
		}
		cp, err := capacity.Compute(ci)
		if err != nil {
			return nil, capacityError(d, err)
		}
		p.Capacity = &cp
		p.capacityNotes()
	}
	in.Plan = p.Capacity

	r := d.Rowkey
	if r != nil && r.Suffix.Set {
		suffix, err := hbytes.ToBytesBinary(r.Suffix.V)
		if err != nil {
			return nil, valueError("rowkey.suffix", r.Suffix, `\x needs two uppercase hex digits`)
		}
		in.Suffix = suffix
	}
	if err := p.prefix(&in); err != nil {
		return nil, err
	}
	if err := p.accessPlan(); err != nil {
		return nil, err
	}
	p.split(&in, opt)
	if p.Split != nil {
		// Whatever made the keys (a long suffix, first or last row, sample), HBase stores
		// no row past its limit: a longer key creates no table.
		if err := p.Split.Keys.CheckLengths(); err != nil {
			p.Split, p.SplitErr, in.SplitKeyErr = nil, err, err
		}
	}
	if p.Access != nil {
		p.Access.Load = p.Access.At(p.Regions, p.Capacity)
		in.Access = p.Access
	}
	if err := p.phoenixPK(); err != nil {
		return nil, err
	}
	in.PhoenixPK = p.PhoenixPK
	in.Phoenix = opt.Format == "phoenix" || p.PhoenixPK != nil
	in.Split, in.SplitSource, in.Regions, in.Prefix = p.Split, p.SplitSource, p.Regions, p.Prefix
	if p.Capacity != nil && p.Capacity.Input.Cluster.RegionServers > 0 && p.Regions > 0 {
		// Judged on the regions created, not the sizing's count.
		p.Capacity.RegionsPerServer = float64(p.Regions) / float64(p.Capacity.Input.Cluster.RegionServers)
	}
	p.lintInput = in
	p.Findings = lint.Run(in)
	p.Table = Table(d, p.Capacity)
	p.Table.Target = p.Target
	if p.Table.MaxFileSize > 0 && p.Table.MaxFileSize < hbase.MinMaxFileSize {
		return nil, valueError("capacity.region_size", d.Capacity.RegionSize, "MAX_FILESIZE "+hbase.ErrMaxFileSize.Error()+"; or leave MAX_FILESIZE to the cluster")
	}
	if cn := d.Settings.CreateNamespace; cn.V {
		if ns := p.Table.Namespace(); ns == "" || ns == "default" {
			return nil, valueError("table.create_namespace", cn, render.ErrCreateNamespace.Error())
		}
	}
	if p.Split != nil || d.Settings.SplitPolicy.V != render.PolicyPrefix {
		pol, err := p.splitPolicy()
		if err != nil {
			return nil, err
		}
		p.Table.SplitPolicy = pol
	}
	return p, nil
}

// target reads the design's HBase version and refuses every value of the design the
// target lacks (a compression, encoding, bloom filter or RegionSplitter algorithm added
// in a later release), naming the release that added it.
func (p *Plan) target() error {
	d := p.Design
	p.Target = hbase.DefaultVersion
	if v := d.Settings.HBaseVersion; v.Set {
		t, err := hbase.ParseVersion(v.V)
		if err != nil {
			return valueError("table.hbase_version", v, err.Error())
		}
		p.Target = t
	}
	for _, f := range d.Families {
		for _, c := range []struct {
			field string
			v     tablespec.Value[string]
			check func(hbase.Version, string) error
		}{
			{"compression", f.Compression, hbase.CheckCompression},
			{"encoding", f.Encoding, hbase.CheckEncoding},
			{"bloom", f.Bloom, hbase.CheckBloom},
		} {
			if !c.v.Set {
				continue
			}
			if err := c.check(p.Target, c.v.V); err != nil {
				return valueError("family "+f.Name.V+" "+c.field, c.v, err.Error())
			}
		}
	}
	for _, f := range d.Families {
		// TableDescriptorChecker refuses MIN_VERSIONS above VERSIONS (1 when unset).
		if mv := f.MinVersions; mv.Set && mv.V > max(f.Versions.V, 1) {
			return valueError("family "+f.Name.V+" min_versions", mv, fmt.Sprintf("must not exceed the family's VERSIONS (%d): HBase refuses MIN_VERSIONS above VERSIONS", max(f.Versions.V, 1)))
		}
	}
	if a, field := algo(d); a.Set {
		if err := hbase.CheckAlgorithm(p.Target, a.V); err != nil {
			return valueError(field, a, err.Error())
		}
	}
	return nil
}

// LintInput is what lint reviewed, for running a single analyzer again (tests).
func (p *Plan) LintInput() lint.Input { return p.lintInput }

// Doc is what the renderers show.
func (p *Plan) Doc() render.Doc {
	doc := render.Doc{Table: p.Table, Plan: p.Capacity, Findings: p.Findings, Notes: p.Notes,
		PhoenixPK: p.PhoenixPK, PhoenixPKMissing: p.PhoenixPKMissing, Access: p.Access}
	if p.Split != nil {
		doc.Split = *p.Split
	}
	return doc
}

// ttlFromRetention makes the families' TTL and the retention agree. With a retention and
// no TTL anywhere, every family's TTL becomes the retention (data older than the retention
// would otherwise be kept, and the sizing would be wrong). A TTL shorter than the retention
// wins: the data expires, so the table is sized on the longest TTL.
func (p *Plan) ttlFromRetention(in *lint.Input) error {
	d := p.Design
	c := d.Capacity
	if c == nil || !c.Retention.Set {
		return nil
	}
	anyTTL := false
	longest := int64(0)
	for _, f := range d.Families {
		if !f.TTL.Set {
			longest = math.MaxInt64 // a family without TTL keeps its data forever
			continue
		}
		anyTTL = true
		secs, err := f.TTLSeconds()
		if err != nil {
			continue // CF006 reports a TTL HBase cannot read
		}
		if secs == hbase.Forever {
			secs = math.MaxInt64
		}
		longest = max(longest, secs)
	}
	if !anyTTL {
		secs := strconv.FormatInt(c.Retention.V, 10)
		for i := range d.Families {
			d.Families[i].TTL = tablespec.Value[string]{V: secs, Set: true, Raw: secs, Pos: c.Retention.Pos, Src: c.Retention.Src}
		}
		p.Notes = append(p.Notes, fmt.Sprintf("every family's TTL is the retention, %s (%d seconds): no TTL was given", c.Retention.Raw, c.Retention.V))
		return nil
	}
	if longest < c.Retention.V {
		in.TTLDays = math.Ceil(float64(longest) / 86400)
	}
	return nil
}

// splitShare is the part of a row's bytes the target's split rule weighs against the region
// size, when every family gives its share of the row: HBase 2.x splits a region when its
// largest store (one family) exceeds MAX_FILESIZE (hbase.hregion.split.overallfiles is
// false), so a region then holds region size / largest share; 3.x weighs all stores
// together. Without shares the rule cannot tell: 1, the whole row, as before.
func (p *Plan) splitShare() (float64, string, error) {
	d := p.Design
	var given []tablespec.Family
	for _, f := range d.Families {
		if f.Share.Set {
			given = append(given, f)
		}
	}
	if len(given) == 0 {
		return 0, "", nil
	}
	if len(given) < len(d.Families) {
		for _, f := range d.Families {
			if !f.Share.Set {
				return 0, "", valueError("families.share", given[0].Share, fmt.Sprintf("every family gives its share of the row when one does; family %s has none", f.Name.V))
			}
		}
	}
	sum, largest := 0.0, given[0]
	for _, f := range given {
		sum += f.Share.V
		if f.Share.V > largest.Share.V {
			largest = f
		}
	}
	if math.Abs(sum-1) > 0.001 {
		return 0, "", valueError("families.share", given[0].Share, fmt.Sprintf("the families' shares of a row must add up to 1, they add up to %.4g", sum))
	}
	if largest.Share.V >= 1 {
		return 0, "", nil // one family holds the row: the rules agree
	}
	if hbase.SplitOnOverall.In(p.Target) {
		p.Notes = append(p.Notes, fmt.Sprintf("HBase %s splits a region when all its stores together exceed MAX_FILESIZE (hbase.hregion.split.overallfiles): the regions are sized on the whole row", p.Target))
		return 0, "", nil
	}
	p.Notes = append(p.Notes, fmt.Sprintf("HBase %s splits a region when its largest store exceeds MAX_FILESIZE: family %s holds %.4g of each row, so a region holds region size / %.4g before it splits", p.Target, largest.Name.V, largest.Share.V, largest.Share.V))
	return largest.Share.V, largest.Name.V, nil
}

// capacityNotes states what a horizon leaves to HBase's own splits, so the report says
// what the plan creates and the growth table never argues with it. (A TTL shorter than
// the retention is in the report's inputs, and CP003 says it in every format.)
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
		cells := &capacity.Cells{
			Count:        int(c.Cells.Count.V),
			RowLen:       int(c.Cells.RowLen.V),
			FamilyLen:    int(fam),
			QualifierLen: int(qual),
			ValueLen:     int(c.Cells.ValueLen.V),
			Versions:     int(c.Cells.Versions.V),
		}
		v.Rows = c.Rows.V
		v.Cells = cells
		v.RowBytes = cells.RowBytes()
	default:
		v.Rows = c.Rows.V
		v.RowBytes = c.KV.V
	}
	in.CompressionRatio = c.CompressionRatio.V
	in.Redundancy = c.Redundancy.V
	in.RegionSize = c.RegionSize.V
	in.Replication = int(c.Replication.V)
	if cl := d.Cluster; cl != nil {
		in.Cluster.RegionServers = int(cl.RegionServers.V)
		in.Cluster.Heap = cl.Heap.V
		in.Cluster.MemstoreFraction = cl.MemstoreFraction.V
		in.Cluster.FlushSize = cl.FlushSize.V
	}
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

// origin is where a design value came from, for a message about it.
type origin struct {
	pos      tablespec.Pos
	src, raw string
}

func originOf[T any](v tablespec.Value[T]) origin { return origin{v.Pos, v.Src, v.Raw} }

func valueError[T any](field string, v tablespec.Value[T], rule string) error {
	return &FieldError{Field: field, Pos: v.Pos, Src: v.Src, Raw: v.Raw, Rule: rule}
}

// algo is the RegionSplitter algorithm the design names (splits algo, else rowkey algo).
func algo(d *tablespec.Spec) (tablespec.Value[string], string) {
	if sp := d.Splits; sp != nil && sp.Algo.Set {
		return sp.Algo, "splits.algo"
	}
	if r := d.Rowkey; r != nil && r.Algo.Set {
		return r.Algo, "rowkey.algo"
	}
	return tablespec.Value[string]{}, ""
}

// prefix reads the shape of the rowkey's leading bytes: the rowkey prefix, or the keys of
// HexStringSplit/DecimalStringSplit (the number in radix 16, lower case, or 10, padded to
// the width of the last row, 8 by default); the default hex when the design says nothing
// of its rowkey.
func (p *Plan) prefix(in *lint.Input) error {
	d := p.Design
	r := d.Rowkey
	a, _ := algo(d)
	spec := ""
	switch {
	case r != nil && r.Prefix.Set:
		pre, err := splits.ParsePrefix(r.Prefix.V)
		if err != nil {
			var pe *splits.PrefixError
			if errors.As(err, &pe) {
				return valueError("rowkey.prefix", r.Prefix, pe.Reason)
			}
			return valueError("rowkey.prefix", r.Prefix, err.Error())
		}
		p.Prefix = &pre
		return nil
	case a.V == "HexStringSplit" || a.V == "DecimalStringSplit":
		width := 8 // RegionSplitter pads to the last row's width: 8 by default, else its own
		if sp := d.Splits; sp != nil && sp.LastRow.Set && len(sp.LastRow.V) > 0 {
			width = len(sp.LastRow.V)
		}
		spec = map[string]string{"HexStringSplit": "hex", "DecimalStringSplit": "dec"}[a.V] + ":" + strconv.Itoa(min(width, splits.MaxWidth))
		in.PrefixOfSplit = true
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

// split makes the split the table is created with.
func (p *Plan) split(in *lint.Input, opt Options) {
	d := p.Design
	sp := d.Splits
	regions := 0
	if sp != nil && sp.Regions.Set {
		regions = int(sp.Regions.V)
	} else if p.Access != nil {
		regions = p.Access.Regions // the sizing's count, raised by the write-spread floor
	} else if p.Capacity != nil {
		regions = p.Capacity.Regions
	}
	p.Regions = regions
	a, _ := algo(d)
	switch {
	case sp != nil && sp.File.Set:
		p.SplitSource = "file"
		if opt.SplitsFileErr != nil {
			in.SplitsFileErr = opt.SplitsFileErr
			p.SplitErr = opt.SplitsFileErr
			return
		}
		f := opt.SplitsFile
		if f == nil {
			f = &splits.File{}
		}
		p.Split = &splits.Split{Spec: "file", Keys: splits.KeysOf(f.Keys...)}
		p.Regions = len(f.Keys) + 1
		in.SplitLines = f.Lines
		in.SplitsFileWarnings = f.Warnings
		in.SplitsFileMore = f.MoreWarnings
		return
	case regions == 0:
		p.SplitErr = ErrNoRegions
		return
	case sp != nil && sp.Sample.Set:
		p.sampleSplit(in, opt.Sample, regions)
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
		p.Split, p.SplitSource = &split, "algo"
	case p.Prefix == nil:
		in.NoPrefix = true
		p.SplitErr = ErrNoPrefix
	default:
		opts := splits.Options{Suffix: in.Suffix}
		if sp != nil && sp.Align.Set {
			opts.Align = sp.Align.V
		}
		split, err := splits.Generate(*p.Prefix, regions, opts)
		if err != nil {
			p.SplitErr = err
			return
		}
		p.Split, p.SplitSource = &split, "generated"
		p.Regions = split.Regions()
	}
}

// ErrNoSample is a design whose split comes from a sample the caller did not read.
var ErrNoSample = errors.New("the splits sample was not read")

// sampleSplit cuts the split from the key sample: the region count from the design, the
// boundaries from the keys. The regions' shares of the sample are the split's Owned (so
// the report's imbalance is measured on the sample); the held-out keys' imbalance is a
// note.
func (p *Plan) sampleSplit(in *lint.Input, s *sample.Sample, regions int) {
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
		split.Notes = append(split.Notes, fmt.Sprintf("cut on a sketch of %d sample keys (the sample did not fit the memory budget): each boundary within %g%% of the sample's weight; imbalance (largest region / mean) %.3f, as the sketch estimates it", s.CutRows, 100*sample.Epsilon, sample.Imbalance(cut.Shares)))
	}
	switch {
	case cut.Held != nil && s.Exact:
		split.Notes = append(split.Notes, fmt.Sprintf("on %d keys held out of the cut (%g of the sample): imbalance %.3f", s.HoldoutRows, s.Holdout, sample.Imbalance(cut.Held)))
	case cut.Held != nil:
		split.Notes = append(split.Notes, fmt.Sprintf("on %d keys held out of the cut (%g of the sample): imbalance %.3f, as a sketch of them estimates it (with few keys per region this mostly measures the sketch's error)", s.HoldoutRows, s.Holdout, sample.Imbalance(cut.Held)))
	default:
		split.Notes = append(split.Notes, "no keys held out: "+s.NoHoldout)
	}
	p.Split, p.SplitSource = split, "sample"
	p.Regions = split.Regions()
	in.SampleKeys = s.CutRows
}

// Table is the design's table settings in the renderers' terms. MAX_FILESIZE is the
// planned region size when there is a capacity plan.
func Table(d *tablespec.Spec, cp *capacity.Plan) render.Table {
	t := render.Table{Name: d.Table.V}
	if t.Name == "" {
		t.Name = "t1"
	}
	for _, f := range d.Families {
		fam := render.Family{
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
		t.MaxFileSize = int64(cp.Input.RegionSize)
	}
	if st.Normalization.Set {
		n := st.Normalization.V
		t.Normalization = &n
	}
	t.CreateNamespace = st.CreateNamespace.V
	t.RegionReplication = int(st.RegionReplication.V)
	t.Durability = st.Durability.V
	if cl := d.Cluster; cl != nil && cl.FlushSize.Set {
		// The flush size the memstore model used is the table's: MEMSTORE_FLUSHSIZE.
		t.MemstoreFlushSize = int64(cl.FlushSize.V)
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
	give := "give --phoenix-pk 'bucket CHAR(2), user_id VARCHAR, ts BIGINT', or a phoenix_type on each rowkey part of the spec"
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
		p.PhoenixPKMissing = fmt.Sprintf("the rowkey prefix %s needs a Phoenix column: give rowkey prefix_column {name: bucket, phoenix_type: CHAR(%d)} in the spec, or --phoenix-pk", p.Prefix, max(p.Prefix.Width, 1))
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

// splitPolicy is the design's split policy with what it needs from the plan: the width of
// the split keys (the prefix and its suffix) or the delimiter after the prefix.
func (p *Plan) splitPolicy() (render.SplitPolicy, error) {
	d := p.Design
	v := d.Settings.SplitPolicy
	pol := render.SplitPolicy{Kind: v.V}
	switch v.V {
	case render.PolicyPrefix:
		// Every key of a prefix split (and of HexStringSplit/DecimalStringSplit) has the
		// same width, the prefix's plus the suffix's: later splits cut there.
		width := 0
		if p.Split != nil && p.Prefix != nil {
			if w, same := p.Split.Keys.Width(); same {
				width = w
			}
		}
		if width == 0 {
			return pol, valueError("table.split_policy", v, "prefix needs split keys of one width on a rowkey prefix (--prefix, or --algo HexStringSplit or DecimalStringSplit); use delimited, disabled or default")
		}
		pol.PrefixLength = width
	case render.PolicyDelimited:
		delim := ""
		if r := d.Rowkey; r != nil && r.Delimiter.Set && r.Delimiter.V != "" {
			delim = r.Delimiter.V
		} else if r != nil && r.Suffix.Set {
			delim = r.Suffix.V
		}
		if delim == "" || strings.Contains(delim, `\`) || hbase.CheckDelimiter(delim) != nil {
			return pol, valueError("table.split_policy", v, "delimited needs a printable delimiter after the prefix: --suffix (or rowkey delimiter)")
		}
		pol.Delimiter = delim
	}
	return pol, nil
}
