package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHBaseVersionMatrix: a value the target lacks is exit 2 naming the release that
// added it, from the flags and from a spec alike; the values it has pass.
func TestHBaseVersionMatrix(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "t.yaml")
	if err := os.WriteFile(spec, []byte("table: {name: t, hbase_version: \"2.4\"}\nfamilies: [{name: d, compression: brotli}]\nsplits: {regions: 4}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		err  string // "" = accepted
	}{
		{name: "lzma on 2.4", args: []string{"--compression", "lzma", "--hbase-version", "2.4"}, err: "presplit: --compression lzma: HBase 2.4 has no COMPRESSION LZMA (added in 2.5)\n"},
		{name: "lzma on 2.5", args: []string{"--compression", "lzma", "--hbase-version", "2.5"}},
		{name: "lzma by default (2.6)", args: []string{"--compression", "lzma"}},
		{name: "brotli on 3.0", args: []string{"--compression", "BROTLI", "--hbase-version", "3.0"}},
		{name: "bzip2 on 1.2", args: []string{"--compression", "bzip2", "--hbase-version", "1.2"}, err: "presplit: --compression bzip2: HBase 1.2 has no COMPRESSION BZIP2 (added in 1.3)\n"},
		{name: "zstd on 1.3.0", args: []string{"--compression", "zstd", "--hbase-version", "1.3.0"}, err: "presplit: --compression zstd: HBase 1.3.0 has no COMPRESSION ZSTD (added in 1.2.5 and 1.3.1)\n"},
		{name: "zstd on 1.3.1", args: []string{"--compression", "zstd", "--hbase-version", "1.3.1"}},
		{name: "row_index_v1 on 1.3", args: []string{"--encoding", "row_index_v1", "--hbase-version", "1.3"}, err: "presplit: --encoding row_index_v1: HBase 1.3 has no DATA_BLOCK_ENCODING ROW_INDEX_V1 (added in 1.4)\n"},
		{name: "row_index_v1 on 1.4", args: []string{"--encoding", "row_index_v1", "--hbase-version", "1.4"}},
		{name: "decimal on 1.3", args: []string{"--algo", "DecimalStringSplit", "--hbase-version", "1.3"}, err: "presplit: --algo DecimalStringSplit: HBase 1.3 has no RegionSplitter algorithm DecimalStringSplit (added in 1.4)\n"},
		{name: "decimal on 1.4", args: []string{"--algo", "DecimalStringSplit", "--hbase-version", "1.4"}},
		{name: "unknown line", args: []string{"--hbase-version", "2.7"}, err: "presplit: --hbase-version 2.7: is not a release line presplit knows; known lines: 1.2, 1.3, 1.4, 2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 3.0\n"},
		{name: "bad syntax", args: []string{"--hbase-version", "two"}, err: "presplit: --hbase-version two: must be an HBase release line like 2.6 or a release like 2.6.7; known lines: 1.2, 1.3, 1.4, 2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 3.0\n"},
		{name: "spec", args: []string{"-f", spec}, err: "presplit: " + spec + ":2:35: family d compression brotli: HBase 2.4 has no COMPRESSION BROTLI (added in 2.5)\n"},
		{name: "flag over spec", args: []string{"-f", spec, "--hbase-version", "2.5"}},
		{name: "java on 1.4", args: []string{"--hbase-version", "1.4", "--format", "java"}, err: "presplit: --format java: the snippet uses HBase 2's client API (TableDescriptorBuilder), which HBase 1.4 does not have; use --format shell\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"splits", "--regions", "4", "--fail-on", "none"}, tt.args...)
			out, errOut, code := runCLI(t, "", args...)
			if tt.err == "" {
				assert.Equal(t, exitOK, code, errOut)
				assert.NotEmpty(t, out)
				return
			}
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, tt.err, errOut)
		})
	}
}
