package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocumentOutputFlags: every command that writes a document takes -F/--format and
// -o/--output. -o writes exactly what stdout gets, nothing on stdout; a bad -F or -o is
// exit 2 with one line naming it, before any input is read; a run that fails leaves an
// existing -o file as it was.
func TestDocumentOutputFlags(t *testing.T) {
	dir := t.TempDir()
	keys := filepath.Join(dir, "keys.txt")
	require.NoError(t, os.WriteFile(keys, []byte("0a\n3b\n7c\nc1\nf0\n"), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		code int // the run's exit code, with and without -o
	}{
		{"verify", []string{"verify", "--prefix", "hex:1", "--regions", "4", "--keys", keys, "-F", "json"}, 0},
		{"verify csv", []string{"verify", "--prefix", "hex:1", "--regions", "4", "--keys", keys, "--format", "csv"}, 0},
		{"verify table", []string{"verify", "--prefix", "hex:1", "--regions", "4", "--keys", keys}, 0},
		{"verify html", []string{"verify", "--prefix", "hex:1", "--regions", "4", "--keys", keys, "-F", "html"}, 0},
		{"verify gate", []string{"verify", "--prefix", "hex:1", "--regions", "16", "--keys", keys, "-F", "csv", "--fail-empty"}, 1},
		{"simulate", []string{"simulate", "--count", "1000", "-F", "csv"}, 0},
		{"simulate json", []string{"simulate", "--count", "1000", "--scheme", "hash:1", "--format", "json"}, 0},
		{"lint", []string{"lint", "-F", "json", "testdata/lint/CF001.yaml"}, 1},
		{"lint text", []string{"lint", "testdata/lint/CF003.yaml"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, errOut, code := runCLI(t, "", tc.args...)
			require.Equal(t, tc.code, code, errOut)
			require.NotEmpty(t, want)
			file := filepath.Join(t.TempDir(), "out")
			out, errOut2, code := runCLI(t, "", append(tc.args[:1:1], append([]string{"-o", file}, tc.args[1:]...)...)...)
			require.Equal(t, tc.code, code, errOut2)
			assert.Empty(t, out, "-o writes nothing on stdout")
			assert.Equal(t, errOut, errOut2, "stderr is the same with -o")
			got, err := os.ReadFile(file)
			require.NoError(t, err)
			assert.Equal(t, want, string(got))
		})
	}
	for _, tc := range []struct {
		name string
		args []string
		err  string
	}{
		{"verify format", []string{"verify", "--prefix", "hex:1", "--regions", "4", "--keys", keys, "-F", "yaml"}, `presplit: --format must be one of table, csv, json, html, got "yaml"`},
		{"simulate format", []string{"simulate", "-F", "xlsx"}, `presplit: --format must be one of table, csv, json, html, got "xlsx"`},
		{"lint format", []string{"lint", "-F", "html", "testdata/lint/CF001.yaml"}, `presplit: --format must be one of text, json, got "html"`},
		{"verify folder", []string{"verify", "--prefix", "hex:1", "--regions", "4", "--keys", keys, "-o", filepath.Join(dir, "none", "x")}, `presplit: -o "` + dir + `/none/x": folder "` + dir + `/none" does not exist`},
		{"simulate directory", []string{"simulate", "-o", dir}, `presplit: -o "` + dir + `": is a directory: name a file, or - for stdout`},
		{"lint folder", []string{"lint", "-o", filepath.Join(dir, "none", "x"), "testdata/lint/CF001.yaml"}, `presplit: -o "` + dir + `/none/x": folder "` + dir + `/none" does not exist`},
		{"lint strict and fail-on", []string{"lint", "--strict", "--fail-on", "none", "testdata/lint/CF001.yaml"}, "presplit: --strict is --fail-on warning, and --fail-on none says otherwise: give one of them"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, tc.err+"\n", errOut)
		})
	}

	// A key line verify refuses: exit 2, and the -o file keeps what it held.
	file := filepath.Join(dir, "kept.json")
	require.NoError(t, os.WriteFile(file, []byte("before\n"), 0o644))
	_, errOut, code := runCLI(t, "0a\nzz\\xq\n", "verify", "--prefix", "hex:1", "--regions", "4", "-F", "json", "-o", file)
	assert.Equal(t, exitUsage, code)
	assert.True(t, strings.HasPrefix(errOut, "presplit: stdin:2: "), errOut)
	got, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "before\n", string(got))
}

// TestLintFailOn: lint's gate is --fail-on, error by default; --strict is --fail-on
// warning, and --fail-on none never fails.
func TestLintFailOn(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"testdata/lint/CF003.yaml"}, exitOK},
		{[]string{"--fail-on", "warning", "testdata/lint/CF003.yaml"}, exitFailure},
		{[]string{"--strict", "testdata/lint/CF003.yaml"}, exitFailure},
		{[]string{"--strict", "--fail-on", "warning", "testdata/lint/CF003.yaml"}, exitFailure},
		{[]string{"testdata/lint/CF001.yaml"}, exitFailure},
		{[]string{"--fail-on", "none", "testdata/lint/CF001.yaml"}, exitOK},
	} {
		out, errOut, code := runCLI(t, "", append([]string{"lint"}, tc.args...)...)
		assert.Equal(t, tc.code, code, "%v: %s", tc.args, errOut)
		assert.NotEmpty(t, out, "%v", tc.args)
	}
}
