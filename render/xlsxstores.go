package render

import (
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/quote"
)

// The workbook's store model (capacity.Sizing.Stores): every family's share, versions or TTL
// and ratio as inputs, each store's raw, stored and planned bytes as formulas, the table's
// sums, and what the split rule weighs (split_bytes, on split_overallfiles). The names of a
// store's cells are store1_..., store2_... in the families' order: a family's name need not
// be a valid defined name. The formulas apply capacity's operations in its order, so the
// spreadsheet computes the same doubles.

// storeName is the defined name of store i's (from 0) figure.
func storeName(i int, figure string) string { return fmt.Sprintf("store%d_%s", i+1, figure) }

// xlsxStorePlanRows are the Plan sheet's inputs and derivation when the stores are sized
// apart.
func xlsxStorePlanRows(p *capacity.Sizing) (inputs, results []xlsxRow) {
	in := p.Input
	v := in.Volume
	daily := v.Daily > 0
	switch {
	case daily:
		inputs, results = xlsxDailyRows(v)
	case v.Cells != nil:
		c := v.Cells
		inputs = []xlsxRow{
			{label: "rows", name: "rows", value: v.Rows, unit: "rows", note: "{capacity.rows}"},
			{label: "cells per row", name: "cells", value: float64(c.Count), unit: "cells", note: "{capacity.cells}"},
			{label: "rowkey length", name: "row_len", value: float64(c.RowLen), unit: "bytes", note: "{capacity.cells.row_len}"},
			{label: "family name length", name: "family_len", value: float64(c.FamilyLen), unit: "bytes", note: "{capacity.cells.family_len}"},
			{label: "qualifier length", name: "qualifier_len", value: float64(c.QualifierLen), unit: "bytes", note: "{capacity.cells.qualifier_len}"},
			{label: "value length", name: "value_len", value: float64(c.ValueLen), unit: "bytes", note: "{capacity.cells.value_len}"},
		}
		results = []xlsxRow{{label: "bytes per row version", name: "kv_bytes", formula: fmt.Sprintf("cells*(%d+row_len+family_len+qualifier_len+value_len)", capacity.CellOverhead),
			cached: v.PutBytes(), unit: "bytes", format: fmtDecimal, note: "cells x (20 KeyValue overhead + row + family + qualifier + value)"}}
	default:
		inputs = []xlsxRow{
			{label: "rows", name: "rows", value: v.Rows, unit: "rows", note: "{capacity.rows}"},
			{label: "bytes per row version", name: "kv_bytes", value: v.PutBytes(), unit: "bytes", format: fmtDecimal, note: "{capacity.kv}"},
		}
	}
	inputs = append(inputs, xlsxSizingInputs(in)...)
	overall := 0.0
	if in.SplitOverall {
		overall = 1
	}
	inputs = append(inputs, xlsxRow{label: "split on all stores", name: "split_overallfiles", value: overall, unit: "0 or 1",
		note: "{cluster.split_overallfiles}: 1 splits a region when all its stores together exceed MAX_FILESIZE (3.x), 0 when its largest store does (2.x)"})
	for i, s := range p.Stores {
		sin, sres := xlsxStoreRows(i, s, daily)
		inputs = append(inputs, sin...)
		results = append(results, sres...)
	}
	return inputs, append(results, xlsxStoreTotals(p)...)
}

// xlsxStoreRows are one store's inputs (its share, versions or TTL, its own ratio) and
// its figures.
func xlsxStoreRows(i int, s capacity.StorePlan, daily bool) (inputs, results []xlsxRow) {
	fam := "family " + quote.SheetCell(s.Name)
	n := func(figure string) string { return storeName(i, figure) }
	inputs = append(inputs, xlsxRow{label: fam + " share", name: n("share"), value: s.Share, unit: "of a row", format: fmtRatio, note: "{families.share}"})
	if daily {
		inputs = append(inputs, xlsxRow{label: fam + " TTL", name: n("ttl_days"), value: s.TTLDays, unit: "days", format: fmtDecimal, note: "{families.ttl}: 0 keeps the table's days"})
	} else {
		inputs = append(inputs, xlsxRow{label: fam + " versions", name: n("versions"), value: float64(s.Versions), unit: "versions", note: "{families.versions}"})
	}
	ratio := xlsxRow{label: fam + " ratio", name: n("compression_ratio"), formula: "compression_ratio", cached: s.CompressionRatio, unit: "stored/raw", format: fmtRatio, note: "the table's compression ratio"}
	if s.OwnRatio {
		inputs = append(inputs, xlsxRow{label: ratio.label, name: ratio.name, value: s.CompressionRatio, unit: ratio.unit, format: fmtRatio, note: "{families.compression_ratio}"})
	} else {
		results = append(results, ratio)
	}
	if daily {
		results = append(results,
			xlsxRow{label: fam + " days kept", name: n("kept_days"), formula: fmt.Sprintf("IF(AND(%[1]s>0,%[1]s<kept_days),%[1]s,kept_days)", n("ttl_days")), cached: s.KeptDays,
				unit: "days", format: fmtDecimal, note: "its TTL when shorter than the table's days kept, else those"},
			xlsxRow{label: fam + " days sized", name: n("split_days"), formula: fmt.Sprintf("IF(AND(horizon_days>0,horizon_days<%[1]s),horizon_days,%[1]s)", n("kept_days")), cached: s.SplitDays,
				unit: "days", format: fmtDecimal, note: "the horizon when shorter than its days kept, else those"},
			xlsxRow{label: fam + " raw", name: n("raw_bytes"), formula: fmt.Sprintf("daily_bytes*%s*%s", n("share"), n("split_days")), cached: s.RawBytes, unit: "bytes", bytes: true, note: "daily ingest x share x days sized"})
	} else {
		results = append(results,
			xlsxRow{label: fam + " bytes per row", name: n("row_bytes"), formula: fmt.Sprintf("kv_bytes*%s*%s", n("share"), n("versions")), cached: s.RowBytes, unit: "bytes", format: fmtDecimal, note: "bytes per row version x share x versions"},
			xlsxRow{label: fam + " raw", name: n("raw_bytes"), formula: "rows*" + n("row_bytes"), cached: s.RawBytes, unit: "bytes", bytes: true, note: "rows x its bytes per row"})
	}
	results = append(results,
		xlsxRow{label: fam + " stored", name: n("stored_bytes"), formula: n("raw_bytes") + "*" + n("compression_ratio"), cached: s.StoredBytes, unit: "bytes", bytes: true, note: "raw x ratio"},
		xlsxRow{label: fam + " planned", name: n("planned_bytes"), formula: n("stored_bytes") + "*redundancy", cached: s.PlannedBytes, unit: "bytes", bytes: true, note: "stored x redundancy"},
		xlsxRow{label: fam + " regions", name: n("regions"), formula: fmt.Sprintf("MAX(1,CEILING(%s/(region_size_bytes*fill),1))", n("planned_bytes")), cached: float64(s.Regions), unit: "regions", note: "the regions this store alone fills"})
	return inputs, results
}

// xlsxStoreTotals are the table's sums over its stores, the bytes the split rule weighs,
// the regions, the disk, and what the split rule weighs of a byte written.
func xlsxStoreTotals(p *capacity.Sizing) []xlsxRow {
	sum := func(figure string) string {
		parts := make([]string, len(p.Stores))
		for i := range p.Stores {
			parts[i] = storeName(i, figure)
		}
		return strings.Join(parts, "+")
	}
	var out []xlsxRow
	if p.Input.Volume.Daily == 0 {
		out = append(out, xlsxRow{label: "bytes per row", name: "row_bytes", formula: sum("row_bytes"), cached: p.RowBytes, unit: "bytes", format: fmtDecimal, note: "the families' bytes per row"})
	}
	planned := strings.Split(sum("planned_bytes"), "+")
	return append(out,
		xlsxRow{label: "raw", name: "raw_bytes", formula: sum("raw_bytes"), cached: p.RawBytes, unit: "bytes", bytes: true, note: "the families' raw"},
		xlsxRow{label: "stored", name: "stored_bytes", formula: sum("stored_bytes"), cached: p.StoredBytes, unit: "bytes", bytes: true, note: "the families' stored"},
		xlsxRow{label: "planned", name: "planned_bytes", formula: sum("planned_bytes"), cached: p.PlannedBytes, unit: "bytes", bytes: true, note: "the families' planned"},
		xlsxRow{label: "split on", name: "split_bytes", formula: fmt.Sprintf("IF(split_overallfiles=1,planned_bytes,MAX(%s))", strings.Join(planned, ",")), cached: p.SplitBytes,
			unit: "bytes", bytes: true, note: "all stores' planned with split_overallfiles 1, else the largest store's"},
		xlsxRow{label: "exact regions", name: "exact_regions", formula: "split_bytes/(region_size_bytes*fill)", cached: p.ExactRegions, unit: "regions", format: fmtDecimal, note: "split on / (region size x fill)"},
		xlsxRow{label: "regions", name: "regions", formula: "MAX(1,CEILING(exact_regions,1))", cached: float64(p.Regions), unit: "regions", note: "ceil(split on / region size), at least 1"},
		xlsxRow{label: "disk", name: "disk_bytes", formula: "planned_bytes*replication", cached: p.DiskBytes, unit: "bytes", bytes: true, note: "planned x HDFS replication (all stores)"},
		xlsxRow{label: "split weight of a write", name: "split_write_weight", formula: splitWeightFormula(len(p.Stores)), cached: p.SplitWriteWeight(), unit: "factor", format: fmtRatio,
			note: "of a byte written, what the split rule weighs: the split stores' share x ratio, x redundancy"},
	)
}

// splitWeightFormula is capacity.Sizing.SplitWriteWeight as a formula on n stores: each
// store's share x ratio when all stores count, or when it is the first store holding
// split_bytes (the largest; the first of equals, as the model takes it).
func splitWeightFormula(n int) string {
	terms := make([]string, n)
	for i := range n {
		conds := []string{storeName(i, "planned_bytes") + "=split_bytes"}
		for j := range i {
			conds = append(conds, storeName(j, "planned_bytes")+"<>split_bytes")
		}
		terms[i] = fmt.Sprintf("IF(OR(split_overallfiles=1,AND(%s)),%s*%s,0)", strings.Join(conds, ","), storeName(i, "share"), storeName(i, "compression_ratio"))
	}
	return "(" + strings.Join(terms, "+") + ")*redundancy"
}

// storeGrowthHeads are the Growth sheet's store columns, after the table's: each store's
// raw, stored and planned bytes.
func storeGrowthHeads(p *capacity.Sizing) []string {
	var out []string
	for _, s := range p.Stores {
		n := quote.SheetCell(s.Name)
		out = append(out, n+" raw bytes", n+" stored bytes", n+" planned bytes")
	}
	return out
}

// storeGrowthRow is the Growth row r of horizon h with the stores: each store holds
// min(days, its days kept) of its share; the table's raw, stored and planned are their
// sums and its regions weigh split_bytes' rule (all stores, or the largest).
func storeGrowthRow(row []any, h capacity.Horizon, r, style int) []any {
	var raws, storeds, planneds []string
	for i := range h.Stores {
		col := 9 + 3*i // I, L, O, ...
		raw, stored, planned := cellName(col, r), cellName(col+1, r), cellName(col+2, r)
		raws, storeds, planneds = append(raws, raw), append(storeds, stored), append(planneds, planned)
		s := h.Stores[i]
		row = append(row,
			excelize.Cell{StyleID: style, Formula: fmt.Sprintf("daily_bytes*%s*MIN(A%d,%s)", storeName(i, "share"), r, storeName(i, "kept_days")), Value: s.RawBytes},
			excelize.Cell{StyleID: style, Formula: raw + "*" + storeName(i, "compression_ratio"), Value: s.StoredBytes},
			excelize.Cell{StyleID: style, Formula: stored + "*redundancy", Value: s.PlannedBytes})
	}
	row[1] = excelize.Cell{StyleID: style, Formula: strings.Join(raws, "+"), Value: h.RawBytes}
	row[2] = excelize.Cell{StyleID: style, Formula: strings.Join(storeds, "+"), Value: h.StoredBytes}
	row[3] = excelize.Cell{StyleID: style, Formula: strings.Join(planneds, "+"), Value: h.PlannedBytes}
	row[4] = excelize.Cell{StyleID: style, Formula: fmt.Sprintf("MAX(1,CEILING(IF(split_overallfiles=1,D%d,MAX(%s))/(region_size_bytes*fill),1))", r, strings.Join(planneds, ",")), Value: h.Regions}
	return row
}

// cellName is the A1 name of column col (from 1), row r.
func cellName(col, r int) string {
	name, _ := excelize.CoordinatesToCellName(col, r) // col and r are from 1: never an error
	return name
}
