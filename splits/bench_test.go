package splits

import (
	"fmt"
	"testing"
)

// BenchmarkSplit/<spec>/regions=<n>: generation is O(n) in the output.
func BenchmarkSplit(b *testing.B) {
	for _, spec := range []string{"hex", "dec:7", "hex:16", "chars:0123456789abcdefghijklmnopqrstuvwxyz:8"} {
		p, err := ParsePrefix(spec)
		if err != nil {
			b.Fatal(err)
		}
		for _, n := range []int{100, 10_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/regions=%d", spec, n), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					s, err := Generate(p, n, Options{})
					if err != nil || s.Keys.Len() != n-1 {
						b.Fatal(err)
					}
				}
			})
		}
	}
	b.Run("HexStringSplit/regions=10000", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := RegionSplitter("HexStringSplit", 10_000, "", ""); err != nil {
				b.Fatal(err)
			}
		}
	})
}
