package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/render"
)

// The cases the issue "One plan behind every command and format" reproduced on the first
// version, each as it behaves now. The -o rules are in outfile_test.go, the names in
// names_test.go, the exit codes in exitcodes_test.go.

// planJSON runs plan with --format json and decodes it.
func planJSON(t *testing.T, args ...string) (render.JSONDoc, string, int) {
	t.Helper()
	out, errOut, code := runCLI(t, "", append(append([]string{"plan"}, args...), "--format", "json")...)
	var doc render.JSONDoc
	if code != exitUsage {
		require.NoError(t, json.Unmarshal([]byte(out), &doc), "stdout %q stderr %q", out, errOut)
	}
	return doc, errOut, code
}

func findingCodes(doc render.JSONDoc) []string {
	out := []string{}
	for _, f := range doc.Findings {
		out = append(out, f.Code)
	}
	return out
}

// checks are judged on the regions created, not the sizing's count.
func TestOnePlanChecksOnCreatedRegions(t *testing.T) {
	doc, _, code := planJSON(t, "--rows", "1e9", "--kv", "300B", "--region-servers", "10", "--heap", "16GiB", "--regions", "1000")
	require.Equal(t, 0, code)
	assert.Equal(t, 1000, doc.Split.Regions)
	assert.Equal(t, 100.0, doc.Capacity.RegionsPerServer, "1000 regions on 10 servers")
	assert.Equal(t, []string{"RG003"}, findingCodes(doc), "above the memstore ceiling of 51.2, never 'few per server'")
	assert.Contains(t, doc.Findings[0].Message, "1000 regions on 10 RegionServers is 100.0 per server, above the memstore ceiling of 51.2")

	doc, _, code = planJSON(t, "--rows", "1e11", "--kv", "300B", "--region-servers", "10", "--heap", "16GiB", "--regions", "20")
	require.Equal(t, 0, code)
	assert.Equal(t, []string{"RG007", "RG016"}, findingCodes(doc), "2 per server is below 20, and under the ceiling; 20 regions hold what the sizing puts in 4191")
	assert.Contains(t, doc.Findings[0].Message, "20 regions on 10 RegionServers is 2.0 per server, below the 20..200")
	assert.Contains(t, doc.Findings[1].Message, "the split creates 20 regions (the count --regions sets) where the volume it is sized for (41 TiB) needs 4191")
}

// every format carries the findings; shell carries them as Ruby comments that
// leave the statement exactly as it was.
func TestOnePlanFindingsInEveryFormat(t *testing.T) {
	args := []string{"plan", "--rows", "1e11", "--kv", "300B", "--region-servers", "10", "--heap", "16GiB"}
	out, errOut, code := runCLI(t, "", append(args, "--format", "shell")...)
	require.Equal(t, 0, code, "warnings pass the default --fail-on error")
	assert.Contains(t, errOut, "presplit: warning RG003: ")
	assert.Contains(t, errOut, "beyond the 3x HBase calls the risky maximum")
	require.True(t, strings.HasPrefix(out, shellHead), "how to run it first")
	findings := strings.TrimPrefix(out, shellHead)
	lines := strings.Split(findings, "\n")
	assert.True(t, strings.HasPrefix(lines[0], "# warning RG003: "), lines[0])
	assert.Equal(t, strings.Count(errOut, "\n"), strings.Count("\n"+findings, "\n# "), "one comment per finding")

	// Through Ruby: the script with its comments creates what the bare statement creates.
	bare := out[strings.Index(out, "create "):]
	assert.Equal(t, renderRuby(t, bare), renderRuby(t, out))

	for _, format := range []string{"lines", "splits-file", "csv", "capacity-csv", "java"} {
		t.Run(format, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append(args, "--format", format)...)
			require.Equal(t, 0, code, errOut)
			assert.NotContains(t, out, "RG003", "pure data stays pure")
			assert.Contains(t, errOut, "presplit: warning RG003: ", "the findings are on stderr")
		})
	}
	for _, format := range []string{"report", "json"} {
		t.Run(format, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append(args, "--format", format)...)
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, "RG003")
			assert.Empty(t, errOut, "report and json carry the findings themselves")
		})
	}
}

// --fail-on makes plan and splits a gate: the output is written, then exit 1.
func TestOnePlanFailOn(t *testing.T) {
	args := []string{"plan", "--rows", "1e9", "--kv", "1KB", "--redundancy", "3", "--format", "lines"}
	tests := []struct {
		failOn string
		code   int
		last   string
	}{
		{"", 0, ""},
		{"error", 0, ""},
		{"warning", 1, "presplit: --fail-on warning: 1 finding\n"},
		{"none", 0, ""},
	}
	for _, tt := range tests {
		t.Run("fail-on "+tt.failOn, func(t *testing.T) {
			a := args
			if tt.failOn != "" {
				a = append(append([]string{}, args...), "--fail-on", tt.failOn)
			}
			out, errOut, code := runCLI(t, "", a...)
			assert.Equal(t, tt.code, code)
			assert.Equal(t, 286, strings.Count(out, "\n"), "the output is written either way")
			assert.True(t, strings.HasPrefix(errOut, "presplit: warning CP001: "), errOut)
			assert.True(t, strings.HasSuffix(errOut, tt.last), errOut)
		})
	}
	// An error finding fails the default gate: a suffix at the delimiter leaves region 1
	// empty (RG002, and RG014 names the region), and the statement is still written.
	spec := writeSpec(t, "families: [{name: d, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW}]\n"+
		"rowkey:\n  prefix: dec:1\n  suffix: '|'\n  delimiter: '|'\n  parts: [{name: id, kind: id}]\nsplits: {regions: 10}\n")
	out, errOut, code := runCLI(t, "", "splits", "-f", spec)
	assert.Equal(t, 1, code)
	assert.Equal(t, "0|\n1|\n2|\n3|\n4|\n5|\n6|\n7|\n8|\n", out)
	assert.Contains(t, errOut, "presplit: error RG002: ")
	assert.Contains(t, errOut, "presplit: error RG014: 1 of 10 regions holds no key shaped like the rowkey (dec:1, then '|', then the rest of the key): region 1 [, '0|') stays empty")
	assert.True(t, strings.HasSuffix(errOut, "presplit: --fail-on error: 2 findings\n"), errOut)
	_, _, code = runCLI(t, "", "splits", "-f", spec, "--fail-on", "none")
	assert.Equal(t, 0, code)
	_, _, code = runCLI(t, "", "lint", spec)
	assert.Equal(t, 1, code, "lint says the same")

	_, errOut, code = runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "--fail-on", "info!")
	assert.Equal(t, 2, code)
	assert.Equal(t, "presplit: --fail-on info!: must be error, warning or none\n", errOut)
}

func writeSpec(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.yaml")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

// lint and plan -f read one design and agree.
func TestOnePlanSpecAndFlagsAgree(t *testing.T) {
	t.Run("a suffix that sorts inside the alphabet", func(t *testing.T) {
		spec := writeSpec(t, "families: [{name: d}]\nrowkey: {prefix: 'dec:2', suffix: '\\x00'}\nsplits: {regions: 10}\n")
		_, errOut, code := runCLI(t, "", "plan", "-f", spec, "--rows", "1e9", "--kv", "1KB")
		assert.Equal(t, 2, code)
		assert.Contains(t, errOut, "rowkey suffix \"\\\\x00\" does not sort after every key of its region")
		out, _, code := runCLI(t, "", "lint", spec)
		assert.Equal(t, 1, code)
		assert.Contains(t, out, "error RG002: suffix '\\x00' sorts inside the alphabet of dec:2")
	})
	t.Run("a rowkey without a prefix gets no implicit hex split", func(t *testing.T) {
		spec := writeSpec(t, "families: [{name: d}]\nrowkey:\n  delimiter: '|'\n  parts: [{name: user_id, kind: id}, {name: ts, kind: timestamp, width: 13}]\n"+
			"capacity: {rows: 1e10, kv: 300B}\n")
		out, errOut, code := runCLI(t, "", "plan", "-f", spec)
		assert.Equal(t, 2, code)
		assert.Empty(t, out)
		assert.Equal(t, "presplit: "+spec+":2:1: rowkey has no prefix to split on: give --prefix (hex:2, dec:2, byte:16, ...) for the key's leading bytes, or --algo for HBase's RegionSplitter\n", errOut)
		out, _, _ = runCLI(t, "", "lint", spec)
		assert.Contains(t, out, "warning RG011: the rowkey has no prefix to split on")
		// Naming the prefix on the command line plans it.
		_, errOut, code = runCLI(t, "", "plan", "-f", spec, "--prefix", "hex:3", "--format", "lines")
		assert.Equal(t, 0, code, errOut)
	})
	t.Run("a flag overrides its field only: --rows keeps the spec's kv", func(t *testing.T) {
		doc, errOut, code := planJSON(t, "-f", "testdata/lint/example.yaml", "--rows", "4e9")
		require.Equal(t, 0, code, errOut)
		assert.Equal(t, 4e9, doc.Capacity.Inputs.Rows)
		assert.Equal(t, 300.0, doc.Capacity.Inputs.RowBytes, "the spec's kv")
		assert.Equal(t, 0.35, doc.Capacity.Inputs.CompressionRatio, "the spec's compression ratio")
		assert.Equal(t, 59, doc.Capacity.Regions, "ceil(4e9 x 300 x 0.35 x 1.5 / 10 GiB)")
	})
	t.Run("a flag of another mode replaces the spec's mode", func(t *testing.T) {
		doc, errOut, code := planJSON(t, "-f", "testdata/lint/example.yaml", "--daily", "10GB", "--retention", "30d")
		require.Equal(t, 0, code, errOut)
		assert.Equal(t, 0.0, doc.Capacity.Inputs.Rows)
		assert.Equal(t, float64(10<<30), doc.Capacity.Inputs.DailyBytes)
		_, errOut, code = planJSON(t, "-f", "testdata/lint/example.yaml", "--daily", "10GB")
		assert.Equal(t, 2, code)
		assert.Equal(t, "presplit: --daily needs --retention: how long the data is kept, like 30d\n", errOut)
	})
}

// the retention is the TTL unless one is given; a shorter TTL sizes the table.
func TestOnePlanRetentionAndTTL(t *testing.T) {
	doc, _, code := planJSON(t, "--daily", "100GB", "--retention", "365d", "--ttl", "30d")
	require.Equal(t, 0, code)
	assert.Equal(t, 450, doc.Capacity.Regions, "100 GiB x 30 days x 1.5 / 10 GiB, not the 5475 of a year")
	assert.Equal(t, 30.0, doc.Capacity.Inputs.TTLDays)
	assert.Contains(t, findingCodes(doc), "CP003")

	doc, _, code = planJSON(t, "--daily", "100GB", "--retention", "30d")
	require.Equal(t, 0, code)
	assert.Equal(t, int64(30*86400), doc.Table.Families[0].TTLSeconds, "the retention becomes the TTL")
	assert.Contains(t, doc.Notes[0], "TTL is the retention")

	doc, _, code = planJSON(t, "--daily", "100GB", "--retention", "30d", "--ttl", "forever")
	require.Equal(t, 0, code)
	assert.Equal(t, int64(2147483647), doc.Table.Families[0].TTLSeconds, "FOREVER, as asked")
	assert.Equal(t, 450, doc.Capacity.Regions)

	doc, _, code = planJSON(t, "--daily", "100GB", "--retention", "365d", "--horizon", "30d")
	require.Equal(t, 0, code)
	assert.Equal(t, 450, doc.Capacity.Regions, "the split holds 30 days")
	assert.Equal(t, 5475, doc.Capacity.Horizons[len(doc.Capacity.Horizons)-1].Regions, "the growth table runs to the retention")
	assert.NotContains(t, findingCodes(doc), "CP002", "no advice against what the plan already does")

	out, _, _ := runCLI(t, "", "plan", "--daily", "100GB", "--retention", "365d", "--horizon", "30d")
	assert.Regexp(t, `\n  horizon +30 days \(the split holds this much ingest\) +--horizon\n`, out)
	assert.Contains(t, out, "raw      = daily x horizon")
}

// one region and ten servers is a reason to pre-split, never also "no pre-split".
func TestOnePlanNoContradiction(t *testing.T) {
	out, errOut, code := runCLI(t, "", "plan", "--rows", "1000", "--kv", "100B", "--region-servers", "10")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "RG004: 1 regions for 10 RegionServers")
	assert.NotContains(t, out, "no pre-split needed")
}

// sizes are Hadoop's, counts take one notation, --kv keeps its fraction.
func TestOnePlanUnits(t *testing.T) {
	doc, _, code := planJSON(t, "--rows", "1e10", "--kv", "300.7B", "--region-size", "10g", "--heap", "16g",
		"--region-servers", "10", "--block-size", "64KB", "--regions", "1e3")
	require.Equal(t, 0, code)
	assert.Equal(t, int64(10737418240), doc.Table.MaxFileSize)
	assert.Equal(t, 300.7, doc.Capacity.Inputs.RowBytes)
	assert.Equal(t, float64(16<<30), doc.Capacity.Inputs.Cluster.HeapBytes)
	assert.InDelta(t, 51.2, doc.Capacity.MemstoreCeiling, 1e-9)
	assert.Equal(t, int64(65536), doc.Table.Families[0].BlockSize)
	assert.Equal(t, 1000, doc.Split.Regions)

	_, errOut, code := runCLI(t, "", "plan", "--rows", "5e18", "--kv", "300B")
	assert.Equal(t, 2, code)
	assert.Equal(t, "presplit: --rows 5e18: too large (at most 1e18)\n", errOut)
}

// A table's MEMSTORE_FLUSHSIZE is what its regions flush at: the memstore ceiling, RG003 and
// the report take it over the cluster's flush size, and say so.
func TestTableFlushSizeSetsTheCeiling(t *testing.T) {
	args := []string{"--rows", "2e9", "--kv", "1KB", "--region-servers", "10", "--heap", "16g", "--memstore-flushsize", "1g"}
	doc, _, code := planJSON(t, args...)
	require.Equal(t, 0, code)
	assert.InDelta(t, 6.4, doc.Capacity.MemstoreCeiling, 1e-9)
	assert.Equal(t, float64(1<<30), doc.Capacity.Inputs.Cluster.FlushSizeBytes)
	out, errOut, code := runCLI(t, "", append([]string{"plan"}, args...)...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "memstore ceiling    6.4 regions per server = 16 GiB heap x 0.4 / (1.0 GiB flush x 1 family)  --heap --memstore-fraction --memstore-flushsize --families")
	assert.Contains(t, out, "RG003: 287 regions on 10 RegionServers is 28.7 per server, above the memstore ceiling of 6.4 (heap 16 GiB x 0.4 / (MEMSTORE_FLUSHSIZE 1.0 GiB x 1 family))")

	doc, _, code = planJSON(t, args[:len(args)-2]...) // the cluster's 128 MiB
	require.Equal(t, 0, code)
	assert.InDelta(t, 51.2, doc.Capacity.MemstoreCeiling, 1e-9)
}

// A row described by its cells is kept in the families' VERSIONS, as a --kv row is: 4 cells
// of 86 bytes in a family of 2 versions are 688 bytes a row, not 344.
func TestCellsTakeTheFamiliesVersions(t *testing.T) {
	base := []string{"--rows", "1e9", "--cells", "4", "--row-len", "10", "--value-len", "50", "--qualifier-len", "5", "--family-len", "1"}
	doc, _, code := planJSON(t, append(base, "--family", "a:versions=2", "--family", "b:versions=1")...)
	require.Equal(t, 0, code)
	assert.Equal(t, 688.0, doc.Capacity.Inputs.RowBytes)
	assert.Equal(t, 97, doc.Capacity.Regions)
	doc, _, code = planJSON(t, append(base, "--versions", "3")...) // every family's and the cells'
	require.Equal(t, 0, code)
	assert.Equal(t, 4*3*86.0, doc.Capacity.Inputs.RowBytes)
	doc, _, code = planJSON(t, base...)
	require.Equal(t, 0, code)
	assert.Equal(t, 344.0, doc.Capacity.Inputs.RowBytes)
}

// the same kind of mistake, the same exit code.
func TestOnePlanExitCodes(t *testing.T) {
	for _, args := range [][]string{
		{"splits", "--regions", "4", "--format", "report"},
		{"splits", "--regions", "4", "--format", "capacity-csv"},
		{"verify", "--regions", "4", "--keys", "testdata"},
		{"verify", "--splits-file", "testdata", "--keys", "testdata/verify/keys.txt"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out, errOut, code := runCLI(t, "", args...)
			assert.Equal(t, 2, code, errOut)
			assert.Empty(t, out)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
		})
	}
}

// regions are numbered from 1 in every output.
func TestOnePlanRegionsFromOne(t *testing.T) {
	out, _, code := runCLI(t, "", "splits", "--regions", "4", "--prefix", "hex:1", "--format", "csv")
	require.Equal(t, 0, code)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, "1", rows[1][0], "plan's CSV")

	out, _, code = runCLI(t, "0\n5\n", "verify", "--regions", "4", "--prefix", "hex:1", "--format", "csv")
	require.Equal(t, 0, code)
	rows, err = csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"1", "2", "3", "4"}, []string{rows[1][0], rows[2][0], rows[3][0], rows[4][0]}, "verify's CSV")

	out, _, _ = runCLI(t, "0\n5\n", "verify", "--regions", "4", "--prefix", "hex:1", "--format", "json")
	var v struct {
		Regions []struct {
			Region int `json:"region"`
		} `json:"regions"`
		Summary struct {
			Largest int `json:"largest_region"`
		} `json:"summary"`
	}
	require.NoError(t, json.NewDecoder(bytes.NewReader([]byte(out))).Decode(&v))
	assert.Equal(t, 1, v.Regions[0].Region)
	assert.Equal(t, 1, v.Summary.Largest, "the first region holds a key, as the second does; the first wins the tie")
}

// A shell statement of more than 10,000 split keys is a finding that names splits-file.
func TestOnePlanHugeStatement(t *testing.T) {
	_, errOut, code := runCLI(t, "", "splits", "--regions", "10002", "--prefix", "hex:4", "--format", "shell")
	require.Equal(t, 0, code)
	assert.Contains(t, errOut, "presplit: warning RG009: 10002 regions in one table, more than 10000")
	assert.Contains(t, errOut, "presplit: warning RG010: the create statement carries 10001 split keys")
	_, errOut, _ = runCLI(t, "", "splits", "--regions", "10002", "--prefix", "hex:4", "--format", "splits-file")
	assert.NotContains(t, errOut, "RG010", "a SPLITS_FILE is the way out")
}
