package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/render"
	"github.com/presplit/presplit/splits"
)

// TestSplitsFileSpacesStripAndChomp: keys with leading and trailing spaces, written as a
// SPLITS_FILE, read back the same bytes by a shell that strips each line (before
// HBASE-18125) and one that chomps it (after), in a real Ruby.
func TestSplitsFileSpacesStripAndChomp(t *testing.T) {
	keys := [][]byte{[]byte(" "), []byte("  a"), []byte(" a b "), []byte("a"), []byte("a  "), []byte("b\t "), []byte("c \x00")}
	doc := render.Doc{
		Plan: &plan.Plan{
			Table: plan.Table{Name: "t1", Families: []plan.Family{{Name: "cf"}}},
			Split: &splits.Split{Spec: "file", Keys: splits.KeysOf(keys...)},
		},
	}
	file := filepath.Join(t.TempDir(), "splits.txt")
	_, errOut, code := renderRun(t, doc, "--format", "splits-file", "-o", file)
	require.Equal(t, exitOK, code, errOut)
	content, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, `\x20`+"\n"+`\x20\x20a`+"\n"+`\x20a b\x20`+"\n"+"a\n"+`a\x20\x20`+"\n"+`b\x09\x20`+"\n"+`c \x00`+"\n", string(content))
	for _, line := range strings.Split(strings.TrimSuffix(string(content), "\n"), "\n") {
		assert.Equal(t, strings.TrimSpace(line), line, "no line has an edge Ruby's strip would remove")
	}
	for _, read := range []string{"strip", "chomp"} {
		t.Run(read, func(t *testing.T) {
			calls := renderRuby(t, withoutFindings(errOut), "SPLITS_FILE_READ="+read)
			require.Len(t, calls, 1)
			got, _ := calls[0]["splits"].([]any)
			want := renderHex(keys)
			require.Len(t, got, len(want))
			for i := range want {
				assert.Equal(t, want[i], got[i], "split %d", i+1)
			}
		})
	}
}
