//go:build unix

package stdfds

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reportEnv names the file a re-run of this test binary writes what AtStart saw into;
// the re-run's standard descriptors are what the case's shell redirections left.
const reportEnv = "STDFDS_TEST_REPORT"

func TestMain(m *testing.M) {
	if path := os.Getenv(reportEnv); path != "" {
		report := fmt.Sprintf("%v %v %v", AtStart(0), AtStart(1), AtStart(2))
		if err := os.WriteFile(path, []byte(report), 0o600); err != nil {
			os.Exit(3) // stdout and stderr may be closed: the exit code says it
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestAtStart starts this test binary through sh with descriptors closed or redirected,
// and checks what AtStart reported in it. /dev/null, read-write or write-only, is open:
// only a closed descriptor is Closed, though Go's runtime has put /dev/null on it too.
func TestAtStart(t *testing.T) {
	tests := []struct {
		name  string
		redir string
		want  string // with cgo; without, every descriptor is unknown
	}{
		{name: "none closed", redir: "", want: "open open open"},
		{name: "stdin closed", redir: "<&-", want: "closed open open"},
		{name: "stdout closed", redir: ">&-", want: "open closed open"},
		{name: "stderr closed", redir: "2>&-", want: "open open closed"},
		{name: "all closed", redir: "<&- >&- 2>&-", want: "closed closed closed"},
		{name: "dev null", redir: "</dev/null >/dev/null 2>/dev/null", want: "open open open"},
		{name: "dev null read-write", redir: "1<>/dev/null 2<>/dev/null", want: "open open open"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "report")
			cmd := exec.Command("sh", "-c", `exec "$0" -test.run='^$' `+tt.redir, os.Args[0])
			cmd.Env = append(os.Environ(), reportEnv+"="+path)
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "re-run: %s", out)
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			want := tt.want
			if !observed {
				want = "unknown unknown unknown"
			}
			assert.Equal(t, want, string(got))
		})
	}
}

// TestAtStartOthers: only 0, 1 and 2 are observed.
func TestAtStartOthers(t *testing.T) {
	for _, fd := range []int{-1, 3, 255} {
		assert.Equal(t, Unknown, AtStart(fd), "fd %d", fd)
	}
}

func TestStateString(t *testing.T) {
	assert.Equal(t, "unknown", Unknown.String())
	assert.Equal(t, "open", Open.String())
	assert.Equal(t, "closed", Closed.String())
	assert.Equal(t, "unknown", State(7).String())
}
