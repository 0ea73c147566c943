package hbase

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestShellSplitSends(t *testing.T) {
	v14, v20 := Version{Major: 1, Minor: 4}, Version{Major: 2, Minor: 0}
	for _, tc := range []struct {
		key, want1x string
	}{
		{"abc", "abc"},
		{"\x00\x7f", "\x00\x7f"},
		{"\x80", "\xef\xbf\xbd"},
		{"\xc3\xa9", "\xc3\xa9"}, // valid UTF-8 survives the round trip
		{"a\xffb", "a\xef\xbf\xbdb"},
	} {
		assert.Equal(t, []byte(tc.want1x), ShellSplitSends(v14, []byte(tc.key)), "%q", tc.key)
		assert.Equal(t, []byte(tc.key), ShellSplitSends(v20, []byte(tc.key)), "%q", tc.key)
	}
	assert.NoError(t, CheckSplitKey(v14, []byte("6f800000")))
	assert.NoError(t, CheckSplitKey(v20, []byte{0xBD}))
	assert.NoError(t, CheckSplitKey(Version{}, []byte{0xBD}), "the default, 2.6")
	err := CheckSplitKey(v14, []byte{'a', 0xC3, 0xA9})
	var se *SplitKeyError
	assert.True(t, errors.As(err, &se))
	assert.EqualError(t, err, `HBase 1.4's shell hands split a Java String that HBaseAdmin.split(String, String) UTF-8 encodes: byte \xC3 would not arrive as itself (keys of any bytes from 2.0)`)
}
