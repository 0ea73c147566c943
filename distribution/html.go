package distribution

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/htmlpage"
)

// HTMLOptions are what verify's page shows besides the counts.
type HTMLOptions struct {
	Title   string   // the page's title; "" = "presplit verify"
	Inputs  []string // how the split and the keys were given, one line each
	MaxSkew float64  // the --max-skew gate, drawn as a line at MaxSkew x the mean; 0 = none
	Hottest int      // how many of the fullest regions to list; 0 = 10
	// Name words the inputs the page names by field ref ({verify.max_skew}): the CLI's is
	// its flag; nil names it by the field's own name.
	Name func(field string) string
}

// word expands the field refs in s with o.Name.
func (o HTMLOptions) word(s string) string {
	if o.Name == nil {
		return field.Expand(s, field.Design)
	}
	return field.Expand(s, o.Name)
}

// hottest is how many regions the page lists by default.
const hottest = 10

// WriteHTML writes the distribution as one self-contained HTML page: the summary, keys per
// region as a bar chart with the mean and the --max-skew limit and each region's percent
// of the mean, and the fullest regions. Above htmlpage.MaxMarks regions the chart shows
// buckets of consecutive regions with their min, mean and max.
func WriteHTML(w io.Writer, d Distribution, opt HTMLOptions) error {
	s := d.Summary()
	title := opt.Title
	if title == "" {
		title = "presplit verify"
	}
	p := htmlpage.Page{Title: title, NoFindings: true}
	p.Lead = fmt.Sprintf("%d keys in %d regions: skew %s (largest region / mean)", s.Keys, s.Regions, strconv.FormatFloat(s.Skew, 'f', 2, 64))
	switch {
	case opt.MaxSkew > 0 && s.Keys == 0:
		p.Lead += opt.word("; no keys were read, so {verify.max_skew} fails.")
	case OverSkew(s.LargestKeys, s.Mean, opt.MaxSkew):
		p.Lead += fmt.Sprintf(opt.word(", above {verify.max_skew} %s: the gate fails."), strconv.FormatFloat(opt.MaxSkew, 'f', -1, 64))
	case opt.MaxSkew > 0:
		p.Lead += fmt.Sprintf(opt.word(", within {verify.max_skew} %s."), strconv.FormatFloat(opt.MaxSkew, 'f', -1, 64))
	default:
		p.Lead += "."
	}
	summary := htmlpage.Section{ID: "summary", Heading: "Summary", Text: opt.Inputs, Facts: []htmlpage.Fact{
		{Name: "keys", Value: strconv.FormatInt(s.Keys, 10)},
		{Name: "regions", Value: strconv.Itoa(s.Regions)},
		{Name: "mean keys per region", Value: strconv.FormatFloat(s.Mean, 'f', 2, 64)},
		{Name: "largest region", Value: fmt.Sprintf("%d: %d keys, %s", s.Largest, s.LargestKeys, percent(s.LargestShare))},
		{Name: "skew", Value: strconv.FormatFloat(s.Skew, 'f', 2, 64), Note: "largest / mean; 1 is even"},
		{Name: "coefficient of variation", Value: strconv.FormatFloat(s.CV, 'f', 2, 64), Note: "standard deviation / mean"},
		{Name: "empty regions", Value: strconv.Itoa(s.Empty)},
	}}
	c := countsChart("keys", "Keys per region (keys)", d.Counts, d.Splits.Slices(), s.Mean, opt.MaxSkew, opt.word(field.Ref("verify.max_skew")))
	p.Sections = append(p.Sections, summary,
		htmlpage.Section{ID: "regions", Heading: "Keys per region", Charts: []*htmlpage.Chart{c}},
		hottestSection(d, s, opt.Hottest))
	return htmlpage.Write(w, p)
}

// countsChart is keys per region as columns, with the mean and the skew limit.
func countsChart(id, title string, counts []int64, keys [][]byte, mean, maxSkew float64, gate string) *htmlpage.Chart {
	limit := maxSkew * mean
	series := htmlpage.Series{N: len(counts),
		Value: func(i int) float64 { return float64(counts[i]) },
		Class: func(i int) string {
			switch {
			case counts[i] == 0:
				return "empty"
			case OverSkew(counts[i], mean, maxSkew):
				return "hot"
			}
			return "mark"
		},
	}
	if keys != nil {
		series.Key = func(i int) string {
			if i == 0 {
				return ""
			}
			return string(hbytes.AppendKeyText(nil, keys[i-1])) // an edge space seen
		}
	}
	c := htmlpage.NewChart(id, title, htmlpage.Columns, series, []string{"hot", "empty"})
	c.Value, c.XLabel, c.YLabel = "keys", "regions in key order", "keys"
	c.Format = countText
	if mean > 0 {
		c.Lines = append(c.Lines, htmlpage.Line{Label: "mean", Value: mean, Class: "line-mean"})
	}
	c.Legend = []htmlpage.Class{{Name: "mark", Label: "keys in the region"}, {Name: "empty", Label: "no key"}}
	if maxSkew > 0 && mean > 0 {
		c.Lines = append(c.Lines, htmlpage.Line{Label: gate, Value: limit, Class: "line-limit"})
		c.Legend = append(c.Legend, htmlpage.Class{Name: "hot", Label: "above " + gate + " x the mean"})
	}
	c.Extra = []string{"% of mean"}
	for i := range c.Marks {
		m := &c.Marks[i]
		pct := "-"
		if mean > 0 {
			pct = strconv.FormatFloat(100*m.Value/mean, 'f', 1, 64) + "%"
			if m.First != m.Last {
				pct = "mean " + pct + ", max " + strconv.FormatFloat(100*m.Max/mean, 'f', 1, 64) + "%"
			}
		}
		m.Extra = []string{pct}
	}
	return c
}

// countText writes a count: whole numbers as integers, a bucket's mean with two decimals.
func countText(v float64) string {
	if v == float64(int64(v)) {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// hottestSection lists the regions with the most keys, fullest first (the first on a tie).
func hottestSection(d Distribution, s Summary, n int) htmlpage.Section {
	if n <= 0 {
		n = hottest
	}
	n = min(n, len(d.Counts))
	idx := topRegions(d.Counts, n)
	total := s.Keys
	t := &htmlpage.Table{Head: []string{"region", "start key", "end key", "keys", "share", "% of mean"}}
	for _, i := range idx {
		r := d.region(i, total)
		pct := "-"
		if s.Mean > 0 {
			pct = strconv.FormatFloat(100*float64(r.Keys)/s.Mean, 'f', 1, 64) + "%"
		}
		t.Rows = append(t.Rows, []string{strconv.Itoa(r.Index), r.StartKey, r.EndKey, strconv.FormatInt(r.Keys, 10), percent(r.Share), pct})
	}
	return htmlpage.Section{ID: "hottest", Heading: "Hottest regions", Tables: []*htmlpage.Table{t},
		Text: []string{fmt.Sprintf("The %d regions with the most keys, fullest first.", n)}}
}

// topRegions is the indexes of the n largest counts, largest first, the lower index first
// on a tie, in one pass that keeps n candidates.
func topRegions(counts []int64, n int) []int {
	top := make([]int, 0, n+1)
	less := func(a, b int) int { // a before b
		if c := cmp.Compare(counts[b], counts[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	}
	for i := range counts {
		if len(top) == n && less(i, top[n-1]) >= 0 {
			continue
		}
		j, _ := slices.BinarySearchFunc(top, i, less)
		top = slices.Insert(top, j, i)
		if len(top) > n {
			top = top[:n]
		}
	}
	return top
}

// SchemeCounts is one rowkey scheme of a simulation: writes per region, all and newest.
type SchemeCounts struct {
	Name      string  // the scheme, as --scheme spells it
	Counts    []int64 // writes per region
	HotCounts []int64 // writes per region among the newest writes
}

// SchemesHTML is what simulate's page shows.
type SchemesHTML struct {
	Title   string
	Lead    string
	Head    []string   // the comparison table's columns
	Rows    [][]string // one row per scheme
	Schemes []SchemeCounts
	Hot     string // what the newest writes are: "the newest 10% of writes"
}

// WriteSchemesHTML writes simulate's comparison as one self-contained HTML page: the
// table of schemes, then each scheme's writes per region side by side on one scale, all
// writes and the newest.
func WriteSchemesHTML(w io.Writer, sh SchemesHTML) error {
	p := htmlpage.Page{Title: sh.Title, Lead: sh.Lead, NoFindings: true}
	p.Sections = append(p.Sections, htmlpage.Section{ID: "schemes", Heading: "Schemes",
		Tables: []*htmlpage.Table{{Head: sh.Head, Rows: sh.Rows}}})
	var all, hot []*htmlpage.Chart
	for i, sc := range sh.Schemes {
		all = append(all, schemeChart(fmt.Sprintf("all-%d", i+1), sc.Name+": writes per region (writes)", sc.Counts))
		hot = append(hot, schemeChart(fmt.Sprintf("hot-%d", i+1), sc.Name+": "+sh.Hot+" per region (writes)", sc.HotCounts))
	}
	htmlpage.ShareScale(all...)
	htmlpage.ShareScale(hot...)
	p.Sections = append(p.Sections,
		htmlpage.Section{ID: "all", Heading: "All writes, per region", Charts: all,
			Text: []string{"Every scheme on one scale: a tall column is a region that takes more than its share; the dashed line is each scheme's mean."}},
		htmlpage.Section{ID: "hot", Heading: "The newest writes, per region", Charts: hot,
			Text: []string{"Where " + sh.Hot + " land: a scheme whose newest writes pile into one region has a write hotspot however even it is overall."}})
	return htmlpage.Write(w, p)
}

func schemeChart(id, title string, counts []int64) *htmlpage.Chart {
	s := Summarize(counts)
	c := countsChart(id, title, counts, nil, s.Mean, 0, "")
	c.Value = "writes"
	c.YLabel = "writes"
	c.Legend = nil
	return c
}
