package distribution

import (
	"os"
	"testing"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/splits"
)

func benchGridTmp(b *testing.B, grid bool, workers int) {
	f, _ := os.Open("/tmp/keys/cut1m-splits.txt")
	st, _ := f.Stat()
	sf, _ := splits.ReadFileKeys(f, splits.LineReadFor(hbase.Version{}), st.Size())
	keys := sf.SplitKeys().Slices()
	if !grid {
		gridFrom = 1 << 30
		defer func() { gridFrom = 1 << 17 }()
	}
	loc, _ := NewLocator(keys)
	b.ResetTimer()
	for range b.N {
		kf, _ := os.Open("/tmp/keys/keys-hex-512.txt")
		Count(kf, loc, Options{Workers: workers})
		kf.Close()
	}
}
func BenchmarkGridTmp1(b *testing.B) { benchGridTmp(b, true, 1) }
func BenchmarkOldTmp1(b *testing.B)  { benchGridTmp(b, false, 1) }
func BenchmarkGridTmp2(b *testing.B) { benchGridTmp(b, true, 2) }
func BenchmarkOldTmp2(b *testing.B)  { benchGridTmp(b, false, 2) }
