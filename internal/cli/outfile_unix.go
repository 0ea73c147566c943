//go:build unix

package cli

// The file system's rules for -o, as the shell's > applies them, and the standard
// descriptors the shell closed.

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"syscall"

	"golang.org/x/sys/unix"
)

// checkWritable refuses to replace target (path, or the end of its links), an existing
// regular file, when the shell's > could not write it either: a file the user may not open
// for writing (0444, another user's 0644, a read-only file system), or another user's file
// in a sticky folder (/tmp), which rename(2) may not replace even where > may write it in
// place. A rename needs only the folder's write permission, so without this check -o
// replaced root's 0444 file in a 0777 folder that `echo x >` is refused. faccessat with
// AT_EACCESS asks with the effective user, as open(2) does, without opening the file
// (an open for writing would tell a file watcher the file was written).
func checkWritable(flag, path, target string) error {
	what := fmt.Sprintf("%s %q", flag, path)
	if target != path {
		what += fmt.Sprintf(": link target %q", target)
	}
	if err := unix.Faccessat(unix.AT_FDCWD, target, unix.W_OK, unix.AT_EACCESS); err != nil {
		return usageErrorf("%s: the file is not writable (%v): presplit does not replace a file the shell's > could not write", what, err)
	}
	var file, dir unix.Stat_t
	if unix.Stat(target, &file) != nil || unix.Stat(filepath.Dir(target), &dir) != nil {
		return nil // the write itself reports what went wrong
	}
	euid := uint32(os.Geteuid())
	if dir.Mode&unix.S_ISVTX != 0 && euid != 0 && file.Uid != euid && dir.Uid != euid {
		return usageErrorf("%s: the file belongs to another user in a sticky folder, which only its owner may replace", what)
	}
	return nil
}

// createTemp creates the temp file of an -o write to path: .NAME.tmpNNN in path's folder,
// the name os.CreateTemp gave it before (and the one a SIGKILL leaves behind). A new file
// is created with 0666, from which the kernel takes the umask (and a default ACL), as the
// shell's > does; when path exists, it is created 0600 and given path's permissions
// before the rename. The temp file holds an exclusive flock, through a descriptor of its
// own, until release is called after the rename (closing the written file before the
// rename must not let a cleaner take it): that is how removeStaleTemps tells a live
// write from a dead one.
func createTemp(path string, exists bool) (f *os.File, release func(), err error) {
	perm := os.FileMode(0o666)
	if exists {
		perm = 0o600
	}
	prefix := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
	for range 10000 {
		name := fmt.Sprintf("%s%d", prefix, rand.Uint32())
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		if release, ok := lockTemp(f); ok {
			return f, release, nil
		}
		// A cleaner took the lock between the create and the flock, and removed the file.
		_ = f.Close()
	}
	return nil, nil, &fs.PathError{Op: "createtemp", Path: prefix + "*", Err: fs.ErrExist}
}

// lockTemp takes an exclusive flock on the temp file f through a second descriptor,
// waiting for a cleaner that holds it, and reports whether f is still linked; release
// drops the lock. A file system without flock (ENOLCK, EOPNOTSUPP) writes without it:
// its stale temp files are then never taken for dead ones.
func lockTemp(f *os.File) (release func(), ok bool) {
	lk, err := os.Open(f.Name())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false // a cleaner removed it between the create and this open
	}
	if err != nil {
		return func() {}, true // a temp file the user cannot read (umask 0777): no lock
	}
	release = func() { _ = lk.Close() } // read only; closing drops the lock
	if err := flock(lk, unix.LOCK_EX); err != nil {
		return release, true
	}
	var st unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &st); err != nil || st.Nlink > 0 {
		return release, true
	}
	release()
	return nil, false
}

func flock(f *os.File, how int) error {
	for {
		err := unix.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// removeStaleTemps removes the temp files a killed write to path left in its folder:
// regular files named .NAME.tmpNNN (presplit's own naming, NNN digits) whose flock nobody
// holds. A live write holds its temp file's lock from the create to the rename, so a
// concurrent write to the same path keeps its file; a SIGKILL releases the lock with the
// process. Anything that is not plainly ours (another name, a link, a folder, a file
// whose lock cannot be taken) is left alone, and a failure here never fails the write.
func removeStaleTemps(path string) {
	dir := filepath.Dir(path)
	pattern, err := regexp.Compile(`^\.` + regexp.QuoteMeta(filepath.Base(path)) + `\.tmp[0-9]+$`)
	if err != nil {
		return
	}
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	defer func() { _ = d.Close() }() // read only
	for {
		entries, err := d.ReadDir(1024)
		for _, e := range entries {
			if e.Type().IsRegular() && pattern.MatchString(e.Name()) {
				removeIfDead(filepath.Join(dir, e.Name()))
			}
		}
		if err != nil {
			return // io.EOF, or a folder that cannot be read further
		}
	}
}

// removeIfDead removes name when no process holds its flock and it is still the file
// that was locked.
func removeIfDead(name string) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return
	}
	defer func() { _ = f.Close() }() // read only; closing releases the lock
	var held, now unix.Stat_t
	if unix.Fstat(int(f.Fd()), &held) != nil || held.Mode&unix.S_IFMT != unix.S_IFREG {
		return
	}
	if flock(f, unix.LOCK_EX|unix.LOCK_NB) != nil {
		return // a live write, or no flock here
	}
	if unix.Lstat(name, &now) != nil || now.Dev != held.Dev || now.Ino != held.Ino {
		return
	}
	_ = os.Remove(name) // best effort: the new write goes on either way
}
