package cli

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/internal/libreoffice"
)

// formulaPayloads are cells a spreadsheet runs (OWASP's CSV injection): one per lead
// character = + - @.
var formulaPayloads = []string{
	`=HYPERLINK("http://example.com/x","click")`,
	`=cmd|' /C calc'!A0`,
	`=1+1`,
	`+1+1`,
	`-1+1`,
	`@SUM(1+1)`,
}

// csvFormulaCase is one CSV presplit writes: its text columns (0-based), the key columns
// among them, and the keys those must decode to, in order of appearance.
type csvFormulaCase struct {
	name     string
	out      string
	keyCols  []int
	textCols []int
	keys     [][]byte // every non-empty key cell, decoded, in row order then column order
}

// TestCSVFormulasThroughLibreOffice pins that hostile keys and names in
// plan -F csv, verify --format csv and regions -F csv are opened by LibreOffice Calc with
// formulas evaluated, and every text cell comes back as the text presplit wrote (none ran);
// the key cells decode with toBytesBinary to the keys themselves, and a name cell is in
// OWASP's neutral form ('=1+1). The oracle is LibreOffice's own reading of the file.
func TestCSVFormulasThroughLibreOffice(t *testing.T) {
	libreoffice.Soffice(t)
	dir := t.TempDir()
	cases := []csvFormulaCase{planCSVCase(t, dir), verifyCSVCase(t, dir), regionsCSVCase(t, dir)}
	var paths []string
	for _, c := range cases {
		p := filepath.Join(dir, c.name+".csv")
		require.NoError(t, os.WriteFile(p, []byte(c.out), 0o644))
		paths = append(paths, p)
	}
	books := libreoffice.RecalcCSV(t, paths...)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wrote, err := csv.NewReader(strings.NewReader(c.out)).ReadAll()
			require.NoError(t, err)
			require.Len(t, books[paths[i]], 1)
			var sheet [][]string
			for _, s := range books[paths[i]] {
				sheet = s
			}
			require.Len(t, sheet, len(wrote))
			var keys [][]byte
			for y, row := range wrote {
				for _, x := range c.textCols {
					assert.Equal(t, row[x], sheet[y][x], "row %d column %d: LibreOffice read another value (a formula ran)", y+1, x+1)
				}
				if y == 0 {
					continue
				}
				for _, x := range c.keyCols {
					if row[x] == "" {
						continue
					}
					k, err := hbytes.ToBytesBinary(sheet[y][x])
					require.NoError(t, err)
					keys = append(keys, k)
				}
			}
			assert.Equal(t, c.keys, keys, "the key cells decode to the keys")
			for _, lead := range "=+-@" {
				assert.True(t, keyLeads(keys, byte(lead)), "no key starting with %c: the case does not test it", lead)
			}
		})
	}
}

func keyLeads(keys [][]byte, c byte) bool {
	for _, k := range keys {
		if len(k) > 0 && k[0] == c {
			return true
		}
	}
	return false
}

// planCSVCase is plan -F csv over a split cut from a sample of the payloads; the keys are
// the plan's own, from -F json.
func planCSVCase(t *testing.T, dir string) csvFormulaCase {
	var sample strings.Builder
	for i := range 100 {
		for _, p := range formulaPayloads {
			fmt.Fprintf(&sample, "%s%d\n", p, i)
		}
	}
	path := filepath.Join(dir, "sample.txt")
	require.NoError(t, os.WriteFile(path, []byte(sample.String()), 0o644))
	args := []string{"plan", "--rows", "1e6", "--kv", "100B", "--sample", path, "--regions", "12"}
	out, stderr, code := runCLI(t, "", append(args, "-F", "csv")...)
	require.Equal(t, 0, code, stderr)
	doc := runJSON(t, args...)
	var keys [][]byte
	for _, k := range doc.Split.Keys {
		b, err := hbytes.ToBytesBinary(k)
		require.NoError(t, err)
		keys = append(keys, b, b) // each key ends one region and starts the next
	}
	return csvFormulaCase{name: "plan", out: out, keyCols: []int{1, 2}, textCols: []int{1, 2}, keys: pairKeys(keys)}
}

// pairKeys orders a list of keys each given twice (end of region i, start of region i+1)
// as the rows give them: row 1 ends with k1, row 2 starts with k1 and ends with k2, ...
func pairKeys(twice [][]byte) [][]byte {
	if len(twice) == 0 {
		return nil
	}
	out := [][]byte{twice[0]}
	for i := 2; i < len(twice); i += 2 {
		out = append(out, twice[i-1], twice[i])
	}
	return append(out, twice[len(twice)-1])
}

// verifyCSVCase is verify --format csv over a SPLITS_FILE of the payloads.
func verifyCSVCase(t *testing.T, dir string) csvFormulaCase {
	sorted := []string{"+1+1", "-1+1", "=1+1", `=HYPERLINK("http://example.com/x","click")`, `=cmd|' /C calc'!A0`, "@SUM(1+1)"}
	sf := filepath.Join(dir, "splits.txt")
	require.NoError(t, os.WriteFile(sf, []byte(strings.Join(sorted, "\n")+"\n"), 0o644))
	kf := filepath.Join(dir, "keys.txt")
	require.NoError(t, os.WriteFile(kf, []byte("+2\n=2\n@T\nz\n"), 0o644))
	out, stderr, code := runCLI(t, "", "verify", "--splits-file", sf, "--keys", kf, "--format", "csv")
	require.Equal(t, 0, code, stderr)
	var twice [][]byte
	for _, k := range sorted {
		twice = append(twice, []byte(k), []byte(k))
	}
	return csvFormulaCase{name: "verify", out: out, keyCols: []int{1, 2}, textCols: []int{1, 2}, keys: pairKeys(twice)}
}

// regionsCSVCase is regions -F csv over a list_regions whose server names and keys are
// formulas.
func regionsCSVCase(t *testing.T, dir string) csvFormulaCase {
	rows := [][]string{
		{"SERVER_NAME", "REGION_NAME", "START_KEY", "END_KEY", "SIZE", "REQ", "LOCALITY"},
		{"=1+1,16020,1700000000000", "t1,,1700000000000.43ae7364b4a555b93267937f9bc49ec1.", "", "+1", "10", "0", "0.0"},
		{"@SUM(1+1),16020,1700000000001", "t1,+1,1700000000001.5676dec962952445b5b22e497ba2cd3e.", "+1", "-1", "12", "1500", "1.0"},
		{"-1+2,16020,1700000000002", "t1,-1,1700000000002.0a1b2c3d4e5f60718293a4b5c6d7e8f9.", "-1", "=1+1", "12", "1500", "1.0"},
		{"+1+2,16020,1700000000003", "t1,=1+1,1700000000003.192ae8bbc207dc0559f3a2cd511cad63.", "=1+1", "@A", "0", "0", "0.98"},
		{"=HYPERLINK(\"http://example.com/x\"),16020,1700000000004", "t1,@A,1700000000004.8a9b0c1d2e3f405162738495a6b7c8d9.", "@A", "", "0", "0", "0.98"},
	}
	path := filepath.Join(dir, "list_regions.txt")
	require.NoError(t, os.WriteFile(path, []byte(listRegionsTable(rows)), 0o644))
	out, stderr, code := runCLI(t, "", "regions", "--list-regions", path, "-F", "csv")
	require.Equal(t, 0, code, stderr)
	wrote, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	for y, r := range rows[1:] {
		assert.Equal(t, "'"+r[0], wrote[y+1][4], "the server name in OWASP's neutral form")
	}
	keys := [][]byte{[]byte("+1"), []byte("+1"), []byte("-1"), []byte("-1"), []byte("=1+1"), []byte("=1+1"), []byte("@A"), []byte("@A")}
	return csvFormulaCase{name: "regions", out: out, keyCols: []int{1, 2}, textCols: []int{1, 2, 3, 4}, keys: keys}
}

// listRegionsText is the hbase shell's list_regions table of rows (the header first):
// columns right-aligned to their widest cell in bytes (as presplit's reader cuts them), a
// rule under the header, and the row count.
func listRegionsTable(rows [][]string) string {
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len(c))
		}
	}
	var b strings.Builder
	for y, r := range rows {
		for i, c := range r {
			fmt.Fprintf(&b, " %s%s |", strings.Repeat(" ", width[i]-len(c)), c)
		}
		b.WriteString("\n")
		if y == 0 {
			for i := range r {
				fmt.Fprintf(&b, " %s |", strings.Repeat("-", width[i]))
			}
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(&b, " %d rows\n", len(rows)-1)
	return b.String()
}

// verify's CSV writer scans a large split's keys in parts on both cores, each part by
// its bytes at once when they are all plain (formula leads looked at again, first bytes
// only) or key by key, and copies the keys as they are when all of them are their own CSV
// cells. Two splits of 140,000 plain keys and a few hostile ones, read back by LibreOffice
// Calc with formulas evaluated, give every key cell as written: one whose keys are all
// plain CSV but for the formula leads (in the first part), and one with the other payloads
// (quotes, commas, ESC, bytes that are not UTF-8, shell and Ruby syntax) in the second.
func TestVerifyCSVInPartsThroughLibreOffice(t *testing.T) {
	libreoffice.Soffice(t)
	dir := t.TempDir()
	var plain []string
	for i := range 140000 {
		plain = append(plain, fmt.Sprintf("k%07d", i))
	}
	hostile := [][]string{
		{"=1+1", "+1+1", "-1+1", "@SUM(1+1)"},
		{`m"x,y`, `m\x1B[31mred`, `m\xFF\xFE`, "m#{system('id')}", "m$(touch /tmp/pwn)"},
	}
	for _, p := range formulaPayloads {
		hostile[1] = append(hostile[1], "m"+p)
	}
	var paths []string
	splitKeys := map[string][]string{}
	for i, extra := range hostile {
		keys := append(slices.Clone(plain), extra...)
		sf := filepath.Join(dir, fmt.Sprintf("splits-%d.txt", i))
		require.NoError(t, os.WriteFile(sf, []byte(strings.Join(keys, "\n")+"\n"), 0o644))
		kf := filepath.Join(dir, "keys.txt")
		require.NoError(t, os.WriteFile(kf, []byte("k0100000\n=2\nm\n"), 0o644))
		out, stderr, code := runCLI(t, "", "verify", "--splits-file", sf, "--keys", kf, "--format", "csv")
		require.Equal(t, 0, code, stderr)
		p := filepath.Join(dir, fmt.Sprintf("verify-parts-%d.csv", i))
		require.NoError(t, os.WriteFile(p, []byte(out), 0o644))
		paths = append(paths, p)
		splitKeys[p] = keys
	}
	books := libreoffice.RecalcCSV(t, paths...)
	for _, p := range paths {
		out, err := os.ReadFile(p)
		require.NoError(t, err)
		wrote, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
		require.NoError(t, err)
		require.Len(t, books[p], 1)
		var sheet [][]string
		for _, s := range books[p] {
			sheet = s
		}
		require.Len(t, sheet, len(wrote), p)
		var got []string
		for y, row := range wrote {
			for _, x := range []int{1, 2} {
				require.Equal(t, row[x], sheet[y][x], "%s row %d column %d: LibreOffice read another value (a formula ran)", p, y+1, x+1)
			}
			if y > 0 && sheet[y][2] != "" {
				got = append(got, sheet[y][2])
			}
		}
		// The end keys, as LibreOffice read them, decode to the split's keys in byte order
		// (a formula's lead is written escaped, \x3D for =, the same key).
		var want [][]byte
		for _, k := range splitKeys[p] {
			b, err := hbytes.ToBytesBinary(k)
			require.NoError(t, err)
			want = append(want, b)
		}
		slices.SortFunc(want, bytes.Compare)
		require.Len(t, got, len(want), p)
		for i := range want {
			k, err := hbytes.ToBytesBinary(got[i])
			require.NoError(t, err)
			require.True(t, bytes.Equal(want[i], k), "%s end key %d: LibreOffice read %q, the split has %q", p, i+1, got[i], hbytes.ToStringBinary(want[i]))
		}
	}
}
