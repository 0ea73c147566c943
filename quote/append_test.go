package quote

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// AppendJSONString writes what encoding/json writes, for toStringBinary's printable text
// and, through its fallback, for any other bytes.
func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{"", "abc", `a"b\c`, "<&>", `\x00\xFF`, "tab\there", "\x7f", "caf\xc3\xa9", "\xff", "a\u2028b"} {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		got := AppendJSONString([]byte("prefix:"), []byte(s))
		require.Equal(t, "prefix:"+string(want), string(got), "%q", s)
	}
}

// AppendCSVField writes a field as encoding/csv writes it, for printable ASCII.
func TestAppendCSVField(t *testing.T) {
	for _, s := range []string{"", "abc", " lead", "trail ", "a,b", `say "hi"`, `\.`, `\.x`, `\x00`, `"`, ",", "a\"b,c"} {
		var want bytes.Buffer
		cw := csv.NewWriter(&want)
		require.NoError(t, cw.Write([]string{s}))
		cw.Flush()
		require.Equal(t, want.String(), string(AppendCSVField(nil, []byte(s)))+"\n", "%q", s)
	}
}
