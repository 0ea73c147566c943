package render

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/htmlpage"
	"github.com/presplit/presplit/quote"
)

// HTML writes the plan as one self-contained HTML page (htmlpage): the findings first,
// coloured by severity; the inputs and the derivation of the region count; the key space as
// a bar with each region's share of it to scale and the prefix's buckets behind it; the
// growth over the horizons; the split; and the create statement, byte for byte what
// --format shell writes, in a block to copy.
func HTML(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	// A statement of this many keys is longer than a page carries whatever they are: not
	// worth writing to find out.
	var shell strings.Builder
	if d.split().Keys.Len()*minShellKey <= htmlpage.MaxCode {
		if err := Shell(&shell, d); err != nil {
			return err
		}
	}
	return htmlpage.Write(w, htmlPage(d, shell.String()))
}

// minShellKey is the fewest bytes a split key takes in the statement: 'k', and a space.
const minShellKey = 5

// htmlTooLong is what the page says in place of a statement longer than it carries.
const htmlTooLong = "write it with {format} shell, or the keys with {format} splits-file -o FILE and its SPLITS_FILE statement."

func htmlPage(d Doc, shell string) htmlpage.Page {
	s := d.split()
	p := htmlpage.Page{Title: "presplit plan for table " + tableName(d.Table)}
	if d.Capacity == nil {
		p.Title = "presplit splits for table " + tableName(d.Table)
	}
	p.Lead = fmt.Sprintf("%s from %s, for HBase %s.", plural(float64(s.Regions()), "region"), splitSpec(d), d.Table.Target.OrDefault())
	for _, f := range d.Findings {
		p.Findings = append(p.Findings, htmlpage.Finding{Severity: f.Severity.String(), Code: f.Code, Message: quote.HTMLText(f.Message), Fix: quote.HTMLText(f.Fix)})
	}
	if d.Capacity != nil {
		p.Sections = append(p.Sections, htmlInputs(d), htmlDerivation(d))
		if sec, ok := htmlCluster(d); ok {
			p.Sections = append(p.Sections, sec)
		}
		if sec, ok := htmlAccess(d); ok {
			p.Sections = append(p.Sections, sec)
		}
	}
	p.Sections = append(p.Sections, htmlKeySpace(d))
	if d.Capacity != nil && len(d.Capacity.Horizons) > 0 {
		p.Sections = append(p.Sections, htmlGrowth(d))
	}
	if len(d.Notes) > 0 {
		p.Sections = append(p.Sections, htmlpage.Section{ID: "notes", Heading: "Notes", Text: htmlTexts(d.Notes)})
	}
	if shell == "" {
		p.Sections = append(p.Sections, htmlpage.Section{ID: "create", Heading: "Create statement",
			Text: []string{fmt.Sprintf("A statement of %s split keys is more than a page carries: %s", countText(float64(s.Keys.Len())), d.word(htmlTooLong))}})
		return p
	}
	p.Sections = append(p.Sections, htmlpage.Section{ID: "create", Heading: "Create statement",
		Text: []string{d.word("What {format} shell writes, byte for byte: paste it into hbase shell, or save it and run " + hbase.ScriptEndFor(d.Table.Target).RunWith() + ".")},
		Code: &htmlpage.Code{ID: "shell", Caption: "hbase shell", Text: shell, Instead: d.word(htmlTooLong)}})
	return p
}

// htmlTexts is each of texts through quote.HTMLText.
func htmlTexts(texts []string) []string {
	out := make([]string, len(texts))
	for i, s := range texts {
		out[i] = quote.HTMLText(s)
	}
	return out
}

func splitSpec(d Doc) string {
	s := d.split()
	switch {
	case s.Algorithm != nil:
		return "RegionSplitter's " + s.Algorithm.Name
	case s.Spec != "":
		return d.word("{rowkey.prefix} ") + quote.HTMLText(s.Spec)
	}
	return "the split keys given"
}

func htmlInputs(d Doc) htmlpage.Section {
	in := d.Capacity.Input
	v := in.Volume
	var f []htmlpage.Fact
	if v.Daily > 0 {
		f = append(f, htmlpage.Fact{Name: "daily ingest", Value: bothUnits(v.Daily), Note: d.word("{capacity.daily}")},
			htmlpage.Fact{Name: "retention", Value: plural(v.RetentionDays, "day"), Note: d.word("{capacity.retention}")})
		if v.KeptDays() < v.RetentionDays {
			f = append(f, htmlpage.Fact{Name: "TTL", Value: capacity.DaysText(v.TTLDays), Note: d.word("{families.ttl}: data expires before the retention ends")})
		}
		if v.HorizonDays > 0 {
			f = append(f, htmlpage.Fact{Name: "horizon", Value: plural(v.SplitDays(), "day"), Note: d.word("{capacity.horizon}: the split holds this much ingest")})
		}
	} else {
		f = append(f, htmlpage.Fact{Name: "rows", Value: countText(v.Rows), Note: d.word("{capacity.rows}")})
		if c := v.Cells; c != nil {
			f = append(f, htmlpage.Fact{Name: "bytes per row", Value: fmt.Sprintf("%s = %s x %s x %s per cell", bothUnits(c.RowBytes()),
				plural(float64(c.Count), "cell"), plural(float64(versions(c)), "version"), bothUnits(c.CellBytes())), Note: d.word("{capacity.cells} x {families.versions}")},
				htmlpage.Fact{Name: "bytes per cell", Value: fmt.Sprintf("%s = 20 overhead + %d row + %d family + %d qualifier + %d value",
					bothUnits(c.CellBytes()), c.RowLen, c.FamilyLen, c.QualifierLen, c.ValueLen), Note: "KeyValue layout"})
		} else {
			f = append(f, htmlpage.Fact{Name: "bytes per row", Value: bothUnits(v.RowBytes), Note: d.word("{capacity.kv}")})
		}
	}
	f = append(f,
		htmlpage.Fact{Name: "compression ratio", Value: ratioInput(d, quote.HTMLText), Note: d.word("{capacity.compression_ratio}")},
		htmlpage.Fact{Name: "redundancy", Value: ratio(in.Redundancy), Note: d.word("{capacity.redundancy}: indexes, blooms, compaction headroom (never versions nor replication)")},
		htmlpage.Fact{Name: "region size", Value: bothUnits(in.MaxFileSize()), Note: d.word("{capacity.region_size}")})
	if in.FillOrOne() < 1 {
		f = append(f, htmlpage.Fact{Name: "fill", Value: fmt.Sprintf("%s (regions planned at %s: region size x fill)", ratio(in.Fill), iecBytes(in.RegionSize)), Note: d.word("{capacity.fill}")})
	}
	f = append(f,
		htmlpage.Fact{Name: "replication", Value: strconv.Itoa(in.Replication), Note: d.word("{capacity.replication}: disk estimate only")},
		htmlpage.Fact{Name: "HBase version", Value: d.Table.Target.OrDefault().String(), Note: d.word("{table.hbase_version}: the target")})
	return htmlpage.Section{ID: "inputs", Heading: "Inputs", Facts: f}
}

func htmlDerivation(d Doc) htmlpage.Section {
	p, in := d.Capacity, d.Capacity.Input
	v := in.Volume
	var f []htmlpage.Fact
	if v.Daily > 0 {
		f = append(f, htmlpage.Fact{Name: "raw", Value: bothUnits(p.RawBytes), Note: fmt.Sprintf("daily x days = %s x %s", siBytes(v.Daily), capacity.DaysText(v.SplitDays()))})
	} else {
		f = append(f, htmlpage.Fact{Name: "raw", Value: bothUnits(p.RawBytes), Note: fmt.Sprintf("rows x bytes per row = %s x %s", countText(v.Rows), siBytes(p.RowBytes))})
	}
	f = append(f,
		htmlpage.Fact{Name: "stored", Value: bothUnits(p.StoredBytes), Note: fmt.Sprintf("raw x compression ratio = %s x %s", siBytes(p.RawBytes), ratio(in.CompressionRatio))},
		htmlpage.Fact{Name: "planned", Value: bothUnits(p.PlannedBytes), Note: fmt.Sprintf("stored x redundancy = %s x %s", siBytes(p.StoredBytes), ratio(in.Redundancy))})
	for _, s := range p.Stores { // each family's store, when they are sized apart
		f = append(f, htmlpage.Fact{Name: "family " + quote.HTMLText(s.Name), Value: bothUnits(s.PlannedBytes),
			Note: fmt.Sprintf("planned: raw %s x ratio %s x redundancy %s; %d regions alone", siBytes(s.RawBytes), ratio(s.CompressionRatio), ratio(in.Redundancy), s.Regions)})
	}
	if p.SplitStore != "" {
		f = append(f,
			htmlpage.Fact{Name: "split on", Value: bothUnits(p.SplitBytes), Note: fmt.Sprintf("the largest store's planned (family %s)", quote.HTMLText(p.SplitStore))},
			htmlpage.Fact{Name: "regions", Value: strconv.Itoa(p.Regions), Note: fmt.Sprintf("ceil(split on / %s) = ceil(%s / %s) = ceil(%s)", regionSizeTerm(in), siBytes(p.SplitBytes), iecBytes(in.RegionSize), exactText(p.ExactRegions))})
	} else {
		f = append(f, htmlpage.Fact{Name: "regions", Value: strconv.Itoa(p.Regions), Note: fmt.Sprintf("ceil(planned / %s) = ceil(%s / %s) = ceil(%s)", regionSizeTerm(in), siBytes(p.PlannedBytes), iecBytes(in.RegionSize), exactText(p.ExactRegions))})
	}
	f = append(f, htmlAccessSteps(d)...)
	f = append(f, htmlpage.Fact{Name: "disk", Value: bothUnits(p.DiskBytes), Note: fmt.Sprintf("planned x replication = %s x %d", siBytes(p.PlannedBytes), in.Replication)})
	return htmlpage.Section{ID: "derivation", Heading: "Derivation", Facts: f}
}

func htmlCluster(d Doc) (htmlpage.Section, bool) {
	p, c := d.Capacity, d.Capacity.Input.Cluster
	if c.RegionServers == 0 && c.Heap == 0 {
		return htmlpage.Section{}, false
	}
	var f []htmlpage.Fact
	if c.RegionServers > 0 {
		f = append(f, htmlpage.Fact{Name: "region servers", Value: strconv.Itoa(c.RegionServers), Note: d.word("{cluster.region_servers}")},
			htmlpage.Fact{Name: "regions per server", Value: fmt.Sprintf("%.1f", p.RegionsPerServer), Note: "20..200 recommended"})
		if rps := d.ReplicasPerServer(); rps > 0 {
			f[len(f)-1].Note = fmt.Sprintf("primaries; x %d replicas %s", d.Table.RegionReplication, d.word("{table.region_replication}"))
			f = append(f, htmlpage.Fact{Name: "replicas per server", Value: fmt.Sprintf("%.1f", rps), Note: "20..200 recommended"})
		}
	}
	if c.Heap > 0 {
		f = append(f, htmlpage.Fact{Name: "memstore ceiling", Value: fmt.Sprintf("%.1f regions per server", p.MemstoreCeiling),
			Note: fmt.Sprintf("%s heap x %s / (%s flush x %s)", iecBytes(c.Heap), ratio(c.MemstoreFraction), iecBytes(c.FlushSize), plural(float64(c.Families), "family"))})
	}
	return htmlpage.Section{ID: "cluster", Heading: "Cluster", Facts: f}, true
}

// htmlKeySpace is the split: its facts, and the key space as a bar of the regions' shares.
func htmlKeySpace(d Doc) htmlpage.Section { //nolint:gocyclo // the key-space panel's lines (the keys' spec, algorithm, balance, the sizing's count), each shown only when it applies
	s := d.split()
	sec := htmlpage.Section{ID: "split", Heading: "Split"}
	keysText := quote.HTMLText(s.Spec)
	if len(s.Suffix) > 0 {
		keysText += ", each key the last prefix of its region + " + hbytes.ToStringBinary(s.Suffix)
	}
	if keysText == "" {
		keysText = "given"
	}
	sec.Facts = append(sec.Facts, htmlpage.Fact{Name: "keys", Value: keysText},
		htmlpage.Fact{Name: "regions", Value: fmt.Sprintf("%d (%s)", s.Regions(), plural(float64(s.Keys.Len()), "split key"))})
	if a := s.Algorithm; a != nil {
		sec.Facts = append(sec.Facts, htmlpage.Fact{Name: "algorithm", Value: a.Name, Note: "RegionSplitter"})
	}
	largest, mean := runStats(s.Owned)
	if mean > 0 {
		sec.Facts = append(sec.Facts, htmlpage.Fact{Name: "imbalance", Value: fmt.Sprintf("%.3f", largest/mean), Note: fmt.Sprintf("largest region %s / mean %s", countText(largest), countText(mean))})
	}
	if countNoted(d) {
		sec.Text = append(sec.Text, fmt.Sprintf(d.word("The split has %s where the sizing asks for %d ({splits.regions} or the spec's splits set the count)."), plural(float64(s.Regions()), "region"), sizedRegions(d)))
	}
	sec.Text = append(sec.Text, htmlTexts(s.Notes)...)
	if s.Owned.Len() != s.Regions() || mean == 0 {
		sec.Text = append(sec.Text, "The split does not say how much of the key space each region owns (split keys from a file): no bar of the key space.")
		return sec
	}
	what, unit := "prefixes", "prefixes owned"
	switch {
	case s.Algorithm != nil:
		what, unit = "the algorithm's range", "units of the range"
	case strings.HasPrefix(s.Spec, "sample"):
		what, unit = "the sample", "sample weight"
	}
	series := htmlpage.Series{N: s.Regions(),
		Value: func(i int) float64 { return s.Owned.At(i) },
		Key: func(i int) string {
			if i == 0 {
				return ""
			}
			return string(hbytes.AppendKeyText(nil, s.Keys.At(i-1))) // an edge space seen
		},
		Class: func(i int) string {
			if s.Owned.At(i) > maxQuietImbalance*mean {
				return "hot"
			}
			if i%2 == 1 {
				return "alt"
			}
			return "mark"
		},
	}
	c := htmlpage.NewChart("keyspace", "The key space: each region's share of "+what+" to scale", htmlpage.Strip, series, []string{"hot"})
	c.XLabel = "key space, in unsigned byte order (" + unit + ")"
	c.Value = unit
	total := s.Owned.Total()
	c.Format = countText
	c.Extra = []string{"share"}
	for i := range c.Marks {
		c.Marks[i].Extra = []string{fmt.Sprintf("%.2f%%", 100*c.Marks[i].Sum/total)}
	}
	c.Legend = []htmlpage.Class{{Name: "mark", Label: "a region (alternate shades)"}, {Name: "hot", Label: fmt.Sprintf("a region above %gx the mean share", maxQuietImbalance)}}
	// The prefix's buckets behind the bar: a tick where each begins, when they are few enough
	// to see and the regions own whole prefixes.
	if s.Algorithm == nil && !strings.HasPrefix(s.Spec, "sample") && total <= htmlpage.MaxMarks && total == math.Trunc(total) {
		for b := 1; b < int(total); b++ {
			c.Ticks = append(c.Ticks, float64(b)/total)
		}
		c.Note = fmt.Sprintf(d.word("The ticks under the bar are the %s buckets of {rowkey.prefix} %s; each region owns whole buckets."), countText(total), quote.HTMLText(s.Spec))
	}
	sec.Charts = []*htmlpage.Chart{c}
	return sec
}

// htmlGrowth is the region count over the horizons: the regions the data needs and, where
// HBase's split policy makes another count (the plan's PolicyRegions), the
// regions the policy will make, side by side on one scale.
func htmlGrowth(d Doc) htmlpage.Section {
	p := d.Capacity
	hs := p.Horizons
	created := d.split().Regions()
	policy := false
	for i := range hs {
		policy = policy || d.PolicyRegions(i) > 0
	}
	// after is the regions the table has at horizon i once HBase's policy has split it:
	// PolicyRegions where the policy changes the count, else the larger of the regions
	// created and the regions the data needs.
	after := func(i int) int {
		if r := d.PolicyRegions(i); r > 0 {
			return r
		}
		return max(created, hs[i].Regions)
	}
	series := htmlpage.Series{N: len(hs),
		Value: func(i int) float64 { return float64(hs[i].Regions) },
		Label: func(i int) string { return plural(p.HeldDays(hs[i]), "day") },
		Class: func(i int) string {
			if hs[i].Regions > created {
				return "warm"
			}
			return "mark"
		},
	}
	c := horizonChart("growth", "Regions the data needs after each horizon (regions)", series, created)
	c.Legend = []htmlpage.Class{{Name: "mark", Label: "within the pre-split"}, {Name: "warm", Label: "more than the pre-split: HBase splits the rest"}}
	c.Extra = []string{"planned", "disk"}
	if policy {
		c.Extra = append(c.Extra, "after HBase's splits")
	}
	for i := range c.Marks {
		h := hs[c.Marks[i].First-1]
		c.Marks[i].Extra = []string{siBytes(h.PlannedBytes), siBytes(h.DiskBytes)}
		if policy {
			c.Marks[i].Extra = append(c.Marks[i].Extra, strconv.Itoa(after(c.Marks[i].First-1)))
		}
	}
	sec := htmlpage.Section{ID: "growth", Heading: "Growth", Charts: []*htmlpage.Chart{c},
		Text: []string{"The dashed line is the regions the table is created with; past it, HBase's split policy splits regions as they fill."}}
	if !policy {
		return sec
	}
	ps := htmlpage.Series{N: len(hs),
		Value: func(i int) float64 { return float64(after(i)) },
		Label: series.Label,
		Class: func(i int) string {
			if d.PolicyRegions(i) > 0 {
				return "hot"
			}
			return "mark"
		},
	}
	pc := horizonChart("growth-policy", "Regions HBase's split policy makes after each horizon (regions)", ps, created)
	pc.Legend = []htmlpage.Class{{Name: "mark", Label: "as the data needs"}, {Name: "hot", Label: "another count: the split policy splits regions before they fill"}}
	htmlpage.ShareScale(c, pc)
	sec.Charts = append(sec.Charts, pc)
	sec.Text = append(sec.Text, "The second chart is the regions HBase's split policy will make of the table at each horizon (the report's after HBase's splits): where it differs from the regions the data needs, the policy splits regions before they reach the region size (see the SP findings).")
	return sec
}

// horizonChart is a growth chart's columns: regions at each horizon, against the line of
// the regions the table is created with.
func horizonChart(id, title string, series htmlpage.Series, created int) *htmlpage.Chart {
	c := htmlpage.NewChart(id, title, htmlpage.Columns, series, nil)
	c.Item, c.Value, c.Labels = "horizon", "regions", true
	c.XLabel, c.YLabel = "days of ingest", "regions"
	c.Format = countText
	c.Lines = []htmlpage.Line{{Label: "pre-split", Value: float64(created), Class: "line-mean"}}
	return c
}
