package cli

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/quantity"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v2"
)

// flagsTestFlags declares one flag of each kind, with the rules the commands will give them.
func flagsTestFlags() []cli.Flag {
	replication := newIntFlag("replication", "HDFS replication `N`", "3", 1, 512)
	replication.Aliases = []string{"r"}
	return []cli.Flag{
		newCountFlag("rows", "number of rows `N`", "", 0),
		newIntFlag("regions", "create `N` regions", "", 1, splits.MaxRegions),
		newIntFlag("row-len", "rowkey length in `BYTES`", "", 0, 1<<20),
		replication,
		newSizeFlag("kv", "average bytes per row, `SIZE`", "", sizeRule{}),
		newSizeFlag("region-size", "target `SIZE` per region", "10g", sizeRule{Whole: true, Min: 1 << 20}),
		newSizeFlag("block-size", "BLOCKSIZE `SIZE`", "", sizeRule{Whole: true, Min: hbase.MinBlockSize, Max: hbase.MaxBlockSize}),
		newRatioFlag("compression-ratio", "stored / raw `RATIO`", "1.0", ratioRule{Min: 0, MinOpen: true, Max: 2}),
		newRatioFlag("redundancy", "`FACTOR`", "1.5", ratioRule{Min: 1, Max: 10}),
		newDurationFlag("retention", "how long data is kept, `DURATION`", "", durationRule{WholeDays: true, Min: 86400}),
		&cli.BoolFlag{Name: "in-memory"},
	}
}

// flagsTestRun runs a throwaway app whose one command, t, declares flagsTestFlags and prints
// every typed value as name=value/set/IsSet, through the same error routing as Run.
func flagsTestRun(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	app := &cli.App{
		Name: "presplit", Writer: &out, ErrWriter: &errb,
		ExitErrHandler: func(*cli.Context, error) {},
		Commands: []*cli.Command{{
			Name:  "t",
			Flags: flagsTestFlags(),
			Action: func(c *cli.Context) error {
				show := func(name string, v any, set bool) {
					fmt.Fprintf(&out, "%s=%v/%v/%v\n", name, v, set, c.IsSet(name))
				}
				v, set := countOf(c, "rows")
				show("rows", v, set)
				for _, n := range []string{"regions", "row-len", "replication"} {
					v, set := intOf(c, n)
					show(n, v, set)
				}
				for _, n := range []string{"kv", "region-size", "block-size"} {
					v, set := sizeOf(c, n)
					show(n, v, set)
				}
				for _, n := range []string{"compression-ratio", "redundancy"} {
					v, set := ratioOf(c, n)
					show(n, v, set)
				}
				d, set := durationOf(c, "retention")
				show("retention", d, set)
				return nil
			},
		}},
	}
	routeUsageErrors(app)
	code = runApp(app, append([]string{"presplit", "t"}, args...), &errb)
	return out.String(), errb.String(), code
}

func TestTypedFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string // lines of stdout (name=value/set/IsSet) that must appear
		err  string   // else the whole stderr line, without "presplit: " and the newline
	}{
		{name: "defaults are not set", args: nil, want: []string{
			"rows=0/false/false", "regions=0/false/false", "replication=3/false/false",
			"region-size=1.073741824e+10/false/false", "compression-ratio=1/false/false",
			"redundancy=1.5/false/false", "retention=0/false/false"}},

		{name: "rows e notation", args: []string{"--rows", "1e10"}, want: []string{"rows=1e+10/true/true"}},
		{name: "rows SI", args: []string{"--rows", "10k"}, want: []string{"rows=10000/true/true"}},
		{name: "rows equals form", args: []string{"--rows=2.5e9"}, want: []string{"rows=2.5e+09/true/true"}},
		{name: "rows too large", args: []string{"--rows", "5e18"}, err: "--rows 5e18: too large (at most 1e18)"},
		{name: "rows beyond float", args: []string{"--rows", "1e400"}, err: "--rows 1e400: too large (at most 1e18)"},
		{name: "rows zero", args: []string{"--rows", "0"}, err: "--rows 0: must be positive"},
		{name: "rows fraction", args: []string{"--rows", "2.5"}, err: "--rows 2.5: must be a whole number"},
		{name: "rows garbage", args: []string{"--rows", "lots"}, err: "--rows lots: must be a number like 1e10, 10k or 1000"},
		{name: "rows NaN", args: []string{"--rows", "NaN"}, err: "--rows NaN: must be a number like 1e10, 10k or 1000"},

		{name: "regions e notation", args: []string{"--regions", "1e3"}, want: []string{"regions=1000/true/true"}},
		{name: "regions SI", args: []string{"--regions", "10k"}, want: []string{"regions=10000/true/true"}},
		{name: "regions plain", args: []string{"--regions", "1000"}, want: []string{"regions=1000/true/true"}},
		{name: "regions max", args: []string{"--regions", "1e7"}, want: []string{"regions=10000000/true/true"}},
		{name: "regions too many", args: []string{"--regions", "10000001"}, err: "--regions 10000001: too large (at most 1e7)"},
		{name: "regions zero", args: []string{"--regions", "0"}, err: "--regions 0: too small (at least 1)"},
		{name: "regions negative", args: []string{"--regions", "-4"}, err: "--regions -4: too small (at least 1)"},
		{name: "regions fraction", args: []string{"--regions", "1.5k"}, want: []string{"regions=1500/true/true"}},
		{name: "regions not whole", args: []string{"--regions", "2.5"}, err: "--regions 2.5: must be a whole number"},
		{name: "row-len zero allowed", args: []string{"--row-len", "0"}, want: []string{"row-len=0/true/true"}},
		{name: "row-len negative", args: []string{"--row-len", "-1"}, err: "--row-len -1: too small (at least 0)"},
		{name: "alias named by its long name", args: []string{"-r", "0"}, err: "--replication 0: too small (at least 1)"},
		{name: "alias sets the value", args: []string{"-r", "2"}, want: []string{"replication=2/true/true"}},

		{name: "region size 10g", args: []string{"--region-size", "10g"}, want: []string{"region-size=1.073741824e+10/true/true"}},
		{name: "region size 10GB", args: []string{"--region-size", "10GB"}, want: []string{"region-size=1.073741824e+10/true/true"}},
		{name: "region size not whole", args: []string{"--region-size", "1.5B"}, err: "--region-size 1.5B: must be whole bytes"},
		{name: "region size too small", args: []string{"--region-size", "1023K"}, err: "--region-size 1023K: too small (at least 1MiB)"},
		{name: "region size too large", args: []string{"--region-size", "2E"}, err: "--region-size 2E: too large (at most 1EiB)"},
		{name: "kv keeps its fraction", args: []string{"--kv", "300.7B"}, want: []string{"kv=300.7/true/true"}},
		{name: "kv spaced unit", args: []string{"--kv", "1 KB"}, want: []string{"kv=1024/true/true"}},
		{name: "kv negative", args: []string{"--kv", "-3B"}, err: "--kv -3B: must be positive"},
		{name: "kv empty", args: []string{"--kv", ""}, err: `--kv "": must be a size like 300B, 64K or 10g`},
		{name: "kv spaced garbage quoted", args: []string{"--kv", "16 gigs"}, err: `--kv "16 gigs": must be a size like 300B, 64K or 10g`},
		{name: "block size 64KB", args: []string{"--block-size", "64KB"}, want: []string{"block-size=65536/true/true"}},
		{name: "block size too large", args: []string{"--block-size", "32M"}, err: "--block-size 32M: too large (at most 16MiB)"},
		{name: "block size too small", args: []string{"--block-size", "512"}, err: "--block-size 512: too small (at least 1KiB)"},

		{name: "ratio", args: []string{"--compression-ratio", "0.35"}, want: []string{"compression-ratio=0.35/true/true"}},
		{name: "ratio max", args: []string{"--compression-ratio", "2"}, want: []string{"compression-ratio=2/true/true"}},
		{name: "ratio zero", args: []string{"--compression-ratio", "0"}, err: "--compression-ratio 0: too small (above 0)"},
		{name: "ratio too large", args: []string{"--compression-ratio", "2.5"}, err: "--compression-ratio 2.5: too large (at most 2)"},
		{name: "ratio NaN", args: []string{"--compression-ratio", "NaN"}, err: "--compression-ratio NaN: must be a number like 0.35"},
		{name: "ratio Inf", args: []string{"--redundancy", "+Inf"}, err: "--redundancy +Inf: must be a number like 0.35"},
		{name: "ratio closed min", args: []string{"--redundancy", "0.5"}, err: "--redundancy 0.5: too small (at least 1)"},

		{name: "retention 1y", args: []string{"--retention", "1y"}, want: []string{"retention=31536000/true/true"}},
		{name: "retention 720h", args: []string{"--retention", "720h"}, want: []string{"retention=2592000/true/true"}},
		{name: "retention partial day", args: []string{"--retention", "36h"}, err: "--retention 36h: must be a whole number of days"},
		{name: "retention zero", args: []string{"--retention", "0"}, err: "--retention 0: too small (at least 1d)"},
		{name: "retention garbage", args: []string{"--retention", "a month"}, err: `--retention "a month": must be a duration like 30d, 52w, 1y or 720h`},

		{name: "bool flag", args: []string{"--in-memory=maybe"}, err: "--in-memory maybe: must be true or false"},
		{name: "unknown flag", args: []string{"--rowz", "1"}, err: "unknown flag --rowz: see --help for the command's flags"},
		{name: "missing value", args: []string{"--rows"}, err: "--rows needs a value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := flagsTestRun(tt.args...)
			if tt.err != "" {
				assert.Equal(t, "presplit: "+tt.err+"\n", errOut)
				assert.Equal(t, exitUsage, code)
				assert.Empty(t, out)
				return
			}
			require.Equal(t, exitOK, code, errOut)
			lines := strings.Split(out, "\n")
			for _, w := range tt.want {
				assert.Contains(t, lines, w)
			}
		})
	}
}

// TestTypedFlagsHelp: help shows a default as written, and none where there is none.
func TestTypedFlagsHelp(t *testing.T) {
	for _, f := range flagsTestFlags() {
		g, ok := declared(f).(*cli.GenericFlag)
		if !ok {
			continue
		}
		switch g.Name {
		case "region-size":
			assert.Equal(t, "10g", g.GetDefaultText())
		case "rows", "kv":
			assert.Equal(t, "", g.GetDefaultText())
		}
	}
}

// TestTypedFlagsBadDefault: a default that breaks its own rule is a mistake in the
// declarations, caught at once.
func TestTypedFlagsBadDefault(t *testing.T) {
	assert.PanicsWithValue(t, `cli: default "1.5B" of --region-size: must be whole bytes`, func() {
		newSizeFlag("region-size", "", "1.5B", sizeRule{Whole: true})
	})
}

func TestUsageFromFlagError(t *testing.T) {
	flags := []cli.Flag{&cli.StringFlag{Name: "format", Aliases: []string{"F"}}, &cli.StringFlag{Name: "o"}}
	tests := []struct{ in, want string }{
		{`invalid value "5e18" for flag -rows: too large (at most 1e18)`, `--rows 5e18: too large (at most 1e18)`},
		{`invalid value "x" for flag -F: must be one of text, csv`, `--format x: must be one of text, csv`},
		{`invalid value "x" for flag -o: bad`, `-o x: bad`},
		{`invalid value "a\"b" for flag -rows: bad`, `--rows "a\"b": bad`},
		{`invalid value "1\t2" for flag -rows: bad`, `--rows "1\t2": bad`},
		{`invalid boolean value "maybe" for -in-memory: parse error`, `--in-memory maybe: must be true or false`},
		{`flag provided but not defined: -rowz`, `unknown flag --rowz: see --help for the command's flags`},
		{`flag provided but not defined: -x`, `unknown flag -x: see --help for the command's flags`},
		{`invalid value 5e18 for flag -rows: x`, `invalid value 5e18 for flag -rows: x`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			assert.Equal(t, tt.want, usageFromFlagError(flags, fmt.Errorf("%s", tt.in)))
		})
	}
}

// FuzzTypedFlagValues: every typed value either refuses a text with a one-line rule or
// holds a value within its range, and never panics.
func FuzzTypedFlagValues(f *testing.F) {
	for _, s := range []string{"1e3", "10k", "5e18", "10g", "64KB", "300.7B", "1.5B", "0", "-1", "NaN", "30d", "36h", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		check := func(kind string, err error, ok bool) {
			if err != nil && (err.Error() == "" || strings.ContainsAny(err.Error(), "\n")) {
				t.Fatalf("%s %q: rule %q", kind, s, err)
			}
			if err == nil && !ok {
				t.Fatalf("%s %q accepted out of range", kind, s)
			}
		}
		c := &countValue{max: 1e18}
		err := c.Set(s)
		check("count", err, c.v >= 1 && c.v <= 1e18)
		i := &intValue{min: 1, max: splits.MaxRegions}
		err = i.Set(s)
		check("int", err, i.v >= 1 && i.v <= splits.MaxRegions)
		z := &sizeValue{rule: sizeRule{Whole: true, Min: 1 << 20}}
		err = z.Set(s)
		check("size", err, z.v >= 1<<20 && z.v == float64(int64(z.v)))
		r := &ratioValue{rule: ratioRule{Min: 0, MinOpen: true, Max: 2}}
		err = r.Set(s)
		check("ratio", err, r.v > 0 && r.v <= 2)
		d := &durationValue{rule: durationRule{WholeDays: true, Min: 86400}}
		err = d.Set(s)
		check("duration", err, d.secs >= 86400 && d.secs%86400 == 0)
	})
}

// TestFlagDesign: a typed flag value remembers its flag and the text it was given, so one
// look-up yields the design's value with its source (Src, Raw); a default is not Set.
func TestFlagDesign(t *testing.T) {
	var got []any
	cmd := &cli.Command{Name: "x", Flags: []cli.Flag{
		newSizeFlag("region-size", "", "10g", sizeRule{Whole: true}),
		newIntFlag("regions", "", "", 1, 100),
		newDurationFlag("retention", "", "", durationRule{}),
		newRateFlag("write-rate", ""),
	}, Action: func(c *cli.Context) error {
		got = []any{flagDesign[float64](c, "region-size"), flagDesign[int64](c, "regions"),
			flagDesign[int64](c, "retention"), flagDesign[quantity.Rate](c, "write-rate")}
		return nil
	}}
	errOut, code := runCmd(t, cmd, "--regions", "1e1", "--retention", "30d")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, tablespec.Value[float64]{V: 10 << 30, Raw: "10g", Src: "--region-size"}, got[0], "the default: not set")
	assert.Equal(t, tablespec.Value[int64]{V: 10, Set: true, Raw: "1e1", Src: "--regions"}, got[1])
	assert.Equal(t, tablespec.Value[int64]{V: 30 * 86400, Set: true, Raw: "30d", Src: "--retention"}, got[2])
	assert.Equal(t, tablespec.Value[quantity.Rate]{Src: "--write-rate"}, got[3])
}

// TestOneIntegerSyntax pins one integer syntax: every count flag, typed values and family
// settings alike, reads decimal only and words the same mistake the same way.
func TestOneIntegerSyntax(t *testing.T) {
	flags := [][]string{
		{"plan", "--rows", "1e9", "--kv", "1k", "--versions"},
		{"plan", "--rows", "1e9", "--kv", "1k", "--min-versions"},
		{"plan", "--rows", "1e9", "--kv", "1k", "--region-replication"},
		{"plan", "--rows", "1e9", "--kv", "1k", "--region-servers"},
		{"splits", "--prefix", "hex:2", "--regions"},
	}
	mistakes := map[string]string{
		"0x10": "counts are decimal: write 16",
		"0o10": "counts are decimal: write 8",
		"0b10": "counts are decimal: write 2",
		"1_0":  "counts are decimal: write 10",
		"010":  "a leading zero is octal to some readers and decimal to others: write 10",
		"ten":  "must be a number like 1e10, 10k or 1000",
		"2.5":  "must be a whole number",
	}
	for _, f := range flags {
		for in, rule := range mistakes {
			name := f[len(f)-1]
			t.Run(name+" "+in, func(t *testing.T) {
				stdout, stderr, code := runCLI(t, "", append(append([]string{}, f...), in)...)
				assert.Equal(t, exitUsage, code)
				assert.Empty(t, stdout)
				assert.Equal(t, "presplit: "+name+" "+in+": "+rule+"\n", stderr)
			})
		}
	}
	// The suffixes a count flag documents are read by the family settings too.
	stdout, _, code := runCLI(t, "", "plan", "--rows", "1e9", "--kv", "1k", "--versions", "1k", "-F", "shell")
	assert.Equal(t, 0, code)
	assert.Contains(t, stdout, "VERSIONS => 1000}")
}
