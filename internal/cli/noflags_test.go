package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDomainNamesNoFlag: the domain packages' strings name no flag (`--prefix`): their
// text, errors and rendered output alike, names an input by field.Ref, and the CLI words
// it through flagOfField. Every top-level package is a domain package and is checked;
// the only strings left out are other programs' options, listed in notFlags, and the
// HTML page's CSS, whose custom properties (--ink) are spelt like flags.
func TestDomainNamesNoFlag(t *testing.T) {
	flag := regexp.MustCompile(`(^|[^-\w])(--[a-z][a-z-]+)`)
	notFlags := map[string]bool{
		"--firstrow": true, "--lastrow": true, // RegionSplitter's own options (render/regionsplitter.go)
	}
	dirs, err := os.ReadDir(".") // TestMain runs from the top folder
	require.NoError(t, err)
	var files []string
	pkgs := 0
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "internal" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") {
			continue
		}
		m, err := filepath.Glob(filepath.Join(d.Name(), "*.go"))
		require.NoError(t, err)
		if len(m) > 0 {
			pkgs++
		}
		files = append(files, m...)
	}
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		file, err := parser.ParseFile(token.NewFileSet(), f, src, 0)
		require.NoError(t, err)
		checked++
		ast.Inspect(file, func(n ast.Node) bool {
			if vs, ok := n.(*ast.ValueSpec); ok && f == filepath.Join("htmlpage", "page.go") && len(vs.Names) == 1 && vs.Names[0].Name == "css" {
				return false // the page's style sheet: CSS custom properties
			}
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for _, m := range flag.FindAllStringSubmatch(s, -1) {
				if !notFlags[m[2]] {
					assert.Fail(t, "a domain package names a flag", "%s: %s names %s", f, s, m[2])
				}
			}
			return true
		})
	}
	assert.Greater(t, pkgs, 20)
	assert.Greater(t, checked, 60)
}

// TestFlagOfField: every flag the one field-to-flag table names is a flag of some
// command, so a library's field ref never expands to a flag that does not exist.
func TestFlagOfField(t *testing.T) {
	defined := map[string]bool{}
	for _, cmd := range newApp(nil, nil, nil).Commands {
		for _, f := range cmd.Flags {
			for _, n := range f.Names() {
				defined["--"+n] = true
			}
		}
	}
	for field, flag := range flagOfField {
		if !strings.HasPrefix(flag, "--") {
			continue // "the volume": a group of flags
		}
		assert.True(t, defined[flag], "flagOfField[%q] = %s, which no command defines", field, flag)
	}
}
