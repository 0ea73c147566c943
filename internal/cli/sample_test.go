package cli

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSampleSplits(t *testing.T) {
	tests := []struct {
		name    string
		stdin   string
		args    []string
		code    int
		out     string
		errHas  []string
		outHas  []string
		emptOut bool
	}{
		{name: "composite keys cut at the leading field", args: []string{"splits", "--sample", "testdata/sample/orders.txt", "--regions", "4", "--delimiter", "|"},
			errHas: []string{"read as lines", "cut on ", "held out of the cut (0.2 of the sample)"}},
		{name: "spec sample", args: []string{"splits", "-f", "testdata/sample/orders.yaml"}, errHas: []string{"orders.txt: read as lines"}},
		{name: "stdin tsv", stdin: "a\t10\nb\t10\nc\t10\nd\t10\n", args: []string{"splits", "--sample", "-", "--regions", "2"},
			out: "c\n", errHas: []string{"stdin: read as tsv", "RG012"}},
		{name: "too few keys", stdin: "a\nb\n", args: []string{"splits", "--sample", "-", "--regions", "5"}, code: 2, emptOut: true,
			errHas: []string{"presplit: --sample -: the sample has 2 distinct keys, fewer than the 5 regions asked for"}},
		{name: "too few fields", stdin: "a|1\na|2\nb|1\n", args: []string{"splits", "--sample", "-", "--regions", "3", "--delimiter", "|"}, code: 2, emptOut: true,
			errHas: []string{`2 distinct leading fields (before "|"), fewer than the 3 regions`}},
		{name: "empty sample", stdin: "", args: []string{"splits", "--sample", "-", "--regions", "2"}, code: 2, emptOut: true,
			errHas: []string{"presplit: stdin:1: the sample has no keys\n"}},
		{name: "bad weight", stdin: "a\t1\nb\tlots\n", args: []string{"splits", "--sample", "-", "--regions", "2"}, code: 2, emptOut: true,
			errHas: []string{"presplit: stdin:2: weight must be a whole number"}},
		{name: "malformed scan", stdin: "ROW  COLUMN+CELL\n r1 column=cf:a, timestamp=1, value=\nnope\n", args: []string{"splits", "--sample", "-", "--regions", "2"}, code: 2, emptOut: true,
			errHas: []string{"presplit: stdin:3: not a line of hbase shell scan output"}},
		{name: "truncated sketch", stdin: "presplit-sketch/1\tk=8192\trows=3\tweight=3\tlevels=1\t3\ta\tb\n", args: []string{"splits", "--sample", "-", "--regions", "2"}, code: 2, emptOut: true,
			errHas: []string{"presplit: stdin:1: not a whole presplit sketch"}},
		{name: "sample with prefix", args: []string{"splits", "--sample", "x", "--prefix", "hex:2", "--regions", "2"}, code: 2, emptOut: true,
			errHas: []string{"--sample and --prefix both choose the split keys"}},
		{name: "holdout without sample", args: []string{"splits", "--regions", "2", "--holdout", "0.1"}, code: 2, emptOut: true,
			errHas: []string{"--holdout goes with --sample"}},
		{name: "missing file", args: []string{"splits", "--sample", "nope.txt", "--regions", "2"}, code: 2, emptOut: true,
			errHas: []string{"--sample: nope.txt: no such file or directory"}},
		{name: "plan from the sample", args: []string{"plan", "--rows", "1e9", "--kv", "200B", "--sample", "testdata/sample/orders.txt", "--delimiter", "|"},
			outHas: []string{"keys       sample (exact), never inside the field before \"|\"", "regions    28 (27 split keys)", "held out of the cut"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, tt.stdin, tt.args...)
			assert.Equal(t, tt.code, code, errOut)
			if tt.out != "" {
				assert.Equal(t, tt.out, out)
			}
			if tt.emptOut {
				assert.Empty(t, out)
				assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
			}
			for _, s := range tt.errHas {
				assert.Contains(t, errOut, s)
			}
			for _, s := range tt.outHas {
				assert.Contains(t, out, s)
			}
		})
	}
}

// TestSampleBoundariesKeepFields: with --delimiter no user's rows straddle a boundary, and
// every split key is a leading field's prefix (the oracle: the keys' own fields).
func TestSampleBoundariesKeepFields(t *testing.T) {
	out, errOut, code := runCLI(t, "", "splits", "--sample", "testdata/sample/orders.txt", "--regions", "6", "--delimiter", "|")
	require.Equal(t, 0, code, errOut)
	keys := strings.Fields(out)
	require.Len(t, keys, 5)
	for _, k := range keys {
		assert.NotContains(t, k, "|")
		assert.True(t, strings.HasPrefix(k, "user"), k)
	}
}

// TestSampleShardsMerge is the Hadoop Streaming contract run locally: shard the key file,
// sketch the shards in parallel (the mappers), merge the sketches (the reducer) in any
// order, and compare with one pass over the whole file.
func TestSampleShardsMerge(t *testing.T) {
	data, err := os.ReadFile("testdata/sample/orders.txt")
	require.NoError(t, err)
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	dir := t.TempDir()
	const shards = 5
	var wg sync.WaitGroup
	sketches := make([]string, shards)
	for i := range shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			part := strings.Join(lines[i*len(lines)/shards:(i+1)*len(lines)/shards], "")
			out, errOut, code := runCLI(t, part, "sample", "--keys", "-")
			assert.Equal(t, 0, code, errOut)
			sketches[i] = out
		}()
	}
	wg.Wait()
	one, _, code := runCLI(t, "", "splits", "--sample", "testdata/sample/orders.txt", "--regions", "10", "--holdout", "0")
	require.Equal(t, 0, code)
	for _, order := range [][]int{{0, 1, 2, 3, 4}, {4, 2, 0, 3, 1}} {
		var stream strings.Builder
		for _, i := range order {
			stream.WriteString(sketches[i])
		}
		path := filepath.Join(dir, "all.sketch")
		require.NoError(t, os.WriteFile(path, []byte(stream.String()), 0o644))
		merged, errOut, code := runCLI(t, "", "splits", "--sample", path, "--regions", "10")
		require.Equal(t, 0, code, errOut)
		// Each boundary's rank in the whole file is within the sketch's bound (0.1% of the
		// keys) of the one-pass boundary's.
		rank := func(k string) int {
			n := 0
			for _, l := range lines {
				if strings.TrimSuffix(l, "\n") < k {
					n++
				}
			}
			return n
		}
		a, b := strings.Fields(one), strings.Fields(merged)
		require.Len(t, b, len(a))
		for i := range a {
			assert.InDelta(t, rank(a[i]), rank(b[i]), 0.001*float64(len(lines))+1, "boundary %d: %s vs %s", i+1, a[i], b[i])
		}
		sc := bufio.NewScanner(strings.NewReader(stream.String()))
		sc.Buffer(nil, 1<<24)
		n := 0
		for sc.Scan() {
			n++
		}
		assert.Equal(t, shards, n, "one sketch per line")
	}
}

// A saved scan with a blank line above its header cuts as the scan does (it was read as
// lines: cell lines as keys); one with a logged command above it, or a tsv with a blank
// or weightless first line, is refused on that line rather than read as lines.
func TestSampleDetectPastTheFirstLine(t *testing.T) {
	scan, err := os.ReadFile("testdata/sample/orders.scan")
	require.NoError(t, err)
	tsv, err := os.ReadFile("testdata/sample/orders.tsv")
	require.NoError(t, err)
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o644))
		return p
	}
	want, errOut, code := runCLI(t, "", "splits", "--sample", "testdata/sample/orders.scan", "--regions", "3")
	require.Equal(t, 0, code, errOut)
	got, errOut, code := runCLI(t, "", "splits", "--sample", write("blank.scan", append([]byte("\n"), scan...)), "--regions", "3")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, want, got)

	for name, data := range map[string][]byte{
		"log.scan":  append([]byte("hbase(main):001:0> scan 'orders'\n"), scan...),
		"blank.tsv": append([]byte("\n"), tsv...),
	} {
		_, errOut, code := runCLI(t, "", "splits", "--sample", write(name, data), "--regions", "3")
		assert.Equal(t, 2, code, name)
		assert.Contains(t, errOut, name+":1: ", name)
	}
}
