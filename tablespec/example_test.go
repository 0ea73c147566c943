package tablespec_test

import (
	"fmt"

	"github.com/presplit/presplit/tablespec"
)

func ExampleParse() {
	s, err := tablespec.Parse("orders.yaml", []byte("table: ns:orders\nfamilies:\n  - {name: cf, ttl: 30d, block_size: 64KiB}\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	f := s.Families[0]
	secs, _ := f.TTLSeconds()
	fmt.Println(s.Table.V, f.Name.V, secs, f.BlockSize.V, f.TTL.Pos)

	_, err = tablespec.Parse("orders.yaml", []byte("families:\n  - {name: cf, versions: many}\n"))
	fmt.Println(err)
	// Output:
	// ns:orders cf 2592000 65536 3:21
	// orders.yaml:2:26: versions must be an integer, got the string "many"
}
