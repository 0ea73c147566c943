package distribution

import (
	"io"
	"os"
	"syscall"
	"unsafe"
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

// hugePage is the size of an x86-64 (and arm64) transparent huge page.
const hugePage = 2 << 20

// mapZeroed returns n zeroed Ts in a private anonymous mapping of their own, aligned to a
// huge page, which the kernel is asked to back with huge pages (MADV_HUGEPAGE), and the
// function that unmaps it; ok is false when the mapping fails. A worker's counts over
// millions of regions are first written in random order: in 4 KiB pages each first write
// is a page fault, which cost 2 to 7 µs here (a virtual machine's faults are dear), more
// than the counting of the keys that made them; transparent huge pages are often "madvise"
// only, and Go's heap does not ask for them. The advice is advisory: refused, the mapping
// keeps small pages and works the same.
func mapZeroed[T uint8 | uint16 | uint32](n int) (s []T, free func(), ok bool) {
	size := n * int(unsafe.Sizeof(T(0)))
	m, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, false
	}
	skip := -int(uintptr(unsafe.Pointer(unsafe.SliceData(m)))) & (hugePage - 1)
	aligned := m[skip : skip+size]
	_ = syscall.Madvise(aligned, madvHugePage)
	// The mapping is page-aligned, so it holds Ts as well as bytes; it is not the Go heap's,
	// and the GC neither scans nor frees it (Ts hold no pointers).
	s = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(aligned))), n)
	return s, func() { _ = syscall.Munmap(m) }, true
}

// madvHugePage is MADV_HUGEPAGE, which package syscall does not name.
const madvHugePage = 14
