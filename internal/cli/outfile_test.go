//go:build unix

package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// outSplits is what `presplit splits --regions 4 --prefix hex:1` prints.
const outSplits = "4\n8\nc\n"

// outFile writes content to dir/name with perm, making its folders.
func outFile(t *testing.T, dir, name, content string, perm os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(content), perm))
	require.NoError(t, os.Chmod(p, perm)) // whatever the umask
	return p
}

// outLink makes dir/name a symlink to dest (as written: relative to the link's folder).
func outLink(t *testing.T, dir, name, dest string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.Symlink(dest, p))
	return p
}

// outIsLink asserts p is still a symlink to dest.
func outIsLink(t *testing.T, p, dest string) {
	t.Helper()
	fi, err := os.Lstat(p)
	require.NoError(t, err)
	assert.Equal(t, fs.ModeSymlink, fi.Mode().Type(), "%s stays a link", p)
	got, err := os.Readlink(p)
	require.NoError(t, err)
	assert.Equal(t, dest, got)
}

// outContent asserts p holds want with permissions perm.
func outContent(t *testing.T, p, want string, perm os.FileMode) {
	t.Helper()
	got, err := os.ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, want, string(got))
	fi, err := os.Stat(p)
	require.NoError(t, err)
	assert.Equal(t, perm, fi.Mode().Perm(), "permissions of %s", p)
}

// outReadFIFO reads a FIFO to its end in the background: the writer's open blocks until a
// reader opens it. The result arrives on the channel.
func outReadFIFO(t *testing.T, p string) <-chan string {
	t.Helper()
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(p)
		if err != nil {
			got <- "open: " + err.Error()
			return
		}
		defer func() { _ = f.Close() }() // read only
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	return got
}

func TestOutputFileCLI(t *testing.T) {
	tests := []struct {
		name  string
		args  []string                                              // before -o; default the hex:1 split
		setup func(t *testing.T, dir string) string                 // returns the -o value
		code  int                                                   // exit code
		out   string                                                // stdout
		err   string                                                // stderr's line: {o} is the -o value, {dir} its folder; a final ... makes it a prefix
		check func(t *testing.T, dir, o string, done func() string) // done: the FIFO's reader
	}{
		{
			name:  "- is stdout",
			setup: func(*testing.T, string) string { return "-" },
			out:   outSplits,
			check: func(t *testing.T, _, _ string, _ func() string) {
				assert.NoFileExists(t, "-", "no file named -")
			},
		},
		{
			name: "new file gets 0644",
			setup: func(t *testing.T, dir string) string {
				return filepath.Join(dir, "splits.txt")
			},
			check: func(t *testing.T, dir, o string, _ func() string) {
				outContent(t, o, outSplits, 0o644)
				renderNoTemp(t, dir, 1)
			},
		},
		{
			name: "existing file keeps its permissions",
			setup: func(t *testing.T, dir string) string {
				return outFile(t, dir, "splits.txt", "old\n", 0o640)
			},
			check: func(t *testing.T, dir, o string, _ func() string) {
				outContent(t, o, outSplits, 0o640)
				renderNoTemp(t, dir, 1)
			},
		},
		{
			name: "symlink: the target is replaced, the link stays",
			setup: func(t *testing.T, dir string) string {
				outFile(t, dir, "real.txt", "old\n", 0o600)
				return outLink(t, dir, "link.txt", "real.txt")
			},
			check: func(t *testing.T, dir, o string, _ func() string) {
				outIsLink(t, o, "real.txt")
				outContent(t, filepath.Join(dir, "real.txt"), outSplits, 0o600)
				renderNoTemp(t, dir, 2)
			},
		},
		{
			name: "chain of links across folders",
			setup: func(t *testing.T, dir string) string {
				outFile(t, dir, "a/real.txt", "old\n", 0o644)
				outLink(t, dir, "b/l1", "../a/real.txt")
				return outLink(t, dir, "l2", filepath.Join(dir, "b", "l1"))
			},
			check: func(t *testing.T, dir, o string, _ func() string) {
				outIsLink(t, o, filepath.Join(dir, "b", "l1"))
				outIsLink(t, filepath.Join(dir, "b", "l1"), "../a/real.txt")
				outContent(t, filepath.Join(dir, "a", "real.txt"), outSplits, 0o644)
				renderNoTemp(t, filepath.Join(dir, "a"), 1)
				renderNoTemp(t, filepath.Join(dir, "b"), 1)
				renderNoTemp(t, dir, 3)
			},
		},
		{
			name: "dangling link: its target is created",
			setup: func(t *testing.T, dir string) string {
				require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
				return outLink(t, dir, "link.txt", "sub/new.txt")
			},
			check: func(t *testing.T, dir, o string, _ func() string) {
				outIsLink(t, o, "sub/new.txt")
				outContent(t, filepath.Join(dir, "sub", "new.txt"), outSplits, 0o644)
				renderNoTemp(t, filepath.Join(dir, "sub"), 1)
			},
		},
		{
			name: "dangling link into a missing folder",
			setup: func(t *testing.T, dir string) string {
				return outLink(t, dir, "link.txt", "no/new.txt")
			},
			code: exitUsage,
			err:  `presplit: -o "{o}": link target "{dir}/no/new.txt": folder "{dir}/no" does not exist`,
			check: func(t *testing.T, dir, _ string, _ func() string) {
				assert.NoDirExists(t, filepath.Join(dir, "no"))
				renderNoTemp(t, dir, 1)
			},
		},
		{
			name: "FIFO gets the bytes and stays a FIFO",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "fifo")
				require.NoError(t, syscall.Mkfifo(p, 0o600))
				return p
			},
			check: func(t *testing.T, dir, o string, done func() string) {
				assert.Equal(t, outSplits, done())
				fi, err := os.Lstat(o)
				require.NoError(t, err)
				assert.Equal(t, fs.ModeNamedPipe, fi.Mode().Type())
				renderNoTemp(t, dir, 1)
			},
		},
		{
			name:  "/dev/null",
			setup: func(*testing.T, string) string { return os.DevNull },
			check: func(t *testing.T, _, o string, _ func() string) {
				fi, err := os.Stat(o)
				require.NoError(t, err)
				assert.Equal(t, fs.ModeDevice|fs.ModeCharDevice, fi.Mode().Type(), "still a device")
			},
		},
		{
			name: "directory",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "out")
				require.NoError(t, os.MkdirAll(filepath.Join(p, "child"), 0o755))
				return p
			},
			code: exitUsage,
			err:  `presplit: -o "{o}": is a directory: name a file, or - for stdout`,
			check: func(t *testing.T, dir, o string, _ func() string) {
				renderNoTemp(t, o, 1)
				renderNoTemp(t, dir, 1)
			},
		},
		{
			name: "link to a directory",
			setup: func(t *testing.T, dir string) string {
				require.NoError(t, os.Mkdir(filepath.Join(dir, "out"), 0o755))
				return outLink(t, dir, "link", "out")
			},
			code: exitUsage,
			err:  `presplit: -o "{o}": is a directory: name a file, or - for stdout`,
		},
		{
			name: "missing folder",
			setup: func(_ *testing.T, dir string) string {
				return filepath.Join(dir, "no", "such", "splits.txt")
			},
			code: exitUsage,
			err:  `presplit: -o "{o}": folder "{dir}/no/such" does not exist`,
			check: func(t *testing.T, dir, _ string, _ func() string) {
				assert.NoDirExists(t, filepath.Join(dir, "no"))
			},
		},
		{
			name: "loop of links",
			setup: func(t *testing.T, dir string) string {
				return outLink(t, dir, "loop", "loop")
			},
			code: exitUsage,
			err:  `presplit: -o "{o}": too many levels of symbolic links`,
		},
		{
			name: "failed render leaves an existing file byte-identical",
			args: []string{"splits", "--regions", "4", "--prefix", "hex:1", "-F", "regionsplitter"},
			setup: func(t *testing.T, dir string) string {
				return outFile(t, dir, "splits.txt", "keep me\n\x00\xff", 0o600)
			},
			code: exitUsage,
			err:  "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned...",
			check: func(t *testing.T, dir, o string, _ func() string) {
				outContent(t, o, "keep me\n\x00\xff", 0o600)
				renderNoTemp(t, dir, 1)
			},
		},
		{
			name: "failed render leaves a link's target byte-identical",
			args: []string{"splits", "--regions", "4", "--prefix", "hex:1", "-F", "regionsplitter"},
			setup: func(t *testing.T, dir string) string {
				outFile(t, dir, "real.txt", "keep me\n", 0o644)
				return outLink(t, dir, "link.txt", "real.txt")
			},
			code: exitUsage,
			err:  "presplit: --format regionsplitter: RegionSplitter cannot express prefix-aligned...",
			check: func(t *testing.T, dir, o string, _ func() string) {
				outIsLink(t, o, "real.txt")
				outContent(t, filepath.Join(dir, "real.txt"), "keep me\n", 0o644)
				renderNoTemp(t, dir, 2)
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			o := tt.setup(t, dir)
			done := func() string { return "" }
			if fi, err := os.Lstat(o); err == nil && fi.Mode().Type() == fs.ModeNamedPipe {
				got := outReadFIFO(t, o)
				done = func() string {
					select {
					case s := <-got:
						return s
					case <-time.After(10 * time.Second):
						t.Error("nothing was written to the FIFO")
						return ""
					}
				}
			}
			args := tt.args
			if args == nil {
				args = []string{"splits", "--regions", "4", "--prefix", "hex:1"}
			}
			out, errOut, code := runCLI(t, "", append(args, "-o", o)...)
			assert.Equal(t, tt.code, code, errOut)
			assert.Equal(t, tt.out, out)
			if tt.err == "" {
				assert.Empty(t, errOut)
			} else {
				want := strings.NewReplacer("{o}", o, "{dir}", dir).Replace(tt.err)
				assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line on stderr: %q", errOut)
				if prefix, ok := strings.CutSuffix(want, "..."); ok {
					assert.True(t, strings.HasPrefix(errOut, prefix), "stderr %q", errOut)
				} else {
					assert.Equal(t, want+"\n", errOut)
				}
			}
			if tt.check != nil {
				tt.check(t, dir, o, done)
			}
		})
	}
}

func TestOutputFileSplitsFileToStdout(t *testing.T) {
	out, errOut, code := runCLI(t, "", "splits", "--regions", "4", "--prefix", "hex:1", "-F", "splits-file", "-o", "-")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, outSplits, out)
	assert.Empty(t, errOut, "no file name, so no create line that reads it")
	assert.NoFileExists(t, "-")
}

func TestResolveOutput(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(t *testing.T, dir string) string // returns the -o value
		kind   outKind
		target string // the file written, relative to dir; "" is the -o value itself
		err    string // a usage error's message; {o} is the -o value
	}{
		{name: "stdout", setup: func(*testing.T, string) string { return "-" }, kind: outStdout},
		{name: "empty", setup: func(*testing.T, string) string { return "" },
			err: `-o must name a file or - for stdout, got ""`},
		{name: "new file", setup: func(_ *testing.T, dir string) string { return filepath.Join(dir, "f") },
			kind: outReplace, target: "f"},
		{name: "regular file", setup: func(t *testing.T, dir string) string { return outFile(t, dir, "f", "", 0o644) },
			kind: outReplace, target: "f"},
		{name: "relative link", setup: func(t *testing.T, dir string) string {
			outFile(t, dir, "a/f", "", 0o644)
			return outLink(t, dir, "l", "a/f")
		}, kind: outReplace, target: "a/f"},
		{name: "dangling chain", setup: func(t *testing.T, dir string) string {
			outLink(t, dir, "b/l1", "../a/f")
			require.NoError(t, os.Mkdir(filepath.Join(dir, "a"), 0o755))
			return outLink(t, dir, "l2", "b/l1")
		}, kind: outReplace, target: "a/f"},
		{name: "device", setup: func(*testing.T, string) string { return os.DevNull }, kind: outDirect},
		{name: "FIFO", setup: func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "p")
			require.NoError(t, syscall.Mkfifo(p, 0o600))
			return p
		}, kind: outDirect},
		{name: "link to a device", setup: func(t *testing.T, dir string) string {
			return outLink(t, dir, "null", os.DevNull)
		}, kind: outDirect},
		{name: "directory", setup: func(_ *testing.T, dir string) string { return dir },
			err: `-o "{o}": is a directory: name a file, or - for stdout`},
		{name: "file as a folder", setup: func(t *testing.T, dir string) string {
			return filepath.Join(outFile(t, dir, "f", "", 0o644), "x")
		}, err: `-o "{o}": "{dir}/f" is not a folder`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, err := filepath.EvalSymlinks(t.TempDir())
			require.NoError(t, err)
			o := tt.setup(t, dir)
			got, err := resolveOutput("-o", o)
			if tt.err != "" {
				var ue *usageError
				require.True(t, errors.As(err, &ue), "a usage error, got %v", err)
				assert.Equal(t, strings.NewReplacer("{o}", o, "{dir}", dir).Replace(tt.err), ue.msg)
				require.Equal(t, ue, checkOutputFile("-o", o), "the pre-flight check refuses it too")
				return
			}
			require.NoError(t, err)
			require.NoError(t, checkOutputFile("-o", o))
			assert.Equal(t, tt.kind, got.kind)
			switch {
			case tt.kind == outStdout:
				assert.Empty(t, got.path)
			case tt.target == "":
				assert.Equal(t, o, got.path)
			default:
				assert.Equal(t, filepath.Join(dir, tt.target), filepath.Clean(got.path))
			}
		})
	}
}

func TestWriteOutputFile(t *testing.T) {
	data := []byte(outSplits)
	t.Run("- writes stdout", func(t *testing.T) {
		var stdout bytes.Buffer
		require.NoError(t, writeOutputFile("-o", "-", &stdout, data))
		assert.Equal(t, outSplits, stdout.String())
	})
	t.Run("a file leaves stdout alone", func(t *testing.T) {
		var stdout bytes.Buffer
		p := filepath.Join(t.TempDir(), "f")
		require.NoError(t, writeOutputFile("-o", p, &stdout, data))
		assert.Empty(t, stdout.String())
		outContent(t, p, outSplits, 0o644)
	})
	t.Run("/dev/fd/N of a pipe", func(t *testing.T) {
		if _, err := os.Stat("/dev/fd"); err != nil {
			t.Skip("no /dev/fd on this system")
		}
		r, w, err := os.Pipe()
		require.NoError(t, err)
		defer func() { _ = r.Close() }() // the read end
		got := make(chan string, 1)
		go func() { b, _ := io.ReadAll(r); got <- string(b) }()
		require.NoError(t, writeOutputFile("-o", fmt.Sprintf("/dev/fd/%d", w.Fd()), io.Discard, data))
		require.NoError(t, w.Close())
		assert.Equal(t, outSplits, <-got)
	})
	t.Run("/proc/self/fd/N of a regular file is written in place", func(t *testing.T) {
		if _, err := os.Stat("/proc/self/fd"); err != nil {
			t.Skip("no /proc/self/fd on this system")
		}
		p := outFile(t, t.TempDir(), "f", "old contents, longer than the new\n", 0o600)
		f, err := os.OpenFile(p, os.O_WRONLY, 0)
		require.NoError(t, err)
		defer func() { _ = f.Close() }() // nothing is written through this descriptor
		before, err := f.Stat()
		require.NoError(t, err)
		o := fmt.Sprintf("/proc/self/fd/%d", f.Fd())
		target, err := resolveOutput("-o", o)
		require.NoError(t, err)
		assert.Equal(t, outDirect, target.kind, "a descriptor, not a file to rename over")
		require.NoError(t, writeOutputFile("-o", o, io.Discard, data))
		after, err := os.Stat(p)
		require.NoError(t, err)
		assert.True(t, os.SameFile(before, after), "the same file, not a renamed one")
		outContent(t, p, outSplits, 0o600)
	})
	t.Run("a directory writes nothing", func(t *testing.T) {
		var stdout bytes.Buffer
		dir := t.TempDir()
		err := writeOutputFile("-o", dir, &stdout, data)
		var ue *usageError
		require.True(t, errors.As(err, &ue), "a usage error, got %v", err)
		assert.Empty(t, stdout.String())
		renderNoTemp(t, dir, 0)
	})
}

// TestWriteRenderedFailedRender: a render that writes part of its output and then fails
// leaves nothing behind anywhere, and its error comes back as it is (a usage error stays
// one line without a "writing FILE" prefix).
func TestWriteRenderedFailedRender(t *testing.T) {
	bad := errors.New("split key 2 \"01\": split keys must be unique and in ascending unsigned byte order")
	partial := func(w io.Writer) error {
		_, _ = io.WriteString(w, "01\n")
		return bad
	}
	t.Run("stdout gets nothing", func(t *testing.T) {
		var stdout bytes.Buffer
		err := writeRendered("-o", "-", &stdout, false, 0, partial)
		assert.Same(t, bad, err)
		assert.Empty(t, stdout.String())
	})
	t.Run("an existing file stays as it was", func(t *testing.T) {
		dir := t.TempDir()
		p := outFile(t, dir, "f", "old\n", 0o600)
		err := writeRendered("-o", p, io.Discard, true, 0, partial)
		assert.Same(t, bad, err)
		outContent(t, p, "old\n", 0o600)
		renderNoTemp(t, dir, 1)
	})
	t.Run("a new file is not created", func(t *testing.T) {
		dir := t.TempDir()
		err := writeRendered("-o", filepath.Join(dir, "new"), io.Discard, false, 0, partial)
		assert.Same(t, bad, err)
		renderNoTemp(t, dir, 0)
	})
	t.Run("a streaming render writes stdout as it goes", func(t *testing.T) {
		var stdout bytes.Buffer
		var seen string
		err := writeRendered("-o", "-", &stdout, true, 0, func(w io.Writer) error {
			_, _ = io.WriteString(w, "01\n")
			seen = stdout.String() // not held back in a buffer
			_, err := io.WriteString(w, "02\n")
			return err
		})
		require.NoError(t, err)
		assert.Equal(t, "01\n", seen)
		assert.Equal(t, "01\n02\n", stdout.String())
	})
	t.Run("a streaming render writes a FIFO as it goes", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), "fifo")
		require.NoError(t, syscall.Mkfifo(p, 0o600))
		lines := make(chan string, 2)
		go func() {
			f, err := os.Open(p)
			if err != nil {
				close(lines)
				return
			}
			defer func() { _ = f.Close() }() // read only
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		err := writeRendered("-o", p, io.Discard, true, 0, func(w io.Writer) error {
			_, _ = io.WriteString(w, "01\n")
			select { // the reader has the first line while the render still runs
			case l := <-lines:
				assert.Equal(t, "01", l)
			case <-time.After(10 * time.Second):
				t.Error("the FIFO got nothing before the render ended: held back in a buffer")
			}
			_, err := io.WriteString(w, "02\n")
			return err
		})
		require.NoError(t, err)
		assert.Equal(t, "02", <-lines)
	})
	t.Run("a streaming render that fails leaves a FIFO unopened", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), "fifo")
		require.NoError(t, syscall.Mkfifo(p, 0o600))
		done := make(chan error, 1)
		go func() { // opening a FIFO to write blocks until a reader comes: none will
			done <- writeRendered("-o", p, io.Discard, true, 0, func(io.Writer) error { return bad })
		}()
		select {
		case err := <-done:
			assert.Same(t, bad, err)
		case <-time.After(10 * time.Second):
			t.Fatal("the failed render opened the FIFO")
		}
	})
	t.Run("a streaming render that writes nothing truncates a device as > does", func(t *testing.T) {
		err := writeRendered("-o", os.DevNull, io.Discard, true, 0, func(io.Writer) error { return nil })
		require.NoError(t, err)
	})
	t.Run("a file is written through a buffer", func(t *testing.T) {
		dir := t.TempDir()
		p := filepath.Join(dir, "f")
		var want strings.Builder
		err := writeRendered("-o", p, io.Discard, true, 0, func(w io.Writer) error {
			for i := range 100_000 { // many small writes, as the text renderers make
				s := fmt.Sprintf("%08x\n", i)
				want.WriteString(s)
				if _, err := io.WriteString(w, s); err != nil {
					return err
				}
			}
			return nil
		})
		require.NoError(t, err)
		outContent(t, p, want.String(), 0o644)
		renderNoTemp(t, dir, 1)
	})
}
