//go:build !unix

package cli

import (
	"os"
	"path/filepath"
)

// Without unix's permissions and flock, -o keeps its plain
// form: see outfile_unix.go for what these do there.

func checkWritable(_, _, _ string) error { return nil }

func createTemp(path string, _ bool) (*os.File, func(), error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	return f, func() {}, err
}

func removeStaleTemps(string) {}
