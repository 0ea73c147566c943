package splits

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"unicode/utf8"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
)

// MaxFileKeys is the most keys ReadFile takes from a SPLITS_FILE: MaxRegions regions.
const MaxFileKeys = MaxRegions - 1

// MaxFileLine is the longest SPLITS_FILE line a key of hbase.MaxRowLength bytes can take
// (every byte written \xNN, then \r\n): a longer line is refused as soon as it is seen,
// without reading the rest of it.
const MaxFileLine = 4*hbase.MaxRowLength + 2

// ErrEmptySplitKey is a blank line in a SPLITS_FILE: HBase fails the create with "Empty
// split key must not be passed in the split keys."
var ErrEmptySplitKey = errors.New(`empty split key: HBase rejects it ("Empty split key must not be passed in the split keys.")`)

// DuplicateKeyError is a key a SPLITS_FILE lists twice, worded as the HBase client
// refuses it.
type DuplicateKeyError struct {
	Key   []byte
	First int // the 1-based line of the key's first occurrence
}

func (e *DuplicateKeyError) Error() string {
	s := hbytes.ToStringBinary(e.Key)
	return fmt.Sprintf("All split keys must be unique, found duplicate: %s, %s (same key as line %d)", s, s, e.First)
}

// MaxFileWarnings is the most warnings File keeps; it counts the rest.
const MaxFileWarnings = 100

// File is a SPLITS_FILE as hbase shell reads it, checked as the HBase client checks it.
type File struct {
	Keys     [][]byte // in unsigned byte order, as the client sorts them before creating
	Lines    []int    // Lines[i] is the 1-based line Keys[i] is written on
	Warnings []FileWarning
	// MoreWarnings counts the warnings after the first MaxFileWarnings, not kept.
	MoreWarnings int
}

// FileWarning is something in a SPLITS_FILE that HBase accepts silently but the writer
// most likely did not mean.
type FileWarning struct {
	Line int
	Msg  string
}

func (w FileWarning) String() string { return fmt.Sprintf("line %d: %s", w.Line, w.Msg) }

// ReadFile reads a SPLITS_FILE as hbase shell's admin.rb does (File.foreach, chomp,
// Bytes.toBytesBinary) and checks the keys as the client does before it creates the table:
// lines end at \n; chomp removes one trailing \n, \r\n or \r; nothing else is trimmed and
// blank lines are not skipped; the keys are sorted in unsigned byte order.
//
// It is the one reader of SPLITS_FILEs: every command and lint go through it. The input is
// streamed: a line longer than MaxFileLine (a key over hbase.MaxRowLength bytes) is refused
// without reading the rest of it, and at most MaxFileKeys keys are read.
//
// Errors on a line are *hbytes.LineError, the first in this order: a line HBase's
// toBytesBinary throws on (*hbytes.TruncatedEscapeError), a key over hbase.MaxRowLength
// bytes (hbytes.ErrKeyTooLong), more than MaxFileKeys keys, all in file order; then a blank
// line (ErrEmptySplitKey) and a duplicate key (*DuplicateKeyError, the first in sorted
// order), as the client finds them after sorting. Other errors are the reader's.
//
// Warnings, in line order: an escape HBase reads as text (\xab), non-ASCII text (HBase
// keeps the low 8 bits of each UTF-16 unit), keys out of order (HBase sorts them, so this
// one is said once); the first MaxFileWarnings are kept, the rest counted.
func ReadFile(r io.Reader) (*File, error) { return ReadFileAs(r, ReadChomp) }

// LineRead is how a release's hbase shell reads a SPLITS_FILE line (HBASE-18125).
type LineRead int

const (
	// ReadChomp: 1.2.7, 1.3.2, 1.4 and later chomp a line (one \n, \r\n or \r).
	ReadChomp LineRead = iota
	// ReadStrip: 1.2.0 to 1.2.6 and 1.3.0 to 1.3.1 strip it (Ruby's String#strip: the
	// leading and trailing spaces, \t, \n, \v, \f, \r, and trailing NULs).
	ReadStrip
	// ReadEither: a target of a whole release line that has both (1.2, 1.3): a line the two
	// read differently is refused, since the key depends on the patch release.
	ReadEither
)

// LineReadFor is how the shell of target reads a SPLITS_FILE line.
func LineReadFor(target hbase.Version) LineRead {
	switch t := target.OrDefault(); {
	case hbase.SplitsFileChomp.In(t):
		return ReadChomp
	case t.HasPatch:
		return ReadStrip
	}
	return ReadEither
}

// ErrStripped is a SPLITS_FILE line whose leading or trailing whitespace some releases of
// the target strip and others keep (ReadEither).
var ErrStripped = errors.New("HBase 1.2.0 to 1.2.6 and 1.3.0 to 1.3.1 strip a SPLITS_FILE line's leading and trailing whitespace, later releases keep it (HBASE-18125): write a space the key holds as \\x20, or target the patch release the cluster runs")

// ReadFileAs is ReadFile for a shell that reads each line as how says.
func ReadFileAs(r io.Reader, how LineRead) (*File, error) {
	fr := fileReader{how: how}
	var buf []byte
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		text, err := readLine(br, &buf)
		if errors.Is(err, errLongLine) {
			return nil, &hbytes.LineError{Line: int64(n), Err: hbytes.KeyTooLongUnmeasured()}
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		if len(text) == 0 && errors.Is(err, io.EOF) {
			break
		}
		if lerr := fr.line(n, text); lerr != nil {
			return nil, lerr
		}
		if errors.Is(err, io.EOF) {
			break
		}
	}
	return fr.file()
}

// fileReader holds what ReadFile has read so far.
type fileReader struct {
	how      LineRead
	arena    []byte // the decoded keys, one after the other
	ends     []int  // ends[i] is where key i ends in arena
	lines    []int  // lines[i] is key i's line
	warns    []FileWarning
	empty    int // the first blank line
	more     int // warnings past MaxFileWarnings
	unsorted int // the first line whose key sorts before the one on the line above
}

// line reads line n, text with its line ending.
func (fr *fileReader) line(n int, text []byte) error {
	if len(fr.ends) == MaxFileKeys {
		return &hbytes.LineError{Line: int64(n), Err: fmt.Errorf(
			"more than %d split keys: presplit creates at most %d regions", MaxFileKeys, MaxRegions)}
	}
	switch c := chomp(text); fr.how {
	case ReadStrip:
		text = rubyStrip(text)
	case ReadEither:
		if !bytes.Equal(c, rubyStrip(text)) {
			return &hbytes.LineError{Line: int64(n), Err: ErrStripped}
		}
		text = c
	default:
		text = c
	}
	start := len(fr.arena)
	arena, err := hbytes.AppendBytesBinary(double(fr.arena, len(text)), text)
	if err != nil { // a *hbytes.TruncatedEscapeError, HBase's one reason to throw
		return &hbytes.LineError{Line: int64(n), Err: err}
	}
	fr.arena = arena
	if l := len(arena) - start; l > hbase.MaxRowLength {
		return &hbytes.LineError{Line: int64(n), Err: &hbytes.SyntaxError{
			Column: 1, Text: fmt.Sprint(l), Err: hbytes.ErrKeyTooLong}}
	}
	if len(text) == 0 && fr.empty == 0 {
		fr.empty = n
	}
	if fr.unsorted == 0 && len(fr.ends) > 0 {
		fr.checkOrder(n, text, start)
	}
	for _, w := range textWarnings(n, text) {
		if len(fr.warns) < MaxFileWarnings {
			fr.warns = append(fr.warns, w)
		} else {
			fr.more++
		}
	}
	fr.ends = append(double(fr.ends, 1), len(arena))
	fr.lines = append(double(fr.lines, 1), n)
	return nil
}

// checkOrder warns, once, of the first key (line n, text, decoded at arena[start:]) that
// sorts before the key above it.
func (fr *fileReader) checkOrder(n int, text []byte, start int) {
	ends := fr.ends
	prevStart := 0
	if len(ends) > 1 {
		prevStart = ends[len(ends)-2]
	}
	if prev := fr.arena[prevStart:ends[len(ends)-1]]; bytes.Compare(fr.arena[start:], prev) < 0 {
		fr.unsorted = n
		fr.warns = append(fr.warns, FileWarning{Line: n, Msg: fmt.Sprintf(
			"%s sorts before %s on line %d: HBase sorts the keys (unsigned bytes), so the regions follow the sorted order, not the file's",
			hbytes.Quote(string(text)), hbytes.Quote(hbytes.ToStringBinary(prev)), fr.lines[len(fr.lines)-1])})
	}
}

// file checks the keys as the client does once they are sorted (no blank line, no
// duplicate) and returns them.
func (fr *fileReader) file() (*File, error) {
	if fr.empty > 0 {
		return nil, &hbytes.LineError{Line: int64(fr.empty), Err: ErrEmptySplitKey}
	}
	f := &File{Keys: make([][]byte, len(fr.ends)), Lines: fr.lines, Warnings: fr.warns, MoreWarnings: fr.more}
	for i, end := range fr.ends {
		start := 0
		if i > 0 {
			start = fr.ends[i-1]
		}
		f.Keys[i] = fr.arena[start:end:end]
	}
	if fr.unsorted > 0 {
		sort.Stable(byKey{f})
	}
	for i := 1; i < len(f.Keys); i++ {
		if bytes.Equal(f.Keys[i], f.Keys[i-1]) {
			return nil, &hbytes.LineError{Line: int64(f.Lines[i]), Err: &DuplicateKeyError{Key: f.Keys[i], First: f.Lines[i-1]}}
		}
	}
	return f, nil
}

// double makes room for n more elements in s, doubling its capacity when it grows: append
// grows large slices by a quarter at a time, which for ten million keys allocates four
// times their size in copies.
func double[T any](s []T, n int) []T {
	if len(s)+n <= cap(s) {
		return s
	}
	return slices.Grow(s, max(n, cap(s), 1024))
}

// byKey sorts a File's keys with their lines.
type byKey struct{ f *File }

func (b byKey) Len() int           { return len(b.f.Keys) }
func (b byKey) Less(i, j int) bool { return bytes.Compare(b.f.Keys[i], b.f.Keys[j]) < 0 }
func (b byKey) Swap(i, j int) {
	b.f.Keys[i], b.f.Keys[j] = b.f.Keys[j], b.f.Keys[i]
	b.f.Lines[i], b.f.Lines[j] = b.f.Lines[j], b.f.Lines[i]
}

// errLongLine is a line longer than MaxFileLine.
var errLongLine = errors.New("line too long")

// readLine reads one line with its \n, at most MaxFileLine bytes of it: a longer one is
// errLongLine as soon as its first MaxFileLine+1 bytes are read. The line is valid until
// the next call.
func readLine(br *bufio.Reader, buf *[]byte) ([]byte, error) {
	*buf = (*buf)[:0]
	for {
		frag, err := br.ReadSlice('\n')
		if len(*buf)+len(frag) > MaxFileLine {
			return nil, errLongLine
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			*buf = append(*buf, frag...)
			continue
		}
		if len(*buf) == 0 {
			return frag, err
		}
		*buf = append(*buf, frag...)
		return *buf, err
	}
}

// textWarnings are the warnings of one line's text: escapes HBase reads as text, and
// non-ASCII text.
func textWarnings(line int, text []byte) []FileWarning {
	var w []FileWarning
	if off, ok := hbytes.BogusEscape(text); ok {
		esc := text[off:min(off+4, len(text))]
		w = append(w, FileWarning{Line: line, Msg: fmt.Sprintf(
			"%s at column %d is not an escape to HBase (uppercase hex only): the key holds the text %s",
			hbytes.Quote(string(esc)), off+1, hbytes.Quote(string(esc[1:])))})
	}
	if i := nonASCII(text); i >= 0 {
		r, size := hbytes.JavaRune(text[i:])
		if r == utf8.RuneError && string(text[i:i+size]) != "\uFFFD" {
			// The shell's JRuby hands HBase a java.lang.String: Java's decoder makes the
			// malformed sequence one U+FFFD (hbytes.JavaRune), of which toBytesBinary keeps
			// the low 8 bits.
			w = append(w, FileWarning{Line: line, Msg: fmt.Sprintf(
				"invalid UTF-8 %s at column %d: the shell's JRuby reads it as one U+FFFD, of which HBase keeps the low 8 bits (\\xFD), not these bytes",
				hbytes.ToStringBinary(text[i:i+size]), i+1)})
			return w
		}
		low, _ := hbytes.AppendBytesBinary(nil, []byte(string(r)))
		w = append(w, FileWarning{Line: line, Msg: fmt.Sprintf(
			"non-ASCII text at column %d: HBase keeps the low 8 bits of each UTF-16 unit (%q becomes %s), not its UTF-8 bytes",
			i+1, string(r), hbytes.ToStringBinary(low))})
	}
	return w
}

// nonASCII is the offset of the first byte >= 0x80 in b, or -1.
func nonASCII(b []byte) int {
	for i, c := range b {
		if c >= utf8.RuneSelf {
			return i
		}
	}
	return -1
}

// chomp removes one trailing \r\n, \n or \r, as Ruby's String#chomp does.
// rubyStrip is Ruby's String#strip as the shells that strip ran it (JRuby 1.6): the
// leading " \t\n\v\f\r", and the trailing ones and NULs.
func rubyStrip(b []byte) []byte {
	b = bytes.TrimLeft(b, " \t\n\v\f\r")
	return bytes.TrimRight(b, " \t\n\v\f\r\x00")
}

func chomp(b []byte) []byte {
	switch {
	case bytes.HasSuffix(b, []byte("\r\n")):
		return b[:len(b)-2]
	case bytes.HasSuffix(b, []byte("\n")), bytes.HasSuffix(b, []byte("\r")):
		return b[:len(b)-1]
	}
	return b
}
