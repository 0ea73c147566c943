package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSplitPolicyConsequences: the reproduced cases give a finding in every
// command and format (issue 20, items 2 and 5).
func TestSplitPolicyConsequences(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string // on stdout or stderr
		not  []string
	}{
		{name: "dec:2 one prefix per region under prefix policy",
			args: []string{"plan", "--prefix", "dec:2", "--regions", "100", "--split-policy", "prefix", "--rows", "1e10", "--kv", "1KB"},
			code: exitFailure,
			want: []string{"error  SP001: split_policy prefix (KeyPrefixRegionSplitPolicy) cuts every split point HBase picks to its first 2 bytes, and each of the 100 regions holds at most one of the 100 values of dec:2: every cut point is the region's start key, which SplitTableRegionProcedure refuses (\"Split row is equal to startkey\"), so no region ever splits; at the planned volume each region grows to 143 GiB, 14.3x its MAX_FILESIZE"}},
		{name: "byte:16 splits under prefix policy",
			args: []string{"splits", "--prefix", "byte:16", "--regions", "16", "--split-policy", "prefix"},
			code: exitFailure,
			want: []string{"presplit: error SP001: split_policy prefix (KeyPrefixRegionSplitPolicy) cuts every split point HBase picks to its first 1 bytes, and each of the 16 regions holds at most one of the 16 values of byte:16"}},
		{name: "prefix policy in json",
			args: []string{"plan", "--prefix", "dec:2", "--regions", "100", "--split-policy", "prefix", "--rows", "1e10", "--kv", "1KB", "--format", "json"},
			code: exitFailure,
			want: []string{`"code": "SP001"`, `"fix": "use a wider prefix (dec:3, 10 values per region) so later splits have prefix edges to cut at, or split_policy constant or default (HBase may then split inside a prefix)"`}},
		{name: "early split's fix",
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10", "--hbase-version", "1.4", "--format", "json"},
			code: exitOK,
			want: []string{`"fix": "set split_policy constant (ConstantSizeRegionSplitPolicy splits at MAX_FILESIZE only), or pre-split into at least 40 regions (4 per RegionServer)"`}},
		{name: "1.4 two regions per server",
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10", "--hbase-version", "1.4"},
			code: exitOK,
			want: []string{"warning  SP002: HBase 1.4 runs IncreasingToUpperBoundRegionSplitPolicy for this table: a region splits once a store exceeds min(MAX_FILESIZE, 2 x flush size x n^3), n = the table's regions on its RegionServer; 20 regions on 10 RegionServers is 2 per server, so regions split at 2.0 GiB, not at MAX_FILESIZE 10 GiB: HBase's splits undo the pre-split; the planned 196 GiB is in 30 regions of 6.5 GiB, not 20 of 9.8 GiB"}},
		{name: "1.4 with ConstantSizeRegionSplitPolicy",
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10", "--hbase-version", "1.4", "--split-policy", "constant", "--format", "shell"},
			code: exitOK,
			want: []string{"SPLIT_POLICY => 'org.apache.hadoop.hbase.regionserver.ConstantSizeRegionSplitPolicy'"},
			not:  []string{"SP002"}},
		{name: "2.6 keeps two regions per server",
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10"},
			code: exitOK,
			not:  []string{"SP002"}},
		{name: "2.6 servers holding one region split at 256 MiB",
			args: []string{"plan", "--rows", "5e7", "--kv", "1400B", "--region-servers", "10", "--regions", "15"},
			code: exitOK,
			want: []string{"SP002: HBase 2.6 runs SteppingSplitPolicy for this table: a region splits once a store exceeds 2 x flush size while n = 1, else MAX_FILESIZE", "15 regions on 10 RegionServers is 1 per server, so regions split at 256 MiB",
				"the planned 98 GiB is in 20 regions of 4.9 GiB, not 15 of 6.5 GiB"}},
		{name: "growth table shows the regions the policy makes",
			args: []string{"plan", "--daily", "2GB", "--retention", "1y", "--region-servers", "10", "--hbase-version", "1.4", "--regions", "20"},
			code: exitOK,
			want: []string{"  days  raw       stored    planned   regions  after HBase's splits  disk\n  30    64.4 GB   64.4 GB   96.6 GB   9        30                    289.9 GB\n",
				"after 30 days the table's 90 GiB is in 30 regions of 3.0 GiB, not 20 of 4.5 GiB"},
			not: []string{"CP002"}},
		{name: "prefix policy caps the regions",
			args: []string{"plan", "--prefix", "dec:2", "--regions", "20", "--split-policy", "prefix", "--rows", "1e10", "--kv", "1KiB"},
			code: exitOK,
			want: []string{"SP003: split_policy prefix (KeyPrefixRegionSplitPolicy) splits only on prefix edges, and the prefix has 100 values: the planned 14 TiB stays in 100 regions of 143 GiB each"}},
		{name: "prefix policy cap's fix",
			args: []string{"plan", "--prefix", "dec:2", "--regions", "20", "--split-policy", "prefix", "--rows", "1e10", "--kv", "1KiB", "--format", "json"},
			code: exitOK,
			want: []string{`"fix": "use a prefix with at least 1431 values, one per region the volume needs (dec:4), or split_policy constant or default"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			assert.Equal(t, tt.code, code, errOut)
			all := out + errOut
			for _, w := range tt.want {
				assert.Contains(t, all, w)
			}
			for _, n := range tt.not {
				assert.NotContains(t, all, n)
			}
		})
	}
}

// TestSplitPolicyLintSpec: a spec with split_policy: prefix over one prefix per region
// fails lint (issue 20, item 2).
func TestSplitPolicyLintSpec(t *testing.T) {
	out, errOut, code := runCLI(t, "", "lint", "testdata/lint/SP001.yaml")
	assert.Equal(t, exitFailure, code)
	assert.True(t, strings.HasPrefix(out, "testdata/lint/SP001.yaml:8: error SP001: "), out)
	assert.Equal(t, "presplit: lint: 1 error, 0 warnings\n", errOut)
}
