package render

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

// CSVHeader and CapacityCSVHeader are the header rows of CSV and CapacityCSV.
var (
	CSVHeader         = []string{"region", "start_key", "end_key", "prefixes", "share", "est_bytes", "est_rows"}
	CapacityCSVHeader = []string{"horizon_days", "rows", "raw_bytes", "stored_bytes", "planned_bytes", "region_size_bytes", "regions", "disk_bytes"}
)

// CSV writes one row per region (RFC 4180, header row): its 1-based number, start and end
// keys in toStringBinary form (the first start and the last end are empty), the prefixes it
// owns (for --algo splits: units of the numeric range), its share of the key space, and its
// estimated planned bytes and rows. Numbers are plain: no units, no separators. Fields the
// Doc cannot give are empty: est_bytes and est_rows without a capacity plan (presplit
// splits), est_rows when the plan has no row count, prefixes and share when the split
// carries no ownership.
func CSV(w io.Writer, d Doc) error {
	keys := d.split().Keys
	if err := CheckKeys(keys); err != nil {
		return err
	}
	owned, total, shares := ownedOf(d.split())
	rows, haveRows := planRows(d.Capacity)
	q := &quoter{format: "csv"}
	cw := csv.NewWriter(w)
	header := append(append([]string{}, CSVHeader...), storeCSVColumns(q, d.Capacity)...)
	if q.err != nil {
		return q.err
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for i := 0; i <= keys.Len(); i++ {
		rec := make([]string, len(header))
		rec[0] = strconv.Itoa(i + 1)
		if i > 0 {
			rec[1] = q.csvKey("start key", hbytes.ToStringBinary(keys.At(i-1)))
		}
		if i < keys.Len() {
			rec[2] = q.csvKey("end key", hbytes.ToStringBinary(keys.At(i)))
		}
		if shares {
			share := owned.At(i) / total
			rec[3] = plainFloat(owned.At(i))
			rec[4] = plainFloat(share)
			if d.Capacity != nil {
				rec[5] = plainInt(d.Capacity.PlannedBytes * share)
				if haveRows {
					rec[6] = plainInt(rows * share)
				}
				for j, st := range d.Capacity.Stores { // each family's store in the region
					rec[len(CSVHeader)+j] = plainInt(st.PlannedBytes * share)
				}
			}
		}
		if q.err != nil {
			return q.err
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// CapacityCSV writes the capacity model for spreadsheets: one row per growth horizon (daily
// ingest plans), or one row with an empty horizon_days when the volume is given as rows.
// After the growth figures each row carries the table, every input and the derived
// figures (capacitycsv.go), so rows of several tables stack in one sheet; Doc.Options.NoHeader
// leaves the header out, for runs appended to one file. It needs the capacity plan:
// without one (presplit splits) it is a FormatError.
func CapacityCSV(w io.Writer, d Doc) error {
	p := d.Capacity
	if p == nil {
		return &FormatError{Format: "capacity-csv", Reason: "there is no capacity model to show; use presplit plan"}
	}
	regionSize := regionSizeOf(p)
	tail := capacityCSVTail(d, p)
	q := &quoter{format: "capacity-csv"}
	tail[0] = q.csv("table", tail[0]) // the table's name; the stores' family names go through q too
	sc := newStoreCSV(q, p)
	if q.err != nil {
		return q.err
	}
	cw := csv.NewWriter(w)
	if !d.Options.NoHeader {
		if err := cw.Write(append(append([]string{}, CapacityCSVHeader...), sc.header()...)); err != nil {
			return err
		}
	}
	if len(p.Horizons) == 0 {
		rows, ok := planRows(p)
		rec := []string{"", "", plainInt(p.RawBytes), plainInt(p.StoredBytes), plainInt(p.PlannedBytes),
			plainInt(regionSize), strconv.Itoa(p.Regions), plainInt(p.DiskBytes)}
		if ok {
			rec[1] = plainInt(rows)
		}
		if err := sc.write(cw, append(rec, tail...), p.Stores, nil, p.SplitStore, rec[1], regionSize); err != nil {
			return err
		}
	}
	for _, h := range p.Horizons {
		rec := []string{plainFloat(p.HeldDays(h)), "", plainInt(h.RawBytes), plainInt(h.StoredBytes),
			plainInt(h.PlannedBytes), plainInt(regionSize), strconv.Itoa(h.Regions), plainInt(h.DiskBytes)}
		if p.RowBytes > 0 {
			rec[1] = plainInt(h.RawBytes / p.RowBytes)
		}
		if err := sc.write(cw, append(rec, tail...), p.Stores, h.Stores, h.SplitStore, "", regionSize); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// planRows is the table's row count: given (--rows) or derived from raw bytes / row bytes.
func planRows(p *capacity.Sizing) (float64, bool) {
	switch {
	case p == nil:
		return 0, false
	case p.Input.Volume.Rows > 0:
		return p.Input.Volume.Rows, true
	case p.RowBytes > 0:
		return p.RawBytes / p.RowBytes, true
	}
	return 0, false
}

// regionSizeOf is the region size the plan used, MAX_FILESIZE (the default when left
// zero); the regions are counted against it times the fill (plannedRegionOf).
func regionSizeOf(p *capacity.Sizing) float64 { return p.Input.MaxFileSize() }

// plannedRegionOf is what each region is planned to hold: the region size x the fill.
func plannedRegionOf(p *capacity.Sizing) float64 {
	if p.Input.RegionSize > 0 {
		return p.Input.RegionSize
	}
	return capacity.DefaultRegionSize
}

// plainInt rounds v to a whole number written without exponent or separators.
func plainInt(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return ""
	}
	return strconv.FormatFloat(math.Round(v), 'f', 0, 64)
}

// plainFloat writes v in the shortest form that reads back exactly, without exponent.
func plainFloat(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// ownedOf is what each region of the split owns of the key space and the total, for the
// regions' shares; ok is false when the split does not say (a splits file) or owns
// nothing.
func ownedOf(s splits.Split) (owned splits.Owned, total float64, ok bool) {
	if s.Owned.Len() != s.Keys.Len()+1 {
		return splits.Owned{}, 0, false
	}
	total = s.Owned.Total()
	return s.Owned, total, total > 0
}
