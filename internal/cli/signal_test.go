package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutputInterrupted: a signal in the middle of an -o write removes the temp file,
// leaves the old file as it was and exits 128 + the signal (130, 143, 129), as a shell
// reports a process the signal killed. On main the .FILE.tmpNNNN file stayed behind.
func TestOutputInterrupted(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "presplit")
	build := exec.Command("go", "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{
		{syscall.SIGINT, 130},
		{syscall.SIGTERM, 143},
		{syscall.SIGHUP, 129},
	} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "splits.txt")
			require.NoError(t, os.WriteFile(path, []byte("old\n"), 0o644))
			// 10 million keys: 90 MB, about a second to render and sync.
			cmd := exec.Command(bin, "splits", "--algo", "HexStringSplit", "--regions", "10000000", "-o", path)
			require.NoError(t, cmd.Start())
			// Wait for the temp file to hold some output, then signal.
			deadline := time.Now().Add(20 * time.Second)
			var tmp string
			for tmp == "" && time.Now().Before(deadline) {
				m, _ := filepath.Glob(filepath.Join(dir, ".splits.txt.tmp*"))
				if len(m) == 1 {
					if fi, err := os.Stat(m[0]); err == nil && fi.Size() > 0 {
						tmp = m[0]
						break
					}
				}
				time.Sleep(time.Millisecond)
			}
			require.NotEmpty(t, tmp, "no temp file appeared")
			require.NoError(t, cmd.Process.Signal(tc.sig))
			err := cmd.Wait()
			var ee *exec.ExitError
			require.True(t, errors.As(err, &ee), "the write finished before the signal: %v", err)
			assert.Equal(t, tc.code, ee.ExitCode())
			left, _ := filepath.Glob(filepath.Join(dir, ".splits.txt.tmp*"))
			assert.Empty(t, left, "temp files left")
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, "old\n", string(got), "the old file is intact")
		})
	}
}
