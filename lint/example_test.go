package lint_test

import (
	"fmt"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/tablespec"
)

func ExampleRun() {
	s, err := tablespec.Parse("events.yaml", []byte(`table: ns:events
families:
  - {name: e, versions: 1, ttl: 1 WEEK, compression: SNAPPY, bloom: ROW}
rowkey:
  parts:
    - {name: ts, kind: timestamp, width: 8}
    - {name: user_id, kind: id, width: 10}
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := plan.Build(s, plan.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	reports := lint.Run(p)
	for _, r := range reports {
		fmt.Println(r.Pos.Line, r.Severity, r.Code)
	}
	fmt.Printf("%+v\n", finding.Tally(reports))
	// Output:
	// 3 error CF006
	// 6 error RK002
	// {Errors:2 Warnings:0 Infos:0}
}
