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

func ExampleCheckTableName() {
	for _, name := range []string{"ns:orders", "über", "zookeeper:t", "hbase:meta"} {
		fmt.Printf("%s: %v\n", name, hbase.CheckTableName(name))
	}
	// Output:
	// ns:orders: <nil>
	// über: a table name may contain only ASCII letters, digits, '_', '-' and '.'
	// zookeeper:t: HBase refuses a namespace named zookeeper (ZooKeeper reserves that znode)
	// hbase:meta: the namespace hbase holds HBase's system tables; put the table in default or a namespace of its own
}

func ExampleCheckFamilyName() {
	fmt.Println(hbase.CheckFamilyName("d"))
	fmt.Println(hbase.CheckFamilyName("recovered.edits"))
	// Output:
	// <nil>
	// HBase refuses a column family named recovered.edits (a region's folder of edits to replay)
}

func ExampleShellTTL() {
	for _, s := range []string{"30 DAYS", "1 DAY 2 HOURS", "1 WEEK", "2 HOURS 1 DAY", "FOREVER"} {
		secs, err := hbase.ShellTTL(s)
		fmt.Printf("%q -> %d %v\n", s, secs, err)
	}
	// Output:
	// "30 DAYS" -> 2592000 <nil>
	// "1 DAY 2 HOURS" -> 93600 <nil>
	// "1 WEEK" -> 0 <nil>
	// "2 HOURS 1 DAY" -> 0 <nil>
	// "FOREVER" -> 2147483647 <nil>
}
