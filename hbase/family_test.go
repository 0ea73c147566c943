package hbase

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseBlockSize(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int64
		err  string
	}{
		{name: "bytes", in: "65536", want: 65536},
		{name: "bytes with B", in: "65536B", want: 65536},
		{name: "KiB", in: "64KiB", want: 65536},
		{name: "kib lower and spaced", in: " 64 kib ", want: 65536},
		{name: "KB is 1024 as in HBase", in: "64KB", want: 65536},
		{name: "K", in: "64K", want: 65536},
		{name: "k", in: "64k", want: 65536},
		{name: "MB", in: "1MB", want: 1 << 20},
		{name: "MiB maximum", in: "16MiB", want: 16 << 20},
		{name: "M maximum", in: "16m", want: 16 << 20},
		{name: "whole fraction", in: "1.5K", want: 1536},
		{name: "minimum", in: "1024", want: 1024},
		{name: "minimum K", in: "1K", want: 1024},
		{name: "too small", in: "1023", err: "must be between 1K and 16MB"},
		{name: "too big", in: "16777217", err: "must be between 1K and 16MB"},
		{name: "17MB", in: "17MB", err: "must be between 1K and 16MB"},
		{name: "above int", in: "2147483648", err: "must be between 1K and 16MB"},
		{name: "overflow", in: "99999999999999999999", err: "must be between 1K and 16MB"},
		{name: "GiB", in: "1GiB", err: "must be between 1K and 16MB"},
		{name: "zero", in: "0", err: "must be between 1K and 16MB"},
		{name: "negative", in: "-64", err: "must be between 1K and 16MB"},
		{name: "not whole", in: "1.1K", err: "must be whole bytes"},
		{name: "half a byte", in: "65536.5", err: "must be whole bytes"},
		{name: "unknown unit", in: "64 kilos", err: "must be a size like 65536, 64K or 64KB"},
		{name: "exponent", in: "1e6", err: "must be a size like 65536, 64K or 64KB"},
		{name: "empty", in: "", err: "must be a size like 65536, 64K or 64KB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseBlockSize(tt.in)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func FuzzParseBlockSize(f *testing.F) {
	for _, s := range []string{"64KiB", "65536", "64KB", "1MiB", "16MiB", "17MiB", "0", "-1", "9999999999999999999999", " 1 kib ", "1e6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseBlockSize(s)
		if err != nil {
			if n != 0 {
				t.Fatalf("error with a value %d", n)
			}
			return
		}
		if n < MinBlockSize || n > MaxBlockSize {
			t.Fatalf("ParseBlockSize(%q) = %d, outside HBase's bounds", s, n)
		}
	})
}
