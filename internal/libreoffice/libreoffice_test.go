package libreoffice

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// TestRecalcIgnoresCachedValues: a formula whose cached value is wrong reads back as
// LibreOffice computes it, so a check of cached values against Recalc can fail.
func TestRecalcIgnoresCachedValues(t *testing.T) {
	Soffice(t)
	path := filepath.Join(t.TempDir(), "stale.xlsx")
	f := excelize.NewFile()
	sw, err := f.NewStreamWriter("Sheet1")
	require.NoError(t, err)
	require.NoError(t, sw.SetRow("A1", []any{excelize.Cell{Value: 20}, excelize.Cell{Formula: "A1*2", Value: 5}}))
	require.NoError(t, sw.Flush())
	require.NoError(t, f.SaveAs(path))
	require.NoError(t, f.Close())
	book := Recalc(t, path)[path]
	assert.Equal(t, "40", book.Cell("Sheet1", 2, 1), "the stale cached 5 is recalculated")
}
