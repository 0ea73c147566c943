package render

import (
	"fmt"

	"github.com/presplit/presplit/quote"
)

// quoter writes a format's values through package quote, the only way a value enters
// generated code, and keeps the first value the context refuses: the format then fails
// with a FormatError naming the value, e.g.
//
//	format shell: SPLITS_FILE "a\x0Ab": a Ruby single-quoted string cannot carry the control byte \x0A
type quoter struct {
	format string
	err    error
}

func (q *quoter) fail(what string, err error) {
	if q.err == nil {
		q.err = &FormatError{Format: q.format, Reason: what + " " + err.Error()}
	}
}

// quoted is s through the context's quoting function; what names s in an error, and a
// refused value leaves empty, the context's empty literal, in its place.
func (q *quoter) quoted(what, s string, quoteFn func(string) (string, error), empty string) string {
	out, err := quoteFn(s)
	if err != nil {
		q.fail(what, err)
		return empty
	}
	return out
}

// ruby is s as a Ruby single-quoted string.
func (q *quoter) ruby(what, s string) string { return q.quoted(what, s, quote.RubySingle, "''") }

// rubyKey is split key i (from 1), its toStringBinary text s, as a Ruby single-quoted
// string: ruby, with the key's name made only for an error (with millions of keys, a
// name made for each was a third of the statement's time).
func (q *quoter) rubyKey(i int, s string) string {
	if out, err := quote.RubySingle(s); err == nil {
		return out
	}
	return q.ruby(fmt.Sprintf("split key %d", i), s) // refused: named, and failed, as ruby does
}

// bash is s as one bash word.
func (q *quoter) bash(what, s string) string { return q.quoted(what, s, quote.BashWord, "''") }

// hcl is s as an HCL string.
func (q *quoter) hcl(what, s string) string { return q.quoted(what, s, quote.HCLString, `""`) }

// java is s as a Java string literal.
func (q *quoter) java(what, s string) string { return q.quoted(what, s, quote.JavaString, `""`) }

// csv is s as a CSV text cell (quote.CSVCell: a formula's lead neutralized).
func (q *quoter) csv(what, s string) string { return q.quoted(what, s, quote.CSVCell, "") }

// csvKey is a key's toStringBinary text s as a CSV cell (quote.CSVKey: a formula's first
// byte as \xNN, so the cell still reads back as the key).
func (q *quoter) csvKey(what, s string) string {
	return q.quoted(what, s, func(s string) (string, error) {
		if _, err := quote.CSVCell(s); err != nil {
			return "", err
		}
		return quote.CSVKey(s), nil
	}, "")
}
