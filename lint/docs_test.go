package lint

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/internal/golden"
)

// lintDocs is the manual page whose table of checks is generated from Analyzers.
const lintDocs = "../docs/spec-and-lint.md"

// The generated table sits between these two lines of the page.
const (
	codesBegin = "<!-- lint-codes: generated from lint.Analyzers by go test ./lint -update; do not edit -->\n"
	codesEnd   = "<!-- lint-codes: end -->\n"
)

// codesTable is the Markdown table of every analyzer's code, severity and Doc, in
// Analyzers' order.
func codesTable() string {
	var b strings.Builder
	b.WriteString("| code | severity | check |\n|---|---|---|\n")
	for _, a := range Analyzers {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", a.Code, a.Severity, strings.ReplaceAll(a.Doc, "|", `\|`))
	}
	return b.String()
}

// TestDocsLintCodes checks that the manual's table of checks is the one Analyzers make:
// it fails when a check is added, removed or reworded without the table, and
// go test ./lint -update rewrites the table in place.
func TestDocsLintCodes(t *testing.T) {
	data, err := os.ReadFile(lintDocs)
	require.NoError(t, err)
	page := string(data)
	require.Equal(t, 1, strings.Count(page, codesBegin), "%s holds the begin marker once", lintDocs)
	require.Equal(t, 1, strings.Count(page, codesEnd), "%s holds the end marker once", lintDocs)
	start := strings.Index(page, codesBegin) + len(codesBegin)
	end := strings.Index(page, codesEnd)
	require.Less(t, start-1, end, "the begin marker comes before the end marker")
	golden.Check(t, lintDocs, []byte(page[:start]+codesTable()+page[end:]))
}

func TestCodesTable(t *testing.T) {
	table := codesTable()
	lines := strings.Split(strings.TrimSuffix(table, "\n"), "\n")
	require.Len(t, lines, 2+len(Analyzers))
	require.Equal(t, "| CF001 | error | "+CF001.Doc+" |", lines[2])
	seen := map[string]bool{}
	for _, a := range Analyzers {
		require.False(t, seen[a.Code], "code %s listed twice", a.Code)
		seen[a.Code] = true
		require.NotEmpty(t, a.Doc, a.Code)
	}
}
