package splits

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParsePrefix(t *testing.T) {
	tests := []struct {
		name     string
		spec     string
		want     Prefix
		wantSize string // decimal; "" = unbounded
		wantErr  string // substring of the error; "" = no error
	}{
		{name: "hex2", spec: "hex:2", want: Prefix{"hex", []byte("0123456789abcdef"), 2}, wantSize: "256"},
		{name: "HEX3", spec: "HEX:3", want: Prefix{"HEX", []byte("0123456789ABCDEF"), 3}, wantSize: "4096"},
		{name: "dec2", spec: "dec:2", want: Prefix{"dec", []byte("0123456789"), 2}, wantSize: "100"},
		{name: "hex16 overflows uint64", spec: "hex:16", want: Prefix{"hex", []byte("0123456789abcdef"), 16}, wantSize: "18446744073709551616"},
		{name: "hex no width", spec: "hex", want: Prefix{"hex", []byte("0123456789abcdef"), 0}},
		{name: "dec no width", spec: "dec", want: Prefix{"dec", []byte("0123456789"), 0}},
		{name: "chars sorted by byte", spec: "chars:zyxa:2", want: Prefix{"chars", []byte("axyz"), 2}, wantSize: "16"},
		{name: "chars with colon", spec: "chars:a:b:1", want: Prefix{"chars", []byte(":ab"), 1}, wantSize: "3"},
		{name: "chars escapes", spec: `chars:\x00\xFF:3`, want: Prefix{"chars", []byte{0, 0xFF}, 3}, wantSize: "8"},
		{name: "chars wide", spec: "chars:0123456789abcdefghijklmnopqrstuvwxyz:20", want: Prefix{"chars", []byte("0123456789abcdefghijklmnopqrstuvwxyz"), 20}, wantSize: "13367494538843734067838845976576"},
		{name: "byte16", spec: "byte:16", want: Prefix{"byte", []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, 1}, wantSize: "16"},
		{name: "byte1", spec: "byte:1", want: Prefix{"byte", []byte{0}, 1}, wantSize: "1"},
		{name: "leading zero width", spec: "dec:02", want: Prefix{"dec", []byte("0123456789"), 2}, wantSize: "100"},

		{name: "hex0", spec: "hex:0", wantErr: `width must be a whole number from 1 to 64, got "0"`},
		{name: "hex65", spec: "hex:65", wantErr: `width must be a whole number from 1 to 64, got "65"`},
		{name: "hex empty width", spec: "hex:", wantErr: `got ""`},
		{name: "hex signed", spec: "hex:+2", wantErr: `got "+2"`},
		{name: "decx", spec: "dec:x", wantErr: `width must be a whole number from 1 to 64, got "x"`},
		{name: "dec two widths", spec: "dec:2:3", wantErr: `got "2:3"`},
		{name: "byte300", spec: "byte:300", wantErr: `bucket count must be a whole number from 1 to 256 (Phoenix SALT_BUCKETS), got "300"`},
		{name: "byte0", spec: "byte:0", wantErr: `got "0"`},
		{name: "byte bare", spec: "byte", wantErr: "byte needs a bucket count"},
		{name: "chars empty alphabet", spec: "chars::2", wantErr: "the alphabet is empty"},
		{name: "chars no width", spec: "chars:abc", wantErr: "chars needs an alphabet and a width"},
		{name: "chars bare", spec: "chars", wantErr: "chars needs an alphabet and a width"},
		{name: "chars duplicate", spec: "chars:abca:2", wantErr: `the alphabet repeats "a"`},
		{name: "chars duplicate via escape", spec: `chars:a\x61:2`, wantErr: `the alphabet repeats "a"`},
		{name: "chars non-ascii", spec: "chars:é:2", wantErr: "printable ASCII"},
		{name: "chars truncated escape", spec: `chars:ab\x4:2`, wantErr: "truncated escape"},
		{name: "unknown", spec: "Hex:2", wantErr: `unknown kind "Hex"`},
		{name: "empty", spec: "", wantErr: `unknown kind ""`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParsePrefix(tt.spec)
			if tt.wantErr != "" {
				require.Error(t, err)
				var pe *PrefixError
				require.True(t, errors.As(err, &pe))
				assert.Equal(t, tt.spec, pe.Spec)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			if tt.wantSize == "" {
				assert.Nil(t, got.Size())
			} else {
				assert.Equal(t, tt.wantSize, got.Size().String())
			}
			back, err := ParsePrefix(got.String())
			require.NoError(t, err, "String() = %q", got.String())
			assert.Equal(t, got, back)
		})
	}
}

func TestPrefixCount(t *testing.T) {
	for _, tt := range []struct {
		spec   string
		want   uint64
		wantOK bool
	}{
		{"hex:2", 256, true}, {"hex:15", 1 << 60, true}, {"hex:16", 0, false}, {"hex", 0, false}, {"byte:256", 256, true},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			p, err := ParsePrefix(tt.spec)
			require.NoError(t, err)
			got, ok := p.Count()
			assert.Equal(t, tt.wantOK, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

// FuzzParsePrefix: no panics; an accepted spec is well formed, and its String() reads back
// to the same prefix.
func FuzzParsePrefix(f *testing.F) {
	for _, s := range []string{"hex:2", "HEX:3", "dec", "chars:abc:2", `chars:\x00\xFF::2`, "byte:16", "byte:300", "hex:0", "chars::2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		p, err := ParsePrefix(spec)
		if err != nil {
			var pe *PrefixError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *PrefixError", err)
			}
			return
		}
		if err := p.validate(); err != nil {
			t.Fatalf("ParsePrefix(%q) gave an invalid prefix: %v", spec, err)
		}
		back, err := ParsePrefix(p.String())
		if err != nil {
			t.Fatalf("ParsePrefix(%q).String() = %q does not parse: %v", spec, p.String(), err)
		}
		if back.String() != p.String() || string(back.Alphabet) != string(p.Alphabet) || back.Width != p.Width {
			t.Fatalf("round trip of %q: %+v != %+v", spec, back, p)
		}
	})
}
