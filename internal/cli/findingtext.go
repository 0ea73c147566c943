package cli

import (
	"encoding/json"
	"fmt"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/quote"
)

// The text and JSON forms of lint's findings live here, beside the command that prints
// them, rather than in package finding: they quote the file name and the messages
// (quote.Terminal, quote.JSONText), and finding stays a leaf that imports no presplit
// package.

// findingJSON is the --format json form of one finding.
type findingJSON struct {
	File     string           `json:"file"`
	Line     int              `json:"line"`
	Column   int              `json:"column"`
	Severity finding.Severity `json:"severity"`
	Code     string           `json:"code"`
	Message  string           `json:"message"`
	Fix      string           `json:"fix,omitempty"`
}

// findingsJSON is lint's --format json document.
type findingsJSON struct {
	File     string        `json:"file"`
	Findings []findingJSON `json:"findings"`
	Count    finding.Count `json:"count"`
}

// marshalFindings renders the findings of file as the --format json document, with one
// trailing newline.
func marshalFindings(file string, reports []finding.Finding) ([]byte, error) {
	doc := findingsJSON{File: file, Findings: []findingJSON{}, Count: finding.Tally(reports)}
	for _, r := range reports {
		doc.Findings = append(doc.Findings, findingJSON{
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

// formatFinding is the text form of one finding: FILE:LINE: SEVERITY CODE: message (fix:
// ...). It is terminal text (quote.Terminal): a line break or ESC from a value in the
// message (a qualifier, a part name) or the file name is shown \xNN, so one finding is one
// line and no value can print a line that looks like another finding.
func formatFinding(file string, r finding.Finding) string {
	s := fmt.Sprintf("%s:%d: %s %s: %s", quote.Terminal(file), r.Pos.Line, r.Severity, r.Code, quote.Terminal(r.Message))
	if r.Fix != "" {
		s += " (fix: " + quote.Terminal(r.Fix) + ")"
	}
	return s
}
