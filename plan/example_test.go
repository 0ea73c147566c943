package plan_test

import (
	"fmt"

	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/tablespec"
)

// A design sized to 420 regions, created with 1000 on ten 16 GiB RegionServers: the
// findings are judged on the 1000 regions the table is created with.
func ExampleBuild() {
	d, err := tablespec.Parse("orders.yaml", []byte(`table: ns:orders
families:
  - {name: o, versions: 1, ttl: 365d, compression: SNAPPY, bloom: ROW}
rowkey: {prefix: hex:3}
capacity: {rows: 1e10, kv: 300B}
cluster: {region_servers: 10, heap: 16GiB}
splits: {regions: 1000}
`))
	if err != nil {
		panic(err)
	}
	p, err := plan.Build(d, plan.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("sized %d, created %d regions, first key %s\n", p.Capacity.Regions, p.Regions, p.Split.Keys.At(0))
	for _, f := range lint.Run(p) {
		fmt.Println(f.Severity, f.Code)
	}
	// Output:
	// sized 420, created 1000 regions, first key 004
	// warning RG003
}

func ExampleTable_Validate() {
	t := plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf", BlockSize: 512}}}
	fmt.Println(t.Validate())
	// Output: family "cf": BLOCKSIZE "512": must be between 1K and 16MB (1024..16777216 bytes)
}
