package regions

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheckListRegionsStart: the first mebibyte decides whether input can be list_regions
// output; every real output, banner and log lines first or not, passes, and what passes is
// then read whole by ReadListRegions as before.
func TestCheckListRegionsStart(t *testing.T) {
	real := SyntheticListRegions(20000)
	require.Greater(t, len(real), ListRegionsStart)
	banner := "HBase Shell\nUse \"help\" to get list of supported commands.\nVersion 2.5.8, r, Thu Mar 28 2024\n" +
		"2024-01-01 00:00:00,000 WARN  [main] util.NativeCodeLoader: Unable to load native-hadoop library\n" +
		"\x1b[0mhbase:001:0> list_regions 'bench'\r\n"
	for name, data := range map[string][]byte{
		"plain":       real,
		"banner":      append([]byte(banner), real...),
		"small whole": SyntheticListRegions(3),
	} {
		t.Run(name, func(t *testing.T) {
			start, eof := data, true
			if len(data) > ListRegionsStart {
				start, eof = data[:ListRegionsStart], false
			}
			assert.NoError(t, CheckListRegionsStart(start, eof))
			_, err := ReadListRegions(data)
			assert.NoError(t, err)
		})
	}
	random := make([]byte, ListRegionsStart)
	rand.New(rand.NewSource(1)).Read(random)
	random[0] = 0xC3 // not UTF-8 whatever follows but a continuation
	random[1] = 'x'
	text := bytes.Repeat([]byte("hello world, not a table\n"), ListRegionsStart/25+1)[:ListRegionsStart]
	for _, tc := range []struct {
		name  string
		start []byte
		eof   bool
		want  string
	}{
		{"random bytes", random, false, "line 1: not list_regions output: the first line is not text (byte 0xc3 at column 1)"},
		{"zeros", make([]byte, ListRegionsStart), false, "line 1: not list_regions output: the first line is not text (byte 0x00 at column 1)"},
		{"a control byte late in the first line", []byte("SERVER_NAME |\x01\n"), true, "line 1: not list_regions output: the first line is not text (byte 0x01 at column 14)"},
		{"text without a header", text, false, "line 1: not list_regions output: no header row followed by a row of dashes (` ----- |`) in its first 1048576 bytes"},
		{"a shell error first", append([]byte("ERROR: Unknown table bench!\n"), text...), false, "line 1: the shell printed an error instead of regions: ERROR: Unknown table bench!"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckListRegionsStart(tc.start, tc.eof)
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
	// A first line cut inside a character at the mebibyte is not held against it.
	cut := append([]byte(strings.Repeat("é", ListRegionsStart/2-1)+"a"), 0xC3)
	assert.Contains(t, CheckListRegionsStart(cut, false).Error(), "no header row")
}
