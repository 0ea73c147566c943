package hbytes

import "unicode/utf8"

// How HBase's Java sees a line's bytes. The 2.x shell reads a SPLITS_FILE with
// File.foreach and chomp, and JRuby turns each line into the java.lang.String that
// Bytes.toBytesBinary takes with Java's own UTF-8 decoder (StandardCharsets.UTF_8,
// malformed input replaced): each malformed sequence becomes one U+FFFD, as long as that
// decoder measures it, which is not Go's one U+FFFD per byte. a\xE2\x80 is a then one
// U+FFFD (61 fd after toBytesBinary keeps the low 8 bits), not two; an encoded surrogate
// (\xED\xA0\x80) is one U+FFFD, an overlong \xC0\x80 two. Checked through jruby 9.3 by
// TestJavaRuneThroughJRuby.

// JavaRune decodes the first character of s as Java's UTF-8 decoder does: the rune and
// the bytes it takes, utf8.RuneError for a malformed sequence with the length Java's
// decoder gives it. A sequence cut short by the end of s is one malformed sequence of the
// remaining bytes. s must not be empty.
func JavaRune(s []byte) (rune, int) {
	b1 := s[0]
	switch {
	case b1 < utf8.RuneSelf:
		return rune(b1), 1
	case b1 >= 0xC2 && b1 <= 0xDF:
		if len(s) < 2 || !continuation(s[1]) {
			return utf8.RuneError, 1
		}
		return rune(b1&0x1F)<<6 | rune(s[1]&0x3F), 2
	case b1 >= 0xE0 && b1 <= 0xEF:
		return javaRune3(s)
	case b1 >= 0xF0 && b1 <= 0xF7:
		return javaRune4(s)
	}
	return utf8.RuneError, 1 // a continuation byte, C0, C1, F8..FF
}

func continuation(b byte) bool { return b&0xC0 == 0x80 }

// javaRune3 is JavaRune for a lead byte E0..EF (sun.nio.cs.UTF_8's three-byte case).
func javaRune3(s []byte) (rune, int) {
	bad2 := len(s) > 1 && (s[0] == 0xE0 && s[1]&0xE0 == 0x80 || !continuation(s[1]))
	switch {
	case bad2:
		return utf8.RuneError, 1
	case len(s) < 3:
		return utf8.RuneError, len(s) // cut short by the end of the input
	case !continuation(s[2]):
		return utf8.RuneError, 2
	}
	r := rune(s[0]&0x0F)<<12 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F)
	if r >= 0xD800 && r <= 0xDFFF {
		return utf8.RuneError, 3 // a surrogate: malformed, all three bytes
	}
	return r, 3
}

// javaRune4 is JavaRune for a lead byte F0..F7 (sun.nio.cs.UTF_8's four-byte case).
func javaRune4(s []byte) (rune, int) {
	if len(s) < 4 {
		switch {
		case len(s) == 1 || bad4Second(s[0], s[1]):
			return utf8.RuneError, 1
		case len(s) > 2 && !continuation(s[2]):
			return utf8.RuneError, 2
		}
		return utf8.RuneError, len(s) // cut short by the end of the input
	}
	r := rune(s[0]&0x07)<<18 | rune(s[1]&0x3F)<<12 | rune(s[2]&0x3F)<<6 | rune(s[3]&0x3F)
	if continuation(s[1]) && continuation(s[2]) && continuation(s[3]) && r >= 0x10000 && r <= utf8.MaxRune {
		return r, 4
	}
	switch {
	case bad4Second(s[0], s[1]):
		return utf8.RuneError, 1
	case !continuation(s[2]):
		return utf8.RuneError, 2
	}
	return utf8.RuneError, 3
}

// bad4Second reports a four-byte lead b1 that no second byte b2 can follow in a character
// (F5..F7), or a b2 outside the range b1 allows (90..BF after F0, 80..8F after F4).
func bad4Second(b1, b2 byte) bool {
	return b1 > 0xF4 || b1 == 0xF0 && (b2 < 0x90 || b2 > 0xBF) || b1 == 0xF4 && b2&0xF0 != 0x80 || !continuation(b2)
}
