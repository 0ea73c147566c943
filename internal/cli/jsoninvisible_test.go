package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/render"
)

// invisibleRunes are characters a terminal or editor shows other than they are: DEL, C1
// controls, bidi controls and isolates, a zero-width space, the BOM, the line and
// paragraph separators.
var invisibleRunes = []rune{0x7F, 0x85, 0x9B, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200B, 0xFEFF, 0x2028, 0x2029}

// assertNoRawInvisible fails when out holds one of invisibleRunes raw, and checks that out
// is JSON.
func assertNoRawInvisible(t *testing.T, out string) {
	t.Helper()
	for _, r := range invisibleRunes {
		assert.NotContains(t, out, string(r), "U+%04X raw in the JSON", r)
	}
	assert.True(t, json.Valid([]byte(out)), "not JSON")
}

// TestJSONEscapesInvisible: plan, lint and regions JSON write every
// invisible character of a name as \uXXXX, and the decoded document holds the name as
// given (encoding/json is the consumer).
func TestJSONEscapesInvisible(t *testing.T) {
	dir := t.TempDir()
	for _, r := range invisibleRunes {
		name := "c" + string(r) + "f"
		t.Run(fmt.Sprintf("U+%04X", r), func(t *testing.T) {
			if r >= 0x80 && r != 0x85 && r != 0x9B { // HBase refuses a control character in a family name
				out, stderr, code := runCLI(t, "", "plan", "--rows", "1e6", "--kv", "100B", "--family", name, "--format", "json")
				require.Equal(t, 0, code, stderr)
				assertNoRawInvisible(t, out)
				var doc render.JSONDoc
				require.NoError(t, json.Unmarshal([]byte(out), &doc))
				require.NotEmpty(t, doc.Table.Families)
				assert.Equal(t, name, doc.Table.Families[0].Name)

				spec := filepath.Join(dir, "lint.yaml")
				require.NoError(t, os.WriteFile(spec, []byte("table: t1\nfamilies:\n  - name: \""+jsonEscape(name)+"\"\n"), 0o644))
				out, stderr, _ = runCLI(t, "", "lint", "--format", "json", spec)
				require.Empty(t, stderr)
				assertNoRawInvisible(t, out)
				assert.Contains(t, decodedMessages(t, out), `family "`+name+`"`)
			}
			list := filepath.Join(dir, "list_regions.txt")
			require.NoError(t, os.WriteFile(list, []byte(listRegionsTable([][]string{
				{"SERVER_NAME", "REGION_NAME", "START_KEY", "END_KEY", "SIZE", "REQ", "LOCALITY"},
				{"rs" + string(r) + "1,16020,1", "t1,,1.43ae7364b4a555b93267937f9bc49ec1.", "", "", "10", "0", "0.0"},
			})), 0o644))
			out, stderr, code := runCLI(t, "", "regions", "--list-regions", list, "-F", "json")
			require.Equal(t, 0, code, stderr)
			assertNoRawInvisible(t, out)
			var doc struct {
				Regions []struct {
					Server string `json:"server"`
				} `json:"regions"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &doc))
			require.Len(t, doc.Regions, 1)
			assert.Equal(t, "rs"+string(r)+"1,16020,1", doc.Regions[0].Server)
		})
	}
}

// jsonEscape is s as the inside of a JSON (and YAML double-quoted) string, every
// non-ASCII character as \uXXXX.
func jsonEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x20 || r >= 0x7F {
			fmt.Fprintf(&b, `\u%04X`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// decodedMessages is every finding's message of lint's JSON, joined.
func decodedMessages(t *testing.T, out string) string {
	t.Helper()
	var doc struct {
		Findings []struct {
			Message string `json:"message"`
		} `json:"findings"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	var msgs []string
	for _, f := range doc.Findings {
		msgs = append(msgs, f.Message)
	}
	return strings.Join(msgs, "\n")
}

// TestLineSeparatorInFamilyName pins the other half: U+2028 and U+2029 in a
// family name are refused where the statement is written (shell, report, html), as the
// invisible format characters are, with one line and exit 2.
func TestLineSeparatorInFamilyName(t *testing.T) {
	for _, r := range []rune{0x2028, 0x2029} {
		for _, format := range []string{"shell", "report", "html", "regionsplitter"} {
			t.Run(fmt.Sprintf("U+%04X %s", r, format), func(t *testing.T) {
				name := "c" + string(r) + "f"
				out, stderr, code := runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1KB", "--family", name, "--algo", "HexStringSplit", "--format", format)
				assert.Equal(t, exitUsage, code)
				assert.Empty(t, out)
				assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
				assert.Contains(t, stderr, fmt.Sprintf("cannot carry the line separator U+%04X", r))
				assert.NotContains(t, stderr, string(r))
			})
		}
	}
}
