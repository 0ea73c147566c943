package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/presplit/presplit/internal/libreoffice"
	"github.com/presplit/presplit/render"
)

// runJSON runs a presplit command with --format json and decodes its output.
func runJSON(t *testing.T, args ...string) render.JSONDoc {
	t.Helper()
	out, errOut, code := runCLI(t, "", append(args, "--format", "json")...)
	require.Equal(t, 0, code, errOut)
	var doc render.JSONDoc
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	return doc
}

// writeXLSX runs a presplit command with --format xlsx -o path.
func writeXLSX(t *testing.T, path string, args ...string) {
	t.Helper()
	out, errOut, code := runCLI(t, "", append(args, "--format", "xlsx", "-o", path)...)
	require.Equal(t, 0, code, errOut)
	require.Empty(t, out, "the workbook goes to the file, nothing to stdout")
}

// cellRef is where a defined name points.
type cellRef struct {
	sheet    string
	col, row int
}

// definedNames reads a workbook's defined names, as presplit wrote them.
func definedNames(t *testing.T, path string) map[string]cellRef {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	defer func() { _ = f.Close() }() // read only
	names := map[string]cellRef{}
	for _, n := range f.GetDefinedName() {
		sheet, cell, ok := strings.Cut(strings.ReplaceAll(n.RefersTo, "$", ""), "!")
		require.True(t, ok, n.RefersTo)
		col, row, err := excelize.CellNameToCoordinates(cell)
		require.NoError(t, err)
		names[n.Name] = cellRef{sheet, col, row}
	}
	return names
}

// editXLSX copies the workbook at from to to with the cells of the named inputs set.
func editXLSX(t *testing.T, from, to string, values map[string]float64) {
	t.Helper()
	names := definedNames(t, from)
	f, err := excelize.OpenFile(from)
	require.NoError(t, err)
	defer func() { _ = f.Close() }() // read only
	for name, v := range values {
		ref, ok := names[name]
		require.True(t, ok, "no defined name %s", name)
		cell, err := excelize.CoordinatesToCellName(ref.col, ref.row)
		require.NoError(t, err)
		require.NoError(t, f.SetCellValue(ref.sheet, cell, v))
	}
	require.NoError(t, f.SaveAs(to))
}

// loNumber is the number in a recalculated cell.
func loNumber(t *testing.T, book libreoffice.Book, sheet string, col, row int) float64 {
	t.Helper()
	v, err := libreoffice.Number(book.Cell(sheet, col, row))
	require.NoError(t, err, "%s column %d row %d", sheet, col, row)
	return v
}

// sameFigure: LibreOffice writes 15 significant digits, so figures agree to 1e-14.
func sameFigure(t *testing.T, want, got float64, what string) {
	t.Helper()
	if want == got || math.Abs(want-got) <= 1e-14*math.Max(math.Abs(want), math.Abs(got)) {
		return
	}
	t.Errorf("%s: LibreOffice computes %v, presplit %v", what, got, want)
}

// workbookCase is a workbook presplit writes and the JSON of the same command, which the
// recalculated workbook must agree with.
type workbookCase struct {
	name string
	args []string // the command and its flags
	// edit, when set, is the workbook of args with these inputs changed (by defined name);
	// it must then agree with the JSON of want instead.
	edit map[string]float64
	want []string
}

// TestXLSXLibreOffice opens presplit's workbooks in LibreOffice, recalculates them and
// compares every figure with presplit's own plan (its JSON): each plan golden and two
// splits as written, then workbooks whose input cells were edited, which must give what
// presplit plan computes for the edited inputs. All in one soffice run.
func TestXLSXLibreOffice(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	libreoffice.Soffice(t)
	var cases []workbookCase
	for _, g := range planGoldens {
		cases = append(cases, workbookCase{name: g.name, args: append([]string{"plan"}, strings.Fields(g.args)...)})
	}
	cases = append(cases,
		// The split is not the sized count: regions per server is judged on the split's.
		workbookCase{name: "regions-override", args: strings.Fields("plan --rows 1e10 --kv 300B --region-servers 10 --regions 100")},
		workbookCase{name: "splits-hex2", args: strings.Fields("splits --regions 20 --prefix hex:2")},
		// Each server opens the other servers' replicas too: 140 regions x 3 replicas a server.
		workbookCase{name: "replicas", args: strings.Fields("plan --rows 1e10 --kv 300B --region-servers 3 --region-replication 3")},
		workbookCase{name: "edit-replication", args: strings.Fields("plan --rows 1e10 --kv 300B --region-servers 3 --region-replication 3"),
			edit: map[string]float64{"region_replication": 2, "region_servers": 6},
			want: strings.Fields("plan --rows 1e10 --kv 300B --region-servers 6 --region-replication 2")},
		// A TTL of a day and a half: the table holds 1.5 days at its last horizon, day 2.
		workbookCase{name: "ttl-36h", args: strings.Fields("plan --daily 100GB --retention 30d --ttl 36h --compression snappy")},
		// 165 regions exactly, 165.00000000000003 in float64: CEILING and the plan agree.
		workbookCase{name: "whole-quotient", args: strings.Fields("plan --daily 100GiB --retention 30d --compression-ratio 0.55 --compression zstd --redundancy 1 --prefix hex:3")},
		workbookCase{name: "splits-algo", args: strings.Fields("splits --regions 7 --algo DecimalStringSplit")},
		workbookCase{name: "edit-rows-region-size", args: strings.Fields("plan --rows 1e10 --kv 300B"),
			edit: map[string]float64{"rows": 2.5e10, "region_size_bytes": 20 << 30},
			want: strings.Fields("plan --rows 2.5e10 --kv 300B --region-size 20GiB")},
		// The fill is its own input: MAX_FILESIZE stays the region size, the regions are
		// counted against region size x fill, live in both the Plan and Growth sheets.
		workbookCase{name: "fill-horizon", args: strings.Fields("plan --daily 10GB --retention 60d --horizon 30d --fill 0.875 --compression snappy --versions 1 --bloom row")},
		workbookCase{name: "edit-fill", args: strings.Fields("plan --daily 10GB --retention 60d --horizon 30d --compression snappy --versions 1 --bloom row"),
			edit: map[string]float64{"fill": 0.875},
			want: strings.Fields("plan --daily 10GB --retention 60d --horizon 30d --fill 0.875 --compression snappy --versions 1 --bloom row")},
		workbookCase{name: "edit-daily-retention", args: strings.Fields("plan --daily 500GB --retention 30d"),
			edit: map[string]float64{"daily_bytes": 200 << 30, "retention_days": 90},
			want: strings.Fields("plan --daily 200GB --retention 90d")},
		workbookCase{name: "edit-cells", args: strings.Fields("plan --rows 2.5e9 --cells 6 --row-len 16 --family-len 1 --qualifier-len 24 --value-len 40 --versions 2 --compression snappy"),
			edit: map[string]float64{"cells": 12, "value_len": 400, "compression_ratio": 0.3},
			want: strings.Fields("plan --rows 2.5e9 --cells 12 --row-len 16 --family-len 1 --qualifier-len 24 --value-len 400 --versions 2 --compression snappy --compression-ratio 0.3")},
		// The stores' inputs are live: a family's TTL, versions, own ratio and the split rule.
		workbookCase{name: "edit-store-ttl-overall", args: strings.Fields("plan --daily 100GB --retention 1y --compression-ratio 0.5 --family a:ttl=7d,share=0.9,compression=snappy --family b:ttl=90d,share=0.1,compression=snappy,compression-ratio=0.25 --region-servers 4 --write-rate 100MB/s"),
			edit: map[string]float64{"store1_ttl_days": 60, "split_overallfiles": 1, "store2_compression_ratio": 0.4},
			want: strings.Fields("plan --daily 100GB --retention 1y --compression-ratio 0.5 --family a:ttl=60d,share=0.9,compression=snappy --family b:ttl=90d,share=0.1,compression=snappy,compression-ratio=0.4 --region-servers 4 --write-rate 100MB/s --split-overallfiles true")},
		workbookCase{name: "edit-store-versions", args: strings.Fields("plan --rows 1e9 --kv 300B --family d:versions=1,share=0.9 --family h:versions=10,share=0.1"),
			edit: map[string]float64{"store2_versions": 40, "store1_share": 0.5, "store2_share": 0.5},
			want: strings.Fields("plan --rows 1e9 --kv 300B --family d:versions=1,share=0.5 --family h:versions=40,share=0.5")},
		workbookCase{name: "edit-store-cells", args: strings.Fields("plan --rows 2.5e9 --cells 6 --row-len 16 --family-len 1 --qualifier-len 24 --value-len 40 --family d:share=0.7,versions=1 --family h:share=0.3,versions=5"),
			edit: map[string]float64{"value_len": 400, "store1_versions": 3},
			want: strings.Fields("plan --rows 2.5e9 --cells 6 --row-len 16 --family-len 1 --qualifier-len 24 --value-len 400 --family d:share=0.7,versions=3 --family h:share=0.3,versions=5")},
		workbookCase{name: "edit-cluster", args: strings.Fields("plan --daily 50GB --retention 1y --compression-ratio 0.35 --region-servers 12 --heap 16GiB --prefix dec:3"),
			edit: map[string]float64{"heap_bytes": 32 << 30, "region_servers": 20, "redundancy": 1.2},
			want: strings.Fields("plan --daily 50GB --retention 1y --compression-ratio 0.35 --region-servers 20 --heap 32GiB --redundancy 1.2 --prefix dec:3")},
	)
	dir := t.TempDir()
	paths := make([]string, len(cases))
	for i, c := range cases {
		paths[i] = filepath.Join(dir, c.name+".xlsx")
		if c.edit == nil {
			writeXLSX(t, paths[i], c.args...)
			continue
		}
		orig := filepath.Join(dir, c.name+".orig.xlsx")
		writeXLSX(t, orig, c.args...)
		editXLSX(t, orig, paths[i], c.edit)
	}
	books := libreoffice.Recalc(t, paths...)

	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			book := books[paths[i]]
			names := definedNames(t, paths[i])
			if c.edit != nil {
				want := runJSON(t, c.want...)
				checkPlanSheet(t, book, names, want.Capacity)
				checkEditedGrowth(t, book, want.Capacity)
				return
			}
			want := runJSON(t, c.args...)
			if want.Capacity != nil {
				checkPlanSheet(t, book, names, want.Capacity)
				checkGrowthSheet(t, book, want.Capacity)
				ref := names["split_regions"]
				assert.Equal(t, float64(want.Split.Regions), loNumber(t, book, ref.sheet, ref.col, ref.row), "split_regions")
			} else {
				assert.NotContains(t, book, render.XLSXPlanSheet)
			}
			checkRegionsSheet(t, book, want)
			checkFindingsSheet(t, book, want.Findings)
		})
	}
}

// checkPlanSheet compares the named inputs and results with the JSON's capacity.
func checkPlanSheet(t *testing.T, book libreoffice.Book, names map[string]cellRef, c *render.JSONCapacity) {
	t.Helper()
	require.NotNil(t, c)
	in := c.Inputs
	figures := map[string]float64{
		"compression_ratio": in.CompressionRatio, "redundancy": in.Redundancy,
		"region_size_bytes": in.RegionSizeBytes, "fill": in.Fill, "replication": float64(in.Replication),
		"row_bytes": c.RowBytes, "raw_bytes": c.RawBytes, "stored_bytes": c.StoredBytes,
		"planned_bytes": c.PlannedBytes, "exact_regions": c.ExactRegions, "disk_bytes": c.DiskBytes,
	}
	if in.DailyBytes > 0 {
		delete(figures, "row_bytes")
		figures["daily_bytes"] = in.DailyBytes
		figures["retention_days"] = in.RetentionDays
	} else {
		figures["rows"] = in.Rows
	}
	if in.Cluster.RegionServers > 0 {
		figures["region_servers"] = float64(in.Cluster.RegionServers)
		figures["regions_per_server"] = c.RegionsPerServer
		if c.ReplicasPerServer > 0 {
			figures["replicas_per_server"] = c.ReplicasPerServer
		}
	}
	if in.Cluster.HeapBytes > 0 {
		figures["heap_bytes"] = in.Cluster.HeapBytes
		figures["memstore_ceiling"] = c.MemstoreCeiling
	}
	for i, st := range c.Stores { // each family's store, and what the split rule weighs
		n := func(figure string) string { return fmt.Sprintf("store%d_%s", i+1, figure) }
		figures[n("share")], figures[n("compression_ratio")] = st.Share, st.CompressionRatio
		figures[n("raw_bytes")], figures[n("stored_bytes")], figures[n("planned_bytes")] = st.RawBytes, st.StoredBytes, st.PlannedBytes
		figures[n("regions")] = float64(st.Regions)
		figures["split_bytes"] = c.SplitBytes
	}
	for name, want := range figures {
		ref, ok := names[name]
		if !assert.True(t, ok, "defined name %s", name) {
			continue
		}
		sameFigure(t, want, loNumber(t, book, ref.sheet, ref.col, ref.row), name)
	}
	ref := names["regions"]
	assert.Equal(t, strconv.Itoa(c.Regions), book.Cell(ref.sheet, ref.col, ref.row), "regions")
}

// checkGrowthSheet compares the Growth sheet's rows with the JSON's horizons.
func checkGrowthSheet(t *testing.T, book libreoffice.Book, c *render.JSONCapacity) {
	t.Helper()
	sheet := render.XLSXGrowthSheet
	if len(c.Horizons) == 0 {
		assert.NotContains(t, book, sheet)
		return
	}
	require.Len(t, book[sheet], len(c.Horizons)+1, "a header and a row per horizon")
	for i, h := range c.Horizons {
		r := i + 2
		what := fmt.Sprintf("horizon %d days", h.Days)
		days := float64(h.Days)
		if h.HeldDays > 0 { // a TTL of 36h: the row holds 1.5 days, and says so
			days = h.HeldDays
		}
		sameFigure(t, days, loNumber(t, book, sheet, 1, r), what)
		sameFigure(t, h.RawBytes, loNumber(t, book, sheet, 2, r), what+" raw")
		sameFigure(t, h.StoredBytes, loNumber(t, book, sheet, 3, r), what+" stored")
		sameFigure(t, h.PlannedBytes, loNumber(t, book, sheet, 4, r), what+" planned")
		assert.Equal(t, strconv.Itoa(h.Regions), book.Cell(sheet, 5, r), what+" regions")
		sameFigure(t, h.DiskBytes, loNumber(t, book, sheet, 6, r), what+" disk")
		for j, st := range h.Stores { // columns I, J, K for the first store, then L, M, N, ...
			col := 9 + 3*j
			sameFigure(t, st.RawBytes, loNumber(t, book, sheet, col, r), what+" "+st.Name+" raw")
			sameFigure(t, st.StoredBytes, loNumber(t, book, sheet, col+1, r), what+" "+st.Name+" stored")
			sameFigure(t, st.PlannedBytes, loNumber(t, book, sheet, col+2, r), what+" "+st.Name+" planned")
		}
	}
}

// checkEditedGrowth compares the Growth rows of an edited workbook with the horizons of
// the same days: the days are the workbook's own inputs, fixed when it was written.
func checkEditedGrowth(t *testing.T, book libreoffice.Book, c *render.JSONCapacity) {
	t.Helper()
	sheet := render.XLSXGrowthSheet
	matched := 0
	for r := 2; r <= len(book[sheet]); r++ {
		days := book.Cell(sheet, 1, r)
		for _, h := range c.Horizons {
			if strconv.Itoa(h.Days) != days {
				continue
			}
			matched++
			sameFigure(t, h.PlannedBytes, loNumber(t, book, sheet, 4, r), "planned at "+days+" days")
			assert.Equal(t, strconv.Itoa(h.Regions), book.Cell(sheet, 5, r), "regions at "+days+" days")
		}
	}
	if len(c.Horizons) > 0 {
		assert.Positive(t, matched, "a horizon of the edited workbook is one of the plan's")
	}
}

// checkRegionsSheet compares the regions, keys and shares with the JSON's split.
func checkRegionsSheet(t *testing.T, book libreoffice.Book, want render.JSONDoc) {
	t.Helper()
	sheet := render.XLSXRegionsSheet
	s := want.Split
	require.Len(t, book[sheet], s.Regions+1, "a header and a row per region")
	total := 0.0
	for _, o := range s.Owned {
		total += o
	}
	for i := 0; i < s.Regions; i++ {
		r := i + 2
		var start, end string
		if i > 0 {
			start = s.Keys[i-1]
		}
		if i < len(s.Keys) {
			end = s.Keys[i]
		}
		assert.Equal(t, strconv.Itoa(i+1), book.Cell(sheet, 1, r))
		assert.Equal(t, start, book.Cell(sheet, 2, r), "start key of region %d", i+1)
		assert.Equal(t, end, book.Cell(sheet, 3, r), "end key of region %d", i+1)
		share := s.Owned[i] / total
		sameFigure(t, share, loNumber(t, book, sheet, 4, r), fmt.Sprintf("share of region %d", i+1))
		if want.Capacity != nil {
			sameFigure(t, share*want.Capacity.PlannedBytes, loNumber(t, book, sheet, 5, r), fmt.Sprintf("bytes of region %d", i+1))
		}
	}
}

// checkFindingsSheet compares the findings with the JSON's.
func checkFindingsSheet(t *testing.T, book libreoffice.Book, findings []render.JSONFinding) {
	t.Helper()
	rows := book[render.XLSXFindingsSheet]
	require.Len(t, rows, len(findings)+1)
	assert.Equal(t, []string{"severity", "code", "message", "fix"}, rows[0])
	for i, f := range findings {
		assert.Equal(t, []string{f.Severity, f.Code, f.Message, f.Fix}, rows[i+1])
	}
}

// TestXLSXOutput: where the workbook goes, and what happens on bad input.
func TestXLSXOutput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "plan.xlsx")
	writeXLSX(t, file, "plan", "--rows", "1e10", "--kv", "300B")
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	f, err := excelize.OpenReader(bytes.NewReader(want))
	require.NoError(t, err)
	assert.Equal(t, []string{"Plan", "Regions", "Findings"}, f.GetSheetList())
	require.NoError(t, f.Close())

	tests := []struct {
		name    string
		args    string
		code    int
		stdout  []byte // nil: none
		stderr  string
		nothing string // a file that must not be created
	}{
		{name: "-o - writes stdout", args: "plan --rows 1e10 --kv 300B -F xlsx -o -", stdout: want},
		{name: "findings on stderr too", args: "plan --rows 1e9 --kv 1KB --redundancy 3 -F xlsx -o " + filepath.Join(dir, "cp001.xlsx"),
			stderr: "presplit: warning CP001: redundancy 3 looks like it counts HDFS replication: replication (3) belongs in the disk estimate only, never in region sizing\n"},
		{name: "a pipe without -o", args: "splits --regions 4 -F xlsx", stdout: nil, stderr: "presplit: --prefix hex: width 1 keeps the imbalance within 1% (1.0000)\n"},
		{name: "bad input writes nothing", args: "plan --rows 0 --kv 300B -F xlsx -o " + filepath.Join(dir, "bad.xlsx"), code: 2,
			stderr: "presplit: --rows 0: must be positive\n", nothing: filepath.Join(dir, "bad.xlsx")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", strings.Fields(tt.args)...)
			assert.Equal(t, tt.code, code)
			assert.Equal(t, tt.stderr, errOut)
			switch {
			case tt.code != 0:
				assert.Empty(t, out)
			case strings.Contains(tt.args, "-o "+dir):
				assert.Empty(t, out)
			case tt.stdout != nil:
				assert.True(t, bytes.Equal(tt.stdout, []byte(out)), "the same workbook as -o FILE")
			default:
				f, err := excelize.OpenReader(strings.NewReader(out))
				require.NoError(t, err, "a workbook on stdout")
				assert.Equal(t, []string{"Regions", "Findings"}, f.GetSheetList())
				require.NoError(t, f.Close())
			}
			if tt.nothing != "" {
				assert.NoFileExists(t, tt.nothing)
			}
		})
	}
}

// TestXLSXTooManyRegions: more regions than a sheet has rows is bad usage, refused before
// anything is written (exit 2, the limit named), as the java format refuses its cap.
func TestXLSXTooManyRegions(t *testing.T) {
	out, errOut, code := runCLI(t, "", "splits", "--prefix", "hex:5", "--regions", "1048576", "--format", "xlsx")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Equal(t, "presplit: --format xlsx: 1048576 regions need 1048577 rows on the Regions sheet (a header and a row per region), more than the 1048576 rows a sheet holds (at most 1048575 regions); use --format splits-file or csv\n", errOut)
}
