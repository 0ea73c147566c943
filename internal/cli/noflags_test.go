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
// text names an input by field.Ref, and the CLI words it through flagOfField. (lint's
// suggested fixes quote whole commands to run, and regions' renderer and its errors name
// its input files: they are not checked here.)
func TestDomainNamesNoFlag(t *testing.T) {
	flag := regexp.MustCompile(`(^|[^-\w])--[a-z][a-z-]+`)
	var files []string
	for _, pkg := range []string{"plan", "splits", "capacity", "tablespec", "hbase", "hbytes", "simulate", "sample", "distribution", "access", "duration", "quantity", "phoenix", "field", "finding"} {
		m, err := filepath.Glob(filepath.Join(pkg, "*.go")) // TestMain runs from the top folder
		require.NoError(t, err)
		files = append(files, m...)
	}
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "html.go") {
			continue // a page renderer's text, like regions' renderer, names its command's inputs
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		file, err := parser.ParseFile(token.NewFileSet(), f, src, 0)
		require.NoError(t, err)
		checked++
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err == nil && flag.MatchString(s) {
				assert.Fail(t, "a domain package names a flag", "%s: %s", f, s)
			}
			return true
		})
	}
	assert.Greater(t, checked, 30)
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
