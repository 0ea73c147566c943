package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/distribution"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

// Hostile split keys (a quote and a comma, Ruby and shell interpolation, a newline byte,
// ESC, bytes that are not UTF-8, HTML) come out of verify's table, CSV and JSON as data:
// each format's own reader (encoding/json, encoding/csv) gives back every key's
// toStringBinary text, and the table holds no control byte but its line ends. The rows are
// written in chunks on both cores: a split of a few thousand long keys makes several.
func TestVerifyHostileKeys(t *testing.T) {
	hostile := []string{`a"b,c`, `#{system('id')}`, `$(touch /tmp/x)`, `line\x0Aend`, `\x1B[31mred`,
		`\xFF\xFEnot utf-8`, `<script>&amp;`, ` leading space`, `\.`}
	var lines []string
	for i := range 3000 {
		lines = append(lines, hostile[i%len(hostile)]+strings.Repeat("~", 200)+strings.Repeat("z", i/len(hostile)))
	}
	dir := t.TempDir()
	splitsPath := filepath.Join(dir, "splits.txt")
	require.NoError(t, os.WriteFile(splitsPath, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	keysPath := filepath.Join(dir, "keys.txt")
	require.NoError(t, os.WriteFile(keysPath, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	f, err := os.Open(splitsPath)
	require.NoError(t, err)
	file, err := splits.ReadFile(f)
	require.NoError(t, f.Close())
	require.NoError(t, err)
	want := []string{""} // the regions' start keys, then the last end key
	for _, k := range file.Keys {
		want = append(want, hbytes.ToStringBinary(k))
	}
	want = append(want, "")

	args := []string{"verify", "--splits-file", splitsPath, "--keys", keysPath}
	out, errOut, code := runCLI(t, "", append(args, "--format", "json")...)
	require.Equal(t, 0, code, errOut)
	var report distribution.Report
	require.NoError(t, json.Unmarshal([]byte(out), &report))
	require.Len(t, report.Regions, len(want)-1)
	var total int64
	for i, r := range report.Regions {
		require.Equal(t, want[i], r.StartKey, "json region %d", i+1)
		require.Equal(t, want[i+1], r.EndKey, "json region %d", i+1)
		total += r.Keys
	}
	require.Equal(t, int64(len(lines)), total)

	out, errOut, code = runCLI(t, "", append(args, "--format", "csv")...)
	require.Equal(t, 0, code, errOut)
	records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Len(t, records, len(want)) // the header, then a record a region
	for i, rec := range records[1:] {
		require.Equal(t, []string{want[i], want[i+1]}, rec[1:3], "csv region %d", i+1)
	}

	out, errOut, code = runCLI(t, "", args...)
	require.Equal(t, 0, code, errOut)
	for i, c := range []byte(out) {
		require.False(t, c < 0x20 && c != '\n' || c == 0x7F, "table byte %d is %#x", i, c)
	}
	require.True(t, bytes.Contains([]byte(out), []byte(`\x1B[31mred`)), "the ESC key is not written as its text")
}
