package cli

import (
	"bufio"
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/internal/golden"
	"github.com/presplit/presplit/internal/sampleoracle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sampleDir = "testdata/sample"

// bruteCut is sampleoracle's cut in toStringBinary form, the oracle of every exact-mode
// golden.
func bruteCut(sample []sampleoracle.Key, regions int, delim string) []string {
	var out []string
	for _, k := range sampleoracle.Cut(sample, regions, delim) {
		out = append(out, hbytes.ToStringBinary([]byte(k)))
	}
	return out
}

// readOracleSample reads a sample file plainly: key lines (toStringBinary), KEY<TAB>WEIGHT,
// or a scan's distinct rows.
func readOracleSample(t *testing.T, path string) []sampleoracle.Key {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer func() { _ = f.Close() }() // read only
	var out []sampleoracle.Key
	cell := regexp.MustCompile(`^ (.*) column=[^:]+:.*, timestamp=.*, value=.*$`)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text, w := sc.Text(), uint64(1)
		switch filepath.Ext(path) {
		case ".tsv":
			k, ws, _ := strings.Cut(text, "\t")
			n, err := strconv.ParseUint(ws, 10, 64)
			require.NoError(t, err)
			text, w = k, n
		case ".scan":
			m := cell.FindStringSubmatch(text)
			if m == nil {
				continue // header and trailer
			}
			text = m[1]
		}
		key, err := hbytes.ToBytesBinary(text)
		require.NoError(t, err)
		if filepath.Ext(path) == ".scan" && len(out) > 0 && out[len(out)-1].Key == string(key) {
			continue // the row's next cell
		}
		out = append(out, sampleoracle.Key{Key: string(key), Weight: w})
	}
	require.NoError(t, sc.Err())
	return out
}

// regionOf is the region (0-based) a key falls in: the number of split keys <= key.
func regionOf(splits []string, key string) int {
	n := 0
	for _, s := range splits {
		k, _ := hbytes.ToBytesBinary(s)
		if string(k) <= key {
			n++
		}
	}
	return n
}

// TestSampleGolden: the sample commands' whole output (stdout, then stderr) is a golden
// file, and an independent oracle agrees with what it says.
func TestSampleGolden(t *testing.T) {
	orders := filepath.Join(sampleDir, "orders.txt")
	tests := []struct {
		name   string
		args   []string
		oracle func(t *testing.T, out string)
	}{
		{name: "splits-delimiter", args: []string{"splits", "--sample", orders, "--regions", "6", "--delimiter", "|", "--holdout", "0"},
			oracle: func(t *testing.T, out string) {
				assert.Equal(t, bruteCut(readOracleSample(t, orders), 6, "|"), strings.Fields(out))
			}},
		{name: "splits-tsv", args: []string{"splits", "--sample", filepath.Join(sampleDir, "orders.tsv"), "--regions", "5", "--holdout", "0"},
			oracle: func(t *testing.T, out string) {
				assert.Equal(t, bruteCut(readOracleSample(t, filepath.Join(sampleDir, "orders.tsv")), 5, ""), strings.Fields(out))
			}},
		{name: "splits-scan", args: []string{"splits", "--sample", filepath.Join(sampleDir, "orders.scan"), "--regions", "4"},
			oracle: func(t *testing.T, out string) {
				s := readOracleSample(t, filepath.Join(sampleDir, "orders.scan"))
				require.Len(t, s, 400, "one key per row, not per cell")
				assert.Equal(t, bruteCut(s, 4, ""), strings.Fields(out))
			}},
		{name: "splits-bytes", args: []string{"splits", "--sample", filepath.Join(sampleDir, "bytes.txt"), "--regions", "7"},
			oracle: func(t *testing.T, out string) {
				assert.Equal(t, bruteCut(readOracleSample(t, filepath.Join(sampleDir, "bytes.txt")), 7, ""), strings.Fields(out))
			}},
		{name: "plan-sample", args: []string{"plan", "--rows", "1e9", "--kv", "200B", "--sample", orders, "--delimiter", "|", "--holdout", "0"},
			oracle: func(t *testing.T, out string) {
				var want []string
				for _, k := range bruteCut(readOracleSample(t, orders), 28, "|") {
					want = append(want, "'"+k+"'")
				}
				_, keys, ok := strings.Cut(out, "SPLITS =>") // the keys, not a finding's bounds
				require.True(t, ok)
				got := regexp.MustCompile(`'user[0-9]+'`).FindAllString(keys, -1)
				assert.Equal(t, want, got)
			}},
		{name: "sample-bytes", args: []string{"sample", "--keys", filepath.Join(sampleDir, "bytes.txt")},
			oracle: func(t *testing.T, out string) {
				// 256 keys never fill a sketch: it holds each key once at level 0, in order.
				var keys []string
				for _, k := range readOracleSample(t, filepath.Join(sampleDir, "bytes.txt")) {
					keys = append(keys, k.Key)
				}
				sort.Strings(keys)
				var text []string
				for _, k := range keys {
					text = append(text, hbytes.ToStringBinary([]byte(k)))
				}
				want := "presplit-sketch/1\tk=8192\trows=256\tweight=256\tlevels=1\t256\t" + strings.Join(text, "\t") + "\tend\n"
				assert.Equal(t, want, out)
			}},
		{name: "verify-sample", args: []string{"verify", "--sample", orders, "--regions", "6", "--delimiter", "|", "--holdout", "0",
			"--keys", filepath.Join(sampleDir, "orders.tsv"), "--raw", "--format", "csv"},
			oracle: func(t *testing.T, out string) {
				// The 3000 tsv lines read as raw keys (tab and weight included) against the
				// sample's cut: counted by brute force.
				splits := bruteCut(readOracleSample(t, orders), 6, "|")
				counts := make([]int, 7)
				data, err := os.ReadFile(filepath.Join(sampleDir, "orders.tsv"))
				require.NoError(t, err)
				for _, line := range strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n") {
					counts[regionOf(splits, strings.TrimSuffix(line, "\n"))]++
				}
				rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
				require.NoError(t, err)
				require.Len(t, rows, 7, out)
				for i, r := range rows[1:] {
					assert.Equal(t, strconv.Itoa(counts[i]), r[3], "region %d", i+1)
					if i < len(splits) {
						assert.Equal(t, splits[i], r[2], "region %d end key", i+1)
					}
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			require.Equal(t, 0, code, errOut)
			golden.Check(t, filepath.Join(sampleDir, tt.name+".golden"), []byte(out+"--- stderr\n"+errOut))
			tt.oracle(t, out)
		})
	}
}

// TestVerifySampleStdin: verify reads a `--sample -` to its end before the keys, so keys
// on the same stdin are refused up front.
func TestVerifySampleStdin(t *testing.T) {
	orders := filepath.Join(sampleDir, "orders.txt")
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{name: "both dash", args: []string{"--sample", "-", "--regions", "2", "--keys", "-"}, code: 2,
			want: "presplit: --sample - and --keys - both read stdin, which can be read once: give one of them as a file\n"},
		{name: "keys by default", args: []string{"--sample", "-", "--regions", "2"}, code: 2,
			want: "presplit: --sample - reads stdin, where verify reads its keys without --keys: give the keys with --keys FILE\n"},
		{name: "keys from a file", args: []string{"--sample", "-", "--regions", "2", "--keys", orders}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "a\nb\nc\nd\n", append([]string{"verify"}, tt.args...)...)
			assert.Equal(t, tt.code, code, errOut)
			if tt.code == 0 {
				assert.Contains(t, out, "keys                      12000\n", "every key of the file counted")
				return
			}
			assert.Empty(t, out)
			assert.Equal(t, tt.want, errOut)
		})
	}
}
