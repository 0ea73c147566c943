// Package lint reviews a table design against the HBase design guides. Each check is an
// Analyzer with a stable code (CF001, RK002, ...), a one-line doc and a severity, in the
// style of go/analysis and atlas's sqlcheck: Run gives every analyzer a Pass over the plan
// (the design, and the capacity sizing and split package plan derived from it) and each
// reports findings on it. `presplit plan` and `presplit lint` both review through it.
package lint

import (
	"fmt"
	"sort"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/tablespec"
)

// Analyzer is one check.
type Analyzer struct {
	Code     string // stable: CF001
	Doc      string // one line: what it finds
	Severity finding.Severity
	Run      func(*Pass)
}

// Pass is one analyzer's run over the plan: the analyzers read the design and what the
// plan derived from it (p.Design, p.Capacity, p.Split, ...). Findings are judged on the
// plan as it will be created: Regions is the count after --regions, a spec's splits and
// prefix snapping, not the sizing's.
type Pass struct {
	*plan.Plan
	Analyzer *Analyzer

	reports *[]finding.Finding
	// cache holds what several analyzers derive alike (the rowkey's placement), once per Run.
	cache *runCache
}

// Report adds a finding with the analyzer's code and severity.
func (p *Pass) Report(pos tablespec.Pos, fix, format string, args ...any) {
	p.ReportSeverity(p.Analyzer.Severity, pos, fix, format, args...)
}

// ReportSeverity adds a finding with its own severity (a warning that becomes an error at
// an extreme, like CF004 at 2147483647 versions).
func (p *Pass) ReportSeverity(sev finding.Severity, pos tablespec.Pos, fix, format string, args ...any) {
	*p.reports = append(*p.reports, finding.Finding{
		Pos: pos.Finding(), Code: p.Analyzer.Code, Severity: sev,
		Message: fmt.Sprintf(format, args...), Fix: fix,
	})
}

// Run reviews the plan with the analyzers (all of Analyzers when none are named) and
// returns the findings ordered by line, column and code. It reads the plan and never
// writes it: the caller keeps the findings (p.Findings = lint.Run(p)).
func Run(p *plan.Plan, analyzers ...*Analyzer) []finding.Finding {
	if len(analyzers) == 0 {
		analyzers = Analyzers
	}
	reports := []finding.Finding{}
	cache := &runCache{}
	for _, a := range analyzers {
		pass := Pass{Plan: p, Analyzer: a, reports: &reports, cache: cache}
		a.Run(&pass)
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

// keyText is a key as a finding shows it: in toStringBinary form, as field.KeyText writes
// it (a brace escaped, so no key reads as an input's name).
func keyText(b []byte) string { return field.KeyText(hbytes.ToStringBinary(b)) }
