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
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/render"
)

// tableFlags are the table settings: --table, --family, --versions, --ttl, --compression,
// --bloom, --block-size, --encoding, --in-memory, --blockcache, --keep-deleted-cells,
// --min-versions. Family settings apply to every family, below a family's own settings
// in --family NAME:SETTINGS.
func tableFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "table", Usage: "table `NAME`: [namespace:]name", DefaultText: "t1"},
		newListFlag("family", "column family `NAME`, or NAME:SETTINGS for one family's own settings, like d:ttl=30d,compression=zstd,versions=1 (repeatable; a,b names two families)", "cf"),
		newIntFlag("versions", "VERSIONS: `N` versions kept per cell, 1..2147483647", "", 1, hbase.MaxInt),
		&cli.StringFlag{Name: "ttl", Usage: "TTL: `DURATION` like 30d, 720h, seconds, forever or '30 DAYS'"},
		&cli.StringFlag{Name: "compression", Usage: "COMPRESSION: `ALGO`, one of " + strings.Join(hbase.Compressions, " ")},
		&cli.StringFlag{Name: "bloom", Usage: "BLOOMFILTER: `TYPE`, one of " + strings.Join(hbase.Blooms, " ") + " or rowprefix_fixed_length:W (from 2.2)"},
		newSizeFlag("block-size", "BLOCKSIZE: `SIZE`, whole bytes, 1K..16M (64K = 64KB = 65536)", "", sizeRule{Whole: true, Min: hbase.MinBlockSize, Max: hbase.MaxBlockSize}),
		&cli.StringFlag{Name: "encoding", Usage: "DATA_BLOCK_ENCODING: `ENC`, one of " + strings.Join(hbase.Encodings, " ")},
		&cli.BoolFlag{Name: "in-memory", Usage: "IN_MEMORY => true for every family"},
		&cli.StringFlag{Name: "blockcache", Usage: "BLOCKCACHE: `BOOL`, true or false, for every family"},
		&cli.StringFlag{Name: "keep-deleted-cells", Usage: "KEEP_DELETED_CELLS: `MODE`, one of true, false, TTL, for every family"},
		newIntFlag("min-versions", "MIN_VERSIONS: `N` versions kept past the TTL, 0..VERSIONS, for every family", "", 0, hbase.MaxInt),
		&cli.StringFlag{Name: "phoenix-pk", Usage: "Phoenix primary key `COLUMNS` for --format phoenix, like 'bucket CHAR(2), user_id VARCHAR, ts BIGINT' (replaces the spec's phoenix_type)"},
		&cli.StringFlag{Name: "hbase-version", Usage: "target HBase `VERSION`: a release line (" + hbase.DefaultVersion.String() +
			") or a release (2.6.7); decides the values accepted and the statements written", DefaultText: hbase.DefaultVersion.String()},
		&cli.StringFlag{Name: "split-policy", Usage: "keep HBase's later splits on the plan's edges, `POLICY`: prefix (the keys' width), delimited (up to --suffix), disabled (no splits) or default (the cluster's)", DefaultText: "default"},
		&cli.StringFlag{Name: "normalization", Usage: "NORMALIZATION_ENABLED: `BOOL`, true or false (the normalizer merges empty pre-split regions)"},
		newIntFlag("region-replication", "REGION_REPLICATION: `N` replicas of each region, 1..2147483647", "", 1, hbase.MaxInt),
		&cli.StringFlag{Name: "durability", Usage: "DURABILITY: `MODE`, one of " + strings.Join(render.Durabilities, " ")},
		&cli.BoolFlag{Name: "create-namespace", Usage: "write create_namespace 'NS' before the create (the --table's namespace; the shell fails if it exists)"},
		&cli.StringFlag{Name: "max-filesize", Usage: "write MAX_FILESIZE (the region size): `BOOL`, false leaves it to the cluster's hbase.hregion.max.filesize", DefaultText: "true"},
	}
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

// applyShellStyle reads --shell-style into the doc: numregions only for --format shell
// and a split the shell's NUMREGIONS makes the same.
func applyShellStyle(c *cli.Context, format string, doc *render.Doc) error {
	if !has(c, "shell-style") {
		return nil
	}
	switch s := c.String("shell-style"); s {
	case shellStyleSplits:
		return nil
	case shellStyleNumRegions:
		if format != "shell" {
			return usageErrorf("--shell-style numregions applies to --format shell, not %s", format)
		}
		if err := render.CheckNumRegions(*doc); err != nil {
			return usageErrorf("--shell-style numregions: %v", err)
		}
		doc.NumRegions = true
		return nil
	default:
		return usageErrorf("--shell-style %s: must be splits or numregions", displayValue(s))
	}
}

// writeOutput renders the plan in the --format and writes it to stdout or to -o
// (outfile.go). Nothing is written anywhere unless the whole output rendered. Then, on
// stderr: with -o and the splits-file format the create statement that reads the file,
// and the findings, one line each, for every format that does not carry them itself
// (report and json do). Last, --fail-on turns a finding of that severity into exit 1.
func writeOutput(c *cli.Context, p *plan.Plan) error { return writeDoc(c, p.Doc()) }

// writeDoc is writeOutput of what the renderers show.
func writeDoc(c *cli.Context, doc render.Doc) error {
	for _, a := range c.Args().Slice() {
		if strings.HasPrefix(a, "-") && a != "-" {
			return usageErrorf("flag %q comes after an argument: put flags before arguments", a)
		}
	}
	name := c.String("format")
	renderFn, ok := render.Format(name)
	if !ok {
		return usageErrorf("--format must be one of %s, got %q", strings.Join(render.FormatNames(), ", "), name)
	}
	failOn, err := readFailOn(c)
	if err != nil {
		return err
	}
	if err := applyShellStyle(c, name, &doc); err != nil {
		return err
	}
	if err := applyNoHeader(c, name, &doc); err != nil {
		return err
	}
	path := "-"
	if c.IsSet("output") {
		path = c.String("output")
	}
	if err := checkOutputFile("-o", path); err != nil {
		return err
	}
	// A binary format (xlsx) on a terminal is noise and can upset it: without -o, stdout
	// must be a pipe or a file. -o - is the explicit request to write stdout anyway.
	if render.Binary(name) && !c.IsSet("output") && isTerminal(c.App.Writer) {
		return usageErrorf("--format %s writes a binary workbook, not to a terminal: use -o FILE, or -o - to write it to stdout", name)
	}
	// The create that reads a SPLITS_FILE names the file: rendered first, so a name the
	// statement cannot carry is refused before the file is written.
	var line bytes.Buffer
	if name == "splits-file" && path != "-" {
		withFile := doc
		withFile.SplitsFile = path
		if err := render.Statement(&line, withFile); err != nil {
			return renderError(err)
		}
	}
	err = writeRendered("-o", path, c.App.Writer, render.Streams(name), outputSizeHint(doc),
		func(w io.Writer) error { return renderFn(w, doc) })
	if err != nil {
		return renderError(err)
	}
	_, _ = c.App.ErrWriter.Write(line.Bytes())
	if name != "report" && name != "json" {
		for _, f := range doc.Findings {
			fmt.Fprintf(c.App.ErrWriter, "presplit: %s %s: %s\n", f.Severity, f.Code, oneLine(f.Message))
		}
	}
	return failOn.check(doc.Findings)
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
		return usageErrorf("--format %s: %s", fe.Format, fe.Reason)
	case errors.As(err, &se), errors.As(err, &ke):
		return usageErrorf("%v", err)
	}
	return err
}
