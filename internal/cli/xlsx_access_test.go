package cli

import (
	"encoding/json"
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

// accessFigures are the JSON's access figures by their defined names in the workbook.
func accessFigures(a *render.JSONAccess) map[string]float64 {
	m := map[string]float64{
		"scan_share": a.ScanShare, "buckets": float64(a.Buckets), "planned_regions": float64(a.Regions),
		"scan_fanout": float64(a.ScanFanout),
	}
	if a.Balance {
		m["balance"] = 1
	} else {
		m["balance"] = 0
	}
	if a.WriteRate > 0 {
		for k, v := range map[string]float64{
			"write_rate": a.WriteRate, "write_bytes_per_second": a.WriteBytesPerSecond, "write_spread": float64(a.WriteSpread),
			"floored_regions": float64(a.FlooredRegions), "region_write_bytes_per_second": a.RegionWriteBytesPerSecond,
			"server_write_bytes_per_second": a.ServerWriteBytesPerSecond, "wal_bytes_per_server_per_second": a.WALBytesPerServerPerSec,
			"flushes_per_region_per_minute": a.FlushesPerRegionPerMinute, "days_to_region_size": a.DaysToRegionSize,
		} {
			m[k] = v
		}
	}
	if a.RegionWriteLimit > 0 {
		m["region_write_limit"] = a.RegionWriteLimit
		m["limit_floor"] = float64(a.LimitFloor)
	}
	if a.ReadRate > 0 {
		m["read_rate"] = a.ReadRate
		m["reads_per_server_per_second"] = a.ReadsPerServerPerSecond
		m["scans_per_second"] = a.ScansPerSecond
		m["region_scans_per_second"] = a.RegionScansPerSecond
	}
	if a.MostRegionsPerServer > 0 {
		m["most_regions_per_server"] = float64(a.MostRegionsPerServer)
		m["fewest_regions_per_server"] = float64(a.FewestRegionsPerServer)
	}
	return m
}

// cachedValues reads the value every defined name's cell carries in the file, as a reader
// that does not recalculate sees it.
func cachedValues(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	defer func() { _ = f.Close() }() // read only
	out := map[string]string{}
	for name, ref := range definedNames(t, path) {
		cell, err := excelize.CoordinatesToCellName(ref.col, ref.row)
		require.NoError(t, err)
		v, err := f.GetCellValue(ref.sheet, cell, excelize.Options{RawCellValue: true})
		require.NoError(t, err)
		out[name] = v
	}
	return out
}

// TestXLSXAccessLibreOffice: the workbook's access rows, recalculated by LibreOffice, give
// presplit's figures; an edited write rate (and balance) recalculates to what presplit plan
// computes for it; and every formula's cached value is the JSON's figure and what
// LibreOffice recalculates.
func TestXLSXAccessLibreOffice(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	libreoffice.Soffice(t)
	hot := "plan --rows 1e7 --kv 1KB --region-servers 20 --write-rate 50k/s --region-write-limit 1k/s"
	balance := "plan --rows 1e9 --kv 1KB --region-servers 20 --write-rate 50k/s --balance --heap 16GiB"
	cases := []workbookCase{
		{name: "access-hot", args: strings.Fields(hot)},
		{name: "access-floor", args: strings.Fields("plan --rows 1e7 --kv 1KB --region-servers 20 --write-rate 50k/s")},
		{name: "access-salted", args: strings.Fields("plan --rows 1e9 --kv 1KB --region-size 20GiB --region-servers 20 --prefix dec:2 --write-rate 20MiB/s --read-rate 2k/s --scan-share 0.9")},
		{name: "access-buckets", args: strings.Fields("plan --rows 1e7 --kv 1KB --region-servers 20 --prefix byte:10 --write-rate 20MiB/s --read-rate 500/s")},
		{name: "access-balance", args: strings.Fields(balance)},
		{name: "access-balance-buckets", args: strings.Fields("plan --rows 1e7 --kv 1KB --region-servers 20 --prefix byte:10 --write-rate 20MiB/s --balance")},
		// 10 MiB/s of 1 KiB rows is 10,240 rows/s, scans counted on the rows.
		{name: "access-read-bytes", args: strings.Fields("plan --rows 1e8 --kv 1KB --region-servers 20 --prefix dec:2 --write-rate 1MiB/s --read-rate 10MiB/s --scan-share 0.5")},
		// A put writes one version: rows/s x the bytes of one version, never x VERSIONS.
		{name: "access-versions-reads", args: strings.Fields("plan --rows 1e8 --kv 1KB --versions 3 --region-servers 20 --write-rate 50k/s --read-rate 10MiB/s --scan-share 0.5 --region-write-limit 1k/s")},
		{name: "access-cells-reads", args: strings.Fields("plan --rows 1e8 --cells 4 --row-len 16 --family-len 1 --qualifier-len 8 --value-len 100 --versions 2 --region-servers 20 --write-rate 50k/s --read-rate 10MiB/s --scan-share 0.5")},
		{name: "access-daily", args: strings.Fields("plan --daily 500GB --retention 30d --region-servers 12 --write-rate 20MiB/s --region-write-limit 1MiB/s")},
		// A rows/s rate writes one version of a row (kv), not the VERSIONS the table keeps.
		{name: "access-versions", args: strings.Fields("plan --rows 1e9 --kv 1KB --versions 3 --region-servers 20 --write-rate 50k/s --region-write-limit 2MiB/s")},
		{name: "access-cells-versions", args: strings.Fields("plan --rows 1e9 --cells 4 --row-len 16 --family-len 1 --qualifier-len 8 --value-len 200 --versions 3 --region-servers 20 --write-rate 50k/s")},
		// Stores: a region fills at the rate its split store (or all stores) grows.
		{name: "access-stores", args: strings.Fields("plan --daily 100GB --retention 30d --compression-ratio 0.5 --family a:ttl=7d,share=0.9,compression=snappy --family b:ttl=30d,share=0.1,compression=snappy,compression-ratio=0.2 --region-servers 12 --write-rate 20MiB/s")},
		{name: "access-stores-overall", args: strings.Fields("plan --rows 1e9 --kv 1KB --family d:versions=1,share=0.9,compression=zstd,compression-ratio=0.3 --family h:versions=10,share=0.1,compression=zstd --compression-ratio 0.5 --region-servers 12 --write-rate 50k/s"),
			edit: map[string]float64{"split_overallfiles": 1},
			want: strings.Fields("plan --rows 1e9 --kv 1KB --family d:versions=1,share=0.9,compression=zstd,compression-ratio=0.3 --family h:versions=10,share=0.1,compression=zstd --compression-ratio 0.5 --region-servers 12 --write-rate 50k/s --split-overallfiles true")},
		{name: "access-edit-rate", args: strings.Fields(hot), edit: map[string]float64{"write_rate": 100e3},
			want: strings.Fields("plan --rows 1e7 --kv 1KB --region-servers 20 --write-rate 100k/s --region-write-limit 1k/s")},
		// The size wins at first (144 regions); a tenfold rate with a limit lifts the floor
		// over it, and regions per server follows the planned count.
		{name: "access-edit-limit", args: strings.Fields("plan --rows 1e9 --kv 1KB --region-servers 20 --write-rate 50k/s --region-write-limit 1k/s"),
			edit: map[string]float64{"write_rate": 500e3},
			want: strings.Fields("plan --rows 1e9 --kv 1KB --region-servers 20 --write-rate 500k/s --region-write-limit 1k/s")},
		{name: "access-edit-balance", args: strings.Fields(balance), edit: map[string]float64{"write_rate": 200e3, "balance": 0},
			want: strings.Fields("plan --rows 1e9 --kv 1KB --region-servers 20 --write-rate 200k/s --heap 16GiB")},
	}
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
			args := c.args
			if c.edit != nil {
				args = c.want
			}
			want := runJSON(t, args...)
			require.NotNil(t, want.Access)
			checkPlanSheet(t, book, names, want.Capacity)
			figures := accessFigures(want.Access)
			for name, v := range figures {
				ref, ok := names[name]
				if !assert.True(t, ok, "defined name %s", name) {
					continue
				}
				sameFigure(t, v, loNumber(t, book, ref.sheet, ref.col, ref.row), name)
			}
			if c.edit != nil {
				return
			}
			// Cached values: the JSON's figures exactly, and every named cell's cached value
			// what LibreOffice recalculates.
			cached := cachedValues(t, paths[i])
			for name, v := range figures {
				got, err := strconv.ParseFloat(cached[name], 64)
				if assert.NoError(t, err, "cached %s %q", name, cached[name]) {
					assert.Equal(t, v, got, "cached %s", name)
				}
			}
			for name, text := range cached {
				ref := names[name]
				got, err := strconv.ParseFloat(text, 64)
				require.NoError(t, err, "cached %s %q", name, text)
				sameFigure(t, got, loNumber(t, book, ref.sheet, ref.col, ref.row), "cached "+name)
			}
		})
	}
}

// TestXLSXCachedValuesLibreOffice: every formula of the plan goldens' workbooks carries a
// cached value, and it is what LibreOffice recalculates (Plan and Growth sheets).
func TestXLSXCachedValuesLibreOffice(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	libreoffice.Soffice(t)
	dir := t.TempDir()
	var paths []string
	for _, g := range planGoldens {
		p := filepath.Join(dir, g.name+".xlsx")
		writeXLSX(t, p, append([]string{"plan"}, strings.Fields(g.args)...)...)
		paths = append(paths, p)
	}
	books := libreoffice.Recalc(t, paths...)
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			f, err := excelize.OpenFile(p)
			require.NoError(t, err)
			defer func() { _ = f.Close() }() // read only
			formulas := 0
			for _, sheet := range []string{render.XLSXPlanSheet, render.XLSXGrowthSheet} {
				rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
				if sheet == render.XLSXGrowthSheet && err != nil {
					continue // no Growth sheet without daily ingest
				}
				require.NoError(t, err)
				for r := range rows {
					for col := range rows[r] {
						cell, _ := excelize.CoordinatesToCellName(col+1, r+1)
						formula, err := f.GetCellFormula(sheet, cell)
						require.NoError(t, err)
						if formula == "" {
							continue
						}
						formulas++
						got, err := strconv.ParseFloat(rows[r][col], 64)
						require.NoError(t, err, "%s!%s %s has no cached number: %q", sheet, cell, formula, rows[r][col])
						sameFigure(t, got, loNumber(t, books[p], sheet, col+1, r+1), sheet+"!"+cell+" "+formula)
					}
				}
			}
			assert.Positive(t, formulas)
		})
	}
	_ = json.Valid
}
