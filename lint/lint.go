// Package lint reviews a table spec against the HBase design guides. Each check is an
// Analyzer with a stable code (CF001, RK002, ...), a one-line doc and a severity, in the
// style of go/analysis and atlas's sqlcheck: Run builds a Pass (the spec, its capacity plan
// and split when they can be computed) and every analyzer reports findings on it.
package lint

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/splits"
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

// Analyzer is one check.
type Analyzer struct {
	Code     string // stable: CF001
	Doc      string // one line: what it finds
	Severity Severity
	Run      func(*Pass)
}

// Report is one finding: what, where and how to fix it.
type Report struct {
	Pos      tablespec.Pos
	Code     string
	Severity Severity
	Message  string
	Fix      string
}

// Pass is the input of the analyzers: the spec and what presplit can derive from it.
type Pass struct {
	Analyzer *Analyzer
	Spec     *tablespec.Spec
	// Plan is the capacity model's answer; nil without a capacity section.
	Plan *capacity.Plan
	// Prefix is the shape of the rowkey's leading bytes (rowkey prefix, or the keys of
	// rowkey algo HexStringSplit/DecimalStringSplit); nil when the key has none.
	Prefix *splits.Prefix
	// Split is the table's split: generated from the prefix, made by a RegionSplitter
	// algorithm, or read from splits file (SplitSource says which); nil when unknown.
	Split       *splits.Split
	SplitSource string // "generated", "algo", "file" or ""
	SplitLines  []int  // with splits file: the line of each key in the file
	// Regions is the number of regions the table is created with: the split's, else splits
	// regions, else the plan's; 0 when unknown.
	Regions int

	reports *[]Report
}

// Report adds a finding with the analyzer's code and severity.
func (p *Pass) Report(pos tablespec.Pos, fix, format string, args ...any) {
	p.ReportSeverity(p.Analyzer.Severity, pos, fix, format, args...)
}

// ReportSeverity adds a finding with its own severity (a warning that becomes an error at
// an extreme, like CF004 at 2147483647 versions).
func (p *Pass) ReportSeverity(sev Severity, pos tablespec.Pos, fix, format string, args ...any) {
	*p.reports = append(*p.reports, Report{
		Pos: pos, Code: p.Analyzer.Code, Severity: sev,
		Message: fmt.Sprintf(format, args...), Fix: fix,
	})
}

// Options are the inputs of Run besides the spec.
type Options struct {
	// SplitFile holds the keys of the spec's splits file (tablespec.ParseSplitsFile) and their
	// lines; the caller reads the file, lint reads no files.
	SplitFile      [][]byte
	SplitFileLines []int
	// Analyzers to run; nil means all of Analyzers.
	Analyzers []*Analyzer
}

// Run reviews the spec and returns its findings ordered by line, column and code. The error
// is a *tablespec.Error for a value the spec parser cannot judge alone (a prefix grammar, a
// capacity the model refuses).
func Run(s *tablespec.Spec, opt Options) ([]Report, error) {
	base, err := newPass(s, opt)
	if err != nil {
		return nil, err
	}
	analyzers := opt.Analyzers
	if analyzers == nil {
		analyzers = Analyzers
	}
	reports := []Report{}
	for _, a := range analyzers {
		p := *base
		p.Analyzer = a
		p.reports = &reports
		a.Run(&p)
	}
	sort.SliceStable(reports, func(i, j int) bool {
		a, b := reports[i], reports[j]
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Col != b.Pos.Col {
			return a.Pos.Col < b.Pos.Col
		}
		return a.Code < b.Code
	})
	return reports, nil
}

// Count tallies reports by severity.
type Count struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}

// Tally counts the reports by severity.
func Tally(reports []Report) Count {
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
func MarshalJSON(file string, reports []Report) ([]byte, error) {
	doc := JSON{File: file, Findings: []JSONReport{}, Count: Tally(reports)}
	for _, r := range reports {
		doc.Findings = append(doc.Findings, JSONReport{
			File: file, Line: r.Pos.Line, Column: r.Pos.Col, Severity: r.Severity,
			Code: r.Code, Message: r.Message, Fix: r.Fix,
		})
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Format is the text form of one finding: FILE:LINE: SEVERITY CODE: message (fix: ...).
func (r Report) Format(file string) string {
	s := fmt.Sprintf("%s:%d: %s %s: %s", file, r.Pos.Line, r.Severity, r.Code, r.Message)
	if r.Fix != "" {
		s += " (fix: " + r.Fix + ")"
	}
	return s
}
