package shellharness

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbase"
)

// Targets are the targets the endings are run for: every line presplit knows, and the
// releases seen to differ and the edges between them.
func Targets(t *testing.T) []hbase.Version {
	t.Helper()
	vs := slices.Clone(hbase.Lines)
	for _, s := range []string{"1.4.13", "2.2.7", "2.3.7", "2.4.9", "2.4.10", "2.4.17", "2.4.18", "2.5.0", "2.5.10", "2.5.16", "2.6.7", "3.0.0"} {
		v, err := hbase.ParseVersion(s)
		require.NoError(t, err)
		vs = append(vs, v)
	}
	return vs
}

// Script is a script for a target and the statements it holds, in order.
type Script struct {
	Name   string
	Target hbase.Version
	Text   string
	Verbs  []string
}

// CheckWays runs every script by every entry script its target's releases run, every way
// ways gives for it: each must exit 0 after running every statement, without
// reading stdin after a FILE. A FILE run, where the ways leave it out, must read stdin
// after the script, as the header comment says.
func CheckWays(t *testing.T, ecs []Script, ways func(hbase.Version) []hbase.ShellWay) {
	t.Helper()
	type run struct {
		ec  Script
		c   Case
		way bool // a way the script is meant to be run
	}
	var runs []run
	for _, ec := range ecs {
		meant := ways(ec.Target)
		for _, e := range Entries(ec.Target) {
			for _, w := range []hbase.ShellWay{hbase.ShellFile, hbase.ShellStdin, hbase.ShellPaste} {
				if !slices.Contains(meant, w) && w != hbase.ShellFile {
					continue
				}
				runs = append(runs, run{ec, Case{Entry: e, Way: w, Script: ec.Text}, slices.Contains(meant, w)})
			}
		}
	}
	cases := make([]Case, len(runs))
	for i, r := range runs {
		cases[i] = r.c
	}
	results := Run(t, cases)
	for i, r := range runs {
		res := results[i]
		t.Run(r.ec.Name+"/"+string(r.c.Entry)+"/"+r.c.Way.String(), func(t *testing.T) {
			assert.Equal(t, r.ec.Verbs, res.Ran, "every statement runs")
			if r.way {
				assert.Equal(t, 0, res.Status, "exit code: %s", res.Out)
				assert.False(t, res.ReadStdin, "reads stdin after the script")
				return
			}
			require.Equal(t, hbase.ShellFile, r.c.Way, "only a FILE run may be left out")
			assert.True(t, res.ReadStdin, "the header says hbase shell -n FILE reads stdin after the script")
		})
	}
}
