package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/tablespec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A spec reaches the capacity model two ways: `plan -f` turns it into flags, lint turns it
// into a capacity.Input directly. Both must size the table the same, or lint would review
// a different plan from the one plan prints.
func TestSpecCapacityAgreesWithLint(t *testing.T) {
	files, err := filepath.Glob("testdata/lint/*.yaml")
	require.NoError(t, err)
	compared := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		s, err := tablespec.Parse(f, data)
		if err != nil {
			continue // fixtures of bad specs
		}
		in, ok := lint.CapacityInput(s)
		if !ok {
			continue
		}
		want, err := capacity.Compute(in)
		if err != nil {
			continue
		}
		out, errOut, code := runCLI(t, "", "plan", "-f", f, "--format", "json")
		if code != 0 {
			continue // e.g. a split file, or more regions than the spec's prefix holds
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			var got struct {
				Capacity struct {
					PlannedBytes    float64 `json:"planned_bytes"`
					Regions         int     `json:"regions"`
					DiskBytes       float64 `json:"disk_bytes"`
					MemstoreCeiling float64 `json:"memstore_ceiling"`
				} `json:"capacity"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &got), errOut)
			assert.Equal(t, want.Regions, got.Capacity.Regions)
			assert.InEpsilon(t, want.PlannedBytes, got.Capacity.PlannedBytes, 1e-9)
			assert.InEpsilon(t, want.DiskBytes, got.Capacity.DiskBytes, 1e-9)
			assert.InDelta(t, want.MemstoreCeiling, got.Capacity.MemstoreCeiling, 1e-9)
		})
		compared++
	}
	assert.GreaterOrEqual(t, compared, 8, "every fixture with a capacity section is compared")
}
