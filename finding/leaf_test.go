package finding

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLeaf: finding imports no other presplit package, so every renderer, lint and plan
// can import it without pulling the spec reader, the YAML library or each other. The
// graph is the go command's own (go list -deps), not a reading of this package's imports.
func TestLeaf(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{.Standard}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	self := ""
	var deps, others []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, std, _ := strings.Cut(line, " ")
		deps = append(deps, path)
		switch {
		case strings.HasSuffix(path, "/presplit/finding"):
			self = path
		case std != "true":
			others = append(others, path)
		}
	}
	if self == "" {
		t.Fatalf("go list -deps does not name finding itself: %v", deps)
	}
	if len(others) > 0 {
		t.Errorf("finding imports packages beyond the standard library: %v", others)
	}
}
