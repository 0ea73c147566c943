package hbytes

import (
	"encoding/hex"
	"testing"
	"unicode/utf8"
)

// TestJavaRune pins Java's UTF-8 decoding as jruby 9.3 showed it (the bytes
// toBytesBinary then keeps, one per UTF-16 unit); TestSplitsFileInvalidUTF8ThroughJRuby in
// internal/cli runs the same lines through jruby itself.
func TestJavaRune(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a\xe2\x80", "61fd"}, {"a\xe2\x80z", "61fd7a"}, {"\xff", "fd"}, {"\xc0\x80", "fdfd"},
		{"\xed\xa0\x80", "fd"}, {"\xed\xbf\xbf", "fd"}, {"\xed\xa0", "fd"}, {"\xf4\x90\x80\x80", "fdfdfdfd"},
		{"\xf0\x9f\x98", "fd"}, {"\xf0\x9f\x98\x80", "3d00"}, {"\x80\x80", "fdfd"}, {"\xe2\x28\xa1", "fd28fd"},
		{"\xc3", "fd"}, {"\xf8\x88\x80\x80\x80", "fdfdfdfdfd"}, {`a\x41` + "\xe2", "6141fd"},
		{"\xe0\x80\x80", "fdfdfd"}, {"\xe0\x9f\xbf", "fdfdfd"}, {"\xf0\x8f\xbf\xbf", "fdfdfdfd"}, {"\xe0\x80", "fdfd"},
		{"\xf4\x8f\xbf\xbf", "ffff"}, {"\xf5\x80\x80\x80", "fdfdfdfd"}, {"\xc1\xbf", "fdfd"}, {"\xe2\x80\x41", "fd41"},
		{"\xf0\x9f\x41", "fd41"}, {"\xf0\x9f\x98\x41", "fd41"}, {"\xe0\xa0", "fd"}, {"\xf0\x90", "fd"},
		{"\xf4\x90", "fdfd"}, {"\xed\x9f\xbf", "ff"}, {"\xc2", "fd"}, {"\xef\xbf\xbe", "fe"},
	} {
		got, err := ToBytesBinary(tt.in)
		if err != nil || hex.EncodeToString(got) != tt.want {
			t.Errorf("toBytesBinary(%q) = %x, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}

// TestJavaRuneValidUTF8 checks that on valid UTF-8 Java's decoder and Go's agree.
func TestJavaRuneValidUTF8(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r += 7 {
		if !utf8.ValidRune(r) {
			continue
		}
		b := utf8.AppendRune(nil, r)
		if got, size := JavaRune(b); got != r || size != len(b) {
			t.Fatalf("JavaRune(% x) = %U, %d; want %U, %d", b, got, size, r, len(b))
		}
	}
}
