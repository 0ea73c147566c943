package htmlpage_test

import (
	"fmt"

	"github.com/presplit/presplit/htmlpage"
)

// 2,500 regions make 834 buckets of 3: each with its regions' min, mean and max, and the
// class of its most urgent region.
func ExampleAggregate() {
	sizes := func(i int) float64 { return float64(i % 4) }
	action := func(i int) string {
		if i == 4 {
			return "split"
		}
		return "keep"
	}
	marks, per := htmlpage.Aggregate(htmlpage.Series{N: 2500, Value: sizes, Class: action}, []string{"split", "keep"})
	fmt.Println(len(marks), "buckets of", per)
	for _, m := range marks[:2] {
		fmt.Printf("regions %d-%d: min %g, mean %g, max %g, %s (%s)\n", m.First, m.Last, m.Min, m.Value, m.Max, m.Class, m.Classes)
	}
	last := marks[len(marks)-1]
	fmt.Printf("regions %d-%d: sum %g\n", last.First, last.Last, last.Sum)
	// Output:
	// 834 buckets of 3
	// regions 1-3: min 0, mean 1, max 2, keep (3 keep)
	// regions 4-6: min 0, mean 1.3333333333333333, max 3, split (2 keep, 1 split)
	// regions 2500-2500: sum 3
}
