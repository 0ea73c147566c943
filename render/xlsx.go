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
// (rows, row_bytes, compression_ratio, redundancy, region_size_bytes, fill, replication, raw_bytes,
// stored_bytes, planned_bytes, exact_regions, regions, disk_bytes, ...; see xlsxNames), so
// formulas, other sheets and a planner's own cells read by name.
//
// Formulas carry their cached values, presplit's own figures (equal to its JSON), so a
// reader that does not recalculate (a previewer, pandas or openpyxl reading cached values)
// sees the numbers; the workbook still asks for a full recalculation on load
// (fullCalcOnLoad), which Excel and LibreOffice honour.

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/presplit/presplit/access"
	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/quantity"
	"github.com/presplit/presplit/quote"
)

// XLSXMaxCellChars is the most characters a spreadsheet cell holds (Excel's limit, which
// excelize enforces by truncating): a key whose toStringBinary form is longer cannot be
// written as one cell, and a cut key would be a wrong key.
const XLSXMaxCellChars = excelize.TotalCellChars

// XLSXMaxRows is the most rows a sheet holds (Excel's limit, 1,048,576): the Regions sheet
// takes a header and a row per region, so XLSX writes at most XLSXMaxRows-1 regions.
const XLSXMaxRows = excelize.TotalRows

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
	cached  float64 // the formula's value as presplit computes it (the JSON's figure)
	unit    string
	bytes   bool   // a byte figure: whole-number format and a GiB column
	format  string // number format; fmtWhole by default
	note    string // column E: the flag of an input, the formula of a result
}

// XLSX writes the Doc as an Excel workbook (.xlsx). The output is deterministic: no
// timestamps, same Doc, same bytes.
func XLSX(w io.Writer, d Doc) error { //nolint:gocyclo // the workbook's checks and sheets, each sheet present only with its data and every excelize call checked
	if err := d.validate(); err != nil {
		return err
	}
	if err := xlsxRowsFit(d); err != nil {
		return err
	}
	for i, k := range d.split().Keys.All() {
		if n := len(hbytes.ToStringBinary(k)); n > XLSXMaxCellChars {
			return &FormatError{Format: "xlsx", Reason: fmt.Sprintf(
				"split key %d is %d characters in toStringBinary form, more than the %d a spreadsheet cell holds; use {format} splits-file",
				i+1, n, XLSXMaxCellChars)}
		}
	}
	x, err := newWorkbook()
	if err != nil {
		return err
	}
	defer func() { _ = x.f.Close() }()
	x.word = d.word

	if p := d.Capacity; p != nil {
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
	// excelize writes streamed sheets in map order: collect the entries and write them
	// in one fixed order, so that the same Doc gives the same bytes.
	x.f.SetZipWriter(func(w io.Writer) excelize.ZipWriter { return &sortedZip{w: w} })
	// Straight to w: the caller holds the output back when it must (a copy here doubled
	// the workbook in memory).
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := x.f.Write(bw); err != nil {
		return err
	}
	return bw.Flush()
}

// xlsxRowsFit refuses, before anything is built, a Doc whose sheets need more rows than a
// sheet holds: excelize would fail halfway with a message about cell coordinates.
func xlsxRowsFit(d Doc) error {
	if regions := d.split().Keys.Len() + 1; regions+1 > XLSXMaxRows {
		return &FormatError{Format: "xlsx", Reason: fmt.Sprintf(
			"%d regions need %d rows on the %s sheet (a header and a row per region), more than the %d rows a sheet holds (at most %d regions); use {format} splits-file or csv",
			regions, regions+1, XLSXRegionsSheet, XLSXMaxRows, XLSXMaxRows-1)}
	}
	if n := len(d.Findings) + 1; n > XLSXMaxRows {
		return &FormatError{Format: "xlsx", Reason: fmt.Sprintf(
			"%d findings need %d rows on the %s sheet, more than the %d rows a sheet holds", n-1, n, XLSXFindingsSheet, XLSXMaxRows)}
	}
	return nil
}

// sortedZip is an excelize.ZipWriter that holds the entries and, on Close, writes them
// to a zip archive in reverse name order (excelize's own order for unstreamed parts).
//
// Each entry is held deflated, as archive/zip's Create would write it (level 5, a data
// descriptor after the data), and then copied in raw: the archive has the same bytes as
// one written by Create in that order, and a million-region Regions sheet is held as its
// ~20 MB of deflate rather than its ~400 MB of XML.
type sortedZip struct {
	w       io.Writer
	names   []string
	entries map[string]*zipEntry
	open    *zipEntry     // the entry being written: excelize writes one at a time
	fw      *flate.Writer // one compressor, reset for each entry
}

// zipEntry is one deflated entry and what its headers say of it.
type zipEntry struct {
	z    *sortedZip
	data bytes.Buffer
	crc  hash.Hash32
	size uint64
}

func (e *zipEntry) Write(p []byte) (int, error) {
	if e.z.open != e {
		return 0, errors.New("xlsx: zip entry written after the next one began")
	}
	_, _ = e.crc.Write(p) // a hash's Write never fails
	e.size += uint64(len(p))
	return e.z.fw.Write(p)
}

func (z *sortedZip) Create(name string) (io.Writer, error) {
	if err := z.finish(); err != nil {
		return nil, err
	}
	if z.entries == nil {
		z.entries = map[string]*zipEntry{}
	}
	if _, dup := z.entries[name]; dup {
		return nil, fmt.Errorf("xlsx: zip entry %s written twice", name)
	}
	e := &zipEntry{z: z, crc: crc32.NewIEEE()}
	if z.fw == nil {
		fw, err := flate.NewWriter(&e.data, 5) // archive/zip's level for Deflate
		if err != nil {
			return nil, err
		}
		z.fw = fw
	} else {
		z.fw.Reset(&e.data)
	}
	z.entries[name] = e
	z.names = append(z.names, name)
	z.open = e
	return e, nil
}

// finish ends the entry being written, if any.
func (z *sortedZip) finish() error {
	if z.open == nil {
		return nil
	}
	z.open = nil
	return z.fw.Close()
}

func (z *sortedZip) AddFS(fs.FS) error { return errors.New("xlsx: AddFS is not supported") }

func (z *sortedZip) Close() error {
	if err := z.finish(); err != nil {
		return err
	}
	sort.Sort(sort.Reverse(sort.StringSlice(z.names)))
	zw := zip.NewWriter(z.w)
	for _, name := range z.names {
		e := z.entries[name]
		// The header archive/zip's Create makes for a name (version 2.0, a data descriptor),
		// with the sizes and checksum it would have found.
		fh := &zip.FileHeader{
			Name: name, Method: zip.Deflate, Flags: 0x8, CreatorVersion: 20, ReaderVersion: 20,
			CRC32: e.crc.Sum32(), CompressedSize64: uint64(e.data.Len()), UncompressedSize64: e.size,
		}
		if fh.CompressedSize64 >= math.MaxUint32 || fh.UncompressedSize64 >= math.MaxUint32 {
			fh.ReaderVersion = 45 // ZIP64, as Create marks an entry past 4 GiB
		}
		f, err := zw.CreateRaw(fh)
		if err != nil {
			return err
		}
		if _, err := f.Write(e.data.Bytes()); err != nil {
			return err
		}
		delete(z.entries, name) // written: its bytes may go
	}
	return zw.Close()
}

// workbook is a file being written and its styles.
type workbook struct {
	f      *excelize.File
	styles map[string]int      // number format (or a kind) -> style id
	err    error               // the first style excelize refused (see style)
	word   func(string) string // Doc.word: the notes' field refs in the front end's words
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

// planSheet writes the Plan sheet and the defined names of every input and result. The
// sheet is streamed, so that each formula cell carries its cached value (presplit's own
// figure, the JSON's): a reader that does not recalculate sees the numbers.
func (x *workbook) planSheet(d Doc, p *capacity.Sizing) error { //nolint:gocyclo // the plan sheet's sections in the order the sizing derives them (inputs, sizing, cluster, access, split, notes), each present only with its data
	const sh = XLSXPlanSheet
	if err := x.addSheet(sh); err != nil {
		return err
	}
	bold := x.style("", false, true)
	lines := map[int][]any{} // row -> cells from column A
	lines[1] = []any{excelize.Cell{StyleID: bold, Value: quote.SheetCell("presplit capacity plan for table " + d.Table.Name)}}
	lines[2] = []any{"Edit the yellow input cells: every result is a live formula on them. Each input and result has a defined name (its JSON field) to use in formulas."}
	r := 4
	section := func(title, valueHead, noteHead string) {
		var cells []any
		for _, v := range []string{title, valueHead, "GiB", "unit", noteHead} {
			cells = append(cells, excelize.Cell{StyleID: bold, Value: v})
		}
		lines[r] = cells
		r++
	}
	rows := func(list []xlsxRow, input bool) error {
		for _, row := range list {
			cells, err := x.planRow(r, row, input)
			if err != nil {
				return err
			}
			lines[r] = cells
			r++
		}
		r++
		return nil
	}
	inputs, results := xlsxPlanRows(p)
	section("Inputs", "value", "flag")
	if err := rows(inputs, true); err != nil {
		return err
	}
	section("Sizing", "value", "formula")
	if err := rows(results, false); err != nil {
		return err
	}
	if cin, cres := xlsxClusterRows(p, d.split().Regions(), d.Access, d.Table.RegionReplication, d.ReplicasPerServer()); len(cin) > 0 {
		section("Cluster", "value", "flag / formula")
		if err := rows(cin, true); err != nil {
			return err
		}
		r-- // results follow the inputs without a gap
		if err := rows(cres, false); err != nil {
			return err
		}
	}
	if ain, ares := xlsxAccessRows(d, p); len(ain)+len(ares) > 0 {
		section("Access", "value", "flag / formula")
		if err := rows(ain, true); err != nil {
			return err
		}
		r--
		if err := rows(ares, false); err != nil {
			return err
		}
	}
	section("Split created", "value", "")
	cells, err := x.planRow(r, xlsxRow{label: "regions", name: "split_regions", value: float64(d.split().Regions()), unit: "regions",
		note: "the split's regions (split keys + 1): the Regions sheet lists them"}, false)
	if err != nil {
		return err
	}
	lines[r] = cells
	r++
	lines[r] = []any{"keys", quote.SheetCell(d.split().Spec)}
	r += 2
	if notes := append(append([]string{}, d.Notes...), d.split().Notes...); len(notes) > 0 {
		lines[r] = []any{excelize.Cell{StyleID: bold, Value: "Notes"}}
		for _, n := range notes {
			r++
			lines[r] = []any{quote.SheetCell(n)}
		}
	}
	return writePlanLines(x.f, sh, lines, r)
}

// writePlanLines streams the plan sheet's lines, rows 1..last (a row without cells stays
// empty), under its column widths.
func writePlanLines(f *excelize.File, sh string, lines map[int][]any, last int) error {
	sw, err := f.NewStreamWriter(sh)
	if err != nil {
		return err
	}
	for i, width := range []float64{22, 22, 14, 10, 60} {
		if err := sw.SetColWidth(i+1, i+1, width); err != nil {
			return err
		}
	}
	for row := 1; row <= last; row++ {
		if cells, ok := lines[row]; ok {
			if err := sw.SetRow("A"+strconv.Itoa(row), cells); err != nil {
				return err
			}
		}
	}
	return sw.Flush()
}

// planRow is the cells of one row of the Plan sheet at line r (columns A to E), and it
// sets the row's defined name.
func (x *workbook) planRow(r int, row xlsxRow, input bool) ([]any, error) {
	const sh = XLSXPlanSheet
	f := x.f
	format := row.format
	if format == "" {
		format = fmtWhole
	}
	st := x.style(format, input, false)
	value := row.value
	b := excelize.Cell{StyleID: st, Value: value}
	if row.formula != "" {
		value = row.cached
		b = excelize.Cell{StyleID: st, Formula: row.formula, Value: value}
	}
	var c any
	if row.bytes {
		c = excelize.Cell{StyleID: x.style(fmtGiB, false, false), Formula: fmt.Sprintf("B%d/%d", r, gib), Value: value / gib}
	}
	cells := []any{row.label, b, c, row.unit, x.word(row.note)}
	if row.name == "" {
		return cells, nil
	}
	ref := fmt.Sprintf("%s!$B$%d", sh, r)
	if err := f.SetDefinedName(&excelize.DefinedName{Name: row.name, RefersTo: ref}); err != nil {
		return nil, err
	}
	// The capacity issue names two inputs by their flags' words; both spellings refer to
	// the same cell, so a formula written either way works.
	if alias, ok := xlsxAliases[row.name]; ok {
		if err := f.SetDefinedName(&excelize.DefinedName{Name: alias, RefersTo: ref}); err != nil {
			return nil, err
		}
	}
	return cells, nil
}

// xlsxAliases are second names for two cells: the JSON field and the name planners use.
var xlsxAliases = map[string]string{"row_bytes": "bytes_per_row", "region_size_bytes": "region_size"}

// xlsxPlanRows are the model's inputs and its derivation, mirroring capacity.Compute: the
// formulas apply the same operations in the same order, so a spreadsheet computes the same
// doubles presplit does.
func xlsxPlanRows(p *capacity.Sizing) (inputs, results []xlsxRow) {
	in := p.Input
	v := in.Volume
	if len(p.Stores) > 0 {
		return xlsxStorePlanRows(p)
	}
	var raw xlsxRow
	switch {
	case v.Daily > 0:
		inputs, results = xlsxDailyRows(v)
		raw = xlsxRow{label: "raw", name: "raw_bytes", formula: "daily_bytes*split_days", cached: p.RawBytes, unit: "bytes", bytes: true, note: "daily ingest x days sized"}
	default:
		inputs = append(inputs, xlsxRow{label: "rows", name: "rows", value: v.Rows, unit: "rows", note: "{capacity.rows}"})
		if c := v.Cells; c != nil {
			versions := c.Versions
			if versions == 0 {
				versions = capacity.DefaultVersions
			}
			inputs = append(inputs,
				xlsxRow{label: "cells per row", name: "cells", value: float64(c.Count), unit: "cells", note: "{capacity.cells}"},
				xlsxRow{label: "rowkey length", name: "row_len", value: float64(c.RowLen), unit: "bytes", note: "{capacity.cells.row_len}"},
				xlsxRow{label: "family name length", name: "family_len", value: float64(c.FamilyLen), unit: "bytes", note: "{capacity.cells.family_len}"},
				xlsxRow{label: "qualifier length", name: "qualifier_len", value: float64(c.QualifierLen), unit: "bytes", note: "{capacity.cells.qualifier_len}"},
				xlsxRow{label: "value length", name: "value_len", value: float64(c.ValueLen), unit: "bytes", note: "{capacity.cells.value_len}"},
				xlsxRow{label: "versions", name: "versions", value: float64(versions), unit: "versions", note: "{families.versions}"},
			)
			results = append(results, xlsxRow{label: "bytes per row", name: "row_bytes",
				formula: fmt.Sprintf("cells*versions*(%d+row_len+family_len+qualifier_len+value_len)", capacity.CellOverhead), cached: p.RowBytes,
				unit: "bytes", bytes: true, format: fmtDecimal, note: "cells x versions x (20 KeyValue overhead + row + family + qualifier + value)"})
		} else if v.KVVersions > 1 {
			inputs = append(inputs,
				xlsxRow{label: "bytes per row version", name: "kv_bytes", value: v.KV, unit: "bytes", format: fmtDecimal, note: "{capacity.kv}"},
				xlsxRow{label: "versions", name: "versions", value: float64(v.KVVersions), unit: "versions", note: "{families.versions}"})
			results = append(results, xlsxRow{label: "bytes per row", name: "row_bytes", formula: "kv_bytes*versions", cached: p.RowBytes,
				unit: "bytes", bytes: true, format: fmtDecimal, note: "bytes per row version x versions"})
		} else {
			inputs = append(inputs, xlsxRow{label: "bytes per row", name: "row_bytes", value: v.RowBytes, unit: "bytes", format: fmtDecimal, note: "{capacity.kv}"})
		}
		raw = xlsxRow{label: "raw", name: "raw_bytes", formula: "rows*row_bytes", cached: p.RawBytes, unit: "bytes", bytes: true, note: "rows x bytes per row"}
	}
	inputs = append(inputs, xlsxSizingInputs(in)...)
	exact := xlsxRow{label: "exact regions", name: "exact_regions", formula: "planned_bytes/(region_size_bytes*fill)", cached: p.ExactRegions, unit: "regions", format: fmtDecimal, note: "planned / (region size x fill)"}
	results = append(results,
		raw,
		xlsxRow{label: "stored", name: "stored_bytes", formula: "raw_bytes*compression_ratio", cached: p.StoredBytes, unit: "bytes", bytes: true, note: "raw x compression ratio"},
		xlsxRow{label: "planned", name: "planned_bytes", formula: "stored_bytes*redundancy", cached: p.PlannedBytes, unit: "bytes", bytes: true, note: "stored x redundancy"},
		exact,
		xlsxRow{label: "regions", name: "regions", formula: "MAX(1,CEILING(exact_regions,1))", cached: float64(p.Regions), unit: "regions", note: "ceil(planned / region size), at least 1"},
		xlsxRow{label: "disk", name: "disk_bytes", formula: "planned_bytes*replication", cached: p.DiskBytes, unit: "bytes", bytes: true, note: "planned x HDFS replication"},
	)
	return inputs, results
}

// xlsxDailyRows are the inputs of daily ingest and the days they keep and size for.
func xlsxDailyRows(v capacity.Volume) (inputs, results []xlsxRow) {
	inputs = []xlsxRow{
		{label: "daily ingest", name: "daily_bytes", value: v.Daily, unit: "bytes", bytes: true, note: "{capacity.daily}"},
		{label: "retention", name: "retention_days", value: v.RetentionDays, unit: "days", note: "{capacity.retention}"},
		{label: "TTL", name: "ttl_days", value: v.TTLDays, unit: "days", note: "{families.ttl}: 0 unless it expires data before the retention"},
		{label: "horizon", name: "horizon_days", value: v.HorizonDays, unit: "days", note: "{capacity.horizon}: 0 sizes for all the days kept"},
	}
	results = []xlsxRow{
		{label: "days kept", name: "kept_days", formula: "IF(AND(ttl_days>0,ttl_days<retention_days),ttl_days,retention_days)", cached: v.KeptDays(),
			unit: "days", note: "the TTL when it is shorter than the retention, else the retention"},
		{label: "days sized", name: "split_days", formula: "IF(AND(horizon_days>0,horizon_days<kept_days),horizon_days,kept_days)", cached: v.SplitDays(),
			unit: "days", note: "the horizon when it is shorter than the days kept, else the days kept"},
	}
	return inputs, results
}

// xlsxSizingInputs are the inputs that turn raw bytes into regions and disk.
func xlsxSizingInputs(in capacity.Input) []xlsxRow {
	return []xlsxRow{
		{label: "compression ratio", name: "compression_ratio", value: in.CompressionRatio, unit: "stored/raw", format: fmtRatio, note: "{capacity.compression_ratio}"},
		{label: "redundancy", name: "redundancy", value: in.Redundancy, unit: "factor", format: fmtRatio, note: "{capacity.redundancy}: indexes, blooms, compaction headroom"},
		{label: "region size", name: "region_size_bytes", value: in.MaxFileSize(), unit: "bytes", bytes: true, note: "{capacity.region_size} (hbase.hregion.max.filesize)"},
		// The regions are counted against region size x fill; MAX_FILESIZE stays the size.
		{label: "fill", name: "fill", value: in.FillOrOne(), unit: "of region size", format: fmtRatio, note: "{capacity.fill}: the share of MAX_FILESIZE each region is planned at"},
		{label: "replication", name: "replication", value: float64(in.Replication), unit: "copies", note: "{capacity.replication}: the disk estimate only"},
	}
}

// xlsxClusterRows are the cluster's inputs and figures, for the ones the plan was given: the
// region servers (regions per server) and the heap (the memstore ceiling).
//
// Regions per server is judged on the regions the split creates, as the report and lint
// judge it. When the split creates the sized count, that is the live regions cell, so the
// figure moves with the inputs; when the split was fixed otherwise (--regions, --align even,
// a spec's splits), it is split_regions, which editing the sizing does not change.
//
// With REGION_REPLICATION above 1 each server also opens the other servers' replicas:
// replicas per server is regions per server x the replication (the plan's
// ReplicasPerServer, cached beside the formula), what RG007 judges.
func xlsxClusterRows(p *capacity.Sizing, created int, a *access.Sizing, replication int, replicasPerServer float64) (inputs, results []xlsxRow) {
	c := p.Input.Cluster
	if c.RegionServers > 0 {
		rps := xlsxRow{label: "regions per server", name: "regions_per_server", formula: "regions/region_servers", cached: p.RegionsPerServer,
			unit: "regions", format: fmtDecimal, note: "regions / region servers (20..200 recommended)"}
		if a != nil && created == a.Regions {
			rps.formula = "planned_regions/region_servers"
			rps.note = "planned regions / region servers (20..200 recommended)"
		} else if created != p.Regions {
			rps.formula = "split_regions/region_servers"
			rps.note = "regions the split creates / region servers (20..200 recommended)"
		}
		inputs = append(inputs, xlsxRow{label: "region servers", name: "region_servers", value: float64(c.RegionServers), unit: "servers", note: "{cluster.region_servers}"})
		results = append(results, rps)
		if replicasPerServer > 0 {
			inputs = append(inputs, xlsxRow{label: "region replication", name: "region_replication", value: float64(replication), unit: "replicas", note: "{table.region_replication}"})
			results = append(results, xlsxRow{label: "replicas per server", name: "replicas_per_server", formula: "regions_per_server*region_replication",
				cached: replicasPerServer, unit: "replicas", format: fmtDecimal,
				note: "regions per server x region replication: the region replicas each server opens (20..200 recommended)"})
		}
	}
	if c.Heap > 0 {
		inputs = append(inputs,
			xlsxRow{label: "heap", name: "heap_bytes", value: c.Heap, unit: "bytes", bytes: true, note: "{cluster.heap}"},
			xlsxRow{label: "memstore fraction", name: "memstore_fraction", value: c.MemstoreFraction, unit: "of heap", format: fmtRatio, note: "{cluster.memstore_fraction} (hbase.regionserver.global.memstore.size)"},
			xlsxRow{label: "flush size", name: "flush_size_bytes", value: c.FlushSize, unit: "bytes", bytes: true, note: flushSizeNote(c)},
			xlsxRow{label: "families", name: "families", value: float64(c.Families), unit: "families", note: "{cluster.families}"},
		)
		results = append(results, xlsxRow{label: "memstore ceiling", name: "memstore_ceiling", formula: "heap_bytes*memstore_fraction/(flush_size_bytes*families)", cached: p.MemstoreCeiling,
			unit: "regions", format: fmtDecimal, note: "heap x memstore fraction / (flush size x families): regions per server"})
	}
	return inputs, results
}

// growthSheet writes a row per horizon, each figure a formula on the Plan's inputs with
// its cached value, and a line chart of the regions.
func (x *workbook) growthSheet(p *capacity.Sizing) error {
	const sh = XLSXGrowthSheet
	if err := x.addSheet(sh); err != nil {
		return err
	}
	f := x.f
	bold := x.style("", false, true)
	whole := x.style(fmtWhole, false, false)
	input := x.style(fmtWhole, true, false)
	gibSt := x.style(fmtGiB, false, false)
	sw, err := f.NewStreamWriter(sh)
	if err != nil {
		return err
	}
	if err := sw.SetColWidth(1, 1, 8); err != nil {
		return err
	}
	if err := sw.SetColWidth(2, 8+3*len(p.Stores), 20); err != nil {
		return err
	}
	var head []any
	for _, v := range append([]string{"days", "raw bytes", "stored bytes", "planned bytes", "regions", "disk bytes", "planned GiB", "disk GiB"}, storeGrowthHeads(p)...) {
		head = append(head, excelize.Cell{StyleID: bold, Value: v})
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
	}
	for i, h := range p.Horizons {
		r := i + 2
		row := []any{
			excelize.Cell{StyleID: input, Value: p.HeldDays(h)}, // 1.5 for a TTL of 36h, not its day 2
			excelize.Cell{StyleID: whole, Formula: fmt.Sprintf("daily_bytes*MIN(A%d,kept_days)", r), Value: h.RawBytes},
			excelize.Cell{StyleID: whole, Formula: fmt.Sprintf("B%d*compression_ratio", r), Value: h.StoredBytes},
			excelize.Cell{StyleID: whole, Formula: fmt.Sprintf("C%d*redundancy", r), Value: h.PlannedBytes},
			excelize.Cell{StyleID: whole, Formula: fmt.Sprintf("MAX(1,CEILING(D%d/(region_size_bytes*fill),1))", r), Value: h.Regions},
			excelize.Cell{StyleID: whole, Formula: fmt.Sprintf("D%d*replication", r), Value: h.DiskBytes},
			excelize.Cell{StyleID: gibSt, Formula: fmt.Sprintf("D%d/%d", r, gib), Value: h.PlannedBytes / gib},
			excelize.Cell{StyleID: gibSt, Formula: fmt.Sprintf("F%d/%d", r, gib), Value: h.DiskBytes / gib},
		}
		if len(h.Stores) > 0 {
			row = storeGrowthRow(row, h, r, whole)
		}
		if err := sw.SetRow("A"+strconv.Itoa(r), row); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
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
func (x *workbook) regionsSheet(d Doc) error { //nolint:gocyclo // the regions sheet's setup and rows: every excelize call checked, each column present only when the plan has it
	const sh = XLSXRegionsSheet
	if err := x.addSheet(sh); err != nil {
		return err
	}
	f := x.f
	keys := d.split().Keys
	owned, total, shares := ownedOf(d.split())
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
	withBytes := shares && d.Capacity != nil
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
			row[4] = excelize.Cell{StyleID: whole, Formula: fmt.Sprintf("D%d*planned_bytes", r), Value: owned.At(i) / total * d.Capacity.PlannedBytes}
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
		row := []string{r.Severity.String(), r.Code, quote.SheetCell(r.Message), quote.SheetCell(r.Fix)}
		if err := f.SetSheetRow(sh, "A"+strconv.Itoa(i+2), &row); err != nil {
			return err
		}
	}
	if err := f.SetColWidth(sh, "A", "B", 10); err != nil {
		return err
	}
	return f.SetColWidth(sh, "C", "D", 80)
}

// xlsxAccessRows are the access pattern's inputs and figures (package access), as live
// formulas mirroring access.Compute and access.At operation for operation, each with its
// cached value; none without an access plan.
//
// The load figures are on the regions the split creates: when it creates the count the
// access pattern asks for, that is the live planned_regions cell, so the figures move
// with an edited rate; otherwise it is split_regions.
func xlsxAccessRows(d Doc, p *capacity.Sizing) (inputs, results []xlsxRow) {
	a := d.Access
	if a == nil {
		return nil, nil
	}
	in, l := a.Input, a.Load
	c := p.Input
	servers := c.Cluster.RegionServers > 0
	inputs = xlsxAccessInputs(in, c)

	floor, floored := xlsxWriteFloor(a, servers, xlsxPutBytes(p))
	results = append(results, floor...)
	planned := xlsxRow{label: "planned regions", name: "planned_regions", formula: floored, cached: float64(a.Regions), unit: "regions", note: "the count asked for"}
	if servers {
		up := fmt.Sprintf("CEILING(%s/region_servers,1)*region_servers", floored)
		planned.formula = fmt.Sprintf("IF(AND(balance=1,NOT(AND(buckets>0,%[1]s>buckets,%[2]s<=buckets))),%[1]s,%[2]s)", up, floored)
		planned.note = "rounded up to a multiple of the RegionServers when balance is 1 (unless that needs more regions than the buckets)"
	}
	results = append(results, planned)

	n := "split_regions"
	if l.Regions == a.Regions {
		n = "planned_regions"
	}
	busiest := "1"
	if servers {
		results = append(results,
			xlsxRow{label: "most regions on a server", name: "most_regions_per_server", formula: fmt.Sprintf("CEILING(%s/region_servers,1)", n), cached: float64(l.MostRegions), unit: "regions", note: "the table's regions on the fullest server"},
			xlsxRow{label: "fewest regions on a server", name: "fewest_regions_per_server", formula: fmt.Sprintf("INT(%s/region_servers)", n), cached: float64(l.FewestRegions), unit: "regions", note: "on the emptiest server"},
		)
		busiest = "most_regions_per_server"
	}
	if a.WriteBytes > 0 {
		results = append(results, xlsxWriteLoad(a, p, n, busiest, servers)...)
	}
	scans := in.ReadRate.PerSecond > 0 && (!in.ReadRate.Bytes || a.RowBytes > 0)
	if in.ReadRate.PerSecond > 0 {
		results = append(results,
			xlsxRow{label: "reads per server", name: "reads_per_server_per_second", formula: readsFormula(l, n, busiest), cached: l.ReadsPerServer, unit: cellRateUnit(in.ReadRate), format: fmtDecimal, note: "on the busiest server"})
	}
	if scans {
		// A scan is a request: a read rate in bytes/s is rows/s over the bytes of a row.
		f, note := "read_rate*scan_share", "read rate x scan share"
		if in.ReadRate.Bytes {
			f, note = "read_rate/("+xlsxPutBytes(p)+")*scan_share", "read rate / bytes per row x scan share"
		}
		results = append(results, xlsxRow{label: "scans", name: "scans_per_second", formula: f, cached: l.ScansPerSecond, unit: "per second", format: fmtDecimal, note: note})
	}
	fanout := xlsxRow{label: "scan fan-out", name: "scan_fanout", formula: "1", cached: float64(l.ScanFanout), unit: "scans", note: "scans each scan becomes (the key's buckets are not a random salt)"}
	if in.Salted {
		fanout.formula, fanout.note = "IF(buckets>1,buckets,1)", "scans each scan becomes: one per salt bucket"
	}
	results = append(results, fanout)
	if scans {
		results = append(results, xlsxRow{label: "region scans", name: "region_scans_per_second", formula: "scans_per_second*scan_fanout", cached: l.RegionScans, unit: "per second", format: fmtDecimal, note: "scans x fan-out"})
	}
	return inputs, results
}

// cellRateUnit is the unit of rate r's cell.
func cellRateUnit(r quantity.Rate) string {
	if r.Bytes {
		return "bytes/s"
	}
	return "rows/s"
}

// perSecondCell is a rate cell in bytes/s: the cell itself, or x the bytes a put of a row
// writes (put, xlsxPutBytes).
func perSecondCell(name string, r quantity.Rate, put string) string {
	if r.Bytes {
		return name
	}
	return name + "*" + put
}

// xlsxPutBytes is the cell of the bytes one put of a row writes, as a rows/s rate counts
// them (capacity.Volume.PutBytes): one version of the row, where row_bytes keeps the
// families' VERSIONS of it.
func xlsxPutBytes(p *capacity.Sizing) string {
	v := p.Input.Volume
	switch {
	case len(p.Stores) > 0 || v.Cells == nil && v.KVVersions > 1:
		return "kv_bytes"
	case v.Cells != nil && v.Cells.Versions > 1:
		return "(row_bytes/versions)"
	}
	return "row_bytes"
}

// xlsxAccessInputs are the access pattern's input rows of the plan sheet: the rates,
// scan share, balance, buckets and, without a heap, the flush size.
func xlsxAccessInputs(in access.Input, c capacity.Input) (inputs []xlsxRow) {
	rate := func(label, name string, r quantity.Rate, note string) {
		inputs = append(inputs, xlsxRow{label: label, name: name, value: r.PerSecond, unit: cellRateUnit(r), format: fmtDecimal, note: note})
	}
	w := in.WriteRate
	if w.PerSecond > 0 {
		rate("write rate", "write_rate", w, "{capacity.write_rate}: peak writes")
	}
	if in.ReadRate.PerSecond > 0 {
		rate("read rate", "read_rate", in.ReadRate, "{capacity.read_rate}: peak reads")
	}
	inputs = append(inputs, xlsxRow{label: "scan share", name: "scan_share", value: in.ScanShare, unit: "of reads", format: fmtRatio, note: "{capacity.scan_share}"})
	if in.RegionWriteLimit.PerSecond > 0 {
		rate("region write limit", "region_write_limit", in.RegionWriteLimit, "{capacity.region_write_limit}: the most one region should take")
	}
	balance := 0.0
	if in.Balance {
		balance = 1
	}
	inputs = append(inputs, xlsxRow{label: "balance", name: "balance", value: balance, unit: "1 = on", note: "{capacity.balance}: round up to a multiple of the RegionServers"})
	inputs = append(inputs, xlsxRow{label: "buckets", name: "buckets", value: float64(in.Buckets), unit: "buckets", note: "the key prefix's salt or hash buckets; 0 for none"})
	if c.Cluster.Heap == 0 {
		// The Cluster section names the flush size only with a heap.
		inputs = append(inputs, xlsxRow{label: "flush size", name: "flush_size_bytes", value: c.Cluster.FlushSize, unit: "bytes", bytes: true, note: flushSizeNote(c.Cluster)})
	}

	return inputs
}

// xlsxWriteFloor are the rows of the write-spread floor, and the name of the cell that
// holds the floored regions ("regions" without a write rate).
func xlsxWriteFloor(a *access.Sizing, servers bool, put string) (results []xlsxRow, _ string) {
	in := a.Input
	w := in.WriteRate
	floored := "regions"
	if w.PerSecond > 0 {
		results = append(results, xlsxRow{label: "write bytes", name: "write_bytes_per_second", formula: perSecondCell("write_rate", w, put), cached: a.WriteBytes,
			unit: "bytes/s", format: fmtDecimal, note: "the write rate in bytes"})
		var terms []string
		if servers {
			terms = append(terms, "region_servers")
		}
		if lim := in.RegionWriteLimit; lim.PerSecond > 0 {
			f := "CEILING(write_bytes_per_second/(" + perSecondCell("region_write_limit", lim, put) + "),1)"
			if !w.Bytes && !lim.Bytes {
				f = "CEILING(write_rate/region_write_limit,1)"
			}
			results = append(results, xlsxRow{label: "limit floor", name: "limit_floor", formula: f, cached: float64(a.LimitFloor),
				unit: "regions", note: "ceil(write rate / region write limit)"})
			terms = append(terms, "limit_floor")
		}
		if len(terms) == 0 {
			terms = []string{"0"}
		}
		spread := "MAX(" + strings.Join(terms, ",") + ")"
		spread = "IF(AND(buckets>0," + spread + ">buckets),buckets," + spread + ")"
		results = append(results,
			xlsxRow{label: "write spread", name: "write_spread", formula: spread, cached: float64(a.Spread), unit: "regions",
				note: "max(RegionServers, limit floor), at most the buckets"},
			xlsxRow{label: "floored regions", name: "floored_regions", formula: "MAX(regions,write_spread)", cached: float64(a.Floored), unit: "regions",
				note: "max(size, write spread)"},
		)
		floored = "floored_regions"
	}
	return results, floored
}

// readsFormula is the reads on the busiest server: the mean's share of its regions, or
// the split's shares when they are unequal (fixed by the split's keys).
func readsFormula(l access.Load, n, busiest string) string {
	if l.Uneven {
		return "read_rate*" + strconv.FormatFloat(l.ServerShare, 'g', -1, 64)
	}
	return fmt.Sprintf("read_rate/%s*%s", n, busiest)
}

// xlsxWriteLoad are the rows of the write load: per region and server, the WAL, flushes and
// the days until a region is full; n is the regions cell, busiest the regions on the
// busiest server.
func xlsxWriteLoad(a *access.Sizing, p *capacity.Sizing, n, busiest string, servers bool) []xlsxRow {
	in, l := a.Input, a.Load
	var results []xlsxRow
	region := fmt.Sprintf("write_bytes_per_second/IF(buckets>0,MIN(%s,buckets),%s)", n, n)
	server := "region_write_bytes_per_second*" + busiest
	if servers {
		server = fmt.Sprintf("IF(AND(buckets>0,buckets<%[1]s),region_write_bytes_per_second*CEILING(buckets/MIN(%[1]s,region_servers,buckets),1),region_write_bytes_per_second*most_regions_per_server)", n)
	}
	regionNote := "write bytes / regions taking writes (all of it for a monotonic key)"
	switch {
	case in.Monotonic != "":
		region, server = "write_bytes_per_second", "write_bytes_per_second"
	case l.Uneven:
		// The split's regions own unequal shares of the keys: the busiest region's and
		// server's shares are the split's, fixed by its keys, not by the regions cell.
		region = "write_bytes_per_second*" + strconv.FormatFloat(l.BusiestShare, 'g', -1, 64)
		server = "write_bytes_per_second*" + strconv.FormatFloat(l.ServerShare, 'g', -1, 64)
		regionNote = "on the busiest region: write bytes x its share of the split's keys"
	}
	weighed := "compression_ratio*redundancy"
	if len(p.Stores) > 0 {
		weighed = "split_write_weight" // the stores the split rule weighs, their shares and ratios
	}
	results = append(results,
		xlsxRow{label: "writes per region", name: "region_write_bytes_per_second", formula: region, cached: l.RegionWriteBytes, unit: "bytes/s", format: fmtDecimal, note: regionNote},
		xlsxRow{label: "writes per server", name: "server_write_bytes_per_second", formula: server, cached: l.ServerWriteBytes, unit: "bytes/s", format: fmtDecimal, note: "on the busiest server"},
		xlsxRow{label: "WAL per server", name: "wal_bytes_per_server_per_second", formula: "server_write_bytes_per_second", cached: l.WALBytes, unit: "bytes/s", format: fmtDecimal, note: "every edit, on the busiest server (x HDFS replication on disk)"},
		xlsxRow{label: "memstore flushes", name: "flushes_per_region_per_minute", formula: "region_write_bytes_per_second*60/flush_size_bytes", cached: l.FlushesPerMinute, unit: "per minute", format: fmtDecimal, note: "per region, at the flush size"},
		xlsxRow{label: "region full in", name: "days_to_region_size", formula: "region_size_bytes*fill/(region_write_bytes_per_second*(" + weighed + "))/86400", cached: l.DaysToRegionSize, unit: "days", format: fmtDecimal, note: "days of peak writes until a region reaches the region size"},
	)
	return results
}

// flushSizeNote says where the flush size cell's value comes from.
func flushSizeNote(c capacity.Cluster) string {
	if c.FlushSizeFromTable {
		return flushSizeRef(c) + " (the table's MEMSTORE_FLUSHSIZE, over hbase.hregion.memstore.flush.size)"
	}
	return flushSizeRef(c) + " (hbase.hregion.memstore.flush.size)"
}
