//go:build unix

package cli

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

var builtOnce struct {
	sync.Once
	bin string
	err error
	out []byte
}

// builtPresplit is presplit built once for the tests that need a real process: a umask, a
// closed descriptor, another user, a SIGKILL.
func builtPresplit(t *testing.T) string {
	t.Helper()
	builtOnce.Do(func() {
		dir, err := os.MkdirTemp("", "presplit-bin")
		if err == nil {
			err = os.Chmod(dir, 0o755) // another user runs it too
		}
		if err != nil {
			builtOnce.err = err
			return
		}
		afterTests = append(afterTests, func() { _ = os.RemoveAll(dir) }) // best effort, in the system's temp folder
		builtOnce.bin = filepath.Join(dir, "presplit")
		build := exec.Command("go", "build", "-o", builtOnce.bin, ".")
		_, file, _, _ := runtime.Caller(0)                        // tests may change the working folder
		build.Dir = filepath.Join(filepath.Dir(file), "..", "..") // the module's root: package main
		builtOnce.out, builtOnce.err = build.CombinedOutput()
	})
	require.NoError(t, builtOnce.err, "go build: %s", builtOnce.out)
	return builtOnce.bin
}

// shellRun runs script with sh, $P the built presplit, in dir; it returns stdout, stderr
// and the exit code.
func shellRun(t *testing.T, dir, script string, cred *syscall.Credential) (string, string, int) {
	t.Helper()
	cmd := exec.Command("sh", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "P="+builtPresplit(t))
	if cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		require.NoError(t, err)
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode()
}

// TestOutputUmask: a new -o file is 0666 less the umask, as `touch` or the shell's > makes
// it (on main it was 0644 under umask 077); an existing file keeps its own permissions
// whatever the umask.
func TestOutputUmask(t *testing.T) {
	dir := openTempDir(t)
	for _, tc := range []struct {
		umask string
		want  os.FileMode
	}{{"077", 0o600}, {"022", 0o644}, {"002", 0o664}, {"000", 0o666}, {"277", 0o400}} {
		name := "new" + tc.umask
		_, errOut, code := shellRun(t, dir, "umask "+tc.umask+" && touch touched"+tc.umask+
			` && "$P" splits --regions 4 --prefix hex:1 -o `+name, nil)
		require.Equal(t, exitOK, code, errOut)
		outContent(t, filepath.Join(dir, name), outSplits, tc.want)
		fi, err := os.Stat(filepath.Join(dir, "touched"+tc.umask))
		require.NoError(t, err)
		assert.Equal(t, fi.Mode().Perm(), tc.want, "touch under umask %s", tc.umask)
	}
	old := outFile(t, dir, "old", "x\n", 0o640)
	_, errOut, code := shellRun(t, dir, `umask 000 && "$P" splits --regions 4 --prefix hex:1 -o old`, nil)
	require.Equal(t, exitOK, code, errOut)
	outContent(t, old, outSplits, 0o640)
}

// openTempDir is a new folder that another user may enter (t.TempDir's parent is 0700),
// removed when the test ends.
func openTempDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "presplit-out")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(dir) }) // best effort, in the system's temp folder
	require.NoError(t, os.Chmod(dir, 0o755))
	return dir
}

// nobody is the credential of a user other than the file's owner: the tests run as root
// in CI's container, where root may write anything. As another user they run the real
// case; without root they cannot, and say so.
func nobody(t *testing.T) *syscall.Credential {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to run presplit as another user") // the rule is checked as root in CI
	}
	return &syscall.Credential{Uid: 65534, Gid: 65534}
}

// TestOutputNotWritableRefused: a file the shell's > could not write is not replaced
// through -o: exit 2, one line naming it, the file byte-identical. On main, in a 0777
// folder, another user replaced root's 0444 file by renaming over it.
func TestOutputNotWritableRefused(t *testing.T) {
	cred := nobody(t)
	dir := openTempDir(t)
	require.NoError(t, os.Chmod(dir, 0o777))
	ro := outFile(t, dir, "ro.txt", "root's\n", 0o444)
	// The shell refuses it too: the rule is the shell's.
	_, shErr, shCode := shellRun(t, dir, "echo x > ro.txt", cred)
	require.NotEqual(t, 0, shCode, "the shell wrote a 0444 file: %s", shErr)
	out, errOut, code := shellRun(t, dir, `"$P" splits --regions 4 --prefix hex:1 -o ro.txt`, cred)
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Equal(t, `presplit: -o "ro.txt": the file is not writable (permission denied): presplit does not replace a file the shell's > could not write`+"\n", errOut)
	outContent(t, ro, "root's\n", 0o444)
	// Through a link the user owns, the message names the target.
	require.NoError(t, os.Symlink("ro.txt", filepath.Join(dir, "link")))
	_, errOut, code = shellRun(t, dir, `"$P" splits --regions 4 --prefix hex:1 -o link`, cred)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, `-o "link": link target "`)
	outContent(t, ro, "root's\n", 0o444)
	left, _ := filepath.Glob(filepath.Join(dir, ".ro.txt.tmp*"))
	assert.Empty(t, left)
}

// TestOutputStickyFolderRefused: in a sticky folder (like /tmp), another user's file is not
// replaced even when its mode lets the user write it: rename(2) may not replace it, and
// the refusal comes before anything renders, not as a failed rename at the end.
func TestOutputStickyFolderRefused(t *testing.T) {
	cred := nobody(t)
	dir := openTempDir(t)
	require.NoError(t, os.Chmod(dir, os.ModeSticky|0o777))
	shared := outFile(t, dir, "shared.txt", "root's\n", 0o666)
	require.NoError(t, os.Chmod(shared, 0o666))
	out, errOut, code := shellRun(t, dir, `"$P" splits --regions 4 --prefix hex:1 -o shared.txt`, cred)
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Equal(t, `presplit: -o "shared.txt": the file belongs to another user in a sticky folder, which only its owner may replace`+"\n", errOut)
	outContent(t, shared, "root's\n", 0o666)
	// A new file there, and the user's own, are written as anywhere else.
	_, errOut, code = shellRun(t, dir, `"$P" splits --regions 4 --prefix hex:1 -o mine.txt && "$P" splits --regions 4 --prefix hex:1 -o mine.txt`, cred)
	assert.Equal(t, exitOK, code, errOut)
	outContent(t, filepath.Join(dir, "mine.txt"), outSplits, 0o644)
}

// TestOutputStaleTempRemoved: a temp file of presplit's naming that no live write holds is
// removed by the next write to the same path; a live one (its flock held), another
// path's and a name that is not ours stay.
func TestOutputStaleTempRemoved(t *testing.T) {
	dir := t.TempDir()
	stale := outFile(t, dir, ".a.txt.tmp123", "half\n", 0o600)
	live := outFile(t, dir, ".a.txt.tmp456", "live\n", 0o600)
	f, err := os.Open(live)
	require.NoError(t, err)
	defer func() { _ = f.Close() }() // read only
	require.NoError(t, unix.Flock(int(f.Fd()), unix.LOCK_EX))
	keep := []string{live,
		outFile(t, dir, ".a.txt.tmpx", "", 0o600),
		outFile(t, dir, ".a.txt.tmp1.bak", "", 0o600),
		outFile(t, dir, ".b.txt.tmp1", "", 0o600),
		outFile(t, dir, "a.txt.tmp1", "", 0o600)}
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".a.txt.tmp9"), 0o755))
	keep = append(keep, filepath.Join(dir, ".a.txt.tmp9"))
	_, errOut, code := runCLI(t, "", "splits", "--regions", "4", "--prefix", "hex:1", "-o", filepath.Join(dir, "a.txt"))
	require.Equal(t, exitOK, code, errOut)
	assert.NoFileExists(t, stale)
	for _, p := range keep {
		_, err := os.Lstat(p)
		assert.NoError(t, err, "%s was removed", p)
	}
	outContent(t, filepath.Join(dir, "a.txt"), outSplits, 0o644)
}

// TestOutputSIGKILLThenWrite: SIGKILL leaves .NAME.tmpNNN behind (nothing can remove it
// then); the next write to the path removes it.
func TestOutputSIGKILLThenWrite(t *testing.T) {
	bin := builtPresplit(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "splits.txt")
	cmd := exec.Command(bin, "splits", "--algo", "HexStringSplit", "--regions", "10000000", "-o", path)
	require.NoError(t, cmd.Start())
	var tmp string
	for deadline := time.Now().Add(20 * time.Second); tmp == "" && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if m, _ := filepath.Glob(filepath.Join(dir, ".splits.txt.tmp*")); len(m) == 1 {
			if fi, err := os.Stat(m[0]); err == nil && fi.Size() > 0 {
				tmp = m[0]
			}
		}
	}
	require.NotEmpty(t, tmp, "no temp file appeared")
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait() // killed: its error is the signal
	require.FileExists(t, tmp, "SIGKILL leaves the temp file")
	_, errOut, code := runCLI(t, "", "splits", "--regions", "4", "--prefix", "hex:1", "-o", path)
	require.Equal(t, exitOK, code, errOut)
	left, _ := filepath.Glob(filepath.Join(dir, ".splits.txt.tmp*"))
	assert.Empty(t, left, "the killed write's temp file is still there")
	outContent(t, path, outSplits, 0o644)
}

// TestFullStandardOutput: output or a warning that cannot be written is exit 1 with one
// line (on stderr when it is stdout that failed); /dev/null takes everything, exit 0. A
// descriptor the shell closed (>&-, 2>&-) is TestClosedStandardDescriptors'.
func TestFullStandardOutput(t *testing.T) {
	dir := t.TempDir()
	const splits = `"$P" splits --regions 4 --prefix hex:1`
	const hinted = `"$P" splits --regions 4` // writes a hint on stderr
	for _, tc := range []struct {
		script, stdout, stderr string
		code                   int
	}{
		{splits + " 1<>/dev/null", "", "", exitOK},
		{splits + " >/dev/null", "", "", exitOK},
		{splits + " >/dev/full", "", "presplit: write /dev/stdout: no space left on device\n", exitFailure},
		{"$P --version >/dev/full", "", "presplit: writing stdout: no space left on device\n", exitFailure},
		{hinted + " 2>/dev/full", outSplits, "", exitFailure},
		{hinted + " 2>/dev/null", outSplits, "", exitOK},
		{splits + " 2>/dev/full", outSplits, "", exitOK}, // nothing to say: nothing lost
		{splits + " -o - >/dev/full", "", "presplit: write /dev/stdout: no space left on device\n", exitFailure},
	} {
		t.Run(tc.script, func(t *testing.T) {
			out, errOut, code := shellRun(t, dir, tc.script, nil)
			assert.Equal(t, tc.code, code)
			assert.Equal(t, tc.stdout, out)
			assert.Equal(t, tc.stderr, errOut)
		})
	}
}

// TestListRegionsRefusedAtStart: input that is not list_regions output is refused from its
// first mebibyte, not after reading up to the 1 GiB cap (on main /dev/urandom was read to
// 1 GiB, and the process peaked at 4 GiB, before "larger than" came back). The input is
// a pipe that counts what presplit took.
func TestListRegionsRefusedAtStart(t *testing.T) {
	for _, tc := range []struct {
		name string
		fill byte // 0: random bytes
		want string
	}{
		{"random", 0, ":1: not list_regions output: the first line is not text (byte "},
		{"text", 'a', ":1: not list_regions output: no header row followed by a row of dashes (` ----- |`) in its first 1048576 bytes\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, w, err := os.Pipe()
			require.NoError(t, err)
			written := make(chan int64, 1)
			go func() {
				chunk := make([]byte, 64<<10)
				rng := rand.New(rand.NewPCG(1, 2))
				var n int64
				for n < 1<<30 {
					for i := range chunk {
						chunk[i] = tc.fill
						if tc.fill == 0 {
							chunk[i] = byte(rng.Uint32())
						}
					}
					m, err := w.Write(chunk)
					n += int64(m)
					if err != nil {
						break
					}
				}
				_ = w.Close() // the reader has gone: EPIPE ends the loop
				written <- n
			}()
			path := "/dev/fd/" + strconv.Itoa(int(r.Fd()))
			out, errOut, code := runCLI(t, "", "regions", "--list-regions", path)
			_ = r.Close() // read only
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Contains(t, errOut, "presplit: "+path+tc.want)
			assert.Equal(t, 1, strings.Count(errOut, "\n"))
			assert.Less(t, <-written, int64(4<<20), "presplit read on past the first mebibyte")
		})
	}
}

// TestOutputConcurrentWritesKeepTheirTemp: a write to a path while another presplit is
// writing it leaves the other's temp file alone (its lock is held until its rename), so
// both succeed and the last rename wins.
func TestOutputConcurrentWritesKeepTheirTemp(t *testing.T) {
	bin := builtPresplit(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "splits.txt")
	long := exec.Command(bin, "splits", "--algo", "HexStringSplit", "--regions", "5000000", "-o", path)
	require.NoError(t, long.Start())
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if m, _ := filepath.Glob(filepath.Join(dir, ".splits.txt.tmp*")); len(m) == 1 {
			break
		}
	}
	_, errOut, code := runCLI(t, "", "splits", "--regions", "4", "--prefix", "hex:1", "-o", path)
	require.Equal(t, exitOK, code, errOut)
	require.NoError(t, long.Wait(), "the long write lost its temp file")
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, int64(4999999*9), fi.Size(), "the long write renamed last")
	left, _ := filepath.Glob(filepath.Join(dir, ".splits.txt.tmp*"))
	assert.Empty(t, left)
}
