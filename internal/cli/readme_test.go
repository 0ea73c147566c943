package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// manualPages are README.md and every page of docs/, the user's manual.
func manualPages(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join("docs", "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, docs, "docs/*.md")
	sort.Strings(docs)
	return append([]string{"README.md"}, docs...)
}

// manualText is a page of the manual.
func manualText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}

// minManualExamples is how many console examples the manual held when README.md was split
// into docs/*.md: a block lost in a move (a ```console fence mistyped, a page left out of
// docs/) fails the count.
const minManualExamples = 47

// TestREADMEExamples runs every example of the ```console blocks of README.md and
// docs/*.md through run and compares the output, so the user's manual cannot rot. A block
// holds one or more `$ presplit ARGS` lines, each followed by exactly what it prints
// (stdout, then stderr).
func TestREADMEExamples(t *testing.T) {
	total := 0
	for _, page := range manualPages(t) {
		examples, err := readmeExamples(page)
		require.NoError(t, err)
		total += len(examples)
		for _, ex := range examples {
			t.Run(fmt.Sprintf("%s:%d", page, ex.line), func(t *testing.T) {
				args, err := shellWords(ex.command)
				require.NoError(t, err, "%s:%d", page, ex.line)
				out, errOut, _ := runCLI(t, "", args...)
				assert.Equal(t, ex.output, out+errOut, "%s:%d: $ presplit %s", page, ex.line, ex.command)
			})
		}
	}
	assert.GreaterOrEqual(t, total, minManualExamples, "console examples in README.md and docs/*.md")
}

// TestREADMEFirstCommands: the README's first two commands are the set-up ones, and the
// first console example is the first command's output.
func TestREADMEFirstCommands(t *testing.T) {
	readme := manualText(t, "README.md")
	_, rest, ok := strings.Cut(readme, "```sh\n")
	require.True(t, ok, "README.md has a ```sh block")
	cmds := strings.Split(rest, "\n")
	require.GreaterOrEqual(t, len(cmds), 2)
	assert.True(t, strings.HasPrefix(cmds[0], "go run . plan --rows 1e10 --kv 300B "), cmds[0])
	assert.True(t, strings.HasPrefix(cmds[1], "go test -timeout 20m ./... "), cmds[1]) // .ci/run runs this very command
	examples, err := readmeExamples("README.md")
	require.NoError(t, err)
	require.NotEmpty(t, examples)
	assert.Equal(t, "plan --rows 1e10 --kv 300B", examples[0].command)
}

type readmeExample struct {
	line    int
	command string // the arguments after `presplit `
	output  string
}

func readmeExamples(path string) ([]readmeExample, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []readmeExample
	inBlock := false
	var cur *readmeExample
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case !inBlock && strings.HasPrefix(line, "```console"):
			inBlock = true
		case inBlock && strings.HasPrefix(line, "```"):
			flush()
			inBlock = false
		case inBlock && strings.HasPrefix(line, "$ presplit "):
			flush()
			cur = &readmeExample{line: i + 1, command: strings.TrimPrefix(line, "$ presplit ")}
		case inBlock && cur != nil:
			cur.output += line + "\n"
		}
	}
	return out, nil
}

// shellWords splits a command line the way sh does for the simple cases the README uses:
// blanks separate words; '...' is literal; "..." is literal but for \" and \\.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case ' ', '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated ' in %q", s)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				w.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unterminated \" in %q", s)
			}
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

func TestShellWords(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
		err  bool
	}{
		{name: "plain", in: "plan --rows 1e10", want: []string{"plan", "--rows", "1e10"}},
		{name: "single quotes", in: `splits --suffix '|' --x 'a b'`, want: []string{"splits", "--suffix", "|", "--x", "a b"}},
		{name: "double quotes", in: `a "b \"c\" d"`, want: []string{"a", `b "c" d`}},
		{name: "unterminated", in: `a 'b`, err: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := shellWords(tt.in)
			if tt.err {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestREADMEReusesCapacityExample: the manual's plan page quotes capacity's example test
// verbatim, so the figures it shows are the ones `go test` checks.
func TestREADMEReusesCapacityExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("docs", "plan.md"))
	require.NoError(t, err)
	example, err := os.ReadFile("capacity/example_test.go")
	require.NoError(t, err)
	src := string(example)
	start := strings.Index(src, "// Ten billion rows")
	require.GreaterOrEqual(t, start, 0)
	end := strings.Index(src[start:], "\n}\n")
	require.Greater(t, end, 0)
	assert.Contains(t, string(readme), "```go\n"+src[start:start+end+3]+"```")
}
