// Package field lets a library's text name an input of the design without naming a flag:
// the text refers to the input by the design's name in braces, {capacity.region_size}, and
// each front end expands it with its own name for that input (the CLI with its flag,
// --region-size; a spec's messages with the key, capacity.region_size). The domain
// packages import it and name no flag.
package field

import (
	"fmt"
	"strings"
)

// Ref is the reference to the input named name in a library's text: {name}.
func Ref(name string) string { return "{" + name + "}" }

// Set is the reference to the input named name set to value, in a suggested fix: {name=value}.
// The CLI words it as its flag with the value (--prefix hex:2), a spec's messages as the
// key and the value (rowkey.prefix: hex:2). A value that is not a plain word (a user's
// alphabet, chars:{}ab:2) is quoted as Quote quotes it, so that Expand finds where the
// reference ends; Words.Set then gets it quoted, and Unquote gives the value back.
func Set(name, value string) string { return "{" + name + "=" + Quote(value) + "}" }

// Quote is a user's value (a family's name, a qualifier, a prefix of the user's own
// alphabet) as a library's text shows it: itself when it is a plain word (letters, digits
// and _-.:/+), else in double quotes, a quote or a backslash in it escaped by a backslash.
// Expand leaves a quoted value as it is, so a family named {format} is shown as
// "{format}", never as the flag --format. Control bytes are left to the output's own
// quoting (quote.Terminal writes them as \xNN), as for the rest of the text.
func Quote(s string) string {
	plain := s != ""
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_-.:/+", c) >= 0
	}
	if plain {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String()
}

// KeyText is a key in toStringBinary form (hbytes.ToStringBinary) as a library's text
// shows it: each '{' written \x7B, as toStringBinary writes a byte it escapes, so that
// Expand never takes a key's bytes for a reference (a key {format} is shown \x7Bformat}).
// HBase's Bytes.toBytesBinary reads it back as the same key.
func KeyText(s string) string { return strings.ReplaceAll(s, "{", `\x7B`) }

// Unquote is a value Words.Set was given, as the user wrote it: Quote undone.
func Unquote(value string) string {
	if len(value) < 2 || value[0] != '"' || value[len(value)-1] != '"' {
		return value
	}
	var b strings.Builder
	for i := 1; i < len(value)-1; i++ {
		if value[i] == '\\' && i+1 < len(value)-1 {
			i++
		}
		b.WriteByte(value[i])
	}
	return b.String()
}

// Words is how a front end names the inputs: Name one input, Set one with its value.
type Words struct {
	Name func(name string) string
	Set  func(name, value string) string
}

// SpecWords names each input by the design's own name, and a setting as a spec's key
// and value: rowkey.prefix: hex:2.
var SpecWords = Words{Name: Design, Set: func(name, value string) string { return name + ": " + value }}

// Expand replaces every {name} in s with name(name), and every {name=value} with
// name(name), a space and the value. A brace that opens no reference of letters, digits,
// '.', '_' and '-' is left as it is, so any other text passes unchanged.
func Expand(s string, name func(string) string) string {
	return Words{Name: name, Set: func(n, v string) string { return name(n) + " " + v }}.Expand(s)
}

// Expand replaces every {name} in s with w.Name(name) and every {name=value} with
// w.Set(name, value).
//
// A double-quoted span ("...", as strconv.Quote, %q and hbytes.Quote write a value, a
// backslash escaping the character after it) is a value, not the library's words, and is
// left as it is: a family named {format}, quoted in a message, stays {format}. A quote
// without its closing one is an ordinary character, and so is every quote after it (no
// span is looked for again, so that text of many lone quotes takes one pass).
func (w Words) Expand(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	stops := "{\""
	for {
		i := strings.IndexAny(s, stops)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		if s[i] == '"' {
			end := quotedEnd(s[i:])
			if end == 1 { // it does not close: no quote after it opens a span either
				stops = "{"
			}
			b.WriteString(s[:i+end])
			s = s[i+end:]
			continue
		}
		j := refEnd(s[i:])
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		ref := s[i+1 : i+j]
		name, value, isSet := strings.Cut(ref, "=")
		if !isName(name) || isSet && strings.HasPrefix(value, ">") { // a Ruby hash: {NAME=>'cf'}
			b.WriteString(s[:i+1])
			s = s[i+1:]
			continue
		}
		b.WriteString(s[:i])
		if isSet {
			b.WriteString(w.Set(name, value))
		} else {
			b.WriteString(w.Name(name))
		}
		s = s[i+j+1:]
	}
}

// refEnd is where the reference s starts with ends: its first '}' outside a quoted value
// (see Set), or -1.
func refEnd(s string) int {
	for k := 1; k < len(s); k++ {
		switch s[k] {
		case '}':
			return k
		case '"':
			k += quotedEnd(s[k:]) - 1
		}
	}
	return -1
}

// quotedEnd is the length of the double-quoted span s starts with, closing quote
// included, or 1 (the quote alone) when it does not close.
func quotedEnd(s string) int {
	for k := 1; k < len(s); k++ {
		switch s[k] {
		case '\\':
			k++
		case '"':
			return k + 1
		}
	}
	return 1
}

// Design names each input by its own name: the form of a spec's messages and lint's.
func Design(name string) string { return name }

func isName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// Error is a library error about one input: its name (the design's, capacity.rows; or the
// library's own, like simulate.ids) and the rule it breaks, worded to follow that name, so
// each front end can put its own name for the input first.
type Error interface {
	error
	Field() string
	Rule() string
}

// Errorf is an Error about the input named name: its text is the name's last part and
// the rule (`ids must be sequential, random or timestamp, got "x"`).
func Errorf(name, format string, args ...any) error {
	return &fieldError{name: name, rule: fmt.Sprintf(format, args...)}
}

type fieldError struct{ name, rule string }

func (e *fieldError) Error() string { return Last(e.name) + " " + e.rule }
func (e *fieldError) Field() string { return e.name }
func (e *fieldError) Rule() string  { return e.rule }

// Last is the last part of a dotted name: region_size of capacity.region_size.
func Last(name string) string { return name[strings.LastIndexByte(name, '.')+1:] }
