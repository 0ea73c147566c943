package cli

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCreateNamespaceAndNumRegionsInRuby: --create-namespace and --shell-style numregions
// through the real CLI into the Ruby harness, which records the calls as admin.rb gets
// them.
func TestCreateNamespaceAndNumRegionsInRuby(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	tests := []struct {
		name  string
		args  []string
		calls []map[string]any
	}{
		{name: "create_namespace before the create", args: []string{"--algo", "HexStringSplit", "--table", "ns:t", "--create-namespace"},
			calls: []map[string]any{
				{"cmd": "create_namespace", "namespace": "ns", "args": []any{}},
				{"cmd": "create", "table": "ns:t", "families": []any{map[string]any{"NAME": "cf"}}, "options": map[string]any{},
					"splits": []any{"3430303030303030", "3830303030303030", "6330303030303030"}}}},
		{name: "numregions HexStringSplit", args: []string{"--algo", "HexStringSplit", "--shell-style", "numregions"},
			calls: []map[string]any{
				{"cmd": "create", "table": "t1", "families": []any{map[string]any{"NAME": "cf"}},
					"options": map[string]any{"NUMREGIONS": float64(4), "SPLITALGO": "HexStringSplit"}}}},
		{name: "numregions UniformSplit with attributes", args: []string{"--algo", "UniformSplit", "--shell-style", "numregions",
			"--durability", "SKIP_WAL", "--table", "a:b", "--create-namespace"},
			calls: []map[string]any{
				{"cmd": "create_namespace", "namespace": "a", "args": []any{}},
				{"cmd": "create", "table": "a:b", "families": []any{map[string]any{"NAME": "cf"}},
					"options": map[string]any{"NUMREGIONS": float64(4), "SPLITALGO": "UniformSplit", "DURABILITY": "SKIP_WAL"}}}},
		{name: "numregions with the default rows given", args: []string{"--algo", "DecimalStringSplit", "--first-row", "00000000", "--last-row", "99999999", "--shell-style", "numregions"},
			calls: []map[string]any{
				{"cmd": "create", "table": "t1", "families": []any{map[string]any{"NAME": "cf"}},
					"options": map[string]any{"NUMREGIONS": float64(4), "SPLITALGO": "DecimalStringSplit"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"splits", "--regions", "4", "--format", "shell", "--fail-on", "none"}, tt.args...)...)
			require.Equal(t, exitOK, code, errOut)
			assert.Equal(t, tt.calls, renderRuby(t, out))
		})
	}
}

func TestCreateNamespaceAndShellStyleErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		err  string
	}{
		{name: "no namespace", args: []string{"--prefix", "dec:2", "--create-namespace"}, err: "--create-namespace needs --table in a namespace of its own (ns:table); the default namespace always exists"},
		{name: "default namespace", args: []string{"--prefix", "dec:2", "--table", "default:t", "--create-namespace"}, err: "--create-namespace needs --table in a namespace of its own (ns:table); the default namespace always exists"},
		{name: "numregions on a prefix", args: []string{"--prefix", "dec:2", "--shell-style", "numregions"}, err: "--shell-style numregions: NUMREGIONS splits with a RegionSplitter algorithm (SPLITALGO); this plan's keys are not one's: give --algo, or leave --shell-style out to write SPLITS"},
		{name: "numregions moved range", args: []string{"--algo", "UniformSplit", "--first-row", `\x10`, "--shell-style", "numregions"}, err: "--shell-style numregions: NUMREGIONS splits over UniformSplit's default range only, and --first-row/--last-row moved it; leave --shell-style out to write SPLITS"},
		{name: "numregions other format", args: []string{"--algo", "UniformSplit", "--shell-style", "numregions", "--format", "java"}, err: "--shell-style numregions applies to --format shell, not java"},
		{name: "unknown style", args: []string{"--algo", "UniformSplit", "--shell-style", "hash"}, err: "--shell-style hash: must be splits or numregions"},
		{name: "phoenix", args: []string{"--prefix", "dec:2", "--table", "ns:t", "--create-namespace", "--format", "phoenix", "--phoenix-pk", "b CHAR(2), id VARCHAR"}, err: "--format phoenix: --create-namespace is an hbase shell create_namespace; Phoenix maps a schema to a namespace only with phoenix.schema.isNamespaceMappingEnabled: create the schema or namespace yourself"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"splits", "--regions", "4"}
			if !slices.Contains(tt.args, "--format") { // a flag is given once
				args = append(args, "--format", "shell")
			}
			out, errOut, code := runCLI(t, "", append(args, tt.args...)...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, "presplit: "+tt.err+"\n", errOut)
		})
	}
	// A spec's create_namespace is refused the same way, at its place.
	out, errOut, code := runCLI(t, "", "splits", "-f", "testdata/plan/create-namespace-default.yaml", "--format", "shell")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Equal(t, "presplit: testdata/plan/create-namespace-default.yaml:1:63: table.create_namespace needs table in a namespace of its own (ns:table); the default namespace always exists\n", errOut)
}
