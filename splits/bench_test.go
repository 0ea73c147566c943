package splits

import (
	"bytes"
	"fmt"
	"io"
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

// BenchmarkReadFile reads a SPLITS_FILE of hex keys, as HexStringSplit writes them.
func BenchmarkReadFile(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		var file bytes.Buffer
		for i := range n {
			fmt.Fprintf(&file, "%08x\n", uint64(i+1)*(1<<32)/uint64(n+1))
		}
		b.Run(fmt.Sprintf("keys=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(file.Len()))
			for i := 0; i < b.N; i++ {
				if _, err := ReadFile(bytes.NewReader(file.Bytes())); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReadFileSized reads the SPLITS_FILE `splits --prefix hex --format splits-file`
// writes, pre-sized as the commands read a named file, with each reader: ReadFileSized (a
// slice a key) and ReadFileKeys (the keys in one buffer, as the commands read them).
func BenchmarkReadFileSized(b *testing.B) {
	readers := []struct {
		name string
		read func(io.Reader, LineRead, int64) (*File, error)
	}{{"sized", ReadFileSized}, {"keys", ReadFileKeys}}
	for _, n := range []int{1000, 1000000} {
		var file bytes.Buffer
		for i := range n {
			fmt.Fprintf(&file, "%07x\n", uint64(i+1)*(1<<28)/uint64(n+1))
		}
		for _, r := range readers {
			b.Run(fmt.Sprintf("keys=%d/reader=%s", n, r.name), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(file.Len()))
				for i := 0; i < b.N; i++ {
					f, err := r.read(bytes.NewReader(file.Bytes()), ReadChomp, int64(file.Len()))
					if err != nil {
						b.Fatal(err)
					}
					if f.SplitKeys().Len() != n {
						b.Fatal("keys lost")
					}
				}
			})
		}
	}
}
