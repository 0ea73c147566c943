package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSpecAliasBomb: the 130 KB spec (an anchored list of 5,000 qualifiers aliased
// by 3,000 families) is refused by every command that reads a spec with one line, exit 2.
func TestSpecAliasBomb(t *testing.T) {
	var b strings.Builder
	q := make([]string, 5000)
	for i := range q {
		q[i] = fmt.Sprintf("q%d", i)
	}
	fmt.Fprintf(&b, "table: t1\nfamilies:\n  - {name: f0, qualifiers: &q [%s]}\n", strings.Join(q, ", "))
	for i := 1; i < 3000; i++ {
		fmt.Fprintf(&b, "  - {name: f%d, qualifiers: *q}\n", i)
	}
	path := filepath.Join(t.TempDir(), "bomb.yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "presplit: " + path + ":5:28: YAML aliases repeat more than 10000 nodes: write the repeated values out, or repeat less\n"
	for _, args := range [][]string{{"lint", path}, {"plan", "-f", path}, {"splits", "-f", path}} {
		t.Run(args[0], func(t *testing.T) {
			out, errOut, code := runCLI(t, "", args...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, want, errOut)
		})
	}
}
