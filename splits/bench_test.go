package splits

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
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

// BenchmarkReadFileKeys reads a SPLITS_FILE of a million keys as the commands read a named
// file (ReadFileKeys, sized): a cut's keys (the shortest hex prefix after the key above, 1
// to 10 digits) and user keys ("user-" and 3 to 35 digits, sorted), once each way a shell
// reads a line.
func BenchmarkReadFileKeys(b *testing.B) {
	const n = 1_000_000
	files := []struct {
		name string
		file []byte
	}{{"cut", cutKeysFile(n)}, {"user", userKeysFile(n)}}
	for _, f := range files {
		for _, how := range []LineRead{ReadChomp, ReadEither} {
			b.Run(fmt.Sprintf("keys=%s/read=%d", f.name, how), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(f.file)))
				for b.Loop() {
					got, err := ReadFileKeys(bytes.NewReader(f.file), how, int64(len(f.file)))
					if err != nil {
						b.Fatal(err)
					}
					if got.Len() < n/2 {
						b.Fatal("keys lost")
					}
				}
			})
		}
	}
}

// cutKeysFile is n sorted keys as a cut of a sample writes them: of each of n sorted random
// 40-bit numbers in hex, the shortest prefix after the key above.
func cutKeysFile(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	nums := make([]uint64, n)
	for i := range nums {
		nums[i] = rng.Uint64N(1 << 40)
	}
	slices.Sort(nums)
	var file bytes.Buffer
	prev := ""
	for _, v := range nums {
		full := fmt.Sprintf("%010x", v)
		key := full
		for w := 1; w < len(full); w++ {
			if full[:w] > prev {
				key = full[:w]
				break
			}
		}
		if key > prev {
			file.WriteString(key + "\n")
			prev = key
		}
	}
	return file.Bytes()
}

// userKeysFile is n sorted user keys: "user-" and 3 to 35 random digits.
func userKeysFile(n int) []byte {
	rng := rand.New(rand.NewPCG(3, 4))
	keys := make([]string, n)
	for i := range keys {
		digits := make([]byte, 3+rng.IntN(33))
		for j := range digits {
			digits[j] = byte('0' + rng.IntN(10))
		}
		keys[i] = "user-" + string(digits)
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	return []byte(strings.Join(keys, "\n") + "\n")
}
