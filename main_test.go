package main

import (
	"bytes"
	"flag"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// runCLI runs presplit in-process with args (without the program name) and returns its
// stdout, stderr and exit code.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"presplit"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestVersion(t *testing.T) {
	out, errOut, code := runCLI(t, "", "--version")
	assert.Equal(t, 0, code)
	assert.Equal(t, "presplit version "+version+"\n", out)
	assert.Empty(t, errOut)
}

// update rewrites golden files: go test ./... -update
var update = flag.Bool("update", false, "rewrite golden files under testdata/")
