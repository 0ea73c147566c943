//go:build linux

package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: the terminal end presplit writes to, and the other end
// the test reads what reached the terminal from.
func openPTY(t *testing.T) (term, other *os.File) {
	t.Helper()
	other, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(other.Fd())
	require.NoError(t, unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0))
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	require.NoError(t, err)
	term, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	require.NoError(t, err)
	return term, other
}

// TestXLSXNotToTerminal: without -o the workbook is refused on a terminal (exit 2, nothing
// written); -o - is the explicit request to write it there anyway.
func TestXLSXNotToTerminal(t *testing.T) {
	tests := []struct {
		name    string
		args    string
		code    int
		stderr  string
		written bool
	}{
		{name: "no -o", args: "plan --rows 1e10 --kv 300B -F xlsx", code: 2,
			stderr: "presplit: --format xlsx writes a binary workbook, not to a terminal: use -o FILE, or -o - to write it to stdout\n"},
		{name: "splits, no -o", args: "splits --regions 4 --format xlsx", code: 2,
			stderr: "presplit: --format xlsx writes a binary workbook, not to a terminal: use -o FILE, or -o - to write it to stdout\n"},
		{name: "-o -", args: "plan --rows 1e10 --kv 300B -F xlsx -o -", written: true},
		{name: "text formats still print", args: "plan --rows 1e10 --kv 300B -F csv", written: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			term, other := openPTY(t)
			var seen bytes.Buffer
			done := make(chan struct{})
			go func() { _, _ = io.Copy(&seen, other); close(done) }() // ends with EIO once term closes
			var errb bytes.Buffer
			code := Run(append([]string{"presplit"}, strings.Fields(tt.args)...), strings.NewReader(""), term, &errb)
			require.NoError(t, term.Close())
			<-done
			_ = other.Close()
			assert.Equal(t, tt.code, code)
			assert.Equal(t, tt.stderr, errb.String())
			assert.Equal(t, tt.written, seen.Len() > 0, "bytes on the terminal: %d", seen.Len())
		})
	}
}
