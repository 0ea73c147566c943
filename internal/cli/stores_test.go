package cli

import (
	"encoding/csv"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Two per-family designs as the machine-readable formats carry them: each family's
// figures worked by hand from the inputs (not from the model's functions).
var (
	storeVersionsArgs = strings.Fields("plan --rows 1e9 --kv 300B --family d:versions=1,share=0.9 --family h:versions=10,share=0.1")
	storeTTLArgs      = strings.Fields("plan --daily 100GB --retention 30d --compression-ratio 0.5 --family a:ttl=7d,share=0.9,compression=snappy --family b:ttl=30d,share=0.1,compression=snappy")
)

const gib = 1 << 30

func TestStoresJSON(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		raw     []float64 // each store's raw bytes
		planned []float64
		store   string // the split store
		regions int
		overall bool
	}{
		{"versions 2.x", storeVersionsArgs, []float64{1e9 * 300 * 0.9, 1e9 * 300 * 0.1 * 10}, []float64{1e9 * 270 * 1.5, 1e9 * 300 * 1.5}, "h", 42, false},
		{"versions 3.0", append(storeVersionsArgs, "--hbase-version", "3.0"), []float64{1e9 * 300 * 0.9, 1e9 * 300 * 0.1 * 10}, []float64{1e9 * 270 * 1.5, 1e9 * 300 * 1.5}, "", 80, true},
		{"ttl 2.x", storeTTLArgs, []float64{100 * gib * 0.9 * 7, 100 * gib * 0.1 * 30}, []float64{100 * gib * 0.9 * 7 * 0.5 * 1.5, 100 * gib * 0.1 * 30 * 0.5 * 1.5}, "a", 48, false},
		{"ttl 2.x told overallfiles", append(storeTTLArgs, "--split-overallfiles", "true"), []float64{100 * gib * 0.9 * 7, 100 * gib * 0.1 * 30}, []float64{100 * gib * 0.9 * 7 * 0.5 * 1.5, 100 * gib * 0.1 * 30 * 0.5 * 1.5}, "", 70, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := runJSON(t, tt.args...).Capacity
			require.NotNil(t, c)
			require.Len(t, c.Stores, 2)
			assert.Equal(t, tt.regions, c.Regions)
			assert.Equal(t, tt.store, c.SplitStore)
			require.NotNil(t, c.Inputs.SplitOverallFiles)
			assert.Equal(t, tt.overall, *c.Inputs.SplitOverallFiles)
			sum := 0.0
			for i, s := range c.Stores {
				assert.InDelta(t, tt.raw[i], s.RawBytes, tt.raw[i]*1e-12, s.Name)
				assert.InDelta(t, tt.planned[i], s.PlannedBytes, tt.planned[i]*1e-12, s.Name)
				sum += tt.planned[i]
			}
			assert.InDelta(t, sum, c.PlannedBytes, sum*1e-12)
			assert.InDelta(t, sum*3, c.DiskBytes, sum*1e-11, "disk counts every store")
		})
	}
	// One family: no stores in the JSON, as before.
	c := runJSON(t, "plan", "--rows", "1e9", "--kv", "300B").Capacity
	assert.Empty(t, c.Stores)
	assert.Nil(t, c.Inputs.SplitOverallFiles)
}

func TestStoresCapacityCSV(t *testing.T) {
	out, errOut, code := runCLI(t, "", append(storeTTLArgs, "--format", "capacity-csv", "--fail-on", "none")...)
	require.Equal(t, exitOK, code, errOut)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	head := recs[0]
	col := func(name string) int {
		for i, h := range head {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %s in %v", name, head)
		return -1
	}
	require.Len(t, recs, 4, "a header, the table's row at 30 days, a row per family")
	table, a, b := recs[1], recs[2], recs[3]
	assert.Empty(t, table[col("family")])
	assert.Equal(t, "a", a[col("family")])
	assert.Equal(t, "b", b[col("family")])
	assert.Equal(t, strconv.FormatFloat(100*gib*0.9*7, 'f', 0, 64), a[col("raw_bytes")])
	assert.Equal(t, strconv.FormatFloat(100*gib*0.1*30, 'f', 0, 64), b[col("raw_bytes")])
	assert.Equal(t, "48", a[col("regions")], "a's store alone: 47.25 regions")
	assert.Equal(t, "23", b[col("regions")], "b's store alone: 22.5 regions")
	assert.Equal(t, "48", table[col("regions")])
	assert.Equal(t, "7", a[col("family_ttl_days")])
	assert.Equal(t, "true", a[col("split_on")])
	assert.Equal(t, "false", b[col("split_on")])
}

func TestStoresRegionCSV(t *testing.T) {
	out, errOut, code := runCLI(t, "", append(storeVersionsArgs, "--format", "csv", "--fail-on", "none")...)
	require.Equal(t, exitOK, code, errOut)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"est_bytes_d", "est_bytes_h"}, recs[0][7:])
	require.Len(t, recs, 43, "a header and 42 regions")
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		require.NoError(t, err)
		return v
	}
	d, h := 0.0, 0.0
	for _, r := range recs[1:] {
		assert.InDelta(t, num(r[5]), num(r[7])+num(r[8]), 1, "a region's bytes are its stores'")
		assert.InDelta(t, 270.0/300, num(r[7])/num(r[8]), 1e-6, "d keeps 270 B a row, h 300 B")
		d, h = d+num(r[7]), h+num(r[8])
	}
	assert.InDelta(t, 1e9*270*1.5, d, 42)
	assert.InDelta(t, 1e9*300*1.5, h, 42)
}

// The store inputs refused: one line naming the input, the value and the rule, exit 2,
// nothing on stdout.
func TestStoresRefused(t *testing.T) {
	tests := []struct {
		name string
		args []string
		err  string
	}{
		{"not a boolean", append(storeVersionsArgs, "--split-overallfiles", "maybe"), "presplit: --split-overallfiles maybe: must be true or false\n"},
		{"before 2.4", append(storeVersionsArgs, "--split-overallfiles", "true", "--hbase-version", "2.3"),
			"presplit: --split-overallfiles true: needs HBase 2.4.0 or later (HBASE-24664): HBase 2.3 always splits a region when its largest store exceeds MAX_FILESIZE\n"},
		{"a family ratio out of range", strings.Fields("plan --rows 1e9 --kv 300B --family d:share=0.5,compression-ratio=2.5 --family h:share=0.5"),
			"presplit: --family d:share=0.5,compression-ratio=2.5: compression-ratio 2.5: must be > 0 and <= 2 (stored / raw)\n"},
		{"a family ratio below 1 without a codec", strings.Fields("plan --rows 1e9 --kv 300B --family d:share=0.5,compression-ratio=0.3 --family h:share=0.5"),
			"presplit: --family d:compression-ratio=0.3: a ratio below 1 is what a codec makes of the data, and family d has no compression: HBase stores its raw bytes; give the family a codec (SNAPPY, LZ4, ZSTD) or leave its ratio at 1\n"},
		{"a family ratio without shares", strings.Fields("plan --rows 1e9 --kv 300B --family d:compression=zstd,compression-ratio=0.3 --family h"),
			"presplit: --family d:compression-ratio=0.3: sizes the family's own store, which needs every family's share of a row: give each --family NAME:share=F\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, tt.err, errOut)
		})
	}
}

// A family that gives no TTL beside one that does: the create statement, as the shell's
// Ruby reads it, expires both by the days the plan sized (the family without one had no
// TTL at all, and HBase would have kept its data forever); a TTL past the retention is
// CP007's warning.
func TestStoresRetentionTTL(t *testing.T) {
	stdout, stderr, code := runCLI(t, "", "plan", "--daily", "100GB", "--retention", "30d", "--format", "shell",
		"--family", "d:ttl=7d,share=0.5,versions=1,compression=snappy,bloom=row", "--family", "a:share=0.5,versions=1,compression=snappy,bloom=row")
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stderr, "CF005")
	ttls := rubyFamilyTTLs(t, stdout)
	assert.Equal(t, map[string]any{"d": float64(7 * 86400), "a": float64(30 * 86400)}, ttls)

	_, stderr, code = runCLI(t, "", "plan", "--daily", "100GB", "--retention", "30d", "--format", "shell",
		"--family", "d:ttl=60d,share=0.5,versions=1,compression=snappy,bloom=row", "--family", "a:share=0.5,versions=1,compression=snappy,bloom=row")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "presplit: warning CP007: family d keeps its data for 60 days (TTL 60d) but the retention is 30 days: the table is sized on 30 days of ingest, and HBase expires none of it before the TTL (only the application's deletes remove it sooner)\n", stderr)
}

// A family's name in the note of the retention's TTL is data: quoted, its braces no field
// reference of the flags' words ({format} stays {format}), in the report and the JSON.
func TestStoresRetentionTTLNoteName(t *testing.T) {
	args := []string{"plan", "--daily", "1GB", "--retention", "30d", "--family", "d:ttl=7d", "--family", "a'$(id)#{format}"}
	out, stderr, code := runCLI(t, "", append(args, "--format", "report")...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, `  family "a'$(id)#{format}" gives no TTL: the retention, 30d (2592000 seconds), is its TTL`)
	doc := runJSON(t, args...)
	require.NotEmpty(t, doc.Notes)
	assert.Equal(t, `family "a'$(id)#{format}" gives no TTL: the retention, 30d (2592000 seconds), is its TTL (without one HBase keeps the data forever)`, doc.Notes[0])
}

// The family that gets the retention's TTL, named with a quote, $(...) and #{...}: the
// shell's Ruby reads the name back as data, with the TTL the plan sized.
func TestStoresRetentionTTLHostileName(t *testing.T) {
	name := `a'$(id)#{x}"`
	stdout, stderr, code := runCLI(t, "", "plan", "--daily", "100GB", "--retention", "30d", "--format", "shell",
		"--family", "d:ttl=7d", "--family", name)
	require.Equal(t, 0, code, stderr)
	ttls := rubyFamilyTTLs(t, stdout)
	assert.Equal(t, map[string]any{"d": float64(7 * 86400), name: float64(30 * 86400)}, ttls)
}

// rubyFamilyTTLs is each family's TTL in the one create statement of statements, as the
// shell's Ruby reads it, by the family's name.
func rubyFamilyTTLs(t *testing.T, statements string) map[string]any {
	t.Helper()
	calls := renderRuby(t, statements)
	require.Len(t, calls, 1)
	ttls := map[string]any{}
	for _, f := range calls[0]["families"].([]any) {
		m := f.(map[string]any)
		ttls[m["NAME"].(string)] = m["TTL"]
	}
	return ttls
}
