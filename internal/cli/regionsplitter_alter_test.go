package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRegionSplitterAlterInRuby: --format regionsplitter never drops the plan's settings:
// after the command line comes the alter that applies them, fed to hbase shell by a
// here-document; its statement, run in Ruby, carries every family setting and attribute.
func TestRegionSplitterAlterInRuby(t *testing.T) {
	out, errOut, code := runCLI(t, "", "splits", "--algo", "HexStringSplit", "--regions", "4", "--format", "regionsplitter",
		"--family", "a", "--family", "b", "--compression", "snappy", "--versions", "1", "--ttl", "30d",
		"--split-policy", "prefix", "--durability", "SYNC_WAL", "--fail-on", "none")
	require.Equal(t, exitOK, code, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.GreaterOrEqual(t, len(lines), 5)
	assert.Equal(t, "hbase org.apache.hadoop.hbase.util.RegionSplitter t1 HexStringSplit -c 4 -f a:b", lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "# RegionSplitter creates every family with HBase's defaults"))
	assert.Equal(t, "hbase shell -n <<'PRESPLIT_ALTER'", lines[3])
	assert.Equal(t, "PRESPLIT_ALTER", lines[len(lines)-1])
	body := strings.Join(lines[4:len(lines)-1], "\n") + "\n"
	calls := renderRuby(t, body)
	require.Len(t, calls, 1)
	assert.Equal(t, "alter", calls[0]["cmd"])
	assert.Equal(t, "t1", calls[0]["table"])
	fam := func(name string) map[string]any {
		return map[string]any{"NAME": name, "VERSIONS": float64(1), "TTL": float64(2592000), "COMPRESSION": "SNAPPY"}
	}
	assert.Equal(t, []any{fam("a"), fam("b")}, calls[0]["families"])
	assert.Equal(t, map[string]any{
		"DURABILITY":    "SYNC_WAL",
		"SPLIT_POLICY":  "org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy",
		"CONFIGURATION": map[string]any{"KeyPrefixRegionSplitPolicy.prefix_length": "8"},
	}, calls[0]["options"])

	// Nothing to apply: the command line alone.
	out, errOut, code = runCLI(t, "", "splits", "--algo", "HexStringSplit", "--regions", "4", "--format", "regionsplitter", "--fail-on", "none")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "hbase org.apache.hadoop.hbase.util.RegionSplitter t1 HexStringSplit -c 4 -f cf\n", out)
}
