package cli

// Table settings and output flags shared by plan and splits, and the --format/-o writer.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/render"
	"github.com/presplit/presplit/tablespec"
)

// tableFlags are the table settings: --table, --family, --versions, --ttl, --compression,
// --bloom, --block-size, --encoding, --in-memory, --blockcache, --keep-deleted-cells,
// --min-versions. Family settings apply to every family, below a family's own settings
// in --family NAME:SETTINGS.
func tableFlags() []cli.Flag {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "table", Usage: "table `NAME`: [namespace:]name", DefaultText: "t1"},
		newListFlag("family", "column family `NAME`, or NAME:SETTINGS for one family's own settings, like d:ttl=30d,compression=zstd,versions=1 (repeatable; a,b names two families; a name with '=' is refused: the settings follow the name and a colon)", "cf"),
		newFamilySettingFlag("versions", "VERSIONS: `N` versions kept per cell, 1..2147483647"),
		newFamilySettingFlag("ttl", "TTL: `DURATION` like 30d, 720h, seconds, forever or '30 DAYS'"),
		newFamilySettingFlag("compression", "COMPRESSION: `ALGO`, one of "+strings.Join(hbase.Compressions, " ")),
		newFamilySettingFlag("bloom", "BLOOMFILTER: `TYPE`, one of "+strings.Join(hbase.Blooms, " ")+" or rowprefix_fixed_length:W (from 2.2)"),
		newFamilySettingFlag("block-size", "BLOCKSIZE: `SIZE`, whole bytes, 1K..16M (64K = 64KB = 65536)"),
		newFamilySettingFlag("encoding", "DATA_BLOCK_ENCODING: `ENC`, one of "+strings.Join(hbase.Encodings, " ")),
		&cli.BoolFlag{Name: "in-memory", Usage: "IN_MEMORY => true for every family"},
		newFamilySettingFlag("blockcache", "BLOCKCACHE: `BOOL`, true or false, for every family"),
		newFamilySettingFlag("keep-deleted-cells", "KEEP_DELETED_CELLS: `MODE`, one of true, false, TTL, for every family"),
		newFamilySettingFlag("min-versions", "MIN_VERSIONS: `N` versions kept past the TTL, 0..VERSIONS, for every family"),
		&cli.StringFlag{Name: "phoenix-pk", Usage: "Phoenix primary key `COLUMNS` for --format phoenix, like 'bucket CHAR(2), user_id VARCHAR, ts BIGINT' (replaces the spec's phoenix_type)"},
	}
	for _, ts := range tablespec.TableSettings {
		h, ok := tableSettingHelp[ts.Key]
		if !ok {
			panic("cli: no help for the table setting " + ts.Key)
		}
		flags = append(flags, newTableSettingFlag(ts, h.usage, h.defaultText, h.isSwitch))
	}
	return flags
}

// tableSettingHelp is the help of each table setting's flag, by its key in
// tablespec.TableSettings: the usage, the default help names, and whether it is a switch.
var tableSettingHelp = map[string]struct {
	usage, defaultText string
	isSwitch           bool
}{
	"hbase_version": {usage: "target HBase `VERSION`: a release line (" + hbase.DefaultVersion.String() +
		") or a release (2.6.7); decides the values accepted and the statements written", defaultText: hbase.DefaultVersion.String()},
	"split_policy":       {usage: "keep HBase's later splits on the plan's edges, `POLICY`: prefix (the keys' width), delimited (up to --suffix), disabled (no splits), constant (ConstantSizeRegionSplitPolicy: split at MAX_FILESIZE only) or default (the cluster's)", defaultText: "default"},
	"normalization":      {usage: "NORMALIZATION_ENABLED: `BOOL`, true or false (the normalizer merges empty pre-split regions)"},
	"region_replication": {usage: "REGION_REPLICATION: `N` replicas of each region, 1..2147483647"},
	"durability":         {usage: "DURABILITY: `MODE`, one of " + strings.Join(hbase.Durabilities, " ")},
	"max_filesize":       {usage: "write MAX_FILESIZE (the region size): `BOOL`, false leaves it to the cluster's hbase.hregion.max.filesize", defaultText: "true"},
	"create_namespace":   {usage: "write create_namespace 'NS' before the create (the --table's namespace; the shell fails if it exists)", isSwitch: true},
	"memstore_flushsize": {usage: "MEMSTORE_FLUSHSIZE: the table's own flush `SIZE`, whole bytes, over the cluster's hbase.hregion.memstore.flush.size (--flush-size, never written)"},
}

// outputFlags are --format/-F (default defaultFormat) and -o/--output.
func outputFlags(defaultFormat string) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "format", Aliases: []string{"F"}, Value: defaultFormat,
			Usage: "output `FORMAT`: " + strings.Join(render.FormatNames(), ", ")},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"},
			Usage: "write to `FILE` atomically (temp file and rename; a link's target, a device or FIFO in place); - is stdout"},
		&cli.StringFlag{Name: "shell-style", Value: shellStyleSplits,
			Usage: "how --format shell gives the regions, `STYLE`: splits (SPLITS => [...]) or numregions (NUMREGIONS => n, SPLITALGO => 'Algo', for an --algo plan over the algorithm's default range)"},
		failOnFlag(),
	}
}

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
	keys := doc.Split.Keys
	if keys.Len() == 0 {
		return 4096
	}
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
	var se *render.SettingError
	var ke *render.KeyError
	switch {
	case errors.As(err, &fe):
		return usageErrorf("--format %s: %s", fe.Format, flagWords(fe.Reason))
	case errors.As(err, &se), errors.As(err, &ke):
		return usageErrorf("%v", err)
	}
	return err
}
