package lint_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/sample"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

var (
	wantComment   = regexp.MustCompile(`#\s*want\s+((?:[A-Z]{2}[0-9]{3}\b\s*)+)`)
	formatComment = regexp.MustCompile(`(?m)^# format: ([a-z-]+)$`)
	codeName      = regexp.MustCompile(`^([A-Z]{2}[0-9]{3})(?:_[a-z0-9]+?)??(_ok)?\.yaml$`)
)

// TestFixtures runs lint over every spec in testdata/lint. A finding must sit on a line
// annotated `# want CODE`, and every annotation must be found. CF001.yaml triggers CF001,
// CF001_ok.yaml must not (a case may add a name: RG002_delimiter.yaml and
// RG002_delimiter_ok.yaml): those files are checked for their own code and the codes they
// annotate; every other fixture (the design guides' worked examples, the full example) is
// checked for all codes.
func TestFixtures(t *testing.T) {
	files, err := filepath.Glob("../testdata/lint/*.yaml")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 2*len(lint.Analyzers))
	covered := map[string]bool{}
	for _, file := range files {
		base := filepath.Base(file)
		t.Run(base, func(t *testing.T) {
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			want := []string{}
			watched := map[string]bool{}
			for i, line := range strings.Split(string(data), "\n") {
				if m := wantComment.FindStringSubmatch(line); m != nil {
					for _, code := range strings.Fields(m[1]) {
						want = append(want, fmt.Sprintf("%d %s", i+1, code))
						watched[code] = true
					}
				}
			}
			m := codeName.FindStringSubmatch(base)
			if m != nil {
				watched[m[1]] = true
				if m[2] == "" {
					assert.Contains(t, want, want0(want, m[1]), "%s must annotate a %s finding", base, m[1])
					covered[m[1]] = true
				} else {
					covered[m[1]+"_ok"] = true
				}
			}
			reports := runFixture(t, file, data)
			got := []string{}
			for _, r := range reports {
				if m == nil || watched[r.Code] {
					got = append(got, fmt.Sprintf("%d %s", r.Pos.Line, r.Code))
				}
			}
			sort.Strings(want)
			sort.Strings(got)
			assert.Equal(t, want, got, "findings: %v", reports)
		})
	}
	for _, a := range lint.Analyzers {
		assert.True(t, covered[a.Code], "no fixture %s.yaml", a.Code)
		assert.True(t, covered[a.Code+"_ok"], "no fixture %s_ok.yaml", a.Code)
	}
}

// want0 returns the first annotation of code, for a readable assertion.
func want0(want []string, code string) string {
	for _, w := range want {
		if strings.HasSuffix(w, " "+code) {
			return w
		}
	}
	return "(none) " + code
}

func runFixture(t *testing.T, file string, data []byte) []finding.Finding {
	t.Helper()
	s, err := tablespec.Parse(file, data)
	require.NoError(t, err)
	var opt plan.Options
	// A fixture about an output format names it on a line of its own: `# format: cbt`.
	if m := formatComment.FindSubmatch(data); m != nil {
		opt.Format = string(m[1])
	}
	if sp := s.Splits; sp != nil && sp.File.Set {
		keys, err := os.ReadFile(filepath.Join(filepath.Dir(file), sp.File.V))
		require.NoError(t, err)
		// A file HBase would refuse is a finding (SF001), as lint reports it.
		opt.SplitsFile, opt.SplitsFileErr = splits.ReadFile(bytes.NewReader(keys))
	}
	if sp := s.Splits; sp != nil && sp.Sample.Set {
		f, err := os.Open(filepath.Join(filepath.Dir(file), sp.Sample.V))
		require.NoError(t, err)
		defer func() { _ = f.Close() }() // read only
		c := sample.NewCollector(sample.Options{Holdout: -1})
		_, err = sample.Read(f, sample.ReadOptions{}, c)
		require.NoError(t, err)
		opt.Sample = c.Sample()
	}
	p, err := plan.Build(s, opt)
	require.NoError(t, err)
	return lint.Run(p)
}

// TestWorkedExamples pins the design guides' examples: the clean one has no finding at all,
// and each of the others exactly its one error.
func TestWorkedExamples(t *testing.T) {
	tests := []struct {
		name string
		file string
		want []string // CODE severity
	}{
		{name: "12 families", file: "guide_12_families.yaml", want: []string{"CF001 error"}},
		{name: "userId + timestamp", file: "guide_user_timestamp.yaml", want: []string{"RK002 error"}},
		{name: "hash prefix", file: "guide_hash_prefix.yaml", want: []string{}},
		{name: "orders splits", file: "guide_orders_splits.yaml", want: []string{"RG001 error", "RG006 error", "RG014 error", "RG015 warning"}},
		{name: "example", file: "example.yaml", want: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join("../testdata/lint", tt.file)
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			got := []string{}
			for _, r := range runFixture(t, file, data) {
				got = append(got, r.Code+" "+r.Severity.String())
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// FuzzRun: any spec the parser accepts is reviewed without a panic, and every finding has
// a known code, a position inside the file and a fix.
func FuzzRun(f *testing.F) {
	files, _ := filepath.Glob("../testdata/lint/*.yaml")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("families: [{name: a}]\nrowkey: {prefix: 'chars:A:2'}\nsplits: {regions: 9}\n"))
	codes := map[string]bool{}
	for _, a := range lint.Analyzers {
		codes[a.Code] = true
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := tablespec.Parse("f.yaml", data)
		if err != nil {
			return
		}
		p, err := plan.Build(s, plan.Options{})
		if err != nil {
			return
		}
		reports := lint.Run(p)
		// YAML breaks lines at \n, \r\n and a lone \r alike.
		lines := strings.Count(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") +
			strings.Count(strings.ReplaceAll(string(data), "\r\n", "\n"), "\r") + 1
		for _, r := range reports {
			if !codes[r.Code] || r.Pos.Line < 1 || r.Pos.Line > lines || r.Fix == "" {
				t.Fatalf("bad report %+v", r)
			}
		}
	})
}
