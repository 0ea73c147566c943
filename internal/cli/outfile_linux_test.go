package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// -o into a folder the user cannot write is bad usage (exit 2), as a missing folder is,
// and names the user's path, not the temp file's. /sys refuses a new file even to root.
func TestOutputFolderNotWritable(t *testing.T) {
	out, errOut, code := runCLI(t, "", "splits", "--regions", "4", "-o", "/sys/x.txt")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Equal(t, "presplit: writing /sys/x.txt: folder \"/sys\" is not writable: permission denied\n", errOut)
}
