package access_test

import (
	"fmt"

	"github.com/presplit/presplit/access"
	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/quantity"
)

// A small, hot table: its bytes need 2 regions, its writes one region on each of 20
// RegionServers.
func ExampleCompute() {
	cp, _ := capacity.Compute(capacity.Input{Volume: capacity.Volume{Rows: 1e7, RowBytes: 1024}, Cluster: capacity.Cluster{RegionServers: 20}})
	rate, _ := quantity.ParseRate("50k/s")
	p, err := access.Compute(access.Input{WriteRate: rate, RegionServers: 20}, &cp)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("regions = max(size %d, write spread %d) = %d\n", p.SizeRegions, p.Spread, p.Regions)
	l := p.At(p.Regions, &cp, nil)
	fmt.Printf("%.0f B/s per region, %.2f flushes a minute, %d of %d servers take writes\n", l.RegionWriteBytes, l.FlushesPerMinute, l.WritingServers, l.Servers)
	// Output:
	// regions = max(size 2, write spread 20) = 20
	// 2560000 B/s per region, 1.14 flushes a minute, 20 of 20 servers take writes
}

// Balance rounds the count up to a multiple of the servers.
func ExampleSizing_At() {
	cp, _ := capacity.Compute(capacity.Input{Volume: capacity.Volume{Rows: 2e8, RowBytes: 1024}, Cluster: capacity.Cluster{RegionServers: 20}})
	for _, balance := range []bool{false, true} {
		p, _ := access.Compute(access.Input{WriteRate: quantity.Rate{PerSecond: 50e3}, RegionServers: 20, Balance: balance}, &cp)
		l := p.At(p.Regions, &cp, nil)
		fmt.Printf("balance %t: %d regions, %d to %d per server, busiest server %.0f B/s\n", balance, p.Regions, l.FewestRegions, l.MostRegions, l.ServerWriteBytes)
	}
	// Output:
	// balance false: 29 regions, 1 to 2 per server, busiest server 3531034 B/s
	// balance true: 40 regions, 2 to 2 per server, busiest server 2560000 B/s
}
