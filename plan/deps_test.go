package plan

import (
	"os/exec"
	"strings"
	"testing"
)

// TestReadersNotImported: the plan is what lint reviews and the renderers render, so it
// imports neither: data flows design -> plan -> lint and render, never back. The graph is
// the go command's own (go list -deps), not a reading of this package's imports, so a
// reader pulled in through another package fails too.
func TestReadersNotImported(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	self := false
	for _, path := range deps {
		switch {
		case strings.HasSuffix(path, "/presplit/plan"):
			self = true
		case strings.HasSuffix(path, "/presplit/lint"), strings.HasSuffix(path, "/presplit/render"):
			t.Errorf("plan depends on %s, one of its readers", path)
		}
	}
	if !self {
		t.Fatalf("go list -deps does not name plan itself: %v", deps)
	}
}
