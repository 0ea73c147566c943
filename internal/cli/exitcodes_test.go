package cli

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExitCodesTable walks the README's table of exit codes: every example runs and exits
// with its row's code. A 2 writes nothing on stdout and exactly one line on stderr.
func TestExitCodesTable(t *testing.T) {
	data, err := os.ReadFile("README.md")
	require.NoError(t, err)
	text := string(data)
	start := strings.Index(text, "## Exit codes and errors")
	require.GreaterOrEqual(t, start, 0)
	section := text[start:]
	section = section[:strings.Index(section[3:], "\n## ")+3]
	row := regexp.MustCompile("(?m)^\\| ([012]) \\| .* \\| `presplit ([^`]+)` \\|$")
	rows := row.FindAllStringSubmatch(section, -1)
	require.GreaterOrEqual(t, len(rows), 10, "the table's rows")
	seen := map[int]bool{}
	for _, r := range rows {
		want, _ := strconv.Atoi(r[1])
		seen[want] = true
		t.Run(r[2], func(t *testing.T) {
			args, err := shellWords(r[2])
			require.NoError(t, err)
			out, errOut, code := runCLI(t, "", args...)
			assert.Equal(t, want, code, "stderr: %s", errOut)
			if want == exitUsage {
				assert.Empty(t, out, "nothing on stdout")
				assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line on stderr: %q", errOut)
				assert.True(t, strings.HasPrefix(errOut, "presplit: "), errOut)
			}
			if want == exitFailure {
				assert.NotEmpty(t, errOut, "a failed gate says why")
			}
		})
	}
	assert.Equal(t, map[int]bool{0: true, 1: true, 2: true}, seen, "every code has an example")
}
