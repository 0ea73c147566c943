package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing the test that runs it.
type recorder struct {
	testing.TB
	errors, fatals []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(file, []byte("a\nb\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		path   string
		got    string
		errors []string // substrings of the one Errorf message, if any
		fatal  string   // substring of the one Fatalf message, if any
	}{
		{name: "equal", path: file, got: "a\nb\n"},
		{name: "differs", path: file, got: "a\nc\n",
			errors: []string{file + " differs", "-update", "line 2", `-    2  "b\n"`, `+    2  "c\n"`}},
		{name: "final newline missing", path: file, got: "a\nb",
			errors: []string{"line 2", `-    2  "b\n"`, `+    2  "b"` + "\n"}},
		{name: "missing file", path: filepath.Join(dir, "none.txt"), got: "a\n",
			fatal: "go test ./... -update"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{TB: t}
			check(r, tt.path, []byte(tt.got), false)
			if tt.fatal == "" && len(r.fatals) > 0 || tt.fatal != "" && (len(r.fatals) != 1 || !strings.Contains(r.fatals[0], tt.fatal)) {
				t.Errorf("Fatalf calls %q, want one containing %q", r.fatals, tt.fatal)
			}
			if len(tt.errors) == 0 {
				if len(r.errors) > 0 {
					t.Errorf("Errorf calls %q, want none", r.errors)
				}
				return
			}
			if len(r.errors) != 1 {
				t.Fatalf("Errorf calls %q, want one", r.errors)
			}
			for _, s := range tt.errors {
				if !strings.Contains(r.errors[0], s) {
					t.Errorf("message %q does not contain %q", r.errors[0], s)
				}
			}
		})
	}
}

func TestCheckUpdate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "folder", "out.txt")
	r := &recorder{TB: t}
	check(r, path, []byte("x\x00y\n"), true)
	if len(r.errors)+len(r.fatals) > 0 {
		t.Fatalf("update failed: %q %q", r.errors, r.fatals)
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "x\x00y\n" {
		t.Fatalf("rewritten file = %q, %v; want %q", b, err, "x\x00y\n")
	}
	// Once rewritten, the same output compares equal without -update.
	check(r, path, []byte("x\x00y\n"), false)
	if len(r.errors)+len(r.fatals) > 0 {
		t.Fatalf("compare after update failed: %q %q", r.errors, r.fatals)
	}
}

func TestDiff(t *testing.T) {
	tests := []struct {
		name, want, got string
		diff            string
	}{
		{name: "equal", want: "a\n", got: "a\n", diff: ""},
		{name: "changed line with context", want: "1\n2\n3\n4\n5\n", got: "1\n2\n3\n4\nfive\n",
			diff: "first difference at line 5 (want 10 bytes, 5 lines; got 13 bytes, 5 lines)\n" +
				"      2  \"2\\n\"\n      3  \"3\\n\"\n      4  \"4\\n\"\n" +
				" -    5  \"5\\n\"\n +    5  \"five\\n\"\n"},
		{name: "extra line", want: "a\n", got: "a\nb\n",
			diff: "first difference at line 2 (want 2 bytes, 1 lines; got 4 bytes, 2 lines)\n" +
				"      1  \"a\\n\"\n -       (end of file)\n +    2  \"b\\n\"\n"},
		{name: "empty golden", want: "", got: "a\n",
			diff: "first difference at line 1 (want 0 bytes, 0 lines; got 2 bytes, 1 lines)\n" +
				" -       (end of file)\n +    1  \"a\\n\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Diff([]byte(tt.want), []byte(tt.got)); got != tt.diff {
				t.Errorf("Diff() =\n%s\nwant\n%s", got, tt.diff)
			}
		})
	}
}
