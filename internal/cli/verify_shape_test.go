package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVerifyChecksTheSplitShape: --suffix '|' at the delimiter '|' after dec:2 puts each
// bucket's rows after its closing key, so every region holds the next bucket's rows:
// splits refuses it (RG002, exit 1), and so must verify on the same flags, although the
// shifted counts (90 keys in region 1, 110 in region 10) pass --max-skew 1.2. The same
// flags without the suffix close each bucket exactly and pass.
func TestVerifyChecksTheSplitShape(t *testing.T) {
	var keys strings.Builder
	for b := 0; b < 100; b++ {
		for i := 0; i < 10; i++ {
			fmt.Fprintf(&keys, "%02d|u%d\n", b, i)
		}
	}
	args := []string{"verify", "--prefix", "dec:2", "--regions", "10", "--delimiter", "|", "--max-skew", "1.2", "-F", "csv"}
	out, errOut, code := runCLI(t, keys.String(), append(args, "--suffix", "|")...)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "presplit: error RG002: suffix '|' sorts at or below the delimiter '|'")
	assert.Contains(t, errOut, "1 error on the split keys: presplit splits refuses the same flags")
	assert.Contains(t, out, "\n1,,09|,90,", "the counts are still written: region 1 holds buckets 00..08")

	_, splitsErr, splitsCode := runCLI(t, "", "splits", "--prefix", "dec:2", "--regions", "10", "--delimiter", "|", "--suffix", "|")
	assert.Equal(t, splitsCode, code, "splits and verify agree")
	assert.Contains(t, splitsErr, "error RG002")

	out, errOut, code = runCLI(t, keys.String(), args...)
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut)
	assert.Contains(t, out, "\n1,,10,100,")
}
