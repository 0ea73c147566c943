package cli

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/presplit/presplit/hbytes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gnuParse is a test double of what RegionSplitter.main gets from commons-cli: GnuParser's
// flatten, then Parser.parse with processArgs, which strips a value's surrounding double
// quotes (Util.stripLeadingAndTrailingQuotes) and ends an option's values at a token that
// is an option. Written from commons-cli's GnuParser.java, Parser.java and Util.java and
// RegionSplitter's options (D, c, f, o take a value; h, r, risky do not; firstrow and
// lastrow are long options with a value).
func gnuParse(args []string) (values map[string]string, positional []string, err error) {
	withArg := map[string]bool{"D": true, "c": true, "f": true, "o": true, "firstrow": true, "lastrow": true}
	noArg := map[string]bool{"h": true, "r": true, "risky": true}
	strip := func(s string) string {
		if strings.HasPrefix(s, "--") {
			return s[2:]
		}
		return strings.TrimPrefix(s, "-")
	}
	has := func(s string) bool { return withArg[strip(s)] || noArg[strip(s)] }
	// flatten (stopAtNonOption false).
	var tokens []string
	for _, a := range args {
		switch {
		case a == "--" || a == "-" || !strings.HasPrefix(a, "-"):
			tokens = append(tokens, a)
		case has(a):
			tokens = append(tokens, a)
		case strings.Contains(strip(a), "=") && has(strip(a)[:strings.Index(strip(a), "=")]):
			i := strings.Index(a, "=")
			tokens = append(tokens, a[:i], a[i+1:])
		case len(a) >= 2 && has(a[:2]):
			tokens = append(tokens, a[:2], a[2:])
		default:
			tokens = append(tokens, a)
		}
	}
	unquote := func(s string) string {
		if len(s) > 1 && strings.HasPrefix(s, `"`) && strings.HasSuffix(s, `"`) && !strings.Contains(s[1:len(s)-1], `"`) {
			return s[1 : len(s)-1]
		}
		return s
	}
	values = map[string]string{}
	for i := 0; i < len(tokens); i++ {
		t := tokens[i]
		switch {
		case t == "--":
			positional = append(positional, tokens[i+1:]...)
			return values, positional, nil
		case t == "-" || !strings.HasPrefix(t, "-"):
			positional = append(positional, t)
		case !has(t):
			return nil, nil, fmt.Errorf("Unrecognized option: %s", t)
		case withArg[strip(t)]:
			if i+1 >= len(tokens) || (has(tokens[i+1]) && strings.HasPrefix(tokens[i+1], "-")) {
				return nil, nil, fmt.Errorf("Missing argument for option: %s", strip(t))
			}
			i++
			values[strip(t)] = unquote(tokens[i])
		default:
			values[strip(t)] = ""
		}
	}
	return values, positional, nil
}

func TestGnuParseDouble(t *testing.T) {
	// The double itself loses what the issue says GnuParser loses.
	v, _, err := gnuParse([]string{"--firstrow", `"zz"`})
	require.NoError(t, err)
	assert.Equal(t, "zz", v["firstrow"])
	_, _, err = gnuParse([]string{"--firstrow", "-risky"})
	assert.EqualError(t, err, "Missing argument for option: firstrow")
	_, _, err = gnuParse([]string{"--lastrow", "-cab"})
	assert.EqualError(t, err, "Missing argument for option: lastrow")
	v, _, err = gnuParse([]string{"--firstrow", "-x"}) // not an option: kept
	require.NoError(t, err)
	assert.Equal(t, "-x", v["firstrow"])
}

// TestRegionSplitterRowsArriveUnchanged: every --firstrow/--lastrow presplit writes, read
// back by sh and the GnuParser double and decoded as UniformSplit decodes it
// (Bytes.toBytesBinary), is the row the plan was made with; rows that cannot arrive are
// refused with the reason.
func TestRegionSplitterRowsArriveUnchanged(t *testing.T) {
	rows := []string{`-a`, `"zz"`, `"`, `ab"c`, `--risky`, `-c`, `-`, `--`, `\x00-`, `it's; $(x)`, `-D"x"`, `"-"`, `a b`}
	for _, row := range rows {
		for _, which := range []string{"first-row", "last-row"} {
			t.Run(which+"="+row, func(t *testing.T) {
				out, errOut, code := runCLI(t, "", "splits", "--algo", "UniformSplit", "--regions", "3", "--"+which, row, "--format", "regionsplitter")
				require.Equal(t, exitOK, code, errOut)
				words := shSplit(t, strings.TrimSuffix(out, "\n"))
				require.Equal(t, []string{"hbase", "org.apache.hadoop.hbase.util.RegionSplitter"}, words[:2])
				values, positional, err := gnuParse(words[2:])
				require.NoError(t, err, "%q", out)
				assert.Equal(t, []string{"t1", "UniformSplit"}, positional)
				assert.Equal(t, "3", values["c"])
				assert.Equal(t, "cf", values["f"])
				opt := strings.ReplaceAll(which, "-", "")
				got, err := hbytes.ToBytesBinary(values[opt])
				require.NoError(t, err)
				want, _ := hbytes.ToBytesBinary(row)
				assert.Equal(t, want, got, "%s arrives as %q", opt, values[opt])
			})
		}
	}
}

func TestRegionSplitterRefusesWhatGnuParserLoses(t *testing.T) {
	tests := []struct {
		name string
		args []string
		err  string
	}{
		{name: "family that is an option", args: []string{"--algo", "HexStringSplit", "--family=-risky"},
			err: "--format regionsplitter: -f -risky would not reach RegionSplitter as written: GnuParser reads -risky as RegionSplitter's option; rename the family or use --format shell"},
		{name: "family starting with an option letter", args: []string{"--algo", "HexStringSplit", "--family=-cf"},
			err: "--format regionsplitter: -f -cf would not reach RegionSplitter as written: GnuParser reads -cf as RegionSplitter's option; rename the family or use --format shell"},
		{name: "family in double quotes", args: []string{"--algo", "HexStringSplit", "--family", `"d"`},
			err: `--format regionsplitter: -f '"d"' would not reach RegionSplitter as written: GnuParser strips the double quotes around a value; rename the family or use --format shell`},
		{name: "families ending in a quote", args: []string{"--algo", "HexStringSplit", "--family", `a`, "--family", `b"`},
			err: `--format regionsplitter: -f 'a:b"' would not reach RegionSplitter as written: GnuParser strips the double quotes around a value; rename the family or use --format shell`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"splits", "--regions", "2", "--format", "regionsplitter"}, tt.args...)...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, "presplit: "+tt.err+"\n", errOut)
		})
	}
	// The double agrees: each refused value, given as is, does not arrive.
	for _, v := range []string{"-risky", "-cf", `"d"`} {
		got, _, err := gnuParse([]string{"-f", v})
		assert.True(t, err != nil || got["f"] != v, "%q", v)
	}
	// A family that starts with '-' but names no option arrives, and is written.
	out, errOut, code := runCLI(t, "", "splits", "--regions", "2", "--format", "regionsplitter", "--algo", "HexStringSplit", "--family=-x")
	require.Equal(t, exitOK, code, errOut)
	got, _, err := gnuParse(shSplit(t, strings.TrimSuffix(out, "\n"))[2:])
	require.NoError(t, err)
	assert.Equal(t, "-x", got["f"])
}

// shSplit splits a command line with a real sh, as the user's shell will.
func shSplit(t *testing.T, line string) []string {
	t.Helper()
	out, err := exec.Command("sh", "-c", `printf '%s\0' `+line).Output()
	require.NoError(t, err, line)
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

// TestUniformSplitEmptyFirstRow: HBase accepts --firstrow ” for UniformSplit (the empty
// row) and, per its Bytes.split (inclusive), splits 2 regions up to \xFF at \x80.
func TestUniformSplitEmptyFirstRow(t *testing.T) {
	out, errOut, code := runCLI(t, "", "splits", "--algo", "UniformSplit", "--regions", "2", "--first-row", "", "--last-row", `\xFF`)
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "\\x80\n", out)
	// The empty first row is UniformSplit's default: RegionSplitter needs no --firstrow.
	out, errOut, code = runCLI(t, "", "splits", "--algo", "UniformSplit", "--regions", "2", "--first-row", "", "--last-row", `\xFF`, "--format", "regionsplitter")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "hbase org.apache.hadoop.hbase.util.RegionSplitter t1 UniformSplit -c 2 -f cf --lastrow '\\xFF'\n", out)
	for _, args := range [][]string{{"--algo", "HexStringSplit", "--first-row", ""}, {"--algo", "UniformSplit", "--last-row", ""}} {
		_, errOut, code = runCLI(t, "", append([]string{"splits", "--regions", "2"}, args...)...)
		assert.Equal(t, exitUsage, code)
		assert.Contains(t, errOut, "must not be empty")
	}
}
