package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A small, hot table on 20 servers gets a region per server.
func TestPlanWriteSpreadFloor(t *testing.T) {
	out, errOut, code := runCLI(t, "", "plan", "--rows", "1e7", "--kv", "1KB", "--region-servers", "20", "--write-rate", "50k/s", "--format", "json")
	require.Equal(t, 0, code, errOut)
	var doc struct {
		Capacity struct{ Regions int } `json:"capacity"`
		Split    struct{ Regions int } `json:"split"`
		Access   struct {
			SizeRegions int     `json:"size_regions"`
			Regions     int     `json:"regions"`
			WriteBytes  float64 `json:"write_bytes_per_second"`
			RegionWrite float64 `json:"region_write_bytes_per_second"`
			Flushes     float64 `json:"flushes_per_region_per_minute"`
		} `json:"access"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, 2, doc.Capacity.Regions, "the bytes alone")
	assert.Equal(t, 2, doc.Access.SizeRegions)
	assert.Equal(t, 20, doc.Access.Regions)
	assert.GreaterOrEqual(t, doc.Split.Regions, 20)
	assert.Equal(t, 50e3*1024, doc.Access.WriteBytes)
	assert.Equal(t, 50e3*1024/20, doc.Access.RegionWrite)
	assert.InDelta(t, 50e3*1024/20*60/(128<<20), doc.Access.Flushes, 1e-12)

	out, errOut, code = runCLI(t, "", "plan", "--rows", "1e7", "--kv", "1KB", "--region-servers", "20", "--write-rate", "50k/s")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `regions +\= max\(size, write spread\) += max\(size 2, write spread 20\) += 20\n`, out)
	assert.Contains(t, out, "no per-region write limit given (--region-write-limit): presplit assumes none")
}

func TestPlanAccessDerivation(t *testing.T) {
	base := []string{"plan", "--rows", "1e9", "--kv", "1KB", "--region-servers", "20"}
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{name: "limit", args: []string{"--write-rate", "50k/s", "--region-write-limit", "1k/s"},
			want: []string{"write spread  = max(RegionServers, ceil(write rate / region write limit))  = max(20, ceil(50,000 rows/s / 1,000 rows/s))  = 50",
				"max(size 144, write spread 50)"}},
		{name: "balance", args: []string{"--balance"},
			want: []string{"= ceil(144 / 20) x 20", "= 160\n", "regions on servers  8 on every server (160 regions on 20 servers)"}},
		{name: "salted scans", args: []string{"--prefix", "dec:2", "--read-rate", "2k/s", "--scan-share", "0.9", "--regions", "40"},
			want: []string{"scan fan-out        each scan runs 100 scans, one per salt bucket: 1,800 scans/s become 180,000 region scans/s", "AC002"}},
		{name: "few buckets", args: []string{"--rows", "1e7", "--prefix", "byte:10", "--write-rate", "20MiB/s"},
			want: []string{"= min(20, 10)", "bucket spread       10 buckets take the writes: at most 10 of 20 servers", "the key's prefix has 10 buckets"}},
		{name: "unbalanced write-hot", args: []string{"--write-rate", "50k/s"},
			want: []string{"AC001: 144 regions on 20 RegionServers: 4 servers hold 8 regions and 16 hold 7"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{}, base...)
			if slices.Contains(tt.args, "--rows") { // a flag is given once: the case's replaces the base's
				i := slices.Index(args, "--rows")
				args = slices.Delete(args, i, i+2)
			}
			out, errOut, code := runCLI(t, "", append(args, tt.args...)...)
			require.Equal(t, 0, code, errOut)
			for _, w := range tt.want {
				assert.Contains(t, out, w)
			}
		})
	}
}

func TestPlanAccessBadInput(t *testing.T) {
	ok := []string{"plan", "--rows", "1e7", "--kv", "1KB"}
	with := func(extra ...string) []string { return append(append([]string{}, ok...), extra...) }
	tests := []struct {
		name string
		args []string
		want string
	}{
		{name: "rate zero", args: with("--write-rate", "0/s"), want: "--write-rate 0/s: must be positive"},
		{name: "rate garbage", args: with("--write-rate", "fast"), want: "--write-rate fast: must be a rate like 50k/s (rows) or 20MiB/s (bytes, with its B)"},
		{name: "rate per minute", args: with("--read-rate", "5k/min"), want: "--read-rate 5k/min: must be a rate like 50k/s (rows) or 20MiB/s (bytes, with its B)"},
		{name: "rate too large", args: with("--write-rate", "1e16/s"), want: "--write-rate 1e16/s: too large (at most 1e15/s)"},
		{name: "scan share above 1", args: with("--scan-share", "1.5"), want: "--scan-share 1.5: too large (at most 1)"},
		{name: "limit without rate", args: with("--region-write-limit", "1k/s"), want: "--region-write-limit 1k/s: needs a write rate: the floor is write rate / limit"},
		{name: "balance without servers", args: with("--balance"), want: "--balance true: needs the RegionServer count: it rounds the regions up to a multiple of it"},
		{name: "rows/s with daily", args: []string{"plan", "--daily", "1TB", "--retention", "30d", "--write-rate", "5k/s"},
			want: "--write-rate 5k/s: is rows per second and the volume gives no row size: give it in bytes per second (20MiB/s)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Equal(t, "presplit: "+tt.want+"\n", errOut)
		})
	}
}

// The spec's capacity keys are the flags' inputs; a bad one names its line.
func TestPlanAccessSpec(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "t.yaml")
	write := func(s string) {
		require.NoError(t, os.WriteFile(spec, []byte(s), 0o644))
	}
	write("table: hot\nfamilies: [{name: d}]\ncapacity:\n  rows: 1e7\n  kv: 1KB\n  write_rate: 50k/s\n  balance: true\ncluster: {region_servers: 8}\n")
	out, errOut, code := runCLI(t, "", "plan", "-f", spec)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "max(size 2, write spread 8)")
	// A timestamp at the front: the report says what RK002 means at the rate.
	write("table: events\nfamilies: [{name: d}]\nrowkey:\n  parts:\n    - {name: ts, kind: timestamp, width: 8}\n    - {name: id, kind: id, width: 8}\n" +
		"capacity: {rows: 1e9, kv: 200B, write_rate: 20k/s}\ncluster: {region_servers: 10}\nsplits: {algo: UniformSplit}\n")
	out, errOut, code = runCLI(t, "", "plan", "-f", spec, "--fail-on", "none")
	require.Equal(t, 0, code, errOut)
	// 20,000 x 200 B = 4,000,000 B/s, all on one region: 4e6 x 60 / 128 MiB = 1.79 flushes a minute.
	assert.Contains(t, out, "hotspot             ts (a timestamp) leads the key: all writes on one region: 3.8 MiB/s (4.0 MB/s) on one server, 1.79 flushes a minute (RK002)")
	assert.Contains(t, out, "1 of 10 servers take writes")
	assert.Contains(t, out, "RK002")
	write("table: hot\nfamilies: [{name: d}]\ncapacity:\n  rows: 1e7\n  kv: 1KB\n  write_rate: lots\n")
	_, errOut, code = runCLI(t, "", "plan", "-f", spec)
	assert.Equal(t, 2, code)
	assert.Equal(t, 1, strings.Count(errOut, "\n"))
	assert.Contains(t, errOut, "t.yaml:6:15: capacity write_rate must be a positive rate like 50k/s (rows) or 20MiB/s (bytes), got \"lots\"")
	write("table: hot\nfamilies: [{name: d}]\ncapacity:\n  rows: 1e7\n  kv: 1KB\n  region_write_limit: 1k/s\n")
	_, errOut, code = runCLI(t, "", "plan", "-f", spec)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "t.yaml:6:23: capacity.region_write_limit 1k/s: needs a write rate")
}

// Without an access input nothing changes: the same bytes as before in every format.
func TestPlanAccessAbsentChangesNothing(t *testing.T) {
	for _, format := range []string{"report", "json", "capacity-csv", "shell"} {
		a, _, code := runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "--region-servers", "20", "--format", format)
		require.Equal(t, 0, code)
		assert.NotContains(t, a, "write spread", format)
		assert.NotContains(t, a, `"access"`, format)
	}
}

// capacity-csv: every row carries the table, the inputs and the figures; --no-header rows
// of several runs stack under one header.
func TestCapacityCSVStacks(t *testing.T) {
	runs := [][]string{
		{"plan", "--table", "ns:hot", "--rows", "1e7", "--kv", "1KB", "--region-servers", "20", "--write-rate", "50k/s", "--read-rate", "2k/s", "--scan-share", "0.25"},
		{"plan", "--table", "events", "--daily", "500GB", "--retention", "1y", "--compression-ratio", "0.35", "--region-servers", "12", "--heap", "16GiB"},
	}
	header, _, code := runCLI(t, "", append(runs[0], "--format", "capacity-csv")...)
	require.Equal(t, 0, code)
	var all strings.Builder
	all.WriteString(strings.SplitN(header, "\n", 2)[0] + "\n")
	for _, r := range runs {
		out, errOut, code := runCLI(t, "", append(r, "--format", "capacity-csv", "--no-header", "--fail-on", "none")...)
		require.Equal(t, 0, code, errOut)
		assert.NotContains(t, out, "horizon_days", "no header")
		all.WriteString(out)
	}
	recs, err := csv.NewReader(strings.NewReader(all.String())).ReadAll()
	require.NoError(t, err, "one CSV, every row as wide as the header")
	require.Len(t, recs, 1+1+3, "the header, the rows table's row, the daily table's three horizons")
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	get := func(r int, name string) string {
		i, ok := col[name]
		require.True(t, ok, "column %s", name)
		return recs[r][i]
	}
	assert.Equal(t, "ns:hot", get(1, "table"))
	assert.Equal(t, "events", get(4, "table"))
	// The hot table's figures, recomputed: 50,000 x 1024 B/s over 20 regions.
	assert.Equal(t, "51200000", get(1, "write_bytes_per_second"))
	assert.Equal(t, "2560000", get(1, "region_write_bytes_per_second"))
	assert.Equal(t, strconv.FormatFloat(2560000.0*60/(128<<20), 'f', -1, 64), get(1, "flushes_per_region_per_minute"))
	assert.Equal(t, "2", get(1, "size_regions"))
	assert.Equal(t, "20", get(1, "planned_regions"))
	assert.Equal(t, "500", get(1, "scans_per_second"), "2000 x 0.25")
	assert.Equal(t, "rows/s", get(1, "write_rate_unit"))
	assert.Equal(t, "1.5", get(1, "redundancy"))
	// The daily table: no access pattern, its cluster on every horizon row.
	for r := 2; r <= 4; r++ {
		assert.Equal(t, "", get(r, "write_rate"))
		assert.Equal(t, "12", get(r, "region_servers"))
		assert.Equal(t, "0.35", get(r, "compression_ratio"))
		assert.Equal(t, strconv.FormatFloat(16*(1<<30)*0.4/(128<<20), 'f', -1, 64), get(r, "memstore_ceiling"))
		assert.Equal(t, "365", get(r, "retention_days"))
	}

	_, errOut, code := runCLI(t, "", "plan", "--rows", "1e7", "--kv", "1KB", "--no-header")
	assert.Equal(t, 2, code)
	assert.Equal(t, "presplit: --no-header applies to --format capacity-csv, not report\n", errOut)
}

// The HTML page states the floor in its derivation and the load in an Access section.
func TestPlanAccessHTML(t *testing.T) {
	out, errOut, code := runCLI(t, "", "plan", "--rows", "1e7", "--kv", "1KB", "--region-servers", "20", "--write-rate", "50k/s", "--format", "html")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `<tr><th scope="row">regions</th><td>20</td><td class="note">max(size, write spread) = max(size 2, write spread 20)</td></tr>`)
	assert.Contains(t, out, `<section id="access">`)
	assert.Contains(t, out, `<tr><th scope="row">memstore flushes</th><td>1.14 per region per minute at the 128 MiB flush size</td>`)
	out, _, code = runCLI(t, "", "plan", "--rows", "1e7", "--kv", "1KB", "--region-servers", "20", "--format", "html")
	require.Equal(t, 0, code)
	assert.NotContains(t, out, `id="access"`)
}

// A part name from the spec reaches the report's hotspot line as terminal text, quoted
// as a value that is not a plain word.
func TestPlanAccessHotspotIsTerminalText(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "t.yaml")
	require.NoError(t, os.WriteFile(spec, []byte("table: events\nfamilies: [{name: d}]\nrowkey:\n  parts:\n    - {name: \"ts\\e[31m\", kind: timestamp, width: 8}\n"+
		"capacity: {rows: 1e9, kv: 200B, write_rate: 20k/s}\nsplits: {algo: UniformSplit}\n"), 0o644))
	out, errOut, code := runCLI(t, "", "plan", "-f", spec, "--fail-on", "none")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `hotspot            "ts\x1B[31m" (a timestamp) leads the key`)
	assert.NotContains(t, out, "\x1b")
}
