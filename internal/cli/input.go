package cli

// Input files: each is checked for its size before it is read (a regular file larger than
// its cap is refused unread) and read through a reader that stops at the cap, so a device
// or a pipe (/dev/zero) is refused after at most cap+1 bytes; line-oriented inputs are
// refused at the first line longer than a line of them can be. SPLITS_FILEs are streamed.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// maxSplitsFile bounds a SPLITS_FILE read by any command: 10 million keys of 64 bytes.
const maxSplitsFile = 1 << 30

// errTooLarge is an input that goes on past its cap.
var errTooLarge = errors.New("larger than its cap")

// errLongLine is a line-oriented input with a line longer than its cap.
var errLongLine = errors.New("line too long")

// cappedReader reads at most left bytes of r, then fails with errTooLarge: with left set to
// a cap plus one, reaching it means the input is larger than the cap. With maxLine > 0 it
// also fails, with errLongLine, as soon as it has passed more than maxLine bytes without
// a newline.
type cappedReader struct {
	r       io.Reader
	left    int64
	maxLine int
	line    int // bytes since the last newline
	n       int64
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, errTooLarge
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	if c.maxLine > 0 && len(p) > c.maxLine+1 {
		// One read into a buffer the size of a regular file would take the whole file
		// before a line is looked at: a read takes at most a line's cap and one byte more,
		// so that a file of one endless line is refused having read twice the cap at most.
		p = p[:c.maxLine+1]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	c.n += int64(n)
	for rest := p[:n]; c.maxLine > 0 && len(rest) > 0; {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			i = len(rest)
		}
		if c.line += i; c.line > c.maxLine {
			return n, errLongLine
		}
		if i < len(rest) {
			c.line, i = 0, i+1
		}
		rest = rest[i:]
	}
	return n, err
}

// openCapped opens the input file path of at most limit bytes: a missing file or a folder
// is a usage error naming it, and so is a regular file larger than limit, refused before it
// is read. The reader fails past limit bytes (a device or a pipe) with errTooLarge; size is
// the regular file's size, 0 when unknown.
func openCapped(path, what string, limit int64, maxLine int) (r *cappedReader, size int64, closeFn func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, nil, usageErrorf("cannot read %s %s: %v", what, path, specPathError(err))
	}
	fi, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, 0, nil, usageErrorf("cannot read %s %s: %v", what, path, specPathError(err))
	}
	if fi.IsDir() {
		_ = f.Close()
		return nil, 0, nil, usageErrorf("cannot read %s %s: it is a directory", what, path)
	}
	if fi.Mode().IsRegular() {
		if size = fi.Size(); size > limit {
			_ = f.Close()
			return nil, 0, nil, tooLargeError(what, path, limit)
		}
	}
	return &cappedReader{r: f, left: limit + 1, maxLine: maxLine}, size, func() { _ = f.Close() }, nil
}

func tooLargeError(what, path string, limit int64) error {
	return usageErrorf("%s %s is larger than %d bytes", what, path, limit)
}

// readCapped reads a whole file of at most limit bytes (see openCapped), with no line
// longer than maxLine bytes when maxLine > 0. The buffer is the file's size when it has
// one, so a file near the cap is held once, not twice.
func readCapped(path, what string, limit int64, maxLine int) ([]byte, error) {
	return readCappedChecked(path, what, limit, maxLine, nil)
}

// startCheck is a check of a file's first bytes, run by readCappedChecked once it has read
// checkAt bytes, or the whole file when it is shorter (eof), before it reads on.
type startCheck struct {
	checkAt int
	check   func(start []byte, eof bool) error
}

// readEnd is where the next read into buf stops: before checkAt while the check is to
// run (a regular file's buffer is its whole size, which one read would fill).
func (s *startCheck) readEnd(buf []byte) int {
	if s == nil {
		return cap(buf)
	}
	return min(cap(buf), max(s.checkAt, len(buf)+1))
}

// run runs the check once buf holds checkAt bytes or the input ended (eof): it returns the
// check still to run (nil once it ran) and the check's error.
func (s *startCheck) run(buf []byte, eof bool) (*startCheck, error) {
	if s == nil {
		return nil, nil
	}
	if len(buf) < s.checkAt && !eof {
		return s, nil
	}
	return nil, s.check(buf, eof)
}

// readCappedChecked is readCapped that runs start's check on the first bytes it reads, so
// that input that is not the format (/dev/urandom as list_regions output) is refused after
// a mebibyte, not after reading a gibibyte. The check's error comes back as it is.
func readCappedChecked(path, what string, limit int64, maxLine int, start *startCheck) ([]byte, error) {
	r, size, closeFn, err := openCapped(path, what, limit, maxLine)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	buf := make([]byte, 0, min(size, limit)+1)
	for {
		if len(buf) == cap(buf) {
			// Doubling: a pipe or device of n bytes costs about 2n in all, not 5n.
			buf = append(make([]byte, 0, int(min(int64(max(2*cap(buf), 64<<10)), limit+1))), buf...)
		}
		n, err := r.Read(buf[len(buf):start.readEnd(buf)])
		buf = buf[:len(buf)+n]
		var checkErr error
		if start, checkErr = start.run(buf, errors.Is(err, io.EOF)); checkErr != nil {
			return nil, checkErr
		}
		switch {
		case errors.Is(err, io.EOF):
			return buf, nil
		case errors.Is(err, errTooLarge):
			return nil, tooLargeError(what, path, limit)
		case errors.Is(err, errLongLine):
			return nil, usageErrorf("%s %s has a line longer than %d bytes: no %s line is that long", what, path, maxLine, what)
		case err != nil:
			return nil, usageErrorf("cannot read %s %s: %v", what, path, specPathError(err))
		}
	}
}

// readJSONCapped reads a whole JSON file of at most limit bytes (see openCapped) through
// a decoder of its tokens, so input that is not JSON (/dev/zero) is refused at the first
// byte that cannot start or continue it, with its line, without reading on. What the
// decoder accepts comes back whole, for the caller's own parse.
func readJSONCapped(path, what string, limit int64) ([]byte, error) {
	r, size, closeFn, err := openCapped(path, what, limit, 0)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	var buf bytes.Buffer
	// Room for the file up to 16 MiB at once; beyond, the buffer grows as the JSON proves
	// itself: a 1 GB file of zeros took 1 GB before its first byte was refused.
	buf.Grow(int(min(size, limit, 16<<20)) + 1)
	dec := json.NewDecoder(io.TeeReader(r, &buf))
	for {
		_, err := dec.Token()
		var se *json.SyntaxError
		switch {
		case err == nil:
			if size > 0 && buf.Len() > 16<<20 && buf.Cap() <= int(size) {
				// Past 16 MiB of JSON, a regular file gets room for the rest at once: the
				// buffer's doubling held up to twice the file, and the old and new buffer
				// at each step (a 219 MB file peaked at 900 MB).
				buf.Grow(int(size) + 1 - buf.Len())
			}
			continue
		case errors.Is(err, errTooLarge):
			return nil, tooLargeError(what, path, limit)
		case errors.As(err, &se):
			// The decoder stands on the offending byte (its Offset is not the byte's in
			// token mode): the line is the one regions.ReadJMX would name.
			line := bytes.Count(buf.Bytes()[:min(dec.InputOffset(), int64(buf.Len()))], []byte("\n")) + 1
			return nil, usageErrorf("%s:%d: not JSON: %v", path, line, se)
		case err == io.EOF, errors.Is(err, io.ErrUnexpectedEOF):
			// All of it read: the caller's parse words what is wrong with it, if anything.
			return buf.Bytes(), nil
		default:
			return nil, usageErrorf("cannot read %s %s: %v", what, path, specPathError(err))
		}
	}
}

// readSplitsFile reads the SPLITS_FILE at path through splits.ReadFileKeys, the one reader of
// every command (plan, splits, verify and lint), streamed with one size cap, each line as
// the target's shell reads it (chomped, or stripped before HBASE-18125). A file that
// cannot be read, a folder or a larger file is a usage error naming it; a line HBase would
// refuse comes back as the reader's *hbytes.LineError, for splitsFileError or lint.
func readSplitsFile(path string, target hbase.Version) (*splits.File, error) {
	r, size, closeFn, err := openCapped(path, "splits file", maxSplitsFile, 0)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	// A regular file is read as the size it has now (openCapped checked it against the
	// cap), in two halves at once when it is large (ReadFileKeysAt); anything else as a
	// stream, the cap checked as it is read.
	var f *splits.File
	if ra, ok := r.r.(io.ReaderAt); ok && size > 0 {
		f, err = splits.ReadFileKeysAt(ra, size, splits.LineReadFor(target))
	} else {
		f, err = splits.ReadFileKeys(r, splits.LineReadFor(target), size)
	}
	var le *hbytes.LineError
	switch {
	case errors.As(err, &le):
		return nil, err
	case errors.Is(err, errTooLarge):
		return nil, tooLargeError("splits file", path, maxSplitsFile)
	case err != nil:
		return nil, usageErrorf("cannot read splits file %s: %v", path, specPathError(err))
	}
	return f, nil
}

// splitsFileError words readSplitsFile's error for the target release: `FILE:LINE: what`.
func splitsFileError(path string, err error, target hbase.Version) error {
	var le *hbytes.LineError
	if errors.As(err, &le) {
		return usageErrorf("%s:%d: %s", path, le.Line, le.For(target))
	}
	return err
}

// warnSplitsFile writes the SPLITS_FILE's warnings on w, one line each.
func warnSplitsFile(w io.Writer, path string, f *splits.File) {
	for _, x := range f.Warnings {
		stderrf(w, "presplit: warning: %s:%d: %s\n", quote.Terminal(path), x.Line, quote.Terminal(x.Msg))
	}
	if f.MoreWarnings > 0 {
		stderrf(w, "presplit: warning: %s: %d more warnings after line %d\n", quote.Terminal(path), f.MoreWarnings, f.Warnings[len(f.Warnings)-1].Line)
	}
}
