package cli

// Every input means one thing. Each case, pinned by the figure, the
// refusal or the finding it must give.

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnitsRefused: a value with no one meaning, or no table, is refused: one line naming
// the input, the value and the rule; exit 2; nothing on stdout.
func TestUnitsRefused(t *testing.T) {
	const ambiguous = "the unit M is ambiguous (a month or a minute): write days for a month (30d) or min for minutes (30min)"
	tests := []struct {
		name string
		args []string
		want string
	}{
		// Case 1: M is a month or a minute, for a TTL as for a retention.
		{name: "ttl 1M", args: []string{"plan", "--rows", "1e6", "--kv", "1KB", "--ttl", "1M"}, want: "--ttl 1M: " + ambiguous},
		{name: "retention 1M", args: []string{"plan", "--daily", "1GB", "--retention", "1M"}, want: "--retention 1M: " + ambiguous},
		{name: "horizon 1M", args: []string{"plan", "--daily", "1GB", "--retention", "60d", "--horizon", "1M"}, want: "--horizon 1M: " + ambiguous},
		{name: "ttl in months", args: []string{"plan", "--rows", "1e6", "--kv", "1KB", "--ttl", "6mo"}, want: "--ttl 6mo: a month has no fixed length: give days (30d), weeks (4w) or years (1y)"},
		// Case 4: a horizon past the retention.
		{name: "horizon past retention", args: []string{"plan", "--daily", "10GB", "--retention", "30d", "--horizon", "60d"},
			want: "--horizon 60d: must be at most --retention (30 days): the table never holds more ingest than it keeps; leave the horizon out to pre-split for the whole retention"},
		// Case 5: a row below a KeyValue's fixed part.
		{name: "kv below a KeyValue", args: []string{"plan", "--rows", "1e6", "--kv", "0.5B"},
			want: "--kv 0.5B: must be at least 20 bytes: a row stores at least one KeyValue, whose fixed part alone (key length 4, value length 4, row length 2, family length 1, timestamp 8, type 1) is 20 bytes before its row, family, qualifier and value"},
		{name: "kv 19B", args: []string{"plan", "--rows", "1e6", "--kv", "19B"}, want: "--kv 19B: must be at least 20 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.True(t, strings.HasPrefix(errOut, "presplit: "+tt.want), errOut)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line")
		})
	}
}

// TestHorizonPastTTL: case 4's other half, a horizon within the retention but past a
// shorter TTL is a finding, never a silent cap.
func TestHorizonPastTTL(t *testing.T) {
	out, errOut, code := runCLI(t, "", "plan", "--daily", "10GB", "--retention", "60d", "--ttl", "30d", "--horizon", "45d")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "warning  CP004: the horizon (45 days) is past the 30 days the families' TTL keeps: HBase expires older data, so the split holds 30 days of ingest, not 45 days")
}

// TestUnitsAccepted: the spellings that work, and the figures they give.
func TestUnitsAccepted(t *testing.T) {
	for _, tt := range []struct {
		ttl  string
		want string
	}{{"90min", "TTL => 5400"}, {"1m", "TTL => 60"}, {"30d", "TTL => 2592000"}, {"'30 DAYS'", "TTL => 2592000"}} {
		out, errOut, code := runCLI(t, "", "plan", "--rows", "1e6", "--kv", "1KB", "--ttl", strings.Trim(tt.ttl, "'"), "-F", "shell")
		require.Equal(t, 0, code, errOut)
		assert.Contains(t, out, tt.want, tt.ttl)
	}
	out, errOut, code := runCLI(t, "", "plan", "--rows", "1e6", "--kv", "20B")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "20 B")
}

// TestUnitsSpec: a spec's ttl 1M is CF006's error with the spellings that work, and a
// spec's horizon past its retention is refused as the flag is.
func TestUnitsSpec(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "t.yaml")
	require.NoError(t, os.WriteFile(spec, []byte("table: t\ncapacity:\n  rows: 1e6\n  kv: 1KB\nfamilies:\n  - name: cf\n    ttl: 1M\n"), 0o600))
	out, _, code := runCLI(t, "", "lint", spec)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, `error CF006: family cf ttl "1M" has no one meaning (HBase reads it as 0 seconds) (fix: the unit M is ambiguous (a month or a minute)`)

	require.NoError(t, os.WriteFile(spec, []byte("table: t\ncapacity:\n  daily: 10GB\n  retention: 30d\n  horizon: 60d\nfamilies:\n  - name: cf\n"), 0o600))
	_, errOut, code := runCLI(t, "", "lint", spec)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "capacity.horizon")
	assert.Contains(t, errOut, "must be at most capacity.retention (30 days)")
}

// TestRatesCarryTheirKind: case 2, a read rate in bytes is rows over the row size before
// it counts scans, in the report and the JSON; case 3, --prefix-values is the bucket count
// of the write spread and the scan fan-out.
func TestRatesCarryTheirKind(t *testing.T) {
	args := strings.Fields("plan --rows 1e8 --kv 1KB --region-servers 20 --prefix dec:2 --write-rate 1MiB/s --read-rate 10MiB/s --scan-share 0.5")
	out, errOut, code := runCLI(t, "", args...)
	require.Equal(t, 0, code, errOut)
	// 10 MiB/s / 1,024 B = 10,240 rows/s; x 0.5 = 5,120 scans/s; x 100 buckets.
	assert.Contains(t, out, "5,120 scans/s become 512,000 region scans/s")
	doc := runJSON(t, args...)
	require.NotNil(t, doc.Access)
	assert.InDelta(t, 5120, doc.Access.ScansPerSecond, 1e-9)
	assert.InDelta(t, 512000, doc.Access.RegionScansPerSecond, 1e-6)
	assert.Equal(t, "bytes/s", doc.Access.ReadRateUnit)

	csvOut, errOut, code := runCLI(t, "", append(args, "-F", "capacity-csv")...)
	require.Equal(t, 0, code, errOut)
	rows, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(rows), 2)
	col := slices.Index(rows[0], "scans_per_second")
	require.GreaterOrEqual(t, col, 0)
	assert.Equal(t, "5120", rows[1][col])

	// Rows/s stay rows/s.
	doc = runJSON(t, "plan", "--rows", "1e8", "--kv", "1KB", "--region-servers", "20", "--prefix", "dec:2", "--read-rate", "10240/s", "--scan-share", "0.5")
	assert.InDelta(t, 5120, doc.Access.ScansPerSecond, 1e-9)

	args = strings.Fields("plan --rows 1e8 --kv 1KB --prefix dec:2 --prefix-values 20 --region-servers 40 --write-rate 10MiB/s --regions 20 --read-rate 1k/s --scan-share 0.5")
	out, errOut, code = runCLI(t, "", args...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "write spread  = min(write spread, buckets)   = min(40, 20)")
	assert.Contains(t, out, "each scan runs 20 scans, one per salt bucket: 500 scans/s become 10,000 region scans/s")
	doc = runJSON(t, args...)
	assert.Equal(t, 20, doc.Access.Buckets)
	assert.Equal(t, 20, doc.Access.WriteSpread)
	assert.Equal(t, 20, doc.Access.ScanFanout)
}

// TestPlausibleRates: case 6, 20M/s (20 million rows a second, a slip for 20 MB/s) plans
// a WAL and flushes no server sustains: errors, exit 1, with the rate that fits.
func TestPlausibleRates(t *testing.T) {
	out, _, code := runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "--region-servers", "10", "--write-rate", "20M/s")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "error    AC003: the busiest RegionServer appends 2.0 GiB/s (2.1 GB/s) of WAL, above the 1.25 GB/s a server's 10 Gbit/s link carries")
	assert.Contains(t, out, "error    AC004: each region flushes 63.6 times a minute, more than once a second")
	// The same rate in bytes is plausible.
	out, errOut, code := runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "--region-servers", "10", "--write-rate", "20MB/s")
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, out, "AC003")
	assert.NotContains(t, out, "AC004")
}

// TestAdviceAgrees: case 8, RG001 accepts HexStringSplit over hex:4 (100 and 200
// regions); case 9, AC001 says nothing of balance when one region takes the writes, as
// the Access section says; case 9, AC002 and RG006 advise the same buckets.
func TestAdviceAgrees(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "t.yaml")
	for _, n := range []string{"100", "200"} {
		require.NoError(t, os.WriteFile(spec, []byte("families:\n  - {name: cf, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW}\nrowkey: {prefix: hex:4}\ncapacity: {rows: 1e9, kv: 1KB}\nsplits: {algo: HexStringSplit, regions: "+n+"}\n"), 0o600))
		out, errOut, code := runCLI(t, "", "lint", spec)
		assert.Equal(t, 0, code, out+errOut)
		assert.NotContains(t, out, "RG001")
	}

	require.NoError(t, os.WriteFile(spec, []byte("families:\n  - {name: cf, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW}\nrowkey:\n  parts:\n    - {name: ts, kind: timestamp, width: 8}\ncapacity: {rows: 1e9, kv: 1KB, write_rate: 50k/s}\ncluster: {region_servers: 10}\n"), 0o600))
	out, _, _ := runCLI(t, "", "plan", "-f", spec, "--algo", "HexStringSplit")
	assert.Contains(t, out, "1 of 10 servers take writes")
	assert.NotContains(t, out, "AC001")

	// dec:2 salted, 30 servers, 150 regions: RG006 gives the salt a bucket a region
	// (dec:3 taking 150 values); AC002 says the 150 regions need those buckets, never
	// fewer buckets than regions.
	require.NoError(t, os.WriteFile(spec, []byte("families:\n  - {name: cf, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW}\nrowkey: {prefix: dec:2}\ncapacity: {rows: 1e9, kv: 1KB, read_rate: 2k/s, scan_share: 0.9}\ncluster: {region_servers: 30}\nsplits: {regions: 150}\n"), 0o600))
	out, _, code := runCLI(t, "", "lint", spec)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "error RG006: 150 regions but the prefix dec:2 has only 100 distinct values")
	assert.Contains(t, out, "(fix: give the salt a bucket per region: rowkey.prefix: dec:3 with rowkey.prefix_values: 150, or use at most 100 regions)")
	assert.Contains(t, out, "(fix: the 150 regions need a bucket each (RG006), so fewer buckets take fewer, larger regions; or hash the prefix from the part scans read by (rowkey.prefix_from)")
	require.NoError(t, os.WriteFile(spec, []byte("families:\n  - {name: cf, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW}\nrowkey: {prefix: dec:3, prefix_values: 150}\ncapacity: {rows: 1e9, kv: 1KB, read_rate: 2k/s, scan_share: 0.9}\ncluster: {region_servers: 30}\nsplits: {regions: 150}\n"), 0o600))
	out, _, _ = runCLI(t, "", "lint", spec)
	assert.NotContains(t, out, "error RG006")

	// dec:3 salted into 1,000 buckets for 20 regions on 30 servers: AC002 advises 30.
	require.NoError(t, os.WriteFile(spec, []byte("families:\n  - {name: cf, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW}\nrowkey: {prefix: dec:3}\ncapacity: {rows: 1e8, kv: 1KB, read_rate: 2k/s, scan_share: 0.9}\ncluster: {region_servers: 30}\nsplits: {regions: 20}\n"), 0o600))
	out, _, _ = runCLI(t, "", "lint", spec)
	assert.Contains(t, out, "warning AC002: 90% of reads are scans and the key is salted into 1000 buckets on 30 RegionServers")
	assert.Contains(t, out, "(fix: size the buckets to the servers and regions: rowkey.prefix: dec:2 with rowkey.prefix_values: 30 (30 buckets, at least one a region)")
}

// TestSketchNote: case 10, a cut on sketches says the inputs were sketches, not that the
// sample missed the memory budget.
func TestSketchNote(t *testing.T) {
	dir := t.TempDir()
	var sketches []string
	for i, name := range []string{"a", "b"} {
		var b strings.Builder
		for k := 0; k < 15000; k++ {
			fmt.Fprintf(&b, "%c%07d\n", 'a'+i, k)
		}
		keys, sk := filepath.Join(dir, name+".txt"), filepath.Join(dir, name+".sketch")
		require.NoError(t, os.WriteFile(keys, []byte(b.String()), 0o600))
		_, errOut, code := runCLI(t, "", "sample", "--keys", keys, "-o", sk)
		require.Equal(t, 0, code, errOut)
		sketches = append(sketches, "--sample", sk)
	}
	_, errOut, code := runCLI(t, "", append([]string{"splits"}, append(sketches, "--regions", "4")...)...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "cut on a sketch of 30000 sample keys (the sample's inputs include sketches, which keep no exact keys)")
	assert.NotContains(t, errOut, "memory budget")
}

// TestLintExtraArgument: case 12, the argument lint did not expect is named.
func TestLintExtraArgument(t *testing.T) {
	_, errOut, code := runCLI(t, "", "lint", "spec.yaml", "extra")
	assert.Equal(t, 2, code)
	assert.Equal(t, "presplit: lint takes one spec file, got 2 arguments: unexpected argument extra after the spec file spec.yaml\n", errOut)
	_, errOut, _ = runCLI(t, "", "lint", "spec.yaml", "two words", "c")
	assert.Equal(t, "presplit: lint takes one spec file, got 3 arguments: unexpected argument \"two words\" (and 1 more) after the spec file spec.yaml\n", errOut)
}

// TestRatioWithoutCodecSaid: case 11, a compression ratio that assumes a codec the create
// statement does not set is said on stderr for the formats without Notes, once.
func TestRatioWithoutCodecSaid(t *testing.T) {
	const note = "presplit: note: the compression ratio 0.4 assumes a codec, and the table sets none: give --compression (SNAPPY, LZ4, ZSTD) or the create statement stores the data uncompressed\n"
	for _, format := range []string{"shell", "lines", "java"} {
		out, errOut, code := runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "--compression-ratio", "0.4", "-F", format)
		require.Equal(t, 0, code, errOut)
		assert.Equal(t, note, errOut, format)
		assert.NotEmpty(t, out)
	}
	// Bigtable compresses on its own: no codec to give, only what the format leaves out.
	for _, format := range []string{"terraform", "cbt"} {
		out, errOut, code := runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "--compression-ratio", "0.4", "-F", format)
		require.Equal(t, 0, code, errOut)
		assert.Equal(t, "presplit: note: --format "+format+": Bigtable has no MAX_FILESIZE: left out; Bigtable sizes and stores its tablets itself\n", errOut, format)
		assert.NotEmpty(t, out)
	}
	// The report says it in its Notes, and nothing more on stderr.
	out, errOut, _ := runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "--compression-ratio", "0.4")
	assert.Empty(t, errOut)
	assert.Equal(t, 1, strings.Count(out, "assumes a codec, and the table sets none"))
	// With a codec, nothing to say.
	_, errOut, _ = runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "--compression-ratio", "0.4", "--compression", "ZSTD", "-F", "shell")
	assert.NotContains(t, errOut, "assumes a codec")
}

// TestManualAgrees: case 13, the HTML page says what plan.md says of redundancy (never
// versions), and every byte rate of the Access lines is IEC, then SI.
func TestManualAgrees(t *testing.T) {
	page, errOut, code := runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "-F", "html")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, page, "--redundancy: indexes, blooms, compaction headroom (never versions nor replication)")
	assert.NotContains(t, page, "blooms, versions")
	manual, err := os.ReadFile(filepath.Join("docs", "plan.md"))
	require.NoError(t, err)
	assert.Contains(t, string(manual), "never")

	out, errOut, code := runCLI(t, "", strings.Fields("plan --rows 1e8 --kv 1KB --region-servers 20 --prefix dec:2 --write-rate 20MiB/s --region-write-limit 200KiB/s")...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "write rate          20 MiB/s (21 MB/s) = 20,480 rows/s (peak)")
	assert.Contains(t, out, "region write limit  200 KiB/s (204.8 kB/s) = 200 rows/s per region")
	assert.Contains(t, out, "writes per region   204.8 KiB/s (209.7 kB/s) = write rate / 100 regions")
}

// TestUnevenSplitAccess: a dec:1 salt's 10 buckets in 7 regions leave 3 regions with 2
// buckets, so with a uniform salt each of them takes 2/10 of the writes: 10,000 of
// 50,000 rows/s, 25% over the 8,000 rows/s limit, not the 50,000 / 7 an even spread gives.
func TestUnevenSplitAccess(t *testing.T) {
	args := strings.Fields("plan --table t --rows 1e7 --kv 1KB --region-servers 7 --prefix dec:1 --write-rate 50k/s --region-write-limit 8k/s")
	out, errOut, code := runCLI(t, "", args...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "writes per region   9.8 MiB/s (10.2 MB/s) on the busiest region = write rate x 0.2, its share of the keys (the mean is write rate / 7 regions)")
	assert.Contains(t, out, "writes per server   9.8 MiB/s (10.2 MB/s) on the busiest server")
	assert.Contains(t, out, "memstore flushes    4.58 on the busiest region per minute") // 0.2 x 50,000 x 1 KiB x 60 / 128 MiB
	assert.Contains(t, out, "warning  AC005: the busiest region takes 10000 rows/s = 9.8 MiB/s (10 MB/s) of writes, 25% over the 8000 rows/s region write limit")
	doc := runJSON(t, args...)
	w := doc.Access.WriteBytesPerSecond
	assert.InDelta(t, w*2/10, doc.Access.RegionWriteBytesPerSecond, 1e-6)
	assert.InDelta(t, w*2/10, doc.Access.ServerWriteBytesPerSecond, 1e-6)

	// 30 buckets over 20 regions on 20 servers: the busiest region and server take 2/30.
	args = strings.Fields("plan --table t --rows 1e7 --kv 1KB --prefix dec:2 --prefix-values 30 --region-servers 20 --write-rate 50k/s --balance")
	doc = runJSON(t, args...)
	w = doc.Access.WriteBytesPerSecond
	assert.InDelta(t, w*2/30, doc.Access.RegionWriteBytesPerSecond, 1e-6)
	assert.InDelta(t, w*2/30, doc.Access.ServerWriteBytesPerSecond, 1e-6)
	assert.InDelta(t, w*2/30*60/(128<<20), doc.Access.FlushesPerRegionPerMinute, 1e-9)
}
