package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSplitsFileSameAnswer: plan -f, splits -f, verify --splits-file and lint read a
// SPLITS_FILE through one reader and give the same answer on the same file: the same
// refusal at the same line (exit 2; lint's SF001, exit 1), or the same keys and the same
// warnings (lint's SF002). Before, the file b, a, b, \xab got no finding from
// lint, "split key 2 "a": ... ascending" from plan and HBase's duplicate from verify.
func TestSplitsFileSameAnswer(t *testing.T) {
	long := strings.Repeat("k", 40000)
	tests := []struct {
		name     string
		file     string
		err      string   // FILE:LINE: message, FILE standing for the file's path
		keys     string   // splits' output, when the file is accepted
		warnings []string // FILE:LINE: message
	}{
		{name: "unsorted, duplicate and escaped", file: "b\na\nb\n\\xab\n",
			err: "FILE:3: All split keys must be unique, found duplicate: b, b (same key as line 1)"},
		{name: "duplicates", file: "10\n20\n10\n",
			err: "FILE:3: All split keys must be unique, found duplicate: 10, 10 (same key as line 1)"},
		{name: "duplicate through an escape", file: "A\n\\x41\n",
			err: "FILE:2: All split keys must be unique, found duplicate: A, A (same key as line 1)"},
		{name: "unsorted", file: "b\na\nc\n", keys: "a\nb\nc\n",
			warnings: []string{`FILE:2: "a" sorts before "b" on line 1: HBase sorts the keys (unsigned bytes), so the regions follow the sorted order, not the file's`}},
		{name: "empty line", file: "a\n\nb\n",
			err: `FILE:2: empty split key: HBase rejects it ("Empty split key must not be passed in the split keys.")`},
		{name: "CRLF empty line", file: "a\r\n\r\nb\r\n",
			err: `FILE:2: empty split key: HBase rejects it ("Empty split key must not be passed in the split keys.")`},
		{name: "too long", file: "a\n" + long + "\n",
			err: "FILE:2: key is 40000 bytes long: HBase row keys are at most 32767 bytes"},
		{name: "too long escaped", file: "a\n" + strings.Repeat(`\x00`, 32767) + "k\n",
			err: "FILE:2: key is 32768 bytes long: HBase row keys are at most 32767 bytes"},
		{name: "a line longer than any key", file: "a\n" + strings.Repeat(`\x00`, 32768) + "\n",
			err: "FILE:2: key is more than 32767 bytes long: HBase row keys are at most 32767 bytes"},
		{name: "truncated escape", file: "a\nb\\x4\n",
			err: `FILE:2: truncated escape "\x4" at column 2: \x needs two uppercase hex digits (HBase 2.6's toBytesBinary throws on it, and the create fails; from 2.6.7 it keeps the text instead, HBASE-30304)`},
		{name: "lowercase escape", file: "a\n\\xab\n", keys: "a\nxab\n",
			warnings: []string{`FILE:2: "\xab" at column 1 is not an escape to HBase (uppercase hex only): the key holds the text "xab"`}},
		{name: "non-ASCII", file: "a\ncaf\xC3\xA9\n", keys: "a\ncaf\\xE9\n",
			warnings: []string{`FILE:2: non-ASCII text at column 4: HBase keeps the low 8 bits of each UTF-16 unit ("é" becomes \xE9), not its UTF-8 bytes`}},
		{name: "spaces are kept", file: " a\nb \n", keys: "\\x20a\nb\\x20\n"},
	}
	finding := regexp.MustCompile(`splits file (.*)`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "splits.txt")
			spec := filepath.Join(dir, "spec.yaml")
			keys := filepath.Join(dir, "keys.txt")
			require.NoError(t, os.WriteFile(path, []byte(tt.file), 0o644))
			require.NoError(t, os.WriteFile(keys, []byte("a\nb\nz\n"), 0o644))
			require.NoError(t, os.WriteFile(spec, []byte("table: t1\nfamilies:\n  - {name: cf, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW}\n"+
				"capacity: {rows: 1e9, kv: 100B}\nsplits: {file: splits.txt}\n"), 0o644))
			want := strings.ReplaceAll(tt.err, "FILE", path)
			var wantWarnings []string
			for _, w := range tt.warnings {
				wantWarnings = append(wantWarnings, strings.ReplaceAll(w, "FILE", path))
			}
			commands := map[string][]string{
				"plan":   {"plan", "-f", spec},
				"splits": {"splits", "-f", spec, "--format", "splits-file"},
				"verify": {"verify", "--splits-file", path, "--keys", keys},
				"lint":   {"lint", spec},
			}
			for name, args := range commands {
				out, errOut, code := runCLI(t, "", args...)
				// What the command says of the file: its findings (SF001, SF002) and its
				// warnings and error lines, with FILE:LINE.
				var said []string
				for _, line := range strings.Split(out+errOut, "\n") {
					switch {
					case strings.Contains(line, "SF00"):
						m := finding.FindStringSubmatch(line)
						require.NotNil(t, m, "%s: %s", name, line)
						said = append(said, strings.TrimSuffix(m[1], " (fix: write each key in toStringBinary form (uppercase \\xNN for bytes outside printable ASCII), in unsigned byte order)"))
					case strings.HasPrefix(line, "presplit: warning: "+path):
						said = append(said, strings.TrimPrefix(line, "presplit: warning: "))
					case strings.HasPrefix(line, "presplit: "+path):
						said = append(said, strings.TrimPrefix(line, "presplit: "))
					}
				}
				if tt.err != "" {
					if name == "lint" {
						assert.Equal(t, exitFailure, code, "%s: %s", name, errOut)
						require.Len(t, said, 1, "%s: %s", name, out)
						assert.Equal(t, want+" (fix: write one toStringBinary key a line, each once, none empty (presplit splits --format splits-file writes such a file))", said[0], name)
						continue
					}
					assert.Equal(t, exitUsage, code, "%s: %s", name, errOut)
					assert.Empty(t, out, name)
					assert.Equal(t, "presplit: "+want+"\n", errOut, name)
					continue
				}
				assert.Equal(t, exitOK, code, "%s: %s", name, errOut)
				assert.Equal(t, wantWarnings, said, name)
				if name == "splits" {
					assert.Equal(t, tt.keys, out, "the keys HBase creates, in its order")
				}
			}
		})
	}
}
