package cli

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestWriteRenderedTwice: output that does not stream and is larger than maxHeldOutput is
// rendered into nothing first, so that a late error still leaves stdout empty, and then
// written as it renders: the bytes of one render, without a buffer of them.
func TestWriteRenderedTwice(t *testing.T) {
	late := errors.New("key 9 cannot be written")
	calls := 0
	failing := func(w io.Writer) error {
		calls++
		for range 8 {
			if _, err := w.Write(bytes.Repeat([]byte("k"), 1000)); err != nil {
				return err
			}
		}
		return late
	}
	var stdout bytes.Buffer
	err := writeRendered("-o", "-", &stdout, false, maxHeldOutput+1, failing)
	assert.ErrorIs(t, err, late)
	assert.Empty(t, stdout.String(), "a late error wrote to stdout")
	assert.Equal(t, 1, calls, "the failing render ran again")

	var writers []io.Writer
	ok := func(w io.Writer) error {
		writers = append(writers, w)
		_, err := io.WriteString(w, "4\n8\nc\n")
		return err
	}
	stdout.Reset()
	assert.NoError(t, writeRendered("-o", "-", &stdout, false, maxHeldOutput+1, ok))
	assert.Equal(t, "4\n8\nc\n", stdout.String())
	assert.Equal(t, []io.Writer{io.Discard, &stdout}, writers, "checked into nothing, then written to stdout")
	// Small output is held in a buffer and rendered once.
	writers, stdout = nil, bytes.Buffer{}
	assert.NoError(t, writeRendered("-o", "-", &stdout, false, 4096, ok))
	assert.Equal(t, "4\n8\nc\n", stdout.String())
	assert.Len(t, writers, 1)
}
