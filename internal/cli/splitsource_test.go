package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRG001NamesTheSample: a split cut from a sample whose keys do not match the rowkey
// prefix is named as the sample's, as a splits file's keys are the splits file's.
func TestRG001NamesTheSample(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "keys.txt"), []byte("zz1\nzz2\nzz3\nzz4\nzz5\nzz6\nzz7\nzz8\n"), 0o644))
	spec := filepath.Join(dir, "s.yaml")
	require.NoError(t, os.WriteFile(spec, []byte("table: t1\nfamilies: [{name: cf, versions: 1, ttl: 7d, compression: SNAPPY, bloom: ROW}]\n"+
		"rowkey: {prefix: \"hex:2\"}\ncapacity: {rows: 1e9, kv: 1KB}\nsplits: {sample: keys.txt, regions: 4}\n"), 0o644))
	out, errOut, code := runCLI(t, "", "lint", spec)
	assert.Equal(t, exitFailure, code, errOut)
	assert.Contains(t, out, spec+":5: error RG001: 3 of 3 split keys of the sample do not match the rowkey prefix hex:2: 'zz3' has z, outside the alphabet of hex:2; also 'zz5', 'zz7' (fix: split on the prefix itself: generate the keys from rowkey.prefix: hex:2)\n")
}
