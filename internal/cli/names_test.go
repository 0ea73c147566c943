package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNamesEndToEnd: a table or family name HBase refuses is refused the same way by the
// flags of plan and by the spec that plan and lint read: exit 2, one line on stderr that
// states HBase's rule, nothing on stdout. The names HBase accepts pass everywhere.
func TestNamesEndToEnd(t *testing.T) {
	const volume = "capacity: {rows: 1e9, kv: 300B}\n"
	tests := []struct {
		name   string
		table  string // --table and the spec's table; "" leaves it out
		family string // --family and the spec's one family
		rule   string // "" when legal
	}{
		{name: "plain", table: "t1", family: "d"},
		{name: "namespace", table: "ns:t", family: "d"},
		{name: "default namespace", table: "default:t.v2", family: "d"},
		{name: "trailing dot", table: "t.", family: "d"},
		{name: "unicode family", table: "t", family: "données"},
		{name: "unicode table", table: "über", family: "d", rule: "a table name may contain only ASCII letters, digits, '_', '-' and '.'"},
		{name: "space and bang", table: "bad name!", family: "d", rule: "a table name may contain only ASCII letters, digits, '_', '-' and '.'"},
		{name: "leading dot", table: ".t", family: "d", rule: "a table name must not start with '.' or '-'"},
		{name: "leading dash", table: "-t", family: "d", rule: "a table name must not start with '.' or '-'"},
		{name: "two colons", table: "a:b:c", family: "d", rule: "a table name has at most one ':', between namespace and table"},
		{name: "zookeeper namespace", table: "zookeeper:t", family: "d", rule: "HBase refuses a namespace named zookeeper (ZooKeeper reserves that znode)"},
		{name: "zookeeper table", table: "zookeeper", family: "d", rule: "HBase refuses a table named zookeeper (ZooKeeper reserves that znode)"},
		{name: "system namespace", table: "hbase:meta", family: "d", rule: "the namespace hbase holds HBase's system tables; put the table in default or a namespace of its own"},
		{name: "recovered.edits", table: "t", family: "recovered.edits", rule: "HBase refuses a column family named recovered.edits (a region's folder of edits to replay)"},
		{name: "family slash", table: "t", family: "a/b", rule: "a column family name must not contain control characters, ':', '\\' or '/'"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			badTable := strings.HasPrefix(tt.rule, "a table") || strings.Contains(tt.rule, "namespace") || strings.Contains(tt.rule, "table named")
			flagName, value := "--family", tt.family
			if badTable {
				flagName, value = "--table", tt.table
			}

			t.Run("plan flags", func(t *testing.T) {
				out, errOut, code := runCLI(t, "", "plan", "--rows", "1e9", "--kv", "300B", "--format", "shell", "--table", tt.table, "--family", tt.family)
				if tt.rule == "" {
					require.Equal(t, 0, code, errOut)
					assert.Contains(t, out, "create '"+tt.table+"'")
					return
				}
				assert.Equal(t, 2, code)
				assert.Empty(t, out)
				assert.Equal(t, "presplit: "+flagName+" "+displayValue(value)+": "+tt.rule+"\n", errOut)
			})

			// strconv.Quote's output is also a YAML double-quoted scalar for these names.
			spec := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".yaml")
			text := "table: " + strconv.Quote(tt.table) + "\nfamilies:\n  - name: " + strconv.Quote(tt.family) + "\n" + volume
			require.NoError(t, os.WriteFile(spec, []byte(text), 0o644))
			key, line, col := "family name", 3, 11
			if badTable {
				key, line, col = "table", 1, 8
			}
			want := spec + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + ": " + key + ": " + tt.rule + ", got " + strconv.Quote(value) + "\n"

			for _, cmd := range [][]string{{"plan", "--spec", spec}, {"lint", spec}} {
				t.Run(cmd[0]+" spec", func(t *testing.T) {
					out, errOut, code := runCLI(t, "", cmd...)
					if tt.rule == "" {
						assert.NotEqual(t, 2, code, errOut)
						return
					}
					assert.Equal(t, 2, code)
					assert.Empty(t, out)
					assert.Equal(t, "presplit: "+want, errOut)
				})
			}
		})
	}
}
