package render

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// Report writes the human report of `presplit plan`: every input with its unit, each step
// of the derivation with its numbers, the growth horizons, the cluster checks, the split,
// and the create statement.
func Report(w io.Writer, d Doc) error {
	if d.Capacity == nil {
		return &FormatError{Format: "report", Reason: "needs a capacity plan: presplit plan prints the report"}
	}
	p := d.Capacity
	in := p.Input
	var b strings.Builder
	fmt.Fprintf(&b, "presplit plan for table %s\n", quote.Terminal(tableName(d.Table)))

	section(&b, "Inputs", func(tw *tabwriter.Writer) { reportInputs(tw, d) })
	if len(p.Stores) > 0 {
		section(&b, "Stores", func(tw *tabwriter.Writer) { reportStores(tw, d) })
	}
	section(&b, "Sizing", func(tw *tabwriter.Writer) { reportSizing(tw, d) })

	if len(p.Horizons) > 0 {
		section(&b, "Growth", func(tw *tabwriter.Writer) { reportGrowth(tw, d) })
	}

	if c := in.Cluster; c.RegionServers > 0 || c.Heap > 0 {
		section(&b, "Cluster", func(tw *tabwriter.Writer) { reportCluster(tw, d) })
	}

	accessSection(&b, d)

	if s := d.split(); s.Regions() > 1 || len(s.Notes) > 0 || s.Regions() != sizedRegions(d) {
		section(&b, "Split", func(tw *tabwriter.Writer) { reportSplit(tw, d) })
	}

	if len(d.Notes) > 0 {
		section(&b, "Notes", func(tw *tabwriter.Writer) {
			for _, n := range d.Notes {
				fmt.Fprintf(tw, "  %s\n", quote.Terminal(n))
			}
		})
	}

	section(&b, "Findings", func(tw *tabwriter.Writer) {
		if len(d.Findings) == 0 {
			fmt.Fprintf(tw, "  none\n")
		}
		for _, f := range d.Findings {
			fmt.Fprintf(tw, "  %s\t%s: %s\n", f.Severity, f.Code, quote.Terminal(f.Message))
		}
	})
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	// The statement to paste: --format shell without the finding comments, which the
	// report has just listed.
	if _, err := io.WriteString(w, "\nhbase shell\n"); err != nil {
		return err
	}
	return Statement(w, d)
}

// maxQuietImbalance: above it the report advises how to even the regions out.
const maxQuietImbalance = 1.1

// section writes a titled block whose columns a tabwriter aligns.
func section(b *strings.Builder, title string, body func(*tabwriter.Writer)) {
	fmt.Fprintf(b, "\n%s\n", title)
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	body(tw)
	_ = tw.Flush() // into a strings.Builder, which takes every write
}

// reportInputs is the Inputs section: every input with its unit and the setting that
// gives it.
func reportInputs(tw *tabwriter.Writer, d Doc) {
	p := d.Capacity
	in := p.Input
	v := in.Volume
	if v.Daily > 0 {
		fmt.Fprintf(tw, d.word("  daily ingest\t%s\t{capacity.daily}\n"), bothUnits(v.Daily))
		fmt.Fprintf(tw, d.word("  retention\t%s\t{capacity.retention}\n"), plural(v.RetentionDays, "day"))
		if v.KeptDays() < v.RetentionDays {
			fmt.Fprintf(tw, d.word("  TTL\t%s (data expires before the retention ends)\t{families.ttl}\n"), capacity.DaysText(v.TTLDays))
		}
		if v.HorizonDays > 0 {
			fmt.Fprintf(tw, d.word("  horizon\t%s (the split holds this much ingest)\t{capacity.horizon}\n"), plural(v.SplitDays(), "day"))
		}
	} else {
		fmt.Fprintf(tw, d.word("  rows\t%s\t{capacity.rows}\n"), humanize.Commaf(v.Rows))
		if len(p.Stores) > 0 {
			storeRowBytes(tw, d)
		} else if c := v.Cells; c != nil {
			fmt.Fprintf(tw, d.word("  bytes per row\t%s = %s x %s x %s per cell\t{capacity.cells} x {families.versions}\n"),
				bothUnits(c.RowBytes()), plural(float64(c.Count), "cell"), plural(float64(versions(c)), "version"), bothUnits(c.CellBytes()))
			fmt.Fprintf(tw, "  bytes per cell\t%s = %d overhead + %d row + %d family + %d qualifier + %d value\tKeyValue layout\n",
				bothUnits(c.CellBytes()), capacity.CellOverhead, c.RowLen, c.FamilyLen, c.QualifierLen, c.ValueLen)
			q := float64(c.Count*versions(c)*c.QualifierLen) * 1
			fmt.Fprintf(tw, "  qualifiers\t%s per row (%.1f%% of the row), %s over all rows\tstored in every cell\n",
				bothUnits(q), 100*q/c.RowBytes(), siBytes(q*v.Rows))
		} else if v.KVVersions > 1 {
			fmt.Fprintf(tw, d.word("  bytes per row\t%s = %s per version x %s\t{capacity.kv} x {families.versions}\n"),
				bothUnits(v.RowBytes), bothUnits(v.KV), plural(float64(v.KVVersions), "version"))
		} else {
			fmt.Fprintf(tw, d.word("  bytes per row\t%s\t{capacity.kv}\n"), bothUnits(v.RowBytes))
		}
	}
	fmt.Fprintf(tw, d.word("  compression ratio\t%s\t{capacity.compression_ratio}\n"), ratioInput(d, quote.Terminal))
	fmt.Fprintf(tw, d.word("  redundancy\t%s (indexes, blooms, compaction headroom)\t{capacity.redundancy}\n"), ratio(in.Redundancy))
	fmt.Fprintf(tw, d.word("  region size\t%s\t{capacity.region_size}\n"), bothUnits(in.MaxFileSize()))
	if in.FillOrOne() < 1 {
		fmt.Fprintf(tw, d.word("  fill\t%s (regions planned at %s: region size x fill)\t{capacity.fill}\n"), ratio(in.Fill), iecBytes(in.RegionSize))
	}
	fmt.Fprintf(tw, d.word("  replication\t%d (disk estimate only)\t{capacity.replication}\n"), in.Replication)
	fmt.Fprintf(tw, d.word("  HBase version\t%s (the target)\t{table.hbase_version}\n"), d.Table.Target.OrDefault())
}

// reportSizing is the Sizing section: the derivation from the volume to the regions.
func reportSizing(tw *tabwriter.Writer, d Doc) {
	p := d.Capacity
	if len(p.Stores) > 0 {
		reportStoreSizing(tw, d)
		return
	}
	in := p.Input
	v := in.Volume
	if v.Daily > 0 {
		what := "retention"
		switch {
		case v.SplitDays() < v.KeptDays():
			what = "horizon"
		case v.KeptDays() < v.RetentionDays:
			what = "TTL"
		}
		fmt.Fprintf(tw, "  raw\t= daily x %s\t= %s x %s\t= %s\n", what, siBytes(v.Daily), capacity.DaysText(v.SplitDays()), bothUnits(p.RawBytes))
	} else {
		fmt.Fprintf(tw, "  raw\t= rows x bytes per row\t= %s x %s\t= %s\n", humanize.Commaf(v.Rows), siBytes(p.RowBytes), bothUnits(p.RawBytes))
	}
	fmt.Fprintf(tw, "  stored\t= raw x compression ratio\t= %s x %s\t= %s, %s\n", siBytes(p.RawBytes), ratio(in.CompressionRatio), bothUnits(p.StoredBytes), storedAs(d.Table, in.CompressionRatio))
	fmt.Fprintf(tw, "  planned\t= stored x redundancy\t= %s x %s\t= %s\n", siBytes(p.StoredBytes), ratio(in.Redundancy), bothUnits(p.PlannedBytes))
	fmt.Fprintf(tw, "  regions\t= ceil(planned / %s)\t= ceil(%s / %s) = ceil(%s)\t= %d\n", regionSizeTerm(in), siBytes(p.PlannedBytes), iecBytes(in.RegionSize), exactText(p.ExactRegions), p.Regions)
	accessSizing(tw, d)
	fmt.Fprintf(tw, "  disk\t= planned x replication\t= %s x %d\t= %s\n", siBytes(p.PlannedBytes), in.Replication, bothUnits(p.DiskBytes))
}

// reportGrowth is the Growth section: a line per horizon, and each store's planned bytes
// when the stores are sized apart (each capped by its own TTL).
func reportGrowth(tw *tabwriter.Writer, d Doc) {
	horizons := d.Capacity.Horizons
	split := false // a column for the regions HBase's split policy makes, where they differ
	for i := range horizons {
		split = split || d.PolicyRegions(i) > 0
	}
	head := "  days\traw\tstored\tplanned"
	for _, s := range horizons[0].Stores {
		head += "\tplanned " + quote.Terminal(s.Name)
	}
	head += "\tregions"
	if split {
		head += "\tafter HBase's splits"
	}
	fmt.Fprintf(tw, "%s\tdisk\n", head)
	for i, h := range horizons {
		line := fmt.Sprintf("  %s\t%s\t%s\t%s", plainFloat(d.Capacity.HeldDays(h)), siBytes(h.RawBytes), siBytes(h.StoredBytes), siBytes(h.PlannedBytes))
		for _, s := range h.Stores {
			line += "\t" + siBytes(s.PlannedBytes)
		}
		line += fmt.Sprintf("\t%d", h.Regions)
		if split {
			after := "same"
			if r := d.PolicyRegions(i); r > 0 {
				after = fmt.Sprint(r)
			}
			line += "\t" + after
		}
		fmt.Fprintf(tw, "%s\t%s\n", line, siBytes(h.DiskBytes))
	}
}

// flushSizeRef names the input the flush size came from: the table's MEMSTORE_FLUSHSIZE,
// or the cluster's flush size.
func flushSizeRef(c capacity.Cluster) string {
	if c.FlushSizeFromTable {
		return field.Ref("table.memstore_flushsize")
	}
	return field.Ref("cluster.flush_size")
}

// reportCluster is the Cluster section: regions per server and the memstore ceiling.
func reportCluster(tw *tabwriter.Writer, d Doc) {
	p := d.Capacity
	c := p.Input.Cluster
	if c.RegionServers > 0 {
		fmt.Fprintf(tw, d.word("  region servers\t%d\t{cluster.region_servers}\n"), c.RegionServers)
		if rps := d.ReplicasPerServer(); rps > 0 {
			// The recommendation bounds what a server opens: every replica.
			fmt.Fprintf(tw, d.word("  regions per server\t%.1f\tprimaries; x %d replicas {table.region_replication}\n"), p.RegionsPerServer, d.Table.RegionReplication)
			fmt.Fprintf(tw, "  replicas per server\t%.1f\t%d..%d recommended\n", rps, capacity.MinRegionsPerServer, capacity.MaxRegionsPerServer)
		} else {
			fmt.Fprintf(tw, "  regions per server\t%.1f\t%d..%d recommended\n", p.RegionsPerServer, capacity.MinRegionsPerServer, capacity.MaxRegionsPerServer)
		}
	}
	if c.Heap > 0 {
		fmt.Fprintf(tw, d.word("  memstore ceiling\t%.1f regions per server = %s heap x %s / (%s flush x %s)\t{cluster.heap} {cluster.memstore_fraction} "+flushSizeRef(c)+" {cluster.families}\n"),
			p.MemstoreCeiling, iecBytes(c.Heap), ratio(c.MemstoreFraction), iecBytes(c.FlushSize), plural(float64(c.Families), "family"))
	}
}

// reportSplit is the Split section: the keys, the regions, their balance and the notes.
func reportSplit(tw *tabwriter.Writer, d Doc) {
	s := d.split()
	if len(s.Suffix) > 0 {
		fmt.Fprintf(tw, "  keys\t%s, each key the last prefix of its region + \"%s\"\n", quote.Terminal(s.Spec), hbytes.ToStringBinary(s.Suffix)) // toStringBinary text, as the keys are shown: no Go escapes
	} else {
		fmt.Fprintf(tw, "  keys\t%s\n", quote.Terminal(s.Spec))
	}
	fmt.Fprintf(tw, "  regions\t%d (%s)\n", s.Regions(), plural(float64(s.Keys.Len()), "split key"))
	if largest, mean := runStats(s.Owned); mean > 0 {
		fmt.Fprintf(tw, "  imbalance\t%.3f (largest region %s / mean %s)\n", largest/mean, countText(largest), countText(mean))
	}
	if countNoted(d) {
		fmt.Fprintf(tw, d.word("  note\tthe split has %s where the sizing asks for %d ({splits.regions} or the spec's splits set the count)\n"), plural(float64(s.Regions()), "region"), sizedRegions(d))
	}
	if imb := s.Imbalance(); imb > maxQuietImbalance && s.Algorithm == nil && !strings.HasPrefix(s.Spec, "sample") {
		fmt.Fprintf(tw, d.word("  advice\tthe largest region owns %.3gx the mean share of prefixes: {splits.align} even gives equal regions; a wider prefix evens them out\n"), imb)
	}
	for _, n := range s.Notes {
		fmt.Fprintf(tw, "  note\t%s\n", quote.Terminal(n))
	}
}

func tableName(t plan.Table) string {
	if t.Name == "" {
		return "t1"
	}
	return t.Name
}

func versions(c *capacity.Cells) int {
	if c.Versions == 0 {
		return capacity.DefaultVersions
	}
	return c.Versions
}

// runStats is the largest and mean of the prefixes each region owns.
func runStats(owned splits.Owned) (largest, mean float64) {
	if owned.Len() == 0 {
		return 0, 0
	}
	var sum float64
	for _, o := range owned.All() {
		sum += o
		largest = math.Max(largest, o)
	}
	return largest, sum / float64(owned.Len())
}

// exactText shows the region count before rounding up: 419.1, or 0.00042 for a tiny table.
func exactText(v float64) string {
	if v < 0.1 {
		return fmt.Sprintf("%.2g", v)
	}
	return fmt.Sprintf("%.1f", v)
}

// countText prints a count with thousands separators: 10,226,368, 156.2, 1.35.
func countText(v float64) string {
	switch {
	case v >= 1e15:
		return fmt.Sprintf("%.4g", v)
	case v == math.Trunc(v):
		return humanize.Commaf(v)
	case v < 100:
		return fmt.Sprintf("%.2f", v)
	}
	return humanize.Commaf(math.Round(v*10) / 10)
}

func plural(n float64, word string) string {
	s := countText(n)
	if n == 1 {
		return s + " " + word
	}
	if n := len(word); n > 1 && word[n-1] == 'y' && !strings.ContainsRune("aeiou", rune(word[n-2])) {
		return s + " " + strings.TrimSuffix(word, "y") + "ies"
	}
	return s + " " + word + "s"
}

// ratio prints a factor the way the user typed it: 1, 1.5, 0.35.
func ratio(v float64) string { return fmt.Sprintf("%g", v) }

var (
	siUnits  = []string{"B", "kB", "MB", "GB", "TB", "PB", "EB"}
	iecUnits = []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
)

// scaled prints v in base-step units with one decimal, dropping ".0" from 10 up:
// 3.0 TB, 4.5 TB, 15 TB, 22.5 TB, 300 B.
func scaled(v, step float64, units []string) string {
	i := 0
	for math.Abs(v) >= step && i < len(units)-1 {
		v /= step
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%.0f %s", v, units[0])
	}
	s := fmt.Sprintf("%.1f", v)
	if v >= 10 {
		s = strings.TrimSuffix(s, ".0")
	}
	return s + " " + units[i]
}

func siBytes(v float64) string  { return scaled(v, 1000, siUnits) }
func iecBytes(v float64) string { return scaled(v, 1024, iecUnits) }

// bothUnits shows a size in IEC and then SI units, in that order on every line (HBase and
// Hadoop count in powers of 1024: 10g is 10 GiB): 10 GiB (10.7 GB), 465.7 GiB (500 GB);
// bytes below 1000 need no second form.
func bothUnits(v float64) string {
	if v < 1000 {
		return siBytes(v)
	}
	return iecBytes(v) + " (" + siBytes(v) + ")"
}

// storedAs says how the table stores its bytes, for the stored figures: "uncompressed",
// "compressed with SNAPPY" ("SNAPPY, NONE" when the families differ), or, for a ratio
// below 1 on a table that sets no codec (presplit's placeholder family; plan refuses it
// elsewhere), that the figure assumes one.
func storedAs(t plan.Table, ratio float64) string {
	var codecs []string
	seen := map[string]bool{}
	for _, f := range t.Families {
		c := f.Compression
		if c == "" {
			c = "NONE"
		}
		if !seen[c] {
			seen[c] = true
			codecs = append(codecs, c)
		}
	}
	if len(codecs) == 0 || (len(codecs) == 1 && codecs[0] == "NONE") {
		if ratio < 1 {
			return "assuming a codec the table does not set"
		}
		return "uncompressed"
	}
	return "compressed with " + strings.Join(codecs, ", ")
}

// regionSizeTerm is what the regions are counted against in a derivation: the region size,
// times the fill when the regions are planned below it.
func regionSizeTerm(in capacity.Input) string {
	if in.FillOrOne() < 1 {
		return "(region size x fill)"
	}
	return "region size"
}

// ratioInput is the compression ratio as an input: the table's, and each family's own
// where the stores are sized apart and one differs (the Stores table's ratios), so the
// Inputs line never shows a ratio the stores do not use; q quotes a family's name for the
// output.
func ratioInput(d Doc, q func(string) string) string {
	in := d.Capacity.Input
	table := fmt.Sprintf("%s (stored / raw, %s)", ratio(in.CompressionRatio), storedAs(d.Table, in.CompressionRatio))
	var own []string
	others := false
	for _, s := range d.Capacity.Stores {
		if s.CompressionRatio == in.CompressionRatio {
			others = true
			continue
		}
		codec := "NONE"
		for _, f := range d.Table.Families {
			if f.Name == s.Name && f.Compression != "" {
				codec = f.Compression
			}
		}
		own = append(own, fmt.Sprintf("%s %s with %s", q(s.Name), ratio(s.CompressionRatio), codec))
	}
	if len(own) == 0 {
		return table
	}
	text := "per family: " + strings.Join(own, ", ")
	if others {
		text += fmt.Sprintf("; the others %s", ratio(in.CompressionRatio))
	}
	return text + " (stored / raw)"
}
