package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTableAttributesInRuby: every table attribute through the real CLI into a Ruby that
// records the hash `create` receives.
func TestTableAttributesInRuby(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	base := []string{"plan", "--rows", "1e9", "--kv", "100B", "--prefix", "dec:2", "--format", "shell", "--fail-on", "none"}
	tests := []struct {
		name string
		args []string
		want map[string]any // the options hash (numbers as JSON numbers)
	}{
		{name: "prefix policy on 2.6", args: []string{"--split-policy", "prefix"}, want: map[string]any{
			"MAX_FILESIZE":  float64(10 << 30),
			"SPLIT_POLICY":  "org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy",
			"CONFIGURATION": map[string]any{"KeyPrefixRegionSplitPolicy.prefix_length": "2"}}},
		// 1.x's policies read the descriptor's values (getValue), which METADATA sets; its
		// CONFIGURATION is a separate map they never read.
		{name: "prefix policy on 1.4", args: []string{"--split-policy", "prefix", "--hbase-version", "1.4"}, want: map[string]any{
			"MAX_FILESIZE": float64(10 << 30),
			"SPLIT_POLICY": "org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy",
			"METADATA":     map[string]any{"KeyPrefixRegionSplitPolicy.prefix_length": "2"}}},
		{name: "delimited policy on 1.2", args: []string{"--split-policy", "delimited", "--delimiter", "|", "--hbase-version", "1.2"}, want: map[string]any{
			"MAX_FILESIZE": float64(10 << 30),
			"SPLIT_POLICY": "org.apache.hadoop.hbase.regionserver.DelimitedKeyPrefixRegionSplitPolicy",
			"METADATA":     map[string]any{"DelimitedKeyPrefixRegionSplitPolicy.delimiter": "|"}}},
		// The METADATA hash quotes as CONFIGURATION does: a delimiter with Ruby's syntax in it
		// reaches create as data.
		{name: "hostile delimiter on 1.4", args: []string{"--split-policy", "delimited", "--delimiter", `~'#{system("id")}$(id)`, "--hbase-version", "1.4"}, want: map[string]any{
			"MAX_FILESIZE": float64(10 << 30),
			"SPLIT_POLICY": "org.apache.hadoop.hbase.regionserver.DelimitedKeyPrefixRegionSplitPolicy",
			"METADATA":     map[string]any{"DelimitedKeyPrefixRegionSplitPolicy.delimiter": `~'#{system("id")}$(id)`}}},
		{name: "prefix restriction on 3.0", args: []string{"--split-policy", "prefix", "--hbase-version", "3.0"}, want: map[string]any{
			"MAX_FILESIZE": float64(10 << 30),
			"CONFIGURATION": map[string]any{"hbase.regionserver.region.split_restriction.type": "KeyPrefix",
				"hbase.regionserver.region.split_restriction.prefix_length": "2"}}},
		{name: "delimited on 2.6", args: []string{"--split-policy", "delimited", "--delimiter", "|"}, want: map[string]any{
			"MAX_FILESIZE":  float64(10 << 30),
			"SPLIT_POLICY":  "org.apache.hadoop.hbase.regionserver.DelimitedKeyPrefixRegionSplitPolicy",
			"CONFIGURATION": map[string]any{"DelimitedKeyPrefixRegionSplitPolicy.delimiter": "|"}}},
		{name: "delimited on 3.0", args: []string{"--split-policy", "delimited", "--delimiter", "|", "--hbase-version", "3.0"}, want: map[string]any{
			"MAX_FILESIZE": float64(10 << 30),
			"CONFIGURATION": map[string]any{"hbase.regionserver.region.split_restriction.type": "DelimitedKeyPrefix",
				"hbase.regionserver.region.split_restriction.delimiter": "|"}}},
		{name: "disabled on 2.2", args: []string{"--split-policy", "disabled", "--hbase-version", "2.2"}, want: map[string]any{
			"MAX_FILESIZE": float64(10 << 30), "SPLIT_ENABLED": false}},
		{name: "disabled on 2.1", args: []string{"--split-policy", "disabled", "--hbase-version", "2.1"}, want: map[string]any{
			"MAX_FILESIZE": float64(10 << 30), "SPLIT_POLICY": "org.apache.hadoop.hbase.regionserver.DisabledRegionSplitPolicy"}},
		{name: "default writes nothing", args: []string{"--split-policy", "default"}, want: map[string]any{"MAX_FILESIZE": float64(10 << 30)}},
		{name: "attributes", args: []string{"--normalization", "false", "--region-replication", "2", "--durability", "async_wal", "--memstore-flushsize", "256m"}, want: map[string]any{
			"MAX_FILESIZE": float64(10 << 30), "MEMSTORE_FLUSHSIZE": float64(256 << 20), "REGION_REPLICATION": float64(2),
			"DURABILITY": "ASYNC_WAL", "NORMALIZATION_ENABLED": false}},
		{name: "max-filesize false", args: []string{"--max-filesize=false"}, want: map[string]any{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append(append([]string{}, base...), tt.args...)...)
			require.Equal(t, exitOK, code, errOut)
			for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				assert.LessOrEqual(t, len(line), 99, line)
			}
			calls := renderRuby(t, out)
			require.Len(t, calls, 1)
			assert.Equal(t, tt.want, calls[0]["options"])
		})
	}
}

func TestTableAttributeErrors(t *testing.T) {
	base := []string{"plan", "--rows", "1e9", "--kv", "100B"}
	tests := []struct {
		name string
		args []string
		err  string
	}{
		{name: "unknown policy", args: []string{"--split-policy", "size"}, err: "presplit: --split-policy size: must be one of prefix, delimited, disabled, constant, default\n"},
		{name: "prefix on UniformSplit", args: []string{"--split-policy", "prefix", "--algo", "UniformSplit"}, err: "presplit: --split-policy prefix: prefix needs split keys of one width on a rowkey prefix (--prefix, or --algo HexStringSplit or DecimalStringSplit); use delimited, disabled or default\n"},
		{name: "delimited without delimiter", args: []string{"--split-policy", "delimited", "--prefix", "dec:2"}, err: "presplit: --split-policy delimited: delimited needs a printable delimiter after the prefix: --delimiter (the rows' bytes after the prefix, NN|rest: |)\n"},
		{name: "delimited beyond ASCII", args: []string{"--split-policy", "delimited", "--prefix", "hex:1", "--suffix", "é"}, err: "presplit: --split-policy delimited: delimited needs an ASCII delimiter: the policy reads it as UTF-8 text (\\xC3\\xA9) where the split keys read it as toStringBinary text (\\xE9)\n"},
		{name: "normalization", args: []string{"--normalization", "yes"}, err: "presplit: --normalization yes: must be true or false\n"},
		{name: "durability", args: []string{"--durability", "fast"}, err: "presplit: --durability fast: must be one of USE_DEFAULT, SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL\n"},
		{name: "replication", args: []string{"--region-replication", "0"}, err: "presplit: --region-replication 0: too small (at least 1)\n"},
		// The spec's rule, stated once in tablespec.TableSettings: a flag above 1 TiB was
		// accepted where a spec's memstore_flushsize was refused.
		{name: "memstore flush size above the spec's bound", args: []string{"--memstore-flushsize", "2t"}, err: "presplit: --memstore-flushsize 2t: must be between 1.0 MiB and 1.0 TiB\n"},
		{name: "memstore flush size below", args: []string{"--memstore-flushsize", "1k"}, err: "presplit: --memstore-flushsize 1k: must be between 1.0 MiB and 1.0 TiB\n"},
		{name: "max filesize floor", args: []string{"--region-size", "1m"}, err: "presplit: --region-size 1m: MAX_FILESIZE must be at least 2 MiB (2097152 bytes): HBase's TableDescriptorChecker refuses a smaller MAX_FILESIZE; or leave MAX_FILESIZE to the cluster\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append(append([]string{}, base...), tt.args...)...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, tt.err, errOut)
		})
	}
	// Below the floor is fine when MAX_FILESIZE is left to the cluster.
	_, errOut, code := runCLI(t, "", append(base, "--region-size", "1m", "--max-filesize=false", "--fail-on", "none", "--format", "shell")...)
	assert.Equal(t, exitOK, code, errOut)
}
