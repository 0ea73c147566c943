package splits

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadFile(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		keys  []string // decoded keys, in file order
		lines []int
		err   string
	}{
		{name: "empty file", in: ""},
		{name: "lf", in: "10\n20\n", keys: []string{"10", "20"}, lines: []int{1, 2}},
		{name: "crlf", in: "10\r\n20\r\n", keys: []string{"10", "20"}, lines: []int{1, 2}},
		{name: "no final newline", in: "10\n20", keys: []string{"10", "20"}, lines: []int{1, 2}},
		{name: "lone cr at the end is chomped", in: "10\r", keys: []string{"10"}, lines: []int{1}},
		{name: "cr inside a line is kept", in: "1\r0\n", keys: []string{"1\r0"}, lines: []int{1}},
		{name: "one chomp only", in: "10\r\r\n", keys: []string{"10\r"}, lines: []int{1}},
		{name: "blank lines are empty keys", in: "10\n\n20\n", keys: []string{"10", "", "20"}, lines: []int{1, 2, 3}},
		{name: "spaces are kept", in: " 10 \n", keys: []string{" 10 "}, lines: []int{1}},
		{name: "escapes decoded", in: `\x00\xFF` + "\n" + `\xff` + "\n", keys: []string{"\x00\xff", "xff"}, lines: []int{1, 2}},
		{name: "truncated escape", in: "10\n" + `a\x4` + "\n", err: `line 2: truncated escape "\\x4"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadFile(strings.NewReader(tt.in))
			if tt.err != "" {
				var fe *FileError
				require.True(t, errors.As(err, &fe), "want a FileError, got %v", err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			var keys []string
			var lines []int
			for _, l := range got {
				keys = append(keys, string(l.Key))
				lines = append(lines, l.Line)
			}
			assert.Equal(t, tt.keys, keys)
			assert.Equal(t, tt.lines, lines)
		})
	}
}
