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

// TestRegionSplitterReplicasDisabled: RegionSplitter leaves the table enabled, and before
// HBase 2.4.0 the master refuses to change an enabled table's REGION_REPLICATION
// (ModifyTableProcedure; HBASE-25124), which on 2.x fails the whole alter, families
// included. There the alter runs between disable and enable; from 2.4.0 it runs alone.
func TestRegionSplitterReplicasDisabled(t *testing.T) {
	for _, tt := range []struct {
		version string
		cmds    []string
	}{
		{"1.4", []string{"disable", "alter", "enable"}},
		{"2.3", []string{"disable", "alter", "enable"}},
		{"2.3.7", []string{"disable", "alter", "enable"}},
		{"2.4", []string{"alter"}},
		{"3.0", []string{"alter"}},
	} {
		t.Run(tt.version, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", "splits", "--algo", "HexStringSplit", "--regions", "4", "--format", "regionsplitter",
				"--table", "ns:t", "--region-replication", "3", "--ttl", "30d", "--hbase-version", tt.version, "--fail-on", "none")
			require.Equal(t, exitOK, code, errOut)
			_, doc, ok := strings.Cut(out, "hbase shell -n <<'PRESPLIT_ALTER'\n")
			require.True(t, ok, out)
			body, _, ok := strings.Cut(doc, "PRESPLIT_ALTER\n")
			require.True(t, ok, out)
			calls := renderRuby(t, body)
			var cmds []string
			for _, c := range calls {
				cmds = append(cmds, c["cmd"].(string))
				assert.Equal(t, "ns:t", c["table"])
			}
			assert.Equal(t, tt.cmds, cmds)
			alter := calls[len(calls)/2]
			assert.Equal(t, float64(3), alter["options"].(map[string]any)["REGION_REPLICATION"])
		})
	}
}
