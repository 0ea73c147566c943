package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hexKeys is n keys of a 2-digit hex prefix and an id, the prefix upper when upper.
func hexKeys(n int, upper bool) []string {
	keys := make([]string, n)
	for i := range keys {
		p := fmt.Sprintf("%02x", i*7919%256)
		if upper {
			p = strings.ToUpper(p)
		}
		keys[i] = fmt.Sprintf("%s_%08d", p, i)
	}
	return keys
}

// Keys whose prefixes are uppercase hex, counted into a lowercase hex split, get VF001
// with the other case as the fix (piped, from a file, flags and a spec); lowercase keys,
// and a listed split (whose alphabet presplit does not know), get none.
func TestVerifyPrefixAlphabet(t *testing.T) {
	upper := strings.Join(hexKeys(5000, true), "\n") + "\n"
	lower := strings.Join(hexKeys(5000, false), "\n") + "\n"
	_, errOut, code := runCLI(t, upper, "verify", "--prefix", "hex:2", "--regions", "16", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "presplit: warning VF001: ")
	assert.Contains(t, errOut, `do not begin with 2 bytes of the split's prefix alphabet "0123456789abcdef"`)
	assert.Contains(t, errOut, "their prefixes are hex in the other case: use --prefix HEX:2\n")
	assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)

	_, errOut, code = runCLI(t, lower, "verify", "--prefix", "hex:2", "--regions", "16")
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut)

	dir := t.TempDir()
	spec := filepath.Join(dir, "t.yaml")
	require.NoError(t, os.WriteFile(spec, []byte("rowkey:\n  prefix: hex:2\nsplits:\n  regions: 16\nfamilies:\n  - name: cf\n"), 0o644))
	_, errOut, code = runCLI(t, upper, "verify", "-f", spec)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "use rowkey.prefix: HEX:2\n")

	splitsFile := filepath.Join(dir, "splits.txt")
	out, errOut, code := runCLI(t, "", "splits", "--prefix", "hex:2", "--regions", "16", "--format", "splits-file")
	require.Equal(t, 0, code, errOut)
	require.NoError(t, os.WriteFile(splitsFile, []byte(out), 0o644))
	_, errOut, code = runCLI(t, upper, "verify", "--splits-file", splitsFile)
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut, "a listed split's alphabet is not known")

	// Under 1% of the keys outside the alphabet: no finding.
	few := hexKeys(5000, false)
	few[10], few[20] = "ZZ_odd", "GG_odd"
	_, errOut, code = runCLI(t, strings.Join(few, "\n")+"\n", "verify", "--prefix", "hex:2", "--regions", "16")
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut)
}

// A sorted key file larger than the sample looks at windows spread over it: its first
// megabyte holds only prefixes of digits, both cases' alike, and the letters come later.
func TestVerifyPrefixAlphabetSortedFile(t *testing.T) {
	keys := make([]string, 200_000)
	for i := range keys {
		p := fmt.Sprintf("%02d", i%100) // digits: of both cases' alphabets
		if i%10 >= 7 {
			p = fmt.Sprintf("%c%d", 'A'+i%6, i%10) // uppercase letters: 30% of the keys
		}
		keys[i] = fmt.Sprintf("%s_%08d", p, i)
	}
	slices.Sort(keys)
	text := strings.Join(keys, "\n") + "\n"
	require.Greater(t, len(text), 2<<20)
	require.False(t, strings.ContainsAny(text[:1<<20], "ABCDEF"), "the first megabyte holds letters")
	path := filepath.Join(t.TempDir(), "keys.txt")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	_, errOut, code := runCLI(t, "", "verify", "--prefix", "hex:2", "--regions", "16", "--keys", path)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "presplit: warning VF001: ")
	assert.Contains(t, errOut, "use --prefix HEX:2\n")
	// A window is its whole lines: the example is a whole key.
	assert.Regexp(t, `the first: "[0-9A-F]{2}_[0-9]{8}"`, errOut)
}
