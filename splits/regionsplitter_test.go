package splits

import (
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/internal/refdata"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRegionSplitterRefdata checks every row of shared/refdata/regionsplitter.tsv, produced by
// HBase's own SplitAlgorithm code: the keys, the effective first and last rows, and for error
// rows the Java exception class and message, word for word.
func TestRegionSplitterRefdata(t *testing.T) {
	rows, err := refdata.Read("regionsplitter.tsv")
	require.NoError(t, err)
	require.Greater(t, len(rows), 30)
	arg := func(s string) string {
		if s == "(default)" {
			return ""
		}
		return s
	}
	var ok, failed int
	for _, row := range rows {
		f := row.Fields
		require.GreaterOrEqual(t, len(f), 7, "line %d", row.Line)
		name := fmt.Sprintf("line%d/%s/n=%s/%s..%s", row.Line, f[0], f[1], f[2], f[3])
		t.Run(name, func(t *testing.T) {
			n, err := strconv.Atoi(f[1])
			require.NoError(t, err)
			// The effective first and last rows, as HBase prints them once set.
			a, aerr := newAlgorithm(f[0], arg(f[2]), arg(f[3]))
			if f[4] == "(n/a)" {
				require.Error(t, aerr)
			} else {
				require.NoError(t, aerr)
				assert.Equal(t, f[4], hbytes.ToStringBinary(a.firstRow()), "eff_firstrow")
				assert.Equal(t, f[5], hbytes.ToStringBinary(a.lastRow()), "eff_lastrow")
			}

			got, err := RegionSplitter(f[0], n, arg(f[2]), arg(f[3]))
			if f[6] == "ERROR" {
				failed++
				require.Len(t, f, 8)
				var ae *AlgorithmError
				require.True(t, errors.As(err, &ae), "want an AlgorithmError, got %v", err)
				assert.Equal(t, f[7], ae.Exception+": "+ae.Message)
				assert.Equal(t, ae.Message, err.Error())
				return
			}
			ok++
			require.NoError(t, err)
			count, err := strconv.Atoi(f[6])
			require.NoError(t, err)
			want := f[7:]
			require.Len(t, want, count)
			gotText := make([]string, len(got.Keys))
			for i, k := range got.Keys {
				gotText[i] = hbytes.ToStringBinary(k)
			}
			assert.Equal(t, want, gotText)
			assert.Equal(t, n, got.Regions())
			require.Len(t, got.Owned, n)
			require.NotNil(t, got.Algorithm)
			assert.Equal(t, f[0], got.Algorithm.Name)
			assert.Equal(t, f[0], got.Spec)
		})
	}
	assert.Greater(t, ok, 20)
	assert.Greater(t, failed, 5)
}
