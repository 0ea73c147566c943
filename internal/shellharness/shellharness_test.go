package shellharness

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbase"
)

const (
	withExit = "create_namespace 'ns'\ncreate 'ns:t1',\n  {NAME => 'cf'},\n  SPLITS => ['1', '2']\nexit\n"
	noExit   = "create_namespace 'ns'\ncreate 'ns:t1',\n  {NAME => 'cf'},\n  SPLITS => ['1', '2']\n"
)

// TestEntries pins what each entry script does with a script's `exit` and with its end,
// the behaviours the shells were seen to have: piped on stdin, 1.4, 2.2 and
// 2.4 run every statement, then print "ERROR SystemExit: exit" and exit 1, 2.5 exits 0;
// after `hbase shell -n FILE` without exit every release reads stdin.
func TestEntries(t *testing.T) {
	tcs := []struct {
		name      string
		entry     Entry
		way       hbase.ShellWay
		script    string
		status    int
		readStdin bool
		out       string // a line of what the shell printed
	}{
		{"1.x-2.3 file exit", Hirb, hbase.ShellFile, withExit, 0, false, ""},
		{"1.x-2.3 file", Hirb, hbase.ShellFile, noExit, 0, true, ""},
		{"1.x-2.3 stdin exit", Hirb, hbase.ShellStdin, withExit, 1, false, "ERROR SystemExit: exit"},
		{"1.x-2.3 stdin", Hirb, hbase.ShellStdin, noExit, 0, false, ""},
		{"1.x-2.3 paste exit", Hirb, hbase.ShellPaste, withExit, 0, false, ""},
		{"1.x-2.3 paste", Hirb, hbase.ShellPaste, noExit, 0, false, ""},
		{"2.4.0-2.4.9 file exit", EvalIO, hbase.ShellFile, withExit, 1, false, "ERROR NoMethodError:"},
		{"2.4.0-2.4.9 file", EvalIO, hbase.ShellFile, noExit, 0, true, ""},
		{"2.4.0-2.4.9 stdin exit", EvalIO, hbase.ShellStdin, withExit, 1, false, "ERROR NoMethodError:"},
		{"2.4.0-2.4.9 stdin", EvalIO, hbase.ShellStdin, noExit, 0, false, ""},
		{"2.4.10- file exit", Bootstrap24, hbase.ShellFile, withExit, 0, false, ""},
		{"2.4.10- file", Bootstrap24, hbase.ShellFile, noExit, 0, true, ""},
		{"2.4.10- stdin exit", Bootstrap24, hbase.ShellStdin, withExit, 1, false, "ERROR SystemExit: exit"},
		{"2.4.10- stdin", Bootstrap24, hbase.ShellStdin, noExit, 0, false, ""},
		{"2.4.10- paste exit", Bootstrap24, hbase.ShellPaste, withExit, 0, false, ""},
		{"2.5- file exit", Bootstrap, hbase.ShellFile, withExit, 0, false, ""},
		{"2.5- file", Bootstrap, hbase.ShellFile, noExit, 0, true, ""},
		{"2.5- stdin exit", Bootstrap, hbase.ShellStdin, withExit, 0, false, ""},
		{"2.5- stdin", Bootstrap, hbase.ShellStdin, noExit, 0, false, ""},
		{"2.5- paste exit", Bootstrap, hbase.ShellPaste, withExit, 0, false, ""},
	}
	cases := make([]Case, len(tcs))
	for i, tc := range tcs {
		cases[i] = Case{Entry: tc.entry, Way: tc.way, Script: tc.script}
	}
	results := Run(t, cases)
	for i, tc := range tcs {
		t.Run(tc.name, func(t *testing.T) {
			r := results[i]
			assert.Equal(t, tc.status, r.Status, r.Out)
			assert.Equal(t, []string{"create_namespace", "create"}, r.Ran, "every statement runs")
			assert.Equal(t, tc.readStdin, r.ReadStdin, "stdin read after the FILE")
			if tc.out != "" {
				assert.Contains(t, r.Out, tc.out)
			}
		})
	}
}

// TestBatchIsTheProcess checks that a case run in the batch process gets the exit code its
// own JRuby process ends with, for each way an exit code comes about: an `exit 1` in a
// rescue of the SystemExit (bin/hirb.rb), the same in Shell.exception_handler
// (jar-bootstrap.rb 2.4.10 on), and a top-level `exit 0` after IRB's throw (2.5 on). A
// JRuby process takes seconds to start: three, not every case.
func TestBatchIsTheProcess(t *testing.T) {
	cases := []Case{
		{Hirb, hbase.ShellStdin, withExit},
		{Bootstrap24, hbase.ShellStdin, withExit},
		{Bootstrap, hbase.ShellStdin, withExit},
	}
	batch := Run(t, cases)
	for i, c := range cases {
		status, out := RunProcess(t, c)
		require.Equal(t, batch[i].Status, status, "%s %s: %s", c.Entry, c.Way, out)
	}
}

// TestEntriesOfVersions pins which entry scripts a target runs.
func TestEntriesOfVersions(t *testing.T) {
	for v, want := range map[string][]Entry{
		"1.2": {Hirb}, "1.4.13": {Hirb}, "2.2.7": {Hirb}, "2.3": {Hirb},
		"2.4": {EvalIO, Bootstrap24}, "2.4.9": {EvalIO}, "2.4.10": {Bootstrap24}, "2.4.17": {Bootstrap24}, "2.4.18": {Bootstrap24},
		"2.5": {Bootstrap}, "2.5.10": {Bootstrap}, "2.5.16": {Bootstrap}, "2.6.7": {Bootstrap}, "3.0.0": {Bootstrap},
	} {
		pv, err := hbase.ParseVersion(v)
		require.NoError(t, err)
		assert.Equal(t, want, Entries(pv), v)
	}
}
