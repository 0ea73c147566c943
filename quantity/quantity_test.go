package quantity

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCount(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		err  error
	}{
		{in: "1e10", want: 1e10},
		{in: "10000000000", want: 1e10},
		{in: "2.5e9", want: 2.5e9},
		{in: "10G", want: 1e10},
		{in: "1.5M", want: 1.5e6},
		{in: "2k", want: 2000},
		{in: "2K", want: 2000},
		{in: "10m", want: 1e7},
		{in: "3T", want: 3e12},
		{in: " 42 ", want: 42},
		{in: "0", err: ErrNotPositive},
		{in: "-5", err: ErrNotPositive},
		{in: "2.5", err: ErrNotWhole},
		{in: "NaN", err: ErrSyntax},
		{in: "Inf", err: ErrSyntax},
		{in: "0x10", err: ErrNotDecimal},
		{in: "0x1p4", err: ErrNotDecimal},
		{in: "1_000", err: ErrNotDecimal},
		{in: "0o10", err: ErrNotDecimal},
		{in: "0b10", err: ErrNotDecimal},
		{in: "010", err: ErrNotDecimal},
		{in: "010k", err: ErrNotDecimal},
		{in: "0.5k", want: 500},
		{in: "", err: ErrSyntax},
		{in: "G", err: ErrSyntax},
		{in: "10X", err: ErrSyntax},
		{in: "1e18", want: 1e18},
		{in: "1000000T", want: 1e18},
		{in: "5e18", err: ErrTooLarge},
		{in: "1e30", err: ErrTooLarge},
		{in: "1e400", err: ErrTooLarge},
		{in: "1e-400", err: ErrNotPositive},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Count(tt.in)
			if tt.err == nil {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, tt.err)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestSize(t *testing.T) {
	const gib = 10737418240 // 10 GiB, what 10g means in hbase-site.xml and -Xmx
	tests := []struct {
		name string
		in   string
		want float64
		err  error
	}{
		{name: "g", in: "10g", want: gib},
		{name: "G", in: "10G", want: gib},
		{name: "GB", in: "10GB", want: gib},
		{name: "GiB", in: "10GiB", want: gib},
		{name: "Gi", in: "10Gi", want: gib},
		{name: "spaced GB", in: "10 GB", want: gib},
		{name: "lower gb", in: "10gb", want: gib},
		{name: "upper GIB", in: "10GIB", want: gib},
		{name: "trimmed", in: "  10 gib\t", want: gib},
		{name: "KB is 1024", in: "64KB", want: 65536},
		{name: "k", in: "64k", want: 65536},
		{name: "KiB", in: "64KiB", want: 65536},
		{name: "MB", in: "128MB", want: 128 << 20},
		{name: "m is mebi, not milli", in: "1m", want: 1 << 20},
		{name: "TB", in: "2TB", want: 2 << 40},
		{name: "P", in: "1P", want: 1 << 50},
		{name: "E is the largest", in: "1E", want: 1 << 60},
		{name: "bytes", in: "300B", want: 300},
		{name: "lower b", in: "300b", want: 300},
		{name: "plain number is bytes", in: "300", want: 300},
		{name: "fraction of bytes", in: "300.7B", want: 300.7},
		{name: "fraction of g", in: "1.5g", want: 1.5 * (1 << 30)},
		{name: "fraction of K", in: "1.5KB", want: 1536},
		{name: "leading dot", in: ".5K", want: 512},
		{name: "trailing dot", in: "5.K", want: 5120},
		{name: "huge digit string", in: "1" + strings.Repeat("0", 400), err: ErrTooLarge},
		{name: "above MaxSize", in: "1.5E", err: ErrTooLarge},
		{name: "1025P", in: "1025P", err: ErrTooLarge},
		{name: "zero", in: "0B", err: ErrNotPositive},
		{name: "zero point zero", in: "0.0", err: ErrNotPositive},
		{name: "negative", in: "-3B", err: ErrNotPositive},
		{name: "negative g", in: "-1g", err: ErrNotPositive},
		{name: "double negative", in: "--3", err: ErrSyntax},
		{name: "plus sign", in: "+3", err: ErrSyntax},
		{name: "empty", in: "", err: ErrSyntax},
		{name: "blank", in: "   ", err: ErrSyntax},
		{name: "unit alone", in: "GB", err: ErrSyntax},
		{name: "unknown unit", in: "300XB", err: ErrSyntax},
		{name: "bits are not bytes", in: "10Gbit", err: ErrSyntax},
		{name: "iB alone", in: "10iB", err: ErrSyntax},
		{name: "two units", in: "10GK", err: ErrSyntax},
		{name: "exponent", in: "1e3", err: ErrSyntax},
		{name: "exponent with unit", in: "1e3K", err: ErrSyntax},
		{name: "hex", in: "0x10", err: ErrSyntax},
		{name: "hex float", in: "0x1p4", err: ErrSyntax},
		{name: "NaN", in: "NaN", err: ErrSyntax},
		{name: "Inf", in: "Inf", err: ErrSyntax},
		{name: "negative Inf", in: "-Inf", err: ErrSyntax},
		{name: "two dots", in: "1.2.3K", err: ErrSyntax},
		{name: "dot alone", in: ".K", err: ErrSyntax},
		{name: "underscore", in: "1_000", err: ErrSyntax},
		{name: "comma", in: "1,000", err: ErrSyntax},
		{name: "unicode digit", in: "١٠K", err: ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Size(tt.in)
			assert.Equal(t, tt.err, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestWholeSize(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int64
		err  error
	}{
		{name: "g", in: "10g", want: 10 << 30},
		{name: "KB", in: "64KB", want: 65536},
		{name: "fraction that is whole", in: "1.5K", want: 1536},
		{name: "dyadic fraction", in: "0.125M", want: 131072},
		{name: "max", in: "1E", want: 1 << 60},
		{name: "half a byte", in: "0.5B", err: ErrNotWhole},
		{name: "fraction of bytes", in: "300.7", err: ErrNotWhole},
		{name: "fraction of K not whole", in: "0.1K", err: ErrNotWhole},
		{name: "errors of Size first", in: "0", err: ErrNotPositive},
		{name: "syntax", in: "ten", err: ErrSyntax},
		{name: "too large", in: "2E", err: ErrTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := WholeSize(tt.in)
			assert.Equal(t, tt.err, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func FuzzCount(f *testing.F) {
	for _, s := range []string{"1e10", "10G", "2.5", "0x1p4", "NaN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Count(s)
		if err == nil && (v < 1 || v > MaxCount || v != float64(int64(v))) {
			t.Fatalf("Count(%q) = %g", s, v)
		}
	})
}

func FuzzSize(f *testing.F) {
	for _, s := range []string{"10g", "10 GB", "64KB", "300.7B", "1.5K", "0.5B", "1E", "-3", "1e3", "0x1p4", "NaN", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Size(s)
		if err != nil {
			if v != 0 {
				t.Fatalf("Size(%q) = %g with error %v", s, v, err)
			}
			return
		}
		if !(v > 0 && v <= MaxSize) || math.IsNaN(v) {
			t.Fatalf("Size(%q) = %g, outside (0, MaxSize]", s, v)
		}
		n, werr := WholeSize(s)
		if (v == math.Trunc(v)) != (werr == nil) || (werr == nil && float64(n) != v) {
			t.Fatalf("WholeSize(%q) = %d, %v; Size = %g", s, n, werr, v)
		}
	})
}

func TestBare(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{{"500", true}, {"1.5", true}, {" 30 ", true}, {"500GB", false}, {"500B", false}, {"0x10", false}, {"Inf", false}, {"NaN", false}, {"1_000", false}, {"", false}, {"30d", false}} {
		if got := Bare(tt.in); got != tt.want {
			t.Errorf("Bare(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestWhole pins the one integer syntax of the count flags and family settings: the same
// mistake gets the same words, and no base but decimal is read.
func TestWhole(t *testing.T) {
	tests := []struct {
		in     string
		lo, hi int64
		want   int64
		err    string
	}{
		{in: "16", lo: 1, hi: 2147483647, want: 16},
		{in: "1k", lo: 1, hi: 2147483647, want: 1000},
		{in: "1e3", lo: 1, hi: 2147483647, want: 1000},
		{in: "0", lo: 0, hi: 10, want: 0},
		{in: "0", lo: 1, hi: 10, err: "too small (at least 1)"},
		{in: "-1", lo: 0, hi: 10, err: "too small (at least 0)"},
		{in: "11", lo: 1, hi: 10, err: "too large (at most 10)"},
		{in: "3e9", lo: 1, hi: 2147483647, err: "too large (at most 2147483647)"},
		{in: "2e7", lo: 1, hi: 1e7, err: "too large (at most 1e7)"},
		{in: "1.5", lo: 1, hi: 10, err: "must be a whole number"},
		{in: "three", lo: 1, hi: 10, err: RuleCount},
		{in: "00\n0", lo: 0, hi: 100, err: "a leading zero is octal to some readers and decimal to others: write it without"},
		{in: "0x10", lo: 1, hi: 100, err: "counts are decimal: write 16"},
		{in: "0X10", lo: 1, hi: 100, err: "counts are decimal: write 16"},
		{in: "0o10", lo: 1, hi: 100, err: "counts are decimal: write 8"},
		{in: "0b10", lo: 1, hi: 100, err: "counts are decimal: write 2"},
		{in: "1_0", lo: 1, hi: 100, err: "counts are decimal: write 10"},
		{in: "0x1p4", lo: 1, hi: 100, err: "counts are decimal, without 0x, 0o, 0b or _"},
		{in: "010", lo: 1, hi: 100, err: "a leading zero is octal to some readers and decimal to others: write 10"},
		{in: "-012", lo: 1, hi: 100, err: "a leading zero is octal to some readers and decimal to others: write -12"},
		{in: "00", lo: 0, hi: 100, err: "a leading zero is octal to some readers and decimal to others: write 0"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Whole(tt.in, tt.lo, tt.hi)
			if tt.err != "" {
				assert.EqualError(t, err, tt.err)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
