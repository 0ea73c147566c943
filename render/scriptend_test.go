package render

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/internal/shellharness"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/splits"
)

// TestShellScriptEnds: a create script (--format shell, plan
// -o FILE) ends the way its target's shell needs, and its header says how to run it.
func TestShellScriptEnds(t *testing.T) {
	var ecs []shellharness.Script
	for _, v := range shellharness.Targets(t) {
		d := Doc{
			Plan: &plan.Plan{
				Table: plan.Table{Name: "ns:t1", CreateNamespace: true, Target: v, MaxFileSize: 10 << 30,
					Families: []plan.Family{{Name: "cf", Versions: 1, TTL: 2592000}}},
				Split:    &splits.Split{Keys: splits.KeysOf([]byte("1"), []byte("2"), []byte("it's"))},
				Findings: []finding.Finding{{Code: "RG003", Severity: finding.Warning, Message: "a finding"}},
			},
		}
		var b strings.Builder
		require.NoError(t, Shell(&b, d))
		script := b.String()
		end := hbase.ScriptEndFor(v)
		require.True(t, strings.HasPrefix(script, end.Comment()), "%s: the header says how to run it:\n%s", v, script)
		assert.Equal(t, end.Exit, strings.HasSuffix(script, "\nexit\n"), "%s: ends with exit", v)
		assert.Equal(t, end.Exit, hbase.ScriptExit.In(v), "%s", v)
		ecs = append(ecs, shellharness.Script{Name: "shell-" + v.String(), Target: v, Text: script, Verbs: []string{"create_namespace", "create"}})
	}
	shellharness.CheckWays(t, ecs, func(v hbase.Version) []hbase.ShellWay { return hbase.ScriptEndFor(v).Ways })
}

// TestAlterHeredocEnds: the here-documents of --format regionsplitter are piped into
// `hbase shell -n`, where every release ends at the document's end with exit code 0: they
// carry no exit, which 1.x-2.4 would turn into exit code 1.
func TestAlterHeredocEnds(t *testing.T) {
	sp, err := splits.RegionSplitter("HexStringSplit", 4, "", "")
	require.NoError(t, err)
	heredoc := regexp.MustCompile(`(?s)hbase shell -n <<'([A-Z_0-9]+)'\n(.*?)\n([A-Z_0-9]+)\n`)
	var ecs []shellharness.Script
	for _, v := range shellharness.Targets(t) {
		d := Doc{
			Plan: &plan.Plan{
				Table: plan.Table{Name: "ns:t1", CreateNamespace: true, Target: v, MaxFileSize: 10 << 30,
					Families: []plan.Family{{Name: "cf", Versions: 1, TTL: 2592000}}},
				Split: &sp,
			},
		}
		var b strings.Builder
		require.NoError(t, RegionSplitter(&b, d))
		docs := heredoc.FindAllStringSubmatch(b.String(), -1)
		require.Len(t, docs, 2, b.String())
		for i, m := range docs {
			require.Equal(t, m[1], m[3])
			verb := []string{"create_namespace", "alter"}[i]
			assert.NotContains(t, m[2], "\nexit")
			ecs = append(ecs, shellharness.Script{Name: verb + "-" + v.String(), Target: v, Text: m[2] + "\n", Verbs: []string{verb}})
		}
	}
	shellharness.CheckWays(t, ecs, func(hbase.Version) []hbase.ShellWay { return []hbase.ShellWay{hbase.ShellStdin} })
}
