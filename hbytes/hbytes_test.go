package hbytes

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/presplit/presplit/internal/refdata"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRefdata checks every row of shared/refdata/stringbinary.tsv, produced by HBase's own
// Bytes.toStringBinary / toBytesBinary.
func TestRefdata(t *testing.T) {
	rows, err := refdata.Read("stringbinary.tsv")
	require.NoError(t, err)
	var toString, toBytes int
	for _, row := range rows {
		f := row.Fields
		name := fmt.Sprintf("line%d/%s", row.Line, f[len(f)-1])
		switch f[0] {
		case "toStringBinary":
			toString++
			t.Run(name, func(t *testing.T) {
				in, err := hex.DecodeString(f[1])
				require.NoError(t, err)
				assert.Equal(t, f[2], ToStringBinary(in))
				back, err := ToBytesBinary(f[2])
				require.NoError(t, err)
				assert.Equal(t, in, back, "round trip")
			})
		case "toBytesBinary":
			toBytes++
			t.Run(name, func(t *testing.T) {
				in, err := hex.DecodeString(f[1])
				require.NoError(t, err)
				got, err := ToBytesBinary(string(in))
				if strings.HasPrefix(f[3], "ERROR ") {
					var te *TruncatedEscapeError
					assert.True(t, errors.As(err, &te), "want a truncated escape error, got %v", err)
					return
				}
				require.NoError(t, err)
				want, err := hex.DecodeString(f[3])
				require.NoError(t, err)
				assert.Equal(t, want, got)
			})
		default:
			t.Fatalf("line %d: unknown row kind %q", row.Line, f[0])
		}
	}
	assert.Greater(t, toString, 30)
	assert.Greater(t, toBytes, 15)
}

func TestAllBytesRoundTrip(t *testing.T) {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	s := ToStringBinary(all)
	assert.NotContains(t, strings.ReplaceAll(s, `\x`, ""), `\`, "a raw backslash is never written")
	got, err := ToBytesBinary(s)
	require.NoError(t, err)
	assert.Equal(t, all, got)
}

func TestBogusEscape(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		offset int
		ok     bool
	}{
		{name: "clean", in: `ab\x0Acd`},
		{name: "lowercase", in: `ab\xffcd`, offset: 2, ok: true},
		{name: "after valid", in: `\x0A\xzz`, offset: 4, ok: true},
		{name: "truncated", in: `a\x4`, offset: 1, ok: true},
		{name: "backslash not x", in: `a\b`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			off, ok := BogusEscape([]byte(tt.in))
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.offset, off)
		})
	}
}

func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte("row-\x00\xff-end"))
	f.Add([]byte(`\x41`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s := ToStringBinary(b)
		for i := 0; i < len(s); i++ {
			if s[i] < 0x20 || s[i] > 0x7E {
				t.Fatalf("non-printable %#x in %q", s[i], s)
			}
		}
		back, err := ToBytesBinary(s)
		if err != nil || !bytes.Equal(back, b) {
			t.Fatalf("round trip of %x: %q -> %x, %v", b, s, back, err)
		}
	})
}

// FuzzToBytesBinary: any text decodes without panicking, and only a trailing short \x fails.
func FuzzToBytesBinary(f *testing.F) {
	f.Add(`\x4`)
	f.Add("é\\x41😀")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ToBytesBinary(s)
		if err != nil {
			var te *TruncatedEscapeError
			if !errors.As(err, &te) {
				t.Fatalf("unexpected error type %T", err)
			}
			return
		}
		// Re-encoding the decoded bytes must decode to the same bytes.
		again, err := ToBytesBinary(ToStringBinary(b))
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("%q: %x does not survive toStringBinary", s, b)
		}
	})
}

func BenchmarkAppendBytesBinary(b *testing.B) {
	line := []byte(`a3f0\x00user0000123456\xFF\x7F` + "-suffix")
	dst := make([]byte, 0, 64)
	b.ReportAllocs()
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		var err error
		dst, err = AppendBytesBinary(dst[:0], line)
		if err != nil {
			b.Fatal(err)
		}
	}
}

// AppendKeyText writes a key's edge spaces \x20 and is toStringBinary otherwise; the text
// reads back as the key through toBytesBinary, and after Ruby's strip (a shell before
// HBASE-18125) as well.
func TestAppendKeyText(t *testing.T) {
	for key, want := range map[string]string{
		"":          "",
		"a":         "a",
		" a":        `\x20a`,
		"a ":        `a\x20`,
		"  a b  ":   `\x20\x20a b\x20\x20`,
		"   ":       `\x20\x20\x20`,
		" \x00 ":    `\x20\x00\x20`,
		"\x00 ":     `\x00\x20`,
		"a\\ ":      `a\x5C\x20`,
		"a  b":      "a  b",
		"\t a \xFF": `\x09 a \xFF`,
	} {
		got := string(AppendKeyText([]byte("pre"), []byte(key)))
		require.Equal(t, "pre"+want, got, "%q", key)
		require.Equal(t, HasEdgeSpace([]byte(key)), want != ToStringBinary([]byte(key)), "%q", key)
		back, err := ToBytesBinary(strings.TrimSpace(want))
		require.NoError(t, err)
		require.Equal(t, key, string(back), "%q", key)
	}
	rng := rand.New(rand.NewPCG(7, 20))
	for range 2000 {
		key := make([]byte, rng.IntN(6))
		for i := range key {
			key[i] = " a\\\x00\xFF"[rng.IntN(5)]
		}
		back, err := ToBytesBinary(strings.TrimSpace(string(AppendKeyText(nil, key))))
		require.NoError(t, err)
		require.Equal(t, key, back, "%q", key)
	}
}
