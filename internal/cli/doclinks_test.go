package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestManualLinks checks every relative link of README.md and docs/*.md: the file or
// folder it names exists, and its #anchor is a heading of the page it points to.
func TestManualLinks(t *testing.T) {
	links := 0
	for _, page := range manualPages(t) {
		text := manualText(t, page)
		links += len(relativeLinks(text))
		for _, problem := range brokenLinks(page, text, os.ReadFile) {
			t.Errorf("%s", problem)
		}
	}
	assert.Greater(t, links, 20, "relative links in the manual")
}

func TestBrokenLinks(t *testing.T) {
	files := map[string]string{
		"docs/a.md": "# Page A\n\n## presplit plan -f\n\n## Two\n\n## Two\n",
		"README.md": "# Top\n\n## Exit codes and errors\n",
	}
	read := func(path string) ([]byte, error) {
		if s, ok := files[filepath.ToSlash(path)]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	tests := []struct {
		name string
		text string
		want []string
	}{
		{name: "good links", text: "[a](a.md) [b](a.md#presplit-plan--f) [c](../README.md#exit-codes-and-errors) " +
			"[d](#here) [e](a.md#two-1) [f](https://example.com/x#y)\n\n## Here\n"},
		{name: "missing file", text: "see [x](b.md)\n",
			want: []string{"docs/x.md:1: link b.md: docs/b.md does not exist"}},
		{name: "missing anchor", text: "\n[x](a.md#three)\n",
			want: []string{"docs/x.md:2: link a.md#three: docs/a.md has no heading #three"}},
		{name: "missing anchor on the same page", text: "[x](#nowhere)\n",
			want: []string{"docs/x.md:1: link #nowhere: docs/x.md has no heading #nowhere"}},
		{name: "code is not a link", text: "`[x](b.md)`\n\n```\n[y](c.md)\n```\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, brokenLinks("docs/x.md", tt.text, read))
		})
	}
}

func TestHeadingSlug(t *testing.T) {
	tests := []struct{ heading, slug string }{
		{"presplit plan -f", "presplit-plan--f"},
		{"Samples of any size: --memory and sketches", "samples-of-any-size---memory-and-sketches"},
		{"presplit verify, simulate and keys", "presplit-verify-simulate-and-keys"},
		{"lines and splits-file", "lines-and-splits-file"},
		{"The `capacity` package", "the-capacity-package"},
		{"Retention, TTL and horizon", "retention-ttl-and-horizon"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.slug, headingSlug(tt.heading), tt.heading)
	}
}

var (
	linkTarget = regexp.MustCompile(`\]\(([^()\s]+)\)`)
	codeSpan   = regexp.MustCompile("`[^`\n]*`")
)

type link struct {
	line   int
	target string
}

// relativeLinks are the links of a Markdown text outside code, but for URLs.
func relativeLinks(text string) []link {
	var out []link
	for i, line := range proseLines(text) {
		for _, m := range linkTarget.FindAllStringSubmatch(codeSpan.ReplaceAllString(line, ""), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			out = append(out, link{line: i + 1, target: target})
		}
	}
	return out
}

// proseLines are the lines of a Markdown text with the lines of fenced code blocks
// blanked, so that line numbers stay those of the file.
func proseLines(text string) []string {
	lines := strings.Split(text, "\n")
	fenced := false
	for i, line := range lines {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			lines[i] = ""
			continue
		}
		if fenced {
			lines[i] = ""
		}
	}
	return lines
}

// brokenLinks describes each relative link of page (its text given) that names a missing
// file or a missing heading.
func brokenLinks(page, text string, read func(string) ([]byte, error)) []string {
	var problems []string
	for _, l := range relativeLinks(text) {
		path, anchor, _ := strings.Cut(l.target, "#")
		target := page
		body := text
		if path != "" {
			target = filepath.Join(filepath.Dir(page), filepath.FromSlash(path))
			if info, err := os.Stat(target); err == nil && info.IsDir() {
				if anchor != "" {
					problems = append(problems, fmt.Sprintf("%s:%d: link %s: %s is a folder", page, l.line, l.target, target))
				}
				continue
			}
			data, err := read(target)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s:%d: link %s: %s does not exist", page, l.line, l.target, filepath.ToSlash(target)))
				continue
			}
			body = string(data)
		}
		if anchor == "" {
			continue
		}
		if !strings.HasSuffix(target, ".md") {
			problems = append(problems, fmt.Sprintf("%s:%d: link %s: an anchor into a file that is not Markdown", page, l.line, l.target))
			continue
		}
		if !headingSlugs(body)[anchor] {
			problems = append(problems, fmt.Sprintf("%s:%d: link %s: %s has no heading #%s", page, l.line, l.target, filepath.ToSlash(target), anchor))
		}
	}
	return problems
}

// headingSlugs are the anchors GitHub makes for the headings of a Markdown text: a
// repeated heading gets -1, -2, ... after its slug.
func headingSlugs(text string) map[string]bool {
	slugs := map[string]bool{}
	count := map[string]int{}
	for _, line := range proseLines(text) {
		trimmed := strings.TrimLeft(line, "#")
		if trimmed == line || !strings.HasPrefix(trimmed, " ") || len(line)-len(trimmed) > 6 {
			continue
		}
		slug := headingSlug(strings.TrimSpace(trimmed))
		if n := count[slug]; n > 0 {
			slugs[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			slugs[slug] = true
		}
		count[slug]++
	}
	return slugs
}

// headingSlug is GitHub's anchor of a heading: lower case, letters, digits, `_` and `-`
// kept, each space a `-`, everything else dropped.
func headingSlug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

func TestManualPagesRead(t *testing.T) {
	pages := manualPages(t)
	require.Equal(t, "README.md", pages[0])
	for _, p := range pages[1:] {
		assert.True(t, strings.HasPrefix(filepath.ToSlash(p), "docs/"), p)
	}
}
