package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/sample"
	"github.com/presplit/presplit/simulate"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v2"
)

// runCmd runs one command, declared with a run of the test's own, through the same error
// routing as Run: the flags are read into the options and the work is not done.
func runCmd(t *testing.T, cmd *cli.Command, args ...string) (stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	app := &cli.App{Name: "presplit", Writer: &out, ErrWriter: &errb, Commands: []*cli.Command{cmd},
		ExitErrHandler: func(*cli.Context, error) {}}
	routeUsageErrors(app)
	code = runApp(app, append([]string{"presplit", cmd.Name}, args...), &errb)
	assert.Empty(t, out.String(), "the test's run writes nothing")
	return errb.String(), code
}

// TestSimulateOptions: presplit simulate's flags fill simulateOptions once (gh's
// NewCmdX(f, runF) shape): the test's run sees the options, no simulation runs.
func TestSimulateOptions(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want simulate.Config
		fmt  string
		err  string
	}{
		{name: "defaults", want: simulate.Config{IDs: simulate.Sequential, Count: 1e6, Regions: 10, Seed: 1, Schemes: simulate.DefaultSchemes}, fmt: "table"},
		{name: "given", args: []string{"--ids", "random", "--count", "10k", "--regions", "16", "--seed", "7", "--scheme", "hash:2", "--scheme", "salt:4", "--format", "json"},
			want: simulate.Config{IDs: simulate.Random, Count: 10000, Regions: 16, Seed: 7, Schemes: []simulate.Scheme{{Kind: "hash", Param: 2}, {Kind: "salt", Param: 4}}}, fmt: "json"},
		{name: "bad ids", args: []string{"--ids", "uuid"}, err: `presplit: --ids must be sequential, random or timestamp, got "uuid"` + "\n"},
		{name: "bad scheme", args: []string{"--scheme", "hash:99"}, err: `presplit: --scheme hash:W needs W from 1 to 8, got "hash:99"` + "\n"},
		{name: "bad format", args: []string{"--format", "xml"}, err: `presplit: --format must be one of table, csv, json, html, got "xml"` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *simulateOptions
			errOut, code := runCmd(t, newCmdSimulate(func(o *simulateOptions) error { got = o; return nil }), tt.args...)
			if tt.err != "" {
				assert.Equal(t, exitUsage, code)
				assert.Equal(t, tt.err, errOut)
				assert.Nil(t, got)
				return
			}
			require.Equal(t, exitOK, code, errOut)
			require.NotNil(t, got)
			assert.Equal(t, tt.want, got.Config)
			assert.Equal(t, tt.fmt, got.Format)
		})
	}
}

func TestKeysOptions(t *testing.T) {
	var got *keysOptions
	errOut, code := runCmd(t, newCmdKeys(func(o *keysOptions) error { got = o; return nil }), "--scheme", "mod:3", "--count", "5", "--ids", "timestamp")
	require.Equal(t, exitOK, code, errOut)
	require.NotNil(t, got)
	assert.Equal(t, simulate.Scheme{Kind: "mod", Param: 3}, got.Scheme)
	assert.Equal(t, simulate.Timestamp, got.IDs)
	assert.Equal(t, 5, got.Count)
	assert.Equal(t, uint64(1), got.Seed)

	errOut, code = runCmd(t, newCmdKeys(func(*keysOptions) error { t.Fatal("ran with a bad scheme"); return nil }), "--scheme", "zigzag")
	assert.Equal(t, exitUsage, code)
	assert.True(t, strings.HasPrefix(errOut, "presplit: --scheme must be plain, salt:B"), errOut)
}

// TestSplitsOptions: presplit splits' flags fill splitsOptions once, the design merged
// and validated, the output flags read; the test's run builds nothing.
func TestSplitsOptions(t *testing.T) {
	var got *splitsOptions
	run := func(o *splitsOptions) error { got = o; return nil }
	errOut, code := runCmd(t, newCmdSplits(run), "--regions", "16", "--prefix", "hex:2", "--family", "d:ttl=7d", "--format", "shell", "-o", "-", "--fail-on", "warning")
	require.Equal(t, exitOK, code, errOut)
	require.NotNil(t, got)
	d := got.Config.design
	assert.Equal(t, int64(16), d.Splits.Regions.V)
	assert.Equal(t, "--regions", d.Splits.Regions.Src, "a value remembers where it came from")
	assert.Equal(t, "hex:2", d.Rowkey.Prefix.V)
	assert.Equal(t, "d:ttl=7d", d.Families[0].TTL.Raw)
	assert.Equal(t, "--family", d.Families[0].TTL.Src)
	assert.Equal(t, "shell", got.Output.Format)
	assert.Equal(t, "-", got.Output.Path)
	assert.True(t, got.Output.PathGiven)
	assert.Equal(t, failOn{sev: finding.Warning}, got.Output.FailOn)

	got = nil
	errOut, code = runCmd(t, newCmdSplits(run), "--regions", "16", "--format", "yaml")
	assert.Equal(t, exitUsage, code)
	assert.Nil(t, got)
	assert.True(t, strings.HasPrefix(errOut, `presplit: --format must be one of report, shell, lines`), errOut)
}

// TestPlanOptions: presplit plan's flags fill planOptions once; the test's run sizes
// nothing.
func TestPlanOptions(t *testing.T) {
	var got *planOptions
	errOut, code := runCmd(t, newCmdPlan(func(o *planOptions) error { got = o; return nil }),
		"--daily", "500GB", "--retention", "30d", "--redundancy", "2", "--format", "json")
	require.Equal(t, exitOK, code, errOut)
	require.NotNil(t, got)
	cp := got.Config.design.Capacity
	assert.Equal(t, float64(500<<30), cp.Daily.V)
	assert.Equal(t, int64(30*86400), cp.Retention.V)
	assert.Equal(t, "30d", cp.Retention.Raw)
	assert.Equal(t, 2.0, cp.Redundancy.V)
	assert.Equal(t, "--redundancy", cp.Redundancy.Src)
	assert.True(t, got.Config.opt.PlaceholderFamilies, "no family flag given")
	assert.Equal(t, "json", got.Output.Format)

	// The design is validated once, as the flags are read: the run never sees a bad one.
	got = nil
	errOut, code = runCmd(t, newCmdPlan(func(o *planOptions) error { got = o; return nil }), "--daily", "500GB")
	assert.Equal(t, exitUsage, code)
	assert.Nil(t, got)
	assert.Equal(t, "presplit: --daily needs --retention: how long the data is kept, like 30d\n", errOut)
}

func TestLintOptions(t *testing.T) {
	var got *lintOptions
	run := func(o *lintOptions) error { got = o; return nil }
	errOut, code := runCmd(t, newCmdLint(run), "--strict", "--format", "json", "orders.yaml")
	require.Equal(t, exitOK, code, errOut)
	require.NotNil(t, got)
	assert.Equal(t, lintOptions{Spec: "orders.yaml", Strict: true, Format: "json", Output: "-", Out: got.Out}, *got)

	got = nil
	errOut, code = runCmd(t, newCmdLint(run), "a.yaml", "b.yaml")
	assert.Equal(t, exitUsage, code)
	assert.Nil(t, got)
	assert.Equal(t, "presplit: lint takes one spec file, got 2 arguments: unexpected argument b.yaml after the spec file a.yaml\n", errOut)
}

// TestRegionsOptions: presplit regions' flags fill regionsOptions once (the prefix parsed,
// the merge arity of the target decided); the test's run reads no file.
func TestRegionsOptions(t *testing.T) {
	var got *regionsOptions
	run := func(o *regionsOptions) error { got = o; return nil }
	errOut, code := runCmd(t, newCmdRegions(run), "--list-regions", "no-such-file.txt", "--jmx", "rs1.json", "--jmx", "rs2.json",
		"--prefix", "byte:16", "--salt", "--region-size", "4g", "--target-regions", "40", "--batch", "10", "--pause", "1m",
		"--hbase-version", "2.2.3", "--format", "shell", "-o", "plan.rb")
	require.Equal(t, exitOK, code, errOut)
	require.NotNil(t, got)
	assert.Equal(t, "no-such-file.txt", got.ListRegions)
	assert.Empty(t, got.GetSplits)
	assert.Equal(t, []string{"rs1.json", "rs2.json"}, got.JMX)
	require.NotNil(t, got.Plan.Prefix)
	assert.Equal(t, "byte:16", got.Plan.Prefix.String())
	assert.True(t, got.Plan.Salt)
	assert.Equal(t, int64(4<<30), got.Plan.RegionSize)
	assert.Equal(t, 40, got.Plan.TargetRegions)
	assert.Equal(t, 2, got.Plan.MergeArity, "merge_region names two regions before 2.2.4")
	assert.Equal(t, 10, got.Plan.Batch)
	assert.Equal(t, int64(60), got.Plan.Pause)
	assert.Equal(t, "shell", got.Format)
	assert.Equal(t, "plan.rb", got.Output)

	for _, tt := range []struct {
		name string
		args []string
		err  string
	}{
		{name: "no input", args: nil, err: "presplit: no regions to read: give --list-regions FILE (the output of list_regions 'TABLE') or --get-splits FILE\n"},
		{name: "salt without prefix", args: []string{"--get-splits", "s.txt", "--salt"},
			err: "presplit: --salt needs --prefix: the salt is the prefix's leading bucket (--prefix byte:16 for SALT_BUCKETS = 16)\n"},
		{name: "bad format", args: []string{"--get-splits", "s.txt", "--format", "xml"},
			err: `presplit: --format must be one of report, shell, csv, json, html, got "xml"` + "\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got = nil
			errOut, code := runCmd(t, newCmdRegions(run), tt.args...)
			assert.Equal(t, exitUsage, code)
			assert.Nil(t, got)
			assert.Equal(t, tt.err, errOut)
		})
	}
}

// TestVerifyOptions: presplit verify's flags fill verifyOptions once: the split's source
// chosen (a file, or the design validated), the gates parsed; the test's run counts nothing.
func TestVerifyOptions(t *testing.T) {
	var got *verifyOptions
	run := func(o *verifyOptions) error { got = o; return nil }
	errOut, code := runCmd(t, newCmdVerify(run), "--splits-file", "testdata/regions/hexstring.splits.txt", "--keys", "keys.txt",
		"--max-skew", "1.5", "--fail-empty", "--raw", "--format", "json", "--hbase-version", "2.4")
	require.Equal(t, exitOK, code, errOut)
	require.NotNil(t, got)
	assert.Equal(t, "testdata/regions/hexstring.splits.txt", got.SplitsFile)
	assert.Nil(t, got.Config)
	assert.Equal(t, "keys.txt", got.Keys)
	assert.Equal(t, 1.5, got.MaxSkew)
	assert.Equal(t, "1.5", got.MaxSkewRaw)
	assert.True(t, got.FailEmpty)
	assert.True(t, got.Raw)
	assert.Equal(t, "json", got.Format)
	assert.Equal(t, "2.4", got.Target.String())
	assert.Equal(t, []string{"Split keys: the splits file testdata/regions/hexstring.splits.txt."}, got.Inputs)

	got = nil
	errOut, code = runCmd(t, newCmdVerify(run), "--prefix", "hex:2", "--regions", "16")
	require.Equal(t, exitOK, code, errOut)
	require.NotNil(t, got.Config, "a generated split: the design")
	assert.Equal(t, int64(16), got.Config.design.Splits.Regions.V)
	assert.Equal(t, "--regions", got.Config.design.Splits.Regions.Src)
	assert.Empty(t, got.SplitsFile)

	for _, tt := range []struct {
		name string
		args []string
		err  string
	}{
		{name: "bad skew", args: []string{"--max-skew", "0.5"}, err: `presplit: --max-skew must be a number from 1 to 1e300 (skew is largest region / mean), got "0.5"` + "\n"},
		{name: "two splits", args: []string{"--splits-file", "testdata/regions/hexstring.splits.txt", "--regions", "4"},
			err: "presplit: --splits-file and --regions both choose the split keys: give one of them\n"},
		{name: "stdin twice", args: []string{"--sample", "-", "--keys", "-"},
			err: "presplit: --sample - and --keys - both read stdin, which can be read once: give one of them as a file\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got = nil
			errOut, code := runCmd(t, newCmdVerify(run), tt.args...)
			assert.Equal(t, exitUsage, code)
			assert.Nil(t, got)
			assert.Equal(t, tt.err, errOut)
		})
	}
}

// TestSampleOptions: presplit sample's flags fill sampleOptions once; the test's run
// reads no key.
func TestSampleOptions(t *testing.T) {
	var got *sampleOptions
	run := func(o *sampleOptions) error { got = o; return nil }
	errOut, code := runCmd(t, newCmdSample(run), "--keys", "a.txt", "--keys", "b.txt", "--sample-format", "tsv", "--raw", "-o", "shard.sketch")
	require.Equal(t, exitOK, code, errOut)
	require.NotNil(t, got)
	assert.Equal(t, []string{"a.txt", "b.txt"}, got.Keys)
	assert.Equal(t, sample.ReadOptions{Format: "tsv", Raw: true}, got.Read)
	assert.Equal(t, "shard.sketch", got.Output)

	got = nil
	errOut, code = runCmd(t, newCmdSample(run))
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, []string{"-"}, got.Keys, "no --keys: stdin")
	assert.Equal(t, "-", got.Output)

	got = nil
	errOut, code = runCmd(t, newCmdSample(run), "--sample-format", "xml")
	assert.Equal(t, exitUsage, code)
	assert.Nil(t, got)
	assert.True(t, strings.HasPrefix(errOut, "presplit: --sample-format must be one of "), errOut)
}
