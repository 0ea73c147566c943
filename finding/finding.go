// Package finding holds what a review of a plan says: a finding's severity, code, place,
// message and fix, and their counts. It sits below the planner that makes findings (plan,
// lint) and the renderers and commands that print them, so all of them import it and
// none imports another for it. It is a leaf: it imports no other presplit package (its
// test checks the import graph), so its place is its own Pos, which tablespec's Pos
// converts to, and the text and JSON forms, which quote values, belong to the command
// that prints them.
package finding

import "fmt"

// Pos is where a finding points: a 1-based line and column of the spec, or the zero Pos
// when the finding has no place in a file (a value given on the command line).
type Pos struct {
	Line int
	Col  int
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

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
	Pos      Pos
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
