package sample

import (
	"io"
	"os"
	"runtime"
	"syscall"
)

// mapFile maps the first size bytes of r copy-on-write when r is an *os.File (Linux): the
// parts' arenas are then the file's pages, read by the kernel as they are touched, and only
// the pages of keys decoded in place are copied. The mapping is undone once the returned
// owner is unreachable: every holder of keys in it (parts, Weighted) keeps the owner.
// ok is false when r cannot be mapped; ReadFile then reads the bytes into memory.
func mapFile(r io.ReaderAt, size int64) (data []byte, owner *mapping, ok bool) {
	m, ok := mmapFile(r, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE)
	if !ok {
		return nil, nil, false
	}
	owner = &mapping{}
	runtime.AddCleanup(owner, func(b []byte) { _ = syscall.Munmap(b) }, m)
	return m, owner, true
}

// mapText maps the first size bytes of r read-only when r is an *os.File (Linux), for
// reading in place; unmap undoes it. ok is false when r cannot be mapped.
func mapText(r io.ReaderAt, size int64) (text []byte, unmap func(), ok bool) {
	m, ok := mmapFile(r, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if !ok {
		return nil, nil, false
	}
	return m, func() { _ = syscall.Munmap(m) }, true
}

// mmapFile maps the first size bytes of r with prot and flags when r is an *os.File and
// size fits an int.
func mmapFile(r io.ReaderAt, size int64, prot, flags int) ([]byte, bool) {
	f, isFile := r.(*os.File)
	if !isFile || size <= 0 || int64(int(size)) != size {
		return nil, false
	}
	m, err := syscall.Mmap(int(f.Fd()), 0, int(size), prot, flags)
	return m, err == nil
}

// releasePages drops b's pages (page-aligned) from the resident set: they stay in the
// page cache, and a later read of them maps them again.
func releasePages(b []byte) {
	if len(b) > 0 {
		_ = syscall.Madvise(b, syscall.MADV_DONTNEED)
	}
}
