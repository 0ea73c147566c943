package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/internal/golden"
)

// TestDialectGolden pins --format phoenix, cbt and terraform from a spec and from flags.
// The render tests read the same output back through a Phoenix tokenizer, bash with
// encoding/csv, and HashiCorp's HCL parser.
func TestDialectGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{name: "orders.phoenix.sql", args: []string{"plan", "-f", "testdata/dialects/orders.yaml", "--format", "phoenix"}},
		{name: "orders.cbt.sh", args: []string{"plan", "-f", "testdata/dialects/orders.yaml", "--table", "orders", "--format", "cbt"}},
		{name: "orders.tf", args: []string{"plan", "-f", "testdata/dialects/orders.yaml", "--table", "orders", "--format", "terraform"}},
		{name: "events.phoenix.sql", args: []string{"splits", "-f", "testdata/dialects/events.yaml", "--format", "phoenix"}},
		{name: "flags.phoenix.sql", args: []string{"splits", "--regions", "16", "--prefix", "hex:2", "--table", "clicks", "--ttl", "7d",
			"--phoenix-pk", "bucket CHAR(2), user_id VARCHAR, ts BIGINT", "--format", "phoenix"}},
		{name: "flags.cbt.sh", args: []string{"splits", "--regions", "16", "--prefix", "hex:2", "--table", "clicks", "--ttl", "7d", "--format", "cbt"}},
		{name: "flags.tf", args: []string{"splits", "--regions", "16", "--prefix", "hex:2", "--table", "clicks", "--ttl", "7d", "--versions", "2", "--format", "terraform"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			require.Equal(t, exitOK, code, "stderr: %s", errOut)
			for _, line := range strings.Split(strings.TrimSuffix(errOut, "\n"), "\n") {
				if line != "" {
					// findings, and the note of what a Bigtable table leaves out (render.LeftOut)
					assert.Regexp(t, `^presplit: ((info|warning|error) [A-Z]{2}[0-9]{3}|note: --format (cbt|terraform)): `, line)
				}
			}
			if strings.HasPrefix(tt.name, "orders.") && !strings.HasSuffix(tt.name, ".sql") {
				assert.Contains(t, errOut, "Bigtable has no MAX_FILESIZE, COMPRESSION, BLOOMFILTER, DATA_BLOCK_ENCODING: left out", "the spec's sized plan and storage settings are said")
			}
			golden.Check(t, filepath.Join("testdata", "dialects", tt.name), []byte(out))
		})
	}
}

// TestDialectRefusals: what a format cannot express is one line on stderr, exit 2,
// nothing on stdout.
func TestDialectRefusals(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{name: "phoenix without key columns", args: []string{"splits", "--regions", "4", "--prefix", "dec:1", "--format", "phoenix"},
			want: "presplit: --format phoenix: the primary key columns are not known: give --phoenix-pk 'bucket CHAR(2), user_id VARCHAR, ts BIGINT', or a phoenix_type on each rowkey part of the spec\n"},
		{name: "phoenix text prefix without its column", args: []string{"splits", "-f", "testdata/dialects/no-prefix-column.yaml", "--format", "phoenix"},
			want: "presplit: --format phoenix: the primary key columns are not known: the rowkey prefix dec:2 needs a Phoenix column: give rowkey prefix_column {name: bucket, phoenix_type: CHAR(2)} in the spec, or --phoenix-pk\n"},
		{name: "bad --phoenix-pk", args: []string{"splits", "--regions", "4", "--prefix", "dec:1", "--phoenix-pk", "a STRING", "--format", "phoenix"},
			want: "presplit: --phoenix-pk \"a STRING\": column 1: type \"STRING\" is not a Phoenix primary key type; use one of CHAR(n), BINARY(n), VARCHAR, VARBINARY, DECIMAL, TINYINT, SMALLINT, INTEGER, BIGINT, FLOAT, DOUBLE, BOOLEAN, TIME, DATE, TIMESTAMP and their UNSIGNED_ forms (UNSIGNED_LONG, UNSIGNED_INT, ...)\n"},
		{name: "salt not one region per bucket", args: []string{"splits", "--regions", "4", "--prefix", "byte:16", "--phoenix-pk", "id VARCHAR", "--format", "phoenix"},
			want: "presplit: --format phoenix: the plan splits the byte:16 salt into 4 regions, but SALT_BUCKETS = 16 always makes 16 and Phoenix refuses SPLIT ON for a salted table (error 1022): plan 16 regions (--regions 16), or salt with --prefix byte:4\n"},
		{name: "phoenix non-UTF-8 key", args: []string{"splits", "--regions", "3", "--prefix", `chars:\x80\x81\x82:1`, "--phoenix-pk", "id VARBINARY", "--format", "phoenix"},
			want: "presplit: --format phoenix: split key 1 \"\\x81\" is not valid UTF-8 text: Phoenix takes a SPLIT ON literal's own characters as UTF-8 and does not decode \\xNN\n"},
		{name: "cbt salt byte", args: []string{"splits", "--regions", "4", "--prefix", "byte:4", "--format", "cbt"},
			want: "presplit: --format cbt: split key 1 \"\\x01\" holds a control byte, which a command line cannot carry\n"},
		{name: "terraform namespace", args: []string{"splits", "--regions", "4", "--prefix", "dec:1", "--table", "ns:t", "--format", "terraform"},
			want: "presplit: --format terraform: table \"ns:t\": Bigtable table IDs have no namespace; give the table without \"ns:\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, tt.want, errOut)
		})
	}
}

// TestDialectFindings: the Phoenix and Bigtable findings reach the formats through the
// plan, on stderr.
func TestDialectFindings(t *testing.T) {
	_, errOut, code := runCLI(t, "", "splits", "--regions", "9600", "--prefix", "dec:4", "--format", "terraform")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, errOut, "presplit: warning BT001: 9599 split keys, more than the 9500 initial splits java-bigtable-hbase allows a table\n")

	_, errOut, code = runCLI(t, "", "splits", "--regions", "16", "--prefix", "hex:1", "--phoenix-pk", "bucket CHAR(2), id VARCHAR", "--format", "phoenix", "--fail-on", "none")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, errOut, `presplit: warning PX003: 15 split keys end inside the fixed-width column BUCKET CHAR(2), like "1": Phoenix pads each with zero bytes, so HBase splits at "1\x00\x00"`)
}
