package htmlpage

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxMarks is the most marks one chart draws: above it, consecutive items are aggregated
// into buckets (as Bigtable's Key Visualizer does with its 1,000 key buckets), each with
// the min, mean and max of its items.
const MaxMarks = 1000

// Kind is how a chart draws its marks.
type Kind int

const (
	// Columns draws one column per mark, its height the mark's value (a bucket's mean,
	// with a whisker from its min to its max), on a y scale from 0 to the chart's YMax.
	Columns Kind = iota
	// Strip draws the marks side by side in one bar, each as wide as its share of the
	// whole: the key space with each region's part of it to scale.
	Strip
)

// Series is what Aggregate reads: N items in order (regions in key order), each with a
// value and optionally a start key, a class (a CSS class of the page's palette) and a
// label.
type Series struct {
	N     int
	Value func(i int) float64
	Key   func(i int) string // the item's start key in toStringBinary form; nil: none
	Class func(i int) string // nil: every mark plain
	Label func(i int) string // the first column of the table view; nil: the item number
}

// Mark is one drawn mark: one item, or a bucket of the consecutive items First..Last
// (numbered from 1).
type Mark struct {
	First, Last int
	Label       string
	Key         string
	Value       float64 // the item's value; a bucket's mean
	Min, Max    float64
	Sum         float64
	Class       string
	// Classes counts a bucket's items by class ("3 split, 997 keep"); "" for one item.
	Classes string
	Extra   []string // more table cells, one per Chart.Extra column
}

// Aggregate turns a series into at most MaxMarks marks: one per item, or buckets of per
// consecutive items (per = ceil(N / MaxMarks)). A bucket takes the class that comes first
// in priority among its items' classes (the most urgent action), else its most common one.
func Aggregate(s Series, priority []string) (marks []Mark, per int) {
	if s.N <= 0 {
		return nil, 1
	}
	per = (s.N + MaxMarks - 1) / MaxMarks
	marks = make([]Mark, 0, (s.N+per-1)/per)
	rank := map[string]int{}
	for i, c := range priority {
		rank[c] = i
	}
	type tally struct {
		class string
		n     int
	}
	var counts []tally
	for first := 0; first < s.N; first += per {
		last := min(first+per, s.N) - 1
		m := Mark{First: first + 1, Last: last + 1, Min: math.Inf(1), Max: math.Inf(-1)}
		if s.Key != nil {
			m.Key = s.Key(first)
		}
		if s.Label != nil {
			m.Label = s.Label(first)
			if last > first {
				m.Label += " – " + s.Label(last)
			}
		} else if last > first {
			m.Label = strconv.Itoa(first+1) + "–" + strconv.Itoa(last+1)
		} else {
			m.Label = strconv.Itoa(first + 1)
		}
		counts = counts[:0]
		for i := first; i <= last; i++ {
			v := s.Value(i)
			m.Sum += v
			m.Min = math.Min(m.Min, v)
			m.Max = math.Max(m.Max, v)
			if s.Class != nil {
				c := s.Class(i)
				found := false
				for j := range counts {
					if counts[j].class == c {
						counts[j].n++
						found = true
						break
					}
				}
				if !found {
					counts = append(counts, tally{c, 1})
				}
			}
		}
		m.Value = m.Sum / float64(last-first+1)
		if len(counts) > 0 {
			best := 0
			for j := range counts {
				rj, okj := rank[counts[j].class]
				rb, okb := rank[counts[best].class]
				switch {
				case okj && (!okb || rj < rb):
					best = j
				case okj == okb && (!okj || rj == rb) && counts[j].n > counts[best].n:
					best = j
				}
			}
			m.Class = counts[best].class
			if last > first {
				parts := make([]string, len(counts))
				for j, c := range counts {
					parts[j] = strconv.Itoa(c.n) + " " + c.class
				}
				m.Classes = strings.Join(parts, ", ")
			}
		}
		marks = append(marks, m)
	}
	return marks, per
}

// Line is a horizontal reference line of a column chart (the mean, the --max-skew limit).
type Line struct {
	Label string
	Value float64
	Class string // a palette class: line-mean, line-limit
}

// Class is one entry of a chart's legend: its CSS class and what it means.
type Class struct {
	Name  string
	Label string
}

// Chart is one SVG chart and its table view.
type Chart struct {
	ID     string // unique in the page: data-chart and the table's data-table
	Title  string // says the unit: "Keys per region (keys)"
	XLabel string
	YLabel string
	Kind   Kind
	Marks  []Mark
	Items  int    // how many items the marks stand for
	Per    int    // items per bucket (1: one mark per item)
	Item   string // what an item is, singular: "region"
	Value  string // the value's column in the table view: "keys", "size (bytes)"
	// Format writes a value for the axis, the marks' titles and the table; nil: %g.
	Format func(float64) string
	YMax   float64 // the top of the y scale; 0: the largest mark
	Lines  []Line
	Legend []Class
	// ClassColumn, when set, heads a table column of each mark's class (a bucket's count of
	// each): "action". The class names are then words a reader knows.
	ClassColumn string
	Extra       []string  // more table columns, filled by Mark.Extra
	Ticks       []float64 // Strip: fractions of the bar (0..1) where a bucket of the prefix starts, drawn behind it
	Labels      bool      // Columns: write each mark's Label under it (few, categorical marks)
	Binary      bool      // Columns: the y steps are whole numbers of a power of 1024 (bytes: 4 GiB, not 4.3 GB)
	Note        string    // a sentence under the chart
}

// NewChart aggregates s into a chart's marks.
func NewChart(id, title string, kind Kind, s Series, priority []string) *Chart {
	marks, per := Aggregate(s, priority)
	return &Chart{ID: id, Title: title, Kind: kind, Marks: marks, Items: s.N, Per: per, Item: "region", Value: "value"}
}

// ShareScale gives the charts one y scale: the largest YMax, mark or line among them.
func ShareScale(charts ...*Chart) {
	top := 0.0
	for _, c := range charts {
		top = math.Max(top, c.top())
	}
	for _, c := range charts {
		c.YMax = top
	}
}

// top is the y scale's top: YMax, else the largest mark or line.
func (c *Chart) top() float64 {
	if c.YMax > 0 {
		return c.YMax
	}
	top := 0.0
	for _, m := range c.Marks {
		top = math.Max(top, m.Max)
	}
	for _, l := range c.Lines {
		top = math.Max(top, l.Value)
	}
	return top
}

func (c *Chart) format(v float64) string {
	if c.Format != nil {
		return c.Format(v)
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// Bucketed reports whether the marks are buckets of several items.
func (c *Chart) Bucketed() bool { return c.Per > 1 }

// The chart's drawing area, in viewBox units.
const (
	wideWidth  = 1000 // a chart alone on its row
	smallWidth = 560  // one of several charts side by side: its text stays legible
	plotLeft   = 80
	plotMargin = 120 // room on the right for the lines' labels
	plotTop    = 16
	plotHeight = 220
	stripTop   = 8
	stripBar   = 56
)

// svg is a chart as its template draws it: every number already in viewBox units.
type svg struct {
	Width   int
	Height  int
	Rects   []svgRect
	Whisker []svgWhisker
	Lines   []svgLine
	Grid    []svgLine
	Texts   []svgText
	Ticks   []svgTick
	Desc    string
	Marks   int
}

type svgRect struct {
	X, Y, W, H string
	Class      string
	Title      string
}

type svgWhisker struct{ X, Y1, Y2 string }

type svgLine struct {
	X1, X2, Y string
	Class     string
}

type svgText struct {
	X, Y, Text, Anchor, Class string
}

type svgTick struct{ X, Y1, Y2 string }

func num(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

// title is a mark's tooltip and its accessible name.
func (c *Chart) title(m Mark) string {
	var b strings.Builder
	if m.First == m.Last {
		fmt.Fprintf(&b, "%s %s", c.Item, m.Label)
	} else {
		fmt.Fprintf(&b, "%ss %s", c.Item, m.Label)
	}
	if m.Key != "" {
		fmt.Fprintf(&b, ", start key %s", m.Key)
	}
	if m.First == m.Last {
		fmt.Fprintf(&b, ": %s %s", c.format(m.Value), c.Value)
	} else {
		fmt.Fprintf(&b, ": %s mean %s, min %s, max %s", c.Value, c.format(m.Value), c.format(m.Min), c.format(m.Max))
	}
	if m.Class != "" && m.Classes == "" {
		fmt.Fprintf(&b, " (%s)", m.Class)
	}
	if m.Classes != "" {
		fmt.Fprintf(&b, " (%s)", m.Classes)
	}
	return b.String()
}

// draw lays the chart out.
// draw lays the chart out, width viewBox units wide.
func (c *Chart) draw(width int) svg {
	if c.Kind == Strip {
		return c.drawStrip(width)
	}
	return c.drawColumns(width)
}

func (c *Chart) drawColumns(width int) svg {
	s := svg{Width: width, Marks: len(c.Marks)}
	plotRight := float64(width - plotMargin)
	labelRoom := 36
	if c.Labels {
		labelRoom = 52
	}
	s.Height = plotTop + plotHeight + labelRoom
	top := c.top()
	if top <= 0 {
		top = 1
	}
	step := niceStep(top / 4)
	if c.Binary {
		u := 1.0
		for u*1024 <= top/4 {
			u *= 1024
		}
		step = niceStep(top/4/u) * u
	}
	top = math.Max(top, step) // the scale ends at a whole step or the top, whichever is higher
	y := func(v float64) float64 { return plotTop + plotHeight - v/top*plotHeight }
	plotW := plotRight - plotLeft
	for v := 0.0; v <= top*1.0000001; v += step {
		s.Grid = append(s.Grid, svgLine{X1: num(plotLeft), X2: num(plotRight), Y: num(y(v)), Class: "grid"})
		s.Texts = append(s.Texts, svgText{X: num(plotLeft - 6), Y: num(y(v) + 4), Text: c.format(v), Anchor: "end", Class: "axis"})
	}
	n := len(c.Marks)
	w := plotW / float64(max(n, 1))
	gap := 0.0
	if n <= 100 {
		gap = w * 0.15
	}
	for i, m := range c.Marks {
		x := plotLeft + float64(i)*w
		h := math.Max(m.Value, 0) / top * plotHeight
		s.Rects = append(s.Rects, svgRect{X: num(x + gap/2), Y: num(plotTop + plotHeight - h), W: num(w - gap), H: num(h),
			Class: strings.TrimSpace("mark " + m.Class), Title: c.title(m)})
		if m.First != m.Last && m.Max > m.Min {
			s.Whisker = append(s.Whisker, svgWhisker{X: num(x + w/2), Y1: num(y(m.Min)), Y2: num(y(m.Max))})
		}
		if c.Labels {
			s.Texts = append(s.Texts, svgText{X: num(x + w/2), Y: num(plotTop + plotHeight + 16), Text: m.Label, Anchor: "middle", Class: "axis"})
		}
	}
	for _, l := range c.Lines {
		yy := num(y(l.Value))
		s.Lines = append(s.Lines, svgLine{X1: num(plotLeft), X2: num(plotRight), Y: yy, Class: l.Class})
		s.Texts = append(s.Texts, svgText{X: num(plotRight + 6), Y: num(y(l.Value) + 4), Text: l.Label + " " + c.format(l.Value), Anchor: "start", Class: "axis " + l.Class})
	}
	base := float64(plotTop + plotHeight)
	if !c.Labels && n > 0 {
		s.Texts = append(s.Texts,
			svgText{X: num(plotLeft), Y: num(base + 16), Text: c.Item + " " + c.Marks[0].firstLabel(), Anchor: "start", Class: "axis"},
			svgText{X: num(plotRight), Y: num(base + 16), Text: c.Item + " " + c.Marks[n-1].lastLabel(), Anchor: "end", Class: "axis"})
	}
	s.Texts = append(s.Texts, svgText{X: num((plotLeft + plotRight) / 2), Y: num(float64(s.Height) - 6), Text: c.XLabel, Anchor: "middle", Class: "axis label"})
	s.Texts = append(s.Texts, svgText{X: "14", Y: num(plotTop + plotHeight/2), Text: c.YLabel, Anchor: "middle", Class: "axis label ylabel"})
	s.Desc = c.describe()
	return s
}

func (m Mark) firstLabel() string {
	if m.First == m.Last {
		return m.Label
	}
	return strconv.Itoa(m.First)
}

func (m Mark) lastLabel() string {
	if m.First == m.Last {
		return m.Label
	}
	return strconv.Itoa(m.Last)
}

func (c *Chart) drawStrip(width int) svg {
	s := svg{Width: width, Marks: len(c.Marks), Height: stripTop + stripBar + 44}
	plotRight := float64(width - plotMargin)
	total := 0.0
	for _, m := range c.Marks {
		total += m.Sum
	}
	plotW := plotRight - plotLeft
	for _, t := range c.Ticks {
		x := plotLeft + t*plotW
		s.Ticks = append(s.Ticks, svgTick{X: num(x), Y1: num(stripTop + stripBar), Y2: num(stripTop + stripBar + 8)})
	}
	x := float64(plotLeft)
	for _, m := range c.Marks {
		w := 0.0
		if total > 0 {
			w = m.Sum / total * plotW
		}
		s.Rects = append(s.Rects, svgRect{X: num(x), Y: num(stripTop), W: num(w), H: num(stripBar),
			Class: strings.TrimSpace("mark " + m.Class), Title: c.title(m)})
		x += w
	}
	base := float64(stripTop + stripBar)
	s.Texts = append(s.Texts,
		svgText{X: num(plotLeft), Y: num(base + 22), Text: "start of the key space", Anchor: "start", Class: "axis"},
		svgText{X: num(plotRight), Y: num(base + 22), Text: "end", Anchor: "end", Class: "axis"},
		svgText{X: num((plotLeft + plotRight) / 2), Y: num(float64(s.Height) - 6), Text: c.XLabel, Anchor: "middle", Class: "axis label"})
	s.Desc = c.describe()
	return s
}

// describe is the chart's text alternative: what it shows and how it is aggregated.
func (c *Chart) describe() string {
	if c.Per > 1 {
		return fmt.Sprintf("%s: %d %ss in %d buckets of %d consecutive %ss; each mark is a bucket, with its mean and a whisker from its min to its max.",
			c.Title, c.Items, c.Item, len(c.Marks), c.Per, c.Item)
	}
	return fmt.Sprintf("%s: %d %s, one mark each.", c.Title, c.Items, plural(c.Items, c.Item))
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// niceStep rounds a step up to 1, 2, 2.5 or 5 times a power of ten.
func niceStep(v float64) float64 {
	if v <= 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, f := range []float64{1, 2, 2.5, 5, 10} {
		if f*p >= v {
			return f * p
		}
	}
	return 10 * p
}

// row is one row of a chart's table view.
type row struct {
	First, Last int
	Label, Key  string
	Sum         string // exact, for data-sum
	Cells       []string
}

// table is the chart's table view: one row per mark.
func (c *Chart) table() (head []string, rows []row) {
	item := c.Item
	if c.Bucketed() {
		item += "s"
	}
	head = []string{item, "start key"}
	if c.Bucketed() {
		head = append(head, c.Value+" (total)", "min", "mean", "max")
	} else {
		head = append(head, c.Value)
	}
	if c.ClassColumn != "" {
		head = append(head, c.ClassColumn)
	}
	head = append(head, c.Extra...)
	rows = make([]row, len(c.Marks))
	for i, m := range c.Marks {
		r := row{First: m.First, Last: m.Last, Label: m.Label, Key: m.Key, Sum: strconv.FormatFloat(m.Sum, 'f', -1, 64)}
		if c.Bucketed() {
			r.Cells = []string{c.format(m.Sum), c.format(m.Min), c.format(m.Value), c.format(m.Max)}
		} else {
			r.Cells = []string{c.format(m.Value)}
		}
		if c.ClassColumn != "" {
			if m.Classes != "" {
				r.Cells = append(r.Cells, m.Classes)
			} else {
				r.Cells = append(r.Cells, m.Class)
			}
		}
		r.Cells = append(r.Cells, m.Extra...)
		rows[i] = r
	}
	return head, rows
}
