package hbase_test

import (
	"fmt"

	"github.com/presplit/presplit/hbase"
)

func ExampleParseBlockSize() {
	for _, s := range []string{"64KiB", "65536", "64KB", "64k", "32MiB"} {
		n, err := hbase.ParseBlockSize(s)
		fmt.Println(n, err)
	}
	// Output:
	// 65536 <nil>
	// 65536 <nil>
	// 65536 <nil>
	// 65536 <nil>
	// 0 must be between 1K and 16MB (1024..16777216 bytes)
}

func ExampleCanonical() {
	fmt.Println(hbase.Canonical(hbase.Encodings, "fast_diff"))
	fmt.Println(hbase.Canonical(hbase.Compressions, "gzip"))
	// Output:
	// FAST_DIFF true
	//  false
}
