package finding_test

import (
	"fmt"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/tablespec"
)

func ExampleFinding_Format() {
	r := finding.Finding{Pos: tablespec.Pos{Line: 9, Col: 5}, Code: "CF001", Severity: finding.Error,
		Message: "12 column families", Fix: "merge them"}
	fmt.Println(r.Format("orders.yaml"))
	// Output: orders.yaml:9: error CF001: 12 column families (fix: merge them)
}
