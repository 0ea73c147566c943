package splits

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
)

func TestReadFile(t *testing.T) {
	tests := []struct {
		name     string
		file     string
		want     []string // toStringBinary of the sorted keys
		lines    []int    // the line of each
		warnings []string
		errLine  int64
		err      string
	}{
		{name: "0-byte file", file: "", want: []string{}},
		{name: "newline endings", file: "10\n20\n30\n", want: []string{"10", "20", "30"}},
		{name: "no final newline", file: "10\n20", want: []string{"10", "20"}},
		{name: "CRLF", file: "10\r\n20\r\n", want: []string{"10", "20"}},
		{name: "chomp strips one CR only", file: "10\r\r\n20\n", want: []string{`10\x0D`, "20"}},
		{name: "last line ends in CR", file: "10\n20\r", want: []string{"10", "20"}},
		{name: "CR alone does not end a line", file: "10\r20\n", want: []string{`10\x0D20`}},
		{name: "spaces are kept", file: " 10\n20 \n", want: []string{" 10", "20 "}},
		{name: "sorted unsigned", file: "\\xFF\n\\x7F\nb\na\n", want: []string{"a", "b", `\x7F`, `\xFF`}, lines: []int{4, 3, 2, 1},
			warnings: []string{`line 2: "\x7F" sorts before "\xFF" on line 1: HBase sorts the keys (unsigned bytes), so the regions follow the sorted order, not the file's`}},
		{name: "escapes", file: "\\x00\\x01\n\\x5C\n", want: []string{`\x00\x01`, `\x5C`}},
		{name: "lone backslash", file: "a\\b\n", want: []string{`a\x5Cb`}},
		{name: "lowercase escape warns", file: "10\n\\xab\n", want: []string{"10", "xab"},
			warnings: []string{`line 2: "\xab" at column 1 is not an escape to HBase (uppercase hex only): the key holds the text "xab"`}},
		{name: "non-ASCII warns", file: "caf\xC3\xA9\n", want: []string{`caf\xE9`},
			warnings: []string{`line 1: non-ASCII text at column 4: HBase keeps the low 8 bits of each UTF-16 unit ("é" becomes \xE9), not its UTF-8 bytes`}},
		{name: "longest key", file: strings.Repeat(`\xFF`, hbase.MaxRowLength) + "\r\n", want: []string{strings.Repeat(`\xFF`, hbase.MaxRowLength)}},
		{name: "key too long", file: "a\n" + strings.Repeat("k", hbase.MaxRowLength+1) + "\n", errLine: 2,
			err: "key is 32768 bytes long: HBase row keys are at most 32767 bytes"},
		{name: "line too long", file: "a\n" + strings.Repeat("k", MaxFileLine+1), errLine: 2,
			err: "key is more than 32767 bytes long: HBase row keys are at most 32767 bytes"},
		{name: "truncated escape before an earlier blank line", file: "\n\\x", errLine: 2, err: "truncated escape"},
		{name: "blank line before a duplicate", file: "a\na\n\n", errLine: 3, err: "empty split key"},
		{name: "blank line", file: "10\n\n20\n", errLine: 2, err: "empty split key"},
		{name: "blank last line", file: "10\n20\n\n", errLine: 3, err: "empty split key"},
		{name: "CRLF blank line", file: "10\r\n\r\n", errLine: 2, err: "empty split key"},
		{name: "truncated escape", file: "10\n20\\x4\n", errLine: 2,
			err: `truncated escape "\x4" at column 3: \x needs two uppercase hex digits (HBase's toBytesBinary throws on it)`},
		{name: "duplicate", file: "20\n10\n30\n10\n", errLine: 4,
			err: "All split keys must be unique, found duplicate: 10, 10 (same key as line 2)"},
		{name: "duplicate through escapes", file: "A\n\\x41\n", errLine: 2,
			err: "All split keys must be unique, found duplicate: A, A (same key as line 1)"},
		{name: "the smallest duplicate in sorted order", file: "b\na\nb\na\n", errLine: 4,
			err: "All split keys must be unique, found duplicate: a, a (same key as line 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := ReadFile(strings.NewReader(tt.file))
			if tt.err != "" {
				var le *hbytes.LineError
				require.ErrorAs(t, err, &le)
				assert.Equal(t, tt.errLine, le.Line)
				assert.Contains(t, le.Err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			got := []string{}
			for _, k := range f.Keys {
				got = append(got, hbytes.ToStringBinary(k))
			}
			assert.Equal(t, tt.want, got)
			if tt.lines != nil {
				assert.Equal(t, tt.lines, f.Lines)
			}
			var ws []string
			for _, w := range f.Warnings {
				ws = append(ws, w.String())
			}
			assert.Equal(t, tt.warnings, ws)
		})
	}
}

func TestReadFileBlankLineIsErrEmptySplitKey(t *testing.T) {
	_, err := ReadFile(strings.NewReader("\n"))
	assert.True(t, errors.Is(err, ErrEmptySplitKey))
}

// Before HBASE-18125 the shell stripped each SPLITS_FILE line (Ruby's String#strip), after
// it chomps: a key's raw leading or trailing whitespace is read as that release reads it,
// and refused for a target whose patch releases differ; \x20 reads the same everywhere.
func TestReadFileAs(t *testing.T) {
	for _, tc := range []struct {
		name, target, file string
		keys               []string
		err                error
	}{
		{name: "1.2.6 strips", target: "1.2.6", file: " a \t\nb\x00\r\n", keys: []string{"a", "b"}},
		{name: "1.3.1 strips to a duplicate", target: "1.3.1", file: "a\na \n", err: &DuplicateKeyError{}},
		{name: "1.2.6 strips to an empty key", target: "1.2.6", file: "a\n  \n", err: ErrEmptySplitKey},
		{name: "1.2.7 chomps", target: "1.2.7", file: "a\na \n", keys: []string{"a", "a "}},
		{name: "2.6 chomps", target: "2.6", file: " a\r\n", keys: []string{" a"}},
		{name: "1.2 refuses what its releases read apart", target: "1.2", file: "a\nb \n", err: ErrStripped},
		{name: "1.3 reads the same when nothing is stripped", target: "1.3", file: "a\n\\x20b\\x20\n", keys: []string{" b ", "a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := hbase.ParseVersion(tc.target)
			require.NoError(t, err)
			f, err := ReadFileAs(strings.NewReader(tc.file), LineReadFor(v))
			if tc.err != nil {
				var dup *DuplicateKeyError
				if errors.As(tc.err, &dup) {
					assert.ErrorAs(t, err, &dup)
				} else {
					assert.ErrorIs(t, err, tc.err)
				}
				return
			}
			require.NoError(t, err)
			var got []string
			for _, k := range f.Keys {
				got = append(got, string(k))
			}
			assert.Equal(t, tc.keys, got)
		})
	}
}

// FuzzReadFile checks the reader against a plain reading of admin.rb's rules.
func FuzzReadFile(f *testing.F) {
	for _, s := range []string{"", "\n", "10\n20\n", "a\r\nb", "b\na\n", "\\x4", "x\r", "\\xab\n\\xAB", "a\na"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, file []byte) {
		got, err := ReadFile(bytes.NewReader(file))
		// The reference: split after each \n, chomp, toBytesBinary, sort, reject repeats.
		var lines []string
		rest := string(file)
		for rest != "" {
			i := strings.IndexByte(rest, '\n')
			if i < 0 {
				lines, rest = append(lines, rest), ""
				continue
			}
			lines, rest = append(lines, rest[:i+1]), rest[i+1:]
		}
		wantErr := false
		seen := map[string]bool{}
		for _, l := range lines {
			l = strings.TrimSuffix(l, "\n")
			l = strings.TrimSuffix(l, "\r")
			k, kerr := hbytes.ToBytesBinary(l)
			if l == "" || kerr != nil || seen[string(k)] || len(k) > hbase.MaxRowLength {
				wantErr = true
				break
			}
			seen[string(k)] = true
		}
		if wantErr != (err != nil) {
			t.Fatalf("ReadSplits(%q): err = %v, reference expects error: %v", file, err, wantErr)
		}
		if err != nil {
			var le *hbytes.LineError
			if !errors.As(err, &le) || le.Line < 1 || le.Line > int64(len(lines)) {
				t.Fatalf("error %v has no line within 1..%d", err, len(lines))
			}
			return
		}
		if len(got.Keys) != len(lines) || len(got.Lines) != len(lines) {
			t.Fatalf("%d keys, %d line numbers from %d lines", len(got.Keys), len(got.Lines), len(lines))
		}
		for i := 1; i < len(got.Keys); i++ {
			if bytes.Compare(got.Keys[i-1], got.Keys[i]) >= 0 {
				t.Fatalf("keys not sorted and unique at %d", i)
			}
		}
	})
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// zeros is an endless stream of NUL bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestReadFileBounded: a file of one endless line (/dev/zero) is refused on its first line
// after reading about MaxFileLine bytes, never the whole of it.
func TestReadFileBounded(t *testing.T) {
	c := &countingReader{r: zeros{}}
	_, err := ReadFile(c)
	var le *hbytes.LineError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, int64(1), le.Line)
	assert.ErrorIs(t, err, hbytes.ErrKeyTooLong)
	assert.LessOrEqual(t, c.n, int64(MaxFileLine+64<<10), "bytes read")
}

// TestReadFileWarningsBounded: a file of 150 lowercase escapes keeps
// MaxFileWarnings warnings and counts the rest, and warns once about its order.
func TestReadFileWarningsBounded(t *testing.T) {
	var b strings.Builder
	for i := range 150 {
		fmt.Fprintf(&b, "k%03d\\xab\n", i)
	}
	f, err := ReadFile(strings.NewReader(b.String()))
	require.NoError(t, err)
	require.Len(t, f.Warnings, MaxFileWarnings)
	assert.Equal(t, 50, f.MoreWarnings)
	assert.Equal(t, 100, f.Warnings[len(f.Warnings)-1].Line)

	f, err = ReadFile(strings.NewReader("c\nb\na\n"))
	require.NoError(t, err)
	assert.Len(t, f.Warnings, 1, "out of order is said once")
}
