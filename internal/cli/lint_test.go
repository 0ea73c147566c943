package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/presplit/presplit/internal/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLintGolden runs `presplit lint` end to end on fixtures: stdout is compared byte for
// byte with testdata/lint/golden/NAME (rewrite with -update), with the exit code and stderr.
func TestLintGolden(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{name: "example.txt", args: []string{"testdata/lint/example.yaml"}},
		{name: "guide_12_families.txt", args: []string{"testdata/lint/guide_12_families.yaml"}, code: 1, stderr: "presplit: lint: 1 error, 0 warnings\n"},
		{name: "guide_orders_splits.txt", args: []string{"testdata/lint/guide_orders_splits.yaml"}, code: 1, stderr: "presplit: lint: 3 errors, 1 warning\n"},
		{name: "guide_user_timestamp.json", args: []string{"--format", "json", "testdata/lint/guide_user_timestamp.yaml"}, code: 1, stderr: "presplit: lint: 1 error, 0 warnings\n"},
		{name: "CF006.txt", args: []string{"testdata/lint/CF006.yaml"}, code: 1, stderr: "presplit: lint: 3 errors, 0 warnings\n"},
		{name: "warnings.txt", args: []string{"testdata/lint/CF003.yaml"}},
		{name: "warnings-strict.txt", args: []string{"--strict", "testdata/lint/CF003.yaml"}, code: 1, stderr: "presplit: lint: 0 errors, 1 warning\n"},
		{name: "clean.json", args: []string{"--format", "json", "testdata/lint/guide_hash_prefix.yaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"lint"}, tt.args...)...)
			assert.Equal(t, tt.code, code)
			assert.Equal(t, tt.stderr, errOut)
			golden.Check(t, filepath.Join("testdata", "lint", "golden", tt.name), []byte(out))
			assert.True(t, strings.HasSuffix(out, "\n") && !strings.HasSuffix(out, "\n\n"), "one trailing newline")
			if strings.HasSuffix(tt.name, ".json") {
				var doc map[string]any
				require.NoError(t, json.Unmarshal([]byte(out), &doc))
			}
		})
	}
}

// TestLintBadInput: a spec that cannot be read is exit 2, one stderr line naming the file
// and position, nothing on stdout.
func TestLintBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	big := write("big.yaml", "table: t\n"+strings.Repeat("# padding\n", 1<<20))
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{name: "not yaml", args: []string{write("a.yaml", "table: [t\n")}, stderr: "a.yaml:1: not valid YAML: did not find expected ',' or ']'"},
		{name: "wrong type", args: []string{write("b.yaml", "families:\n  - name: cf\n    versions: one\n")}, stderr: "b.yaml:3:15: versions must be an integer, got the string \"one\""},
		{name: "unknown key", args: []string{write("c.yaml", "families: [{name: cf, ttl: 1d, colour: red}]\n")}, stderr: "c.yaml:1:32: unknown key \"colour\" in a family"},
		{name: "empty file", args: []string{write("d.yaml", "")}, stderr: "d.yaml: file is empty"},
		{name: "10 MB file", args: []string{big}, stderr: "big.yaml: file is 10485769 bytes; a table spec is at most 1048576 bytes (1 MiB)"},
		{name: "endless device", args: []string{"/dev/zero"}, stderr: "/dev/zero: more than 1048576 bytes; a table spec is at most 1048576 bytes (1 MiB)"},
		{name: "empty name", args: []string{""}, stderr: "cannot read spec \"\": no such file or directory"},
		{name: "duplicate family", args: []string{write("e.yaml", "families:\n  - name: cf\n  - name: cf\n")}, stderr: "e.yaml:3:11: family \"cf\" is defined twice (first on line 2)"},
		{name: "bad prefix", args: []string{write("f.yaml", "families: [{name: cf}]\nrowkey: {prefix: oct:2}\n")}, stderr: "f.yaml:2:18: rowkey.prefix oct:2: unknown kind \"oct\""},
		{name: "missing splits file", args: []string{write("g.yaml", "families: [{name: cf}]\nrowkey: {prefix: dec:2}\nsplits: {file: nope.txt}\n")}, stderr: "cannot read splits file " + filepath.Join(dir, "nope.txt") + ": no such file or directory"},
		{name: "no such spec", args: []string{filepath.Join(dir, "missing.yaml")}, stderr: "missing.yaml\": no such file or directory"},
		{name: "flag after file", args: []string{write("h.yaml", "families: [{name: cf}]\n"), "--strict"}, stderr: "presplit: flag \"--strict\" after the spec file: put flags first, as in presplit lint --strict spec.yaml"},
		{name: "no file", args: nil, stderr: "presplit: lint needs a spec file: presplit lint SPEC.yaml"},
		{name: "two files", args: []string{"a.yaml", "b.yaml"}, stderr: "presplit: lint takes one spec file, got 2 arguments: unexpected argument b.yaml after the spec file a.yaml"},
		{name: "bad format", args: []string{"--format", "xml", "a.yaml"}, stderr: "presplit: --format must be one of text, json, got \"xml\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"lint"}, tt.args...)...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.True(t, strings.HasPrefix(errOut, "presplit: "), errOut)
			assert.Contains(t, errOut, tt.stderr)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
		})
	}
}

// A splits file's keys name their lines in lint's findings whether the file lists them in
// order (the reader keeps no line numbers then: plan makes them) or not (the sorted keys'
// own lines).
func TestLintSplitsFileLines(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.yaml")
	require.NoError(t, os.WriteFile(spec, []byte("families:\n  - name: cf\n    versions: 1\n    ttl: 30d\n    compression: SNAPPY\n    bloom: ROW\nrowkey:\n  prefix: hex:2\nsplits: {file: s.txt}\n"), 0o644))
	for file, want := range map[string]string{
		"10\n20\n30\n40\nGG\nzz\n": "line 5: 'GG' has G, outside the alphabet of hex:2; also lines 6",
		"10\nzz\n20\nGG\n30\n":     "line 4: 'GG' has G, outside the alphabet of hex:2; also lines 2",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "s.txt"), []byte(file), 0o644))
		stdout, stderr, code := runCLI(t, "", "lint", spec)
		assert.Equal(t, 1, code, stderr) // errors found
		assert.Contains(t, stdout, want, "%q", file)
	}
}
