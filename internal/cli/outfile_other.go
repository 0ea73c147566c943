//go:build !unix

package cli

import (
	"io"
	"os"
	"path/filepath"
)

// Without unix's permissions, flock and runtime-reopened descriptors, -o keeps its plain
// form: see outfile_unix.go for what these do there.

func checkWritable(_, _, _ string) error { return nil }

func createTemp(path string, _ bool) (*os.File, func(), error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	return f, func() {}, err
}

func removeStaleTemps(string) {}

func standardWriter(w io.Writer) io.Writer { return w }
