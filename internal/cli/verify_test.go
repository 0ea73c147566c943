package cli

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/internal/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const verifyDir = "testdata/verify"

func TestVerifyOutput(t *testing.T) {
	splits := filepath.Join(verifyDir, "splits.txt")
	keys := filepath.Join(verifyDir, "keys.txt")
	tests := []struct {
		name   string
		stdin  string
		args   []string
		golden string
		warn   string // the one line on stderr, "" for none
	}{
		{name: "table", args: []string{"--splits-file", splits, "--keys", keys}, golden: "table.txt"},
		{name: "csv", args: []string{"--splits-file", splits, "--keys", keys, "--format", "csv"}, golden: "table.csv"},
		{name: "json", args: []string{"--splits-file", splits, "--keys", keys, "--format", "json"}, golden: "table.json"},
		{name: "html", args: []string{"--splits-file", splits, "--keys", keys, "--format", "html", "--max-skew", "10"}, golden: "table.html"},
		{name: "stdin dash", stdin: "1\n2\n9\n", args: []string{"--splits-file", splits, "--keys", "-"}, golden: "stdin.txt"},
		{name: "stdin by default", stdin: "1\n2\n9\n", args: []string{"--splits-file", splits}, golden: "stdin.txt"},
		// keys.txt's edge cases (user\x00\x01, the empty key, a backslash) do not begin with hex.
		{name: "split from flags", args: []string{"--prefix", "hex:1", "--regions", "4", "--keys", keys}, golden: "prefix.txt",
			warn: `presplit: warning VF001: 3 of 16 sampled keys (18.8%) do not begin with 1 byte of the split's prefix alphabet "0123456789abcdef" (the first: "user\x00\x01"): the split keys are cut on that alphabet, so these keys sort between its values and crowd into the regions there; give --prefix the alphabet the keys begin with` + "\n"},
		{name: "raw lines", stdin: "a\\xZZ\n\x00\xFF\n", args: []string{"--splits-file", splits, "--raw", "--format", "csv"}, golden: "raw.csv"},
		{name: "0-byte key file", args: []string{"--splits-file", splits, "--keys", filepath.Join(verifyDir, "empty.txt")}, golden: "nokeys.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, tt.stdin, append([]string{"verify"}, tt.args...)...)
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, tt.warn, errOut)
			golden.Check(t, filepath.Join(verifyDir, tt.golden), []byte(out))
		})
	}
}

func TestVerifyErrors(t *testing.T) {
	splits := filepath.Join(verifyDir, "splits.txt")
	keys := filepath.Join(verifyDir, "keys.txt")
	f := func(name string) string { return filepath.Join(verifyDir, name) }
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stderr string
		stdout bool // the report is still written (a failed gate)
	}{
		{name: "blank line in splits file", args: []string{"--splits-file", f("blank.txt"), "--keys", keys}, code: 2,
			stderr: `presplit: testdata/verify/blank.txt:2: empty split key: HBase rejects it ("Empty split key must not be passed in the split keys.")`},
		{name: "truncated escape in splits file", args: []string{"--splits-file", f("truncated.txt"), "--keys", keys}, code: 2,
			stderr: `presplit: testdata/verify/truncated.txt:2: truncated escape "\x4" at column 3: \x needs two uppercase hex digits (HBase 2.6's toBytesBinary throws on it, and the create fails; from 2.6.7 it keeps the text instead, HBASE-30304)`},
		// Worded by the target (hbase.TruncatedEscapeKept, HBASE-30304).
		{name: "truncated escape, 2.4 throws", args: []string{"--splits-file", f("truncated.txt"), "--keys", keys, "--hbase-version", "2.4"}, code: 2,
			stderr: `presplit: testdata/verify/truncated.txt:2: truncated escape "\x4" at column 3: \x needs two uppercase hex digits (HBase 2.4's toBytesBinary throws on it, and the create fails)`},
		{name: "truncated escape, 2.6.6 throws", args: []string{"--splits-file", f("truncated.txt"), "--keys", keys, "--hbase-version", "2.6.6"}, code: 2,
			stderr: `presplit: testdata/verify/truncated.txt:2: truncated escape "\x4" at column 3: \x needs two uppercase hex digits (HBase 2.6.6's toBytesBinary throws on it, and the create fails; from 2.6.7 it keeps the text instead, HBASE-30304)`},
		{name: "truncated escape, 2.6.7 keeps it", args: []string{"--splits-file", f("truncated.txt"), "--keys", keys, "--hbase-version", "2.6.7"}, code: 2,
			stderr: `presplit: testdata/verify/truncated.txt:2: truncated escape "\x4" at column 3: HBase 2.6.7's toBytesBinary keeps it as the text "\x4" (HBASE-30304), not a byte: write \x with two uppercase hex digits`},
		{name: "truncated escape, 3.0.1 keeps it", args: []string{"--splits-file", f("truncated.txt"), "--keys", keys, "--hbase-version", "3.0.1"}, code: 2,
			stderr: `presplit: testdata/verify/truncated.txt:2: truncated escape "\x4" at column 3: HBase 3.0.1's toBytesBinary keeps it as the text "\x4" (HBASE-30304), not a byte: write \x with two uppercase hex digits`},
		{name: "bad target", args: []string{"--splits-file", f("truncated.txt"), "--keys", keys, "--hbase-version", "9.9"}, code: 2,
			stderr: `presplit: --hbase-version 9.9: is not a release line presplit knows; known lines: 1.2, 1.3, 1.4, 2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 3.0`},
		{name: "duplicate split key", args: []string{"--splits-file", f("dup.txt"), "--keys", keys}, code: 2,
			stderr: `presplit: testdata/verify/dup.txt:3: All split keys must be unique, found duplicate: 20, 20 (same key as line 1)`},
		{name: "missing splits file", args: []string{"--splits-file", f("nope.txt"), "--keys", keys}, code: 2,
			stderr: `presplit: --splits-file testdata/verify/nope.txt: no such file or directory`},
		{name: "missing key file", args: []string{"--splits-file", splits, "--keys", f("nope.txt")}, code: 2,
			stderr: `presplit: --keys: testdata/verify/nope.txt: no such file or directory`},
		{name: "invalid key escape", args: []string{"--splits-file", splits, "--keys", f("badkeys.txt")}, code: 2,
			stderr: `presplit: testdata/verify/badkeys.txt:3: invalid escape "\xZZ" at column 2: toStringBinary writes \x and two uppercase hex digits (HBase would read this as the text "xZZ")`},
		{name: "lowercase key escape on stdin", stdin: "1\n\\xab\n", args: []string{"--splits-file", splits}, code: 2,
			stderr: `presplit: stdin:2: invalid escape "\xab" at column 1: toStringBinary writes \x and two uppercase hex digits (HBase would read this as the text "xab")`},
		{name: "non-ASCII key", stdin: "caf\xC3\xA9\n", args: []string{"--splits-file", splits}, code: 2,
			stderr: `presplit: stdin:1: non-ASCII byte 0xC3 at column 4: toStringBinary text is ASCII (the byte is written \xC3); use --raw for raw byte lines`},
		{name: "bad format", args: []string{"--splits-file", splits, "--format", "xml"}, code: 2,
			stderr: `presplit: --format must be one of table, csv, json, html, got "xml"`},
		{name: "bad max skew", args: []string{"--splits-file", splits, "--max-skew", "0.5"}, code: 2,
			stderr: `presplit: --max-skew must be a number from 1 to 1e300 (skew is largest region / mean), got "0.5"`},
		{name: "max skew not a number", args: []string{"--splits-file", splits, "--max-skew", "lots"}, code: 2,
			stderr: `presplit: --max-skew must be a number from 1 to 1e300 (skew is largest region / mean), got "lots"`},
		{name: "splits file and prefix", args: []string{"--splits-file", splits, "--prefix", "hex:2"}, code: 2,
			stderr: `presplit: --splits-file and --prefix both choose the split keys: give one of them`},
		{name: "flag after argument", args: []string{"keys.txt", "--max-skew", "2"}, code: 2,
			stderr: `presplit: flag "--max-skew" comes after the argument "keys.txt": put flags before arguments (verify takes none)`},
		{name: "argument", args: []string{"keys.txt"}, code: 2,
			stderr: `presplit: unexpected argument "keys.txt": verify takes no arguments; give the key sample with --keys FILE or on stdin`},
		{name: "no split", args: []string{"--keys", keys}, code: 2,
			stderr: `presplit: --regions is required: the number of regions to create`},
		{name: "max skew exceeded", args: []string{"--splits-file", splits, "--keys", keys, "--max-skew", "1.2"}, code: 1, stdout: true,
			stderr: `presplit: skew 2.19 exceeds --max-skew 1.2: region 5 holds 7 of 16 keys`},
		{name: "empty region", stdin: "0\n9\n", args: []string{"--splits-file", splits, "--fail-empty"}, code: 1, stdout: true,
			stderr: `presplit: 3 of 5 regions received no key (--fail-empty)`},
		{name: "both gates", stdin: "0\n", args: []string{"--splits-file", splits, "--fail-empty", "--max-skew", "2"}, code: 1, stdout: true,
			stderr: `presplit: 4 of 5 regions received no key (--fail-empty); skew 5.00 exceeds --max-skew 2: region 1 holds 1 of 1 keys`},
		{name: "no keys with max skew", args: []string{"--splits-file", splits, "--keys", f("empty.txt"), "--max-skew", "2"}, code: 1, stdout: true,
			stderr: `presplit: no keys were read, so skew is undefined (--max-skew)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, tt.stdin, append([]string{"verify"}, tt.args...)...)
			assert.Equal(t, tt.code, code)
			assert.Equal(t, tt.stderr+"\n", errOut)
			if tt.stdout {
				assert.Contains(t, out, "skew (largest / mean)")
			} else {
				assert.Empty(t, out)
			}
		})
	}
}

func TestVerifyPassesGates(t *testing.T) {
	out, errOut, code := runCLI(t, "0\n1\n4\n8\nc\n", "verify", "--splits-file", filepath.Join(verifyDir, "splits.txt"),
		"--max-skew", "1", "--fail-empty")
	assert.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "skew (largest / mean)     1.00")
}

func TestVerifySplitsFileWarnings(t *testing.T) {
	_, errOut, code := runCLI(t, "", "verify", "--splits-file", filepath.Join(verifyDir, "lower.txt"))
	assert.Equal(t, 0, code)
	assert.Equal(t, `presplit: warning: testdata/verify/lower.txt:2: "\xab" at column 1 is not an escape to HBase (uppercase hex only): the key holds the text "xab"`+"\n", errOut)
}

// The CSV counts equal an independent placement of every key with sort.Search.
func TestVerifyCountsMatchSortSearch(t *testing.T) {
	splitText, err := os.ReadFile(filepath.Join(verifyDir, "splits.txt"))
	require.NoError(t, err)
	var splitKeys [][]byte
	for _, l := range strings.Split(strings.TrimSuffix(string(splitText), "\n"), "\n") {
		k, err := hbytes.ToBytesBinary(l)
		require.NoError(t, err)
		splitKeys = append(splitKeys, k)
	}
	var sample bytes.Buffer
	want := make([]int64, len(splitKeys)+1)
	for i := range 5000 {
		key := []byte{byte(i * 7919), byte(i), 'k'}[:1+i%3]
		sample.WriteString(hbytes.ToStringBinary(key) + "\n")
		want[sort.Search(len(splitKeys), func(j int) bool { return bytes.Compare(splitKeys[j], key) > 0 })]++
	}
	out, errOut, code := runCLI(t, sample.String(), "verify", "--splits-file", filepath.Join(verifyDir, "splits.txt"), "--format", "csv")
	require.Equal(t, 0, code, errOut)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, len(want)+1)
	for i, w := range want {
		got, err := strconv.ParseInt(recs[i+1][3], 10, 64)
		require.NoError(t, err)
		assert.Equal(t, w, got, "region %d", i)
	}
}

func TestVerifySpecSplitsFile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "splits.txt"), []byte("5\n"), 0o644))
	spec := "table: t1\nfamilies:\n  - name: cf\nsplits:\n  file: splits.txt\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "t1.yaml"), []byte(spec), 0o644))
	out, errOut, code := runCLI(t, "1\n7\n8\n", "verify", "-f", filepath.Join(dir, "t1.yaml"), "--format", "csv")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "region,start_key,end_key,keys,share\n1,,5,1,0.3333333333333333\n2,5,,2,0.6666666666666666\n", out)
}

func TestVerifyProgressLine(t *testing.T) {
	tests := []struct {
		name              string
		done, keys, total int64
		elapsedMillis     int64
		width             int
		want              string
	}{
		{name: "stdin counter", done: 3 << 20, keys: 1234567, total: -1, elapsedMillis: 2000, width: 80,
			want: "1,234,567 keys  3.0 MiB  1.5 MiB/s"},
		{name: "file bar", done: 1 << 30, keys: 1, total: 4 << 30, elapsedMillis: 2000, width: 80,
			want: "[████████▊                          ]  25%  1.0 GiB / 4.0 GiB  512 MiB/s  ETA 6s"},
		{name: "narrow terminal drops the bar", done: 1 << 30, keys: 1, total: 4 << 30, elapsedMillis: 2000, width: 40,
			want: "25%  1.0 GiB / 4.0 GiB  512 MiB/s  ETA 6s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := verifyProgressLine(tt.done, tt.keys, tt.total, msDuration(tt.elapsedMillis), tt.width)
			assert.Equal(t, tt.want, got)
		})
	}
}

func msDuration(ms int64) time.Duration { return time.Duration(ms) * time.Millisecond }

func TestSimulate(t *testing.T) {
	out, errOut, code := runCLI(t, "", "simulate", "--count", "2e4", "--seed", "7")
	require.Equal(t, 0, code, errOut)
	golden.Check(t, filepath.Join(verifyDir, "simulate.txt"), []byte(out))

	out, errOut, code = runCLI(t, "", "simulate", "--ids", "random", "--count", "1000", "--scheme", "hash:1", "--scheme", "salt:4", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	golden.Check(t, filepath.Join(verifyDir, "simulate.csv"), []byte(out))

	out, errOut, code = runCLI(t, "", "simulate", "--ids", "random", "--count", "1000", "--scheme", "hash:1", "--scheme", "salt:4", "--format", "html")
	require.Equal(t, 0, code, errOut)
	golden.Check(t, filepath.Join(verifyDir, "simulate.html"), []byte(out))
}

func TestKeysPipeIntoVerify(t *testing.T) {
	keys, errOut, code := runCLI(t, "", "keys", "--scheme", "hash:2", "--count", "5000")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, 5000, strings.Count(keys, "\n"))
	out, errOut, code := runCLI(t, keys, "verify", "--prefix", "hex:2", "--regions", "4", "--max-skew", "1.2", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	golden.Check(t, filepath.Join(verifyDir, "keys-verify.csv"), []byte(out))
}

func TestSimulateErrors(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"bad ids", []string{"simulate", "--ids", "uuid"}, `presplit: --ids must be sequential, random or timestamp, got "uuid"`},
		{"bad count", []string{"simulate", "--count", "1.5"}, "presplit: --count 1.5: must be a whole number"},
		{"zero count", []string{"keys", "--count", "0"}, "presplit: --count 0: too small (at least 1)"},
		{"bad scheme", []string{"simulate", "--scheme", "salt:20"}, `presplit: --scheme salt:B needs B from 2 to 10, got "salt:20"`},
		{"bad keys scheme", []string{"keys", "--scheme", "md5"}, `presplit: --scheme must be plain, salt:B, hash:W, mod:W, reverse or composite, got "md5"`},
		{"bad regions", []string{"simulate", "--regions", "0"}, "presplit: --regions 0: too small (at least 1)"},
		{"bad seed", []string{"keys", "--seed", "-1"}, `presplit: --seed must be a non-negative whole number, got "-1"`},
		{"flag after argument", []string{"keys", "x", "--count", "3"}, `presplit: flag "--count" comes after the argument "x": put flags before arguments (keys takes none)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			assert.Equal(t, 2, code)
			assert.Equal(t, tt.stderr+"\n", errOut)
			assert.Empty(t, out)
		})
	}
}

// TestVerifyReadmeExamples checks that every output block of the manual's verify page is
// its golden file under testdata/verify, byte for byte (the tests above produce them with
// the commands the page shows).
func TestVerifyReadmeExamples(t *testing.T) {
	readme, err := os.ReadFile("docs/verify-and-simulate.md")
	require.NoError(t, err)
	blocks := strings.Split(string(readme), "<!-- verify-golden: ")[1:]
	require.Len(t, blocks, 3)
	for _, blk := range blocks {
		name, rest, ok := strings.Cut(blk, " -->\n```text\n")
		require.True(t, ok, "golden marker must be followed by a ```text block")
		body, _, ok := strings.Cut(rest, "```\n")
		require.True(t, ok)
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(verifyDir, name))
			require.NoError(t, err)
			assert.Equal(t, string(want), body)
		})
	}
}

// The manual's gate example prints exactly this on stderr.
func TestVerifyReadmeGate(t *testing.T) {
	_, errOut, code := runCLI(t, "", "verify", "--splits-file", "testdata/verify/splits.txt",
		"--keys", "testdata/verify/keys.txt", "--max-skew", "1.2")
	assert.Equal(t, 1, code)
	readme, err := os.ReadFile("docs/verify-and-simulate.md")
	require.NoError(t, err)
	assert.Contains(t, string(readme), "# "+errOut)
}

// A SPLITS_FILE is read as the target's shell reads it: 1.2.0-1.2.6 strip each line, so
// "a " is a second "a" there, which HBase refuses; 1.2.7 keeps it; the plain 1.2 line,
// whose releases differ, refuses the line; plan's spec reads it the same way.
func TestSplitsFileReadAsTheTargetShell(t *testing.T) {
	dir := t.TempDir()
	splitsPath, keysPath := filepath.Join(dir, "s.txt"), filepath.Join(dir, "k.txt")
	require.NoError(t, os.WriteFile(splitsPath, []byte("a\na \n"), 0o644))
	require.NoError(t, os.WriteFile(keysPath, []byte("a\n"), 0o644))
	_, errOut, code := runCLI(t, "", "verify", "--splits-file", splitsPath, "--keys", keysPath, "--hbase-version", "1.2.6")
	assert.Equal(t, 2, code)
	assert.Equal(t, "presplit: "+splitsPath+":2: All split keys must be unique, found duplicate: a, a (same key as line 1)\n", errOut)

	out, errOut, code := runCLI(t, "", "verify", "--splits-file", splitsPath, "--keys", keysPath, "--hbase-version", "1.2.7", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "3,a ,,0,0\n")

	_, errOut, code = runCLI(t, "", "verify", "--splits-file", splitsPath, "--keys", keysPath, "--hbase-version", "1.2")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, splitsPath+":2: HBase 1.2.0 to 1.2.6 and 1.3.0 to 1.3.1 strip a SPLITS_FILE line's leading and trailing whitespace")

	spec := filepath.Join(dir, "t.yaml")
	require.NoError(t, os.WriteFile(spec, []byte("table: {name: t, hbase_version: \"1.3.1\"}\nfamilies: [{name: cf}]\nsplits: {file: s.txt}\n"), 0o644))
	_, errOut, code = runCLI(t, "", "plan", "-f", spec)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "s.txt:2: All split keys must be unique")
}

// --max-skew fails a skew above the limit, not one at it: 3 of 15 keys over 7 regions is
// 1.4 exactly (1.4000000000000001 in float64).
func TestMaxSkewAtTheLimit(t *testing.T) {
	dir := t.TempDir()
	splitsPath, keysPath := filepath.Join(dir, "s.txt"), filepath.Join(dir, "k.txt")
	require.NoError(t, os.WriteFile(splitsPath, []byte("b\nc\nd\ne\nf\ng\n"), 0o644))
	require.NoError(t, os.WriteFile(keysPath, []byte("a\na\na\nb\nb\nc\nc\nd\nd\ne\ne\nf\nf\ng\ng\n"), 0o644))
	for _, format := range []string{"table", "html"} {
		out, errOut, code := runCLI(t, "", "verify", "--splits-file", splitsPath, "--keys", keysPath, "--max-skew", "1.4", "--format", format)
		assert.Equal(t, 0, code, errOut)
		if format == "html" {
			assert.Contains(t, out, "within --max-skew 1.4.")
			assert.NotContains(t, out, "(hot)")
		}
	}
	_, errOut, code := runCLI(t, "", "verify", "--splits-file", splitsPath, "--keys", keysPath, "--max-skew", "1.39")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "skew 1.40 exceeds --max-skew 1.39")
}
