package distribution

import (
	"io"
	"os"
	"syscall"
)

// mapFile maps the rest of f (from its current offset) read-only, when f is a regular file
// that is not empty; ok is false when it cannot, and Count then reads f as a stream. The
// file offset is moved to the end, as if Count had read it all.
//
// data is part of the whole mapping m, which starts on a page boundary (file offset 0).
func mapFile(f *os.File) (m []byte, off int, ok bool) {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() <= 0 || int64(int(st.Size())) != st.Size() {
		return nil, 0, false
	}
	pos, err := f.Seek(0, io.SeekCurrent)
	if err != nil || pos >= st.Size() {
		return nil, 0, false
	}
	m, err = syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, 0, false
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		_ = syscall.Munmap(m) // a read-only mapping: a failed unmap leaks address space, loses no data
		return nil, 0, false
	}
	return m, int(pos), true
}

// unmapFile unmaps m, a read-only mapping: a failed unmap leaks address space and loses no
// data, so there is nothing to report.
func unmapFile(m []byte) { _ = syscall.Munmap(m) }

// dropPages tells the kernel that m's pages are done with: counted pages would otherwise
// stay in the process's resident set until the unmap, and a big file would look like a
// big process. They stay in the page cache; touching them again only faults them back.
// The advice is advisory: when the kernel refuses it, the pages stay resident and that is all.
func dropPages(m []byte) { _ = syscall.Madvise(m, syscall.MADV_DONTNEED) }
