package regions

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/internal/shellharness"
)

// TestWriteShellEnds: a `presplit regions` script ends the way
// its target's shell needs. From 2.5 it ends with exit and runs every way; before, piped
// on stdin (hbase shell -n < plan.hbase), where an exit would print "ERROR SystemExit:
// exit" and exit 1 after a successful run, it ends without one, and its header says how
// to run it.
func TestWriteShellEnds(t *testing.T) {
	verb := regexp.MustCompile(`(?m)^(merge_region|split|sleep) `)
	var scripts []shellharness.Script
	for _, v := range shellharness.Targets(t) {
		l, err := ReadListRegions(SyntheticListRegions(40))
		require.NoError(t, err)
		p, err := NewPlan(l, Options{RegionSize: 10 << 30, Version: v, Batch: 3, Pause: 60})
		require.NoError(t, err)
		require.Greater(t, len(p.Stages), 1, "the plan has stages, and a sleep between them")
		var b strings.Builder
		require.NoError(t, WriteShell(&b, Doc{Layout: l, Plan: p, Inputs: []string{"list_regions x"}}))
		script := b.String()
		end := hbase.ScriptEndFor(v)
		assert.Contains(t, script, "\n"+end.Comment(), "%s: the header says how to run it", v)
		assert.Equal(t, end.Exit, strings.HasSuffix(script, "\nexit\n"), "%s: ends with exit", v)
		var verbs []string
		for _, m := range verb.FindAllStringSubmatch(script, -1) {
			verbs = append(verbs, m[1])
		}
		require.Contains(t, verbs, "merge_region")
		scripts = append(scripts, shellharness.Script{Name: "regions-" + v.String(), Target: v, Text: script, Verbs: verbs})
	}
	shellharness.CheckWays(t, scripts, func(v hbase.Version) []hbase.ShellWay { return hbase.ScriptEndFor(v).Ways })
}
