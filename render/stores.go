package render

import (
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/quote"
)

// The report's per-family derivation, when the capacity model sizes each family's store
// apart (capacity.Sizing.Stores): a line per store, then the table's sums and the store (or
// stores) the region count comes from.

// reportStores is the Stores section: each family's raw, stored and planned bytes and the
// regions it alone fills, the split store named.
func reportStores(tw *tabwriter.Writer, d Doc) {
	p := d.Capacity
	daily := p.Input.Volume.Daily > 0
	if daily {
		fmt.Fprintf(tw, "  family\tshare\tdays\traw\tratio\tstored\tplanned\tregions\n")
	} else {
		fmt.Fprintf(tw, "  family\tshare\tversions\traw\tratio\tstored\tplanned\tregions\n")
	}
	for _, s := range p.Stores {
		kept := countText(float64(s.Versions))
		if daily {
			kept = storeDays(s, p.Input.Volume.RetentionDays)
		}
		line := fmt.Sprintf("  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%d", quote.Terminal(s.Name), ratio(s.Share), kept,
			siBytes(s.RawBytes), ratio(s.CompressionRatio), siBytes(s.StoredBytes), siBytes(s.PlannedBytes), s.Regions)
		if p.SplitStore != "" && p.SplitStore == s.Name {
			line += "  split on: the largest store" // all stores together: the Sizing section says so
		}
		fmt.Fprintln(tw, line)
	}
	_ = tw.Flush() // the column block ends; the rule below is one line
	if daily {
		fmt.Fprintf(tw, "  raw = daily x share x days (what the family keeps: its TTL, at most the retention; or the horizon); stored = raw x ratio; planned = stored x redundancy (%s); regions = ceil(planned / region size)\n", ratio(p.Input.Redundancy))
		return
	}
	fmt.Fprintf(tw, "  raw = rows x %s per version x share x versions; stored = raw x ratio; planned = stored x redundancy (%s); regions = ceil(planned / region size)\n",
		siBytes(p.Input.Volume.PutBytes()), ratio(p.Input.Redundancy))
}

// storeDays is the days a daily store is sized for, and what set them when it is not the
// retention: 7 (TTL), 5 (horizon).
func storeDays(s capacity.StorePlan, retention float64) string {
	switch {
	case s.SplitDays < s.KeptDays:
		return countText(s.SplitDays) + " (horizon)"
	case s.TTLDays > 0 && s.TTLDays < retention:
		return strings.TrimSuffix(strings.TrimSuffix(capacity.DaysText(s.KeptDays), " days"), " day") + " (TTL)"
	}
	return countText(s.KeptDays)
}

// reportStoreSizing is the Sizing section's derivation from the stores: the sums, the
// bytes the split rule weighs, the regions and the disk.
func reportStoreSizing(tw *tabwriter.Writer, d Doc) {
	p := d.Capacity
	in := p.Input
	sum := func(f func(capacity.StorePlan) float64) string {
		if len(p.Stores) > 4 {
			return fmt.Sprintf("the %d families' sum", len(p.Stores))
		}
		parts := make([]string, len(p.Stores))
		for i, s := range p.Stores {
			parts[i] = siBytes(f(s))
		}
		return strings.Join(parts, " + ")
	}
	if in.Volume.Daily == 0 {
		fmt.Fprintf(tw, "  bytes per row\t= the families' bytes per row\t= %s\t= %s\n", sum(func(s capacity.StorePlan) float64 { return s.RowBytes }), bothUnits(p.RowBytes))
	}
	fmt.Fprintf(tw, "  raw\t= the families' raw\t= %s\t= %s\n", sum(func(s capacity.StorePlan) float64 { return s.RawBytes }), bothUnits(p.RawBytes))
	fmt.Fprintf(tw, "  stored\t= the families' stored\t= %s\t= %s, %s\n", sum(func(s capacity.StorePlan) float64 { return s.StoredBytes }), bothUnits(p.StoredBytes), storedAs(d.Table, in.CompressionRatio))
	fmt.Fprintf(tw, "  planned\t= the families' planned\t= %s\t= %s\n", sum(func(s capacity.StorePlan) float64 { return s.PlannedBytes }), bothUnits(p.PlannedBytes))
	if p.SplitStore != "" {
		fmt.Fprintf(tw, "  split on\t= the largest store's planned\t= family %s\t= %s\n", quote.Terminal(p.SplitStore), bothUnits(p.SplitBytes))
		fmt.Fprintf(tw, "  regions\t= ceil(split on / %s)\t= ceil(%s / %s) = ceil(%s)\t= %d\n", regionSizeTerm(in), siBytes(p.SplitBytes), iecBytes(in.RegionSize), exactText(p.ExactRegions), p.Regions)
	} else {
		fmt.Fprintf(tw, "  regions\t= ceil(planned / %s)\t= ceil(%s / %s) = ceil(%s)\t= %d\n", regionSizeTerm(in), siBytes(p.PlannedBytes), iecBytes(in.RegionSize), exactText(p.ExactRegions), p.Regions)
	}
	accessSizing(tw, d)
	fmt.Fprintf(tw, "  disk\t= planned x replication\t= %s x %d\t= %s\n", siBytes(p.PlannedBytes), in.Replication, bothUnits(p.DiskBytes))
}

// storeRowBytes is the Inputs line of a row's bytes when the stores keep their own
// versions: one version's bytes, each family's share of it times its VERSIONS.
func storeRowBytes(tw *tabwriter.Writer, d Doc) {
	p := d.Capacity
	if c := p.Input.Volume.Cells; c != nil {
		fmt.Fprintf(tw, d.word("  bytes per row\t%s = %s x %s per cell per version, each family's share x its versions\t{capacity.cells} x {families.share} x {families.versions}\n"),
			bothUnits(p.RowBytes), plural(float64(c.Count), "cell"), bothUnits(c.CellBytes()))
		fmt.Fprintf(tw, "  bytes per cell\t%s = %d overhead + %d row + %d family + %d qualifier + %d value\tKeyValue layout\n",
			bothUnits(c.CellBytes()), capacity.CellOverhead, c.RowLen, c.FamilyLen, c.QualifierLen, c.ValueLen)
		return
	}
	fmt.Fprintf(tw, d.word("  bytes per row\t%s = %s per version, each family's share x its versions\t{capacity.kv} x {families.share} x {families.versions}\n"),
		bothUnits(p.RowBytes), bothUnits(p.Input.Volume.PutBytes()))
}

// storeCSVColumns are the region CSV's columns after CSVHeader when the stores are sized
// apart: each family's estimated planned bytes in the region (est_bytes_NAME).
func storeCSVColumns(q *quoter, p *capacity.Sizing) []string {
	if p == nil {
		return nil
	}
	var out []string
	for _, s := range p.Stores {
		out = append(out, q.csv("family name", "est_bytes_"+s.Name))
	}
	return out
}

// storeCSVHeader are capacity-csv's columns after CapacityCSVHeader when the stores are
// sized apart. The table's row leaves them empty; a row per family follows it, its first
// eight columns the store's own figures (its raw, stored, planned bytes, the regions it
// alone fills, its disk) and these its inputs, and split_on says whether the split rule
// weighs it.
var storeCSVHeader = []string{"family", "family_share", "family_versions", "family_ttl_days", "family_compression", "family_compression_ratio", "split_on"}

// storeCSV writes capacity-csv's family rows.
type storeCSV struct {
	p     *capacity.Sizing
	names []string // the families' names as CSV cells
}

func newStoreCSV(q *quoter, p *capacity.Sizing) storeCSV {
	sc := storeCSV{p: p}
	for _, s := range p.Stores {
		sc.names = append(sc.names, q.csv("family name", s.Name))
	}
	return sc
}

func (sc storeCSV) header() []string {
	if len(sc.p.Stores) == 0 {
		return nil
	}
	return storeCSVHeader
}

// write writes the table's row rec (empty family columns), then a row per store: at a
// horizon (hs) or for the whole plan (stores); split is the store the split rule weighs.
func (sc storeCSV) write(cw *csv.Writer, rec []string, stores []capacity.StorePlan, hs []capacity.StoreHorizon, split, rows string, regionSize float64) error {
	if len(stores) == 0 {
		return cw.Write(rec)
	}
	if err := cw.Write(append(rec, make([]string, len(storeCSVHeader))...)); err != nil {
		return err
	}
	in := sc.p.Input
	tail := rec[len(rec)-len(capacityCSVColumns):] // the table's inputs, on every row
	for i, s := range stores {
		raw, stored, planned, regions := s.RawBytes, s.StoredBytes, s.PlannedBytes, s.Regions
		if hs != nil {
			raw, stored, planned, regions = hs[i].RawBytes, hs[i].StoredBytes, hs[i].PlannedBytes, hs[i].Regions
		}
		row := append([]string{rec[0], rows, plainInt(raw), plainInt(stored), plainInt(planned), plainInt(regionSize),
			strconv.Itoa(regions), plainInt(planned * float64(in.Replication))}, tail...)
		versions := ""
		if in.Volume.Daily == 0 {
			versions = strconv.Itoa(s.Versions)
		}
		row = append(row, sc.names[i], plainFloat(s.Share), versions, positiveFloat(s.TTLDays), s.Codec, plainFloat(s.CompressionRatio),
			strconv.FormatBool(split == "" || s.Name == split)) // "": all stores, or the only one
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	return nil
}
