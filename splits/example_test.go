package splits_test

import (
	"fmt"
	"strings"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

func ExampleParsePrefix() {
	for _, spec := range []string{"dec:2", "chars:zyx:2", "byte:16", "hex", "hex:0"} {
		p, err := splits.ParsePrefix(spec)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %d bytes per position, width %d, size %v\n", p, len(p.Alphabet), p.Width, p.Size())
	}
	// Output:
	// dec:2: 10 bytes per position, width 2, size 100
	// chars:xyz:2: 3 bytes per position, width 2, size 9
	// byte:16: 16 bytes per position, width 1, size 16
	// hex: 16 bytes per position, width 0, size <nil>
	// invalid prefix "hex:0": width must be a whole number from 1 to 64, got "0"
}

func ExampleGenerate() {
	p, _ := splits.ParsePrefix("dec:2")
	s, _ := splits.Generate(p, 4, splits.Options{})
	for _, k := range s.Keys.All() {
		fmt.Println(hbytes.ToStringBinary(k))
	}
	fmt.Println(s.Owned.Values(), s.Imbalance())

	s, _ = splits.Generate(p, 4, splits.Options{Suffix: []byte("|")})
	for _, k := range s.Keys.All() {
		fmt.Println(hbytes.ToStringBinary(k))
	}

	s, _ = splits.Generate(p, 37, splits.Options{Align: "even"})
	fmt.Println(s.Regions(), s.Notes)

	_, err := splits.Generate(p, 420, splits.Options{})
	fmt.Println(err)
	// Output:
	// 25
	// 50
	// 75
	// [25 25 25 25] 1
	// 24|
	// 49|
	// 74|
	// 50 [{splits.align} even raised 37 regions to 50: 2 prefixes of dec:2 each]
	// 420 regions exceed the 100 prefixes of dec:2; use dec:3 (1000) or at most 100 regions
}

func ExampleGenerate_phoenix() {
	p, _ := splits.ParsePrefix("byte:4")
	s, _ := splits.Generate(p, 4, splits.Options{})
	for _, k := range s.Keys.All() {
		fmt.Println(hbytes.ToStringBinary(k))
	}
	// Output:
	// \x01
	// \x02
	// \x03
}

func ExampleRegionSplitter() {
	s, _ := splits.RegionSplitter("HexStringSplit", 4, "", "")
	for _, k := range s.Keys.All() {
		fmt.Println(hbytes.ToStringBinary(k))
	}
	s, _ = splits.RegionSplitter("UniformSplit", 3, "", "")
	for _, k := range s.Keys.All() {
		fmt.Println(hbytes.ToStringBinary(k))
	}
	_, err := splits.RegionSplitter("HexStringSplit", 17, "0", "f")
	fmt.Println(err)
	// Output:
	// 40000000
	// 80000000
	// c0000000
	// UUUUUUUU
	// \xAA\xAA\xAA\xAA\xAA\xAA\xAA\xAA
	// split granularity (17) is greater than the range (16)
}

func ExampleReadFile() {
	f, err := splits.ReadFile(strings.NewReader("20\r\n10\n\\x00\\xFF\n"))
	fmt.Println(len(f.Keys), f.Lines, err)
	for _, k := range f.Keys {
		fmt.Printf("%q\n", k)
	}
	for _, w := range f.Warnings {
		fmt.Println(w)
	}
	_, err = splits.ReadFile(strings.NewReader("10\n\n20\n"))
	fmt.Println(err)
	// Output:
	// 3 [3 2 1] <nil>
	// "\x00\xff"
	// "10"
	// "20"
	// line 2: "10" sorts before "20" on line 1: HBase sorts the keys (unsigned bytes), so the regions follow the sorted order, not the file's
	// line 2: empty split key: HBase rejects it ("Empty split key must not be passed in the split keys.")
}
