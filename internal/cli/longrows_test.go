package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLongRowsNoInfOrNaN pins, through the command line, that --algo over
// rows too long for float64 (a UniformSplit --first-row of 129 bytes, HexStringSplit over
// 300 digits) plans in every text format with exit 0 and no Inf or NaN; the JSON's shares
// sum to 1.
func TestLongRowsNoInfOrNaN(t *testing.T) {
	runs := map[string][]string{
		"uniform 129 bytes": {"--algo", "UniformSplit", "--first-row", strings.Repeat("a", 129)},
		"hex 300 digits":    {"--algo", "HexStringSplit", "--first-row", strings.Repeat("0", 300), "--last-row", strings.Repeat("f", 300)},
		"decimal 320":       {"--algo", "DecimalStringSplit", "--first-row", strings.Repeat("0", 320), "--last-row", strings.Repeat("9", 320)},
	}
	for name, algo := range runs {
		for _, format := range []string{"report", "json", "html", "csv", "capacity-csv", "shell", "lines", "regionsplitter", "java", "terraform"} {
			if format == "terraform" && strings.HasPrefix(name, "uniform") {
				continue // UniformSplit's keys are binary, which a Terraform string cannot hold
			}
			t.Run(name+" "+format, func(t *testing.T) {
				args := append([]string{"plan", "--rows", "1e9", "--kv", "1KB"}, algo...)
				out, stderr, code := runCLI(t, "", append(args, "--format", format)...)
				require.Equal(t, 0, code, stderr)
				for _, bad := range []string{"Inf", "NaN"} {
					assert.NotContains(t, out, bad)
					assert.NotContains(t, stderr, bad)
				}
				if format != "json" {
					return
				}
				var doc struct {
					Split struct {
						Owned []float64 `json:"owned"`
					} `json:"split"`
				}
				require.NoError(t, json.Unmarshal([]byte(out), &doc))
				var total float64
				for _, v := range doc.Split.Owned {
					total += v
				}
				require.NotEmpty(t, doc.Split.Owned)
				assert.InDelta(t, 1/float64(len(doc.Split.Owned)), doc.Split.Owned[0]/total, 1e-9)
			})
		}
	}
}
