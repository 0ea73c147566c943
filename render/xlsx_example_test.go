package render_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/render"
	"github.com/presplit/presplit/splits"
)

func ExampleXLSX() {
	sizing, _ := capacity.Compute(capacity.Input{Volume: capacity.Volume{Rows: 1e10, RowBytes: 300}})
	d := exampleDoc()
	d.Capacity = &sizing
	d.Split.Keys = splits.KeysOf([][]byte{[]byte("0e04"), []byte("1e79")}...)
	var b bytes.Buffer
	if err := render.XLSX(&b, d); err != nil {
		fmt.Println(err)
		return
	}
	f, _ := excelize.OpenReader(&b)
	defer func() { _ = f.Close() }() // read from memory
	fmt.Println(f.GetSheetList())
	for _, n := range f.GetDefinedName() {
		if n.Name == "regions" || n.Name == "rows" {
			cell := strings.ReplaceAll(strings.TrimPrefix(n.RefersTo, "Plan!"), "$", "")
			formula, _ := f.GetCellFormula("Plan", cell)
			value, _ := f.GetCellValue("Plan", cell, excelize.Options{RawCellValue: true})
			fmt.Printf("%s %s formula=%q value=%q\n", n.Name, n.RefersTo, formula, value)
		}
	}
	for r := 1; r <= 4; r++ {
		start, _ := f.GetCellValue("Regions", fmt.Sprintf("B%d", r))
		end, _ := f.GetCellValue("Regions", fmt.Sprintf("C%d", r))
		fmt.Printf("%q %q\n", start, end)
	}
	// Output:
	// [Plan Regions Findings]
	// rows Plan!$B$5 formula="" value="10000000000"
	// regions Plan!$B$18 formula="MAX(1,CEILING(exact_regions,1))" value="420"
	// "start key" "end key"
	// "" "0e04"
	// "0e04" "1e79"
	// "1e79" ""
}
