package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/presplit/presplit/internal/golden"
	"github.com/presplit/presplit/internal/refdata"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// splitsLines is fmt.Sprintf(format, i) for i in [from, to), one per line.
func splitsLines(format string, from, to int) string {
	var b strings.Builder
	for i := from; i < to; i++ {
		fmt.Fprintf(&b, format+"\n", i)
	}
	return b.String()
}

// splitsRefKeys is the keys of the first regionsplitter.tsv row for algo with n regions and
// default rows, one per line.
func splitsRefKeys(t *testing.T, algo string, n int) string {
	t.Helper()
	rows, err := refdata.Read("regionsplitter.tsv")
	require.NoError(t, err)
	for _, r := range rows {
		f := r.Fields
		if f[0] == algo && f[1] == fmt.Sprint(n) && f[2] == "(default)" && f[3] == "(default)" {
			return strings.Join(f[7:], "\n") + "\n"
		}
	}
	t.Fatalf("no regionsplitter.tsv row for %s n=%d", algo, n)
	return ""
}

// TestSplitsGolden runs `presplit splits` end to end: stdout is compared byte for byte with
// testdata/splits/NAME.golden (rewritten with -update) and, where the issue states the
// answer, with that answer computed independently.
func TestSplitsGolden(t *testing.T) {
	evenKeys := "" // dec:2 in 50 regions: 02, 04, ..., 98
	for i := 2; i < 100; i += 2 {
		evenKeys += fmt.Sprintf("%02d\n", i)
	}
	tests := []struct {
		name       string
		args       []string
		want       string // the expected stdout when known independently; "" = golden only
		wantStderr string
	}{
		{name: "dec2-10", args: []string{"--prefix", "dec:2", "--regions", "10"}, want: splitsLines("%d0", 1, 10)},
		{name: "hex2-16", args: []string{"--prefix", "hex:2", "--regions", "16"}, want: splitsLines("%x0", 1, 16)},
		{name: "dec2-100-suffix", args: []string{"--prefix", "dec:2", "--regions", "100", "--suffix", "|"}, want: splitsLines("%02d|", 0, 99)},
		{name: "byte16-16", args: []string{"--prefix", "byte:16", "--regions", "16"}, want: splitsLines(`\x%02X`, 1, 16)},
		{name: "HexStringSplit-10", args: []string{"--algo", "HexStringSplit", "--regions", "10"}, want: splitsRefKeys(t, "HexStringSplit", 10)},
		{name: "UniformSplit-5", args: []string{"--algo", "UniformSplit", "--regions", "5"}, want: splitsRefKeys(t, "UniformSplit", 5)},
		{name: "DecimalStringSplit-4-rows", args: []string{"--algo", "DecimalStringSplit", "--regions", "4", "--first-row", "1000", "--last-row", "2000"},
			want: "1250\n1500\n1750\n"},
		{name: "hex-default-10", args: []string{"--regions", "10"},
			wantStderr: "presplit: --prefix hex: width 3 keeps the imbalance within 1% (1.0010)\n"},
		{name: "dec2-37-even", args: []string{"--prefix", "dec:2", "--regions", "37", "--align", "even"}, want: evenKeys,
			wantStderr: "presplit: --align even raised 37 regions to 50: 2 prefixes of dec:2 each\n"},
		{name: "base36", args: []string{"--prefix", "chars:0123456789abcdefghijklmnopqrstuvwxyz:2", "--regions", "8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"splits"}, tt.args...)...)
			require.Equal(t, 0, code, "stderr: %s", errOut)
			assert.Equal(t, tt.wantStderr, errOut)
			if tt.want != "" {
				assert.Equal(t, tt.want, out)
			}
			golden.Check(t, filepath.Join("testdata", "splits", tt.name+".golden"), []byte(out))
		})
	}
}

func TestSplitsNoPresplit(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantStderr string
	}{
		{name: "prefix", args: []string{"--prefix", "dec:2", "--regions", "1"},
			wantStderr: "presplit: 1 region needs no split keys; no pre-split is needed\n"},
		// HBase's own behaviour for one region: HexStringSplit.split(1) gives no keys.
		{name: "HexStringSplit", args: []string{"--algo", "HexStringSplit", "--regions", "1"},
			wantStderr: "presplit: 1 region needs no split keys; no pre-split is needed\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"splits"}, tt.args...)...)
			assert.Equal(t, 0, code)
			assert.Empty(t, out)
			assert.Equal(t, tt.wantStderr, errOut)
		})
	}
}

// TestSplitsBadInput: one line on stderr, exit 2, nothing on stdout.
func TestSplitsBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // the stderr line without "presplit: " and the newline
	}{
		{"hex0", []string{"--prefix", "hex:0", "--regions", "4"}, `--prefix hex:0: width must be a whole number from 1 to 64, got "0"`},
		{"decx", []string{"--prefix", "dec:x", "--regions", "4"}, `--prefix dec:x: width must be a whole number from 1 to 64, got "x"`},
		{"byte300", []string{"--prefix", "byte:300", "--regions", "4"}, `--prefix byte:300: bucket count must be a whole number from 1 to 256 (Phoenix SALT_BUCKETS), got "300"`},
		{"chars empty", []string{"--prefix", "chars::2", "--regions", "4"}, `--prefix chars::2: the alphabet is empty; list the bytes one position may hold, e.g. chars:0123456789abcdefghijklmnopqrstuvwxyz:2`},
		{"chars duplicate", []string{"--prefix", "chars:abcb:2", "--regions", "4"}, `--prefix chars:abcb:2: the alphabet repeats "b"; its bytes must be distinct`},
		{"unknown kind", []string{"--prefix", "md5:2", "--regions", "4"}, `--prefix md5:2: unknown kind "md5"; use hex:W, HEX:W, dec:W, chars:ALPHABET:W, byte:B, or hex, HEX, dec`},
		{"regions 0", []string{"--regions", "0"}, "--regions 0: too small (at least 1)"},
		{"regions -1", []string{"--regions", "-1"}, "--regions -1: too small (at least 1)"},
		{"regions abc", []string{"--regions", "abc"}, "--regions abc: must be a number like 1e10, 10k or 1000"},
		{"regions 1.5", []string{"--regions", "1.5"}, "--regions 1.5: must be a whole number"},
		{"regions huge", []string{"--regions", "20000000"}, "--regions 20000000: too large (at most 1e7)"},
		{"beyond the alphabet", []string{"--prefix", "hex:2", "--regions", "420"}, `--regions 420 exceeds the 256 prefixes of hex:2; use hex:3 (4096) or at most 256 regions`},
		{"beyond byte", []string{"--prefix", "byte:16", "--regions", "17"}, `--regions 17 exceeds the 16 prefixes of byte:16; use at most 16 regions`},
		{"prefix with algo", []string{"--prefix", "hex:2", "--algo", "HexStringSplit", "--regions", "4"}, `--prefix and --algo are mutually exclusive: --prefix aligns the keys with the rowkey's prefix, --algo reproduces HBase's RegionSplitter`},
		{"no regions", nil, `--regions is required: the number of regions to create`},
		{"algo without regions", []string{"--algo", "HexStringSplit"}, `--regions is required: the number of regions to create`},
		{"unknown algo", []string{"--algo", "hexstringsplit", "--regions", "4"}, `--algo must be HexStringSplit, DecimalStringSplit or UniformSplit, got "hexstringsplit"`},
		{"suffix 0", []string{"--prefix", "dec:2", "--regions", "10", "--suffix", "0"}, `--suffix "0" does not sort after every key of its region: bytes up to "9" can follow a dec:2 prefix; use "|"`},
		{"suffix empty", []string{"--prefix", "dec:2", "--regions", "10", "--suffix", ""}, `--suffix must not be empty; leave it out to split at the next prefix`},
		{"suffix with algo", []string{"--algo", "HexStringSplit", "--regions", "10", "--suffix", "|"}, `--suffix does not apply to --algo: RegionSplitter's keys are its own`},
		{"align bad", []string{"--regions", "10", "--align", "round"}, `--align must be exact or even, got "round"`},
		{"first-row without algo", []string{"--regions", "10", "--first-row", "00"}, `--first-row needs --algo: it sets RegionSplitter's firstrow`},
		{"first-row empty", []string{"--algo", "HexStringSplit", "--regions", "10", "--first-row", ""}, "--first-row must not be empty; leave it out for the algorithm's default"},
		// HBase's conditions and wording (regionsplitter.tsv has the same cases).
		{"granularity", []string{"--algo", "HexStringSplit", "--regions", "17", "--first-row", "0", "--last-row", "f"}, `--algo HexStringSplit: split granularity (17) is greater than the range (16)`},
		{"last before first", []string{"--algo", "HexStringSplit", "--regions", "4", "--first-row", "ffffffff", "--last-row", "00000000"}, `--algo HexStringSplit: last row (00000000) is configured less than first row (ffffffff)`},
		{"bad hex row", []string{"--algo", "HexStringSplit", "--regions", "4", "--first-row", "xyz"}, `--algo HexStringSplit: For input string: "xyz" under radix 16`},
		{"uniform one region", []string{"--algo", "UniformSplit", "--regions", "1"}, `--algo UniformSplit: num cannot be <= 0`},
		{"flag after argument", []string{"keys", "--regions", "4"}, `flag "--regions" comes after the argument "keys": put flags before arguments (splits takes none)`},
		{"argument", []string{"--regions", "4", "extra"}, `unexpected argument "extra": splits takes no arguments; see presplit splits --help`},
		{"unknown flag", []string{"--region", "4"}, `unknown flag --region: see --help for the command's flags`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"splits"}, tt.args...)...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Equal(t, "presplit: "+tt.want+"\n", errOut)
		})
	}
}

// A bad --format is one stderr line even when the split has notes to tell.
func TestSplitsNotesOnlyAfterSuccess(t *testing.T) {
	out, errOut, code := runCLI(t, "", "splits", "--regions", "5", "--format", "xml")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "presplit: --format must be one of report, shell, lines, splits-file, regionsplitter, csv, capacity-csv, json, java, xlsx, phoenix, cbt, terraform, html, got \"xml\"\n", errOut)
}
