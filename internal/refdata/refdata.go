// Package refdata reads the known-answer vectors in ../shared/refdata/*.tsv, produced by
// HBase's own code, for tests. Rows are split on TAB only; '#' lines are comments.
package refdata

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Row is one data line: its 1-based line number in the file and its TAB-separated fields.
type Row struct {
	Line   int
	Fields []string
}

// Path finds shared/refdata/NAME beside the repository: it walks up from the working
// directory (a package folder while testing) until a folder has shared/refdata/NAME. A clone
// without shared/ beside it falls back to the copy in the repository's testdata/refdata,
// which TestCopyMatchesShared keeps identical whenever shared/ is there.
func Path(name string) (string, error) {
	if p, ok := find(filepath.Join("shared", "refdata", name)); ok {
		return p, nil
	}
	if p, ok := find(filepath.Join("testdata", "refdata", name)); ok {
		return p, nil
	}
	return "", fmt.Errorf("refdata %s not found in shared/refdata or testdata/refdata above the working directory", name)
}

// SharedPath is shared/refdata/NAME only, without the fallback.
func SharedPath(name string) (string, bool) {
	return find(filepath.Join("shared", "refdata", name))
}

// CopyPath is the repository's copy, testdata/refdata/NAME.
func CopyPath(name string) (string, bool) {
	return find(filepath.Join("testdata", "refdata", name))
}

// find looks for rel in the working directory and each folder above it.
func find(rel string) (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		p := filepath.Join(dir, rel)
		if _, err := os.Stat(p); err == nil {
			return p, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// Read returns the data rows of shared/refdata/NAME.
func Read(name string) ([]Row, error) {
	p, err := Path(name)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }() // read only: Close has nothing to lose
	var rows []Row
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, Row{Line: n, Fields: strings.Split(line, "\t")})
	}
	return rows, sc.Err()
}
