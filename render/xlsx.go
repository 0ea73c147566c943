package render

// The capacity workbook (--format xlsx): the plan as a spreadsheet whose derivation is live.
//
// Sheets, in order (Plan and Growth only when the Doc has a capacity plan, Growth only for
// daily ingest):
//
//   - Plan: every input of the capacity model as an editable cell (column B, filled yellow)
//     with its GiB figure, unit and flag beside it; then the derivation as formulas on the
//     inputs, mirroring capacity.Compute step by step; then the cluster figures when the plan
//     has them, the split created and the plan's notes.
//   - Growth: one row per growth horizon, each figure a formula on the inputs, and a line
//     chart of regions over days.
//   - Regions: region number (from 1), start and end key as text cells in toStringBinary form,
//     the region's share of the key space, its estimated bytes (a formula on planned_bytes);
//     a bar chart of the shares.
//   - Findings: severity, code, message, fix.
//
// Every input and result has a workbook-scoped defined name spelled as its JSON field
// (rows, row_bytes, compression_ratio, redundancy, region_size_bytes, replication, raw_bytes,
// stored_bytes, planned_bytes, exact_regions, regions, disk_bytes, ...; see xlsxNames), so
// formulas, other sheets and a planner's own cells read by name.
//
// Formulas carry no cached values: the workbook asks for a full recalculation on load
// (fullCalcOnLoad), which Excel and LibreOffice honour.

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"

	"github.com/xuri/excelize/v2"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/hbytes"
)

// XLSXMaxCellChars is the most characters a spreadsheet cell holds (Excel's limit, which
// excelize enforces by truncating): a key whose toStringBinary form is longer cannot be
// written as one cell, and a cut key would be a wrong key.
const XLSXMaxCellChars = excelize.TotalCellChars

// Sheet names of the workbook.
const (
	XLSXPlanSheet     = "Plan"
	XLSXGrowthSheet   = "Growth"
	XLSXRegionsSheet  = "Regions"
	XLSXFindingsSheet = "Findings"
)

// gib is the divisor of the GiB columns.
const gib = 1 << 30

// Number formats: thousands separators for bytes and counts, GiB with one decimal.
const (
	fmtWhole   = "#,##0"
	fmtGiB     = "#,##0.0"
	fmtRatio   = "0.00##"
	fmtDecimal = "#,##0.0##"
	fmtShare   = "0.000%"
)

// xlsxRow is one line of the Plan sheet: a label, a value or a formula, its unit and where
// it comes from (the flag, or the formula in words).
type xlsxRow struct {
	label   string
	name    string  // the defined name; "" for none
	value   float64 // inputs
	formula string  // results; when set, value is unused
	unit    string
	bytes   bool   // a byte figure: whole-number format and a GiB column
	format  string // number format; fmtWhole by default
	note    string // column E: the flag of an input, the formula of a result
}

// XLSX writes the Doc as an Excel workbook (.xlsx). The output is deterministic: no
// timestamps, same Doc, same bytes.
func XLSX(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	for i, k := range d.Split.Keys.All() {
		if n := len(hbytes.ToStringBinary(k)); n > XLSXMaxCellChars {
			return &FormatError{Format: "xlsx", Reason: fmt.Sprintf(
				"split key %d is %d characters in toStringBinary form, more than the %d a spreadsheet cell holds; use --format splits-file",
				i+1, n, XLSXMaxCellChars)}
		}
	}
	x, err := newWorkbook()
	if err != nil {
		return err
	}
	defer func() { _ = x.f.Close() }()

	if p := d.Plan; p != nil {
		if err := x.planSheet(d, p); err != nil {
			return err
		}
		if len(p.Horizons) > 0 {
			if err := x.growthSheet(p); err != nil {
				return err
			}
		}
	}
	if err := x.regionsSheet(d); err != nil {
		return err
	}
	if err := x.findingsSheet(d); err != nil {
		return err
	}
	if x.err != nil {
		return x.err
	}
	// excelize starts every workbook with Sheet1; it made way for the first sheet written.
	if err := x.f.DeleteSheet("Sheet1"); err != nil {
		return err
	}
	x.f.SetActiveSheet(0)
	fullCalc := true
	if err := x.f.SetCalcProps(&excelize.CalcPropsOptions{FullCalcOnLoad: &fullCalc}); err != nil {
		return err
	}
	// excelize lists the image extensions of [Content_Types].xml in map order: sort them,
	// so that the same Doc gives the same bytes.
	if ct := x.f.ContentTypes; ct != nil {
		sort.SliceStable(ct.Defaults, func(i, j int) bool { return ct.Defaults[i].Extension < ct.Defaults[j].Extension })
	}
	var buf bytes.Buffer
	if err := x.f.Write(&buf); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// workbook is a file being written and its styles.
type workbook struct {
	f      *excelize.File
	styles map[string]int // number format (or a kind) -> style id
	err    error          // the first style excelize refused (see style)
}

func newWorkbook() (*workbook, error) {
	f := excelize.NewFile()
	// Fixed document properties: excelize would otherwise stamp the time of writing.
	if err := f.SetDocProps(&excelize.DocProperties{
		Creator: "presplit", Created: "2000-01-01T00:00:00Z", Modified: "2000-01-01T00:00:00Z",
		Title: "presplit capacity plan",
	}); err != nil {
		return nil, err
	}
	return &workbook{f: f, styles: map[string]int{}}, nil
}

// style returns the style id of a number format; input cells are filled yellow, headers bold.
// A style excelize refuses is kept in x.err (the first one) and XLSX returns it before it
// writes a byte, so that the sheet writers need not check every look-up.
func (x *workbook) style(numFmt string, input, bold bool) int {
	key := fmt.Sprintf("%s|%t|%t", numFmt, input, bold)
	if id, ok := x.styles[key]; ok {
		return id
	}
	s := &excelize.Style{}
	if numFmt != "" {
		nf := numFmt
		s.CustomNumFmt = &nf
	}
	if input {
		s.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFF2CC"}}
		s.Border = []excelize.Border{
			{Type: "left", Color: "BF9000", Style: 1}, {Type: "right", Color: "BF9000", Style: 1},
			{Type: "top", Color: "BF9000", Style: 1}, {Type: "bottom", Color: "BF9000", Style: 1},
		}
	}
	if bold {
		s.Font = &excelize.Font{Bold: true}
	}
	id, err := x.f.NewStyle(s)
	if err != nil {
		if x.err == nil {
			x.err = err
		}
		return 0
	}
	x.styles[key] = id
	return id
}

// addSheet creates a sheet; the first one takes Sheet1's place at the front.
func (x *workbook) addSheet(name string) error {
	_, err := x.f.NewSheet(name)
	return err
}

// planSheet writes the Plan sheet and the defined names of every input and result.
func (x *workbook) planSheet(d Doc, p *capacity.Plan) error {
	const sh = XLSXPlanSheet
	if err := x.addSheet(sh); err != nil {
		return err
	}
	f := x.f
	bold := x.style("", false, true)
	set := func(cell string, v any) error { return f.SetCellValue(sh, cell, v) }
	if err := set("A1", "presplit capacity plan for table "+d.Table.Name); err != nil {
		return err
	}
	if err := f.SetCellStyle(sh, "A1", "A1", bold); err != nil {
		return err
	}
	if err := set("A2", "Edit the yellow input cells: every result is a live formula on them. Each input and result has a defined name (its JSON field) to use in formulas."); err != nil {
		return err
	}
	r := 4
	section := func(title, valueHead, noteHead string) error {
		for i, v := range []string{title, valueHead, "GiB", "unit", noteHead} {
			cell, _ := excelize.CoordinatesToCellName(i+1, r)
			if err := set(cell, v); err != nil {
				return err
			}
		}
		a, _ := excelize.CoordinatesToCellName(1, r)
		e, _ := excelize.CoordinatesToCellName(5, r)
		r++
		return f.SetCellStyle(sh, a, e, bold)
	}
	rows := func(list []xlsxRow, input bool) error {
		for _, row := range list {
			if err := x.planRow(r, row, input); err != nil {
				return err
			}
			r++
		}
		r++
		return nil
	}
	inputs, results := xlsxPlanRows(p)
	if err := section("Inputs", "value", "flag"); err != nil {
		return err
	}
	if err := rows(inputs, true); err != nil {
		return err
	}
	if err := section("Sizing", "value", "formula"); err != nil {
		return err
	}
	if err := rows(results, false); err != nil {
		return err
	}
	if cin, cres := xlsxClusterRows(p, d.Split.Regions()); len(cin) > 0 {
		if err := section("Cluster", "value", "flag / formula"); err != nil {
			return err
		}
		if err := rows(cin, true); err != nil {
			return err
		}
		r-- // results follow the inputs without a gap
		if err := rows(cres, false); err != nil {
			return err
		}
	}
	if err := section("Split created", "value", ""); err != nil {
		return err
	}
	if err := x.planRow(r, xlsxRow{label: "regions", name: "split_regions", value: float64(d.Split.Regions()), unit: "regions",
		note: "the split's regions (split keys + 1): the Regions sheet lists them"}, false); err != nil {
		return err
	}
	r++
	if err := set(fmt.Sprintf("A%d", r), "keys"); err != nil {
		return err
	}
	if err := set(fmt.Sprintf("B%d", r), d.Split.Spec); err != nil {
		return err
	}
	r += 2
	if notes := append(append([]string{}, d.Notes...), d.Split.Notes...); len(notes) > 0 {
		if err := set(fmt.Sprintf("A%d", r), "Notes"); err != nil {
			return err
		}
		if err := f.SetCellStyle(sh, fmt.Sprintf("A%d", r), fmt.Sprintf("A%d", r), bold); err != nil {
			return err
		}
		for _, n := range notes {
			r++
			if err := set(fmt.Sprintf("A%d", r), n); err != nil {
				return err
			}
		}
	}
	for i, width := range []float64{22, 22, 14, 10, 60} {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if err := f.SetColWidth(sh, col, col, width); err != nil {
			return err
		}
	}
	return nil
}

// planRow writes one row of the Plan sheet at line r, and its defined name.
func (x *workbook) planRow(r int, row xlsxRow, input bool) error {
	const sh = XLSXPlanSheet
	f := x.f
	format := row.format
	if format == "" {
		format = fmtWhole
	}
	st := x.style(format, input, false)
	b := fmt.Sprintf("B%d", r)
	if err := f.SetCellValue(sh, fmt.Sprintf("A%d", r), row.label); err != nil {
		return err
	}
	var err error
	if row.formula != "" {
		err = f.SetCellFormula(sh, b, row.formula)
	} else {
		err = f.SetCellValue(sh, b, row.value)
	}
	if err != nil {
		return err
	}
	if err := f.SetCellStyle(sh, b, b, st); err != nil {
		return err
	}
	if row.bytes {
		c := fmt.Sprintf("C%d", r)
		if err := f.SetCellFormula(sh, c, fmt.Sprintf("%s/%d", b, gib)); err != nil {
			return err
		}
		gst := x.style(fmtGiB, false, false)
		if err := f.SetCellStyle(sh, c, c, gst); err != nil {
			return err
		}
	}
	if err := f.SetCellValue(sh, fmt.Sprintf("D%d", r), row.unit); err != nil {
		return err
	}
	if err := f.SetCellValue(sh, fmt.Sprintf("E%d", r), row.note); err != nil {
		return err
	}
	if row.name == "" {
		return nil
	}
	ref := fmt.Sprintf("%s!$B$%d", sh, r)
	if err := f.SetDefinedName(&excelize.DefinedName{Name: row.name, RefersTo: ref}); err != nil {
		return err
	}
	// The capacity issue names two inputs by their flags' words; both spellings refer to
	// the same cell, so a formula written either way works.
	if alias, ok := xlsxAliases[row.name]; ok {
		return f.SetDefinedName(&excelize.DefinedName{Name: alias, RefersTo: ref})
	}
	return nil
}

// xlsxAliases are second names for two cells: the JSON field and the name planners use.
var xlsxAliases = map[string]string{"row_bytes": "bytes_per_row", "region_size_bytes": "region_size"}

// xlsxPlanRows are the model's inputs and its derivation, mirroring capacity.Compute: the
// formulas apply the same operations in the same order, so a spreadsheet computes the same
// doubles presplit does.
func xlsxPlanRows(p *capacity.Plan) (inputs, results []xlsxRow) {
	in := p.Input
	v := in.Volume
	var raw xlsxRow
	switch {
	case v.Daily > 0:
		inputs = append(inputs,
			xlsxRow{label: "daily ingest", name: "daily_bytes", value: v.Daily, unit: "bytes", bytes: true, note: "--daily"},
			xlsxRow{label: "retention", name: "retention_days", value: v.RetentionDays, unit: "days", note: "--retention"},
			xlsxRow{label: "TTL", name: "ttl_days", value: v.TTLDays, unit: "days", note: "--ttl: 0 unless it expires data before the retention"},
			xlsxRow{label: "horizon", name: "horizon_days", value: v.HorizonDays, unit: "days", note: "--horizon: 0 sizes for all the days kept"},
		)
		results = append(results,
			xlsxRow{label: "days kept", name: "kept_days", formula: "IF(AND(ttl_days>0,ttl_days<retention_days),ttl_days,retention_days)",
				unit: "days", note: "the TTL when it is shorter than the retention, else the retention"},
			xlsxRow{label: "days sized", name: "split_days", formula: "IF(AND(horizon_days>0,horizon_days<kept_days),horizon_days,kept_days)",
				unit: "days", note: "the horizon when it is shorter than the days kept, else the days kept"},
		)
		raw = xlsxRow{label: "raw", name: "raw_bytes", formula: "daily_bytes*split_days", unit: "bytes", bytes: true, note: "daily ingest x days sized"}
	default:
		inputs = append(inputs, xlsxRow{label: "rows", name: "rows", value: v.Rows, unit: "rows", note: "--rows"})
		if c := v.Cells; c != nil {
			versions := c.Versions
			if versions == 0 {
				versions = capacity.DefaultVersions
			}
			inputs = append(inputs,
				xlsxRow{label: "cells per row", name: "cells", value: float64(c.Count), unit: "cells", note: "--cells"},
				xlsxRow{label: "rowkey length", name: "row_len", value: float64(c.RowLen), unit: "bytes", note: "--row-len"},
				xlsxRow{label: "family name length", name: "family_len", value: float64(c.FamilyLen), unit: "bytes", note: "--family-len"},
				xlsxRow{label: "qualifier length", name: "qualifier_len", value: float64(c.QualifierLen), unit: "bytes", note: "--qualifier-len"},
				xlsxRow{label: "value length", name: "value_len", value: float64(c.ValueLen), unit: "bytes", note: "--value-len"},
				xlsxRow{label: "versions", name: "versions", value: float64(versions), unit: "versions", note: "--versions"},
			)
			results = append(results, xlsxRow{label: "bytes per row", name: "row_bytes",
				formula: fmt.Sprintf("cells*versions*(%d+row_len+family_len+qualifier_len+value_len)", capacity.CellOverhead),
				unit:    "bytes", bytes: true, format: fmtDecimal, note: "cells x versions x (20 KeyValue overhead + row + family + qualifier + value)"})
		} else if v.KVVersions > 1 {
			inputs = append(inputs,
				xlsxRow{label: "bytes per row version", name: "kv_bytes", value: v.KV, unit: "bytes", format: fmtDecimal, note: "--kv"},
				xlsxRow{label: "versions", name: "versions", value: float64(v.KVVersions), unit: "versions", note: "--versions"})
			results = append(results, xlsxRow{label: "bytes per row", name: "row_bytes", formula: "kv_bytes*versions",
				unit: "bytes", bytes: true, format: fmtDecimal, note: "bytes per row version x versions"})
		} else {
			inputs = append(inputs, xlsxRow{label: "bytes per row", name: "row_bytes", value: v.RowBytes, unit: "bytes", format: fmtDecimal, note: "--kv"})
		}
		raw = xlsxRow{label: "raw", name: "raw_bytes", formula: "rows*row_bytes", unit: "bytes", bytes: true, note: "rows x bytes per row"}
	}
	regionSize := in.RegionSize
	if regionSize == 0 {
		regionSize = capacity.DefaultRegionSize
	}
	inputs = append(inputs,
		xlsxRow{label: "compression ratio", name: "compression_ratio", value: in.CompressionRatio, unit: "stored/raw", format: fmtRatio, note: "--compression-ratio"},
		xlsxRow{label: "redundancy", name: "redundancy", value: in.Redundancy, unit: "factor", format: fmtRatio, note: "--redundancy: indexes, blooms, compaction headroom"},
		xlsxRow{label: "region size", name: "region_size_bytes", value: regionSize, unit: "bytes", bytes: true, note: "--region-size (hbase.hregion.max.filesize)"},
		xlsxRow{label: "replication", name: "replication", value: float64(in.Replication), unit: "copies", note: "--replication: the disk estimate only"},
	)
	exact := xlsxRow{label: "exact regions", name: "exact_regions", formula: "planned_bytes/region_size_bytes", unit: "regions", format: fmtDecimal, note: "planned / region size"}
	if sh := in.SplitShare; sh > 0 && sh < 1 {
		// HBase 2.x splits on the largest store: the same operations, in the same order,
		// as capacity's planned * share / region size.
		inputs = append(inputs, xlsxRow{label: "largest store's share", name: "split_share", value: sh, unit: "of a row", format: fmtRatio,
			note: "family " + in.SplitStore + ": HBase 2.x splits when its largest store exceeds MAX_FILESIZE"})
		exact.formula, exact.note = "planned_bytes*split_share/region_size_bytes", "planned x largest store's share / region size"
	}
	results = append(results,
		raw,
		xlsxRow{label: "stored", name: "stored_bytes", formula: "raw_bytes*compression_ratio", unit: "bytes", bytes: true, note: "raw x compression ratio"},
		xlsxRow{label: "planned", name: "planned_bytes", formula: "stored_bytes*redundancy", unit: "bytes", bytes: true, note: "stored x redundancy"},
		exact,
		xlsxRow{label: "regions", name: "regions", formula: "MAX(1,CEILING(exact_regions,1))", unit: "regions", note: "ceil(planned / region size), at least 1"},
		xlsxRow{label: "disk", name: "disk_bytes", formula: "planned_bytes*replication", unit: "bytes", bytes: true, note: "planned x HDFS replication"},
	)
	return inputs, results
}

// xlsxClusterRows are the cluster's inputs and figures, for the ones the plan was given: the
// region servers (regions per server) and the heap (the memstore ceiling).
//
// Regions per server is judged on the regions the split creates, as the report and lint
// judge it. When the split creates the sized count, that is the live regions cell, so the
// figure moves with the inputs; when the split was fixed otherwise (--regions, --align even,
// a spec's splits), it is split_regions, which editing the sizing does not change.
func xlsxClusterRows(p *capacity.Plan, created int) (inputs, results []xlsxRow) {
	c := p.Input.Cluster
	if c.RegionServers > 0 {
		rps := xlsxRow{label: "regions per server", name: "regions_per_server", formula: "regions/region_servers",
			unit: "regions", format: fmtDecimal, note: "regions / region servers (20..200 recommended)"}
		if created != p.Regions {
			rps.formula = "split_regions/region_servers"
			rps.note = "regions the split creates / region servers (20..200 recommended)"
		}
		inputs = append(inputs, xlsxRow{label: "region servers", name: "region_servers", value: float64(c.RegionServers), unit: "servers", note: "--region-servers"})
		results = append(results, rps)
	}
	if c.Heap > 0 {
		inputs = append(inputs,
			xlsxRow{label: "heap", name: "heap_bytes", value: c.Heap, unit: "bytes", bytes: true, note: "--heap"},
			xlsxRow{label: "memstore fraction", name: "memstore_fraction", value: c.MemstoreFraction, unit: "of heap", format: fmtRatio, note: "--memstore-fraction (hbase.regionserver.global.memstore.size)"},
			xlsxRow{label: "flush size", name: "flush_size_bytes", value: c.FlushSize, unit: "bytes", bytes: true, note: "--flush-size (hbase.hregion.memstore.flush.size)"},
			xlsxRow{label: "families", name: "families", value: float64(c.Families), unit: "families", note: "--families"},
		)
		results = append(results, xlsxRow{label: "memstore ceiling", name: "memstore_ceiling", formula: "heap_bytes*memstore_fraction/(flush_size_bytes*families)",
			unit: "regions", format: fmtDecimal, note: "heap x memstore fraction / (flush size x families): regions per server"})
	}
	return inputs, results
}

// growthSheet writes a row per horizon, each figure a formula on the Plan's inputs, and a
// line chart of the regions.
func (x *workbook) growthSheet(p *capacity.Plan) error {
	const sh = XLSXGrowthSheet
	if err := x.addSheet(sh); err != nil {
		return err
	}
	f := x.f
	bold := x.style("", false, true)
	head := []string{"days", "raw bytes", "stored bytes", "planned bytes", "regions", "disk bytes", "planned GiB", "disk GiB"}
	if err := f.SetSheetRow(sh, "A1", &head); err != nil {
		return err
	}
	if err := f.SetCellStyle(sh, "A1", "H1", bold); err != nil {
		return err
	}
	whole := x.style(fmtWhole, false, false)
	input := x.style(fmtWhole, true, false)
	gibSt := x.style(fmtGiB, false, false)
	splitOn := "" // the planned bytes a region split weighs: all, or the largest store's share
	if sh := p.Input.SplitShare; sh > 0 && sh < 1 {
		splitOn = "*split_share"
	}
	for i, h := range p.Horizons {
		r := i + 2
		cells := []struct {
			col     string
			formula string
			style   int
		}{
			{"B", fmt.Sprintf("daily_bytes*A%d", r), whole},
			{"C", fmt.Sprintf("B%d*compression_ratio", r), whole},
			{"D", fmt.Sprintf("C%d*redundancy", r), whole},
			{"E", fmt.Sprintf("MAX(1,CEILING(D%d%s/region_size_bytes,1))", r, splitOn), whole},
			{"F", fmt.Sprintf("D%d*replication", r), whole},
			{"G", fmt.Sprintf("D%d/%d", r, gib), gibSt},
			{"H", fmt.Sprintf("F%d/%d", r, gib), gibSt},
		}
		a := fmt.Sprintf("A%d", r)
		if err := f.SetCellValue(sh, a, h.Days); err != nil {
			return err
		}
		if err := f.SetCellStyle(sh, a, a, input); err != nil {
			return err
		}
		for _, c := range cells {
			cell := fmt.Sprintf("%s%d", c.col, r)
			if err := f.SetCellFormula(sh, cell, c.formula); err != nil {
				return err
			}
			if err := f.SetCellStyle(sh, cell, cell, c.style); err != nil {
				return err
			}
		}
	}
	if err := f.SetColWidth(sh, "A", "A", 8); err != nil {
		return err
	}
	if err := f.SetColWidth(sh, "B", "H", 20); err != nil {
		return err
	}
	return addChart(f, sh, "J2", excelize.Line, "E", len(p.Horizons)+1, "Regions over time", "days of ingest", "regions")
}

// addChart draws column col of rows 2..last against column A, titled, with no legend:
// the Growth sheet's line and the Regions sheet's bars.
func addChart(f *excelize.File, sh, anchor string, typ excelize.ChartType, col string, last int, title, xTitle, yTitle string) error {
	return f.AddChart(sh, anchor, &excelize.Chart{
		Type: typ,
		Series: []excelize.ChartSeries{{
			Name:       fmt.Sprintf("%s!$%s$1", sh, col),
			Categories: fmt.Sprintf("%s!$A$2:$A$%d", sh, last),
			Values:     fmt.Sprintf("%s!$%s$2:$%s$%d", sh, col, col, last),
		}},
		Title:  []excelize.RichTextRun{{Text: title}},
		XAxis:  excelize.ChartAxis{Title: []excelize.RichTextRun{{Text: xTitle}}},
		YAxis:  excelize.ChartAxis{Title: []excelize.RichTextRun{{Text: yTitle}}},
		Legend: excelize.ChartLegend{Position: "none"},
	})
}

// regionsSheet writes one row per region with a stream writer (a split may have 100,000
// regions): number, start and end keys as text, share, estimated bytes; and a bar chart of
// the shares.
func (x *workbook) regionsSheet(d Doc) error {
	const sh = XLSXRegionsSheet
	if err := x.addSheet(sh); err != nil {
		return err
	}
	f := x.f
	keys := d.Split.Keys
	owned, total, shares := ownedOf(d.Split)
	keyWidth := 12.0
	for _, k := range keys.All() {
		keyWidth = math.Max(keyWidth, float64(len(hbytes.ToStringBinary(k)))+2)
	}
	keyWidth = math.Min(keyWidth, 80)

	sw, err := f.NewStreamWriter(sh)
	if err != nil {
		return err
	}
	if err := sw.SetColWidth(1, 1, 8); err != nil {
		return err
	}
	if err := sw.SetColWidth(2, 3, keyWidth); err != nil {
		return err
	}
	if err := sw.SetColWidth(4, 5, 16); err != nil {
		return err
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	bold := x.style("", false, true)
	text := x.style("@", false, false)
	share := x.style(fmtShare, false, false)
	whole := x.style(fmtWhole, false, false)
	head := []any{
		excelize.Cell{StyleID: bold, Value: "region"},
		excelize.Cell{StyleID: bold, Value: "start key"},
		excelize.Cell{StyleID: bold, Value: "end key"},
		excelize.Cell{StyleID: bold, Value: "share"},
	}
	withBytes := shares && d.Plan != nil
	if withBytes {
		head = append(head, excelize.Cell{StyleID: bold, Value: "est. bytes"})
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
	}
	row := make([]any, len(head))
	for i := 0; i <= keys.Len(); i++ {
		r := i + 2
		var start, end string
		if i > 0 {
			start = hbytes.ToStringBinary(keys.At(i - 1))
		}
		if i < keys.Len() {
			end = hbytes.ToStringBinary(keys.At(i))
		}
		row[0] = excelize.Cell{Value: i + 1}
		// Strings go in as text cells (inline strings), never parsed: 1e79 stays 1e79.
		row[1] = excelize.Cell{StyleID: text, Value: start}
		row[2] = excelize.Cell{StyleID: text, Value: end}
		row[3] = nil
		if shares {
			row[3] = excelize.Cell{StyleID: share, Value: owned.At(i) / total}
		}
		if withBytes {
			row[4] = excelize.Cell{StyleID: whole, Formula: fmt.Sprintf("D%d*planned_bytes", r)}
		}
		cell, _ := excelize.CoordinatesToCellName(1, r)
		if err := sw.SetRow(cell, row); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	if !shares {
		return nil
	}
	return addChart(f, sh, "H2", excelize.Col, "D", keys.Len()+2, "Share of the key space per region", "region", "share")
}

// findingsSheet writes the findings: severity, code, message, fix.
func (x *workbook) findingsSheet(d Doc) error {
	const sh = XLSXFindingsSheet
	if err := x.addSheet(sh); err != nil {
		return err
	}
	f := x.f
	bold := x.style("", false, true)
	head := []string{"severity", "code", "message", "fix"}
	if err := f.SetSheetRow(sh, "A1", &head); err != nil {
		return err
	}
	if err := f.SetCellStyle(sh, "A1", "D1", bold); err != nil {
		return err
	}
	for i, r := range d.Findings {
		row := []string{r.Severity.String(), r.Code, r.Message, r.Fix}
		if err := f.SetSheetRow(sh, "A"+strconv.Itoa(i+2), &row); err != nil {
			return err
		}
	}
	if err := f.SetColWidth(sh, "A", "B", 10); err != nil {
		return err
	}
	return f.SetColWidth(sh, "C", "D", 80)
}
