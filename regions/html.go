package regions

import (
	"fmt"
	"github.com/presplit/presplit/hbytes"
	"io"
	"strconv"
	"strings"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/htmlpage"
)

// actionClasses are the page's colours for Row.Action, most urgent first: a bucket of
// regions takes the colour of its most urgent action.
var actionClasses = []htmlpage.Class{
	{Name: "split", Label: "split (above 2 x the target)"},
	{Name: "merge", Label: "merge in this script"},
	{Name: "merge-later", Label: "merge in a later round"},
	{Name: "keep", Label: "keep"},
	{Name: "unknown", Label: "unknown (no size: no plan, or no metrics for the region)"},
}

func actionPriority() []string {
	names := make([]string, len(actionClasses))
	for i, c := range actionClasses {
		names[i] = c.Name
	}
	return names
}

// WriteHTML writes the layout and its plan as one self-contained HTML page: the region
// sizes along the key space coloured by what the plan does to each, the layout after the
// script beside it on one scale, the size histogram, the regions per server, and the
// script itself (what --format shell writes), when there is one.
func WriteHTML(w io.Writer, d Doc) error {
	l, p := d.Layout, d.Plan
	var marks []rowMark // what the plan does to each region, without a Row per region
	if p != nil {
		marks = p.marks(l)
	}
	table := l.Table
	if table == "" {
		table = "(not named by the input)"
	}
	pg := htmlpage.Page{Title: "presplit regions for table " + table, NoFindings: true}
	pg.Lead = fmt.Sprintf("%s regions from %s.", humanize.Comma(int64(len(l.Regions))), strings.Join(d.Inputs, ", "))
	if p != nil {
		pg.Lead += fmt.Sprintf(" The script makes %d merge_region and %d split: %d regions after it, %d after all rounds.",
			len(p.Merges), len(p.Splits), p.After, p.Final)
	}
	pg.Sections = append(pg.Sections, htmlLayoutFacts(d))
	pg.Sections = append(pg.Sections, htmlSizes(d, marks))
	if p != nil {
		pg.Sections = append(pg.Sections, htmlHistogram(d))
	}
	if d.Load != nil {
		pg.Sections = append(pg.Sections, htmlLoad(d))
	}
	if l.HasServer {
		pg.Sections = append(pg.Sections, htmlServers(l))
	}
	if p != nil && len(p.Notes) > 0 {
		pg.Sections = append(pg.Sections, htmlpage.Section{ID: "notes", Heading: "Notes", Text: p.Notes})
	}
	switch {
	case shellReady(d) != "":
		pg.Sections = append(pg.Sections, htmlpage.Section{ID: "script", Heading: "Script",
			Text: []string{"No script: " + shellReady(d) + "."}})
	case (len(p.Merges)+len(p.Splits))*minStatement > htmlpage.MaxCode:
		// Longer than a page carries whatever the names: not worth writing to find out.
		pg.Sections = append(pg.Sections, htmlpage.Section{ID: "script", Heading: "Script",
			Text: []string{fmt.Sprintf(d.word("The script's %s statements are more than a page carries: write it with {format} shell."),
				humanize.Comma(int64(len(p.Merges)+len(p.Splits))))}})
	default:
		var script strings.Builder
		if err := WriteShell(&script, d); err != nil {
			return err
		}
		pg.Sections = append(pg.Sections, htmlpage.Section{ID: "script", Heading: "Script",
			Text: []string{d.word("What {format} shell writes, byte for byte: review it, then run it with " + hbase.ScriptEndFor(d.Plan.Options.Version).RunWith() + ".")},
			Code: &htmlpage.Code{ID: "shell", Caption: "hbase shell", Text: script.String(), Instead: d.word("write it with {format} shell.")}})
	}
	return htmlpage.Write(w, pg)
}

// minStatement is the fewest bytes a statement of the script takes: split 'ENCODED' is
// 40 characters and a newline.
const minStatement = 41

func htmlLayoutFacts(d Doc) htmlpage.Section {
	l, p := d.Layout, d.Plan
	f := []htmlpage.Fact{
		{Name: "inputs", Value: strings.Join(d.Inputs, ", ")},
		{Name: "regions", Value: humanize.Comma(int64(len(l.Regions)))},
	}
	if l.Skipped > 0 {
		f = append(f, htmlpage.Fact{Name: "replica rows skipped", Value: strconv.Itoa(l.Skipped)})
	}
	if l.Exact {
		f = append(f, htmlpage.Fact{Name: "boundaries", Value: "exact"})
	} else {
		f = append(f, htmlpage.Fact{Name: "boundaries", Value: "as list_regions printed them", Note: d.word("stripped of leading and trailing spaces; give {regions.get_splits} or REGION_NAME for exact keys")})
	}
	if l.HasSize {
		var total, largest int64
		li, empty := 0, 0
		for i, r := range l.Regions {
			total += r.Size
			if r.Size > largest {
				largest, li = r.Size, i
			}
			if r.Size == 0 {
				empty++
			}
		}
		mean := total / int64(len(l.Regions))
		f = append(f,
			htmlpage.Fact{Name: "total size", Value: size(total), Note: humanize.Comma(total) + " bytes"},
			htmlpage.Fact{Name: "mean size", Value: size(mean)},
			htmlpage.Fact{Name: "largest", Value: size(largest), Note: fmt.Sprintf("region %d%s", li+1, encodedSuffix(l.Regions[li]))},
			htmlpage.Fact{Name: "empty regions", Value: strconv.Itoa(empty)})
	}
	if p != nil {
		mark := "0.9 x the target"
		if p.UpperByMaxFileSize() {
			mark = p.UpperRule()
		}
		f = append(f,
			htmlpage.Fact{Name: "target region size", Value: size(p.Options.RegionSize), Note: humanize.Comma(p.Options.RegionSize) + " bytes"},
			htmlpage.Fact{Name: "merge up to", Value: size(p.Upper), Note: mark},
			htmlpage.Fact{Name: "split above", Value: size(p.SplitAbove), Note: "2 x the target"},
			htmlpage.Fact{Name: "regions after", Value: fmt.Sprintf("%d after this script, %d after all rounds", p.After, p.Final)})
	} else {
		f = append(f, htmlpage.Fact{Name: "plan", Value: "none", Note: d.word("the input has no region sizes (list_regions' SIZE column, or {regions.jmx})")})
	}
	if d.Prefix != nil {
		f = append(f, htmlpage.Fact{Name: "prefix", Value: d.Prefix.String(), Note: "no merge crosses a bucket edge; split keys are bucket edges"})
	}
	return htmlpage.Section{ID: "layout", Heading: "Layout", Facts: f}
}

// planned is one region of the layout after the script.
type planned struct {
	size  int64
	class string
	first int // the current region it comes from (index)
}

// plannedLayout is the regions once this script's merges and splits are done: a merge
// makes one region of its sizes' sum, a split two of half the size each (HBase's mid key,
// or the bucket edge nearest the middle: an estimate).
func plannedLayout(l *Layout, p *Plan, marks []rowMark) []planned {
	mergeAt := map[int]Merge{}
	for _, m := range p.Merges {
		mergeAt[m.First] = m
	}
	splitAt := map[int]bool{}
	for _, s := range p.Splits {
		splitAt[s.Index] = true
	}
	out := make([]planned, 0, p.After)
	for i := 0; i < len(l.Regions); i++ {
		if m, ok := mergeAt[i]; ok {
			out = append(out, planned{size: m.Size, class: "merge", first: i})
			i = m.Last
			continue
		}
		r := l.Regions[i]
		if splitAt[i] {
			out = append(out, planned{size: r.Size / 2, class: "split", first: i}, planned{size: r.Size - r.Size/2, class: "split", first: i})
			continue
		}
		out = append(out, planned{size: r.Size, class: marks[i].action, first: i})
	}
	return out
}

func sizeText(v float64) string { return humanize.IBytes(uint64(max(v, 0))) }

// htmlSizes is the sizes along the key space now and after the script, on one scale.
func htmlSizes(d Doc, marks []rowMark) htmlpage.Section {
	l, p := d.Layout, d.Plan
	sec := htmlpage.Section{ID: "sizes", Heading: "Region sizes along the key space"}
	if !l.HasSize {
		sec.Text = []string{d.word("The input has no region sizes (list_regions' SIZE column, or {regions.jmx}): every region is drawn at one unit, its action unknown.")}
	}
	value := func(i int) float64 {
		if !l.HasSize {
			return 1
		}
		return float64(l.Regions[i].Size)
	}
	now := htmlpage.NewChart("now", "Now: store file size per region (bytes)", htmlpage.Columns, htmlpage.Series{N: len(l.Regions),
		Value: value,
		Key:   func(i int) string { return shownKey(l.Regions[i].Start) },
		Class: func(i int) string {
			if marks == nil || marks[i].action == "" {
				return "unknown"
			}
			return marks[i].action
		},
	}, actionPriority())
	now.Value, now.XLabel, now.YLabel = "size (bytes)", "regions in key order", "bytes"
	now.Format, now.Binary = sizeText, true
	if !l.HasSize {
		now.Title, now.Value, now.YLabel = "Now: regions in key order (sizes unknown)", "regions", "regions"
		now.Format = nil
	}
	now.Legend, now.ClassColumn = actionClasses, "action"
	now.Extra = []string{"encoded name", "server"}
	for i := range now.Marks {
		m := &now.Marks[i]
		if m.First == m.Last {
			r := l.Regions[m.First-1]
			m.Extra = []string{r.Encoded, r.Server}
		} else {
			m.Extra = []string{"", ""}
		}
	}
	sec.Charts = []*htmlpage.Chart{now}
	if p == nil {
		return sec
	}
	now.Lines = []htmlpage.Line{{Label: "target", Value: float64(p.Options.RegionSize), Class: "line-mean"},
		{Label: "split above", Value: float64(p.SplitAbove), Class: "line-limit"}}
	after := plannedLayout(l, p, marks)
	next := htmlpage.NewChart("after", "After the script: estimated size per region (bytes)", htmlpage.Columns, htmlpage.Series{N: len(after),
		Value: func(i int) float64 { return float64(after[i].size) },
		Key:   func(i int) string { return shownKey(l.Regions[after[i].first].Start) },
		Class: func(i int) string { return after[i].class },
	}, actionPriority())
	next.Value, next.XLabel, next.YLabel = "size (bytes)", "regions in key order", "bytes"
	next.Format, next.Binary = sizeText, true
	next.Lines = now.Lines
	next.ClassColumn = "from"
	next.Legend = []htmlpage.Class{{Name: "merge", Label: "made by a merge"}, {Name: "split", Label: "half of a split (estimated)"},
		{Name: "merge-later", Label: "to merge in a later round"}, {Name: "keep", Label: "kept"}}
	htmlpage.ShareScale(now, next)
	sec.Charts = append(sec.Charts, next)
	sec.Text = append(sec.Text, "Both charts on one scale. A split's halves are drawn at half its size each: HBase picks the split point.")
	return sec
}

// htmlHistogram is the regions by size class against the target, as the report counts them.
func htmlHistogram(d Doc) htmlpage.Section {
	l, p := d.Layout, d.Plan
	counts := make([]int64, len(sizeClasses))
	for _, r := range l.Regions {
		counts[sizeClass(r.Size, p.Options.RegionSize)]++
	}
	c := htmlpage.NewChart("histogram", "Regions by size, as a share of the target region size (regions)", htmlpage.Columns, htmlpage.Series{N: len(counts),
		Value: func(i int) float64 { return float64(counts[i]) },
		Label: func(i int) string { return sizeClasses[i].label },
		Class: func(i int) string {
			switch {
			case i == 0:
				return "empty"
			case i == len(sizeClasses)-1:
				return "split"
			case sizeClasses[i].upTo <= UpperMark:
				return "merge"
			}
			return "keep"
		},
	}, nil)
	c.Item, c.Value, c.Labels = "size class", "regions", true
	c.XLabel, c.YLabel = "store file size / target region size", "regions"
	c.Legend = []htmlpage.Class{{Name: "empty", Label: "empty"}, {Name: "merge", Label: "may merge (below the merge mark, at most 0.9 x)"}, {Name: "keep", Label: "near the target"}, {Name: "split", Label: "to split (above 2 x)"}}
	return htmlpage.Section{ID: "histogram", Heading: "Size histogram", Charts: []*htmlpage.Chart{c}}
}

// htmlServers is the regions per RegionServer, by server name.
func htmlServers(l *Layout) htmlpage.Section {
	servers, per := l.Servers()
	name := func(i int) string {
		if servers[i] == "" {
			return "(unknown)"
		}
		return servers[i]
	}
	c := htmlpage.NewChart("servers", "Regions per RegionServer (regions)", htmlpage.Columns, htmlpage.Series{N: len(servers),
		Value: func(i int) float64 { return float64(per[servers[i]]) },
		Label: name,
	}, nil)
	c.Item, c.Value = "server", "regions"
	c.Labels = len(servers) <= 6
	c.XLabel, c.YLabel = "RegionServers, by name", "regions"
	mean := float64(len(l.Regions)) / float64(len(servers))
	c.Lines = []htmlpage.Line{{Label: "mean", Value: mean, Class: "line-mean"}}
	c.Format = func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	if mean != float64(int(mean)) {
		c.Format = func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	}
	return htmlpage.Section{ID: "servers", Heading: "Regions per server", Charts: []*htmlpage.Chart{c}}
}

// htmlLoad is the request rates as a heat map over the key space: a row per interval
// between the snapshots, a column per region.
func htmlLoad(d Doc) htmlpage.Section {
	ld, l := d.Load, d.Layout
	h := &htmlpage.Heat{ID: "load", Title: "Request rate along the key space", Item: "region", Unit: "requests/s", Keys: make([]string, len(l.Regions))}
	for i, r := range l.Regions {
		h.Keys[i] = shownKey(r.Start)
	}
	for k, rates := range ld.Rates {
		h.Rows = append(h.Rows, htmlpage.HeatRow{Label: ld.At[k].Format("01-02 15:04") + " to " + ld.At[k+1].Format("01-02 15:04"), Values: rates})
	}
	mean, known := meanRate(ld.Last())
	text := []string{fmt.Sprintf("Requests per second of each region between the readings (list_regions' REQ counts requests since the region opened): the newest interval's mean is %s/s over %d regions of known rate.", htmlpage.FormatRate(mean), known)}
	if p := d.Plan; p != nil {
		text = append(text, fmt.Sprintf("A region at least %g x the mean of the other regions over the newest interval is split for load: %d in this script.", hotFactor(p.Options), p.loadSplits()))
	}
	return htmlpage.Section{ID: "load", Heading: "Load", Text: text, Heat: h}
}

// shownKey is a region's key as the page labels it: toStringBinary with a leading or
// trailing space written \x20 (hbytes.AppendKeyText), which a label would hide.
func shownKey(k []byte) string { return string(hbytes.AppendKeyText(nil, k)) }
