package regions

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"strings"
)

// SyntheticListRegions prints n regions as list_regions does (default columns): hex keys,
// three servers, deterministic sizes (a third empty, some above 20 GiB). For benchmarks.
func SyntheticListRegions(n int) []byte {
	type row [7]string
	rows := make([]row, n)
	widths := [7]int{12, 12, 10, 10, 5, 5, 10}
	for i := range rows {
		start := ""
		if i > 0 {
			start = fmt.Sprintf("%08x", uint64(i)*(1<<32)/uint64(n))
		}
		end := ""
		if i+1 < n {
			end = fmt.Sprintf("%08x", uint64(i+1)*(1<<32)/uint64(n))
		}
		name := fmt.Sprintf("bench,%s,%d", start, 1700000000000+i)
		sum := md5.Sum([]byte(name))
		size := (i * 7919) % 12000
		switch {
		case i%3 == 0:
			size = 0
		case i%97 == 0:
			size = 25000
		}
		rows[i] = row{fmt.Sprintf("rs%d.example.com,16020,1700000000000", i%3), name + "." + hex.EncodeToString(sum[:]) + ".",
			start, end, fmt.Sprint(size), fmt.Sprint(size * 31), "1.0"}
		for c, v := range rows[i] {
			widths[c] = max(widths[c], len(v))
		}
	}
	var b strings.Builder
	cell := func(w int, v string) { fmt.Fprintf(&b, " %*s |", w, v) }
	for c, h := range listRegionsColumns {
		cell(widths[c], h)
	}
	b.WriteByte('\n')
	for c := range listRegionsColumns {
		cell(widths[c], strings.Repeat("-", widths[c]))
	}
	b.WriteByte('\n')
	for _, r := range rows {
		for c, v := range r {
			cell(widths[c], v)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, " %d rows\n", n)
	return []byte(b.String())
}
