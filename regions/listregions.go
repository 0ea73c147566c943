package regions

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
)

// The columns list_regions prints (list_regions.rb), in its default order.
var listRegionsColumns = []string{"SERVER_NAME", "REGION_NAME", "START_KEY", "END_KEY", "SIZE", "REQ", "LOCALITY"}

// MetaTable is the catalog table presplit never plans for.
const MetaTable = "hbase:meta"

// ErrMeta is a plan asked of hbase:meta.
var ErrMeta = errors.New("hbase:meta is never merged or split: presplit plans user tables only")

// ReadListRegions reads the output of `list_regions 'TABLE'` (HBase 2.x, any subset of its
// columns in any order) and returns the layout it shows.
//
// list_regions.rb prints every cell as printf(" %Ns |") with N the widest value of the
// column, so a row is cut at the widths the dashed line under the header gives, never at
// `|`: keys may hold `|` and spaces. Lines before the header (the shell's banner, log
// lines) and a `Took S seconds` after ` N rows` are skipped. The start key is read from
// REGION_NAME when it is there (exact) and from START_KEY otherwise (list_regions strips
// it: leading and trailing spaces are lost); END_KEY, when there, must equal the next
// region's start. Rows of region replicas (replica id > 0 in REGION_NAME) are skipped.
func ReadListRegions(data []byte) (*Layout, error) {
	lr := &listReader{lines: splitLines(data), missingLine: map[string]int{}}
	hdr, err := lr.header()
	if err != nil {
		return nil, err
	}
	if err := lr.columns(hdr); err != nil {
		return nil, err
	}
	count, i, err := lr.rows(hdr + 2)
	if err != nil {
		return nil, err
	}
	if err := lr.trailer(count, i); err != nil {
		return nil, err
	}
	l := lr.l
	if l.Exact {
		if err := l.Check(); err != nil {
			return nil, err
		}
	}
	// Without REGION_NAME the keys are stripped and may even sort out of order (" b" reads
	// "b"): Check runs once get_splits has had its say.
	if err := lr.linkEnds(); err != nil {
		return nil, err
	}
	return l, nil
}

// listReader is ReadListRegions' state: the lines, the "Can not find all details" lines
// met before the header, the columns and the layout read so far.
type listReader struct {
	lines       []string
	missing     []string // the regions of "Can not find all details for region: NAME ,"
	missingLine map[string]int

	widths  []int // the cells' widths, from the dashed line under the header
	hasName bool
	hasEnd  bool
	// the columns' indexes: -1 when absent
	cName, cStart, cEnd, cSize, cReq, cServer, cLocality int
	metrics                                              []int

	l       *Layout
	ends    []string // END_KEY per region, as printed
	unknown int      // rows without metrics
}

// header returns the index of the header line, the one the dashed line follows, and reads
// the lines before it.
func (lr *listReader) header() (int, error) {
	lines := lr.lines
	for i := 0; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "Can not find region:") {
			return 0, lineErrorf(i+1, "list_regions could not read a region (%s): it may be disabled or in transition (HBase 2.2.0-2.2.2 print no table then); run list_regions again when no region is in transition",
				strings.TrimSpace(strings.TrimPrefix(lines[i], "Can not find region:")))
		}
		if name, ok := missingDetails(lines[i]); ok {
			lr.missing = append(lr.missing, name)
			lr.missingLine[name] = i + 1
			continue
		}
		if shellError(lines[i]) {
			msg := fmt.Sprintf("the shell printed an error instead of regions: %s", strings.TrimSpace(lines[i]))
			if strings.Contains(lines[i], "getDataLocality") {
				msg += " (HBase 1.4.0-1.4.10's list_regions fails on a region without metrics, one in transition: list again later)"
			}
			return 0, lineErrorf(i+1, "%s", msg)
		}
		if i+1 == len(lines) {
			break
		}
		if _, ok := dashWidths(lines[i+1]); ok && strings.HasSuffix(lines[i], " |") {
			return i, nil
		}
	}
	return 0, &LineError{Line: 1, Err: errors.New("not list_regions output: no header row followed by a row of dashes (` ----- |`)")}
}

// columns reads the header line hdr: which columns there are and where; it starts the
// layout.
func (lr *listReader) columns(hdr int) error {
	lr.widths, _ = dashWidths(lr.lines[hdr+1])
	names, err := cutRow(lr.lines[hdr], lr.widths)
	if err != nil {
		return &LineError{Line: hdr + 1, Err: fmt.Errorf("header: %w", err)}
	}
	col := map[string]int{}
	for i, n := range names {
		if !contains(listRegionsColumns, n) {
			return lineErrorf(hdr+1, "unknown column %q: list_regions prints %s", n, strings.Join(listRegionsColumns, ", "))
		}
		if _, dup := col[n]; dup {
			return lineErrorf(hdr+1, "column %s appears twice", n)
		}
		col[n] = i
	}
	_, lr.hasName = col["REGION_NAME"]
	_, hasStart := col["START_KEY"]
	_, lr.hasEnd = col["END_KEY"]
	if !lr.hasName && !hasStart {
		return lineErrorf(hdr+1, "list_regions without REGION_NAME or START_KEY shows no region boundaries: list the default columns")
	}
	l := &Layout{HasEncoded: lr.hasName, Exact: lr.hasName, Adjacent: lr.hasEnd}
	_, l.HasSize = col["SIZE"]
	if l.HasSize {
		l.SizeSlack = 1<<20 - 1 // whole megabytes, rounded down
	}
	_, l.HasRequests = col["REQ"]
	_, l.HasServer = col["SERVER_NAME"]

	at := func(name string) int {
		if c, ok := col[name]; ok {
			return c
		}
		return -1
	}
	lr.cName, lr.cStart, lr.cEnd, lr.cSize, lr.cReq, lr.cServer, lr.cLocality = at("REGION_NAME"), at("START_KEY"), at("END_KEY"), at("SIZE"), at("REQ"), at("SERVER_NAME"), at("LOCALITY")
	lr.metrics = []int{lr.cSize, lr.cReq, lr.cLocality}
	l.Regions = make([]Region, 0, max(len(lr.lines)-hdr-3, 0))
	if lr.cEnd >= 0 {
		lr.ends = make([]string, 0, cap(l.Regions))
	}
	lr.l = l
	return nil
}

// rows reads the region rows from line index i up to the ` N rows` line; it returns N
// (-1 when that line is missing) and the index where it stopped.
func (lr *listReader) rows(i int) (int, int, error) {
	for ; i < len(lr.lines); i++ {
		line := lr.lines[i]
		if n, ok := rowsLine(line); ok {
			return n, i, nil
		}
		cells, err := cutRow(line, lr.widths)
		if err != nil {
			return 0, 0, lineErrorf(i+1, "%v", err)
		}
		r, keep, err := lr.row(i+1, cells)
		if err != nil {
			return 0, 0, err
		}
		if !keep {
			lr.l.Skipped++
			continue
		}
		if c := lr.cEnd; c >= 0 {
			lr.ends = append(lr.ends, cells[c])
		}
		lr.l.Regions = append(lr.l.Regions, r)
	}
	return -1, i, nil
}

// row reads the region of the row on line n, and whether to keep it (not a replica's).
func (lr *listReader) row(n int, cells []string) (Region, bool, error) {
	r := Region{Line: n}
	keep := true
	if c := lr.cName; c >= 0 {
		rn, err := lr.regionName(n, cells[c])
		if err != nil {
			return r, false, err
		}
		r.Start, r.Encoded, r.Created = rn.start, rn.encoded, rn.id
		keep = rn.replica == 0
	}
	if c := lr.cStart; c >= 0 {
		k, err := keyCell(cells[c])
		if err != nil {
			return r, false, lineErrorf(n, "START_KEY %s: %v", show(cells[c]), err)
		}
		if !lr.hasName {
			r.Start = k
		} else if printed := strings.Trim(hbytes.ToStringBinary(r.Start), " "); printed != cells[c] {
			return r, false, lineErrorf(n, "START_KEY %s does not match the start key %s in REGION_NAME", show(cells[c]), show(printed))
		}
	}
	if err := lr.rowMetrics(n, cells, &r); err != nil {
		return r, false, err
	}
	if c := lr.cServer; c >= 0 {
		r.Server = cells[c]
	}
	if c := lr.cLocality; c >= 0 {
		r.Locality = cells[c]
	}
	if r.Unknown && len(lr.missing) > 0 && r.Encoded != "" {
		if _, ok := lr.missingLine[cells[lr.cName]]; !ok {
			return r, false, lineErrorf(n, "a row without metrics, but no \"Can not find all details\" line names region %s", show(cells[lr.cName]))
		}
	}
	return r, keep, nil
}

// regionName reads the REGION_NAME cell of line n; every row names the same table.
func (lr *listReader) regionName(n int, cell string) (regionName, error) {
	rn, err := parseRegionName(cell)
	if err != nil {
		return rn, lineErrorf(n, "REGION_NAME %s: %v", show(cell), err)
	}
	if lr.l.Table == "" {
		lr.l.Table = rn.table
	} else if rn.table != lr.l.Table {
		return rn, lineErrorf(n, "region of table %q in a list of table %q", rn.table, lr.l.Table)
	}
	return rn, nil
}

// rowMetrics reads the SIZE and REQ of the row on line n into r, or marks r unknown when
// its metrics are blank.
func (lr *listReader) rowMetrics(n int, cells []string, r *Region) error {
	blank, filled := metricCells(cells, lr.metrics)
	switch {
	case blank > 0 && filled > 0:
		return lineErrorf(n, "SIZE, REQ and LOCALITY are blank together (a region without metrics) or not at all: a cut or edited row")
	case blank > 0:
		r.Unknown = true
		lr.unknown++
		return nil
	}
	if c := lr.cSize; c >= 0 {
		mb, err := sizeCell(cells[c])
		if err != nil {
			return lineErrorf(n, "SIZE %q: %v", cells[c], err)
		}
		r.Size = mb << 20
	}
	if c := lr.cReq; c >= 0 {
		v, err := strconv.ParseInt(cells[c], 10, 64)
		if err != nil || v < 0 {
			return lineErrorf(n, "REQ %q: must be a whole number of requests", cells[c])
		}
		r.Requests = v
	}
	return nil
}

// trailer checks the ` N rows` line at index i against the rows read and the lines after
// it.
func (lr *listReader) trailer(count, i int) error {
	lines, l := lr.lines, lr.l
	if count < 0 {
		return lineErrorf(len(lines), "truncated: no ` N rows` line after the last region")
	}
	if rows := len(l.Regions) + l.Skipped; rows != count {
		return lineErrorf(i+1, "truncated or edited: list_regions says %d rows, the table has %d", count, rows)
	}
	if len(lr.missing) > 0 && len(lr.missing) != lr.unknown {
		return lineErrorf(lr.missingLine[lr.missing[0]], "%d \"Can not find all details\" lines but %d rows without metrics: a cut or edited output", len(lr.missing), lr.unknown)
	}
	for j := i + 1; j < len(lines); j++ {
		if t := strings.TrimSpace(lines[j]); t != "" && !tookLine(t) && t != "=> nil" && !promptLine(t) {
			return lineErrorf(j+1, "unexpected line after ` %d rows`: %q", count, lines[j])
		}
	}
	return nil
}

// linkEnds sets each region's end to the next one's start and, with END_KEY, checks that
// the printed end is that start.
func (lr *listReader) linkEnds() error {
	regions := lr.l.Regions
	for j := range regions {
		if j+1 < len(regions) {
			regions[j].End = regions[j+1].Start
		}
		if !lr.hasEnd {
			continue
		}
		want := ""
		if j+1 < len(regions) {
			want = strings.Trim(hbytes.ToStringBinary(regions[j+1].Start), " ")
		}
		if lr.ends[j] != want {
			next := "the end of the table"
			if j+1 < len(regions) {
				next = fmt.Sprintf("%s (line %d)", show(want), regions[j+1].Line)
			}
			return lineErrorf(regions[j].Line, "END_KEY %s but the next region starts at %s: overlapping or missing regions", show(lr.ends[j]), next)
		}
	}
	return nil
}

// missingDetails reads the line 2.2.3+ and 1.4.11+ print before the table for a region
// without metrics: `Can not find all details for region: NAME , it may be disabled or in
// transition`; the region's row follows with SIZE, REQ and LOCALITY blank.
func missingDetails(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "Can not find all details for region: ")
	if !ok {
		return "", false
	}
	name, ok := strings.CutSuffix(rest, " , it may be disabled or in transition")
	return name, ok
}

// shellError is a line the shell prints for a failed command: `ERROR: message` (2.x) or
// `ERROR ExceptionClass: message` (hbase shell -n reading stdin).
func shellError(line string) bool {
	return strings.HasPrefix(line, "ERROR:") || strings.HasPrefix(line, "ERROR ") && strings.Contains(line, ":")
}

// promptLine is an interactive shell's prompt, `hbase(main):002:0> ` and what was typed.
func promptLine(s string) bool {
	return strings.HasPrefix(s, "hbase(") && strings.Contains(s, ">")
}

// metricCells counts the metric columns (SIZE, REQ, LOCALITY: their indexes, -1 when
// absent) present and blank, and present and filled.
func metricCells(cells []string, cols []int) (blank, filled int) {
	for _, c := range cols {
		if c >= 0 {
			if cells[c] == "" {
				blank++
			} else {
				filled++
			}
		}
	}
	return blank, filled
}

// sizeCell reads SIZE in megabytes: whole digits (RegionLoad.getStorefileSizeMB, 1.x and
// 2.x), or the Size object 3.x prints (RegionMetrics.getStoreFileSize: a Java double and
// "MB", `1234.0MB`, `1.2345678E7MB` from ten million).
func sizeCell(s string) (int64, error) {
	const rule = "must be whole megabytes (`1234`, or 3.x's `1234.0MB`)"
	if num, ok := strings.CutSuffix(s, "MB"); ok {
		if !javaDouble(num) {
			return 0, errors.New(rule)
		}
		f, err := strconv.ParseFloat(num, 64)
		if err != nil || f < 0 || f > 1<<40 || f != float64(int64(f)) {
			return 0, errors.New(rule)
		}
		return int64(f), nil
	}
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, errors.New(rule)
	}
	mb, err := strconv.ParseInt(s, 10, 64)
	if err != nil || mb > 1<<40 {
		return 0, errors.New(rule)
	}
	return mb, nil
}

// javaDouble is whether s is Double.toString's form: digits, `.`, digits, then an
// optional `E` and exponent digits.
func javaDouble(s string) bool {
	mant, exp, hasExp := strings.Cut(s, "E")
	whole, frac, ok := strings.Cut(mant, ".")
	digits := func(x string) bool { return x != "" && strings.Trim(x, "0123456789") == "" }
	return ok && digits(whole) && digits(frac) && (!hasExp || digits(exp))
}

// splitLines splits data into lines without their \n or \r\n.
func splitLines(data []byte) []string {
	s := string(data)
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// dashWidths reads the row of dashes under the header: ` --- | ----- |` gives [3 5].
func dashWidths(line string) ([]int, bool) {
	var widths []int
	for line != "" {
		if !strings.HasPrefix(line, " -") {
			return nil, false
		}
		n := 1
		for n < len(line) && line[n] == '-' {
			n++
		}
		if !strings.HasPrefix(line[n:], " |") {
			return nil, false
		}
		widths = append(widths, n-1)
		line = line[n+2:]
	}
	return widths, len(widths) > 0
}

// cutRow cuts a row into its cells by the column widths: each cell is ` `, the value
// right-aligned in its width, ` |`.
func cutRow(line string, widths []int) ([]string, error) {
	total := 0
	for _, w := range widths {
		total += w + 3
	}
	if len(line) != total {
		return nil, fmt.Errorf("row is %d characters wide, the header's columns make %d: a cut or edited row", len(line), total)
	}
	cells := make([]string, len(widths))
	pos := 0
	for i, w := range widths {
		cell := line[pos : pos+w+3]
		if cell[0] != ' ' || cell[w+1:] != " |" {
			return nil, fmt.Errorf("column %d is not ` VALUE |` at the header's width %d: a cut or edited row", i+1, w)
		}
		cells[i] = strings.TrimLeft(cell[1:w+1], " ")
		pos += w + 3
	}
	return cells, nil
}

// rowsLine reads list_regions' last line, ` N rows`.
func rowsLine(line string) (int, bool) {
	s, ok := strings.CutPrefix(line, " ")
	if !ok {
		return 0, false
	}
	s, ok = strings.CutSuffix(s, " rows")
	if !ok || s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// tookLine is the shell's `Took 0.0123 seconds` after a command.
func tookLine(s string) bool {
	return strings.HasPrefix(s, "Took ") && strings.HasSuffix(s, " seconds")
}

// keyCell reads a key printed with toStringBinary; text that toStringBinary cannot have
// written (a raw backslash, a lowercase escape, a byte outside printable ASCII) is refused,
// and so is a key longer than HBase's row limit (hbase.MaxRowLength), which no table holds.
func keyCell(s string) ([]byte, error) {
	k, err := hbytes.ToBytesBinary(s)
	if err == nil && hbytes.ToStringBinary(k) == s {
		if len(k) > hbase.MaxRowLength {
			return nil, fmt.Errorf("key is %d bytes long: HBase row keys are at most %d bytes", len(k), hbase.MaxRowLength)
		}
		return k, nil
	}
	return nil, errors.New("not a key as toStringBinary prints it (printable ASCII, other bytes as \\xNN with uppercase hex)")
}

type regionName struct {
	table   string
	start   []byte
	id      int64 // the region id: its creation time, ms since the epoch
	replica int
	encoded string
}

// parseRegionName reads RegionInfo's name as list_regions prints it (toStringBinary):
// `TABLE,STARTKEY,REGIONID[_REPLICA].ENCODED.`. The table has no comma, so the start key is
// between the first comma and the last; the encoded name is 32 lowercase hex digits.
// errRegionNameForm is the error for a region name of another shape.
var errRegionNameForm = errors.New("not TABLE,STARTKEY,ID.ENCODED.") //nolint:staticcheck // ST1005: the period ends the region name's form, not a sentence

func parseRegionName(s string) (regionName, error) {
	var rn regionName
	if strings.HasPrefix(s, MetaTable+",") {
		return rn, ErrMeta
	}
	body, ok := strings.CutSuffix(s, ".")
	dot := strings.LastIndexByte(body, '.')
	if !ok || dot < 0 {
		return rn, errRegionNameForm
	}
	rn.encoded = body[dot+1:]
	if !isEncodedName(rn.encoded) {
		return rn, fmt.Errorf("encoded name %q is not 32 lowercase hex digits", rn.encoded)
	}
	body = body[:dot]
	first, last := strings.IndexByte(body, ','), strings.LastIndexByte(body, ',')
	if first < 0 || first == last {
		return rn, errRegionNameForm
	}
	rn.table = body[:first]
	id := body[last+1:]
	if idPart, rep, ok := strings.Cut(id, "_"); ok {
		r, err := strconv.ParseUint(rep, 16, 16)
		if err != nil || len(rep) != 4 {
			return rn, fmt.Errorf("replica id %q is not 4 hex digits", rep)
		}
		rn.replica, id = int(r), idPart
	}
	if id == "" || strings.Trim(id, "0123456789") != "" {
		return rn, fmt.Errorf("region id %q is not a number", id)
	}
	if v, err := strconv.ParseInt(id, 10, 64); err == nil {
		rn.id = v // an id past int64 is kept as no time: the region's age is unknown
	}
	start, err := keyCell(body[first+1 : last])
	if err != nil {
		return rn, fmt.Errorf("start key: %w", err)
	}
	rn.start = start
	return rn, nil
}

func isEncodedName(s string) bool {
	if len(s) != 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
