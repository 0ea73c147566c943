package regions_test

import (
	"fmt"
	"strings"

	"github.com/presplit/presplit/regions"
	"github.com/presplit/presplit/splits"
)

// listRegions prints rows the way hbase shell's list_regions does: every cell
// right-aligned to its column's width as " %*s |", a row of dashes, then " N rows".
func listRegions(rows [][]string) string {
	header := []string{"REGION_NAME", "START_KEY", "END_KEY", "SIZE"}
	width := make([]int, len(header))
	for _, r := range append([][]string{header}, rows...) {
		for i, c := range r {
			width[i] = max(width[i], len(c))
		}
	}
	var b strings.Builder
	line := func(cells []string) {
		for i, c := range cells {
			fmt.Fprintf(&b, " %*s |", width[i], c)
		}
		b.WriteString("\n")
	}
	line(header)
	dashes := make([]string, len(header))
	for i := range dashes {
		dashes[i] = strings.Repeat("-", width[i])
	}
	line(dashes)
	for _, r := range rows {
		line(r)
	}
	fmt.Fprintf(&b, " %d rows\n", len(rows))
	return b.String()
}

// Four regions of a table whose keys start with one hex digit, a salt, against a 10 GiB
// target: the two empty regions of bucket 4 merge (never across a salt bucket's edge: the
// 2,000 MB region before them stays), and the 30,000 MB region, above 2 x the target,
// splits on the bucket edge nearest the middle of the edges inside it.
func ExampleNewPlan() {
	text := listRegions([][]string{
		{"t1,,1.0123456789abcdef0123456789abcdef.", "", "4", "2000"},
		{"t1,4,2.1123456789abcdef0123456789abcdef.", "4", "48", "0"},
		{"t1,48,3.2123456789abcdef0123456789abcdef.", "48", "5", "0"},
		{"t1,5,4.3123456789abcdef0123456789abcdef.", "5", "", "30000"},
	})
	layout, err := regions.ReadListRegions([]byte(text))
	if err != nil {
		panic(err)
	}
	hex1, err := splits.ParsePrefix("hex:1")
	if err != nil {
		panic(err)
	}
	p, err := regions.NewPlan(layout, regions.Options{RegionSize: 10 << 30, Prefix: &hex1, Salt: true, MergeArity: 2})
	if err != nil {
		panic(err)
	}
	for _, m := range p.Merges {
		fmt.Printf("merge regions %d..%d (%d bytes)\n", m.First+1, m.Last+1, m.Size)
	}
	for _, s := range p.Splits {
		fmt.Printf("split region %d at %q\n", s.Index+1, s.Key)
	}
	fmt.Printf("%d regions before, %d after\n", p.Before, p.After)
	// Output:
	// merge regions 2..3 (0 bytes)
	// split region 4 at "a"
	// 4 regions before, 4 after
}
