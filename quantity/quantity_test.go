package quantity

import (
	"flag"
	"testing"

	"github.com/stretchr/testify/assert"
)

// This package has no golden files; it accepts -update so that go test ./... -update runs here too.
var _ = flag.Bool("update", false, "rewrite golden files (none in this package)")

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
		{in: "0x10", err: ErrSyntax},
		{in: "0x1p4", err: ErrSyntax},
		{in: "1_000", err: ErrSyntax},
		{in: "", err: ErrSyntax},
		{in: "G", err: ErrSyntax},
		{in: "10X", err: ErrSyntax},
		{in: "1e30", err: ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Count(tt.in)
			assert.Equal(t, tt.err, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestSize(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		err  error
	}{
		{in: "300B", want: 300},
		{in: "300", want: 300},
		{in: "1KiB", want: 1024},
		{in: "1.5KB", want: 1500},
		{in: "10GiB", want: 10 << 30},
		{in: "500GB", want: 500e9},
		{in: "0B", err: ErrNotPositive},
		{in: "-3B", err: ErrSyntax},
		{in: "300XB", err: ErrSyntax},
		{in: "", err: ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Size(tt.in)
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
