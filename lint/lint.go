// Package lint reviews a table design against the HBase design guides. Each check is an
// Analyzer with a stable code (CF001, RK002, ...), a one-line doc and a severity, in the
// style of go/analysis and atlas's sqlcheck: Run gives every analyzer a Pass over the Input
// (the design, and the capacity plan and split the plan package derived from it) and each
// reports findings on it. `presplit plan` and `presplit lint` both review through it.
package lint

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/phoenix"
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

// Input is what the analyzers review: the table's design and what the plan package derived
// from it. Findings are judged on the plan as it will be created: Regions is the count
// after --regions, a spec's splits and prefix snapping, not the sizing's.
type Input struct {
	Spec *tablespec.Spec
	// Plan is the capacity model's answer; nil without a volume.
	Plan *capacity.Plan
	// Prefix is the shape of the rowkey's leading bytes (rowkey prefix, or the keys of
	// rowkey algo HexStringSplit/DecimalStringSplit); nil when the key has none.
	Prefix *splits.Prefix
	// Split is the table's split: generated from the prefix, made by a RegionSplitter
	// algorithm, or read from splits file (SplitSource says which); nil when unknown.
	Split       *splits.Split
	SplitSource string // "generated", "algo", "file" or ""
	SplitLines  []int  // with splits file: the line of each key in the file
	// SampleKeys is the number of sample keys the split was cut on (SplitSource "sample").
	SampleKeys uint64
	// PrefixOfSplit says Prefix was read off the split's own algorithm (HexStringSplit's
	// keys are hex of their width), not declared: the split's keys match it by construction.
	PrefixOfSplit bool
	// Suffix is the rowkey suffix as bytes (toBytesBinary of its text).
	Suffix []byte
	// Regions is the number of regions the table is created with: the split's, else splits
	// regions, else the plan's; 0 when unknown.
	Regions int
	// Families is the number of column families that flush together (the memstore
	// ceiling's divisor): the table's, unless the command line says otherwise.
	Families int
	// NoPrefix is set when the design gives nothing to split on: a rowkey without a prefix
	// part, no RegionSplitter algorithm and no splits file.
	NoPrefix bool
	// TTLDays is set when a TTL shorter than the retention sized the table (data expires
	// before the retention ends).
	TTLDays float64
	// Format is the output format the plan is rendered in; "" when lint reviews a spec.
	Format string
	// PlaceholderFamilies: the families are presplit's stand-in for a table the user did
	// not describe (`presplit plan --rows 1e10 --kv 300B` creates family cf with HBase's
	// defaults on purpose); "not set explicitly" is no finding then.
	PlaceholderFamilies bool
	// PhoenixPK is the table's Phoenix primary key, when the design gives one.
	PhoenixPK []phoenix.Column
	// Phoenix is set when the table is created through Phoenix: the design gives a
	// Phoenix primary key, or the plan is rendered as --format phoenix.
	Phoenix bool
}

// Pass is one analyzer's run over the input.
type Pass struct {
	Input
	Analyzer *Analyzer

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

// Run reviews the input with the analyzers (all of Analyzers when none are named) and
// returns the findings ordered by line, column and code.
func Run(in Input, analyzers ...*Analyzer) []Report {
	if len(analyzers) == 0 {
		analyzers = Analyzers
	}
	reports := []Report{}
	for _, a := range analyzers {
		p := Pass{Input: in, Analyzer: a, reports: &reports}
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
	return reports
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
