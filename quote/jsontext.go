package quote

import (
	"fmt"
	"reflect"
	"unicode"
	"unicode/utf8"
)

// JSONText rewrites every string in the document v points to that is not valid UTF-8:
// each byte that is not part of a valid character becomes \xNN, as the report shows it.
// encoding/json would replace those bytes with U+FFFD and the value (a file name, a
// server name from list_regions) could not be told from another; this way JSON shows what
// the report shows. Valid strings are left as they are, control characters and all (JSON
// escapes them). Nothing v shares is changed: a slice, map or pointer on the way to a
// rewritten string is copied first.
func JSONText(v any) {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && !rv.IsNil() {
		fixValue(rv.Elem())
	}
}

// fixValue rewrites v's invalid strings, v being settable.
func fixValue(v reflect.Value) {
	if !v.CanSet() || !hasInvalid(v) {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(invalidBytesHex(v.String()))
	case reflect.Pointer:
		c := reflect.New(v.Type().Elem())
		c.Elem().Set(v.Elem())
		fixValue(c.Elem())
		v.Set(c)
	case reflect.Interface:
		c := reflect.New(v.Elem().Type()).Elem()
		c.Set(v.Elem())
		fixValue(c)
		v.Set(c)
	case reflect.Struct:
		for i := range v.NumField() {
			fixValue(v.Field(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			fixValue(v.Index(i))
		}
	case reflect.Slice:
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		for i := range c.Len() {
			fixValue(c.Index(i))
		}
		v.Set(c)
	case reflect.Map:
		c := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			k.Set(it.Key())
			e.Set(it.Value())
			fixValue(k)
			fixValue(e)
			c.SetMapIndex(k, e)
		}
		v.Set(c)
	}
}

// hasInvalid says v holds a string that is not valid UTF-8 (in an exported field, for a
// struct: encoding/json sees no other).
func hasInvalid(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		return !utf8.ValidString(v.String())
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && hasInvalid(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() && hasInvalid(v.Field(i)) {
				return true
			}
		}
	case reflect.Array, reflect.Slice:
		for i := range v.Len() {
			if hasInvalid(v.Index(i)) {
				return true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if hasInvalid(it.Key()) || hasInvalid(it.Value()) {
				return true
			}
		}
	}
	return false
}

// invalidBytesHex is s with each byte that is not part of a valid UTF-8 character written
// \xNN.
func invalidBytesHex(s string) string {
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = appendHex(b, s[i])
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// What JSON escapes. encoding/json escapes the C0 controls, ", \ and U+2028/U+2029, and
// writes every other character raw: DEL, the C1 controls (U+0085, U+009B, which 8-bit
// terminals read as NEL and CSI), the bidirectional and invisible format characters
// (U+202E, U+2066..U+2069, a zero-width space, the BOM). A JSON document shown in a
// terminal, an editor or a code review would then read other than it holds. JSONVisible
// escapes what the text outputs show as \xNN (Terminal: every character Unicode does not
// call printable, the ASCII space aside) as \uXXXX, which every JSON reader decodes to the
// same character: the document holds the same strings, and shows them.

// JSONVisible is the JSON text b (as encoding/json writes it: valid UTF-8, whose
// characters beyond printable ASCII occur only inside strings) with DEL and every
// non-ASCII character that is not printable written \uXXXX (a character beyond U+FFFF as
// its UTF-16 surrogate pair), lowercase as encoding/json writes its escapes. b itself is
// returned when it holds none.
func JSONVisible(b []byte) []byte {
	i := 0
	for i < len(b) && b[i] < 0x7F {
		i++
	}
	if i == len(b) {
		return b
	}
	out := append(make([]byte, 0, len(b)+32), b[:i]...)
	for i < len(b) {
		c := b[i]
		if c < 0x7F {
			out = append(out, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case c == 0x7F:
			out = append(out, `\u007f`...)
		case r == utf8.RuneError && size == 1, unicode.IsPrint(r):
			out = append(out, b[i:i+size]...)
		case r > 0xFFFF:
			r1, r2 := utf16Pair(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
		default:
			out = fmt.Appendf(out, `\u%04x`, r)
		}
		i += size
	}
	return out
}
