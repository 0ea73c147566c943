package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// runMu makes the in-process runs of parallel tests take turns: urfave/cli's Run writes
// its global HelpFlag (BoolFlag.Apply), a data race when two Runs overlap (go test -race
// reports it). Parallel tests overlap their waits on ruby, soffice or chromium, not
// their runs of presplit.
var runMu sync.Mutex

// runCLI runs presplit in-process with args (without the program name) and returns its
// stdout, stderr and exit code.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	runMu.Lock()
	defer runMu.Unlock()
	code = Run(append([]string{"presplit"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestVersion(t *testing.T) {
	out, errOut, code := runCLI(t, "", "--version")
	assert.Equal(t, 0, code)
	assert.Equal(t, "presplit version "+version+"\n", out)
	assert.Empty(t, errOut)
}

func TestUnknownCommand(t *testing.T) {
	out, errOut, code := runCLI(t, "", "plna")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "presplit: unknown command \"plna\"; see 'presplit help'\n", errOut)
}

func TestHelp(t *testing.T) {
	out, errOut, code := runCLI(t, "", "help")
	assert.Equal(t, 0, code)
	assert.Empty(t, errOut)
	for _, cmd := range []string{"plan", "splits", "lint", "verify", "simulate", "keys"} {
		assert.Contains(t, out, "\n   "+cmd+" ")
	}
	assert.Contains(t, out, "presplit plan --rows 1e10 --kv 300B")

	out, _, code = runCLI(t, "", "plan", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "presplit plan --daily 500GB --retention 30d --compression-ratio 0.35")
	assert.Contains(t, out, "--region-size SIZE")
}

// TestMain runs the tests from the repository's top folder, where README.md and testdata/
// are, so that paths in examples and goldens read as a user types them.
func TestMain(m *testing.M) {
	if err := os.Chdir(filepath.Join("..", "..")); err != nil {
		panic(err)
	}
	code := m.Run()
	for _, f := range afterTests {
		f()
	}
	os.Exit(code)
}

// afterTests run once every test has: the removal of what tests share (a built binary).
var afterTests []func()
