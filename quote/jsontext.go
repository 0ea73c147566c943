package quote

import (
	"reflect"
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
