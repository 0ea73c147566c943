package cli

// Issue 34: every input means one thing. Each case of the issue, pinned by the figure, the
// refusal or the finding it must give.

import (
	"os"
	"path/filepath"
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
