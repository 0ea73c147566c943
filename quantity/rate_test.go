package quantity

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRate(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  float64
		bytes bool
		err   error
	}{
		{name: "rows k", in: "50k/s", want: 50000},
		{name: "rows plain", in: "1200", want: 1200},
		{name: "rows fraction", in: "0.5/s", want: 0.5},
		{name: "rows exponent", in: "2.5e4/s", want: 25000},
		{name: "rows M", in: "1.5M/s", want: 1.5e6},
		{name: "bytes MiB", in: "20MiB/s", want: 20 << 20, bytes: true},
		{name: "bytes MB is 1024", in: "20MB/s", want: 20 << 20, bytes: true},
		{name: "bytes B", in: "300B/s", want: 300, bytes: true},
		{name: "bytes space", in: " 64 KB/s ", want: 64 << 10, bytes: true},
		{name: "zero", in: "0/s", err: ErrNotPositive},
		{name: "negative", in: "-5/s", err: ErrNotPositive},
		{name: "negative bytes", in: "-5MB/s", err: ErrNotPositive, bytes: true},
		{name: "empty", in: "/s", err: ErrSyntax},
		{name: "nan", in: "NaN", err: ErrSyntax},
		{name: "inf", in: "Inf/s", err: ErrSyntax},
		{name: "hex", in: "0x10/s", err: ErrSyntax},
		{name: "bad unit", in: "5q/s", err: ErrSyntax},
		{name: "per minute", in: "5k/min", err: ErrSyntax},
		{name: "bad size", in: "5XB/s", err: ErrSyntax, bytes: true},
		{name: "too large", in: "2e15/s", err: ErrTooLarge},
		{name: "too large bytes", in: "1EB/s", err: ErrTooLarge, bytes: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, bytes, err := parseRate(tt.in)
			assert.Equal(t, tt.err, err)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.bytes, bytes)
			r, err := ParseRate(tt.in)
			if tt.err == nil {
				assert.Equal(t, Rate{PerSecond: tt.want, Bytes: tt.bytes}, r)
			} else {
				assert.Equal(t, Rate{}, r)
			}
		})
	}
}

func FuzzParseRate(f *testing.F) {
	for _, s := range []string{"50k/s", "20MiB/s", "0.5/s", "1e4", "-5/s", "5k/min", "NaN", "1EB/s", "/s", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRate(s)
		if err != nil {
			if r != (Rate{}) {
				t.Fatalf("ParseRate(%q) = %+v with error %v", s, r, err)
			}
			return
		}
		if !(r.PerSecond > 0 && r.PerSecond <= MaxRate) {
			t.Fatalf("ParseRate(%q) = %+v, outside (0, MaxRate]", s, r)
		}
		// A rate with its B is the size it names; without, the count it names.
		text := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "/s"))
		if r.Bytes {
			if v, err := Size(text); err != nil || v != r.PerSecond {
				t.Fatalf("ParseRate(%q) = %+v, but Size(%q) = %g, %v", s, r, text, v, err)
			}
		} else if v, err := Count(text); err == nil && v != r.PerSecond {
			t.Fatalf("ParseRate(%q) = %+v, but Count(%q) = %g", s, r, text, v)
		}
	})
}
