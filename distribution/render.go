package distribution

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/presplit/presplit/hbytes"
)

// Distribution is the number of keys in each region of a split.
type Distribution struct {
	Splits [][]byte // the split keys, strictly increasing
	Counts []int64  // keys per region, len(Splits)+1
}

// Region is one row of a distribution.
type Region struct {
	Index    int     `json:"region"`    // the region's number, from 1
	StartKey string  `json:"start_key"` // toStringBinary; "" for the first region
	EndKey   string  `json:"end_key"`   // toStringBinary; "" for the last region
	Keys     int64   `json:"keys"`
	Share    float64 `json:"share"` // Keys / all keys, 0..1 (0 when there are no keys)
}

// Summary summarises the counts.
func (d Distribution) Summary() Summary { return Summarize(d.Counts) }

// Regions lists the regions in order.
func (d Distribution) Regions() []Region {
	var total int64
	for _, c := range d.Counts {
		total += c
	}
	rows := make([]Region, len(d.Counts))
	for i, c := range d.Counts {
		r := Region{Index: i + 1, Keys: c} // regions are numbered from 1 in every output
		if i > 0 {
			r.StartKey = hbytes.ToStringBinary(d.Splits[i-1])
		}
		if i < len(d.Splits) {
			r.EndKey = hbytes.ToStringBinary(d.Splits[i])
		}
		if total > 0 {
			r.Share = float64(c) / float64(total)
		}
		rows[i] = r
	}
	return rows
}

const tablePadding = 2

// WriteTable writes one row per region (index, start key, end key, keys, share) and then
// the summary. When width > 0 each row also gets a bar of Unicode blocks, scaled so the
// largest region's bar ends at column width; width 0 writes plain text.
func WriteTable(w io.Writer, d Distribution, width int) error {
	rows := d.Regions()
	cells := make([][5]string, 0, len(rows)+1)
	cells = append(cells, [5]string{"region", "start key", "end key", "keys", "share"})
	for _, r := range rows {
		cells = append(cells, [5]string{strconv.Itoa(r.Index), r.StartKey, r.EndKey,
			strconv.FormatInt(r.Keys, 10), percent(r.Share)})
	}
	s := d.Summary()
	barWidth := 0
	if width > 0 {
		// tabwriter pads every column to its widest cell plus tablePadding.
		used := 0
		for col := range 5 {
			widest := 0
			for _, c := range cells {
				widest = max(widest, len(c[col]))
			}
			used += widest + tablePadding
		}
		barWidth = width - used - 1 // leave the last column free: no wrap on exact fit
	}

	// The rows go through a buffer: a region with no key has an empty bar, and the padding
	// before it is trimmed (no line ends in a space; a key never ends a line).
	var rowsText bytes.Buffer
	tw := tabwriter.NewWriter(&rowsText, 0, 8, tablePadding, ' ', 0)
	for i, c := range cells {
		line := strings.Join(c[:], "\t")
		if barWidth > 0 && i > 0 {
			line += "\t" + bar(rows[i-1].Keys, s.LargestKeys, barWidth)
		}
		if _, err := fmt.Fprintln(tw, line); err != nil {
			return err
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, line := range bytes.SplitAfter(rowsText.Bytes(), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		if _, err := w.Write(append(bytes.TrimRight(line[:len(line)-1], " "), '\n')); err != nil {
			return err
		}
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 8, tablePadding, ' ', 0)
	fmt.Fprintf(tw, "keys\t%d\n", s.Keys)
	fmt.Fprintf(tw, "regions\t%d\n", s.Regions)
	fmt.Fprintf(tw, "mean keys per region\t%s\n", strconv.FormatFloat(s.Mean, 'f', 2, 64))
	fmt.Fprintf(tw, "largest region\t%d: %d keys, %s\n", s.Largest, s.LargestKeys, percent(s.LargestShare))
	fmt.Fprintf(tw, "skew (largest / mean)\t%s\n", strconv.FormatFloat(s.Skew, 'f', 2, 64))
	fmt.Fprintf(tw, "coefficient of variation\t%s\n", strconv.FormatFloat(s.CV, 'f', 2, 64))
	fmt.Fprintf(tw, "empty regions\t%d\n", s.Empty)
	return tw.Flush()
}

func percent(share float64) string { return strconv.FormatFloat(100*share, 'f', 2, 64) + "%" }

// eighths are the partial blocks of 1/8 to 7/8 of a cell.
var eighths = [...]string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// Bar draws n out of largest as up to width cells of Unicode blocks, in eighths of a cell,
// as verify's table does on a terminal; any n > 0 gets at least one eighth. Other reports
// (presplit regions' size histogram) draw their bars with it.
func Bar(n, largest int64, width int) string { return bar(n, largest, width) }

// bar draws n out of largest as up to width cells of Unicode blocks, in eighths of a cell.
// A region with any key gets at least one eighth.
func bar(n, largest int64, width int) string {
	if n <= 0 || largest <= 0 {
		return ""
	}
	e := int(float64(n) / float64(largest) * float64(width*8))
	e = max(e, 1)
	return strings.Repeat("█", e/8) + eighths[e%8]
}

// WriteCSV writes a header and one record per region: region, start_key, end_key, keys,
// share (a fraction, 0..1).
func WriteCSV(w io.Writer, d Distribution) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"region", "start_key", "end_key", "keys", "share"}); err != nil {
		return err
	}
	for _, r := range d.Regions() {
		rec := []string{strconv.Itoa(r.Index), r.StartKey, r.EndKey, strconv.FormatInt(r.Keys, 10),
			strconv.FormatFloat(r.Share, 'f', -1, 64)}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// Report is the JSON form of a distribution.
type Report struct {
	Regions []Region `json:"regions"`
	Summary Summary  `json:"summary"`
}

// WriteJSON writes {"regions": [...], "summary": {...}}, indented, with one trailing newline.
func WriteJSON(w io.Writer, d Distribution) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(Report{Regions: d.Regions(), Summary: d.Summary()})
}
