package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/presplit/presplit/finding"
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
	assert.Equal(t, lintOptions{Spec: "orders.yaml", Strict: true, Format: "json", Out: got.Out}, *got)

	got = nil
	errOut, code = runCmd(t, newCmdLint(run), "a.yaml", "b.yaml")
	assert.Equal(t, exitUsage, code)
	assert.Nil(t, got)
	assert.Equal(t, "presplit: lint takes one spec file, got 2 arguments\n", errOut)
}
