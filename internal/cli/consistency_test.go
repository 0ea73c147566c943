package cli

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/render"
)

// TestPlanAgreesWithLint runs every spec under testdata through both paths: `plan -f`
// (or `splits -f` for a spec without a volume) as a user runs it, and the plan `lint`
// reviews. Both must state the same region count, split keys, table settings and finding
// codes; where plan cannot render (no prefix, a prefix too narrow), lint must say why.
func TestPlanAgreesWithLint(t *testing.T) {
	var files []string
	for _, glob := range []string{"testdata/lint/*.yaml", "testdata/*/*.yaml", "testdata/*/*/*.yaml"} {
		m, err := filepath.Glob(glob)
		require.NoError(t, err)
		files = append(files, m...)
	}
	sort.Strings(files)
	files = uniq(files)
	compared, refused := 0, 0
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			lp, lintErr := lintPlan(f)
			cmd := "splits"
			if lp != nil && lp.Design.Capacity != nil {
				cmd = "plan"
			}
			out, errOut, code := runCLI(t, "", cmd, "-f", f, "--format", "json", "--fail-on", "none")
			if lintErr != nil {
				// A spec lint refuses, plan refuses with the same line.
				assert.Equal(t, 2, code)
				assert.Equal(t, "presplit: "+lintErr.Error()+"\n", errOut)
				refused++
				return
			}
			if code != 0 {
				require.Equal(t, 2, code, errOut)
				require.Nil(t, lp.Split, "plan refused a spec lint has a split for: %s", errOut)
				if !errors.Is(lp.SplitErr, plan.ErrNoRegions) { // nothing to split: no finding needed
					require.NotEmpty(t, lp.Findings, "plan refused %s, and lint says nothing: %s", f, errOut)
				}
				refused++
				return
			}
			var got render.JSONDoc
			require.NoError(t, json.Unmarshal([]byte(out), &got), errOut)
			want := render.NewJSONDoc(render.Doc{Plan: lp})
			assert.Equal(t, want.Split.Regions, got.Split.Regions, "region count")
			assert.Equal(t, lp.Regions, got.Split.Regions, "region count")
			assert.Equal(t, want.Split.Keys, got.Split.Keys, "split keys")
			for i, k := range lp.Split.Keys.All() {
				assert.Equal(t, hbytes.ToStringBinary(k), got.Split.Keys[i])
			}
			assert.Equal(t, want.Table, got.Table, "table settings")
			assert.Equal(t, codes(want.Findings), codes(got.Findings), "finding codes")
			compared++
		})
	}
	assert.GreaterOrEqual(t, compared, 30, "specs compared")
	assert.Equal(t, len(files), compared+refused, "every spec is compared or refused by both")
	t.Logf("%d specs compared, %d refused by both", compared, refused)
}

// codes are the findings' severities and codes. RG010 (a shell statement too long to
// paste) depends on the format, and the comparison renders json.
func codes(fs []render.JSONFinding) []string {
	out := []string{}
	for _, f := range fs {
		if f.Code == "RG010" {
			continue
		}
		out = append(out, f.Severity+" "+f.Code)
	}
	sort.Strings(out)
	return out
}

func uniq(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
