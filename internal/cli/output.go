package cli

// The output options of plan and splits (outputGroup declares their flags), and the
// --format/-o writer.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/render"
)

// The --shell-style values.
const (
	shellStyleSplits     = "splits"
	shellStyleNumRegions = "numregions"
)

// outputOptions are the output flags of a command that renders a plan (--format, -o,
// --shell-style, --fail-on), read once by outputOptionsFrom; write renders with them.
type outputOptions struct {
	Format     string // a render.FormatNames name
	Path       string // -o, "-" for stdout
	PathGiven  bool   // -o was given (-o - too)
	ShellStyle string // shellStyleSplits or shellStyleNumRegions
	NoHeader   bool   // --no-header: a format that takes it leaves its header row out
	FailOn     failOn
	Terminal   bool // stdout is a terminal
	Out, Err   io.Writer
}

// outputOptionsFrom reads the output flags, each refused value a usage error naming it.
func outputOptionsFrom(c *cli.Context) (*outputOptions, error) { //nolint:gocyclo // one branch per output flag (--format, -o, --numregions, ...), each refusing its own bad value
	for _, a := range c.Args().Slice() {
		if strings.HasPrefix(a, "-") && a != "-" {
			return nil, usageErrorf("flag %q comes after an argument: put flags before arguments", a)
		}
	}
	o := &outputOptions{Format: c.String("format"), Path: "-", ShellStyle: shellStyleSplits,
		Terminal: isTerminal(c.App.Writer), Out: c.App.Writer, Err: c.App.ErrWriter}
	if _, ok := render.Format(o.Format); !ok {
		return nil, usageErrorf("--format must be one of %s, got %q", strings.Join(render.FormatNames(), ", "), o.Format)
	}
	var err error
	if o.FailOn, err = readFailOn(c); err != nil {
		return nil, err
	}
	if has(c, "shell-style") {
		switch o.ShellStyle = c.String("shell-style"); o.ShellStyle {
		case shellStyleSplits:
		case shellStyleNumRegions:
			if !render.TakesNumRegions(o.Format) {
				return nil, usageErrorf("--shell-style numregions applies to --format shell, not %s", o.Format)
			}
		default:
			return nil, usageErrorf("--shell-style %s: must be splits or numregions", displayValue(o.ShellStyle))
		}
	}
	if has(c, "no-header") && c.Bool("no-header") {
		if !render.TakesNoHeader(o.Format) {
			return nil, usageErrorf("--no-header applies to --format capacity-csv, not %s", o.Format)
		}
		o.NoHeader = true
	}
	if isSet(c, "output") {
		o.Path, o.PathGiven = c.String("output"), true
	}
	if err := checkOutputFile("-o", o.Path); err != nil {
		return nil, err
	}
	// A binary format (xlsx) on a terminal is noise and can upset it: without -o, stdout
	// must be a pipe or a file. -o - is the explicit request to write stdout anyway.
	if render.Binary(o.Format) && !o.PathGiven && o.Terminal {
		return nil, usageErrorf("--format %s writes a binary workbook, not to a terminal: use -o FILE, or -o - to write it to stdout", o.Format)
	}
	return o, nil
}

// writeDoc reads the output flags and writes doc with them.
func writeDoc(c *cli.Context, doc render.Doc) error {
	o, err := outputOptionsFrom(c)
	if err != nil {
		return err
	}
	return o.write(doc)
}

// write renders doc in the format and writes it to stdout or to the -o file. Nothing is
// written anywhere unless the whole output rendered. Then, on stderr: with -o and a file
// of keys (render.KeysFile) the create statement that reads the file, and the findings,
// one line each, for every format that does not carry them itself
// (render.CarriesFindings). Last, --fail-on turns a finding of that severity into exit 1.
func (o *outputOptions) write(doc render.Doc) error {
	if o.ShellStyle == shellStyleNumRegions {
		if err := render.CheckNumRegions(doc); err != nil {
			return usageErrorf("--shell-style numregions: %s", flagWords(err.Error()))
		}
		doc.Options.NumRegions = true
	}
	doc.Options.NoHeader = o.NoHeader
	doc.Options.Name = flagName
	// The create that reads a SPLITS_FILE names the file: rendered first, so a name the
	// statement cannot carry is refused before the file is written.
	var line bytes.Buffer
	if render.KeysFile(o.Format) && o.Path != "-" {
		withFile := doc
		withFile.Options.SplitsFile = o.Path
		if err := render.Statement(&line, withFile); err != nil {
			return renderError(err)
		}
	}
	renderFn, _ := render.Format(o.Format)
	err := writeRendered("-o", o.Path, o.Out, render.Streams(o.Format), outputSizeHint(doc),
		func(w io.Writer) error { return renderFn(w, doc) })
	if err != nil {
		return renderError(err)
	}
	_, _ = o.Err.Write(line.Bytes())
	if !render.CarriesFindings(o.Format) {
		for _, f := range doc.Findings {
			stderrf(o.Err, "presplit: %s %s: %s\n", f.Severity, f.Code, oneLine(f.Message))
		}
	}
	if render.StatesUnstated(o.Format) {
		// What HBase will store differently from what the output says (a ratio that
		// assumes a codec the create statement does not set): said where the output goes.
		for _, n := range doc.Unstated {
			stderrf(o.Err, "presplit: note: %s\n", oneLine(flagWords(n)))
		}
	}
	for _, n := range render.LeftOut(o.Format, doc.Table) {
		stderrf(o.Err, "presplit: note: --format %s: %s\n", o.Format, oneLine(n))
	}
	return o.FailOn.check(doc.Findings)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := osFile(w)
	return ok && term.IsTerminal(int(f.Fd()))
}

// outputSizeHint is about what the text formats write for doc: each key with a few bytes of
// quoting and separators, and a page for the rest. The buffer then grows once, not a
// dozen times over a million keys.
func outputSizeHint(doc render.Doc) int {
	if doc.Split == nil || doc.Split.Keys.Len() == 0 {
		return 4096
	}
	keys := doc.Split.Keys
	// The first and last keys stand for the rest: a hint, not a bound.
	return 4096 + keys.Len()*(max(len(keys.At(0)), len(keys.At(keys.Len()-1)))+5)
}

// failOnFlag is --fail-on: plan and splits are CI gates like lint.
func failOnFlag() cli.Flag {
	return &cli.StringFlag{Name: "fail-on", Value: "error",
		Usage: "exit 1 after writing the output when a finding of `SEVERITY` or worse exists: error, warning or none"}
}

// failOn is the severity --fail-on gates on; none never fails.
type failOn struct {
	sev  finding.Severity
	none bool
}

func readFailOn(c *cli.Context) (failOn, error) {
	if !has(c, "fail-on") {
		return failOn{none: true}, nil
	}
	switch v := c.String("fail-on"); v {
	case "error":
		return failOn{sev: finding.Error}, nil
	case "warning":
		return failOn{sev: finding.Warning}, nil
	case "none":
		return failOn{none: true}, nil
	default:
		return failOn{}, usageErrorf("--fail-on %s: must be error, warning or none", v)
	}
}

// check is exit 1 when a finding reaches the severity; the findings are already on
// stderr (or in the output), so the message only counts them.
func (f failOn) check(findings []finding.Finding) error {
	if f.none {
		return nil
	}
	n := 0
	for _, r := range findings {
		if r.Severity >= f.sev {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return &checkFailed{msg: fmt.Sprintf("--fail-on %s: %d %s", f.sev, n, pluralWord(n, "finding"))}
}

func pluralWord(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// renderError sorts a renderer's error: what the input asked for that cannot be rendered
// is bad usage (exit 2); anything else is a runtime failure.
func renderError(err error) error {
	var fe *render.FormatError
	var se *plan.SettingError
	var ke *render.KeyError
	switch {
	case errors.As(err, &fe):
		return usageErrorf("--format %s: %s", fe.Format, flagWords(fe.Reason))
	case errors.As(err, &se), errors.As(err, &ke):
		return usageErrorf("%v", err)
	}
	return err
}
