// Package quote writes a user's value into one context of generated code or text: one
// function per context, and each is the only way a value enters that context.
//
// A context that can escape every byte (a Ruby double-quoted string, an HCL or Java string,
// a comment or terminal text shown the way HBase's Bytes.toStringBinary shows bytes) always
// takes the value. A context that cannot (a Ruby single-quoted string, a bash word, a SQL
// literal or identifier, a CSV cell) refuses what it cannot carry exactly and visibly with
// an *Error that names the value and the context: a control byte, which would end a line,
// rewrite the terminal or vanish on the way, and invalid UTF-8.
//
// JSON strings and CSV fields take encoding/json's and encoding/csv's own forms;
// AppendJSONString and AppendCSVField write them, byte for byte, where a report has too
// many rows to marshal a value at a time.
package quote

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/presplit/presplit/hbytes"
)

// Error is a value a context cannot carry. Its text names the value (in toStringBinary
// form, so the message itself is safe to print), the context and what in the value it
// cannot carry:
//
//	"a\x0Ab": a Ruby single-quoted string cannot carry the control byte \x0A
type Error struct {
	Context string // "a Ruby single-quoted string"
	Value   string // the value as given
	Reason  string // "the control byte \x0A"
}

// maxShown is the most bytes of a value an Error shows.
const maxShown = 64

func (e *Error) Error() string {
	v := e.Value
	more := ""
	if len(v) > maxShown {
		v, more = v[:maxShown], "..."
	}
	return fmt.Sprintf("\"%s\"%s: %s cannot carry %s", hbytes.ToStringBinary([]byte(v)), more, e.Context, e.Reason)
}

// Contexts as errors name them.
const (
	ctxRubySingle = "a Ruby single-quoted string"
	ctxBashWord   = "a bash word"
	ctxHeredoc    = "a bash here-document"
	ctxSQLString  = "a SQL string literal"
	ctxSQLIdent   = "a SQL quoted identifier"
	ctxHCLString  = "an HCL string"
	ctxJavaString = "a Java string literal"
	ctxCSVCell    = "a CSV cell"
)

// checkText refuses invalid UTF-8, the C0 control bytes, DEL, the C1 control characters
// (U+0080..U+009F, which 8-bit terminals read as ESC sequences) and the invisible format
// characters (Unicode's Cf: a bidirectional override such as U+202E, a zero-width space)
// and the line and paragraph separators U+2028 and U+2029, with which a statement shown in
// a terminal or an editor reads other than it runs.
func checkText(ctx, s string) error {
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x20 || c == 0x7F {
			return &Error{Context: ctx, Value: s, Reason: fmt.Sprintf("the control byte \\x%02X", c)}
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return &Error{Context: ctx, Value: s, Reason: fmt.Sprintf("invalid UTF-8 (the byte \\x%02X at offset %d)", c, i)}
		}
		if r <= 0x9F {
			return &Error{Context: ctx, Value: s, Reason: fmt.Sprintf("the control character U+%04X", r)}
		}
		if unicode.Is(unicode.Cf, r) {
			return &Error{Context: ctx, Value: s, Reason: fmt.Sprintf("the invisible format character U+%04X, which a terminal shows reordered or not at all", r)}
		}
		if unicode.In(r, unicode.Zl, unicode.Zp) {
			return &Error{Context: ctx, Value: s, Reason: fmt.Sprintf("the line separator U+%04X, at which editors and JavaScript end a line", r)}
		}
		i += size
	}
	return nil
}

// checkUTF8 refuses invalid UTF-8 alone.
func checkUTF8(ctx, s string) error {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return &Error{Context: ctx, Value: s, Reason: fmt.Sprintf("invalid UTF-8 (the byte \\x%02X at offset %d)", s[i], i)}
		}
		i += size
	}
	return nil
}

const upperHex = "0123456789ABCDEF"

func appendHex(b []byte, c byte) []byte {
	return append(b, '\\', 'x', upperHex[c>>4], upperHex[c&0x0F])
}

// Terminal is s as text for a terminal (reports, lint's text output, error messages):
// printable UTF-8 as itself, and every byte of a control character (C0, DEL, C1, ESC and
// so every terminal escape sequence), of any other rune Unicode does not call printable
// (bidirectional overrides, zero-width characters) and of invalid UTF-8 as \xNN with
// uppercase hex, as HBase's Bytes.toStringBinary writes bytes. The result is one line:
// a value cannot print a line of its own. A backslash stays itself, so text already in
// toStringBinary form (`\x00`) reads as written.
func Terminal(s string) string {
	// The common case, printable ASCII, is returned as it is.
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		plain = s[i] >= 0x20 && s[i] < 0x7F
	}
	if plain {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7F {
			b = append(b, c)
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = appendHex(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || !unicode.IsPrint(r) {
			for _, c := range []byte(s[i : i+size]) {
				b = appendHex(b, c)
			}
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// RubyComment is s as the text of a Ruby comment (`# inputs: <s>`), which ends at the
// line's end: Terminal's form, so no line break, carriage return or other control byte of
// s reaches the script, and what follows the comment cannot become code.
func RubyComment(s string) string { return Terminal(s) }

// JavaComment is s as the text of a Java // comment: s in toStringBinary form, which is
// printable ASCII without a backslash, so neither a line break nor a \u escape (javac
// reads \u000a as a line break even inside a comment) can end the comment.
func JavaComment(s string) string { return hbytes.ToStringBinary([]byte(s)) }

// RubySingle is s as a Ruby single-quoted string: ' is written \', and a backslash is
// doubled where Ruby would otherwise read it with the next character (before \ or ', or
// at the end); any other backslash is literal, so toStringBinary text ('\x01') reaches
// Ruby, and HBase's toBytesBinary, as written. A single-quoted string has no escape for
// other bytes: control bytes and invalid UTF-8 are refused (use RubyDouble for bytes).
func RubySingle(s string) (string, error) {
	if err := checkText(ctxRubySingle, s); err != nil {
		return "", err
	}
	b := make([]byte, 0, len(s)+2)
	b = append(b, '\'')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'':
			b = append(b, '\\', '\'')
		case c == '\\' && (i+1 == len(s) || s[i+1] == '\\' || s[i+1] == '\''):
			b = append(b, '\\', '\\')
		default:
			b = append(b, c)
		}
	}
	return string(append(b, '\'')), nil
}

// RubyDouble is b as a double-quoted Ruby string whose bytes are exactly b: printable
// ASCII as itself except " and \ (escapes) and # (which starts #{, #@ and #$
// interpolation), every other byte as \xNN. It takes any bytes.
func RubyDouble(b []byte) string {
	out := make([]byte, 0, len(b)+2)
	out = append(out, '"')
	for _, c := range b {
		if c >= 0x20 && c <= 0x7E && c != '"' && c != '\\' && c != '#' {
			out = append(out, c)
			continue
		}
		out = appendHex(out, c)
	}
	return string(append(out, '"'))
}

// BashWord is s as one word for bash (and any POSIX shell): bare when every byte is one no
// shell treats specially, otherwise in single quotes, inside which every byte is literal
// and a ' is written '\”. A control byte, which a pasted or printed command line does not
// carry as it is, and invalid UTF-8 are refused.
func BashWord(s string) (string, error) {
	if err := checkText(ctxBashWord, s); err != nil {
		return "", err
	}
	safe := s != ""
	for i := 0; i < len(s) && safe; i++ {
		safe = bashPlain(s[i])
	}
	if safe {
		return s, nil
	}
	b := make([]byte, 0, len(s)+2)
	b = append(b, '\'')
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			b = append(b, `'\''`...)
			continue
		}
		b = append(b, s[i])
	}
	return string(append(b, '\'')), nil
}

// bashPlain says whether bash reads c as itself in a word: letters, digits and _-.,:/=@%+.
func bashPlain(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		strings.IndexByte("_-.,:/=@%+", c) >= 0
}

// HeredocBase is the terminator BashHeredoc tries first.
const HeredocBase = "PRESPLIT_ALTER"

// BashHeredoc is command fed body on its standard input by a quoted here-document:
//
//	command <<'PRESPLIT_ALTER'
//	body
//	PRESPLIT_ALTER
//
// With the terminator quoted bash expands nothing in the body. The terminator is
// HeredocBase, or HeredocBase_2, _3, ... : the first that does not occur anywhere in body,
// so no line of the body can end the here-document. command is written as given (it is
// the caller's code, not a value). A body that does not end with a line break gets one;
// NUL, which bash drops from a here-document, is refused.
func BashHeredoc(command, body string) (string, error) {
	for i := 0; i < len(body); i++ {
		if body[i] == 0 {
			return "", &Error{Context: ctxHeredoc, Value: body, Reason: fmt.Sprintf("the byte \\x00 (offset %d)", i)}
		}
	}
	if body != "" && body[len(body)-1] != '\n' {
		body += "\n"
	}
	end := HeredocBase
	for n := 2; strings.Contains(body, end); n++ {
		end = fmt.Sprintf("%s_%d", HeredocBase, n)
	}
	return command + " <<'" + end + "'\n" + body + end + "\n", nil
}

// SQLString is s as a SQL string literal in Phoenix's dialect: ' doubled, and \ doubled as
// PhoenixSQL.g reads \ as an escape. Control bytes and invalid UTF-8 are refused: Phoenix
// encodes the literal's characters as UTF-8 and a pasted statement does not carry them.
func SQLString(s string) (string, error) {
	if err := checkText(ctxSQLString, s); err != nil {
		return "", err
	}
	b := make([]byte, 0, len(s)+2)
	b = append(b, '\'')
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\'':
			b = append(b, '\'', '\'')
		case '\\':
			b = append(b, '\\', '\\')
		default:
			b = append(b, s[i])
		}
	}
	return string(append(b, '\'')), nil
}

// SQLIdent is s as a double-quoted SQL identifier, which keeps its case. Phoenix's quoted
// name has no escape for ", so a " is refused, as are control bytes and invalid UTF-8.
func SQLIdent(s string) (string, error) {
	if err := checkText(ctxSQLIdent, s); err != nil {
		return "", err
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			return "", &Error{Context: ctxSQLIdent, Value: s, Reason: `a double quote (Phoenix's quoted names have no escape for it)`}
		}
	}
	if s == "" {
		return "", &Error{Context: ctxSQLIdent, Value: s, Reason: "an empty name"}
	}
	return `"` + s + `"`, nil
}

// What Terraform rewrites. Terraform holds every string as a cty string, which is
// normalized to Unicode NFC when it is made (cty.StringVal; HCL's own string literals go
// the same way): e + U+0301 arrives as U+00E9, U+212B (ANGSTROM SIGN) as U+00C5, U+F900 as
// U+8C48. A split key or family name that is not NFC would reach Bigtable as other bytes,
// and beside its precomposed twin would be a duplicate; there is no escape that keeps it
// (\u0301 is decoded first, then normalized), so HCLString refuses it, naming what
// Terraform would store.

// checkNFC refuses invalid UTF-8 (checkUTF8), then text that is not in Unicode NFC,
// naming what Terraform would store.
func checkNFC(ctx, s string) error {
	if err := checkUTF8(ctx, s); err != nil || norm.NFC.IsNormalString(s) {
		return err
	}
	return &Error{Context: ctx, Value: s, Reason: fmt.Sprintf(
		"text that is not in Unicode NFC: Terraform normalizes every string to NFC and would store \"%s\"",
		hbytes.ToStringBinary([]byte(norm.NFC.String(s))))}
}

// HCLString is s as an HCL quoted template that evaluates to exactly s: \ and " escaped,
// \n \r \t, other control characters as \uNNNN, and ${ and %{ doubled to $${ and %%{ so
// HCL reads no interpolation or directive. Invalid UTF-8 is refused (an HCL string is
// Unicode text), and so is text that is not in NFC, which Terraform would rewrite.
func HCLString(s string) (string, error) {
	if err := checkNFC(ctxHCLString, s); err != nil {
		return "", err
	}
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for i, r := range s {
		switch {
		case r == '\\':
			b = append(b, '\\', '\\')
		case r == '"':
			b = append(b, '\\', '"')
		case r == '\n':
			b = append(b, '\\', 'n')
		case r == '\r':
			b = append(b, '\\', 'r')
		case r == '\t':
			b = append(b, '\\', 't')
		case r < 0x20 || r >= 0x7F && r <= 0x9F:
			b = fmt.Appendf(b, `\u%04X`, r)
		case (r == '$' || r == '%') && i+1 < len(s) && s[i+1] == '{':
			b = append(b, byte(r), byte(r))
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return string(append(b, '"')), nil
}

// JavaString is s as a Java string literal: \ and " escaped, ASCII control characters as
// octal escapes (a \u000A would end the literal before javac lexes it), every character
// outside ASCII as \uXXXX UTF-16 units, so the source is ASCII and compiles in any file
// encoding. A backslash is always doubled, so no \u escape reaches javac. Invalid UTF-8
// is refused (a Java string is UTF-16 text).
func JavaString(s string) (string, error) {
	if err := checkUTF8(ctxJavaString, s); err != nil {
		return "", err
	}
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b = append(b, '\\', byte(r))
		case r >= 0x20 && r <= 0x7E:
			b = append(b, byte(r))
		case r < 0x80:
			b = fmt.Appendf(b, `\%03o`, r)
		case r <= 0xFFFF:
			b = fmt.Appendf(b, `\u%04X`, r)
		default:
			r1, r2 := utf16Pair(r)
			b = fmt.Appendf(b, `\u%04X\u%04X`, r1, r2)
		}
	}
	return string(append(b, '"')), nil
}

func utf16Pair(r rune) (rune, rune) {
	r -= 0x10000
	return 0xD800 + (r>>10)&0x3FF, 0xDC00 + r&0x3FF
}

// What a spreadsheet runs. LibreOffice Calc and Excel open a CSV file's cells as typed
// input: a cell whose first character is = + - or @ is read as a formula (=HYPERLINK(...),
// =cmd|' /C calc'!A0, @SUM(...)), and a tab or carriage return in front of one is skipped
// on the way to it (OWASP, "CSV Injection"). presplit's CSV files (plan -F csv,
// capacity-csv, verify --format csv, regions -F csv) are opened in spreadsheets first, so
// every cell a user's value reaches is written so that no spreadsheet runs it:
//
//   - a name or other text cell (CSVCell) takes OWASP's neutral form: a single quote in
//     front, which a spreadsheet shows and never evaluates ('=1+1 is the text '=1+1), and
//     which a program reading the file sees as part of the value;
//   - a key cell (CSVKey) is toStringBinary text, whose escapes carry any byte: its first
//     byte, when a spreadsheet would run it, is written as its \xNN escape (=1+1 as
//     \x3D1+1), which toBytesBinary reads back as the same byte, so the cell still names
//     the key exactly. Tab and CR are \x09 and \x0D in toStringBinary text already.

// formulaLead reports whether a cell starting with c is one a spreadsheet runs as a
// formula (= + - @), or skips into one (tab, CR).
func formulaLead(c byte) bool {
	return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r'
}

// CSVCell is s as one text cell of a CSV file written with encoding/csv, which quotes the
// cell itself: s as it is, or, when a spreadsheet would run it as a formula, in OWASP's
// neutral form ('=1+1). Control bytes (a line break inside a cell would print as a line of
// its own) and invalid UTF-8 are refused. Keys go through CSVKey instead.
func CSVCell(s string) (string, error) {
	if err := checkText(ctxCSVCell, s); err != nil {
		return "", err
	}
	if s != "" && formulaLead(s[0]) {
		return "'" + s, nil
	}
	return s, nil
}

// CSVKey is a key's toStringBinary text s as a CSV cell no spreadsheet runs: s, with its
// first byte written as \xNN when a spreadsheet would start a formula with it (= + - @).
// toBytesBinary reads the cell back as the key's own bytes.
func CSVKey(s string) string {
	if s == "" || !formulaLead(s[0]) {
		return s
	}
	return fmt.Sprintf("\\x%02X", s[0]) + s[1:]
}

// SheetCell is s as the text of a spreadsheet cell (an xlsx inline string): Terminal's
// form. XML 1.0, which an xlsx sheet is written in, cannot carry most control bytes (a
// writer drops or replaces them, and the value read back is another), and a reader sees
// the cell as a person does: an escape sequence or a line break shows as \xNN. The cell is
// always a text cell, never a formula, whatever s starts with (=1+1 stays the text =1+1).
func SheetCell(s string) string { return Terminal(s) }

// HTMLText is s as one line of an HTML page's text (html/template then escapes < & " and
// '): Terminal's form. An HTML parser rewrites a carriage return as a line feed and a
// browser shows no control byte, so a value read back from the page would be another;
// shown as \xNN it reads as written.
func HTMLText(s string) string { return Terminal(s) }
