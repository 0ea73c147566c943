package cli

// The file named by -o/--output: what it is decides how it is written.
//
//   - "-" is stdout.
//   - A regular file, or a name that does not exist yet in a folder that does, is written
//     atomically: a temp file in the same folder, synced and renamed over it. An existing file
//     keeps its permissions; a new one gets 0666 less the umask, as the shell's > makes it.
//     An existing file the shell's > could not write (0444, another user's file in a sticky
//     folder) is refused, not replaced (checkWritable). The temp file is .NAME.tmpNNN; one a
//     killed write left behind is removed by the next write to the same path.
//   - A symlink (or a chain of them) is followed: its target is written as above, and the
//     link stays a link. A dangling link creates its target when the target's folder exists.
//   - Anything else that exists (a character device like /dev/null, a FIFO, /dev/stdout,
//     /dev/fd/N) is opened for writing and truncated, never created or renamed over, as the
//     shell's > does.
//   - A directory, an empty name or a missing folder is bad usage (exit 2), found before
//     anything renders.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// outKind is how an -o target is written.
type outKind int

const (
	outStdout  outKind = iota // "-"
	outReplace                // a regular file, existing or new: temp file + rename
	outDirect                 // a device, FIFO or open descriptor: open, truncate, write
)

// maxLinkHops bounds a chain of symlinks, as the kernel does (Linux's MAXSYMLINKS is 40).
const maxLinkHops = 40

// outTarget is a resolved -o value: the file to write and how.
type outTarget struct {
	kind outKind
	path string // the file written: the user's value, or the end of its chain of links
}

// checkOutputFile is the pre-flight check of -o, run before anything renders: it refuses a
// directory, an empty name and a missing folder with a usage error naming flag and path.
func checkOutputFile(flag, path string) error {
	_, err := resolveOutput(flag, path)
	return err
}

// writeOutputFile writes data to the -o value path (see the rules at the top of this
// file); "-" writes to stdout. Nothing is created, truncated or replaced before data is
// complete, so callers render into a buffer first, or use writeRendered.
func writeOutputFile(flag, path string, stdout io.Writer, data []byte) error {
	return writeRendered(flag, path, stdout, false, len(data), func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeRendered writes what render produces to the -o value path, and nothing when
// render fails: a regular file is filled through its temp file, which a failed render
// removes; stdout, a device or a FIFO get the output once it is known complete: held in a
// buffer of about sizeHint bytes when that is at most maxHeldOutput, else rendered twice,
// first into nothing to find any error, then as it renders (a renderer is a function of
// its input: the second pass writes what the first checked). With streams (the renderer
// fails only before its first write: render.Streams) stdout, a device or a FIFO get it as
// it renders, without the buffer: a device or FIFO is opened at the first write, so a
// render that fails leaves it unopened. render's own error comes back as it is; a write
// error names the file.
func writeRendered(flag, path string, stdout io.Writer, streams bool, sizeHint int, render func(io.Writer) error) error {
	target, err := resolveOutput(flag, path)
	if err != nil {
		return err
	}
	if target.kind == outReplace {
		var renderErr error
		var w *firstErrorWriter
		err := replaceFile(target.path, func(f io.Writer) error {
			bw := bufio.NewWriterSize(f, 64<<10)
			w = &firstErrorWriter{w: bw}
			renderErr = render(w)
			switch {
			case w.err != nil:
				return w.err // a write failed, whatever render made of it
			case renderErr != nil:
				return renderErr
			}
			return bw.Flush()
		})
		if renderErr != nil && w.err == nil {
			return renderErr // replaceFile removed the temp file; the error is the input's
		}
		return err
	}
	if streams, err = checkedFirst(streams, sizeHint, render); err != nil {
		return err
	}
	if target.kind == outStdout && streams {
		return render(stdout)
	}
	if streams {
		return writeDirectStream(target.path, render)
	}
	var buf bytes.Buffer
	buf.Grow(sizeHint)
	if err := render(&buf); err != nil {
		return err
	}
	if target.kind == outStdout {
		_, err := stdout.Write(buf.Bytes())
		return err
	}
	return writeDirect(target.path, buf.Bytes())
}

// checkedFirst renders an output that does not stream and is larger than maxHeldOutput
// into nothing, to find its error before anything is written: then it may stream.
func checkedFirst(streams bool, sizeHint int, render func(io.Writer) error) (bool, error) {
	if streams || sizeHint <= maxHeldOutput {
		return streams, nil
	}
	return true, render(io.Discard)
}

// maxHeldOutput is the most output held in memory for stdout, a device or a FIFO until it
// is complete: past it, the output is rendered twice rather than held (a million keys of
// 100 bytes make 200 MB of CSV, which the buffer's growth took past 1 GB).
const maxHeldOutput = 16 << 20

// firstErrorWriter keeps the first error of w, so that a render error can be told from
// the write error that caused it.
type firstErrorWriter struct {
	w   io.Writer
	err error
}

func (f *firstErrorWriter) Write(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	n, err := f.w.Write(p)
	f.err = err
	return n, err
}

// resolveOutput decides what the -o value path names and how it is written.
func resolveOutput(flag, path string) (outTarget, error) {
	switch path {
	case "":
		return outTarget{}, usageErrorf("%s must name a file or - for stdout, got %q", flag, path)
	case "-":
		return outTarget{kind: outStdout}, nil
	}
	fi, err := os.Stat(path) // follows links as open(2) will
	switch {
	case err == nil && fi.IsDir():
		return outTarget{}, usageErrorf("%s %q: is a directory: name a file, or - for stdout", flag, path)
	case err == nil && !fi.Mode().IsRegular(), err == nil && viaDescriptor(path):
		// A device or FIFO; or /dev/stdout and /proc/self/fd/N, which name an open
		// descriptor, not a file in a folder that could be renamed over.
		return outTarget{kind: outDirect, path: path}, nil
	case err == nil:
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return outTarget{}, fmt.Errorf("%s %q: %w", flag, path, err)
		}
		if err := checkWritable(flag, path, target); err != nil {
			return outTarget{}, err
		}
		return outTarget{kind: outReplace, path: target}, nil
	case errors.Is(err, fs.ErrNotExist):
		// A new file, or a dangling link: the end of its chain is created.
		chain, err := linkChain(path)
		if err != nil {
			return outTarget{}, usageErrorf("%s %q: %v", flag, path, bareError(err))
		}
		target := chain[len(chain)-1]
		if err := checkFolder(flag, path, target); err != nil {
			return outTarget{}, err
		}
		return outTarget{kind: outReplace, path: target}, nil
	}
	// Not a folder on the way (ENOTDIR), a loop of links, no permission.
	if ferr := checkFolder(flag, path, path); ferr != nil {
		return outTarget{}, ferr
	}
	return outTarget{}, usageErrorf("%s %q: %v", flag, path, bareError(err))
}

// bareError drops an fs.PathError's operation and path: the message names the -o value.
func bareError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// checkFolder refuses target (path itself, or the end of path's links) when its folder does
// not exist or is not a folder.
func checkFolder(flag, path, target string) error {
	dir := filepath.Dir(target)
	what := fmt.Sprintf("%s %q", flag, path)
	if target != path {
		what += fmt.Sprintf(": link target %q", target)
	}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usageErrorf("%s: folder %q does not exist", what, dir)
	case errors.Is(err, syscall.ENOTDIR), err == nil && !fi.IsDir():
		return usageErrorf("%s: %q is not a folder", what, dir)
	case err != nil:
		return fmt.Errorf("%s %q: %w", flag, path, err)
	}
	return nil
}

// linkChain follows path's symlinks one at a time, without needing the last one to exist:
// path, then each link's target, ending at the first name that is not a link.
func linkChain(path string) ([]string, error) {
	chain := []string{path}
	p := path
	for range maxLinkHops {
		fi, err := os.Lstat(p)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return chain, nil
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return nil, err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		p = dest
		chain = append(chain, p)
	}
	return nil, &fs.PathError{Op: "open", Path: path, Err: syscall.ELOOP}
}

// viaDescriptor reports whether path is, or links through, /dev/fd/N or /proc: names of
// open descriptors (like /dev/stdout, a link to /proc/self/fd/1) whose links the kernel
// resolves to the descriptor itself, not to a file that may be replaced.
func viaDescriptor(path string) bool {
	chain, err := linkChain(path)
	if err != nil {
		return false
	}
	for _, p := range chain {
		p = filepath.ToSlash(filepath.Clean(p))
		if strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/proc/") {
			return true
		}
	}
	return false
}

// writeDirect writes data to an existing non-regular file: opened for writing and
// truncated, never created.
func writeDirect(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// writeDirectStream is writeDirect of what render writes as it writes it: path is opened
// for writing and truncated at render's first write (or after it, when it wrote nothing),
// so a render error, which a streaming renderer returns before its first write, leaves
// path unopened.
func writeDirectStream(path string, render func(io.Writer) error) error {
	w := &openOnWrite{path: path}
	renderErr := render(w)
	if w.err != nil {
		if w.f != nil {
			_ = w.f.Close()
		}
		return fmt.Errorf("writing %s: %w", w.path, w.err)
	}
	if renderErr != nil {
		if w.f != nil {
			_ = w.f.Close()
		}
		return renderErr
	}
	if w.f == nil {
		return writeDirect(path, nil)
	}
	if err := w.f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// openOnWrite opens path (write only, truncated) at its first Write and keeps the first
// error.
type openOnWrite struct {
	path string
	f    *os.File
	err  error
}

func (o *openOnWrite) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	if o.f == nil {
		o.f, o.err = os.OpenFile(o.path, os.O_WRONLY|os.O_TRUNC, 0)
		if o.err != nil {
			return 0, o.err
		}
	}
	n, err := o.f.Write(p)
	o.err = err
	return n, err
}

// interruptSignals stop an -o write: its temp file is removed and presplit exits with 128
// plus the signal's number, as a shell reports a process the signal killed (SIGINT 130,
// SIGTERM 143, SIGHUP 129).
var interruptSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// tempGuard is the temp file of one -o write, removed by a signal that comes while it
// exists. Creating and renaming the file hold mu, so a signal handled meanwhile waits and
// then sees whether there is a temp file to remove.
type tempGuard struct {
	mu   sync.Mutex
	name string
}

// removeOnSignal catches interruptSignals until the returned stop is called: on one, it
// removes g's temp file, if there is one, and exits. Outside that window the signals do
// what they always do.
func removeOnSignal(g *tempGuard) (stop func()) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, interruptSignals...)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			g.mu.Lock() // held until the exit: no rename after the removal
			if g.name != "" {
				_ = os.Remove(g.name)
			}
			code := 128 + 1
			if sig, ok := s.(syscall.Signal); ok {
				code = 128 + int(sig)
			}
			os.Exit(code)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sigs)
		close(done)
	}
}

// replaceFile writes path atomically: write fills a temp file in path's folder, which is
// synced and renamed over path. On any failure the temp file is removed and path is left as
// it was (absent, or byte-identical). An existing file keeps its permissions; a new one
// gets 0666 less the umask. path must not be a symlink: resolveOutput passes the end of
// the chain. The temp files a killed write to path left are removed first.
func replaceFile(path string, write func(io.Writer) error) (err error) {
	var mode os.FileMode
	fi, statErr := os.Lstat(path)
	exists := statErr == nil && fi.Mode().IsRegular()
	if exists {
		mode = fi.Mode().Perm()
	}
	removeStaleTemps(path)
	// A signal while the temp file exists removes it (the old file stays as it was).
	var guard tempGuard
	defer removeOnSignal(&guard)()
	guard.mu.Lock()
	tmp, release, err := createTemp(path, exists)
	if err != nil {
		guard.mu.Unlock()
		if errors.Is(err, fs.ErrPermission) {
			// Bad usage, as a missing folder is; the temp file's name is ours, not the user's.
			return usageErrorf("writing %s: folder %q is not writable: permission denied", path, filepath.Dir(path))
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	guard.name = tmp.Name()
	guard.mu.Unlock()
	defer release() // after the rename, or the removal below
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
			err = fmt.Errorf("writing %s: %w", path, err)
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	if exists {
		if err = tmp.Chmod(mode); err != nil {
			return err
		}
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	guard.mu.Lock()
	defer guard.mu.Unlock()
	if err = os.Rename(tmp.Name(), path); err == nil {
		guard.name = ""
	}
	return err
}
