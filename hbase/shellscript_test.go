package hbase

import (
	"strings"
	"testing"
)

// TestScriptEndFor: exit ends a script from 2.5, whatever the line's patch; before, a
// script ends without it, runs on stdin or pasted, and its header names the target.
func TestScriptEndFor(t *testing.T) {
	for _, tc := range []struct {
		v    string
		exit bool
	}{
		{"1.2", false}, {"1.4.13", false}, {"2.2.7", false}, {"2.3", false},
		{"2.4", false}, {"2.4.9", false}, {"2.4.17", false}, {"2.4.18", false},
		{"2.5", true}, {"2.5.0", true}, {"2.5.16", true}, {"2.6", true}, {"3.0.0", true},
	} {
		v, err := ParseVersion(tc.v)
		if err != nil {
			t.Fatal(err)
		}
		e := ScriptEndFor(v)
		if e.Exit != tc.exit {
			t.Errorf("%s: Exit = %v, want %v", tc.v, e.Exit, tc.exit)
		}
		wantWays := 2
		if tc.exit {
			wantWays = 3
		}
		if len(e.Ways) != wantWays || e.Ways[len(e.Ways)-1] != ShellPaste {
			t.Errorf("%s: ways %v", tc.v, e.Ways)
		}
		if got := e.Ending(); (got == "exit\n") != tc.exit || (got == "") == tc.exit {
			t.Errorf("%s: Ending %q", tc.v, got)
		}
		if run := e.RunWith(); (run == "hbase shell -n FILE") != tc.exit || (run == "hbase shell -n < FILE") == tc.exit {
			t.Errorf("%s: RunWith %q", tc.v, run)
		}
		c := e.Comment()
		if !strings.HasPrefix(c, "# Run with hbase shell -n") || strings.Count(c, "\n") != 2 {
			t.Errorf("%s: comment %q", tc.v, c)
		}
		if !tc.exit && !strings.Contains(c, "HBase "+tc.v+" exits 1 on an exit") {
			t.Errorf("%s: comment %q does not name the target", tc.v, c)
		}
	}
	if ScriptEndFor(Version{}).Target != DefaultVersion {
		t.Error("the zero target is the default")
	}
}
