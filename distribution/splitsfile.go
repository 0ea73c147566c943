package distribution

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"unicode/utf8"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

// LineError is an error on one line of an input: a SPLITS_FILE or a key sample.
type LineError struct {
	Line int64 // 1-based
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// ErrEmptySplitKey is a blank line in a SPLITS_FILE: HBase fails the create with "Empty
// split key must not be passed in the split keys."
var ErrEmptySplitKey = errors.New(`empty split key: HBase rejects it ("Empty split key must not be passed in the split keys.")`)

// Warning is something HBase accepts silently but the user most likely did not mean.
type Warning struct {
	Line int64
	Msg  string
}

func (w Warning) String() string { return fmt.Sprintf("line %d: %s", w.Line, w.Msg) }

// ReadSplits reads an HBase SPLITS_FILE as the hbase shell does (admin.rb: File.foreach,
// chomp, Bytes.toBytesBinary): lines end at \n; chomp removes one trailing \n, \r\n or \r;
// nothing else is trimmed and blank lines are not skipped. The keys are then sorted in
// unsigned byte order and checked as the HBase client checks them.
//
// Errors are *LineError: a blank line (ErrEmptySplitKey), a truncated \x escape (HBase's
// toBytesBinary throws), a duplicate key (HBase's wording: "All split keys must be unique,
// found duplicate: ..."). Escapes HBase silently reads as text (\xab) and non-ASCII text
// (HBase keeps the low 8 bits of each UTF-16 unit) come back as warnings.
func ReadSplits(r io.Reader) (keys [][]byte, warnings []Warning, err error) {
	lines, err := splits.ReadFile(r)
	var fe *splits.FileError
	if errors.As(err, &fe) {
		return nil, nil, &LineError{Line: int64(fe.Line), Err: &TruncatedEscapeError{Text: fe.Err.Text, Column: fe.Err.Offset + 1}}
	}
	if err != nil {
		return nil, nil, err
	}
	for _, l := range lines {
		line, text := int64(l.Line), l.Text
		if len(text) == 0 {
			return nil, nil, &LineError{Line: line, Err: ErrEmptySplitKey}
		}
		if off, ok := hbytes.BogusEscape(text); ok {
			esc := text[off:min(off+4, len(text))]
			warnings = append(warnings, Warning{Line: line, Msg: fmt.Sprintf(
				"%s at column %d is not an escape to HBase (uppercase hex only): the key holds the text %s",
				quote(string(esc)), off+1, quote(string(esc[1:])))})
		}
		if i := nonASCII(text); i >= 0 {
			warnings = append(warnings, Warning{Line: line, Msg: fmt.Sprintf(
				"non-ASCII text at column %d: HBase keeps the low 8 bits of each UTF-16 unit (%q becomes %s), not its UTF-8 bytes",
				i+1, firstRune(text[i:]), lowByte(text[i:]))})
		}
	}
	sort.SliceStable(lines, func(i, j int) bool { return bytes.Compare(lines[i].Key, lines[j].Key) < 0 })
	keys = make([][]byte, len(lines))
	for i, l := range lines {
		if i > 0 && bytes.Equal(l.Key, lines[i-1].Key) {
			s := hbytes.ToStringBinary(l.Key)
			return nil, nil, &LineError{Line: int64(l.Line), Err: fmt.Errorf(
				"All split keys must be unique, found duplicate: %s, %s (same key as line %d)", s, s, lines[i-1].Line)}
		}
		keys[i] = l.Key
	}
	return keys, warnings, nil
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

func firstRune(b []byte) string {
	r, _ := utf8.DecodeRune(b)
	return string(r)
}

// lowByte is the toStringBinary form of what HBase keeps of the first character of b.
func lowByte(b []byte) string {
	k, _ := hbytes.AppendBytesBinary(nil, []byte(firstRune(b)))
	return hbytes.ToStringBinary(k)
}

// TruncatedEscapeError is a SPLITS_FILE line ending in a \x with fewer than two characters
// after it. What HBase does with it depends on the release (hbase.TruncatedEscapeKept):
// Error words it for no release in particular, For for the target.
type TruncatedEscapeError struct {
	Text   string // the escape as written, \x4
	Column int    // 1-based
}

func (e *TruncatedEscapeError) Error() string {
	return fmt.Sprintf("truncated escape %s at column %d: \\x needs two uppercase hex digits (HBase's toBytesBinary throws on it)", quote(e.Text), e.Column)
}

// For words the error for the target release: before HBASE-30304 toBytesBinary throws and
// the create fails; from it (2.5.16, 2.6.7, 3.0.1) it keeps the text, so the table gets a
// key holding the characters, not the byte meant. Either way the line is refused.
func (e *TruncatedEscapeError) For(v hbase.Version) string {
	v = v.OrDefault()
	f := hbase.TruncatedEscapeKept
	if f.In(v) {
		return fmt.Sprintf("truncated escape %s at column %d: HBase %s's toBytesBinary keeps it as the text %s (HBASE-30304), not a byte: write \\x with two uppercase hex digits",
			quote(e.Text), e.Column, v, quote(e.Text))
	}
	msg := fmt.Sprintf("truncated escape %s at column %d: \\x needs two uppercase hex digits (HBase %s's toBytesBinary throws on it, and the create fails", quote(e.Text), e.Column, v)
	for _, s := range f.Since {
		if s.Major == v.Major && s.Minor == v.Minor {
			msg += fmt.Sprintf("; from %s it keeps the text instead, HBASE-30304", s)
		}
	}
	return msg + ")"
}
