// Package sample cuts split keys from a sample of a table's real row keys: it reads key
// samples in four formats (toStringBinary lines, KEY<TAB>WEIGHT, hbase shell scan output
// and its own mergeable sketch), keeps the keys exactly while they fit a memory budget and
// in a KLL quantile sketch beyond it, and chooses weighted quantile boundaries, each the
// shortest key that separates its two neighbours, optionally never inside a leading field.
//
// The package reads no files by name and prints nothing: readers take an io.Reader, errors
// are values (*hbytes.LineError carries the 1-based line).
package sample

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	input "github.com/presplit/presplit/field"
	"io"
	"strconv"
	"sync"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
)

// Sample formats (--sample-format).
const (
	FormatAuto   = "auto"
	FormatLines  = "lines"
	FormatTSV    = "tsv"
	FormatScan   = "scan"
	FormatSketch = "sketch"
)

// Formats are the format names, auto first.
var Formats = []string{FormatAuto, FormatLines, FormatTSV, FormatScan, FormatSketch}

// MaxWeight is the largest weight a tsv line may give a row: 2 GiB, far above any HBase
// row (a cell is refused above hbase.server.keyvalue.maxsize, 10 MB by default), and low
// enough that the weights of 2^32 rows still add up in 64 bits.
const MaxWeight = 1 << 31

// Errors a *hbytes.LineError wraps.
var (
	// ErrEmpty is a sample with no key at all.
	ErrEmpty = errors.New("the sample has no keys")
	// ErrWeight is a tsv weight that is not a whole number of bytes from 1 to MaxWeight.
	ErrWeight = errors.New("weight must be a whole number of bytes from 1 to 2147483648")
	// ErrScan is a line that is not part of hbase shell's scan output.
	ErrScan = errors.New("not a line of hbase shell scan output")
	// ErrSketch is a sketch line that cannot be read (truncated or damaged).
	ErrSketch = errors.New("not a whole presplit sketch")
)

// Sink takes the keys and sketches a reader reads. The key is only valid during the call.
type Sink interface {
	Add(key []byte, weight uint64)
	AddSketch(s *Sketch) error
}

// ReadOptions choose how Read reads a stream.
type ReadOptions struct {
	Format string // one of Formats; "" is auto
	Raw    bool   // lines and tsv keys are raw bytes, not toStringBinary text
}

// maxKeyLine is the longest key line a valid key can take (every byte escaped, a tab and
// a weight); maxSketchLine bounds a sketch line (a sketch of K keys of any length).
const (
	maxKeyLine    = 4*hbase.MaxRowLength + 32
	maxSketchLine = 1 << 30
)

// Read reads one sample stream in opt.Format into sink and returns the format it read:
// with auto, the format the first line shows (a sketch header, the scan header `ROW
// COLUMN+CELL`, a tab: tsv, else lines). An empty stream is ErrEmpty.
func Read(r io.Reader, opt ReadOptions, sink Sink) (string, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	format := opt.Format
	if format == "" || format == FormatAuto {
		format = Detect(br)
	}
	s := &lineScanner{br: br, max: maxKeyLine}
	var n int64
	var err error
	switch format {
	case FormatLines:
		n, err = readLines(s, opt.Raw, sink)
	case FormatTSV:
		n, err = readTSV(s, opt.Raw, sink)
	case FormatScan:
		n, err = readScan(s, sink)
	case FormatSketch:
		// A sketch line may be long; one that does not start as a sketch is refused as
		// soon as its start is read, not after maxSketchLine bytes of it.
		s.max, s.start = maxSketchLine, []byte(sketchMagic+"\t")
		n, err = readSketches(s, sink)
	default:
		return format, fmt.Errorf("unknown sample format %q", format)
	}
	if err == nil && n == 0 {
		err = &hbytes.LineError{Line: max(s.line, 1), Err: ErrEmpty}
	}
	return format, err
}

// parallelMinBytes is the smallest file ReadFile splits between readers (a variable so
// the fuzz test can split small inputs).
var parallelMinBytes int64 = 4 << 20

// readParts is the number of parts ReadFile cuts a file into. It is fixed, not the number
// of cores: in sketch mode each part feeds its own sketch, so the boundaries depend on the
// parts, and the same file must give the same bytes on every machine. Two: the cores the
// targets in docs/performance.md are set on; each part in sketch mode holds two sketches (cut, held out),
// and with 4 parts a 1 GiB sample at --memory 64MiB peaked at 112-117 MB instead of 73-79.
// The sort after reading uses every core whatever the parts.
const readParts = 2

// ReadFile reads one sample held in a file of size bytes, as Read does. When sink is a
// *Collector and the file holds lines or tsv, big enough to be worth it, it is cut at line
// ends into readParts parts read at once; line numbers in errors are the file's. When the
// file fits the collector's memory, each part reads its bytes whole and its keys stay
// where they are (decoded in place), nothing copied.
func ReadFile(r io.ReaderAt, size int64, opt ReadOptions, sink Sink) (string, error) {
	whole := func() (string, error) { return Read(io.NewSectionReader(r, 0, size), opt, sink) }
	sp, ok := sink.(*Collector)
	n := readParts
	if !ok || size < parallelMinBytes || !sp.canSplit(n) {
		return whole()
	}
	format, lineLen, ok := headFormat(r, opt.Format)
	if !ok {
		return whole() // unreadable, or a scan or sketch stream: those are read in order
	}
	bounds, err := partBounds(r, size, n)
	if err != nil {
		return "", err
	}
	if len(bounds) < 3 {
		return whole()
	}
	sizes := make([]int64, len(bounds)-1)
	for i := range sizes {
		sizes[i] = bounds[i+1] - bounds[i]
	}
	res := make([]partResult, len(sizes))
	var wg sync.WaitGroup
	loaded := sp.reserveParts(sizes, lineLen)
	if loaded != nil {
		data, owner, _ := mapFile(r, size)
		sp.attachParts(loaded, sizes, data, owner)
		for i, p := range loaded {
			wg.Add(1)
			go func() {
				defer wg.Done()
				k, l, err := p.load(r, bounds[i], p.owner == nil, format == FormatTSV, opt.Raw)
				res[i] = partResult{k, l, err}
			}()
		}
	} else {
		sinks := sp.streamParts(sizes, lineLen)
		// The parts' lines are read where they lie in a mapping of the file, when it maps
		// (their keys are copied into the sketches): no copy into a buffer first.
		text, unmap, mapped := mapText(r, size)
		if mapped {
			defer unmap()
		}
		for i := range sizes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := &lineScanner{max: maxKeyLine}
				if mapped {
					s.text, s.pos, s.end = text, int(bounds[i]), int(bounds[i]+sizes[i])
					s.freed = s.pos &^ (pageSize - 1)
				} else {
					s.br = bufio.NewReaderSize(io.NewSectionReader(r, bounds[i], sizes[i]), 1<<20)
				}
				var k int64
				var err error
				if format == FormatLines {
					k, err = readLines(s, opt.Raw, sinks[i])
				} else {
					k, err = readTSV(s, opt.Raw, sinks[i])
				}
				res[i] = partResult{k, s.line, err}
			}()
		}
	}
	wg.Wait()
	return format, joinParts(res)
}

// partResult is what reading one part found: its keys and lines, or its error.
type partResult struct {
	keys, lines int64
	err         error
}

// joinParts is the error of the parts read in order: the first part's error, its line
// counted from the start of the file, or ErrEmpty when no part has a key.
func joinParts(res []partResult) error {
	var keys, lines int64
	for _, p := range res {
		if p.err != nil {
			var le *hbytes.LineError
			if errors.As(p.err, &le) {
				return &hbytes.LineError{Line: lines + le.Line, Err: le.Err}
			}
			return p.err
		}
		keys += p.keys
		lines += p.lines
	}
	if keys == 0 {
		return &hbytes.LineError{Line: max(lines, 1), Err: ErrEmpty}
	}
	return nil
}

// headFormat reads the head of r: the format (format, or detected from the head when auto)
// and the mean line length; false when the head cannot be read or the format is not one
// of lines that can be cut into parts (lines, tsv).
func headFormat(r io.ReaderAt, format string) (string, int, bool) {
	head := make([]byte, 1<<16)
	m, err := r.ReadAt(head, 0)
	if m == 0 && err != nil {
		return "", 0, false
	}
	head = head[:m]
	if format == "" || format == FormatAuto {
		format = Detect(bufio.NewReaderSize(bytes.NewReader(head), len(head)+16))
	}
	if format != FormatLines && format != FormatTSV {
		return format, 0, false
	}
	lineLen := 32
	if lines := bytes.Count(head, []byte("\n")); lines > 0 {
		lineLen = max(1, bytes.LastIndexByte(head, '\n')/lines)
	}
	return format, lineLen, true
}

// partBounds cuts r's size bytes into at most n parts of whole lines: after the first line
// end at or after each i/n of the file. The bounds start at 0 and end at size.
func partBounds(r io.ReaderAt, size int64, n int) ([]int64, error) {
	bounds := []int64{0}
	for i := 1; i < n; i++ {
		at := max(size*int64(i)/int64(n), bounds[len(bounds)-1])
		end, err := nextLineEnd(r, at, size)
		if err != nil {
			return nil, err
		}
		if end >= size {
			break
		}
		if end+1 > bounds[len(bounds)-1] {
			bounds = append(bounds, end+1)
		}
	}
	return append(bounds, size), nil
}

// load reads the part's bytes (from off in r) into its arena whole and adds its lines'
// keys in place: a key is never longer than its line, so a decoded key overwrites its own
// text. It reads exactly as readLines and readTSV do (the same line rules and errors).
// The arena is read from r unless it is mapped already (read false).
func (p *part) load(r io.ReaderAt, off int64, read, tsv, raw bool) (keys, lines int64, err error) {
	buf := p.arena
	if read {
		if n, err := r.ReadAt(buf, off); n < len(buf) {
			if err == nil || errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF // the file shrank while read
			}
			return 0, 0, err
		}
	}
	tmp := make([]byte, 0, hbase.MaxRowLength+1)
	for start := 0; start < len(buf); {
		end := bytes.IndexByte(buf[start:], '\n')
		next := len(buf)
		if end < 0 {
			end = len(buf)
		} else {
			end += start
			next = end + 1
		}
		line := buf[start:end]
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		lines++
		if len(line) > maxKeyLine {
			return keys, lines, &hbytes.LineError{Line: lines, Err: fmt.Errorf("%w (more than %d bytes)", errLongLine, maxKeyLine)}
		}
		w := uint64(1)
		text := line
		if tsv {
			if text, w, err = splitTSV(line); err != nil {
				return keys, lines, &hbytes.LineError{Line: lines, Err: err}
			}
		}
		key, err := decodeKey(tmp, text, raw)
		if err != nil {
			return keys, lines, &hbytes.LineError{Line: lines, Err: err}
		}
		if len(key) > 0 && &key[0] != &buf[start] { // decoded: it overwrites its text
			copy(buf[start:], key)
		}
		p.addAt(start, buf[start:start+len(key)], w)
		keys++
		start = next
	}
	return keys, lines, nil
}

// nextLineEnd is the offset of the first \n at or after at; size when there is none.
func nextLineEnd(r io.ReaderAt, at, size int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for at < size {
		n, err := r.ReadAt(buf[:min(int64(len(buf)), size-at)], at)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return at + int64(i), nil
		}
		at += int64(n)
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
		if n == 0 {
			break
		}
	}
	return size, nil
}

// detectLines is how many of a stream's first lines Detect looks at.
const detectLines = 64

// Detect peeks at the first lines of br and names their format: a sketch when the first
// line that is not blank starts as one; else the scan output when one of the first lines
// is its header `ROW  COLUMN+CELL`; else tsv when one of them holds a tab; else lines.
// Looking past the first line matters: a scan saved with a blank line or a logged command
// above its header, or a tsv whose first line is blank, read as lines gave split keys
// made of cell lines and of keys with their weights, with no error. Read as what they
// are, the reader says what is wrong with such a line.
func Detect(br *bufio.Reader) string {
	head, _ := br.Peek(br.Size())
	first, tab := true, false
	for n := 0; n < detectLines && len(head) > 0; n++ {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if first && len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if first && bytes.HasPrefix(line, []byte(sketchMagic)) {
			return FormatSketch
		}
		first = false
		if isScanHeader(line) {
			return FormatScan
		}
		tab = tab || bytes.IndexByte(line, '\t') >= 0
	}
	if tab {
		return FormatTSV
	}
	return FormatLines
}

// lineScanner reads lines of any length up to max: a line ends at \n, and one \r before it
// goes too (\r\n files read as \n files); a last line without \n counts.
type lineScanner struct {
	br *bufio.Reader
	// text, when br is nil, is a mapping of the file, read from pos to end in place: lines
	// are slices of it, valid until the next call, and the pages behind them are released
	// (up to freed, a multiple of the page size) every releaseEvery bytes, so that the
	// resident set stays a few MiB whatever the file's size.
	text            []byte
	pos, end, freed int
	line            int64
	long            []byte
	max             int
	// start, when set, is how every line longer than the reader's buffer must begin, and
	// such a line must be printable ASCII and tabs (a sketch line is).
	start []byte
}

var errLongLine = errors.New("line is too long")

func (s *lineScanner) next() ([]byte, error) {
	if s.br == nil {
		return s.nextMapped()
	}
	s.long = s.long[:0]
	for {
		frag, err := s.br.ReadSlice('\n')
		switch {
		case err == nil:
			s.line++
			line := frag
			if len(s.long) > 0 {
				s.long = append(s.long, frag...)
				line = s.long
			}
			return s.checkLong(chomp(line))
		case errors.Is(err, bufio.ErrBufferFull):
			s.long = append(s.long, frag...)
			if s.start != nil && (!bytes.HasPrefix(s.long, s.start) || !printable(frag)) {
				s.line++
				return nil, &hbytes.LineError{Line: s.line, Err: errNotSketch}
			}
			if len(s.long) > s.max {
				s.line++
				return nil, &hbytes.LineError{Line: s.line, Err: fmt.Errorf("%w (more than %d bytes)", errLongLine, s.max)}
			}
		case errors.Is(err, io.EOF):
			if len(frag) == 0 && len(s.long) == 0 {
				return nil, io.EOF
			}
			s.line++
			s.long = append(s.long, frag...)
			return s.checkLong(chomp(s.long))
		default:
			return nil, err
		}
	}
}

// nextMapped is next for text.
func (s *lineScanner) nextMapped() ([]byte, error) {
	if s.pos >= s.end {
		return nil, io.EOF
	}
	start := s.pos
	// A line longer than max (and a \r\n) is refused whatever its length: its end is not
	// looked for past that, so a file of one huge line maps no more of itself than that.
	rest := s.text[start:min(s.end, start+s.max+2)]
	line := rest
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		line = rest[:i]
	} else if start+len(rest) < s.end {
		s.line++
		return nil, &hbytes.LineError{Line: s.line, Err: fmt.Errorf("%w (more than %d bytes)", errLongLine, s.max)}
	}
	s.pos += len(line) + 1
	s.line++
	if page := start &^ (pageSize - 1); page-s.freed >= releaseEvery {
		releasePages(s.text[s.freed:page])
		s.freed = page
	}
	return s.checkLong(bytes.TrimSuffix(line, []byte("\r")))
}

// releaseEvery is how many bytes of mapped text a lineScanner reads between releasing
// their pages (a variable: the tests release every page); pageSize is what they are
// released in.
var releaseEvery = 4 << 20

const pageSize = 4 << 10

// printable reports whether b is printable ASCII and tabs only.
func printable(b []byte) bool {
	for _, c := range b {
		if (c < 0x20 || c > 0x7E) && c != '\t' {
			return false
		}
	}
	return true
}

// checkLong refuses a line longer than max (whatever the buffer held).
func (s *lineScanner) checkLong(line []byte) ([]byte, error) {
	if len(line) > s.max {
		return nil, &hbytes.LineError{Line: s.line, Err: fmt.Errorf("%w (more than %d bytes)", errLongLine, s.max)}
	}
	return line, nil
}

func chomp(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}

// decodeKey reads a key as verify does: toStringBinary text (hbytes.DecodeKey: strict
// about escapes HBase would misread), or raw bytes.
func decodeKey(buf, text []byte, raw bool) ([]byte, error) {
	if raw {
		if len(text) > hbase.MaxRowLength {
			return nil, fmt.Errorf("key is %d bytes long: HBase row keys are at most %d bytes", len(text), hbase.MaxRowLength)
		}
		return text, nil
	}
	key, err := hbytes.DecodeKey(buf, text)
	if errors.Is(err, hbytes.ErrNonASCII) {
		return nil, fmt.Errorf("%w; use %s for raw byte lines", err, input.Ref("sample.raw"))
	}
	return key, err
}

// readLines: one key per line, weight 1. An empty line is the empty key, as verify reads it.
func readLines(s *lineScanner, raw bool, sink Sink) (int64, error) {
	return readKeyLines(s, raw, sink, func(line []byte) ([]byte, uint64, error) { return line, 1, nil })
}

// readTSV: KEY<TAB>WEIGHT, the weight the row's bytes. The key ends at the last tab (a raw
// key may hold tabs; toStringBinary text never does).
func readTSV(s *lineScanner, raw bool, sink Sink) (int64, error) {
	return readKeyLines(s, raw, sink, splitTSV)
}

// readKeyLines reads s to its end: split cuts each line into its key text and weight, the
// key is decoded (toStringBinary text, or raw) and added to sink. An error names its line.
func readKeyLines(s *lineScanner, raw bool, sink Sink, split func([]byte) ([]byte, uint64, error)) (int64, error) {
	buf := make([]byte, 0, hbase.MaxRowLength+1)
	var n int64
	for {
		line, err := s.next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return n, nil
			}
			return n, err
		}
		text, w, err := split(line)
		if err != nil {
			return n, &hbytes.LineError{Line: s.line, Err: err}
		}
		key, err := decodeKey(buf, text, raw)
		if err != nil {
			return n, &hbytes.LineError{Line: s.line, Err: err}
		}
		sink.Add(key, w)
		n++
	}
}

// splitTSV cuts KEY<TAB>WEIGHT at its last tab.
func splitTSV(line []byte) ([]byte, uint64, error) {
	tab := bytes.LastIndexByte(line, '\t')
	if tab < 0 {
		return nil, 0, errors.New("no tab: a tsv line is KEY<TAB>WEIGHT")
	}
	w, err := parseWeight(line[tab+1:])
	if err != nil {
		return nil, 0, fmt.Errorf("%w, got %q", err, line[tab+1:])
	}
	return line[:tab], w, nil
}

func parseWeight(b []byte) (uint64, error) {
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, ErrWeight
		}
	}
	w, err := strconv.ParseUint(string(b), 10, 64)
	if err != nil || w < 1 || w > MaxWeight {
		return 0, ErrWeight
	}
	return w, nil
}
