package regions

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"math"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/distribution"
	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/htmlpage"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// The renderers live here rather than in render: render.Doc is a table to create
// (families, SPLITS, capacity) and its formats (java, regionsplitter, splits-file) have no
// meaning for an existing table's regions; this package's Doc is the layout and its plan.

// Doc is what the renderers of presplit regions show.
type Doc struct {
	Layout *Layout
	// Load is the regions' request rates between earlier snapshots and this input; nil
	// without snapshots.
	Load   *Load
	Plan   *Plan          // nil when the layout has no sizes
	Prefix *splits.Prefix // nil when not given
	Inputs []string       // how the inputs were given: "list_regions regions.txt", ...
	// Name words an input the text names by field ref ({regions.jmx}): the CLI's is its
	// flag (--jmx); nil names it by the field's own name.
	Name func(field string) string
}

// word expands the field refs in s with d.Name.
func (d Doc) word(s string) string {
	if d.Name == nil {
		return field.Expand(s, field.Design)
	}
	return field.Expand(s, d.Name)
}

// FormatError is a Doc a format cannot express (a shell script without sizes or names).
type FormatError struct {
	Format string
	Reason string
}

func (e *FormatError) Error() string { return fmt.Sprintf("format %s: %s", e.Format, e.Reason) }

// Formats are the output formats, by name.
var Formats = []struct {
	Name   string
	Render func(io.Writer, Doc) error
}{
	{"report", WriteReport},
	{"shell", WriteShell},
	{"csv", WriteCSV},
	{"json", WriteJSON},
	{"html", WriteHTML},
}

// Format returns the renderer of a format name.
func Format(name string) (func(io.Writer, Doc) error, bool) {
	for _, f := range Formats {
		if f.Name == name {
			return f.Render, true
		}
	}
	return nil, false
}

// FormatNames lists the format names.
func FormatNames() []string {
	var names []string
	for _, f := range Formats {
		names = append(names, f.Name)
	}
	return names
}

func size(v int64) string { return humanize.IBytes(uint64(v)) }

// sizeClasses are the histogram's rows: shares of the target region size, at the marks
// the plan uses (merge up to 90%, split above 200%).
var sizeClasses = []struct {
	label string
	upTo  float64 // share of the target, inclusive; the first row is exactly 0
}{
	{"empty", 0}, {"<= 10%", 0.1}, {"<= 50%", 0.5}, {"<= 90%", UpperMark}, {"<= 100%", 1}, {"<= 200%", 2}, {"> 200%", -1},
}

func sizeClass(v, target int64) int {
	if v == 0 {
		return 0
	}
	share := float64(v) / float64(target)
	for i := 1; i < len(sizeClasses)-1; i++ {
		if share <= sizeClasses[i].upTo {
			return i
		}
	}
	return len(sizeClasses) - 1
}

// barWidth is the width of the histogram's longest bar.
const barWidth = 40

// maxListed is how many misaligned boundaries the report lists one by one.
const maxListed = 20

// WriteReport writes the layout's summary: counts, sizes, a histogram of sizes against the
// target, requests, regions per server, boundaries against the prefix, and the plan.
func WriteReport(w io.Writer, d Doc) error {
	var b strings.Builder
	columns(&b, func(tw *tabwriter.Writer) {
		reportLayout(tw, d)
		if d.Layout.HasSize {
			reportSizes(tw, d.Layout)
		}
		if d.Plan != nil {
			reportTarget(tw, d.Layout, d.Plan)
		}
		if d.Layout.HasRequests {
			reportRequests(tw, d.Layout)
		}
		if d.Load != nil {
			reportLoad(tw, d)
		}
	})
	if d.Plan != nil {
		reportHistogram(&b, d.Layout, d.Plan)
	}
	if d.Layout.HasServer {
		reportServers(&b, d.Layout)
	}
	writeBoundaries(&b, d)
	if d.Plan != nil {
		reportPlan(&b, d)
	} else {
		fmt.Fprint(&b, d.word("\nno plan: the input has no region sizes (list_regions' SIZE column, or {regions.jmx})\n"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// columns writes the lines fill writes, their tab-separated cells aligned. Flush cannot
// fail: its writer is a strings.Builder, which takes every write.
func columns(b *strings.Builder, fill func(tw *tabwriter.Writer)) {
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fill(tw)
	_ = tw.Flush()
}

// reportLayout writes the report's first lines: the table, the inputs, the region count
// and how exact the boundaries are.
func reportLayout(tw *tabwriter.Writer, d Doc) {
	l := d.Layout
	table := l.Table
	if table == "" {
		table = "(not named by the input)"
	}
	fmt.Fprintf(tw, "table\t%s\n", quote.Terminal(table))
	fmt.Fprintf(tw, "inputs\t%s\n", quote.Terminal(strings.Join(d.Inputs, ", ")))
	fmt.Fprintf(tw, "regions\t%s\n", humanize.Comma(int64(len(l.Regions))))
	if l.Skipped > 0 {
		fmt.Fprintf(tw, "replica rows skipped\t%d\n", l.Skipped)
	}
	if l.Exact {
		fmt.Fprintf(tw, "boundaries\texact\n")
	} else {
		fmt.Fprint(tw, d.word("boundaries\tas list_regions printed them (stripped of leading and trailing spaces); give {regions.get_splits} or REGION_NAME for exact keys\n"))
	}
}

// reportSizes writes the total, mean and largest region size and the empty and unknown
// counts.
func reportSizes(tw *tabwriter.Writer, l *Layout) {
	var total, largest int64
	li, empty, unknown := 0, 0, 0
	for i, r := range l.Regions {
		total += r.Size
		if r.Size > largest {
			largest, li = r.Size, i
		}
		switch {
		case r.Unknown:
			unknown++
		case r.Size == 0:
			empty++
		}
	}
	mean := total / int64(max(len(l.Regions)-unknown, 1))
	fmt.Fprintf(tw, "total size\t%s (%s bytes)\n", size(total), humanize.Comma(total))
	fmt.Fprintf(tw, "mean size\t%s\n", size(mean))
	fmt.Fprintf(tw, "largest\t%s, region %d%s\n", size(largest), li+1, encodedSuffix(l.Regions[li]))
	if mean > 0 {
		fmt.Fprintf(tw, "largest / mean\t%.2f\n", float64(largest)/float64(mean))
	}
	fmt.Fprintf(tw, "empty regions\t%d\n", empty)
	if unknown > 0 {
		fmt.Fprintf(tw, "size unknown\t%d (list_regions could not find all details: disabled or in transition; never merged or split)\n", unknown)
	}
}

// reportTarget writes the target region size and how many regions are above it.
func reportTarget(tw *tabwriter.Writer, l *Layout, p *Plan) {
	above, above2 := 0, 0
	for _, r := range l.Regions {
		if r.Size > p.Options.RegionSize {
			above++
		}
		if r.Size > p.SplitAbove {
			above2++
		}
	}
	fmt.Fprintf(tw, "target region size\t%s (%s bytes)\n", size(p.Options.RegionSize), humanize.Comma(p.Options.RegionSize))
	fmt.Fprintf(tw, "above the target\t%d (%d above 2 x, to split)\n", above, above2)
}

// reportRequests writes the mean and the most requests per region.
func reportRequests(tw *tabwriter.Writer, l *Layout) {
	var total, most int64
	mi := 0
	for i, r := range l.Regions {
		total += r.Requests
		if r.Requests > most {
			most, mi = r.Requests, i
		}
	}
	fmt.Fprintf(tw, "requests per region\tmean %s, most %s (region %d)\n",
		humanize.Comma(total/int64(len(l.Regions))), humanize.Comma(most), mi+1)
}

// reportLoad writes the request rates of the newest interval: the mean, the busiest, how
// many are hot and how many unknown.
func reportLoad(tw *tabwriter.Writer, d Doc) {
	ld := d.Load
	rates := ld.Last()
	mean, known := meanRate(rates)
	mi := -1
	for i, v := range rates {
		if !math.IsNaN(v) && (mi < 0 || v > rates[mi]) {
			mi = i
		}
	}
	k := len(ld.At) - 1
	fmt.Fprintf(tw, "request rate\tfrom %s at %s to %s at %s (%s)\n", ld.Names[k-1], ld.At[k-1].Format(time.RFC3339),
		ld.Names[k], ld.At[k].Format(time.RFC3339), ld.At[k].Sub(ld.At[k-1]))
	if mi >= 0 {
		fmt.Fprintf(tw, "  per region\tmean %s/s, most %s/s (region %d, %.1f x the mean)\n", htmlpage.FormatRate(mean), htmlpage.FormatRate(rates[mi]), mi+1, rates[mi]/math.Max(mean, 1e-300))
	}
	if d.Plan != nil {
		n := 0
		for _, h := range d.Plan.busy {
			if h {
				n++
			}
		}
		fmt.Fprintf(tw, "  hot\t%d (at least %g x the mean of the other regions)\n", n, hotFactor(d.Plan.Options))
	}
	if u := len(rates) - known; u > 0 {
		fmt.Fprintf(tw, "  rate unknown\t%d (not in both readings, its count went down or its SERVER_NAME changed: split, merged or reopened since)\n", u)
	}
}

// reportHistogram writes how many regions fall in each size class of the target.
func reportHistogram(b *strings.Builder, l *Layout, p *Plan) {
	counts := make([]int64, len(sizeClasses))
	for _, r := range l.Regions {
		if !r.Unknown {
			counts[sizeClass(r.Size, p.Options.RegionSize)]++
		}
	}
	var most int64
	for _, c := range counts {
		most = max(most, c)
	}
	fmt.Fprintf(b, "\nsize histogram (share of the target region size)\n")
	columns(b, func(tw *tabwriter.Writer) {
		for i, c := range sizeClasses {
			line := fmt.Sprintf("  %s\t%d\t%s", c.label, counts[i], distribution.Bar(counts[i], most, barWidth))
			fmt.Fprintln(tw, strings.TrimRight(line, "\t"))
		}
	})
}

// reportServers writes the region count of each server, in server name order.
func reportServers(b *strings.Builder, l *Layout) {
	servers, per := l.Servers()
	fmt.Fprintf(b, "\nregions per server\n")
	columns(b, func(tw *tabwriter.Writer) {
		for _, s := range servers {
			name := s
			if name == "" {
				name = "(unknown)"
			}
			fmt.Fprintf(tw, "  %s\t%d\n", quote.Terminal(name), per[s])
		}
	})
}

// reportPlan writes the plan's merges, splits, region counts, rounds, stages and notes.
func reportPlan(b *strings.Builder, d Doc) {
	p := d.Plan
	fmt.Fprintf(b, "\nplan\n")
	columns(b, func(tw *tabwriter.Writer) {
		merged := 0
		for _, m := range p.Merges {
			merged += m.Last - m.First + 1
		}
		fmt.Fprintf(tw, "  merges\t%d merge_region (%d regions), up to %s each (%s)\n", len(p.Merges), merged, size(p.Upper), p.UpperRule())
		var kinds [3]int
		for _, s := range p.Splits {
			kinds[s.Kind]++
		}
		forLoad := ""
		if n := p.loadSplits(); n > 0 {
			forLoad = fmt.Sprintf("; %d for load (at least %g x the other regions' mean request rate)", n, hotFactor(p.Options))
		}
		fmt.Fprintf(tw, "  splits\t%d split (%d at a bucket edge, %d at a midpoint, %d at HBase's mid key), regions above %s (2 x target)%s\n",
			len(p.Splits), kinds[SplitBucketEdge], kinds[SplitMidpoint], kinds[SplitMidKey], size(p.SplitAbove), forLoad)
		fmt.Fprintf(tw, "  regions\t%d now, %d after this script, %d after all rounds\n", p.Before, p.After, p.Final)
		if p.Rounds > 1 {
			fmt.Fprintf(tw, "  rounds\t%d (merge_region names %d regions at a time)\n", p.Rounds, p.Options.MergeArity)
		}
		if len(p.Stages) > 0 {
			fmt.Fprintf(tw, "  stages\t%d%s\n", len(p.Stages), d.word(stagesRule(p)))
		}
	})
	for k, st := range p.Stages[:min(len(p.Stages), maxListed)] {
		fmt.Fprintf(b, "  stage %d: %s\n", k+1, stageSummary(p, st))
	}
	if len(p.Stages) > maxListed {
		fmt.Fprintf(b, d.word("  ... and %d more stages (see {format} json)\n"), len(p.Stages)-maxListed)
	}
	for _, n := range p.Notes {
		fmt.Fprintf(b, "note: %s\n", n)
	}
}

func encodedSuffix(r Region) string {
	if r.Encoded == "" {
		return ""
	}
	return " (" + r.Encoded + ")"
}

// shellReady says why a Doc cannot become a script, "" when it can.
func shellReady(d Doc) string {
	switch {
	case d.Plan == nil:
		return d.word(ErrNoSizes.Error())
	case !d.Layout.HasEncoded:
		return ErrNoNames.Error()
	case len(d.Plan.Merges) > 0 && !d.Layout.Adjacent:
		return d.word(ErrNotAdjacent.Error())
	}
	return ""
}

// WriteShell writes the plan as an hbase shell script: a comment header (inputs, target,
// region counts), then the stages: a comment saying what the stage does and the regions
// it expects, its merge_region statements (empty regions first) and split statements,
// and a Ruby `sleep` before the next stage; `exit` at the end where the target's shell
// ends a script with exit code 0 that way (hbase.ScriptEnd: from 2.5; before, the
// header says to run it on stdin, where `exit` would be exit code 1). merge_region and split take encoded region names. split's
// key is passed as the Ruby string's own bytes (admin.rb: split_point.to_java_bytes), not
// through toBytesBinary, so it is written as a double-quoted Ruby string with \xNN escapes.
func WriteShell(w io.Writer, d Doc) error {
	if why := shellReady(d); why != "" {
		return &FormatError{Format: "shell", Reason: why}
	}
	l, p := d.Layout, d.Plan
	var b strings.Builder
	shellHeader(&b, d)
	// merge_region and split take encoded region names as Ruby single-quoted strings.
	var encErr error
	encoded := func(r Region) string {
		q, err := quote.RubySingle(r.Encoded)
		if err != nil && encErr == nil {
			encErr = &FormatError{Format: "shell", Reason: fmt.Sprintf("the encoded name of region %s: %v", quoted(r.Start), err)}
		}
		return q
	}
	for k, st := range p.Stages {
		if k > 0 && p.Options.Pause > 0 {
			fmt.Fprintf(&b, d.word("sleep %d  # {regions.pause} %s: let stage %d settle\n"), p.Options.Pause, pauseText(p.Options.Pause), k)
		}
		fmt.Fprintf(&b, "# stage %d of %d: %s\n", k+1, len(p.Stages), stageSummary(p, st))
		for _, mi := range st.Merges {
			shellMerge(&b, l, p.Merges[mi], encoded)
		}
		for _, si := range st.Splits {
			shellSplit(&b, l, p.Splits[si], encoded)
		}
	}
	if encErr != nil {
		return encErr
	}
	b.WriteString(hbase.ScriptEndFor(p.Options.Version).Ending())
	_, err := io.WriteString(w, b.String())
	return err
}

// shellHeader writes the script's opening comments: the table, the inputs, the target,
// the prefix, the region counts, the notes and how to run it.
func shellHeader(b *strings.Builder, d Doc) {
	l, p := d.Layout, d.Plan
	table := l.Table
	// File names and the table are user values: in a comment they are quote.RubyComment
	// text, so a line break in a name cannot end the comment.
	fmt.Fprintf(b, "# presplit regions: merges and splits for table '%s'\n", quote.RubyComment(table))
	fmt.Fprintf(b, "# inputs: %s\n", quote.RubyComment(strings.Join(d.Inputs, ", ")))
	mark := "0.9 x"
	if p.UpperByMaxFileSize() {
		mark = p.UpperRule()
	}
	fmt.Fprintf(b, "# target region size %s (%d bytes): merge up to %s (%s), split above %s (2 x)\n",
		size(p.Options.RegionSize), p.Options.RegionSize, size(p.Upper), mark, size(p.SplitAbove))
	if d.Prefix != nil {
		if p.Options.Salt {
			fmt.Fprintf(b, d.word("# {rowkey.prefix} %s {regions.salt}: no merge crosses a salt bucket; split keys on bucket edges where one lies inside\n"), d.Prefix)
		} else {
			fmt.Fprintf(b, d.word("# {rowkey.prefix} %s: split keys on bucket edges where one lies inside (merges may join buckets)\n"), d.Prefix)
		}
	}
	fmt.Fprintf(b, "# regions: %d before, %d after this script (%d merge_region, %d split); %d after all rounds\n",
		p.Before, p.After, len(p.Merges), len(p.Splits), p.Final)
	for _, n := range p.Notes {
		fmt.Fprintf(b, "# note: %s\n", n)
	}
	if !l.Exact && len(p.Splits) > 0 {
		fmt.Fprint(b, d.word("# note: keys as list_regions printed them (stripped); {regions.get_splits} gives them exactly\n"))
	}
	if len(p.Stages) > 0 {
		fmt.Fprintf(b, "# %d %s%s.\n", len(p.Stages), plural(len(p.Stages), "stage", "stages"), d.word(stagesRule(p)))
	}
	b.WriteString(hbase.ScriptEndFor(p.Options.Version).Comment())
	fmt.Fprintf(b, "# Merges and splits finish in the background: before the next round, wait until no\n# region is in transition and list the regions again.\n")
	if len(p.Merges) == 0 && len(p.Splits) == 0 {
		fmt.Fprintf(b, "# nothing to merge or split\n")
	}
}

// shellMerge writes the merge_region statement of m, naming regions by encoded.
func shellMerge(b *strings.Builder, l *Layout, m Merge, encoded func(Region) string) {
	names := make([]string, 0, m.Last-m.First+1)
	sizes := make([]string, 0, m.Last-m.First+1)
	for i := m.First; i <= m.Last; i++ {
		names = append(names, encoded(l.Regions[i]))
		sizes = append(sizes, size(l.Regions[i].Size))
	}
	fmt.Fprintf(b, "merge_region %s  # regions %d-%d [%s, %s): %s = %s\n", strings.Join(names, ", "), m.First+1, m.Last+1,
		quoted(l.Regions[m.First].Start), quoted(l.Regions[m.Last].End), strings.Join(sizes, " + "), size(m.Size))
}

// shellSplit writes the split statement of s, naming the region by encoded.
func shellSplit(b *strings.Builder, l *Layout, s Split, encoded func(Region) string) {
	r := l.Regions[s.Index]
	what := size(r.Size)
	if s.Load {
		what += " for load"
	}
	if s.Key == nil {
		fmt.Fprintf(b, "split %s  # region %d [%s, %s): %s, at HBase's mid key\n", encoded(r), s.Index+1, quoted(r.Start), quoted(r.End), what)
		return
	}
	fmt.Fprintf(b, "split %s, %s  # region %d [%s, %s): %s, at the %s %s\n", encoded(r), RubyBytes(s.Key), s.Index+1,
		quoted(r.Start), quoted(r.End), what, s.Kind, quoted(s.Key))
}

// stagesRule says how the statements were cut into stages: "" for one stage.
func stagesRule(p *Plan) string {
	if len(p.Stages) < 2 {
		return ""
	}
	s := fmt.Sprintf(" of at most %d statements ({regions.batch})", p.Options.Batch)
	if p.Options.Pause > 0 {
		s += fmt.Sprintf(", %s apart ({regions.pause})", pauseText(p.Options.Pause))
	}
	return s
}

// pauseText is a pause in seconds as the duration it was likely given as.
func pauseText(secs int64) string {
	switch {
	case secs%3600 == 0:
		return fmt.Sprintf("%dh", secs/3600)
	case secs%60 == 0:
		return fmt.Sprintf("%dm", secs/60)
	}
	return fmt.Sprintf("%ds", secs)
}

// stageSummary is what a stage does and the regions it expects.
func stageSummary(p *Plan, st Stage) string {
	regions := 0
	var ranges []string
	for _, mi := range st.Merges {
		m := p.Merges[mi]
		regions += m.Last - m.First + 1
		ranges = append(ranges, fmt.Sprintf("%d-%d", m.First+1, m.Last+1))
	}
	for _, si := range st.Splits {
		ranges = append(ranges, fmt.Sprint(p.Splits[si].Index+1))
	}
	if len(ranges) > maxListed {
		ranges = append(ranges[:maxListed], fmt.Sprintf("... (%d more)", len(ranges)-maxListed))
	}
	return fmt.Sprintf("%d merge_region (%d regions), %d split; expects regions %s as listed (the names and keys below), none in transition",
		len(st.Merges), regions, len(st.Splits), strings.Join(ranges, ", "))
}

// writeBoundaries writes what each boundary is: against --prefix, a bucket edge (a whole
// prefix, zero-padded or delimited), inside a bucket (HBase's own split, or a key of a
// RegionSplitter pre-split that does not fall on the prefix), or off the alphabet; and
// the RegionSplitter pre-split the keys show, if any.
func writeBoundaries(b *strings.Builder, d Doc) {
	l := d.Layout
	if len(l.Regions) < 2 {
		return
	}
	keys := l.Keys()
	series := findSplitter(keys)
	var edges *prefixEdges
	if d.Prefix != nil && d.Prefix.Width > 0 {
		edges = newPrefixEdges(*d.Prefix)
	}
	if edges == nil && series == nil {
		return
	}
	name := func(k []byte) string { return boundaryKind(edges, series, k) }
	counts, order, odd := countKinds(keys, name)
	sort.Strings(order)
	if edges != nil {
		fmt.Fprintf(b, d.word("\nboundaries against {rowkey.prefix} %s\n"), d.Prefix)
	} else {
		fmt.Fprintf(b, "\nboundaries\n")
	}
	columns(b, func(tw *tabwriter.Writer) {
		for _, n := range order {
			fmt.Fprintf(tw, "  %s\t%d\n", n, counts[n])
		}
	})
	if series != nil {
		fmt.Fprintf(b, "RegionSplitter pre-split: %s, %d regions (%d of its %d keys present)\n", series.Algo, series.N, series.Keys, series.N-1)
	}
	if len(odd) == 0 || edges == nil {
		return
	}
	fmt.Fprintf(b, "not on a bucket edge:\n")
	for _, i := range odd[:min(len(odd), maxListed)] {
		k := l.Regions[i].Start
		fmt.Fprintf(b, "  region %d starts at %s (%s)\n", i+1, quoted(k), name(k))
	}
	if len(odd) > maxListed {
		fmt.Fprintf(b, d.word("  ... and %d more (see {format} csv)\n"), len(odd)-maxListed)
	}
}

// countKinds counts the boundary keys of each kind name gives; order lists the kinds
// met, odd the regions (1-based indexes of keys) whose start is neither a bucket edge nor
// a RegionSplitter key.
func countKinds(keys [][]byte, name func([]byte) string) (counts map[string]int, order []string, odd []int) {
	counts = map[string]int{}
	for i, k := range keys {
		n := name(k)
		if counts[n] == 0 {
			order = append(order, n)
		}
		counts[n]++
		if n != "bucket edge" && n != "RegionSplitter key" {
			odd = append(odd, i+1)
		}
	}
	return counts, order, odd
}

// boundaryKind names what boundary key k is: against the prefix's bucket edges (nil
// without a prefix) and the RegionSplitter series the keys show (nil when none).
func boundaryKind(edges *prefixEdges, series *splitterSeries, k []byte) string {
	inSeries := series != nil && series.has(k)
	if edges == nil {
		if inSeries {
			return "RegionSplitter key"
		}
		return "not a RegionSplitter key (HBase's own split, or another pre-split)"
	}
	switch c := edges.classify(k); {
	case c == OnEdge:
		return "bucket edge"
	case c == OffAlphabet:
		return "off the alphabet (a pre-split on another prefix)"
	case inSeries:
		return "RegionSplitter key inside a bucket"
	}
	return "HBase's own split, inside a bucket"
}

// RubyBytes writes key as a double-quoted Ruby string whose bytes are exactly key:
// printable ASCII as itself except ", \ and # (which start escapes or interpolation), every
// other byte as \xNN.
func RubyBytes(key []byte) string { return quote.RubyDouble(key) }

// Row is one region in csv and json.
type Row struct {
	Region   int    `json:"region"` // from 1
	StartKey string `json:"start_key"`
	EndKey   string `json:"end_key"`
	Encoded  string `json:"encoded,omitempty"`
	Server   string `json:"server,omitempty"`
	Size     *int64 `json:"size_bytes,omitempty"`
	Requests *int64 `json:"requests,omitempty"`
	// Rate is the requests per second over the newest interval between snapshots; nil
	// without snapshots, or when the region was not in both.
	Rate      *float64 `json:"requests_per_second,omitempty"`
	Action    string   `json:"action"`              // keep, merge, merge-later, split; "" without a plan
	Statement int      `json:"statement,omitempty"` // the script's statement (from 1) that acts on it
	Stage     int      `json:"stage,omitempty"`     // the script's stage (from 1) of that statement
	SplitKey  string   `json:"split_key,omitempty"`
}

// Rows lists the regions with what the plan does to each.
func (d Doc) Rows() []Row {
	rows := make([]Row, 0, len(d.Layout.Regions))
	for _, r := range d.rows() {
		rows = append(rows, r)
	}
	return rows
}

// rowMark is what the plan does to one region: Row's action, statement, stage and split
// key, kept for every region while each Row, with its keys' text, is made as it is needed.
type rowMark struct {
	action           string
	statement, stage int
	splitKey         []byte
}

// rows yields each region's Row in order, made as it is yielded: a million regions are
// not held as a million Rows with their keys' text besides the layout.
func (d Doc) rows() iter.Seq2[int, Row] {
	l, p := d.Layout, d.Plan
	var marks []rowMark
	if p != nil {
		marks = p.marks(l)
	}
	return func(yield func(int, Row) bool) {
		for i, r := range l.Regions {
			row := Row{Region: i + 1, StartKey: keyText(r.Start), EndKey: keyText(r.End), Encoded: r.Encoded, Server: r.Server}
			if l.HasSize && !r.Unknown {
				v := r.Size
				row.Size = &v
			}
			if l.HasRequests && !r.Unknown {
				v := r.Requests
				row.Requests = &v
			}
			if d.Load != nil {
				if v := d.Load.Last()[i]; !math.IsNaN(v) {
					row.Rate = &v
				}
			}
			if marks != nil {
				m := marks[i]
				row.Action, row.Statement, row.Stage = m.action, m.statement, m.stage
				if m.splitKey != nil {
					row.SplitKey = keyText(m.splitKey)
				}
			}
			if !yield(i, row) {
				return
			}
		}
	}
}

// marks are what the plan does to each region of l: keep (unknown without metrics),
// merge-later, or the script's merge or split statement that names it.
func (p *Plan) marks(l *Layout) []rowMark {
	marks := make([]rowMark, len(l.Regions))
	for i, r := range l.Regions {
		marks[i].action = "keep"
		if r.Unknown {
			marks[i].action = "unknown"
		}
	}
	for _, g := range p.Groups {
		for i := g.First; i <= g.Last; i++ {
			marks[i].action = "merge-later"
		}
	}
	p.markStatements(marks)
	return marks
}

// markStatements sets the action, statement and stage of the regions the script's
// statements name.
func (p *Plan) markStatements(marks []rowMark) {
	// statements are numbered in the script's order: stage by stage, merges then splits
	st := 0
	for k, stage := range p.Stages {
		for _, mi := range stage.Merges {
			st++
			m := p.Merges[mi]
			for i := m.First; i <= m.Last; i++ {
				marks[i] = rowMark{action: "merge", statement: st, stage: k + 1}
			}
		}
		for _, si := range stage.Splits {
			st++
			s := p.Splits[si]
			marks[s.Index] = rowMark{action: "split", statement: st, stage: k + 1, splitKey: s.Key}
		}
	}
}

// WriteCSV writes one record per region: region, start_key, end_key, encoded, server,
// size_bytes, requests, action, statement, split_key. Unknown values are empty.
func WriteCSV(w io.Writer, d Doc) error {
	// The names come from the input files: each is a CSV text cell through quote.CSVCell,
	// which refuses a control byte (a server name with ESC or a line break) before anything
	// is written and neutralizes a formula (a server =1+1 as '=1+1); the keys are
	// toStringBinary text, through quote.CSVKey (=1+1 as \x3D1+1, the same key).
	for i, r := range d.Layout.Regions {
		for _, v := range []struct{ what, s string }{{"encoded name", r.Encoded}, {"server", r.Server}} {
			if _, err := quote.CSVCell(v.s); err != nil {
				return &FormatError{Format: "csv", Reason: fmt.Sprintf("region %d: %s %v", i+1, v.what, err)}
			}
		}
	}
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"region", "start_key", "end_key", "encoded", "server", "size_bytes", "requests", "action", "statement", "split_key"})
	opt := func(v *int64) string {
		if v == nil {
			return ""
		}
		return strconv.FormatInt(*v, 10)
	}
	for _, r := range d.rows() {
		st := ""
		if r.Statement > 0 {
			st = strconv.Itoa(r.Statement)
		}
		enc, _ := quote.CSVCell(r.Encoded) // checked above
		server, _ := quote.CSVCell(r.Server)
		_ = cw.Write([]string{strconv.Itoa(r.Region), quote.CSVKey(r.StartKey), quote.CSVKey(r.EndKey), enc, server,
			opt(r.Size), opt(r.Requests), r.Action, st, quote.CSVKey(r.SplitKey)})
	}
	cw.Flush()
	return cw.Error()
}

// JSONDoc is the json format.
type JSONDoc struct {
	Table   string    `json:"table,omitempty"`
	Inputs  []string  `json:"inputs"`
	Exact   bool      `json:"exact_boundaries"`
	Plan    *JSONPlan `json:"plan,omitempty"`
	Regions []Row     `json:"regions"`
}

// JSONPlan is the plan's summary in json.
type JSONPlan struct {
	RegionSize   int64       `json:"region_size"`
	UpperMark    int64       `json:"merge_upper_mark"`
	SplitAbove   int64       `json:"split_above"`
	Prefix       string      `json:"prefix,omitempty"`
	Merges       int         `json:"merges"`
	Splits       int         `json:"splits"`
	Before       int         `json:"regions_before"`
	After        int         `json:"regions_after"`
	AfterAll     int         `json:"regions_after_all_rounds"`
	MergeArity   int         `json:"merge_arity"`
	Rounds       int         `json:"rounds"`
	SplitRounds  int         `json:"split_rounds,omitempty"`
	LoadSplits   int         `json:"load_splits,omitempty"`
	Young        int         `json:"regions_young,omitempty"`
	Memstore     int         `json:"regions_memstore_only,omitempty"`
	TargetRegion int         `json:"target_regions,omitempty"`
	Salt         bool        `json:"salt,omitempty"`
	Unknown      int         `json:"regions_size_unknown,omitempty"`
	Batch        int         `json:"batch,omitempty"`
	Pause        int64       `json:"pause_seconds,omitempty"`
	Stages       []JSONStage `json:"stages"`
	Notes        []string    `json:"notes"`
}

// JSONStage is one stage of the script: its statements by number (from 1, as in the
// regions' statement) and the regions they name (from 1).
type JSONStage struct {
	Merges  int   `json:"merges"`
	Splits  int   `json:"splits"`
	Regions []int `json:"regions"`
}

// WriteJSON writes the regions and the plan's summary, indented as encoding/json's
// Encoder with SetIndent("", "  ") writes the whole document, but a region at a time: the
// summary is encoded with no regions and the rows follow it into its empty array, so three
// million regions are not held as one encoded and one indented copy (5.89 GiB).
func WriteJSON(w io.Writer, d Doc) error {
	doc := JSONDoc{Table: d.Layout.Table, Inputs: d.Inputs, Exact: d.Layout.Exact, Regions: []Row{}}
	if p := d.Plan; p != nil {
		doc.Plan = jsonPlan(d, p)
	}
	quote.JSONText(&doc) // input names and servers that are not UTF-8 keep their bytes, as \xNN
	head, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	// Regions is JSONDoc's last field: the document ends with its empty array.
	head, ok := bytes.CutSuffix(head, []byte("[]\n}"))
	if !ok {
		return fmt.Errorf("internal error: the json document does not end with its regions")
	}
	// quote.JSONVisible writes DEL, the C1 controls and the bidirectional and invisible
	// characters of a server or file name as \uXXXX, on each whole encoded value.
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(quote.JSONVisible(head))
	if len(d.Layout.Regions) == 0 {
		bw.WriteString("[]\n}\n")
		return bw.Flush()
	}
	bw.WriteString("[")
	for i, row := range d.rows() {
		quote.JSONText(&row)
		b, err := json.MarshalIndent(row, "    ", "  ")
		if err != nil {
			return err
		}
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    ")
		bw.Write(quote.JSONVisible(b))
	}
	bw.WriteString("\n  ]\n}\n")
	return bw.Flush()
}

// jsonPlan is the plan's summary in json.
func jsonPlan(d Doc, p *Plan) *JSONPlan {
	jp := &JSONPlan{RegionSize: p.Options.RegionSize, UpperMark: p.Upper, SplitAbove: p.SplitAbove,
		Merges: len(p.Merges), Splits: len(p.Splits), Before: p.Before, After: p.After, AfterAll: p.Final,
		MergeArity: p.Options.MergeArity, Rounds: p.Rounds, TargetRegion: p.Options.TargetRegions, Salt: p.Options.Salt,
		SplitRounds: p.SplitRounds, LoadSplits: p.loadSplits(), Young: p.Young, Memstore: p.Memstore,
		Unknown: p.Unknown, Batch: p.Options.Batch, Pause: p.Options.Pause, Stages: []JSONStage{}, Notes: append([]string{}, p.Notes...)}
	for _, st := range p.Stages {
		js := JSONStage{Merges: len(st.Merges), Splits: len(st.Splits), Regions: []int{}}
		for _, mi := range st.Merges {
			for i := p.Merges[mi].First; i <= p.Merges[mi].Last; i++ {
				js.Regions = append(js.Regions, i+1)
			}
		}
		for _, si := range st.Splits {
			js.Regions = append(js.Regions, p.Splits[si].Index+1)
		}
		jp.Stages = append(jp.Stages, js)
	}
	if d.Prefix != nil {
		jp.Prefix = d.Prefix.String()
	}
	return jp
}

// Streams reports whether a format's renderer fails only before its first write (json
// cannot fail, csv checks every name first), so its output need not be held back until
// it is complete.
func Streams(name string) bool { return name == "json" || name == "csv" }
