// Package shellharness runs a script of hbase shell statements through JRuby the way each
// release's entry script runs it (harness.rb: bin/hirb.rb, jar-bootstrap.rb), and reports
// the exit code, the statements that ran and whether stdin was read after a FILE. It is
// the oracle for how presplit's scripts end (hbase.ScriptEnd); only tests import it.
package shellharness

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/presplit/presplit/hbase"
)

//go:embed harness.rb
var harness []byte

// Entry is one way an hbase shell entry script runs a script (harness.rb's names).
type Entry string

const (
	Hirb        Entry = "hirb"        // bin/hirb.rb, 1.2-2.3
	EvalIO      Entry = "eval_io"     // jar-bootstrap.rb, 2.4.0-2.4.9
	Bootstrap24 Entry = "bootstrap24" // jar-bootstrap.rb, 2.4.10 on (2.4.17, 2.4.18)
	Bootstrap   Entry = "bootstrap"   // jar-bootstrap.rb, 2.5 on, 2.6, 3.0
)

// Entries are the entry scripts the releases v stands for run, as read in HBase's source:
// bin/hirb.rb up to 2.3.7; 2.4.0-2.4.9 Shell#eval_io (rel/2.4.7); HBASE-26469 from 2.4.10
// on branch-2.4 and in 2.5.0 (the first releases after it on branch-2.4 and branch-2.5).
// A line (2.4) stands for every release of it.
func Entries(v hbase.Version) []Entry {
	v = v.OrDefault()
	switch {
	case v.Major < 2 || v.Major == 2 && v.Minor < 4:
		return []Entry{Hirb}
	case v.Major == 2 && v.Minor == 4 && !v.HasPatch:
		return []Entry{EvalIO, Bootstrap24}
	case v.Major == 2 && v.Minor == 4 && v.Patch < 10:
		return []Entry{EvalIO}
	case v.Major == 2 && v.Minor == 4:
		return []Entry{Bootstrap24}
	}
	return []Entry{Bootstrap}
}

// Case is one run: a script, by one entry script, one way.
type Case struct {
	Entry  Entry
	Way    hbase.ShellWay
	Script string // the script's text
}

// Result is what the run gave.
type Result struct {
	Status    int      `json:"status"`     // the exit code
	Ran       []string `json:"ran"`        // the statements' verbs, in order
	ReadStdin bool     `json:"read_stdin"` // a FILE run went on to read stdin (a terminal waits)
	Out       string   `json:"out"`        // what the shell printed
}

func way(w hbase.ShellWay) string {
	switch w {
	case hbase.ShellFile:
		return "file"
	case hbase.ShellStdin:
		return "stdin"
	}
	return "paste"
}

// JRuby is the jruby to run: without one the test skips, except under CI, where it fails.
func JRuby(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("jruby")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("jruby is not installed but CI is set: the scripts' endings must be run through JRuby")
		}
		t.Skip("jruby is not installed: skipping the run of the scripts' endings (CI runs it)")
	}
	return p
}

// Run runs the cases in one JRuby process (harness.rb --batch): each case's exit code is
// the one its process would end with.
func Run(t testing.TB, cases []Case) []Result {
	t.Helper()
	jruby := JRuby(t)
	dir := t.TempDir()
	h := writeHarness(t, dir)
	var manifest strings.Builder
	for i, c := range cases {
		p := filepath.Join(dir, fmt.Sprintf("script%d.hbase", i))
		if err := os.WriteFile(p, []byte(c.Script), 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&manifest, "%s\t%s\t%s\n", c.Entry, way(c.Way), p)
	}
	m := filepath.Join(dir, "manifest.tsv")
	if err := os.WriteFile(m, []byte(manifest.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(jruby, h, "--batch", m)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("jruby harness.rb --batch: %v\n%s", err, stderr.String())
	}
	var out []Result
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r Result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("harness output %q: %v", sc.Text(), err)
		}
		out = append(out, r)
	}
	if len(out) != len(cases) {
		t.Fatalf("harness gave %d results for %d cases\n%s", len(out), len(cases), stderr.String())
	}
	return out
}

// RunProcess runs one case as its own JRuby process, stdin at its end for a FILE run,
// and returns the process's exit code and output.
func RunProcess(t testing.TB, c Case) (int, string) {
	t.Helper()
	jruby := JRuby(t)
	dir := t.TempDir()
	h := writeHarness(t, dir)
	p := filepath.Join(dir, "script.hbase")
	if err := os.WriteFile(p, []byte(c.Script), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	cmd := exec.Command(jruby, h, string(c.Entry), way(c.Way), p)
	cmd.Stdout, cmd.Stderr = &stdout, &stdout
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stdout.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stdout.String()
	}
	t.Fatalf("jruby: %v", err)
	return -1, ""
}

func writeHarness(t testing.TB, dir string) string {
	t.Helper()
	h := filepath.Join(dir, "harness.rb")
	if err := os.WriteFile(h, harness, 0o644); err != nil {
		t.Fatal(err)
	}
	return h
}
