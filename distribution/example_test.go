package distribution_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/presplit/presplit/distribution"
	"github.com/presplit/presplit/splits"
)

func ExampleLocator_Locate() {
	loc, _ := distribution.NewLocator([][]byte{[]byte("10"), []byte("20")})
	for _, k := range []string{"", "05", "10", "1999", "20", "z"} {
		fmt.Printf("%q -> region %d\n", k, loc.Locate([]byte(k)))
	}
	// Output:
	// "" -> region 0
	// "05" -> region 0
	// "10" -> region 1
	// "1999" -> region 1
	// "20" -> region 2
	// "z" -> region 2
}

func ExampleCount() {
	loc, _ := distribution.NewLocator([][]byte{[]byte("4"), []byte("8")})
	res, err := distribution.Count(strings.NewReader("1\r\n5\n9\n\n7"), loc, distribution.Options{})
	fmt.Println(res.Counts, res.Keys, err)
	// Output:
	// [2 2 1] 5 <nil>
}

func ExampleSummarize() {
	s := distribution.Summarize([]int64{10, 30, 20, 0})
	fmt.Printf("mean %.1f, largest region %d (%.0f%%), skew %.1f, empty %d\n",
		s.Mean, s.Largest, 100*s.LargestShare, s.Skew, s.Empty)
	// Output:
	// mean 15.0, largest region 2 (50%), skew 2.0, empty 1
}

func ExampleWriteTable() {
	d := distribution.Distribution{Splits: splits.KeysOf([]byte("4"), []byte("8")), Counts: []int64{2, 6, 0}}
	_ = distribution.WriteTable(os.Stdout, d, 50)
	// Output:
	// region  start key  end key  keys  share
	// 1                  4        2     25.00%  ██▎
	// 2       4          8        6     75.00%  ███████
	// 3       8                   0     0.00%
	//
	// keys                      8
	// regions                   3
	// mean keys per region      2.67
	// largest region            2: 6 keys, 75.00%
	// skew (largest / mean)     2.25
	// coefficient of variation  0.94
	// empty regions             1
}

func ExampleWriteCSV() {
	d := distribution.Distribution{Splits: splits.KeysOf([]byte{0x00, 'a'}), Counts: []int64{1, 3}}
	_ = distribution.WriteCSV(os.Stdout, d)
	// Output:
	// region,start_key,end_key,keys,share
	// 1,,\x00a,1,0.25
	// 2,\x00a,,3,0.75
}
