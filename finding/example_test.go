package finding_test

import (
	"fmt"

	"github.com/presplit/presplit/finding"
)

func ExampleTally() {
	reports := []finding.Finding{
		{Pos: finding.Pos{Line: 9, Col: 5}, Code: "CF001", Severity: finding.Error, Message: "12 column families", Fix: "merge them"},
		{Pos: finding.Pos{Line: 3, Col: 1}, Code: "CF005", Severity: finding.Warning, Message: "family cf does not set ttl"},
		{Code: "RG009", Severity: finding.Warning, Message: "a finding with no place"},
	}
	n := finding.Tally(reports)
	fmt.Println(reports[0].Pos, reports[0].Severity, n.Errors, n.Warnings, n.Infos)
	// Output: 9:5 error 1 2 0
}
