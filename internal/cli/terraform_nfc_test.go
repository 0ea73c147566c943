package cli

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/quote"
)

// terraformEval evaluates the HCL list expression items (the text between a list's
// brackets) with the real Terraform, offline (terraform console in an empty folder: no
// provider, no state, no network), and returns the strings Terraform holds, byte for
// byte: base64 of their JSON, so nothing on the way back is normalized or unquoted by the
// test. Without terraform it skips, except under CI, where it fails.
func terraformEval(t *testing.T, items string) []string {
	t.Helper()
	tf := lookTool(t, "terraform")
	dir := t.TempDir()
	cmd := exec.Command(tf, "console")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1",
		"TF_CLI_CONFIG_FILE="+filepath.Join(dir, "none.tfrc"))
	cmd.Stdin = strings.NewReader("base64encode(jsonencode([" + items + "]))\n")
	out, err := cmd.Output()
	require.NoError(t, err, "terraform console: %s", out)
	text := strings.TrimSpace(string(out))
	require.True(t, strings.HasPrefix(text, `"`) && strings.HasSuffix(text, `"`), "terraform console printed %q", text)
	raw, err := base64.StdEncoding.DecodeString(strings.Trim(text, `"`))
	require.NoError(t, err)
	var got []string
	require.NoError(t, json.Unmarshal(raw, &got))
	return got
}

// TestTerraformKeepsNFCKeys pins, through Terraform, that keys in NFC (é, Å,
// 豈 precomposed) reach Terraform as the bytes presplit planned, and keys that are not
// (e + U+0301, U+212B, U+F900) are refused with one line naming the key and what
// Terraform would store, because Terraform itself rewrites them (checked first).
func TestTerraformKeepsNFCKeys(t *testing.T) {
	decomposed := []string{"e\u0301", "\u212b", "\uf900"}
	precomposed := []string{"\u00e9", "\u00c5", "\u8c48"}
	// The consumer's rule: Terraform stores the NFC form of each, not the bytes given.
	var lits []string
	for _, k := range decomposed {
		lits = append(lits, `"`+k+`"`)
	}
	assert.Equal(t, precomposed, terraformEval(t, strings.Join(lits, ", ")), "Terraform rewrites keys that are not NFC")

	dir := t.TempDir()
	sample := func(keys []string) string {
		var b strings.Builder
		for i := range 40 {
			for _, k := range keys {
				b.WriteString(k + "x" + string(rune('a'+i%26)) + "\n")
			}
		}
		p := filepath.Join(dir, "sample.txt")
		require.NoError(t, os.WriteFile(p, []byte(b.String()), 0o644))
		return p
	}
	args := []string{"plan", "--rows", "1e9", "--kv", "1KB", "--raw", "--regions", "8"}

	t.Run("NFC keys arrive as planned", func(t *testing.T) {
		a := append(append([]string{}, args...), "--sample", sample(append(precomposed, "café", "漢字")))
		out, stderr, code := runCLI(t, "", append(a, "--format", "terraform")...)
		require.Equal(t, 0, code, stderr)
		_, rest, ok := strings.Cut(out, "split_keys = [\n")
		require.True(t, ok, out)
		items, _, ok := strings.Cut(rest, "\n  ]")
		require.True(t, ok, out)
		var want []string
		for _, k := range runJSON(t, a...).Split.Keys {
			b, err := hbytes.ToBytesBinary(k)
			require.NoError(t, err)
			want = append(want, string(b))
		}
		require.Len(t, want, 7)
		assert.Equal(t, want, terraformEval(t, items))
	})

	for i, k := range decomposed {
		t.Run("refused "+hbytes.ToStringBinary([]byte(k)), func(t *testing.T) {
			a := append(append([]string{}, args...), "--sample", sample([]string{k, "a", "z"}))
			out, stderr, code := runCLI(t, "", append(a, "--format", "terraform")...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
			assert.Contains(t, stderr, `: an HCL string cannot carry text that is not in Unicode NFC: Terraform normalizes every string to NFC and would store "`+
				hbytes.ToStringBinary([]byte(precomposed[i]))+"x")
			_, err := quote.HCLString(k)
			assert.Error(t, err)
		})
	}
}
