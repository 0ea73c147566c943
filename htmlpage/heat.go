package htmlpage

import (
	"fmt"
	"math"
	"strconv"
)

// Heat is a heat map over a key space: one row of cells per reading (an interval between
// snapshots), one column per item in key order (a region), each cell shaded by its value
// against the largest of the map, the way Bigtable's Key Visualizer draws a table's load.
// A NaN value is unknown and drawn blank. More than MaxMarks items are drawn in buckets of
// consecutive items, each bucket's cell its largest value, so a hot item stays visible.
type Heat struct {
	ID, Title string
	Item      string    // what a column is: "region"
	Unit      string    // what a value is: "requests/s"
	Keys      []string  // each item's start key (toStringBinary text), for the cells' titles
	Rows      []HeatRow // oldest first
}

// HeatRow is one reading: its label and a value per item.
type HeatRow struct {
	Label  string
	Values []float64
}

// heatShades is the number of shades a known value takes, from the lightest (0) up.
const heatShades = 6

const (
	heatLeft   = 180 // room for the rows' labels
	heatRowH   = 26
	heatTop    = 8
	heatBottom = 28
)

type heatView struct {
	*Heat
	S     svg
	Per   int // items a column holds
	Cols  int
	Table [][]string // the table view: an item a row, a cell per reading
}

// view lays the map out at width.
func (h *Heat) view(width int) heatView {
	n := len(h.Keys)
	per := max(1, (n+MaxMarks-1)/MaxMarks)
	cols := (n + per - 1) / per
	v := heatView{Heat: h, Per: per, Cols: cols}
	top := 0.0
	for _, r := range h.Rows {
		for _, x := range r.Values {
			if !math.IsNaN(x) {
				top = math.Max(top, x)
			}
		}
	}
	v.S = svg{Width: width, Height: heatTop + heatRowH*len(h.Rows) + heatBottom, Marks: cols}
	cellW := float64(width-heatLeft-plotMargin/4) / float64(max(cols, 1))
	for ri, r := range h.Rows {
		y := float64(heatTop + ri*heatRowH)
		v.S.Texts = append(v.S.Texts, svgText{X: num(heatLeft - 8), Y: num(y + heatRowH/2 + 4), Text: r.Label, Anchor: "end", Class: "axis"})
		for c := 0; c < cols; c++ {
			first, last := c*per, min((c+1)*per, n)-1
			val := math.NaN()
			for i := first; i <= last; i++ {
				if x := r.Values[i]; !math.IsNaN(x) && (math.IsNaN(val) || x > val) {
					val = x
				}
			}
			v.S.Rects = append(v.S.Rects, svgRect{X: num(heatLeft + float64(c)*cellW), Y: num(y + 1), W: num(cellW), H: num(heatRowH - 2),
				Class: heatClass(val, top), Title: h.cellTitle(r.Label, first, last, val)})
		}
	}
	v.S.Texts = append(v.S.Texts,
		svgText{X: num(heatLeft), Y: num(float64(v.S.Height - 8)), Text: "start of the key space", Anchor: "start", Class: "axis"},
		svgText{X: num(float64(width - plotMargin/4)), Y: num(float64(v.S.Height - 8)), Text: "end", Anchor: "end", Class: "axis"})
	v.S.Desc = fmt.Sprintf("%s: %d %ss in %d columns over %d readings, the darkest %s %s", h.Title, n, h.Item, cols, len(h.Rows), FormatRate(top), h.Unit)
	v.Table = h.table()
	return v
}

// heatClass is a cell's shade: unknown, or one of heatShades steps of val / top.
func heatClass(val, top float64) string {
	switch {
	case math.IsNaN(val):
		return "heat-none"
	case top <= 0 || val <= 0:
		return "heat0"
	}
	return "heat" + strconv.Itoa(min(heatShades-1, 1+int(val/top*float64(heatShades-1)*0.9999)))
}

func (h *Heat) cellTitle(row string, first, last int, val float64) string {
	what := fmt.Sprintf("%s %d", h.Item, first+1)
	if last > first {
		what = fmt.Sprintf("%ss %d-%d (the largest)", h.Item, first+1, last+1)
	}
	value := "unknown"
	if !math.IsNaN(val) {
		value = FormatRate(val) + " " + h.Unit
	}
	return fmt.Sprintf("%s, %s from %q: %s", row, what, h.Keys[first], value)
}

// table is the map's numbers: an item a row (at most MaxMarks rows: the first ones), its
// start key, then a cell per reading.
func (h *Heat) table() [][]string {
	n := min(len(h.Keys), MaxMarks)
	out := make([][]string, n)
	for i := 0; i < n; i++ {
		row := []string{strconv.Itoa(i + 1), h.Keys[i]}
		for _, r := range h.Rows {
			if math.IsNaN(r.Values[i]) {
				row = append(row, "unknown")
			} else {
				row = append(row, FormatRate(r.Values[i]))
			}
		}
		out[i] = row
	}
	return out
}

// formatRate writes a rate with at most 3 significant digits below 1,000.
func FormatRate(v float64) string {
	switch {
	case v >= 100:
		return strconv.FormatFloat(math.Round(v), 'f', 0, 64)
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}
