package quantity_test

import (
	"fmt"

	"github.com/presplit/presplit/quantity"
)

func ExampleSize() {
	for _, s := range []string{"10g", "10 GB", "10GiB", "64KB", "300.7B", "1e3"} {
		v, err := quantity.Size(s)
		fmt.Println(s, v, err)
	}
	// Output:
	// 10g 1.073741824e+10 <nil>
	// 10 GB 1.073741824e+10 <nil>
	// 10GiB 1.073741824e+10 <nil>
	// 64KB 65536 <nil>
	// 300.7B 300.7 <nil>
	// 1e3 0 not a number
}

func ExampleWholeSize() {
	for _, s := range []string{"1.5K", "0.5B"} {
		n, err := quantity.WholeSize(s)
		fmt.Println(s, n, err)
	}
	// Output:
	// 1.5K 1536 <nil>
	// 0.5B 0 not a whole number
}

func ExampleCount() {
	for _, s := range []string{"1e10", "10G", "10k", "5e18"} {
		v, err := quantity.Count(s)
		fmt.Println(s, v, err)
	}
	// Output:
	// 1e10 1e+10 <nil>
	// 10G 1e+10 <nil>
	// 10k 10000 <nil>
	// 5e18 0 too large
}
