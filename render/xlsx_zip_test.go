package render

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// zipParts are entries as excelize writes them: a large streamed sheet first (in pieces,
// as io.Copy hands it over), then small parts, one of them empty.
func zipParts() (names []string, data map[string]string) {
	var sheet strings.Builder
	for i := 1; i <= 20000; i++ {
		fmt.Fprintf(&sheet, `<row r="%d"><c r="A%d"><v>%d</v></c><c r="B%d" t="inlineStr"><is><t>user%08dxxxxxxxx</t></is></c></row>`, i+1, i+1, i, i+1, i)
	}
	data = map[string]string{
		"xl/worksheets/sheet2.xml": sheet.String(),
		"xl/workbook.xml":          `<workbook><sheets><sheet name="Regions"/></sheets></workbook>`,
		"[Content_Types].xml":      `<Types/>`,
		"xl/empty.xml":             "",
		"docProps/app.xml":         strings.Repeat("<Properties/>", 3),
	}
	return []string{"xl/worksheets/sheet2.xml", "xl/workbook.xml", "[Content_Types].xml", "xl/empty.xml", "docProps/app.xml"}, data
}

// TestSortedZipBytes pins the archive sortedZip writes from its deflated entries to the
// bytes archive/zip's Create writes for the same entries in reverse name order, and that
// it holds an entry deflated, not as its text.
func TestSortedZipBytes(t *testing.T) {
	names, data := zipParts()
	var got bytes.Buffer
	z := &sortedZip{w: &got}
	for _, name := range names {
		w, err := z.Create(name)
		require.NoError(t, err)
		for rest := data[name]; rest != ""; {
			n := min(len(rest), 32<<10)
			_, err := io.WriteString(w, rest[:n])
			require.NoError(t, err)
			rest = rest[n:]
		}
	}
	sheet := z.entries["xl/worksheets/sheet2.xml"]
	require.NoError(t, z.finish())
	assert.Less(t, sheet.data.Len(), len(data["xl/worksheets/sheet2.xml"])/5, "the sheet is held deflated")
	assert.Equal(t, uint64(len(data["xl/worksheets/sheet2.xml"])), sheet.size)
	require.NoError(t, z.Close())

	sorted := append([]string{}, names...)
	sort.Sort(sort.Reverse(sort.StringSlice(sorted)))
	var want bytes.Buffer
	zw := zip.NewWriter(&want)
	for _, name := range sorted {
		w, err := zw.Create(name)
		require.NoError(t, err)
		_, err = io.WriteString(w, data[name])
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	assert.Equal(t, want.Bytes(), got.Bytes(), "the same bytes as archive/zip's Create")

	r, err := zip.NewReader(bytes.NewReader(got.Bytes()), int64(got.Len()))
	require.NoError(t, err)
	require.Len(t, r.File, len(names))
	for i, f := range r.File {
		assert.Equal(t, sorted[i], f.Name)
		rc, err := f.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(rc) // checks the CRC-32 and the size
		require.NoError(t, err)
		assert.Equal(t, data[f.Name], string(b))
	}
}

// TestSortedZipRefuses pins the refusals: a name twice, and a write to an entry after the
// next one began (its deflate stream is closed).
func TestSortedZipRefuses(t *testing.T) {
	z := &sortedZip{w: io.Discard}
	first, err := z.Create("a.xml")
	require.NoError(t, err)
	_, err = z.Create("b.xml")
	require.NoError(t, err)
	_, err = first.Write([]byte("late"))
	assert.EqualError(t, err, "xlsx: zip entry written after the next one began")
	_, err = z.Create("a.xml")
	assert.EqualError(t, err, "xlsx: zip entry a.xml written twice")
}
