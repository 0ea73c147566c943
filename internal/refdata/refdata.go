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
// directory (a package folder while testing) until a folder has shared/refdata/NAME.
func Path(name string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, "shared", "refdata", name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("refdata %s not found in shared/refdata above the working directory", name)
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
	defer f.Close()
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
