//go:build unix

package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/internal/stdfds"
)

// bashRun runs script with bash, $P the built presplit, in dir; it returns stdout, stderr
// and the exit code.
func bashRun(t *testing.T, dir, script string) (string, string, int) {
	t.Helper()
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "P="+builtPresplit(t))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		require.NoError(t, err)
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode()
}

// closedStdout is the one line for output that a closed stdout cannot take.
const closedStdout = "presplit: writing stdout: standard output is closed (>&-)\n"

// TestClosedStandardDescriptors: a descriptor the shell closed is used as bash's
// `echo hi >&-` uses it: output for a closed stdout is exit 1 with one line; anything for a
// closed stderr is exit 1, nothing said; a closed stdin a command reads is exit 2. A run
// that does not use the closed descriptor succeeds. /dev/null, however opened, is output
// discarded on purpose: exit 0. A build without cgo cannot tell a closed descriptor from
// /dev/null and keeps exit oldCode.
func TestClosedStandardDescriptors(t *testing.T) {
	dir := t.TempDir()
	const splits = `"$P" splits --regions 4 --prefix hex:1`
	const hinted = `"$P" splits --regions 4` // writes a hint on stderr
	top, err := os.Getwd()                   // the repository's top folder (TestMain); the runs are in dir
	require.NoError(t, err)
	verify := `"$P" verify --splits-file ` + filepath.Join(top, verifyDir, "splits.txt")
	orders := filepath.Join(top, sampleDir, "orders.txt")
	observed := stdfds.AtStart(1) != stdfds.Unknown
	tests := []struct {
		name, script, stdout, stderr string
		code                         int
		closes                       bool // a descriptor is closed: without cgo, oldCode
		oldCode                      int
	}{
		{name: "stdout closed", script: splits + " >&-", stderr: closedStdout, code: exitFailure, closes: true},
		{name: "stdout closed, report", script: `"$P" plan --rows 1e10 --kv 300B >&-`, stderr: closedStdout, code: exitFailure, closes: true},
		{name: "stdout closed, json", script: `"$P" plan --rows 1e10 --kv 300B -F json >&-`, stderr: closedStdout, code: exitFailure, closes: true},
		{name: "stdout closed, version", script: `"$P" --version >&-`, stderr: closedStdout, code: exitFailure, closes: true},
		{name: "stdout closed, help", script: `"$P" plan --help >&-`, stderr: closedStdout, code: exitFailure, closes: true},
		{name: "stdout closed, verify", script: verify + " --keys " + orders + " >&-", stderr: closedStdout, code: exitFailure, closes: true},
		{name: "stdout closed, not written", script: splits + " -o f.txt >&- && cat f.txt", stdout: outSplits, closes: true},
		{name: "stdout closed, bad usage", script: `"$P" plna >&-`, code: exitUsage, closes: true, oldCode: exitUsage,
			stderr: "presplit: unknown command \"plna\"; see 'presplit help'\n"},
		{name: "stderr closed, hint lost", script: hinted + " 2>&-", stdout: outSplits, code: exitFailure, closes: true},
		{name: "stderr closed, nothing to say", script: splits + " 2>&-", stdout: outSplits, closes: true},
		{name: "stderr closed, bad usage", script: `"$P" plna 2>&-`, code: exitUsage, closes: true, oldCode: exitUsage},
		{name: "both closed", script: splits + " >&- 2>&-", code: exitFailure, closes: true},
		{name: "stdin closed, verify keys", script: verify + " <&-", code: exitUsage, closes: true,
			stderr: "presplit: reading stdin: standard input is closed (<&-)\n"},
		{name: "stdin closed, --sample -", script: `"$P" splits --sample - --regions 2 <&-`, code: exitUsage, closes: true, oldCode: exitUsage,
			stderr: "presplit: reading stdin: standard input is closed (<&-)\n"},
		{name: "stdin closed, sample", script: `"$P" sample <&-`, code: exitUsage, closes: true, oldCode: exitUsage,
			stderr: "presplit: reading stdin: standard input is closed (<&-)\n"},
		{name: "stdin closed, not read", script: splits + " <&-", stdout: outSplits, closes: true},
		{name: "stdout dev null", script: splits + " >/dev/null"},
		{name: "stdout dev null read-write", script: splits + " 1<>/dev/null"},
		{name: "stderr dev null", script: hinted + " 2>/dev/null", stdout: outSplits},
		{name: "stderr dev null read-write", script: hinted + " 2<>/dev/null", stdout: outSplits},
		{name: "stdin dev null", script: verify + " </dev/null >/dev/null"},
		{name: "stdout full", script: splits + " >/dev/full", code: exitFailure,
			stderr: "presplit: write /dev/stdout: no space left on device\n"},
		{name: "stdout full, version", script: `"$P" --version >/dev/full`, code: exitFailure,
			stderr: "presplit: writing stdout: no space left on device\n"},
		{name: "stderr full, hint lost", script: hinted + " 2>/dev/full", stdout: outSplits, code: exitFailure},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := bashRun(t, dir, tt.script)
			if tt.closes && !observed {
				// Without cgo a closed descriptor is Go's /dev/null, as before.
				assert.Equal(t, tt.oldCode, code, "stderr: %s", errOut)
				return
			}
			assert.Equal(t, tt.code, code)
			assert.Equal(t, tt.stdout, out)
			assert.Equal(t, tt.stderr, errOut)
		})
	}
}

// TestDevNullFromPython: Python's subprocess.DEVNULL opens /dev/null read-write for each
// descriptor it is given to, which is what Go's runtime puts on a closed one: output and
// warnings discarded on purpose, and stdin empty, are exit 0.
func TestDevNullFromPython(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("python3 is not installed but CI is set: subprocess.DEVNULL must be run")
		}
		t.Skipf("python3 is not installed: skipping subprocess.DEVNULL (CI runs it)")
	}
	// The child's exit code, then what it wrote where a pipe was left.
	const script = `import subprocess, sys
args = sys.argv[2:]
dn = subprocess.DEVNULL
mode = sys.argv[1]
r = subprocess.run(args, stdin=dn, stdout=dn if "1" in mode else subprocess.PIPE,
                   stderr=dn if "2" in mode else subprocess.PIPE)
sys.stdout.write("%d|%s|%s" % (r.returncode, (r.stdout or b"").decode(), (r.stderr or b"").decode()))
`
	bin := builtPresplit(t)
	tests := []struct {
		name, mode string
		args       []string
		want       string
	}{
		{name: "stdout", mode: "1", args: []string{"splits", "--regions", "4", "--prefix", "hex:1"}, want: "0||"},
		{name: "stdout, report", mode: "1", args: []string{"plan", "--rows", "1e10", "--kv", "300B"}, want: "0||"},
		{name: "stderr", mode: "2", args: []string{"splits", "--regions", "4"}, want: "0|" + outSplits + "|"},
		{name: "both", mode: "12", args: []string{"splits", "--regions", "4"}, want: "0||"},
		{name: "stdin", mode: "", args: []string{"sample"}, want: "2||presplit: stdin:1: the sample has no keys\n"},
		{name: "stdin, verify", mode: "1", args: []string{"verify", "--splits-file", filepath.Join(verifyDir, "splits.txt")}, want: "0||"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(python, append([]string{"-c", script, tt.mode, bin}, tt.args...)...)
			out, err := cmd.Output()
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(out))
		})
	}
}
