package distribution

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// Distribution is the number of keys in each region of a split.
type Distribution struct {
	Splits splits.Keys // the split keys, strictly increasing
	Counts []int64     // keys per region, Splits.Len()+1
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
	total := d.total()
	rows := make([]Region, len(d.Counts))
	for i := range d.Counts {
		rows[i] = d.region(i, total)
	}
	return rows
}

// total is the number of keys in all regions.
func (d Distribution) total() int64 {
	var total int64
	for _, c := range d.Counts {
		total += c
	}
	return total
}

// region is row i of Regions, given the total number of keys.
func (d Distribution) region(i int, total int64) Region {
	r := Region{Index: i + 1, Keys: d.Counts[i]} // regions are numbered from 1 in every output
	if i > 0 {
		r.StartKey = hbytes.ToStringBinary(d.Splits.At(i - 1))
	}
	if i < d.Splits.Len() {
		r.EndKey = hbytes.ToStringBinary(d.Splits.At(i))
	}
	r.Share = shareOf(r.Keys, total)
	return r
}

// shareOf is n keys' share of total, 0 when there are no keys.
func shareOf(n, total int64) float64 {
	if total > 0 {
		return float64(n) / float64(total)
	}
	return 0
}

// rowKeys gives each row's start and end key texts in turn, from a first row on: a row's
// start key is the row before's end key, made once. The texts are toStringBinary (CSV and
// JSON, whose quoting keeps every byte), or with shown the table's (hbytes.AppendKeyText:
// a leading or trailing space \x20, which the table's padding would hide).
type rowKeys struct {
	d          Distribution
	text       func(dst, b []byte) []byte
	start, end []byte
}

func newRowKeys(d Distribution, from int, shown bool) *rowKeys {
	k := &rowKeys{d: d, text: hbytes.AppendStringBinary}
	if shown {
		k.text = hbytes.AppendKeyText
	}
	if from > 0 {
		k.start = k.text(nil, d.Splits.At(from-1))
	}
	return k
}

// row is row i's start and end key texts ("" for the first start and the last end); rows
// come in order, and the texts hold until the next call.
func (k *rowKeys) row(i int) (start, end []byte) {
	k.end = k.end[:0]
	if i < k.d.Splits.Len() {
		k.end = k.text(k.end, k.d.Splits.At(i))
	}
	start, end = k.start, k.end
	k.start, k.end = k.end, k.start // the end is the next row's start; the old start, its scratch
	return start, end
}

const tablePadding = 2

// WriteTable writes one row per region (index, start key, end key, keys, share) and then
// the summary. When width > 0 each row also gets a bar of Unicode blocks, scaled so the
// largest region's bar ends at column width; width 0 writes plain text.
//
// The columns are laid out as text/tabwriter would (each as wide as its widest cell plus
// two spaces) but row by row as they are written: the widths follow from the longest split
// key, the largest count and the largest share, so nothing is held per region and a
// million regions take no more memory than ten.
func WriteTable(w io.Writer, d Distribution, width int) error {
	var s Summary
	var keys keyTexts
	together(func() { s = d.Summary() }, func() { keys = scanKeyTexts(d.Splits) })
	widths, largestShare := tableWidths(d, s, keys.width)
	barWidth := 0
	if width > 0 {
		used := 0
		for _, cw := range widths {
			used += cw + tablePadding
		}
		barWidth = width - used - 1 // leave the last column free: no wrap on exact fit
	}
	// The share column holds a cell of every row but the header when bars follow it, and
	// is the rows' last cell otherwise (no padding).
	shareWidth := len(largestShare)

	line := make([]byte, 0, 256)
	for col, h := range tableHeader[:4] {
		start := len(line)
		line = pad(append(line, h...), start, widths[col])
	}
	line = append(append(line, tableHeader[4]...), '\n')
	if _, err := w.Write(line); err != nil {
		return err
	}
	rows := tableRows{d: d, plainKeys: keys.plain && !keys.edges, widths: widths, barWidth: barWidth, shareWidth: shareWidth, largest: s.LargestKeys, total: s.Keys}
	if err := rows.write(w); err != nil {
		return err
	}
	return writeSummaryTable(w, s)
}

// tableRows formats the table's region rows, a chunk of them at a time.
//
// A million rows take as long to write as their keys take to count, so a row costs no
// conversion it can reuse: the region number is counted up in place, a plain key is copied
// as it is (and any other's text made once, the start key being the previous row's end
// key), the columns are laid over a row of spaces instead of padded cell by cell, and the
// rest of the row (count, share, bar) is made once for each count that recurs. The chunks
// are formatted on every core, then written in order.
type tableRows struct {
	d                    Distribution
	plainKeys            bool // every split key is its own text in the table (keyTexts: plain, no edge space)
	widths               [5]int
	barWidth, shareWidth int
	largest, total       int64
}

// write writes every row to w (writeRowChunks).
func (t tableRows) write(w io.Writer) error {
	rowWidth := tablePadding*4 + t.widths[0] + t.widths[1] + t.widths[2] + t.widths[3] + t.shareWidth + 1
	if t.barWidth > 0 {
		rowWidth += 3*t.barWidth + 3 // a bar is up to barWidth+1 blocks of 3 bytes
	}
	// A row's first three cells, before its count: the columns' spaces, which the region
	// number and the keys are copied over.
	blank := bytes.Repeat([]byte{' '}, t.widths[0]+t.widths[1]+t.widths[2]+3*tablePadding)
	return writeRowChunks(w, len(t.d.Counts), rowWidth, func() rowFormatter {
		tails := newCountTexts(t.largest, t.appendTail)
		return func(dst []byte, from, to int) []byte { return t.format(dst, from, to, blank, tails) }
	})
}

// rowFormatter appends rows [from, to) of an output to dst.
type rowFormatter func(dst []byte, from, to int) []byte

// rowChunkBytes bounds a chunk's text: its rows are as many as fit when every row is as
// wide as the widest. Tests make it small, for many chunks of a few regions.
var rowChunkBytes = 1 << 20

// writeRowChunks writes rows [0, n) of an output, each at most rowWidth bytes, to w: one
// chunk in place, more on up to GOMAXPROCS goroutines (each with its own formatter from
// newFormatter and two buffers), written in order, so the text in memory is a few chunks
// whatever the region count and the keys' length.
func writeRowChunks(w io.Writer, n, rowWidth int, newFormatter func() rowFormatter) error {
	perChunk := max(1, rowChunkBytes/rowWidth)
	chunks := (n + perChunk - 1) / perChunk
	workers := min(runtime.GOMAXPROCS(0), chunks, 8)
	if workers <= 1 {
		// One goroutine formats and writes each chunk in turn, in one buffer: the text
		// in memory is a chunk, not the whole output (a million rows of 100 bytes).
		format := newFormatter()
		var buf []byte
		for c := range chunks {
			buf = format(buf[:0], c*perChunk, min((c+1)*perChunk, n))
			if _, err := w.Write(buf); err != nil {
				return err
			}
		}
		return nil
	}
	stop := make(chan struct{})
	outs := make([]chan []byte, workers)
	frees := make([]chan []byte, workers)
	var wg sync.WaitGroup
	for k := range workers {
		outs[k], frees[k] = make(chan []byte, 1), make(chan []byte, 2)
		frees[k] <- make([]byte, 0, perChunk*rowWidth)
		frees[k] <- make([]byte, 0, perChunk*rowWidth)
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			format := newFormatter()
			for c := k; c < chunks; c += workers {
				var buf []byte
				select {
				case buf = <-frees[k]:
				case <-stop:
					return
				}
				buf = format(buf[:0], c*perChunk, min((c+1)*perChunk, n))
				select {
				case outs[k] <- buf:
				case <-stop:
					return
				}
			}
		}(k)
	}
	var err error
	for c := 0; c < chunks && err == nil; c++ {
		buf := <-outs[c%workers]
		_, err = w.Write(buf)
		frees[c%workers] <- buf
	}
	close(stop)
	wg.Wait()
	return err
}

// format appends rows [from, to) to dst: each is blank with the region number and the
// keys copied over it, then the row's tail (appendTail) through tails. Plain keys are
// copied as they are, taken in order from the keys (a row's start key is the row
// before's end key); others through their text (rowKeys).
func (t tableRows) format(dst []byte, from, to int, blank []byte, tails *countTexts) []byte {
	d := t.d
	startAt := t.widths[0] + tablePadding
	endAt := startAt + t.widths[1] + tablePadding
	// The chunk's blank, its region number counted up in place (the column is as wide as
	// the last region's number). When it fits, it is an array copied whole, past its end
	// too (the row's tail writes over that): a few vector moves, not memmove's call for
	// its 90 or so bytes.
	var wide [128]byte
	fits := len(blank) <= len(wide)
	head := bytes.Clone(blank)
	if fits {
		head = append(wide[:0], blank...)
	}
	numLen := len(strconv.AppendInt(head[:0], int64(from), 10))
	row := func(i int, startKey, endKey []byte) {
		if num := incDecimal(head[:numLen]); len(num) > numLen {
			numLen = copy(head, num) // a digit more
		}
		at := len(dst)
		if fits && cap(dst)-at >= len(wide) {
			dst = dst[:at+len(wide)]
			*(*[128]byte)(dst[at:]) = wide
			dst = dst[:at+len(head)]
		} else {
			dst = append(dst, head...)
		}
		copy(dst[at+startAt:], startKey)
		copy(dst[at+endAt:], endKey)
		dst = tails.append(dst, d.Counts[i])
	}
	if !t.plainKeys {
		keys := newRowKeys(d, from, true)
		for i := from; i < to; i++ {
			startKey, endKey := keys.row(i)
			row(i, startKey, endKey)
		}
		return dst
	}
	var startKey []byte
	if from > 0 {
		startKey = d.Splits.At(from - 1)
	}
	last := max(from, min(to, d.Splits.Len()))
	for i, k := range d.Splits.Range(from, last) {
		row(i, startKey, k)
		startKey = k
	}
	for i := last; i < to; i++ {
		row(i, startKey, nil)
		startKey = nil
	}
	return dst
}

// appendTail appends what follows a row's keys for a region of c keys: the count's cell,
// the share and, when the table has bars, the share's padding and the bar, then the line
// end. A region with no key has an empty bar, and no padding before it: no line ends in a
// space (the share never does, nor a key: the first three cells always have a cell after).
func (t tableRows) appendTail(dst []byte, c int64) []byte {
	start := len(dst)
	dst = pad(strconv.AppendInt(dst, c, 10), start, t.widths[3])
	start = len(dst)
	dst = append(strconv.AppendFloat(dst, 100*shareOf(c, t.total), 'f', 2, 64), '%')
	if t.barWidth > 0 {
		shareEnd := len(dst)
		dst = pad(dst, start, t.shareWidth)
		barAt := len(dst)
		if dst = appendBar(dst, c, t.largest, t.barWidth); len(dst) == barAt {
			dst = dst[:shareEnd] // no bar, and no padding before it
		}
	}
	return append(dst, '\n')
}

// pad appends spaces to the cell that starts at line[from:] to make it cw+tablePadding wide.
func pad(line []byte, from, cw int) []byte {
	for n := cw + tablePadding - (len(line) - from); n > 0; n -= len(spaces) {
		line = append(line, spaces[:min(n, len(spaces))]...)
	}
	return line
}

var spaces = bytes.Repeat([]byte{' '}, 64)

// incDecimal adds one to the decimal number n in place (growing it by a digit at a power
// of ten).
func incDecimal(n []byte) []byte {
	for j := len(n) - 1; j >= 0; j-- {
		if n[j] < '9' {
			n[j]++
			return n
		}
		n[j] = '0'
	}
	return append([]byte{'1'}, n...)
}

// countTexts is the text a row ends with for each count up to a bound (the table's count,
// share and bar; CSV's and JSON's count and share), made the first time the count is
// seen: with many regions most counts recur, and a float's text costs more than the rest
// of its row.
type countTexts struct {
	texts      [][]byte
	size       int // the bytes of texts, at most maxCountTextBytes
	appendText func(dst []byte, c int64) []byte
}

// maxCountTexts bounds the counts whose text is kept, and maxCountTextBytes their bytes (a
// table's bars are up to 3 bytes a column).
const (
	maxCountTexts     = 1 << 12
	maxCountTextBytes = 1 << 20
)

// newCountTexts keeps the texts appendText makes of the counts up to largest.
func newCountTexts(largest int64, appendText func(dst []byte, c int64) []byte) *countTexts {
	return &countTexts{texts: make([][]byte, max(0, min(largest+1, maxCountTexts))), appendText: appendText}
}

// append appends the text of count c.
func (t *countTexts) append(dst []byte, c int64) []byte {
	if c < 0 || c >= int64(len(t.texts)) {
		return t.appendText(dst, c)
	}
	if text := t.texts[c]; text != nil {
		return append(dst, text...)
	}
	start := len(dst)
	dst = t.appendText(dst, c)
	if t.size < maxCountTextBytes {
		t.texts[c] = bytes.Clone(dst[start:])
		t.size += len(dst) - start
	}
	return dst
}

// tableHeader is the table format's header row.
var tableHeader = [5]string{"region", "start key", "end key", "keys", "share"}

// tableWidths is the width of each column of the table format (its widest cell) and the
// widest share, the largest region's; keyWidth is the longest key's text (keyTexts).
func tableWidths(d Distribution, s Summary, keyWidth int) (widths [5]int, largestShare string) {
	if len(d.Counts) > 0 {
		largestShare = percent(d.region(s.Largest-1, s.Keys).Share)
	}
	header := tableHeader
	return [5]int{
		max(len(header[0]), len(strconv.Itoa(len(d.Counts)))),
		max(len(header[1]), keyWidth),
		max(len(header[2]), keyWidth),
		max(len(header[3]), len(strconv.FormatInt(s.LargestKeys, 10))),
		max(len(header[4]), len(largestShare)),
	}, largestShare
}

// writeSummaryTable is the table format's summary after the regions: a blank line, then
// one aligned line per figure.
func writeSummaryTable(w io.Writer, s Summary) error {
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 8, tablePadding, ' ', 0)
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
func bar(n, largest int64, width int) string { return string(appendBar(nil, n, largest, width)) }

// appendBar appends bar(n, largest, width) to dst.
func appendBar(dst []byte, n, largest int64, width int) []byte {
	if n <= 0 || largest <= 0 {
		return dst
	}
	e := int(float64(n) / float64(largest) * float64(width*8))
	e = max(e, 1)
	for cells := e / 8; cells > 0; cells -= len(blocks) / len("█") {
		dst = append(dst, blocks[:len("█")*min(cells, len(blocks)/len("█"))]...)
	}
	return append(dst, eighths[e%8]...)
}

// blocks are full cells of a bar, appended a run at a time.
var blocks = strings.Repeat("█", 64)

// WriteCSV writes a header and one record per region: region, start_key, end_key, keys,
// share (a fraction, 0..1).
func WriteCSV(w io.Writer, d Distribution) error {
	if _, err := io.WriteString(w, "region,start_key,end_key,keys,share\n"); err != nil {
		return err
	}
	var total, largest int64
	var keys keyTexts
	together(func() { total, largest = d.totalAndLargest() }, func() { keys = scanKeyTexts(d.Splits) })
	// A quoted key doubles its quotes (its first byte may be \xNN, quote.AppendCSVKey:
	// 3 more); the numbers of a row are under 64 bytes.
	rowWidth := 2*(2*keys.width+2+3) + 64
	// A row's count and share, made once for each count that recurs.
	tail := func(dst []byte, c int64) []byte {
		dst = append(strconv.AppendInt(dst, c, 10), ',')
		return append(strconv.AppendFloat(dst, shareOf(c, total), 'f', -1, 64), '\n')
	}
	return writeRowChunks(w, len(d.Counts), rowWidth, func() rowFormatter {
		tails := newCountTexts(largest, tail)
		return func(dst []byte, from, to int) []byte {
			rows := newRowKeys(d, from, false)
			num := strconv.AppendInt(nil, int64(from), 10)
			for i := from; i < to; i++ {
				num = incDecimal(num)
				dst = append(append(dst, num...), ',')
				if keys.csv { // each key its own cell: copied as it is
					if i > 0 {
						dst = append(dst, d.Splits.At(i-1)...)
					}
					dst = append(dst, ',')
					if i < d.Splits.Len() {
						dst = append(dst, d.Splits.At(i)...)
					}
				} else {
					startKey, endKey := rows.row(i)
					dst = append(quote.AppendCSVKey(dst, startKey), ',')
					dst = quote.AppendCSVKey(dst, endKey)
				}
				dst = tails.append(append(dst, ','), d.Counts[i])
			}
			return dst
		}
	})
}

// totalAndLargest is the number of keys in all regions and in the largest, in one pass.
func (d Distribution) totalAndLargest() (total, largest int64) {
	for _, c := range d.Counts {
		total += c
		largest = max(largest, c)
	}
	return total, largest
}

// Report is the JSON form of a distribution.
type Report struct {
	Regions []Region `json:"regions"`
	Summary Summary  `json:"summary"`
}

// WriteJSON writes {"regions": [...], "summary": {...}}, indented, with one trailing newline:
// what encoding/json's Encoder with SetIndent("", "  ") writes for a Report, one region at
// a time.
func WriteJSON(w io.Writer, d Distribution) error {
	head := "{\n  \"regions\": ["
	if len(d.Counts) == 0 {
		head = "{\n  \"regions\": [],"
	}
	if _, err := io.WriteString(w, head); err != nil {
		return err
	}
	var summary Summary
	var keys keyTexts
	together(func() { summary = d.Summary() }, func() { keys = scanKeyTexts(d.Splits) })
	if len(d.Counts) > 0 {
		if err := writeJSONRegions(w, d, summary, keys); err != nil {
			return err
		}
		if _, err := io.WriteString(w, "\n  ],"); err != nil {
			return err
		}
	}
	quote.JSONText(&summary) // file names that are not UTF-8 keep their bytes, as \xNN
	b, err := json.MarshalIndent(summary, "  ", "  ")
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("\n  \"summary\": ")
	bw.Write(b)
	bw.WriteString("\n}\n")
	return bw.Flush()
}

// writeJSONRegions writes the regions as json.MarshalIndent writes each Region (prefix
// "    ", indent "  "), comma-separated, each after a newline and four spaces. A million
// regions took a second through encoding/json, a Marshal a row; the rows are written here
// the same, byte for byte, in chunks on every core (writeRowChunks): the keys as they are
// when every one is its own JSON string (keyTexts.json), through quote.AppendJSONString
// otherwise, the rest of a row (count and share, through appendJSONFloat) once for each
// count that recurs. s is the summary of d and keys its keys' texts.
func writeJSONRegions(w io.Writer, d Distribution, s Summary, keys keyTexts) error {
	// Every key byte escapes to at most 6 (\u003c); the rest of a row is under 160 bytes.
	rowWidth := 2*6*keys.width + 160
	tail := func(dst []byte, c int64) []byte {
		dst = append(dst, ",\n      \"keys\": "...)
		dst = append(strconv.AppendInt(dst, c, 10), ",\n      \"share\": "...)
		return append(appendJSONFloat(dst, shareOf(c, s.Keys)), "\n    }"...)
	}
	return writeRowChunks(w, len(d.Counts), rowWidth, func() rowFormatter {
		tails := newCountTexts(s.LargestKeys, tail)
		return func(dst []byte, from, to int) []byte {
			rows := newRowKeys(d, from, false)
			num := strconv.AppendInt(nil, int64(from), 10)
			for i := from; i < to; i++ {
				if i > 0 {
					dst = append(dst, ',')
				}
				num = incDecimal(num)
				dst = append(dst, "\n    {\n      \"region\": "...)
				dst = append(dst, num...)
				if keys.json { // each key its own JSON string: copied between the quotes
					dst = append(dst, ",\n      \"start_key\": \""...)
					if i > 0 {
						dst = append(dst, d.Splits.At(i-1)...)
					}
					dst = append(dst, "\",\n      \"end_key\": \""...)
					if i < d.Splits.Len() {
						dst = append(dst, d.Splits.At(i)...)
					}
					dst = append(dst, '"')
				} else {
					startKey, endKey := rows.row(i)
					dst = append(dst, ",\n      \"start_key\": "...)
					dst = quote.AppendJSONString(dst, startKey)
					dst = append(dst, ",\n      \"end_key\": "...)
					dst = quote.AppendJSONString(dst, endKey)
				}
				dst = tails.append(dst, d.Counts[i])
			}
			return dst
		}
	})
}

// appendJSONFloat appends f as encoding/json writes a float64: the shortest decimal that
// reads back as f, in exponent form below 1e-6 and from 1e21, with the exponent's leading
// zero dropped (e-07 is e-7).
func appendJSONFloat(dst []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if n := len(dst); format == 'e' && n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
		dst[n-2] = dst[n-1]
		dst = dst[:n-1]
	}
	return dst
}
