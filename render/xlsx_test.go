package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/internal/libreoffice"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/splits"
)

// xlsxKeys are keys a spreadsheet would turn into something else if they went in as typed
// text: numbers (0e04, 1e79, 1E5, -1, +1), a date, a time, a fraction, a boolean, a formula,
// a quote prefix, OOXML's _xHHHH_ escape, and spaces a trim would eat.
var xlsxKeys = []string{
	"0e04", "1e79", "1E5", "00|", `\x00`, `\xFF\x00`, "=1+1", "'quoted", "-1", "+1", "1/2",
	"12:30", "2024-01-01", "TRUE", "0x1F", "1,5", "_x0041_", " lead", "trail ", "@sum", `a\x5Cb`, `"dq"`,
}

// xlsxKeyDoc is a split on xlsxKeys, sorted as HBase sorts them.
func xlsxKeyDoc(t testing.TB) Doc {
	var keys [][]byte
	for _, k := range xlsxKeys {
		b, err := hbytes.ToBytesBinary(k)
		require.NoError(t, err)
		keys = append(keys, b)
	}
	sort.Slice(keys, func(i, j int) bool { return bytes.Compare(keys[i], keys[j]) < 0 })
	owned := make([]float64, len(keys)+1)
	for i := range owned {
		owned[i] = float64(i + 1)
	}
	return Doc{
		Plan: &plan.Plan{
			Table: plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf"}}},
			Split: &splits.Split{Spec: "file", Keys: splits.KeysOf(keys...), Owned: splits.OwnedOf(owned...)},
		},
	}
}

// planDoc is a Doc with a capacity plan of rows x bytes per row, on a split of n regions.
func planDoc(t testing.TB, regions int) Doc {
	p, err := capacity.Compute(capacity.Input{Volume: capacity.Volume{Rows: 1e10, RowBytes: 300}})
	require.NoError(t, err)
	d := benchDoc(regions)
	ones := make([]float64, d.Split.Owned.Len())
	for i := range ones {
		ones[i] = 1
	}
	d.Split.Owned = splits.OwnedOf(ones...)
	d.Capacity = &p
	d.Findings = []finding.Finding{{Severity: finding.Warning, Code: "CF005", Message: "family cf does not set ttl", Fix: "set a TTL"}}
	return d
}

func renderXLSX(t testing.TB, d Doc) *excelize.File {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, XLSX(&b, d))
	f, err := excelize.OpenReader(&b)
	require.NoError(t, err)
	t.Cleanup(func() { _ = f.Close() })
	return f
}

func TestXLSXSheetsAndNames(t *testing.T) {
	tests := []struct {
		name   string
		doc    func(t testing.TB) Doc
		sheets []string
		names  []string // defined names that must exist
		absent []string // and must not
	}{
		{name: "splits only", doc: xlsxKeyDoc, sheets: []string{"Regions", "Findings"}, absent: []string{"rows", "regions"}},
		{name: "rows plan", doc: func(t testing.TB) Doc { return planDoc(t, 16) },
			sheets: []string{"Plan", "Regions", "Findings"},
			names: []string{"rows", "row_bytes", "compression_ratio", "redundancy", "region_size_bytes", "fill", "replication",
				"raw_bytes", "stored_bytes", "planned_bytes", "exact_regions", "regions", "disk_bytes", "split_regions"},
			absent: []string{"daily_bytes", "region_servers", "memstore_ceiling"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := renderXLSX(t, tt.doc(t))
			assert.Equal(t, tt.sheets, f.GetSheetList())
			got := map[string]string{}
			for _, n := range f.GetDefinedName() {
				got[n.Name] = n.RefersTo
				assert.True(t, n.Scope == "" || n.Scope == "Workbook", "names are workbook-wide: %s is %s", n.Name, n.Scope)
			}
			for _, n := range tt.names {
				assert.Contains(t, got, n)
			}
			for _, n := range tt.absent {
				assert.NotContains(t, got, n)
			}
			// The names for two inputs refer to the same cells as the JSON's.
			assert.Equal(t, got["row_bytes"], got["bytes_per_row"])
			assert.Equal(t, got["region_size_bytes"], got["region_size"])
			if slices.Contains(tt.names, "region_size_bytes") {
				assert.NotEmpty(t, got["region_size"])
			}
		})
	}
}

// TestXLSXPlanFormulas: the results are formulas on the inputs' names, in the model's order.
func TestXLSXPlanFormulas(t *testing.T) {
	f := renderXLSX(t, planDoc(t, 16))
	cell := map[string]string{}
	for _, n := range f.GetDefinedName() {
		cell[n.Name] = strings.TrimPrefix(strings.ReplaceAll(n.RefersTo, "$", ""), "Plan!")
	}
	for name, want := range map[string]string{
		"raw_bytes":     "rows*row_bytes",
		"stored_bytes":  "raw_bytes*compression_ratio",
		"planned_bytes": "stored_bytes*redundancy",
		"exact_regions": "planned_bytes/(region_size_bytes*fill)",
		"regions":       "MAX(1,CEILING(exact_regions,1))",
		"disk_bytes":    "planned_bytes*replication",
	} {
		got, err := f.GetCellFormula("Plan", cell[name])
		require.NoError(t, err)
		assert.Equal(t, want, got, name)
	}
	v, err := f.GetCellValue("Plan", cell["rows"], excelize.Options{RawCellValue: true})
	require.NoError(t, err)
	assert.Equal(t, "10000000000", v)
}

// TestXLSXKeysAreText: every key cell is a string cell holding the toStringBinary text.
func TestXLSXKeysAreText(t *testing.T) {
	d := xlsxKeyDoc(t)
	f := renderXLSX(t, d)
	rows, err := f.GetRows("Regions", excelize.Options{RawCellValue: true})
	require.NoError(t, err)
	require.Len(t, rows, d.Split.Keys.Len()+2)
	for i, k := range d.Split.Keys.All() {
		want := hbytes.ToStringBinary(k)
		for _, c := range []string{fmt.Sprintf("C%d", i+2), fmt.Sprintf("B%d", i+3)} {
			typ, err := f.GetCellType("Regions", c)
			require.NoError(t, err)
			assert.Equal(t, excelize.CellTypeInlineString, typ, c)
			got, err := f.GetCellValue("Regions", c, excelize.Options{RawCellValue: true})
			require.NoError(t, err)
			assert.Equal(t, want, got, c)
		}
	}
}

func TestXLSXDeterministic(t *testing.T) {
	d := planDoc(t, 300)
	var a, b bytes.Buffer
	require.NoError(t, XLSX(&a, d))
	require.NoError(t, XLSX(&b, d))
	assert.True(t, bytes.Equal(a.Bytes(), b.Bytes()), "same Doc, same bytes")
}

func TestXLSXRefusesLongKey(t *testing.T) {
	d := Doc{
		Plan: &plan.Plan{
			Table: plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf"}}},
			Split: &splits.Split{Keys: splits.KeysOf([][]byte{bytes.Repeat([]byte{0}, XLSXMaxCellChars/4+1)}...)},
		},
	}
	var b bytes.Buffer
	err := XLSX(&b, d)
	var fe *FormatError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "format xlsx: split key 1 is 32768 characters in toStringBinary form, more than the 32767 a spreadsheet cell holds; use {format} splits-file", err.Error())
	assert.Zero(t, b.Len())
}

// TestXLSXKeysLibreOffice: LibreOffice reads every start and end key back as the exact
// toStringBinary text, and the shares as written.
func TestXLSXKeysLibreOffice(t *testing.T) {
	libreoffice.Soffice(t)
	d := xlsxKeyDoc(t)
	path := filepath.Join(t.TempDir(), "keys.xlsx")
	var b bytes.Buffer
	require.NoError(t, XLSX(&b, d))
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	book := libreoffice.Recalc(t, path)[path]
	n := d.Split.Keys.Len() + 1
	require.Len(t, book["Regions"], n+1, "a header and a row per region")
	total := 0.0
	for _, o := range d.Split.Owned.All() {
		total += o
	}
	for i := 0; i < n; i++ {
		var start, end string
		if i > 0 {
			start = hbytes.ToStringBinary(d.Split.Keys.At(i - 1))
		}
		if i < n-1 {
			end = hbytes.ToStringBinary(d.Split.Keys.At(i))
		}
		r := i + 2
		assert.Equal(t, fmt.Sprint(i+1), book.Cell("Regions", 1, r))
		assert.Equal(t, start, book.Cell("Regions", 2, r), "start key of region %d", i+1)
		assert.Equal(t, end, book.Cell("Regions", 3, r), "end key of region %d", i+1)
		share, err := libreoffice.Number(book.Cell("Regions", 4, r))
		require.NoError(t, err)
		assert.InEpsilon(t, d.Split.Owned.At(i)/total, share, 1e-14)
	}
	for _, k := range xlsxKeys {
		found := false
		for _, row := range book["Regions"] {
			found = found || row[1] == k
		}
		assert.True(t, found, "key %q read back", k)
	}
}

func BenchmarkXLSX(b *testing.B) {
	for _, regions := range []int{1000, 100_000} {
		d := planDoc(b, regions)
		b.Run(fmt.Sprintf("regions=%d", regions), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var buf bytes.Buffer
				if err := XLSX(&buf, d); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(buf.Len()))
			}
		})
	}
}

// TestXLSXRowLimit: the Regions sheet holds a header and a row per region, so 1,048,575
// regions fill a sheet exactly and one more is refused before anything is written, naming
// the limit (excelize would fail halfway on a cell name).
func TestXLSXRowLimit(t *testing.T) {
	keysOf := func(n int) splits.Keys {
		var b splits.KeysBuilder
		b.Grow(n, 4*n)
		for i := range n {
			b.Append(binary.BigEndian.AppendUint32(nil, uint32(i+1)))
		}
		return b.Keys()
	}
	for _, tc := range []struct {
		name    string
		regions int
		err     string
	}{
		{name: "a full sheet", regions: XLSXMaxRows - 1},
		{name: "one region more", regions: XLSXMaxRows,
			err: "format xlsx: 1048576 regions need 1048577 rows on the Regions sheet (a header and a row per region), more than the 1048576 rows a sheet holds (at most 1048575 regions); use {format} splits-file or csv"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf"}}}, Split: &splits.Split{Keys: keysOf(tc.regions - 1)}}}
			err := xlsxRowsFit(d)
			if tc.err == "" {
				require.NoError(t, err)
				return
			}
			var fe *FormatError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tc.err, err.Error())
			var b bytes.Buffer
			require.Error(t, XLSX(&b, d))
			assert.Zero(t, b.Len(), "nothing written")
		})
	}
}
