package lint

import (
	"fmt"
	"strings"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/tablespec"
)

// CP006: a cells sizing whose explicit lengths contradict the design. Every cell stores
// the row key, its family's name and its qualifier (KeyValue's layout), so when the design
// states them (fixed-width rowkey parts, the families' names, the listed qualifiers) a
// different row_len, family_len or qualifier_len sizes another table than the one
// created. The explicit number is the user's and stays the sizing's; the finding gives
// both cells and both region counts, so an under-sized table is never silent.
var CP006 = &Analyzer{
	Code: "CP006", Severity: finding.Warning,
	Doc: "cells row_len, family_len or qualifier_len that contradicts the rowkey's widths, the family names or the listed qualifiers",
	Run: func(p *Pass) {
		if p.Capacity == nil || p.Capacity.Input.Volume.Cells == nil {
			return
		}
		c := p.Design.Capacity.Cells
		if c == nil {
			return
		}
		if n, ok := p.rowkeyLen(); ok && c.RowLen.Set && c.RowLen.V != n {
			p.reportCellLen(c.RowLen, "row_len", n, "the rowkey is "+p.rowkeyParts(n),
				func(cl *capacity.Cells, v int) { cl.RowLen = v })
		}
		if names := namedFamilies(p.Design.Families); c.FamilyLen.Set && len(names) == len(p.Design.Families) {
			if n, what, ok := contradicts(c.FamilyLen.V, names, "family", "families"); ok {
				p.reportCellLen(c.FamilyLen, "family_len", n, what,
					func(cl *capacity.Cells, v int) { cl.FamilyLen = v })
			}
		}
		if c.QualifierLen.Set {
			if n, what, ok := contradicts(c.QualifierLen.V, listedQualifiers(p.Design.Families), "qualifier", "qualifiers"); ok {
				p.reportCellLen(c.QualifierLen, "qualifier_len", n, what,
					func(cl *capacity.Cells, v int) { cl.QualifierLen = v })
			}
		}
	},
}

// namedFamilies are the names of the families the user named (in a spec, or with
// --family); presplit's stand-in family cf, which the user never named, is left out: a
// family_len written for a table whose family is still to be named is the user's own.
func namedFamilies(fs []tablespec.Family) []string {
	var names []string
	for _, f := range fs {
		if f.Name.Pos.Line > 0 || f.Name.Src != "" {
			names = append(names, f.Name.V)
		}
	}
	return names
}

// listedQualifiers are the qualifiers the families list, every family's.
func listedQualifiers(fs []tablespec.Family) []string {
	var quals []string
	for _, f := range fs {
		for _, q := range f.Qualifiers {
			quals = append(quals, q.V)
		}
	}
	return quals
}

// contradicts says whether an explicit length lies outside the lengths of the design's
// names (the shortest to the longest): a mean of names of different lengths may sit
// anywhere between them, a length outside them no mix of the names gives. n is the names'
// mean as the sizing takes it without the explicit length (tablespec.Spec.CellLens,
// rounded half up), what the names as the finding shows them.
func contradicts(explicit int64, names []string, kind, kinds string) (n int64, what string, ok bool) {
	if len(names) == 0 {
		return 0, "", false
	}
	least, most, sum := len(names[0]), len(names[0]), 0
	quoted := make([]string, len(names))
	for i, s := range names {
		least, most, sum = min(least, len(s)), max(most, len(s)), sum+len(s)
		quoted[i] = fmt.Sprintf("%s (%d bytes)", field.Quote(s), len(s))
	}
	if explicit >= int64(least) && explicit <= int64(most) {
		return 0, "", false
	}
	n = int64((sum + len(names)/2) / len(names))
	if len(names) == 1 {
		return n, fmt.Sprintf("every cell stores the %s %s", kind, quoted[0]), true
	}
	return n, fmt.Sprintf("the %s %s average %d bytes", kinds, strings.Join(quoted, ", "), n), true
}

// rowkeyParts is the rowkey's n bytes as the design adds them up: prefix, parts and
// delimiters.
func (p *Pass) rowkeyParts(n int64) string {
	r := p.Design.Rowkey
	var terms []string
	if p.Prefix != nil && p.Prefix.Width > 0 {
		terms = append(terms, fmt.Sprintf("%d prefix", p.Prefix.Width))
	}
	for _, part := range r.Parts {
		terms = append(terms, fmt.Sprintf("%d %s", part.Width.V, part.Name.V))
	}
	if d := int64(len(p.delimiterAfterPrefix())) + int64(len(r.Parts)-1)*int64(len(p.Delimiter)); d > 0 {
		terms = append(terms, fmt.Sprintf("%d delimiters", d))
	}
	return fmt.Sprintf("%d bytes (%s)", n, strings.Join(terms, " + "))
}

// reportCellLen reports the explicit length v of the cells sizing where the design gives
// n: the cell and the regions the sizing gives, and those with n in its place.
func (p *Pass) reportCellLen(v tablespec.Value[int64], name string, n int64, what string, set func(*capacity.Cells, int)) {
	in := p.Capacity.Input
	cells := *in.Volume.Cells
	set(&cells, int(n))
	in.Volume.Cells = &cells
	in.Volume.RowBytes = cells.RowBytes()
	design, err := capacity.Compute(in)
	regions := ""
	if err == nil {
		regions = fmt.Sprintf(", %d regions where the design's needs %d", p.Capacity.Regions, design.Regions)
	}
	p.Report(v.Pos,
		"make the length what the design says: "+field.Set("capacity.cells."+name, fmt.Sprint(n)),
		"cells %s is %d but %s: the sizing prices a cell at %s where the design's is %s%s",
		name, v.V, what, humanize.IBytes(uint64(p.Capacity.Input.Volume.Cells.CellBytes())),
		humanize.IBytes(uint64(cells.CellBytes())), regions)
}
