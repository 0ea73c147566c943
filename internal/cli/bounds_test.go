package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/presplit/presplit/regions"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSpecAliasBomb: a 130 KB spec (an anchored list of 5,000 qualifiers aliased
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

// TestEndlessInputs: every whole-file reader refuses /dev/zero quickly and without holding
// it: a SPLITS_FILE (verify --splits-file, a spec's splits file) at its first line, past
// the longest line a key can take; list_regions and get_splits at a line longer than
// 16 MiB; JMX at its first byte, which no JSON starts with. On main each read 1 GiB (2.15 GB RSS, 12 s) before "larger than 1073741824 bytes".
func TestEndlessInputs(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "zero.yaml")
	if err := os.WriteFile(spec, []byte("table: t1\nfamilies: [{name: cf}]\ncapacity: {rows: 1e9, kv: 100B}\nsplits: {file: /dev/zero}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const tooLong = "/dev/zero:1: key is more than 32767 bytes long: HBase row keys are at most 32767 bytes"
	for _, tc := range []struct {
		name     string
		args     []string
		want     string
		maxAlloc uint64
	}{
		{name: "verify --splits-file", args: []string{"verify", "--splits-file", "/dev/zero", "--keys", "testdata/regions/worked.splits.txt"},
			want: "presplit: " + tooLong + "\n", maxAlloc: 4 << 20},
		{name: "plan -f with splits: {file: /dev/zero}", args: []string{"plan", "-f", spec},
			want: "presplit: " + tooLong + "\n", maxAlloc: 4 << 20},
		// Refused from its first MiB, which must start with a line of text (TestListRegionsRefusedAtStart).
		{name: "regions --list-regions", args: []string{"regions", "--list-regions", "/dev/zero"},
			want: "presplit: /dev/zero:1: not list_regions output: the first line is not text (byte 0x00 at column 1)\n", maxAlloc: 4 << 20},
		{name: "regions --get-splits", args: []string{"regions", "--get-splits", "/dev/zero"},
			want: "presplit: get_splits output /dev/zero has a line longer than 16777216 bytes: no get_splits output line is that long\n", maxAlloc: 80 << 20},
		{name: "regions --jmx", args: []string{"regions", "--list-regions", "testdata/regions/special.txt", "--jmx", "/dev/zero"},
			want: "presplit: /dev/zero:1: not JSON: invalid character '\\x00' looking for beginning of value\n", maxAlloc: 4 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			out, errOut, code := runCLI(t, "", tc.args...)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, tc.want, errOut)
			assert.Less(t, after.TotalAlloc-before.TotalAlloc, tc.maxAlloc, "bytes allocated")
			assert.Less(t, elapsed, 5*time.Second)
		})
	}
	t.Run("a regular file over the cap is refused unread", func(t *testing.T) {
		big := filepath.Join(dir, "big.txt")
		f, err := os.Create(big)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(maxRegionsInput + 1); err != nil { // sparse: no disk used
			t.Fatal(err)
		}
		require.NoError(t, f.Close())
		for _, args := range [][]string{
			{"regions", "--list-regions", big},
			{"verify", "--splits-file", big, "--keys", "testdata/regions/worked.splits.txt"},
		} {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			out, errOut, code := runCLI(t, "", args...)
			runtime.ReadMemStats(&after)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Regexp(t, `^presplit: (list_regions output|splits file) .*big.txt is larger than 1073741824 bytes\n$`, errOut)
			assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated")
		}
	})
	t.Run("lint reports the spec's endless splits file", func(t *testing.T) {
		out, _, code := runCLI(t, "", "lint", spec)
		assert.Equal(t, exitFailure, code)
		assert.Contains(t, out, spec+":4: error SF001: splits file "+tooLong+" (fix:")
	})
}

// countingReader counts what is read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestCappedReader: the reader under every input file reads at most its cap plus one byte
// of an endless input, and stops a line-oriented one at the first line past its cap.
func TestCappedReader(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      io.Reader
		limit   int64
		maxLine int
		err     error
		maxRead int64
	}{
		{name: "endless", in: zeroReader{}, limit: 1 << 20, err: errTooLarge, maxRead: 1<<20 + 1},
		{name: "endless line", in: zeroReader{}, limit: 1 << 30, maxLine: 1 << 16, err: errLongLine, maxRead: 1<<16 + 32<<10},
		{name: "lines within the cap", in: strings.NewReader(strings.Repeat("0123456789\n", 1000)), limit: 11000, maxLine: 10},
		{name: "one byte over the cap", in: strings.NewReader(strings.Repeat("0123456789\n", 1000) + "x"), limit: 11000, err: errTooLarge, maxRead: 11001},
		{name: "a line one byte too long", in: strings.NewReader("0123456789\n01234567890\n"), limit: 100, maxLine: 10, err: errLongLine},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &countingReader{r: tc.in}
			_, err := io.Copy(io.Discard, &cappedReader{r: c, left: tc.limit + 1, maxLine: tc.maxLine})
			if tc.err == nil {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, tc.err)
			if tc.maxRead > 0 {
				assert.LessOrEqual(t, c.n, tc.maxRead, "bytes read")
			}
		})
	}
	// readCapped reads a regular file into a buffer of its size: one read of that buffer
	// stops at the line cap too (a 300 MB file of one line was read whole first).
	c := &countingReader{r: zeroReader{}}
	n, err := (&cappedReader{r: c, left: 1 << 30, maxLine: 1 << 16}).Read(make([]byte, 4<<20))
	assert.ErrorIs(t, err, errLongLine)
	assert.Equal(t, 1<<16+1, n)
	assert.Equal(t, int64(1<<16+1), c.n, "bytes read")
}

// TestJMXAsStream: JMX is read as a stream of JSON tokens, so a document on one line (jq -c)
// of any size up to the cap reads as the pretty one does, and a syntax error is worded as
// regions.ReadJMX words it, with the same line.
func TestJMXAsStream(t *testing.T) {
	dir := t.TempDir()
	pretty, err := os.ReadFile("testdata/regions/special.rs1.json")
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(pretty, &doc))
	// One line of 17 MiB: a bean presplit does not read, padded.
	doc["beans"] = append(doc["beans"].([]any), map[string]any{"name": "pad", "x": strings.Repeat("p", 17<<20)})
	oneLine, err := json.Marshal(doc)
	require.NoError(t, err)
	require.NotContains(t, string(oneLine), "\n")
	compact := filepath.Join(dir, "rs1.json")
	require.NoError(t, os.WriteFile(compact, oneLine, 0o644))
	args := func(rs1 string) []string {
		return []string{"regions", "--list-regions", "testdata/regions/special.txt", "--jmx", rs1, "--jmx", "testdata/regions/special.rs2.json", "--format", "json"}
	}
	want, _, code := runCLI(t, "", args("testdata/regions/special.rs1.json")...)
	require.Equal(t, exitOK, code)
	got, errOut, code := runCLI(t, "", args(compact)...)
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, strings.ReplaceAll(want, "testdata/regions/special.rs1.json", compact), got)

	bad := []byte("{\n  \"beans\" : [\n    x ]\n}\n")
	path := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(path, bad, 0o644))
	_, errOut, code = runCLI(t, "", "regions", "--list-regions", "testdata/regions/special.txt", "--jmx", path)
	assert.Equal(t, exitUsage, code)
	_, perr := regions.ReadJMX(bad)
	var le *regions.LineError
	require.ErrorAs(t, perr, &le)
	assert.Equal(t, fmt.Sprintf("presplit: %s:%d: %v\n", path, le.Line, le.Err), errOut)
	assert.Equal(t, "presplit: "+path+":3: not JSON: invalid character 'x' looking for beginning of value\n", errOut)
}

// Split keys that would take more than 1 GiB are refused in one line, exit 2, before any is
// made: a 30,000-byte suffix over a million regions crashed the runtime (out of memory,
// with its stack), and RegionSplitter rows of 3,000 digits held 12 GB.
func TestSplitKeyBytesBound(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"splits", "--regions", "1e6", "--prefix", "hex:64", "--suffix", strings.Repeat("z", 30000), "-o", os.DevNull},
			"presplit: --regions 1000000: 999999 split keys of 30064 bytes (30000 of them the suffix: give fewer regions or a shorter suffix) take 3.006e+10 bytes, more than the 1073741824 (1 GiB) presplit holds\n"},
		{[]string{"splits", "--algo", "HexStringSplit", "--first-row", strings.Repeat("0", 3000), "--last-row", strings.Repeat("f", 3000), "--regions", "1e6", "-o", os.DevNull},
			"presplit: --regions 1000000: 999999 split keys of 3001 bytes (as long as the first or last row: give fewer regions or shorter rows) take 3.001e+09 bytes, more than the 1073741824 (1 GiB) presplit holds\n"},
	} {
		_, errOut, code := runCLI(t, "", tt.args...)
		assert.Equal(t, exitUsage, code)
		assert.Equal(t, tt.want, strings.ReplaceAll(errOut, "presplit: warning RG009: 1000000 regions in one table, more than 10000: every region costs the master, hbase:meta and the RegionServers memory and work\n", ""))
	}
}

// A JSON input (regions --jmx) is refused at its first bad byte without first taking room
// for the whole file: a 256 MiB file of zeros allocated 256 MiB before.
func TestJSONCappedNoUpFrontBuffer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "zeros.json")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(256<<20))
	require.NoError(t, f.Close())
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = readJSONCapped(path, "jmx", 1<<30)
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "zeros.json:1: not JSON")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<20), "bytes allocated")
}

// cbt's splits argument is refused once its keys alone pass what Linux passes in one
// argument, before the CSV record is built (ten million keys built 80 MB of it, 738 MB
// of memory, to refuse it).
func TestCBTArgumentBoundEarly(t *testing.T) {
	_, errOut, code := runCLI(t, "", "splits", "--regions", "1e5", "--format", "cbt")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "presplit: --format cbt: the splits argument is more than 131071 bytes, the most Linux passes in one argument; use --format terraform\n")
}
