package capacity_test

import (
	"fmt"

	"github.com/presplit/presplit/capacity"
)

// Ten billion rows of 300 bytes with the defaults: no compression, redundancy 1.5,
// 10 GiB regions, HDFS replication 3.
func ExampleCompute() {
	p, err := capacity.Compute(capacity.Input{Volume: capacity.Volume{Rows: 1e10, RowBytes: 300}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("raw %.1f TB, planned %.1f TB, %d regions (%.1f rounded up), disk %.1f TB\n",
		p.RawBytes/1e12, p.PlannedBytes/1e12, p.Regions, p.ExactRegions, p.DiskBytes/1e12)
	// Output: raw 3.0 TB, planned 4.5 TB, 420 regions (419.1 rounded up), disk 13.5 TB
}

// 500 GB a day kept for 30 days.
func ExampleCompute_daily() {
	p, err := capacity.Compute(capacity.Input{Volume: capacity.Volume{Daily: 500e9, RetentionDays: 30}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("raw %.1f TB, planned %.1f TB, %d regions\n", p.RawBytes/1e12, p.PlannedBytes/1e12, p.Regions)
	// Output: raw 15.0 TB, planned 22.5 TB, 2096 regions
}

// A row described by its cells: long qualifiers are stored in every cell.
func ExampleCells_RowBytes() {
	c := capacity.Cells{Count: 6, RowLen: 16, FamilyLen: 2, QualifierLen: 12, ValueLen: 100, Versions: 1}
	fmt.Println(c.CellBytes(), c.RowBytes())
	// Output: 150 900
}

// With a cluster described, the plan states the regions per server and the memstore
// ceiling (lint judges them on the regions the table is created with).
func ExampleCompute_cluster() {
	p, _ := capacity.Compute(capacity.Input{
		Volume:  capacity.Volume{Rows: 1e10, RowBytes: 300},
		Cluster: capacity.Cluster{RegionServers: 4, Heap: 16 << 30},
	})
	fmt.Printf("%.0f regions per server, ceiling %.1f\n", p.RegionsPerServer, p.MemstoreCeiling)
	// Output:
	// 105 regions per server, ceiling 51.2
}
