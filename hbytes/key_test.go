package hbytes

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/presplit/presplit/hbase"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeKey(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		want    []byte
		wantErr error
		msg     string
	}{
		{name: "plain", line: "user42", want: []byte("user42")},
		{name: "empty", line: "", want: []byte{}},
		{name: "escapes", line: `a\x00\xFFb`, want: []byte{'a', 0x00, 0xFF, 'b'}},
		{name: "escaped backslash", line: `\x5C`, want: []byte{'\\'}},
		{name: "lone backslash is itself", line: `a\b\`, want: []byte(`a\b\`)},
		{name: "control byte is itself", line: "a\tb", want: []byte("a\tb")},
		{name: "long plain line", line: strings.Repeat("0123456789", 10), want: []byte(strings.Repeat("0123456789", 10))},
		{name: "longest key", line: strings.Repeat("k", hbase.MaxRowLength), want: []byte(strings.Repeat("k", hbase.MaxRowLength))},
		{name: "longest key escaped", line: strings.Repeat(`\x00`, hbase.MaxRowLength), want: make([]byte, hbase.MaxRowLength)},
		{name: "lowercase escape", line: `ab\xffc`, wantErr: ErrInvalidEscape,
			msg: `invalid escape "\xff" at column 3: toStringBinary writes \x and two uppercase hex digits (HBase would read this as the text "xff")`},
		{name: "bogus escape", line: `\xZZ`, wantErr: ErrInvalidEscape},
		{name: "truncated escape", line: `abc\x4`, wantErr: ErrTruncatedEscape,
			msg: `truncated escape "\x4" at column 4: \x needs two uppercase hex digits`},
		{name: "bare \\x at end", line: `\x`, wantErr: ErrTruncatedEscape},
		{name: "non-ASCII", line: "caf\xC3\xA9", wantErr: ErrNonASCII,
			msg: `non-ASCII byte 0xC3 at column 4: toStringBinary text is ASCII (the byte is written \xC3)`},
		{name: "non-ASCII after escape", line: `\x00` + "\x80", wantErr: ErrNonASCII},
		{name: "too long", line: strings.Repeat("k", hbase.MaxRowLength+1), wantErr: ErrKeyTooLong,
			msg: "key is 32768 bytes long: HBase row keys are at most 32767 bytes"},
		{name: "too long escaped", line: strings.Repeat(`\x01`, hbase.MaxRowLength+1), wantErr: ErrKeyTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key, err := DecodeKey(make([]byte, 0, 64), []byte(tt.line))
			if tt.wantErr != nil {
				require.ErrorIs(t, err, tt.wantErr)
				var se *SyntaxError
				require.ErrorAs(t, err, &se)
				if tt.msg != "" {
					assert.Equal(t, tt.msg, err.Error())
				}
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, key)
		})
	}
}

// Every byte 0x00-0xFF round-trips through its toStringBinary form.
func TestDecodeKeyAllBytes(t *testing.T) {
	for b := 0; b < 256; b++ {
		in := []byte{'k', byte(b), 'k'}
		key, err := DecodeKey(nil, []byte(ToStringBinary(in)))
		require.NoError(t, err, "byte %#x", b)
		assert.Equal(t, in, key, "byte %#x", b)
	}
}

// DecodeKey agrees with HBase's toBytesBinary on everything it accepts.
func TestDecodeKeyAgreesWithHBase(t *testing.T) {
	for _, line := range []string{"", "plain", `\x00\x7F\xFF`, `a\b`, `\\x41`, `x\x5Cx41`, "tab\there"} {
		key, err := DecodeKey(nil, []byte(line))
		require.NoError(t, err, line)
		want, err := ToBytesBinary(line)
		require.NoError(t, err, line)
		assert.Equal(t, want, key, line)
	}
}

func TestDecodeKeyDoesNotAllocate(t *testing.T) {
	buf := make([]byte, 0, 128)
	plain := []byte("3f2a9c00d1e2f3a4b5c6d7e8f9a0b1c2")
	escaped := []byte(`\x00\x01user\xFF`)
	allocs := testing.AllocsPerRun(1000, func() {
		_, _ = DecodeKey(buf, plain)
		_, _ = DecodeKey(buf, escaped)
	})
	assert.Zero(t, allocs)
}

func FuzzDecodeKey(f *testing.F) {
	for _, s := range []string{"", "a", `\x00`, `\xff`, `\x4`, `\`, `\\x41`, "caf\xC3\xA9", `a\x5Cb`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) > 4*hbase.MaxRowLength {
			return
		}
		key, err := DecodeKey(nil, line)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a *SyntaxError", err)
			}
			if se.Column < 1 || se.Column > max(len(line), 1) {
				t.Fatalf("column %d outside line of %d bytes", se.Column, len(line))
			}
			return
		}
		// Accepted lines mean what HBase says they mean.
		want, herr := ToBytesBinary(string(line))
		if herr != nil || !bytes.Equal(want, key) {
			t.Fatalf("DecodeKey(%q) = %x, HBase toBytesBinary = %x, %v", line, key, want, herr)
		}
		// The canonical form decodes back to the same key.
		again, err := DecodeKey(nil, []byte(ToStringBinary(key)))
		if err != nil || !bytes.Equal(again, key) {
			t.Fatalf("round trip of %x: %x, %v", key, again, err)
		}
	})
}
