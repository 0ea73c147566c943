// Package hbytes is the text form of HBase keys: Bytes.toStringBinary and
// Bytes.toBytesBinary, byte for byte as HBase implements them.
//
// toStringBinary writes a byte raw iff 0x20 <= b <= 0x7E and b != '\\', every other byte as
// \xNN with UPPERCASE hex. toBytesBinary reads \xNN (uppercase hex only) as one byte; a bogus
// escape drops only the backslash; a \x with fewer than two characters after it throws;
// every other character becomes the low 8 bits of its UTF-16 code unit (not UTF-8).
package hbytes

import (
	"fmt"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/presplit/presplit/hbase"
)

const upperHex = "0123456789ABCDEF"

// ToStringBinary renders b as HBase's Bytes.toStringBinary does.
func ToStringBinary(b []byte) string { return string(AppendStringBinary(nil, b)) }

// AppendStringBinary appends the toStringBinary form of b to dst.
func AppendStringBinary(dst, b []byte) []byte {
	for len(b) > 0 {
		// Runs of printable bytes, all of a hex or decimal key, are copied in one append.
		n := 0
		for n < len(b) && b[n] >= 0x20 && b[n] <= 0x7E && b[n] != '\\' {
			n++
		}
		dst = append(dst, b[:n]...)
		if n == len(b) {
			break
		}
		c := b[n]
		dst = append(dst, '\\', 'x', upperHex[c>>4], upperHex[c&0x0F])
		b = b[n+1:]
	}
	return dst
}

// AppendKeyText appends b's text as presplit shows and lists a key: its toStringBinary
// form with the leading and trailing spaces written \x20, which toBytesBinary reads as
// spaces. A SPLITS_FILE line keeps them so in every shell (those before HBASE-18125 strip
// each line), and a key shown in a table or a page keeps its edges visible: "b " and "b"
// differ there too.
func AppendKeyText(dst, b []byte) []byte {
	start := len(dst)
	dst = AppendStringBinary(dst, b)
	text := dst[start:]
	if len(text) == 0 || text[0] != ' ' && text[len(text)-1] != ' ' {
		return dst
	}
	lead, trail := 0, 0
	for lead < len(text) && text[lead] == ' ' {
		lead++
	}
	for trail < len(text)-lead && text[len(text)-1-trail] == ' ' {
		trail++
	}
	inner := string(text[lead : len(text)-trail]) // a copy: dst is rewritten from start
	dst = dst[:start]
	for range lead {
		dst = append(dst, `\x20`...)
	}
	dst = append(dst, inner...)
	for range trail {
		dst = append(dst, `\x20`...)
	}
	return dst
}

// HasEdgeSpace reports whether b starts or ends with a space, which AppendKeyText writes
// \x20.
func HasEdgeSpace(b []byte) bool { return len(b) > 0 && (b[0] == ' ' || b[len(b)-1] == ' ') }

// TruncatedEscapeError is a \x with fewer than two characters after it, at the end of the
// text. HBase throws StringIndexOutOfBoundsException for it.
type TruncatedEscapeError struct {
	Offset int    // byte offset of the backslash in the input
	Text   string // the escape as written, e.g. `\x4`
}

func (e *TruncatedEscapeError) Error() string {
	return fmt.Sprintf("truncated escape %s at column %d: \\x needs two uppercase hex digits (HBase's toBytesBinary throws on it)", Quote(e.Text), e.Offset+1)
}

// For words the error for the target release: before HBASE-30304 toBytesBinary throws and
// the create fails; from it (2.5.16, 2.6.7, 3.0.1) it keeps the text, so the table gets a
// key holding the characters, not the byte meant. Either way presplit refuses the key.
func (e *TruncatedEscapeError) For(v hbase.Version) string {
	v = v.OrDefault()
	f := hbase.TruncatedEscapeKept
	if f.In(v) {
		return fmt.Sprintf("truncated escape %s at column %d: HBase %s's toBytesBinary keeps it as the text %s (HBASE-30304), not a byte: write \\x with two uppercase hex digits",
			Quote(e.Text), e.Offset+1, v, Quote(e.Text))
	}
	msg := fmt.Sprintf("truncated escape %s at column %d: \\x needs two uppercase hex digits (HBase %s's toBytesBinary throws on it, and the create fails", Quote(e.Text), e.Offset+1, v)
	for _, s := range f.Since {
		if s.Major == v.Major && s.Minor == v.Minor {
			msg += fmt.Sprintf("; from %s it keeps the text instead, HBASE-30304", s)
		}
	}
	return msg + ")"
}

// ToBytesBinary decodes s as HBase's Bytes.toBytesBinary does.
func ToBytesBinary(s string) ([]byte, error) {
	return AppendBytesBinary(make([]byte, 0, len(s)), []byte(s))
}

// AppendBytesBinary appends the toBytesBinary decoding of the UTF-8 text s to dst. It does
// not allocate when s is ASCII and dst has room: verify decodes every key line with it.
func AppendBytesBinary(dst, s []byte) ([]byte, error) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return appendNonASCII(dst, s, i)
		}
		if c == '\\' && i+1 < len(s) && s[i+1] == 'x' {
			if i+3 >= len(s) {
				return dst, &TruncatedEscapeError{Offset: i, Text: string(s[i:])}
			}
			hi, ok1 := HexDigit(s[i+2])
			lo, ok2 := HexDigit(s[i+3])
			if !ok1 || !ok2 {
				continue // bogus escape: HBase drops the backslash, keeps "x.."
			}
			dst = append(dst, hi<<4|lo)
			i += 3
			continue
		}
		dst = append(dst, c)
	}
	return dst, nil
}

// appendNonASCII is the slow path from byte offset start on: Java sees UTF-16 code units,
// so the text is decoded to runes as Java's UTF-8 decoder does (JavaRune: a malformed
// sequence becomes one U+FFFD), then to code units, and each unit keeps its low 8 bits.
func appendNonASCII(dst, s []byte, start int) ([]byte, error) {
	units := make([]uint16, 0, len(s)-start)
	// offsets maps a unit index back to a byte offset in s, for error messages.
	offsets := make([]int, 0, len(s)-start)
	for i := start; i < len(s); {
		r, size := JavaRune(s[i:])
		if r > 0xFFFF {
			hi, lo := utf16.EncodeRune(r)
			units = append(units, uint16(hi), uint16(lo))
			offsets = append(offsets, i, i)
		} else {
			units = append(units, uint16(r))
			offsets = append(offsets, i)
		}
		i += size
	}
	for i := 0; i < len(units); i++ {
		u := units[i]
		if u == '\\' && i+1 < len(units) && units[i+1] == 'x' {
			if i+3 >= len(units) {
				return dst, &TruncatedEscapeError{Offset: offsets[i], Text: string(s[offsets[i]:])}
			}
			hi, ok1 := hexUnit(units[i+2])
			lo, ok2 := hexUnit(units[i+3])
			if !ok1 || !ok2 {
				continue
			}
			dst = append(dst, hi<<4|lo)
			i += 3
			continue
		}
		dst = append(dst, byte(u))
	}
	return dst, nil
}

// HexDigit is the value of one digit of a \xNN escape. It accepts 0-9 and A-F only:
// HBase's isHexDigit is uppercase.
func HexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func hexUnit(u uint16) (byte, bool) {
	if u >= utf8.RuneSelf {
		return 0, false
	}
	return HexDigit(byte(u))
}

// BogusEscape reports the byte offset of the first `\x` in s that HBase would not decode
// (a lowercase or non-hex escape such as `\xab`), which HBase silently reads as the text
// "xab". ok is false when there is none.
func BogusEscape(s []byte) (offset int, ok bool) {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '\\' || s[i+1] != 'x' {
			continue
		}
		if i+3 >= len(s) {
			return i, true
		}
		_, ok1 := HexDigit(s[i+2])
		_, ok2 := HexDigit(s[i+3])
		if !ok1 || !ok2 {
			return i, true
		}
		i += 3
	}
	return 0, false
}
