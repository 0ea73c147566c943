package hbytes

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/presplit/presplit/hbase"
)

// LineError is an error on one line of a key text input: a SPLITS_FILE or a key sample.
type LineError struct {
	Line int64 // 1-based
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// For is the error without its line, worded for the target release where what HBase does
// with the line depends on it (a truncated escape).
func (e *LineError) For(v hbase.Version) string {
	var te *TruncatedEscapeError
	if errors.As(e.Err, &te) {
		return te.For(v)
	}
	return e.Err.Error()
}

// Reasons a key line is not toStringBinary text; a *SyntaxError wraps one of them.
var (
	// ErrTruncatedEscape is a \x with fewer than two characters after it (HBase throws).
	ErrTruncatedEscape = errors.New("truncated escape")
	// ErrInvalidEscape is a \x not followed by two UPPERCASE hex digits, e.g. \xab: HBase
	// would silently read it as the text "xab", so a key sample holding it is a mistake.
	ErrInvalidEscape = errors.New("invalid escape")
	// ErrNonASCII is a byte >= 0x80: toStringBinary text is printable ASCII, and HBase would
	// read non-ASCII text as the low 8 bits of UTF-16 units, not as its UTF-8 bytes.
	ErrNonASCII = errors.New("non-ASCII byte")
	// ErrKeyTooLong is a key over hbase.MaxRowLength bytes.
	ErrKeyTooLong = errors.New("key too long")
)

// SyntaxError is a key line that DecodeKey rejects.
type SyntaxError struct {
	Column int    // 1-based byte column of the problem in the line
	Text   string // the offending text, e.g. `\xab`
	Err    error  // ErrTruncatedEscape, ErrInvalidEscape, ErrNonASCII or ErrKeyTooLong
}

func (e *SyntaxError) Unwrap() error { return e.Err }

func (e *SyntaxError) Error() string {
	switch {
	case errors.Is(e.Err, ErrTruncatedEscape):
		return fmt.Sprintf("truncated escape %s at column %d: \\x needs two uppercase hex digits", Quote(e.Text), e.Column)
	case errors.Is(e.Err, ErrInvalidEscape):
		return fmt.Sprintf("invalid escape %s at column %d: toStringBinary writes \\x and two uppercase hex digits (HBase would read this as the text %s)",
			Quote(e.Text), e.Column, Quote(e.Text[1:]))
	case errors.Is(e.Err, ErrNonASCII):
		return fmt.Sprintf("non-ASCII byte 0x%02X at column %d: toStringBinary text is ASCII (the byte is written \\x%02X)",
			e.Text[0], e.Column, e.Text[0])
	case errors.Is(e.Err, ErrKeyTooLong):
		return fmt.Sprintf("key is %s bytes long: HBase row keys are at most %d bytes", e.Text, hbase.MaxRowLength)
	}
	return fmt.Sprintf("%v at column %d", e.Err, e.Column)
}

// DecodeKey decodes one key line (without its line ending) written in toStringBinary form:
// \xHH with two UPPERCASE hex digits is one byte; a backslash not followed by x is itself,
// as in HBase's toBytesBinary; every other byte is itself. It is stricter than HBase where
// HBase would silently change the key: a \x not followed by two uppercase hex digits and a
// byte >= 0x80 are errors (*SyntaxError), as is a key longer than hbase.MaxRowLength.
//
// The key is line itself when line has no backslash (no copy), otherwise it is decoded
// into buf[:0]. DecodeKey does not allocate when buf has room.
func DecodeKey(buf, line []byte) ([]byte, error) {
	if PlainASCII(line) {
		if len(line) > hbase.MaxRowLength {
			return nil, KeyTooLong(len(line))
		}
		return line, nil
	}
	dst := buf[:0]
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c >= 0x80:
			return nil, &SyntaxError{Column: i + 1, Text: string(line[i : i+1]), Err: ErrNonASCII}
		case c == '\\' && i+1 < len(line) && line[i+1] == 'x':
			if i+3 >= len(line) {
				return nil, &SyntaxError{Column: i + 1, Text: string(line[i:]), Err: ErrTruncatedEscape}
			}
			hi, ok1 := HexDigit(line[i+2])
			lo, ok2 := HexDigit(line[i+3])
			if !ok1 || !ok2 {
				return nil, &SyntaxError{Column: i + 1, Text: string(line[i : i+4]), Err: ErrInvalidEscape}
			}
			dst = append(dst, hi<<4|lo)
			i += 3
		default:
			dst = append(dst, c)
		}
	}
	if len(dst) > hbase.MaxRowLength {
		return nil, KeyTooLong(len(dst))
	}
	return dst, nil
}

// KeyTooLong is the error of a key of n bytes, over hbase.MaxRowLength.
func KeyTooLong(n int) error {
	return &SyntaxError{Column: 1, Text: fmt.Sprint(n), Err: ErrKeyTooLong}
}

// KeyTooLongUnmeasured is the error of a key whose line runs past the longest a valid
// key's text can take, not read to its end: a reader that measured every such line would
// hold or read a line as long as the input claims (a file of one newline-free line).
func KeyTooLongUnmeasured() error {
	return &SyntaxError{Column: 1, Text: fmt.Sprintf("more than %d", hbase.MaxRowLength), Err: ErrKeyTooLong}
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// PlainASCII reports whether b has no backslash and no byte >= 0x80, eight bytes at a time:
// such a line is its own key.
func PlainASCII(b []byte) bool {
	for len(b) >= 8 {
		w := binary.LittleEndian.Uint64(b)
		x := w ^ (ones * '\\')
		if (w|((x-ones)&^x))&highs != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

// Quote writes s in double quotes as the user typed it, for messages: printable ASCII (backslashes
// included) as is, anything else as \xNN.
func Quote(s string) string {
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c <= 0x7E {
			b = append(b, c)
			continue
		}
		b = append(b, '\\', 'x', "0123456789ABCDEF"[c>>4], "0123456789ABCDEF"[c&0xF])
	}
	return string(append(b, '"'))
}
