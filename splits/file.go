package splits

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/presplit/presplit/hbytes"
)

// FileLine is one line of a SPLITS_FILE as hbase shell reads it.
type FileLine struct {
	Line int    // 1-based line number
	Text []byte // the line after chomp, as written
	Key  []byte // Text decoded with toBytesBinary
}

// FileError is a line HBase's toBytesBinary throws on (a truncated \x escape).
type FileError struct {
	Line int
	Err  *hbytes.TruncatedEscapeError
}

func (e *FileError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *FileError) Unwrap() error { return e.Err }

// ReadFile reads a SPLITS_FILE exactly as hbase shell's admin.rb does: File.foreach splits
// on \n, chomp removes one trailing \n, \r\n or \r, nothing else is trimmed, blank lines are
// kept (as empty keys), and each line goes through Bytes.toBytesBinary. The lines come back
// in file order, unchecked: callers decide what to make of empty or duplicate keys.
func ReadFile(r io.Reader) ([]FileLine, error) {
	var out []FileLine
	br := bufio.NewReader(r)
	for line := 1; ; line++ {
		text, err := br.ReadBytes('\n')
		if err != nil && err != io.EOF {
			return nil, err
		}
		if len(text) == 0 && err == io.EOF {
			return out, nil
		}
		text = chomp(text)
		key, derr := hbytes.ToBytesBinary(string(text))
		var te *hbytes.TruncatedEscapeError
		if errors.As(derr, &te) {
			return nil, &FileError{Line: line, Err: te}
		}
		out = append(out, FileLine{Line: line, Text: text, Key: key})
		if err == io.EOF {
			return out, nil
		}
	}
}

// chomp removes one trailing \r\n, \n or \r, as Ruby's String#chomp does.
func chomp(b []byte) []byte {
	switch {
	case bytes.HasSuffix(b, []byte("\r\n")):
		return b[:len(b)-2]
	case bytes.HasSuffix(b, []byte("\n")), bytes.HasSuffix(b, []byte("\r")):
		return b[:len(b)-1]
	}
	return b
}
