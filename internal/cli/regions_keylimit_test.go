package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbase"
)

// listRegionsText is list_regions' table (SERVER_NAME, REGION_NAME, START_KEY, END_KEY,
// SIZE, REQ, LOCALITY) of the regions that the keys bound, each column as wide as its
// widest cell, then the ` N rows` line.
func listRegionsText(keys ...string) string {
	head := []string{"SERVER_NAME", "REGION_NAME", "START_KEY", "END_KEY", "SIZE", "REQ", "LOCALITY"}
	rows := [][]string{head, nil}
	bounds := append(append([]string{""}, keys...), "")
	for i := 0; i+1 < len(bounds); i++ {
		rows = append(rows, []string{"rs1.example.com,16020,1700000000000",
			fmt.Sprintf("t1,%s,%d.%032x.", bounds[i], 1700000000000+i, i+1), bounds[i], bounds[i+1], "10", "0", "1.0"})
	}
	widths := make([]int, len(head))
	for _, r := range rows {
		for j, c := range r {
			widths[j] = max(widths[j], len(c))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for j, w := range widths {
			if r == nil {
				b.WriteString(" " + strings.Repeat("-", w) + " |")
				continue
			}
			fmt.Fprintf(&b, " %*s |", w, r[j])
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, " %d rows\n", len(rows)-2)
	return b.String()
}

// TestRegionsKeyLimit: a key in get_splits or list_regions output longer than HBase's row
// limit (32,767 bytes) is refused on the line that holds it, with exit 2 and one line.
func TestRegionsKeyLimit(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("k", hbase.MaxRowLength+1)
	atLimit := strings.Repeat("k", hbase.MaxRowLength)
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	rule := fmt.Sprintf("key is %d bytes long: HBase row keys are at most 32767 bytes", hbase.MaxRowLength+1)
	tests := []struct {
		name string
		file string
		args func(p string) []string
		want string // the stderr line; "" for success
	}{
		{name: "get_splits line", file: "gs.txt", args: func(p string) []string { return []string{"--get-splits", p} },
			want: "gs.txt:3: split key \"" + strings.Repeat("k", 64) + "\"...: " + rule},
		{name: "get_splits echo", file: "echo.txt", args: func(p string) []string { return []string{"--get-splits", p} },
			want: "echo.txt:1: split key \"" + strings.Repeat("k", 64) + "\"...: " + rule},
		{name: "list_regions", file: "lr.txt", args: func(p string) []string { return []string{"--list-regions", p} },
			want: "lr.txt:5: REGION_NAME \"t1," + strings.Repeat("k", 61) + "\"...: start key: " + rule},
		{name: "get_splits at the limit", file: "gs-ok.txt", args: func(p string) []string { return []string{"--get-splits", p} }},
		{name: "list_regions at the limit", file: "lr-ok.txt", args: func(p string) []string { return []string{"--list-regions", p} }},
	}
	texts := map[string]string{
		"gs.txt":    "Total number of splits = 3\na\n" + long + "\n",
		"echo.txt":  `=> ["a", "` + long + `"]` + "\n",
		"lr.txt":    listRegionsText("a", long),
		"gs-ok.txt": "Total number of splits = 3\na\n" + atLimit + "\n",
		"lr-ok.txt": listRegionsText("a", atLimit),
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := write(tt.file, texts[tt.file])
			out, errOut, code := runCLI(t, "", append([]string{"regions", "-F", "json"}, tt.args(p)...)...)
			if tt.want == "" {
				require.Equal(t, 0, code, errOut)
				assert.Contains(t, out, "(3 regions)")
				return
			}
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Equal(t, "presplit: "+filepath.Join(dir, tt.want)+"\n", errOut)
		})
	}
}
