// Package finding holds what a review of a plan says: a finding's severity, code, place,
// message and fix, and the text and JSON forms every command prints them in. It sits below
// the planner that makes findings (plan, lint) and the renderers that print them, so both
// import it and neither imports the other for it.
package finding

import (
	"encoding/json"
	"fmt"

	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/tablespec"
)

// Severity of a finding.
type Severity int

// Severities, mildest first.
const (
	Info Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// MarshalText writes the severity as its name in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Finding is one finding: what, where and how to fix it.
type Finding struct {
	Pos      tablespec.Pos
	Code     string
	Severity Severity
	Message  string
	Fix      string
}

// Count tallies findings by severity.
type Count struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}

// Tally counts the reports by severity.
func Tally(reports []Finding) Count {
	var c Count
	for _, r := range reports {
		switch r.Severity {
		case Error:
			c.Errors++
		case Warning:
			c.Warnings++
		default:
			c.Infos++
		}
	}
	return c
}

// JSONReport is the --format json form of one finding.
type JSONReport struct {
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Message  string   `json:"message"`
	Fix      string   `json:"fix,omitempty"`
}

// JSON is the --format json document.
type JSON struct {
	File     string       `json:"file"`
	Findings []JSONReport `json:"findings"`
	Count    Count        `json:"count"`
}

// MarshalJSON renders the findings of file as the --format json document, with one
// trailing newline.
func MarshalJSON(file string, reports []Finding) ([]byte, error) {
	doc := JSON{File: file, Findings: []JSONReport{}, Count: Tally(reports)}
	for _, r := range reports {
		doc.Findings = append(doc.Findings, JSONReport{
			File: file, Line: r.Pos.Line, Column: r.Pos.Col, Severity: r.Severity,
			Code: r.Code, Message: r.Message, Fix: r.Fix,
		})
	}
	quote.JSONText(&doc) // a file name that is not UTF-8 keeps its bytes, as \xNN
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(quote.JSONVisible(b), '\n'), nil // DEL, C1, bidi and invisible characters as \uXXXX
}

// Format is the text form of one finding: FILE:LINE: SEVERITY CODE: message (fix: ...).
// It is terminal text (quote.Terminal): a line break or ESC from a value in the message (a
// qualifier, a part name) or the file name is shown \xNN, so one finding is one line and
// no value can print a line that looks like another finding.
func (r Finding) Format(file string) string {
	s := fmt.Sprintf("%s:%d: %s %s: %s", quote.Terminal(file), r.Pos.Line, r.Severity, r.Code, quote.Terminal(r.Message))
	if r.Fix != "" {
		s += " (fix: " + quote.Terminal(r.Fix) + ")"
	}
	return s
}
