package splits

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/presplit/presplit/hbytes"
)

// TestLongRowsOwnFiniteShares pins that a range wider than float64 (a
// UniformSplit first row of 129 bytes and more, HexStringSplit and DecimalStringSplit
// rows of hundreds of digits) gives finite amounts whose shares are the regions' exact
// widths, measured on the keys themselves with big integers (the oracle), within float64's
// rounding; a narrower range keeps its amounts in rows.
func TestLongRowsOwnFiniteShares(t *testing.T) {
	tests := []struct {
		name, algo, first, last string
		radix                   int // 0: the keys are raw bytes (UniformSplit)
		n                       int
	}{
		{"uniform 129 bytes", "UniformSplit", strings.Repeat("a", 129), "", 0, 7},
		{"uniform 300 bytes to 300", "UniformSplit", strings.Repeat(`\x00`, 300), strings.Repeat(`\xFF`, 300), 0, 10},
		{"uniform 2000 bytes", "UniformSplit", strings.Repeat("b", 2000), strings.Repeat("c", 2000), 0, 3},
		{"hex 300 digits", "HexStringSplit", strings.Repeat("0", 300), strings.Repeat("f", 300), 16, 16},
		{"decimal 400 digits", "DecimalStringSplit", strings.Repeat("0", 400), strings.Repeat("9", 400), 10, 9},
		{"hex 100 digits (rows as the unit)", "HexStringSplit", strings.Repeat("0", 100), strings.Repeat("f", 100), 16, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := RegionSplitter(tt.algo, tt.n, tt.first, tt.last)
			if err != nil {
				t.Fatal(err)
			}
			total := s.Owned.Total()
			if math.IsInf(total, 0) || math.IsNaN(total) || total <= 0 {
				t.Fatalf("total owned %v", total)
			}
			bounds := []*big.Int{bound(t, tt.first, tt.radix, s.Keys.At(0))}
			for i := range s.Keys.Len() {
				bounds = append(bounds, keyInt(t, s.Keys.At(i), tt.radix))
			}
			// the regions' widths from the keys, region 1 from the first row (the last
			// region, to the last row, takes the slop HBase leaves it)
			for i := 1; i < len(bounds); i++ {
				w := new(big.Int).Sub(bounds[i], bounds[i-1])
				checkRatio(t, i-1, s.Owned.At(i-1)/total, s.Owned.At(0)/total, w, bounds[1], bounds[0])
			}
			if tt.name == "hex 100 digits (rows as the unit)" {
				want, _ := new(big.Float).SetInt(new(big.Int).Sub(bounds[1], bounds[0])).Float64()
				if s.Owned.At(0) != want {
					t.Errorf("owned[0] = %v, want %v rows", s.Owned.At(0), want)
				}
			}
		})
	}
}

// checkRatio checks that region i's amount relative to region 0's is its width relative
// to region 0's width (first0..first1), as exactly as a float64 can say.
func checkRatio(t *testing.T, i int, got, got0 float64, w, first1, first0 *big.Int) {
	t.Helper()
	w0 := new(big.Int).Sub(first1, first0)
	want, _ := new(big.Rat).SetFrac(w, w0).Float64()
	if r := got / got0; math.Abs(r-want) > 1e-12*want {
		t.Errorf("region %d owns %v x region 1, its width is %v x", i+1, r, want)
	}
}

// bound is the first row as the split's keys read it, padded as they are.
func bound(t *testing.T, first string, radix int, key0 []byte) *big.Int {
	t.Helper()
	if radix == 0 {
		b, err := hbytes.ToBytesBinary(first)
		if err != nil {
			t.Fatal(err)
		}
		padded := make([]byte, len(key0))
		copy(padded, b)
		return new(big.Int).SetBytes(padded)
	}
	return keyInt(t, []byte(first), radix)
}

func keyInt(t *testing.T, k []byte, radix int) *big.Int {
	t.Helper()
	if radix == 0 {
		return new(big.Int).SetBytes(k)
	}
	x, ok := new(big.Int).SetString(string(k), radix)
	if !ok {
		t.Fatalf("key %q is not base %d", k, radix)
	}
	return x
}
