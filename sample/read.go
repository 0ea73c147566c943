// Package sample cuts split keys from a sample of a table's real row keys: it reads key
// samples in four formats (toStringBinary lines, KEY<TAB>WEIGHT, hbase shell scan output
// and its own mergeable sketch), keeps the keys exactly while they fit a memory budget and
// in a KLL quantile sketch beyond it, and chooses weighted quantile boundaries, each the
// shortest key that separates its two neighbours, optionally never inside a leading field.
//
// The package reads no files by name and prints nothing: readers take an io.Reader, errors
// are values (*LineError carries the 1-based line).
package sample

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/presplit/presplit/distribution"
	"github.com/presplit/presplit/hbase"
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

// Errors a *LineError wraps.
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

// LineError is a sample line that cannot be read. Line is 1-based within the stream.
type LineError struct {
	Line int64
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

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
		s.max = maxSketchLine
		n, err = readSketches(s, sink)
	default:
		return format, fmt.Errorf("unknown sample format %q", format)
	}
	if err == nil && n == 0 {
		err = &LineError{Line: max(s.line, 1), Err: ErrEmpty}
	}
	return format, err
}

// Detect peeks at the first line of br and names its format.
func Detect(br *bufio.Reader) string {
	head, _ := br.Peek(br.Size())
	line := head
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		line = head[:i]
	}
	line = bytes.TrimSuffix(line, []byte("\r"))
	switch {
	case bytes.HasPrefix(line, []byte(sketchMagic)):
		return FormatSketch
	case isScanHeader(line):
		return FormatScan
	case bytes.IndexByte(line, '\t') >= 0:
		return FormatTSV
	}
	return FormatLines
}

// lineScanner reads lines of any length up to max: a line ends at \n, and one \r before it
// goes too (\r\n files read as \n files); a last line without \n counts.
type lineScanner struct {
	br   *bufio.Reader
	line int64
	long []byte
	max  int
}

var errLongLine = errors.New("line is too long")

func (s *lineScanner) next() ([]byte, error) {
	s.long = s.long[:0]
	for {
		frag, err := s.br.ReadSlice('\n')
		switch {
		case err == nil:
			s.line++
			if len(s.long) > 0 {
				s.long = append(s.long, frag...)
				return chomp(s.long), nil
			}
			return chomp(frag), nil
		case errors.Is(err, bufio.ErrBufferFull):
			s.long = append(s.long, frag...)
			if len(s.long) > s.max {
				s.line++
				return nil, &LineError{Line: s.line, Err: fmt.Errorf("%w (more than %d bytes)", errLongLine, s.max)}
			}
		case errors.Is(err, io.EOF):
			if len(frag) == 0 && len(s.long) == 0 {
				return nil, io.EOF
			}
			s.line++
			s.long = append(s.long, frag...)
			return chomp(s.long), nil
		default:
			return nil, err
		}
	}
}

func chomp(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}

// decodeKey reads a key as verify does: toStringBinary text (distribution.DecodeKey: strict
// about escapes HBase would misread), or raw bytes.
func decodeKey(buf, text []byte, raw bool) ([]byte, error) {
	if raw {
		if len(text) > hbase.MaxRowLength {
			return nil, fmt.Errorf("key is %d bytes long: HBase row keys are at most %d bytes", len(text), hbase.MaxRowLength)
		}
		return text, nil
	}
	key, err := distribution.DecodeKey(buf, text)
	if errors.Is(err, distribution.ErrNonASCII) {
		return nil, fmt.Errorf("%w; use --raw for raw byte lines", err)
	}
	return key, err
}

// readLines: one key per line, weight 1. An empty line is the empty key, as verify reads it.
func readLines(s *lineScanner, raw bool, sink Sink) (int64, error) {
	buf := make([]byte, 0, hbase.MaxRowLength+1)
	var n int64
	for {
		line, err := s.next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		key, err := decodeKey(buf, line, raw)
		if err != nil {
			return n, &LineError{Line: s.line, Err: err}
		}
		sink.Add(key, 1)
		n++
	}
}

// readTSV: KEY<TAB>WEIGHT, the weight the row's bytes. The key ends at the last tab (a raw
// key may hold tabs; toStringBinary text never does).
func readTSV(s *lineScanner, raw bool, sink Sink) (int64, error) {
	buf := make([]byte, 0, hbase.MaxRowLength+1)
	var n int64
	for {
		line, err := s.next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		tab := bytes.LastIndexByte(line, '\t')
		if tab < 0 {
			return n, &LineError{Line: s.line, Err: errors.New("no tab: a tsv line is KEY<TAB>WEIGHT")}
		}
		w, err := parseWeight(line[tab+1:])
		if err != nil {
			return n, &LineError{Line: s.line, Err: fmt.Errorf("%w, got %q", err, line[tab+1:])}
		}
		key, err := decodeKey(buf, line[:tab], raw)
		if err != nil {
			return n, &LineError{Line: s.line, Err: err}
		}
		sink.Add(key, w)
		n++
	}
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
