// Package golden compares test output with golden files, byte for byte, and rewrites them
// when the tests run with -update:
//
//	go test ./internal/cli -update
//	bash .ci/update-goldens        # every package whose tests import golden
//
// It is the one home of the -update flag: only the packages whose tests import it take
// -update (go test ./... -update would stop at the first package without golden files,
// so .ci/update-goldens lists the packages that have them). Only tests import this package.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// Check compares got with the file at path, byte for byte. On a difference it reports the
// first differing line and the test goes on; a missing file stops the test. With -update it
// writes got to path instead, creating the folders it needs.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	check(t, path, got, *update)
}

func check(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatalf("golden: %v", err)
			return
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("golden: %v", err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden: %v (create it with go test ./... -update)", err)
		return
	}
	if !bytes.Equal(want, got) {
		t.Errorf("golden file %s differs from the output (rewrite it with go test ./... -update after review):\n%s",
			path, Diff(want, got))
	}
}

// context is how many equal lines Diff shows before the first difference.
const context = 3

// Diff describes where got first differs from want: the line number, a few equal lines before
// it, and the differing lines of each side quoted (so that spaces, tabs and bytes show),
// with the sizes of both. It returns "" when want and got are equal.
func Diff(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	wl, gl := lines(want), lines(got)
	i := 0
	for i < len(wl) && i < len(gl) && wl[i] == gl[i] {
		i++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "first difference at line %d (want %d bytes, %d lines; got %d bytes, %d lines)\n",
		i+1, len(want), len(wl), len(got), len(gl))
	for j := max(0, i-context); j < i; j++ {
		fmt.Fprintf(&b, "   %4d  %q\n", j+1, wl[j])
	}
	side := func(sign string, ls []string) {
		if i < len(ls) {
			fmt.Fprintf(&b, " %s %4d  %q\n", sign, i+1, ls[i])
		} else {
			fmt.Fprintf(&b, " %s       (end of file)\n", sign)
		}
	}
	side("-", wl)
	side("+", gl)
	return b.String()
}

// lines splits b after each newline, keeping the newline, so that a missing final newline
// is a difference of the last line.
func lines(b []byte) []string {
	var ls []string
	for len(b) > 0 {
		n := bytes.IndexByte(b, '\n') + 1
		if n == 0 {
			n = len(b)
		}
		ls = append(ls, string(b[:n]))
		b = b[n:]
	}
	return ls
}
