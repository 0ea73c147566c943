package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/sample"
	"github.com/presplit/presplit/tablespec"
)

// specFlag is -f/--spec FILE: a YAML table spec whose fields act as flag defaults.
func specFlag() cli.Flag {
	return &cli.StringFlag{Name: "spec", Aliases: []string{"f"}, Usage: "table spec `FILE` (YAML); flags given beside it override its fields"}
}

// specRead reads and parses a spec file; every failure is a usage error naming the file.
func specRead(path string) (*tablespec.Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageErrorf("cannot read spec %q: %v", path, specPathError(err))
	}
	defer func() { _ = f.Close() }() // read only: Close has nothing to lose
	if fi, err := f.Stat(); err == nil {
		if fi.IsDir() {
			return nil, usageErrorf("cannot read spec %q: it is a directory", path)
		}
		if err := tablespec.CheckSize(path, fi.Size()); err != nil {
			return nil, usageErrorf("%v", err)
		}
	}
	data, err := io.ReadAll(io.LimitReader(f, tablespec.MaxSize+1))
	if err != nil {
		return nil, usageErrorf("cannot read spec %q: %v", path, specPathError(err))
	}
	if len(data) > tablespec.MaxSize { // a device or a pipe: its size is not known, only that it is too big
		return nil, usageErrorf("%s: more than %d bytes; a table spec is at most %d bytes (1 MiB)", path, tablespec.MaxSize, tablespec.MaxSize)
	}
	s, err := tablespec.Parse(path, data)
	if err != nil {
		return nil, usageErrorf("%v", err)
	}
	return s, nil
}

// specPathError drops the path that *PathError repeats.
// specRelative is a path named in a spec (its splits file): relative to the spec's folder.
func specRelative(specPath, file string) string {
	if filepath.IsAbs(file) {
		return file
	}
	return filepath.Join(filepath.Dir(specPath), file)
}

func specPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// lintOptions are presplit lint's inputs, filled once from its flags and argument.
type lintOptions struct {
	Spec   string // the spec file
	Strict bool   // warnings fail too: --strict, or --fail-on warning
	None   bool   // --fail-on none: no finding fails
	Format string // text or json
	Output string // -o: the file written, "-" for stdout
	Out    io.Writer
}

// lintFormats are lint's --format values.
var lintFormats = []string{"text", "json"}

func lintCommand() *cli.Command { return newCmdLint(runLint) }

// newCmdLint declares presplit lint: its action fills lintOptions and hands them to run
// (runLint; a test's own, to check the flags alone).
func newCmdLint(run func(*lintOptions) error) *cli.Command {
	var b strings.Builder
	for _, a := range lint.Analyzers {
		fmt.Fprintf(&b, "     %s  %-7s  %s\n", a.Code, a.Severity, a.Doc)
	}
	return &cli.Command{
		Name:      "lint",
		Usage:     "review a table spec against the HBase design guides",
		UsageText: "presplit lint [--strict] [--format text|json] [-o FILE] SPEC.yaml",
		Description: "Prints one line per finding, FILE:LINE: SEVERITY CODE: message (fix: ...), ordered by line.\n" +
			"   Exit status 1 when any finding is an error (or a warning, with --strict), else 0.\n\n" +
			"   Checks:\n" + strings.TrimRight(b.String(), "\n"),
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "strict", Usage: "fail on warnings too (--fail-on warning)"},
			failOnFlag(),
		}, documentFlags(lintFormats, "text")...),
		Action: func(c *cli.Context) error {
			opts, err := lintOptionsFrom(c)
			if err != nil {
				return err
			}
			return run(opts)
		},
	}
}

// lintOptionsFrom reads lint's flags and its one argument, the spec file.
func lintOptionsFrom(c *cli.Context) (*lintOptions, error) {
	doc, err := documentOutputFrom(c, lintFormats)
	if err != nil {
		return nil, err
	}
	gate, err := lintGate(c)
	if err != nil {
		return nil, err
	}
	args := c.Args().Slice()
	for _, a := range args {
		if strings.HasPrefix(a, "-") && a != "-" {
			return nil, usageErrorf("flag %q after the spec file: put flags first, as in presplit lint --strict spec.yaml", a)
		}
	}
	switch len(args) {
	case 0:
		return nil, usageErrorf("lint needs a spec file: presplit lint SPEC.yaml")
	case 1:
	default:
		more := ""
		if len(args) > 2 {
			more = fmt.Sprintf(" (and %d more)", len(args)-2)
		}
		return nil, usageErrorf("lint takes one spec file, got %d arguments: unexpected argument %s%s after the spec file %s", len(args), displayValue(args[1]), more, displayValue(args[0]))
	}
	return &lintOptions{Spec: args[0], Strict: gate.sev == finding.Warning && !gate.none, None: gate.none,
		Format: doc.Format, Output: doc.Path, Out: c.App.Writer}, nil
}

// lintGate is the severity lint fails on: --fail-on (error by default, as lint always
// did), with --strict the older spelling of --fail-on warning. Both given and disagreeing
// is bad usage.
func lintGate(c *cli.Context) (failOn, error) {
	gate, err := readFailOn(c)
	if err != nil || !c.Bool("strict") {
		return gate, err
	}
	if isSet(c, "fail-on") && (gate.none || gate.sev != finding.Warning) {
		return gate, usageErrorf("--strict is --fail-on warning, and --fail-on %s says otherwise: give one of them", c.String("fail-on"))
	}
	return failOn{sev: finding.Warning}, nil
}

// runLint reviews opts.Spec and writes its findings in opts.Format; exit 1 when one is
// an error (or a warning, with Strict).
func runLint(opts *lintOptions) error {
	path := opts.Spec
	p, err := lintPlan(path)
	if err != nil {
		return err
	}
	reports := p.Findings
	var out bytes.Buffer
	if opts.Format == "json" {
		b, err := marshalFindings(path, reports)
		if err != nil {
			return err
		}
		out.Write(b)
	} else {
		for _, r := range reports {
			out.WriteString(formatFinding(path, r) + "\n")
		}
		if len(reports) == 0 {
			fmt.Fprintf(&out, "%s: no findings (%d checks)\n", quote.Terminal(path), len(lint.Analyzers))
		}
	}
	if err := writeOutputFile("-o", opts.Output, opts.Out, out.Bytes()); err != nil {
		return err
	}
	n := finding.Tally(reports)
	if !opts.None && (n.Errors > 0 || (opts.Strict && n.Warnings > 0)) {
		return &checkFailed{msg: lintSummary(n)}
	}
	return nil
}

func lintSummary(n finding.Count) string {
	plural := func(k int, word string) string {
		if k == 1 {
			return fmt.Sprintf("%d %s", k, word)
		}
		return fmt.Sprintf("%d %ss", k, word)
	}
	return fmt.Sprintf("lint: %s, %s", plural(n.Errors, "error"), plural(n.Warnings, "warning"))
}

// lintPlan is the plan lint reviews: the spec alone, built as plan -f builds it.
func lintPlan(path string) (*plan.Plan, error) {
	var err error
	cfg := &config{specPath: path}
	if cfg.design, err = specRead(path); err != nil {
		return nil, err
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if sp := cfg.design.Splits; sp != nil && sp.File.Set {
		// A file HBase would refuse is a finding (SF001); one that cannot be read is not.
		cfg.opt.SplitsFile, err = readSplitsFile(specRelative(path, sp.File.V), designTarget(cfg.design))
		var le *hbytes.LineError
		switch {
		case errors.As(err, &le):
			cfg.opt.SplitsFileErr = err
		case err != nil:
			return nil, err
		}
	}
	if err := cfg.readSampleWith(nil, nil, sample.DefaultMemory, sample.ReadOptions{}); err != nil {
		return nil, err
	}
	return cfg.build()
}
