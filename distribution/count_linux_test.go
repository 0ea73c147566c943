package distribution

import (
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbytes"
)

// TestCountLongLineBounded: a line with no end in sight is read no further than the longest
// valid key's text, whether it is plain, escaped or --raw: the memory after that bound is
// unreadable here (PROT_NONE), so a read past it faults and fails the test. In a mapped
// file, reading on would make every page of a line as long as the file resident.
func TestCountLongLineBounded(t *testing.T) {
	loc, err := NewLocator(keys("5"))
	require.NoError(t, err)
	page := syscall.Getpagesize()
	for _, c := range []struct {
		name string
		fill string
		raw  bool
	}{
		{"plain", "y", false},
		{"escaped", `\x41`, false},
		{"mixed", `ab\x41\`, false},
		{"raw", "y", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			head := "1\n2\n"
			// Readable: the head and the long line up to at least the bound, then a
			// PROT_NONE tail the count must not touch.
			readable := (len(head) + maxLine + 1 + page - 1) / page * page
			m, err := syscall.Mmap(-1, 0, readable+4*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
			require.NoError(t, err)
			defer func() { _ = syscall.Munmap(m) }()
			line := strings.Repeat(c.fill, readable/len(c.fill)+1)
			copy(m, head+line)
			require.NoError(t, syscall.Mprotect(m[readable:], syscall.PROT_NONE))

			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			c2 := newLineCounter(loc, c.raw)
			var lines int64
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("the count read past the longest valid line: %v", r)
					}
				}()
				lines, err = c2.count(m, len(m))
			}()
			assert.Equal(t, int64(2), lines)
			assert.ErrorIs(t, err, hbytes.ErrKeyTooLong)
			assert.ErrorContains(t, err, "key is more than 32767 bytes long")
		})
	}
}

// mapZeroed's memory is zeroed, aligned to a huge page, holds what is written to it, and
// is unmapped by its free.
func TestMapZeroed(t *testing.T) {
	s, free, ok := mapZeroed[uint32](3<<20 + 5)
	require.True(t, ok)
	require.Len(t, s, 3<<20+5)
	require.Zero(t, uintptr(unsafe.Pointer(&s[0]))%hugePage)
	nonzero := 0
	for i := range s {
		if s[i] != 0 {
			nonzero++
		}
		s[i] = uint32(i)
	}
	require.Zero(t, nonzero)
	require.Equal(t, uint32(3<<20+4), s[len(s)-1])
	free()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	var read uint32
	require.Panics(t, func() { read = s[len(s)/2] }, "the memory is still mapped after free")
	_ = read
}
