package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSpecAliasBomb: the 130 KB spec (an anchored list of 5,000 qualifiers aliased
// by 3,000 families) is refused by every command that reads a spec with one line, exit 2.
func TestSpecAliasBomb(t *testing.T) {
	var b strings.Builder
	q := make([]string, 5000)
	for i := range q {
		q[i] = fmt.Sprintf("q%d", i)
	}
	fmt.Fprintf(&b, "table: t1\nfamilies:\n  - {name: f0, qualifiers: &q [%s]}\n", strings.Join(q, ", "))
	for i := 1; i < 3000; i++ {
		fmt.Fprintf(&b, "  - {name: f%d, qualifiers: *q}\n", i)
	}
	path := filepath.Join(t.TempDir(), "bomb.yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "presplit: " + path + ":5:28: YAML aliases repeat more than 10000 nodes: write the repeated values out, or repeat less\n"
	for _, args := range [][]string{{"lint", path}, {"plan", "-f", path}, {"splits", "-f", path}} {
		t.Run(args[0], func(t *testing.T) {
			out, errOut, code := runCLI(t, "", args...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, want, errOut)
		})
	}
}

// TestSplitKeysOverRowLimit: a split key over 32,767 bytes (HBase's row limit) is refused
// however it is made: a suffix, RegionSplitter's first row, a spec; lint reports it
// (RK001, error). On main they were printed, 40 KB a key.
func TestSplitKeysOverRowLimit(t *testing.T) {
	long := strings.Repeat("~", 40000)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{name: "--suffix", args: []string{"splits", "--prefix", "hex:1", "--suffix", long, "--regions", "3"},
			want: "presplit: split key 1 is 40001 bytes long: HBase row keys are at most 32767 bytes\n"},
		{name: "plan --suffix", args: []string{"plan", "--rows", "1e9", "--kv", "1k", "--prefix", "hex:2", "--suffix", long},
			want: "presplit: split key 1 is 40002 bytes long: HBase row keys are at most 32767 bytes\n"},
		{name: "UniformSplit --first-row", args: []string{"splits", "--algo", "UniformSplit", "--first-row", long, "--regions", "3"},
			want: "presplit: split key 1 is 40000 bytes long: HBase row keys are at most 32767 bytes\n"},
		{name: "HexStringSplit --last-row", args: []string{"splits", "--algo", "HexStringSplit", "--last-row", strings.Repeat("f", 40000), "--regions", "3"},
			want: "presplit: split key 1 is 40000 bytes long: HBase row keys are at most 32767 bytes\n"},
		{name: "the longest key is fine", args: []string{"splits", "--prefix", "hex:1", "--suffix", strings.Repeat("~", 32766), "--regions", "3", "--format", "splits-file"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			if tc.want == "" {
				assert.Equal(t, exitOK, code, errOut)
				assert.Equal(t, 2, strings.Count(out, "\n"))
				return
			}
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, tc.want, errOut)
		})
	}
	t.Run("lint", func(t *testing.T) {
		spec := filepath.Join(t.TempDir(), "long.yaml")
		src := "table: t1\nfamilies:\n  - {name: cf, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW}\n" +
			"rowkey: {prefix: hex:1, suffix: \"" + long + "\"}\nsplits: {regions: 4}\n"
		if err := os.WriteFile(spec, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _, code := runCLI(t, "", "lint", spec)
		assert.Equal(t, exitFailure, code)
		assert.Equal(t, spec+":4: error RK001: split key 1 is 40001 bytes long: HBase row keys are at most 32767 bytes (fix: shorten the suffix, first row or last row the keys are made of)\n", out)
	})
}
