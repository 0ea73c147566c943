package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHelpAndVersionWriteError: help and the version are output like any other; when stdout
// cannot take them (/dev/full) the run fails with exit 1 and says so, as every command does.
func TestHelpAndVersionWriteError(t *testing.T) {
	for _, args := range [][]string{
		{"--help"}, {"-h"}, {"--version"}, {"-v"}, {}, {"help"}, {"plan", "--help"}, {"help", "splits"},
	} {
		t.Run(strings.Join(append([]string{"presplit"}, args...), " "), func(t *testing.T) {
			full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
			require.NoError(t, err)
			defer func() { _ = full.Close() }() // /dev/full fails every write by design
			var stderr bytes.Buffer
			code := Run(append([]string{"presplit"}, args...), strings.NewReader(""), full, &stderr)
			assert.Equal(t, exitFailure, code)
			assert.Equal(t, "presplit: writing stdout: no space left on device\n", stderr.String())
		})
	}
}

// TestHelpWriteOK: the wrapper changes nothing when stdout takes the output.
func TestHelpWriteOK(t *testing.T) {
	out, errOut, code := runCLI(t, "", "--version")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "presplit version "+version+"\n", out)
	assert.Empty(t, errOut)
}
