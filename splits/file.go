package splits

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
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
	Keys [][]byte // in unsigned byte order, as the client sorts them; nil from ReadFileKeys
	// Lines[i] is the 1-based line key i is written on; nil from ReadFileKeys of a file
	// in order (key i on line i+1: LineNumbers makes them), where a million keys spent
	// 8 MB on them.
	Lines    []int
	Warnings []FileWarning
	// MoreWarnings counts the warnings after the first MaxFileWarnings, not kept.
	MoreWarnings int

	keys Keys // Keys back to back, sharing their bytes, when the file was read in order
}

// SplitKeys are the file's keys as one Keys. A file read in order shares the bytes its
// reader decoded, so the keys are held once (a 1 GiB SPLITS_FILE was held as the reader's
// buffer and a copy), as does one read by ReadFileKeys; else, or for a File built by hand,
// they are copied.
func (f *File) SplitKeys() Keys {
	if f.keys.Len() > 0 && (f.Keys == nil || f.keys.Len() == len(f.Keys)) {
		return f.keys
	}
	return KeysOf(f.Keys...)
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
func ReadFileAs(r io.Reader, how LineRead) (*File, error) { return ReadFileSized(r, how, 0) }

// ReadFileSized is ReadFileAs of a file of size bytes (0 when unknown, a pipe): the keys'
// buffer is made that size at once, since decoding never lengthens a line, instead of
// doubling to as much as twice the keys' bytes.
func ReadFileSized(r io.Reader, how LineRead, size int64) (*File, error) {
	return readFile(r, &fileReader{how: how, slices: true}, size)
}

// ReadFileKeys is ReadFileSized for a caller that takes the keys as SplitKeys and Len: the
// File's Keys are nil, its keys held only in the one buffer the reader decoded them into,
// back to back (and an end each when their lengths differ), with no slice a key for the
// collector to scan (a million keys spent a third of their reading on those slices).
func ReadFileKeys(r io.Reader, how LineRead, size int64) (*File, error) {
	return readFile(r, &fileReader{how: how}, size)
}

// Len is the number of keys the file lists.
func (f *File) Len() int {
	if f.Keys == nil {
		return f.keys.Len()
	}
	return len(f.Keys)
}

// readFile reads the lines of r into fr, the keys' buffer made size bytes at once. The
// plain lines the buffer holds whole are taken a run at a time (plainRun), the others one
// by one.
func readFile(r io.Reader, fr *fileReader, size int64) (*File, error) {
	if size > 0 {
		fr.arena = make([]byte, 0, min(size, 1<<32))
	}
	if err := fr.readLines(r, size); err != nil {
		return nil, err
	}
	return fr.file()
}

// readLines reads the lines of r, a file of size bytes (0 when unknown), into fr.
func (fr *fileReader) readLines(r io.Reader, size int64) error {
	lr := lineReader{r: r}
	fr.lr, fr.size = &lr, size
	if fr.maxKeys == 0 {
		fr.maxKeys = MaxFileKeys
	}
	for n := 1; ; n++ {
		if run := lr.plainLines(); run != nil {
			next, err := fr.plainRun(n, run)
			if err != nil {
				return err
			}
			n = next - 1
			continue
		}
		text, plain, err := lr.next()
		if err == nil {
			if lerr := fr.line(n, text, plain); lerr != nil {
				return lerr
			}
			continue
		}
		if errors.Is(err, errLongLine) {
			return longLineError(n)
		}
		if !errors.Is(err, io.EOF) {
			return err
		}
		if len(text) > 0 {
			if lerr := fr.line(n, text, plain); lerr != nil {
				return lerr
			}
		}
		return nil
	}
}

// ReadFileKeysAt is ReadFileKeys of the size bytes at the start of ra (a regular file):
// from halvesFrom bytes on, its two halves (cut at a line end) are read at once, on two
// cores, and put together when each is keys in order with nothing to warn of and the
// first half's last key sorts before the second's first; any other file (a warning, an
// error, keys out of order or the same across the cut) is read again from its start, as
// ReadFileKeys reads it, so that what it says of the file and its line numbers are the
// same. A million keys' read in verify: 20-33 -> 19-25 ms (a sample cut), 66-77 -> 50-53 ms
// (get_splits-like keys of 8 to 40 bytes); the halves' page faults, taken at once, cost
// more than one core's. The file is read as the size it has (a regular file's).
func ReadFileKeysAt(ra io.ReaderAt, size int64, how LineRead) (*File, error) {
	return readFileKeysAt(ra, size, how, halvesFrom)
}

// halvesFrom is the size from which ReadFileKeysAt reads a file in two halves.
const halvesFrom = 4 << 20

// readFileKeysAt is ReadFileKeysAt with halves from the size from (the tests lower it).
func readFileKeysAt(ra io.ReaderAt, size int64, how LineRead, from int64) (*File, error) {
	if size >= max(from, 2) && size <= 1<<32 && runtime.GOMAXPROCS(0) > 1 {
		if f, ok := readHalves(ra, size, how); ok {
			return f, nil
		}
	}
	return ReadFileKeys(io.NewSectionReader(ra, 0, size), how, size)
}

// readHalves reads ra's size bytes in two halves at once (ReadFileKeysAt); ok is false
// when they cannot be put together as they are.
func readHalves(ra io.ReaderAt, size int64, how LineRead) (*File, bool) {
	cut, ok := lineEndNear(ra, size/2, size)
	if !ok {
		return nil, false
	}
	// One buffer for the keys, as ReadFileKeys has: each half's keys are no longer than
	// its lines, so the first half's fit before the cut and the second's after it (its
	// keys are moved down after the first's when both are read: append).
	arena := make([]byte, 0, size)
	first := &fileReader{how: how, maxKeys: MaxFileKeys, arena: arena[0:0:cut]}
	second := &fileReader{how: how, maxKeys: MaxFileKeys, arena: arena[cut:cut:size]}
	var firstErr, secondErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		// The size of the whole file: its guess of the ends' room is for both halves'.
		firstErr = first.readLines(io.NewSectionReader(ra, 0, cut), size)
	}()
	secondErr = second.readLines(io.NewSectionReader(ra, cut, size-cut), size-cut)
	<-done
	if firstErr != nil || secondErr != nil || !first.clean() || !second.clean() ||
		first.n == 0 || second.n == 0 || first.n+second.n > MaxFileKeys ||
		cap(first.arena) != int(cut) || cap(second.arena) != int(size-cut) || // never grown: still in arena
		bytes.Compare(first.arena[first.last:], second.keys().At(0)) >= 0 {
		return nil, false
	}
	first.append(second, arena)
	f, err := first.file()
	return f, err == nil
}

// clean reports whether fr read keys in order with nothing to warn of: no blank line, no
// key out of order or repeated, no warning.
func (fr *fileReader) clean() bool {
	return len(fr.warns) == 0 && fr.more == 0 && fr.empty == 0 && fr.unsorted == 0 && fr.dup == 0
}

// append puts the keys of next, read from the lines after fr's, after fr's, each recorded
// as fr records a key it reads (end): both are in buf (readHalves), fr's at its start and
// next's after them, where they are moved down once their lengths are taken.
func (fr *fileReader) append(next *fileReader, buf []byte) {
	base := len(fr.arena)
	all := buf[:base+len(next.arena)]
	if fr.ends.wide == nil && next.ends.wide == nil && len(all) <= math.MaxUint32 {
		// next's ends are its own, from 0: each moved up by base, a pass without a
		// branch (recording each key as it was read was 5 ms of a million keys' read,
		// one core's, the other idle).
		if !fr.ends.none() || !next.ends.none() || fr.width != next.width {
			if fr.ends.none() {
				fr.ends = fixedEnds(fr.n, fr.width, fr.n+next.n)
			}
			e := slices.Grow(fr.ends.narrow, next.n)
			if next.ends.none() {
				for k := 1; k <= next.n; k++ {
					e = append(e, uint32(base+k*next.width))
				}
			} else {
				for _, x := range next.ends.narrow[1:] {
					e = append(e, uint32(base)+x)
				}
			}
			fr.ends.narrow = e
		}
		copy(all[base:], next.arena)
		fr.arena, fr.last, fr.n = all, base+next.last, fr.n+next.n
		return
	}
	start := base
	for _, key := range next.keys().All() {
		fr.arena = all[:start+len(key)]
		fr.end(start)
		start += len(key)
	}
	copy(all[base:], next.arena)
}

// lineEndNear is where the first line that starts after at begins in ra's size bytes,
// searched for in the 64 KiB from at; ok is false when there is none.
func lineEndNear(ra io.ReaderAt, at, size int64) (cut int64, ok bool) {
	buf := make([]byte, min(lineReadSize, size-at))
	n, err := ra.ReadAt(buf, at)
	if err != nil && !errors.Is(err, io.EOF) {
		return 0, false
	}
	i := bytes.IndexByte(buf[:n], '\n')
	if i < 0 || at+int64(i)+1 >= size {
		return 0, false
	}
	return at + int64(i) + 1, true
}

// longLineError is line n longer than MaxFileLine, refused without being read to its end.
func longLineError(n int) error {
	return &hbytes.LineError{Line: int64(n), Err: hbytes.KeyTooLongUnmeasured()}
}

// fileReader holds what ReadFile has read so far. Key i is on line i+1: every line is a
// key (a blank one is refused once the file is read, as the client refuses it).
type fileReader struct {
	how      LineRead
	slices   bool    // whether the File gets its Keys as a slice each (ReadFileSized)
	arena    []byte  // the decoded keys, one after the other
	ends     keyEnds // where each key ends in arena; none while every key is width bytes
	width    int     // the first key's length
	n        int     // the keys read
	last     int     // where the last key starts in arena
	warns    []FileWarning
	empty    int         // the first blank line
	more     int         // warnings past MaxFileWarnings
	unsorted int         // the first line whose key sorts before the one on the line above
	dup      int         // the first line whose key is the one on the line above, while in order
	lr       *lineReader // the lines' reader, whose buffer tells how many lines to expect
	size     int64       // the file's size, 0 when unknown
	maxKeys  int         // MaxFileKeys, or fewer in a test
}

// line reads line n, text with its line ending; plain says it is known to hold no
// backslash and no byte >= 0x80 (false: not known).
func (fr *fileReader) line(n int, text []byte, plain bool) error {
	if fr.n == fr.maxKeys {
		return &hbytes.LineError{Line: int64(n), Err: fmt.Errorf(
			"more than %d split keys: presplit creates at most %d regions", MaxFileKeys, MaxRegions)}
	}
	text, err := fr.lineText(n, text)
	if err != nil {
		return err
	}
	start := len(fr.arena)
	// Text without a backslash or a byte >= 0x80 is its own key (toBytesBinary keeps it
	// as it is) and has nothing to warn of: it is copied, not decoded.
	plain = plain || plainText(text)
	if plain {
		fr.arena = append(double(fr.arena, len(text)), text...)
	} else {
		arena, err := hbytes.AppendBytesBinary(double(fr.arena, len(text)), text)
		if err != nil { // a *hbytes.TruncatedEscapeError, HBase's one reason to throw
			return &hbytes.LineError{Line: int64(n), Err: err}
		}
		fr.arena = arena
	}
	if l := len(fr.arena) - start; l > hbase.MaxRowLength {
		return &hbytes.LineError{Line: int64(n), Err: &hbytes.SyntaxError{
			Column: 1, Text: fmt.Sprint(l), Err: hbytes.ErrKeyTooLong}}
	}
	if len(text) == 0 && fr.empty == 0 {
		fr.empty = n
	}
	if fr.unsorted == 0 && fr.n > 0 {
		fr.checkOrder(n, text, start)
	}
	if !plain {
		fr.warn(textWarnings(n, text))
	}
	fr.end(start)
	return nil
}

// lineText is line n's text as the shell reads it: chomped, or stripped.
func (fr *fileReader) lineText(n int, text []byte) ([]byte, error) {
	switch c := chomp(text); fr.how {
	case ReadStrip:
		return rubyStrip(text), nil
	case ReadEither:
		if !bytes.Equal(c, rubyStrip(text)) {
			return nil, &hbytes.LineError{Line: int64(n), Err: ErrStripped}
		}
		return c, nil
	default:
		return c, nil
	}
}

// warn keeps the first MaxFileWarnings of ws and counts the rest.
func (fr *fileReader) warn(ws []FileWarning) {
	for _, w := range ws {
		if len(fr.warns) < MaxFileWarnings {
			fr.warns = append(fr.warns, w)
		} else {
			fr.more++
		}
	}
}

// end records the key just decoded at arena[start:], as KeysBuilder does: an end a key
// only from the first key of another length on.
func (fr *fileReader) end(start int) {
	switch l := len(fr.arena) - start; {
	case fr.n == 0:
		fr.width = l
	case fr.ends.none() && l != fr.width:
		fr.ends = fr.firstEnds(fr.n)
	}
	if !fr.ends.none() {
		fr.ends.add(len(fr.arena))
	}
	fr.last = start
	fr.n++
}

// checkOrder warns, once, of the first key (line n, text, decoded at arena[start:]) that
// sorts before the key above it, and notes the first key that equals the key above while
// the keys are in order (the first duplicate in sorted order, then).
func (fr *fileReader) checkOrder(n int, text []byte, start int) {
	prev := fr.arena[fr.last:start]
	switch c := fr.compareLast(start); {
	case c < 0:
		fr.unsorted = n
		fr.warns = append(fr.warns, FileWarning{Line: n, Msg: fmt.Sprintf(
			"%s sorts before %s on line %d: HBase sorts the keys (unsigned bytes), so the regions follow the sorted order, not the file's",
			hbytes.Quote(string(text)), hbytes.Quote(hbytes.ToStringBinary(prev)), n-1)})
	case c == 0 && fr.dup == 0:
		fr.dup = n
	}
}

// compareLast is bytes.Compare of the key at arena[start:] with the one before it. Keys of
// up to 8 bytes (most split keys) are compared as one number each, big-endian, read from
// the arena's capacity past its length and cut to their lengths: equal numbers then mean
// one key is the other followed by zero bytes, or the same, and the shorter sorts first.
// (The call into bytes.Compare was a fifth of the reading of a million short keys.)
func (fr *fileReader) compareLast(start int) int {
	a := fr.arena
	prev, cur := start-fr.last, len(a)-start
	if prev > 8 || cur > 8 || start+8 > cap(a) {
		return bytes.Compare(a[start:], a[fr.last:start])
	}
	x := binary.BigEndian.Uint64(a[start:start+8]) & lengthMask(cur)
	y := binary.BigEndian.Uint64(a[fr.last:fr.last+8]) & lengthMask(prev)
	switch {
	case x != y:
		return 2*b2i(x > y) - 1
	case cur != prev:
		return 2*b2i(cur > prev) - 1
	}
	return 0
}

// lengthMask keeps the first n (0 to 8) bytes of a big-endian word.
func lengthMask(n int) uint64 {
	return ^(^uint64(0) >> (8 * uint(n)))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// file checks the keys as the client does once they are sorted (no blank line, no
// duplicate) and returns them.
func (fr *fileReader) file() (*File, error) {
	if fr.empty > 0 {
		return nil, &hbytes.LineError{Line: int64(fr.empty), Err: ErrEmptySplitKey}
	}
	f := &File{Warnings: fr.warns, MoreWarnings: fr.more}
	keys := fr.keys()
	if fr.unsorted == 0 {
		if fr.dup > 0 {
			return nil, &hbytes.LineError{Line: int64(fr.dup), Err: &DuplicateKeyError{Key: keys.At(fr.dup - 1), First: fr.dup - 1}}
		}
		f.keys = keys
		if fr.slices {
			f.Keys, f.Lines = keys.Slices(), inOrder(fr.n)
		}
		return f, nil
	}
	f.Keys, f.Lines = keys.Slices(), inOrder(fr.n)
	sort.Stable(byKey{f})
	for i := 1; i < len(f.Keys); i++ {
		if bytes.Equal(f.Keys[i], f.Keys[i-1]) {
			return nil, &hbytes.LineError{Line: int64(f.Lines[i]), Err: &DuplicateKeyError{Key: f.Keys[i], First: f.Lines[i-1]}}
		}
	}
	if !fr.slices {
		f.keys, f.Keys = KeysOf(f.Keys...), nil
	}
	return f, nil
}

// inOrder is the line numbers of n keys written in order: 1 to n.
func inOrder(n int) []int {
	lines := make([]int, n)
	for i := range lines {
		lines[i] = i + 1
	}
	return lines
}

// LineNumbers is Lines, made when the reader left them nil (keys in order).
func (f *File) LineNumbers() []int {
	if f.Lines == nil {
		return inOrder(f.Len())
	}
	return f.Lines
}

// keys are the keys read, in file order, as Keys over the reader's buffer.
func (fr *fileReader) keys() Keys {
	if fr.n == 0 {
		return Keys{}
	}
	return Keys{data: fr.arena[:len(fr.arena):len(fr.arena)], ends: fr.ends, width: fr.width, n: fr.n}
}

// plainText reports whether b has no backslash and no byte >= 0x80.
func plainText(b []byte) bool {
	for _, c := range b {
		if c == '\\' || c >= utf8.RuneSelf {
			return false
		}
	}
	return true
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

// lineReadSize is how much a lineReader reads at a time; its buffer holds that beside the
// longest line (MaxFileLine), so that a line is always whole in it, and a line too long is
// refused after reading at most lineReadSize bytes past MaxFileLine.
const lineReadSize = 64 << 10

// lineReader reads the lines of r, each with its \n, at most MaxFileLine bytes of it: a
// longer one is errLongLine as soon as its first MaxFileLine+1 bytes are read. It reads r
// into one buffer a large block at a time and hands out its lines where they are, each
// found by bytes.IndexByte: a bufio.Reader's ReadSlice, with the checks around it, took a
// third of the reading of a million short keys.
type lineReader struct {
	r          io.Reader
	buf        []byte
	start, end int // the bytes not yet handed out: buf[start:end]
	searched   int // how many of them are known to hold no \n (a line read in parts)
	// special is where the first backslash or byte >= 0x80 at or after start is, end
	// when there is none before it: the lines before it are plain, which is found a
	// word at a time for the whole buffer rather than a byte at a time for each line.
	special int
	err     error // r's error, once it has returned one
}

// next is the next line, valid until the next call, and whether it is known to be plain
// (no backslash, no byte >= 0x80); at the end of r, the last bytes (empty when the input
// ended with \n) and io.EOF, or r's error.
func (lr *lineReader) next() (line []byte, plain bool, err error) {
	for {
		if i := bytes.IndexByte(lr.buf[lr.start+lr.searched:lr.end], '\n'); i >= 0 {
			end := lr.start + lr.searched + i // the \n
			if end+1-lr.start > MaxFileLine {
				return nil, false, errLongLine
			}
			return lr.take(end + 1)
		}
		if lr.searched = lr.end - lr.start; lr.searched > MaxFileLine {
			return nil, false, errLongLine
		}
		if lr.err != nil {
			line, plain, _ = lr.take(lr.end)
			return line, plain, lr.err
		}
		lr.fill()
	}
}

// plainLines hands out, at once, the whole lines from start that are known to be plain
// (they end before the first special byte), or nil when the next line is not one of them.
// Each is at most the buffer's length, not MaxFileLine: the caller refuses a longer one.
func (lr *lineReader) plainLines() []byte {
	i := bytes.LastIndexByte(lr.buf[lr.start:min(lr.special, lr.end)], '\n')
	if i < 0 || lr.searched > 0 {
		return nil
	}
	run := lr.buf[lr.start : lr.start+i+1]
	lr.start += i + 1
	return run
}

// take hands out buf[start:to] as the next line, and finds the next special byte when
// the line holds the last one found.
func (lr *lineReader) take(to int) (line []byte, plain bool, err error) {
	line = lr.buf[lr.start:to]
	plain = to <= lr.special // a \n is not special
	lr.start, lr.searched = to, 0
	if lr.special < to {
		lr.special = to + firstSpecial(lr.buf[to:lr.end])
	}
	return line, plain, nil
}

// firstSpecial is the offset of the first backslash or byte >= 0x80 in b, or len(b).
// It looks at 32 bytes a loop, four words at one branch, then a word, then a byte at a time.
func firstSpecial(b []byte) int {
	i := 0
	for ; i+32 <= len(b); i += 32 {
		q := b[i : i+32]
		if specialBytes(binary.LittleEndian.Uint64(q))|specialBytes(binary.LittleEndian.Uint64(q[8:]))|
			specialBytes(binary.LittleEndian.Uint64(q[16:]))|specialBytes(binary.LittleEndian.Uint64(q[24:])) != 0 {
			break
		}
	}
	for ; i+8 <= len(b); i += 8 {
		if specialBytes(binary.LittleEndian.Uint64(b[i:])) != 0 {
			break
		}
	}
	for ; i < len(b); i++ {
		if b[i] == '\\' || b[i] >= utf8.RuneSelf {
			return i
		}
	}
	return len(b)
}

// specialBytes is not 0 when one of the 8 bytes of w is a backslash or >= 0x80.
func specialBytes(w uint64) uint64 {
	x := w ^ 0x5C5C5C5C5C5C5C5C // a backslash's byte is zero in x
	return (x-0x0101010101010101)&^x&0x8080808080808080 | w&0x8080808080808080
}

// fill moves the bytes not handed out to the front of the buffer and reads more after them.
func (lr *lineReader) fill() {
	if lr.buf == nil {
		lr.buf = make([]byte, lineReadSize)
	}
	lr.special -= lr.start
	lr.end = copy(lr.buf, lr.buf[lr.start:lr.end])
	lr.start = 0
	if lr.end == len(lr.buf) { // a line longer than the buffer so far: room for the longest
		lr.buf = append(lr.buf, make([]byte, MaxFileLine+1+lineReadSize-len(lr.buf))...)
	}
	had := lr.end
	lr.read()
	if lr.special == had { // none in the bytes there were: look in the ones read
		lr.special = had + firstSpecial(lr.buf[had:lr.end])
	}
}

// read reads up to lineReadSize bytes more into the buffer, at its end.
func (lr *lineReader) read() {
	for range 100 { // as bufio.Reader, give up on a reader that returns nothing
		n, err := lr.r.Read(lr.buf[lr.end:min(len(lr.buf), lr.end+lineReadSize)])
		lr.end += n
		lr.err = err
		if n > 0 || err != nil {
			return
		}
	}
	lr.err = io.ErrNoProgress
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
	n := len(b)
	if n > 0 && b[n-1] == '\n' {
		n--
	}
	if n > 0 && b[n-1] == '\r' {
		n--
	}
	return b[:n]
}
