package tablespec

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValidate: the rules of the design as a whole, checked once after the spec (and the
// CLI's flags) filled it; each error lies on the value that breaks the rule.
func TestValidate(t *testing.T) {
	const fam = "families: [{name: cf}]\n"
	tests := []struct {
		name  string
		in    string
		err   string
		field string
		pos   Pos
	}{
		{name: "rows without kv", in: fam + "capacity: {rows: 10G}\n", field: "capacity.rows", pos: Pos{2, 18},
			err: "capacity.rows needs capacity.kv (average bytes per row, like 300B) or capacity.cells"},
		{name: "kv and cells", in: fam + "capacity: {rows: 1, kv: 1KB, cells: {count: 1, row_len: 1, value_len: 1}}\n", field: "capacity.kv", pos: Pos{2, 25},
			err: "capacity.kv and capacity.cells cannot be combined: give the row size, or describe the row by its cells"},
		{name: "two volumes", in: fam + "capacity: {rows: 1, kv: 1KB, daily: 1GB, retention: 30d}\n", field: "capacity.rows", pos: Pos{2, 18},
			err: "capacity.rows and capacity.daily cannot be combined: give capacity.rows with capacity.kv (or capacity.cells), or capacity.daily with capacity.retention"},
		{name: "daily alone", in: fam + "capacity: {daily: 1GB}\n", field: "capacity.daily", pos: Pos{2, 19},
			err: "capacity.daily needs capacity.retention: how long the data is kept, like 30d"},
		{name: "retention alone", in: fam + "capacity: {retention: 30d}\n", field: "capacity.retention", pos: Pos{2, 23},
			err: "capacity.retention needs capacity.daily: the raw ingest per day, like 500GB"},
		{name: "cells without rows", in: fam + "capacity:\n  cells: {count: 1, row_len: 1, value_len: 1}\n", field: "capacity.cells", pos: Pos{3, 3},
			err: "capacity.cells needs capacity.rows: the number of rows, like 1e10"},
		{name: "no volume", in: fam + "capacity: {redundancy: 2}\n", field: "capacity", pos: Pos{2, 1},
			err: "capacity needs a volume: capacity.rows with capacity.kv or capacity.cells, or capacity.daily with capacity.retention"},
		{name: "cells versions against a family's", in: "families: [{name: d, versions: 1}]\ncapacity:\n  rows: 1e6\n  cells: {count: 2, row_len: 8, value_len: 10, versions: 3}\n",
			field: "capacity.cells.versions", pos: Pos{4, 58}, err: `capacity.cells.versions "3": differs from family d versions 1; give one count`},
		{name: "cells versions agree", in: "families: [{name: d, versions: 3}]\ncapacity:\n  rows: 1e6\n  cells: {count: 2, row_len: 8, value_len: 10, versions: 3}\n"},
		{name: "a compression the target lacks", in: "table: {name: t, hbase_version: '2.4'}\nfamilies: [{name: d, compression: brotli}]\n",
			field: "family d compression", pos: Pos{2, 35}, err: `family d compression "brotli": HBase 2.4 has no COMPRESSION BROTLI (added in 2.5)`},
		{name: "min versions above versions", in: "families: [{name: d, versions: 2, min_versions: 3}]\n",
			field: "family d min_versions", pos: Pos{1, 49}, err: `family d min_versions "3": must not exceed the family's VERSIONS (2): HBase refuses MIN_VERSIONS above VERSIONS`},
		{name: "create namespace in default", in: "table: {name: t, create_namespace: true}\nfamilies: [{name: d}]\n",
			field: "table.create_namespace", pos: Pos{1, 36}, err: "table.create_namespace needs table in a namespace of its own (ns:table); the default namespace always exists"},
		{name: "region size below MAX_FILESIZE's floor", in: fam + "capacity: {rows: 1e9, kv: 300B, region_size: 1MiB}\n", field: "capacity.region_size", pos: Pos{2, 46},
			err: `capacity.region_size "1MiB": MAX_FILESIZE must be at least 2 MiB (2097152 bytes): HBase's TableDescriptorChecker refuses a smaller MAX_FILESIZE; or leave MAX_FILESIZE to the cluster`},
		{name: "a prefix", in: fam + "rowkey: {prefix: 'oct:2'}\n", field: "rowkey.prefix", pos: Pos{2, 18},
			err: `rowkey.prefix "oct:2": unknown kind "oct"; use hex:W, HEX:W, dec:W, chars:ALPHABET:W, byte:B, or hex, HEX, dec`},
		{name: "shares", in: "families: [{name: d, share: 0.5}, {name: m, share: 0.4}]\n", field: "families.share", pos: Pos{1, 29},
			err: `families.share "0.5": the families' shares of a row must add up to 1, they add up to 0.9`},
		{name: "a valid design", in: fam + "capacity: {daily: 1GB, retention: 30d, horizon: 7d}\nrowkey: {prefix: hex:2}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse("s.yaml", []byte(tt.in))
			require.NoError(t, err)
			err = s.Validate()
			if tt.err == "" {
				require.NoError(t, err)
				return
			}
			var fe *FieldError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tt.err, err.Error())
			assert.Equal(t, tt.field, fe.Field)
			assert.Equal(t, tt.pos, fe.Pos)
		})
	}
}
