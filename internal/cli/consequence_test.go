package cli

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSplitPolicyConsequences: designs where HBase's split machinery departs from the sizing give a finding in every
// command and format.
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
			want: []string{"error  SP001: split_policy prefix (KeyPrefixRegionSplitPolicy) cuts every split point HBase picks to its first 2 bytes, and each of the 100 regions holds at most one of the 100 values of dec:2: every cut point is the region's start key or sorts before it, which HBase refuses (SplitTableRegionProcedure: \"Split row is equal to startkey\"; HRegion.checkSplit: a row outside the region), so no region holding one value ever splits (the first or the last region may split once, at the edge of its value, leaving an empty region); at the planned volume each region grows to 143 GiB, 14.3x its MAX_FILESIZE"}},
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
			want: []string{"warning  SP002: HBase 1.4 runs IncreasingToUpperBoundRegionSplitPolicy for this table: a region splits once a store exceeds min(MAX_FILESIZE, 2 x flush size x n^3), n = the table's regions on its RegionServer; 20 regions on 10 RegionServers is 2 per server, so regions split at 2.0 GiB, not at MAX_FILESIZE 10 GiB: HBase's splits undo the pre-split; the planned 196 GiB is in 40 regions of 4.9 GiB, not 20 of 9.8 GiB"}},
		{name: "1.4 regions spread unevenly",
			// 29 on 10 servers: one server holds 2, the others 3; the one with 2 splits first.
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10", "--regions", "29", "--hbase-version", "1.4"},
			code: exitOK,
			want: []string{"29 regions on 10 RegionServers is 2 per server on 1 of them (3 on the others), so regions split at 2.0 GiB"}},
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
			want: []string{"SP002: HBase 2.6 runs SteppingSplitPolicy for this table: a region splits once a store exceeds 2 x flush size while n = 1, else MAX_FILESIZE", "15 regions on 10 RegionServers is 1 per server on 5 of them (2 on the others), so regions split at 256 MiB",
				"the planned 98 GiB is in 20 regions of 4.9 GiB, not 15 of 6.5 GiB"}},
		{name: "growth table shows the regions the policy makes",
			args: []string{"plan", "--daily", "2GB", "--retention", "1y", "--region-servers", "10", "--hbase-version", "1.4", "--regions", "20"},
			code: exitOK,
			want: []string{"  days  raw       stored    planned   regions  after HBase's splits  disk\n  30    64.4 GB   64.4 GB   96.6 GB   9        30                    289.9 GB\n",
				"after 30 days the table's 90 GiB is in 30 regions of 3.0 GiB, not 20 of 4.5 GiB"},
			not: []string{"CP002"}},
		{name: "without MAX_FILESIZE the cluster's, the region size, splits",
			args: []string{"plan", "--daily", "10GB", "--retention", "1y", "--horizon", "30d", "--region-size", "20g", "--max-filesize", "false", "--region-servers", "10", "--hbase-version", "1.4"},
			code: exitOK,
			want: []string{"so regions split at 2.0 GiB, not at MAX_FILESIZE 20 GiB", "  182   2.0 TB    2.0 TB    2.9 TB    137      184 "}},
		{name: "replicas count in n before 2.5.10 and 2.6.1",
			args: []string{"plan", "--daily", "10GB", "--retention", "1y", "--horizon", "30d", "--region-servers", "45", "--region-replication", "2", "--hbase-version", "1.4"},
			code: exitOK,
			want: []string{"45 regions on 45 RegionServers is 2 per server (each region's 2 replicas counted, as HBase before 2.5.10 and 2.6.1 counts them), so regions split at 2.0 GiB"}},
		// The split limit: three servers stop at 3,000 regions (regionSplitLimit 1000).
		{name: "the split limit stops the servers",
			args: []string{"plan", "--daily", "100GB", "--retention", "1y", "--regions", "150", "--region-servers", "3", "--hbase-version", "1.4"},
			code: exitOK,
			want: []string{"  365   39.2 TB  39.2 TB  58.8 TB  5475     3000                  176.4 TB",
				"SP004: a RegionServer splits no region once it holds hbase.regionserver.regionSplitLimit (1000) online regions of all tables, replicas included (CompactSplit.shouldSplitRegion): 3 RegionServers stop this table at 3000 regions, where the planned 53 TiB would split into 9600; the regions grow to 18 GiB each, 1.82x the MAX_FILESIZE 10 GiB"}},
		// Stepping's one-region size, 2 x 1 GiB flushes, is not capped.
		{name: "Stepping's one region is not capped by MAX_FILESIZE",
			args: []string{"plan", "--rows", "1e7", "--kv", "1400B", "--regions", "10", "--region-servers", "10", "--flush-size", "1g", "--region-size", "1g"},
			code: exitOK,
			want: []string{"SP005: HBase 2.6 runs SteppingSplitPolicy: a region alone on its RegionServer (n = 1) splits at the initial size 2.0 GiB, which MAX_FILESIZE 1.0 GiB does not cap (SteppingSplitPolicy.getSizeToCheck); 10 regions on 10 RegionServers leave servers with one region, so regions reach 2.0 GiB, 2x MAX_FILESIZE"},
			not:  []string{"SP002"}},
		// The 2.6 line is its newest release, which counts primaries only.
		{name: "a line is its newest release",
			args: []string{"plan", "--rows", "3e8", "--kv", "1KB", "--region-servers", "45", "--regions", "45", "--region-replication", "2"},
			code: exitOK,
			want: []string{"SP002: HBase 2.6 runs SteppingSplitPolicy for this table", "45 regions on 45 RegionServers is 1 per server, so regions split at 256 MiB",
				"SP006: HBase 2.6 is read as its newest release, whose split policy counts only primary regions in n (HBASE-28727): 1 per server, so regions split at 256 MiB; on 2.6.0 the policy counts every replica: the regions split at MAX_FILESIZE 10 GiB"}},
		{name: "2.6.0 counts the replicas",
			args: []string{"plan", "--rows", "3e8", "--kv", "1KB", "--region-servers", "45", "--regions", "45", "--region-replication", "2", "--hbase-version", "2.6.0"},
			code: exitOK,
			not:  []string{"SP002", "SP006"}},
		// A prefix policy cuts on value edges, so the 1,000 values of
		// dec:3 end as 1,001 regions (the first region's extra, empty one), each value
		// whole at 27 GiB; not 640 regions of 8.6 GiB.
		{name: "prefix policy cuts on value edges",
			args: []string{"plan", "--daily", "50GB", "--retention", "1y", "--regions", "10", "--region-servers", "10", "--hbase-version", "2.4", "--prefix", "dec:3", "--split-policy", "prefix"},
			code: exitOK,
			want: []string{"  365   19.6 TB  19.6 TB  29.4 TB  2738     1001 ",
				"the planned 27 TiB stays in 1001 regions, the largest 27 GiB, 2.74x the MAX_FILESIZE 10 GiB"},
			not: []string{" 640 ", "8.6 GiB"}},
		// Jitter: 420 regions of 9.98 GiB, 99.8% of MAX_FILESIZE: each region's
		// MAX_FILESIZE is drawn in 0.875..1.125 x, so (9.98 - 8.75) / 2.5 = 49% split early.
		{name: "the jitter splits about half the regions early",
			args: []string{"plan", "--rows", "1e10", "--kv", "300B"},
			code: exitOK,
			want: []string{"the 420 regions created hold 9.98 GiB on average, the largest 10 GiB (100.4% of MAX_FILESIZE) at the planned volume, so about 49% of them (206) split before it is reached and the table ends with 420..840 regions there; --fill 0.871 plans 482 regions below every draw"}},
		{name: "a fill below MAX_FILESIZE on purpose",
			args: []string{"plan", "--rows", "1e10", "--kv", "300B", "--fill", "0.875"},
			code: exitOK,
			want: []string{"ceil(4.5 TB / 8.8 GiB) = ceil(479.0)  = 479", "MAX_FILESIZE => 10737418240,", "the regions are planned at 0.875 of MAX_FILESIZE (--fill)",
				// The fill is its own input, beside the region size it shares.
				"  region size        10 GiB (10.7 GB)                                        --region-size\n  fill               0.875 (regions planned at 8.8 GiB: region size x fill)  --fill\n",
				"regions  = ceil(planned / (region size x fill))"},
			not: []string{"jitter 0.25"}},
		{name: "the families' own ratios in the Inputs, as the Stores use them",
			args: []string{"plan", "--rows", "1e9", "--kv", "300B", "--compression-ratio", "0.4", "--compression", "snappy", "--family", "a:share=0.6,compression=snappy", "--family", "b:share=0.4,compression=zstd,compression-ratio=0.3"},
			code: exitOK,
			want: []string{"  compression ratio  per family: b 0.3 with ZSTD; the others 0.4 (stored / raw)     --compression-ratio\n"}},
		// A TTL of 36h: the last horizon, day 2, holds 1.5 days, and every format says 1.5.
		{name: "a sub-day TTL's horizon in the report",
			args: []string{"plan", "--daily", "100GB", "--retention", "30d", "--ttl", "36h"},
			code: exitOK,
			want: []string{"  1.5   161.1 GB  161.1 GB  241.6 GB  23       724.8 GB\n"}},
		{name: "in the json",
			args: []string{"plan", "--daily", "100GB", "--retention", "30d", "--ttl", "36h", "--format", "json"},
			code: exitOK,
			want: []string{`"days": 2,
        "held_days": 1.5,`}},
		{name: "in capacity-csv",
			args: []string{"plan", "--daily", "100GB", "--retention", "30d", "--ttl", "36h", "--format", "capacity-csv"},
			code: exitOK,
			want: []string{"\n1.5,,161061273600,"}},
		{name: "a fill in the JSON inputs",
			args: []string{"plan", "--rows", "1e10", "--kv", "300B", "--fill", "0.875", "--format", "json"},
			code: exitOK,
			want: []string{`"region_size_bytes": 10737418240,
      "fill": 0.875,
      "planned_region_bytes": 9395240960,`}},
		// The fill and the planned region bytes, then replicas per server (empty: one replica).
		{name: "and in capacity-csv's",
			args: []string{"plan", "--rows", "1e10", "--kv", "300B", "--fill", "0.875", "--format", "capacity-csv"},
			code: exitOK,
			want: []string{",4500000000000,10737418240,479,", ",0.875,9395240960,\n"}},
		{name: "a cluster's split inputs",
			args: []string{"plan", "--daily", "100GB", "--retention", "1y", "--regions", "150", "--region-servers", "3", "--hbase-version", "1.4", "--split-limit", "2000", "--other-regions", "1500"},
			code: exitOK,
			want: []string{"3 RegionServers (other tables holding 1500 regions) stop this table at 4500 regions"}},
		{name: "the cluster's split policy behind the default",
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10", "--hbase-version", "1.4", "--cluster-split-policy", "constant"},
			code: exitOK,
			not:  []string{"SP002"}},
		{name: "the initial size",
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10", "--hbase-version", "1.4", "--initial-size", "64m"},
			code: exitOK,
			want: []string{"min(MAX_FILESIZE, the initial size x n^3)", "so regions split at 512 MiB"}},
		// An uneven split: dec:2 over 79 regions gives 21 regions two values each, 16.9 GB
		// at the 30 days the split is sized for: past MAX_FILESIZE inside the horizon.
		{name: "an uneven split past MAX_FILESIZE is a finding",
			args: []string{"plan", "--daily", "50GB", "--retention", "1y", "--horizon", "30d", "--compression", "zstd", "--compression-ratio", "0.35", "--region-servers", "12", "--heap", "16GiB", "--prefix", "dec:2"},
			code: exitOK,
			want: []string{"SP007: the split is uneven (the largest region holds 1.58x the mean): at the volume the regions are sized for (788 GiB, the first 30 days), 21 of the 79 regions pass MAX_FILESIZE 10 GiB, region 4 ['03', '05') at 15.8 GiB (16.9 GB)"}},
		{name: "an even split keeps its regions",
			args: []string{"plan", "--daily", "50GB", "--retention", "1y", "--horizon", "30d", "--compression", "zstd", "--compression-ratio", "0.35", "--region-servers", "12", "--heap", "16GiB", "--prefix", "dec:2", "--align", "even"},
			code: exitOK,
			not:  []string{"SP007"}},
		// The suffix as the delimited policy's delimiter puts each bucket's
		// rows (NN|rest) after its closing key NN|: region 1 is empty, every region shifted.
		{name: "the suffix as the delimited policy's delimiter",
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10", "--prefix", "dec:2", "--regions", "100", "--suffix", "|", "--split-policy", "delimited"},
			code: exitFailure,
			want: []string{"error    RG002: suffix '|' is the delimited split policy's delimiter, so every key holds it right after the prefix dec:2: a bucket's rows (the prefix, '|', then the rest) sort after its closing key (the prefix and '|'), so every region's rows shift one bucket up",
				"error    RG014: 1 of 100 regions holds no key shaped like the rowkey (dec:2, then '|', then the rest of the key): region 1 [, '00|') stays empty"}},
		{name: "the suffix form's fix",
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10", "--prefix", "dec:2", "--regions", "100", "--suffix", "|", "--split-policy", "delimited", "--format", "json"},
			code: exitFailure,
			want: []string{`"fix": "give '|' as the rowkey's delimiter (--delimiter) and drop --suffix: the split keys become the next prefix values, which close each bucket exactly, and the policy keeps '|'"`}},
		{name: "the suffix form on dec:3",
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10", "--prefix", "dec:3", "--suffix", "|", "--split-policy", "delimited"},
			code: exitFailure,
			want: []string{"RG002: suffix '|' is the delimited split policy's delimiter", "region 20 ['949|', ) holds 51 prefix values (949..999)"}},
		{name: "the delimiter form of the same table",
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10", "--prefix", "dec:2", "--regions", "100", "--delimiter", "|", "--split-policy", "delimited", "--format", "shell"},
			code: exitFailure, // SP001: one value per region never splits; no region is empty
			want: []string{"CONFIGURATION => {'DelimitedKeyPrefixRegionSplitPolicy.delimiter' => '|'},", "'01', '02', '03',", "SP001"},
			not:  []string{"RG002", "RG014", "RG015", "'00|'"}},
		// A sample cut on a delimiter takes the delimited policy; its
		// uneven regions past MAX_FILESIZE are a finding, single fields never splitting.
		{name: "a sample cut under the delimited policy",
			args: []string{"plan", "--rows", "1e9", "--kv", "200B", "--sample", "testdata/sample/orders.txt", "--delimiter", "|", "--split-policy", "delimited", "--holdout", "0", "--format", "shell"},
			code: exitOK,
			want: []string{"CONFIGURATION => {'DelimitedKeyPrefixRegionSplitPolicy.delimiter' => '|'},",
				"13 of the 28 regions pass MAX_FILESIZE 10 GiB, region 1 [, 'user0002') at 25.1 GiB (26.9 GB)", "a single leading field, never splits",
				// SP008 names them: user0001..user0003 hold 1076, 599 and 486 of the 12000
				// sample keys, of 279 GiB planned (1e9 x 200 B x 1.5).
				"warning SP008: 3 of the 28 regions cut from the sample hold a single leading field (before the delimiter) and pass MAX_FILESIZE 10 GiB at the planned 279 GiB: " +
					"region 1 [, 'user0002') holds the one field 'user0001': 25.1 GiB, HBase splits it once, at 'user0001', into an empty region, and never again; " +
					"region 2 ['user0002', 'user0003') holds the one field 'user0002': 13.9 GiB, HBase can never split it; " +
					"region 3 ['user0003', 'user0004') holds the one field 'user0003': 11.3 GiB, HBase can never split it: DelimitedKeyPrefixRegionSplitPolicy cuts every split point to the field"}},
		// The spec form of case 8 gives the same finding, on the splits line.
		{name: "a sample cut under the delimited policy in a spec",
			args: []string{"lint", "testdata/lint/SP008.yaml"},
			code: exitOK,
			want: []string{"testdata/lint/SP008.yaml:18: warning SP008: 3 of the 28 regions cut from the sample hold a single leading field",
				"region 3 ['user0003', 'user0004') holds the one field 'user0003': 11.3 GiB, HBase can never split it"}},
		// Past five regions the rest are a count: 15 of 40 at 10x the rows (checked by hand
		// against the sample: the regions whose keys share one field and hold > 10 GiB).
		{name: "single-field regions past the first five",
			args: []string{"plan", "--rows", "1e10", "--kv", "200B", "--sample", "testdata/sample/orders.txt", "--delimiter", "|", "--split-policy", "delimited", "--holdout", "0", "--regions", "40", "--format", "json"},
			code: exitOK,
			want: []string{"15 of the 40 regions cut from the sample hold a single leading field (before the delimiter) and pass MAX_FILESIZE 10 GiB at the planned 2.7 TiB: region 1 [, 'user0002') holds the one field 'user0001': 251 GiB",
				"region 5 ['user0005', 'user0006') holds the one field 'user0005': 66.6 GiB, HBase can never split it; and 10 more: "}},
		{name: "2.4 with replicas keeps its regions",
			args: []string{"plan", "--daily", "10GB", "--retention", "1y", "--horizon", "30d", "--region-servers", "45", "--region-replication", "2", "--hbase-version", "2.4"},
			code: exitOK,
			not:  []string{"SP002"}},
		{name: "prefix policy caps the regions",
			args: []string{"plan", "--prefix", "dec:2", "--regions", "20", "--split-policy", "prefix", "--rows", "1e10", "--kv", "1KiB"},
			code: exitOK,
			want: []string{"SP003: split_policy prefix (KeyPrefixRegionSplitPolicy) splits only on prefix edges, and the prefix has 100 values: the planned 14 TiB stays in 101 regions, the largest 143 GiB, 14.3x the MAX_FILESIZE 10 GiB"}},
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
// fails lint.
func TestSplitPolicyLintSpec(t *testing.T) {
	out, errOut, code := runCLI(t, "", "lint", "testdata/lint/SP001.yaml")
	assert.Equal(t, exitFailure, code)
	assert.True(t, strings.HasPrefix(out, "testdata/lint/SP001.yaml:8: error SP001: "), out)
	assert.Equal(t, "presplit: lint: 1 error, 0 warnings\n", errOut)
}

// TestRowkeyPlacement: keys shaped like the described rowkey are placed into the plan's
// regions before it is printed.
func TestRowkeyPlacement(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // "" = not checked
		want   []string
		not    []string
	}{
		{name: "suffix at the delimiter leaves region 1 empty",
			args: []string{"plan", "--rows", "1e9", "--kv", "1KB", "--prefix", "dec:2", "--regions", "100", "--suffix", "|", "--delimiter", "|", "--format", "json"},
			code: exitFailure,
			want: []string{`"message": "1 of 100 regions holds no key shaped like the rowkey (dec:2, then '|', then the rest of the key): region 1 [, '00|') stays empty: the lowest key of prefix 00, '00|00000000', sorts at or after its end key"`,
				`"message": "region 100 ['98|', ) holds 2 prefix values (98..99) of the rowkey (dec:2, then '|', then the rest of the key), more than one region's share (1: 100 values over 100 regions)"`,
				`"fix": "split at the next prefix without a suffix ('01', '02', ...: the exact equivalent, no empty region), or use a suffix that sorts after the delimiter '|', like '~' (0x7E)"`},
			not: []string{"region 0", "like | (0x7C)"}},
		{name: "a suffix above the delimiter fits",
			args: []string{"splits", "--prefix", "dec:2", "--regions", "100", "--suffix", "~", "--delimiter", "|"},
			code: exitOK, not: []string{"RG014", "RG015", "RG002"}},
		{name: "delimiter without suffix fits",
			args: []string{"splits", "--prefix", "dec:2", "--regions", "100", "--delimiter", "|"},
			code: exitOK, not: []string{"RG014", "RG015"}},
		{name: "prefix values: the split is made over them",
			args: []string{"splits", "--prefix", "dec:2", "--prefix-values", "20", "--regions", "4"},
			code: exitOK, stdout: "05\n10\n15\n", not: []string{"RG014", "RG015"}},
		{name: "prefix values beyond the prefix",
			args: []string{"splits", "--prefix", "dec:2", "--prefix-values", "200", "--regions", "4"},
			code: exitUsage, want: []string{"presplit: --prefix-values 200: prefix values 200 is more than the 100 values of dec:2\n"}},
		{name: "prefix values without a width",
			args: []string{"splits", "--prefix", "dec", "--prefix-values", "20", "--regions", "4"},
			code: exitUsage, want: []string{"presplit: --prefix-values 20: prefix values 20 need a prefix width (dec:W): the values are the first ones of that width\n"}},
		// Keys NN| close buckets whose rows do not hold the |: KeyPrefixRegionSplitPolicy
		// cuts a split point to prefix_length bytes, inside a bucket at 3 (375...), at its
		// first row at 2 (an empty region before it). It used to write prefix_length 3.
		{name: "prefix policy over suffixed keys",
			args: []string{"splits", "--prefix", "dec:2", "--regions", "4", "--suffix", "|", "--split-policy", "prefix", "--format", "shell"},
			code: exitUsage, want: []string{"presplit: --split-policy prefix: prefix cannot keep buckets whole when the split keys end in --suffix"}},
		// --versions 012 was octal 10; a leading zero is refused, as in a spec.
		{name: "a leading zero in a family setting",
			args: []string{"splits", "--prefix", "hex:1", "--regions", "4", "--versions", "012"},
			code: exitUsage, want: []string{"presplit: --versions 012: a leading zero is octal to some readers and decimal to others: write 12\n"}},
		// Without a prefix the values had no prefix to count: the flag was dropped.
		{name: "prefix values without a prefix",
			args: []string{"splits", "--prefix-values", "20", "--regions", "4"},
			code: exitUsage, want: []string{"presplit: --prefix-values 20: counts the first values of the rowkey's prefix: give --prefix too (dec:2 for a salt hash % 20 written %02d)\n"}},
		{name: "prefix values over an algorithm without a prefix",
			args: []string{"splits", "--algo", "DecimalStringSplit", "--prefix-values", "20", "--regions", "20"},
			code: exitUsage, want: []string{"give --prefix too"}},
		{name: "prefix values in a verify without a prefix",
			args: []string{"verify", "--prefix-values", "20", "--regions", "4", "--keys", "testdata/lint/RG014.yaml"},
			code: exitUsage, want: []string{"give --prefix too"}},
		{name: "a spec's salt of 20 values over a DecimalStringSplit",
			args: []string{"lint", "testdata/lint/RG014.yaml"},
			code: exitFailure,
			want: []string{"error RG014: 16 of 20 regions hold no key shaped like the rowkey (the first 20 values of dec:2, then the rest of the key): region 5 ['20000000', '25000000') stays empty (also regions 6, 7, 8, 9, ...)",
				"(fix: split over the 20 values the prefix takes: generate the keys from rowkey.prefix: dec:2 with rowkey.prefix_values: 20)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			assert.Equal(t, tt.code, code, errOut)
			if tt.stdout != "" {
				assert.Equal(t, tt.stdout, out)
			}
			for _, w := range tt.want {
				assert.Contains(t, out+errOut, w)
			}
			for _, n := range tt.not {
				assert.NotContains(t, out+errOut, n)
			}
		})
	}
}

// TestCompressionNeedsCodec: a ratio below 1 is what a codec makes of the data; without
// one it is refused naming both inputs, and the report says how the figures are stored.
func TestCompressionNeedsCodec(t *testing.T) {
	spec := writeSpec(t, "families: [{name: d, versions: 1, ttl: 30d, bloom: ROW}]\ncapacity: {rows: 1e10, kv: 1KB, compression_ratio: 0.3}\n")
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
		want   []string
	}{
		{name: "compression none", args: []string{"plan", "--rows", "1e10", "--kv", "1KB", "--compression-ratio", "0.3", "--compression", "none"}, code: exitUsage,
			stderr: "presplit: --compression-ratio 0.3: a ratio below 1 is what a codec makes of the data, and --compression none stores family cf uncompressed: HBase stores its raw bytes; give the family a codec (SNAPPY, LZ4, ZSTD) or leave the ratio at 1\n"},
		{name: "spec family without compression", args: []string{"plan", "-f", spec}, code: exitUsage,
			stderr: "presplit: " + spec + ":2:52: capacity.compression_ratio 0.3: a ratio below 1 is what a codec makes of the data, and family d (line 1) has no compression: HBase stores its raw bytes; give the family a codec (SNAPPY, LZ4, ZSTD) or leave the ratio at 1\n"},
		{name: "with a codec", args: []string{"plan", "--rows", "1e10", "--kv", "1KB", "--compression-ratio", "0.3", "--compression", "snappy"}, code: exitOK,
			want: []string{"compression ratio  0.3 (stored / raw, compressed with SNAPPY)", "= 2.8 TiB (3.1 TB), compressed with SNAPPY"}},
		{name: "uncompressed at 1", args: []string{"plan", "--rows", "1e10", "--kv", "1KB", "--compression", "none"}, code: exitOK,
			want: []string{"compression ratio  1 (stored / raw, uncompressed)", "= 9.3 TiB (10.2 TB), uncompressed", "family cf has compression NONE: data is stored uncompressed (the plan stores 9.3 TiB uncompressed)"}},
		{name: "placeholder table", args: []string{"plan", "--rows", "1e10", "--kv", "1KB", "--compression-ratio", "0.3"}, code: exitOK,
			want: []string{"0.3 (stored / raw, assuming a codec the table does not set)", "the compression ratio 0.3 assumes a codec, and the table sets none: give --compression"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			assert.Equal(t, tt.code, code, errOut)
			if tt.stderr != "" {
				assert.Equal(t, tt.stderr, errOut)
				assert.Empty(t, out)
			}
			for _, w := range tt.want {
				assert.Contains(t, out, w)
			}
		})
	}
}

// TestReportUnitOrder: every size written in both units puts IEC first, on every line.
func TestReportUnitOrder(t *testing.T) {
	pair := regexp.MustCompile(`([0-9.]+ ?[kKMGTPE]i?B) \(([0-9.]+ ?[kKMGTPE]i?B)\)`)
	for _, args := range [][]string{
		{"plan", "--daily", "500GB", "--retention", "2y", "--region-servers", "10", "--heap", "16GiB"},
		{"plan", "--rows", "1e10", "--kv", "1KB", "--compression", "snappy", "--compression-ratio", "0.5"},
	} {
		out, _, _ := runCLI(t, "", args...)
		pairs := pair.FindAllStringSubmatch(out, -1)
		require.NotEmpty(t, pairs)
		for _, m := range pairs {
			assert.Contains(t, m[1], "iB", "IEC first: %s", m[0])
			assert.NotContains(t, m[2], "iB", "SI second: %s", m[0])
		}
	}
}

// TestSmallerConsequences pins the smaller consequences (the family flag parsing aside):
// --kv is one version of a row and --versions multiplies it, shown in the derivation;
// --flush-size is the cluster's and writes no MEMSTORE_FLUSHSIZE; a 2-year retention at
// 500 GB/day pre-split at once fails.
func TestSmallerConsequences(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string
		not  []string
	}{
		{name: "kv x versions",
			args: []string{"plan", "--rows", "1e9", "--kv", "300B", "--versions", "3"},
			want: []string{"bytes per row      900 B = 300 B per version x 3 versions      --kv x --versions",
				"redundancy         1.5 (indexes, blooms, compaction headroom)", "= ceil(1.4 TB / 10 GiB) = ceil(125.7)  = 126"}},
		{name: "kv of one version",
			args: []string{"plan", "--rows", "1e9", "--kv", "300B", "--versions", "1"},
			want: []string{"bytes per row      300 B ", "= 42"}, not: []string{"per version"}},
		{name: "flush size is the cluster's",
			args: []string{"plan", "--rows", "1e9", "--kv", "300B", "--flush-size", "256m", "--format", "shell"},
			not:  []string{"MEMSTORE_FLUSHSIZE"}},
		{name: "the table's own flush size",
			args: []string{"plan", "--rows", "1e9", "--kv", "300B", "--memstore-flushsize", "256m", "--format", "shell"},
			want: []string{"MEMSTORE_FLUSHSIZE => 268435456"}},
		{name: "the table's flush size sets the policy's initial size",
			args: []string{"plan", "--rows", "1e8", "--kv", "1400B", "--region-servers", "10", "--hbase-version", "1.4", "--memstore-flushsize", "64m", "--format", "json"},
			want: []string{"pre-split into at least 50 regions (5 per RegionServer)"}},
		{name: "2 years of 500 GB a day at once",
			args: []string{"plan", "--daily", "500GB", "--retention", "2y", "--format", "shell"}, code: exitFailure,
			want: []string{"presplit: error CP002: the plan creates 54750 regions at once, all the full retention needs and more than 10000"}},
		{name: "2 years of 500 GB a day with a horizon",
			args: []string{"plan", "--daily", "500GB", "--retention", "2y", "--horizon", "30d", "--format", "shell"},
			not:  []string{"CP002"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			assert.Equal(t, tt.code, code, errOut)
			for _, w := range tt.want {
				assert.Contains(t, out+errOut, w)
			}
			for _, n := range tt.not {
				assert.NotContains(t, out+errOut, n)
			}
		})
	}
}
