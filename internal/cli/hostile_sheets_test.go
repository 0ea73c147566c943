package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
	"golang.org/x/net/html"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/internal/libreoffice"
	"github.com/presplit/presplit/render"
)

// hostileXLSX opens every accepted --format xlsx workbook of the matrix in one headless
// LibreOffice, which recalculates every formula on load, and reads every sheet back. Each
// text cell presplit wrote (excelize's own reading of the file) must come back from
// LibreOffice as the same text: a value such as =1+1 stays the text =1+1, it is never a
// formula. The keys of the Regions sheet decode (toStringBinary) to the plan's keys, the
// Plan sheet's title names the plan's table, the Findings sheet holds the plan's findings,
// and no formula holds a payload.
func hostileXLSX(t *testing.T, root string, runs []hostileRun) {
	libreoffice.Soffice(t)
	dir := filepath.Join(root, "xlsx")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	var paths []string
	var cases []hostileRun
	for i, r := range runs {
		if r.format != "xlsx" {
			continue
		}
		p := filepath.Join(dir, fmt.Sprintf("w%04d.xlsx", i))
		require.NoError(t, os.WriteFile(p, []byte(r.out), 0o644))
		paths = append(paths, p)
		cases = append(cases, r)
	}
	books := libreoffice.Recalc(t, paths...)
	formulas, formulaKey := 0, false
	for i, r := range cases {
		book := books[paths[i]]
		f, err := excelize.OpenReader(bytes.NewReader([]byte(r.out)))
		require.NoError(t, err, r.name)
		for _, sheet := range f.GetSheetList() {
			rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
			require.NoError(t, err, "%s: %s", r.name, sheet)
			for y, row := range rows {
				for x, v := range row {
					cell, err := excelize.CoordinatesToCellName(x+1, y+1)
					require.NoError(t, err)
					formula, err := f.GetCellFormula(sheet, cell)
					require.NoError(t, err)
					if formula != "" {
						formulas++
						for _, p := range hostilePayloads {
							if len(p.s) > 3 {
								require.NotContains(t, formula, p.s, "%s: %s!%s: a payload in a formula", r.name, sheet, cell)
							}
						}
						require.NotContains(t, formula, "pwned", "%s: %s!%s", r.name, sheet, cell)
						continue
					}
					typ, err := f.GetCellType(sheet, cell)
					require.NoError(t, err)
					if typ != excelize.CellTypeInlineString && typ != excelize.CellTypeSharedString {
						continue
					}
					require.Equal(t, v, book.Cell(sheet, x+1, y+1), "%s: %s!%s: LibreOffice reads another value than the text written", r.name, sheet, cell)
				}
			}
		}
		require.NoError(t, f.Close())

		// The Regions sheet: start and end keys, as toStringBinary text.
		regions := book[render.XLSXRegionsSheet]
		require.Len(t, regions, len(r.doc.Split.Keys)+2, "%s: a header and a row per region", r.name)
		var got [][]byte
		for y := 2; y < len(regions); y++ {
			b, err := hbytes.ToBytesBinary(book.Cell(render.XLSXRegionsSheet, 3, y))
			require.NoError(t, err, r.name)
			got = append(got, b)
		}
		require.Empty(t, book.Cell(render.XLSXRegionsSheet, 2, 2), "%s: the first region starts at the empty key", r.name)
		require.Empty(t, book.Cell(render.XLSXRegionsSheet, 3, len(regions)), "%s: the last region ends at the empty key", r.name)
		requireKeys(t, r.name, keysOf(t, r.doc), got)
		if r.name == "splits file whole key/formula" {
			// The key =1+1 is the end key of region 1: text after recalculation, not 2.
			require.Equal(t, "=1+1", book.Cell(render.XLSXRegionsSheet, 3, 2), r.name)
			formulaKey = true
		}
		for y := 2; y < len(regions); y++ {
			require.Equal(t, book.Cell(render.XLSXRegionsSheet, 3, y), book.Cell(render.XLSXRegionsSheet, 2, y+1), "%s: region %d ends where region %d starts", r.name, y-1, y)
		}
		require.Equal(t, "presplit capacity plan for table "+r.doc.Table.Name, book.Cell(render.XLSXPlanSheet, 1, 1), r.name)
		findings := book[render.XLSXFindingsSheet]
		require.Len(t, findings, len(r.doc.Findings)+1, r.name)
		for j, fd := range r.doc.Findings {
			require.Equal(t, []string{fd.Severity, fd.Code, quoteTerminal(fd.Message), quoteTerminal(fd.Fix)}, findings[j+1], "%s: finding %d", r.name, j+1)
		}
	}
	require.Positive(t, formulas, "the workbooks hold no formula: the recalculation checks nothing")
	require.True(t, formulaKey, "the key =1+1 was not written to a workbook")
}

// htmlTags and htmlAttrs are the elements and attributes package htmlpage writes: a value
// that made an element or an attribute of its own would show up as another name.
var (
	htmlTags = strings.Fields("html head meta title style body header h1 h2 p main section ul li span code div table tr th td " +
		"thead tbody caption figure figcaption pre strong svg desc line rect text details summary footer")
	htmlAttrs = strings.Fields("lang charset http-equiv content name class id scope viewBox role aria-label " +
		"data-chart data-marks data-items data-per data-table data-first data-last data-sum x y x1 x2 y1 y2 width height text-anchor")
)

// checkHTMLData parses a page as a browser does and fails on anything a value could have
// made of itself: an element or attribute that is not htmlpage's, a comment, a payload in
// an attribute. presplit regions' pages carry file and server names this way.
func checkHTMLData(t *testing.T, name, page string) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	require.NoError(t, err, name)
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			require.True(t, slices.Contains(htmlTags, n.Data), "%s: element <%s> is not htmlpage's", name, n.Data)
			for _, a := range n.Attr {
				require.True(t, slices.Contains(htmlAttrs, a.Key) && a.Namespace == "", "%s: attribute %q of <%s> is not htmlpage's", name, a.Key, n.Data)
				require.NotContains(t, a.Val, "pwned", "%s: a payload in attribute %s", name, a.Key)
			}
		case html.CommentNode:
			t.Fatalf("%s: a comment in the page: %q", name, n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
}

// hostileHTML parses every accepted --format html page with golang.org/x/net/html, as a
// browser does: its elements and attributes are only htmlpage's (no script, no event
// handler, no URL), the one style sheet is htmlpage's, and the values are text: the title
// names the plan's table, each finding's message is the text of its element, each split
// key's toStringBinary form is a text of the page, and the create statement's block is
// byte for byte what --format shell printed for the same input.
func hostileHTML(t *testing.T, runs []hostileRun) {
	shells := map[string]string{}
	for _, r := range runs {
		if r.format == "shell" {
			shells[r.name] = r.out
		}
	}
	tags, attrs := map[string]bool{}, map[string]bool{}
	for _, n := range htmlTags {
		tags[n] = true
	}
	for _, n := range htmlAttrs {
		attrs[n] = true
	}
	var style string
	checked := 0
	for _, r := range runs {
		if r.format != "html" {
			continue
		}
		doc, err := html.Parse(strings.NewReader(r.out))
		require.NoError(t, err, r.name)
		texts := map[string]bool{}
		var title, pre string
		var msgs []string
		var walk func(n *html.Node, parent string)
		walk = func(n *html.Node, parent string) {
			switch n.Type {
			case html.ElementNode:
				require.True(t, tags[n.Data], "%s: element <%s> is not htmlpage's", r.name, n.Data)
				for _, a := range n.Attr {
					require.True(t, attrs[a.Key] && a.Namespace == "", "%s: attribute %q of <%s> is not htmlpage's", r.name, a.Key, n.Data)
					require.NotContains(t, a.Val, "pwned", "%s: a payload in attribute %s", r.name, a.Key)
				}
				if n.Data == "style" {
					require.NotNil(t, n.FirstChild, r.name)
					if style == "" {
						style = n.FirstChild.Data
					}
					require.Equal(t, style, n.FirstChild.Data, "%s: the style sheet is not htmlpage's", r.name)
					return
				}
				if n.Data == "span" && len(n.Attr) == 1 && n.Attr[0].Val == "msg" && n.FirstChild != nil {
					msgs = append(msgs, n.FirstChild.Data)
				}
			case html.TextNode:
				texts[n.Data] = true
				switch parent {
				case "title":
					if title == "" { // the page's, before any SVG mark's
						title = n.Data
					}
				case "pre":
					pre += n.Data
				}
			case html.CommentNode:
				t.Fatalf("%s: a comment in the page: %q", r.name, n.Data)
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c, n.Data)
			}
		}
		walk(doc, "")
		require.True(t, strings.HasSuffix(title, " for table "+r.doc.Table.Name), "%s: title %q", r.name, title)
		var want []string
		for _, f := range r.doc.Findings {
			want = append(want, quoteTerminal(f.Message))
		}
		require.Equal(t, want, msgs, "%s: the findings' messages", r.name)
		for i, k := range r.doc.Split.Keys {
			if len(r.doc.Split.Keys) < 1000 && len(r.doc.Split.Owned) == r.doc.Split.Regions { // the key-space chart, one mark per region
				require.True(t, texts[k], "%s: split key %d %q is not a text of the page", r.name, i+1, k)
			}
		}
		if shell, ok := shells[r.name]; ok {
			require.Equal(t, shell, pre, "%s: the create statement's block is not --format shell's output", r.name)
		} else {
			require.Empty(t, pre, "%s: shell refused, yet the page holds a statement", r.name)
		}
		checked++
	}
	require.Positive(t, checked)
}
