package cli

// Key samples: the --sample flags' merging for plan, splits and verify (the split cut from
// a sample of real keys; sampleGroup declares them), and `presplit sample`, which writes a
// sketch of one shard of a sample for `--sample` to merge.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/sample"
	"github.com/presplit/presplit/tablespec"
	"github.com/urfave/cli/v2"
)

// applySampleFlags: --sample replaces the spec's split mode; --delimiter and --holdout go
// with a sample.
func applySampleFlags(c *cli.Context, d *tablespec.Spec) error { //nolint:gocyclo // one branch per sample flag (--sample, --delimiter, --holdout, --format, ...), each with its usage error
	if !has(c, "sample") {
		return nil
	}
	sp := d.Splits
	fromSpec := sp != nil && sp.Sample.Set
	if isSet(c, "sample") {
		for _, f := range []string{"prefix", "algo", "suffix", "align", "first-row", "last-row", "splits-file"} {
			if has(c, f) && isSet(c, f) {
				return usageErrorf("--sample and --%s both choose the split keys: give one of them", f)
			}
		}
		files := c.StringSlice("sample")
		for _, f := range files {
			if f == "" {
				return usageErrorf("--sample must name a file, or - for stdin")
			}
		}
		if d.Splits == nil {
			d.Splits = &tablespec.Splits{}
		}
		sp = d.Splits
		sp.File, sp.Algo, sp.Align = tablespec.Value[string]{}, tablespec.Value[string]{}, tablespec.Value[string]{}
		if d.Rowkey != nil {
			d.Rowkey.Algo, d.Rowkey.Suffix = tablespec.Value[string]{}, tablespec.Value[string]{}
		}
		sp.Sample = designValue(c, "sample", strings.Join(files, ","))
		fromSpec = false
	}
	if !isSet(c, "sample") && !fromSpec {
		if isSet(c, "delimiter") {
			// Without a sample the delimiter describes the key: prefix, delimiter, the rest.
			if err := delimiterFlag(c, "leave it out when nothing follows the prefix"); err != nil {
				return err
			}
			if d.Rowkey == nil {
				d.Rowkey = &tablespec.Rowkey{}
			}
			d.Rowkey.Delimiter = designValue(c, "delimiter", c.String("delimiter"))
		}
		for _, f := range []string{"holdout", "sample-format"} {
			if isSet(c, f) {
				return usageErrorf("--%s goes with --sample: it says how the sample is read or cut", f)
			}
		}
		return nil
	}
	if isSet(c, "delimiter") {
		if err := delimiterFlag(c, "leave it out to cut between any two keys"); err != nil {
			return err
		}
		sp.Delimiter = designValue(c, "delimiter", c.String("delimiter"))
	}
	setFromFlag(c, "holdout", &sp.Holdout)
	if f := c.String("sample-format"); !slices.Contains(sample.Formats, f) {
		return usageErrorf("--sample-format must be one of %s, got %q", strings.Join(sample.Formats, ", "), f)
	}
	return nil
}

// readSample reads the design's sample: the --sample files, or the spec's sample relative
// to its folder.
func (cfg *config) readSample(c *cli.Context) error {
	memory, _ := sizeOf(c, "memory")
	opt := sample.ReadOptions{Format: c.String("sample-format"), Raw: has(c, "raw") && c.Bool("raw")}
	return cfg.readSampleWith(c.App.Reader, c.StringSlice("sample"), int64(memory), opt)
}

// readSampleWith reads the design's sample (flagFiles when --sample set it) into the
// plan's options; the notes say how each file was read.
func (cfg *config) readSampleWith(stdin io.Reader, flagFiles []string, memory int64, opt sample.ReadOptions) error {
	sp := cfg.design.Splits
	if sp == nil || !sp.Sample.Set {
		return nil
	}
	files := flagFiles
	if sp.Sample.Src == "" {
		files = []string{specRelative(cfg.specPath, sp.Sample.V)}
	}
	holdout := -1.0
	if sp.Holdout.Set {
		holdout = sp.Holdout.V
	}
	col := sample.NewCollector(sample.Options{Memory: memory, Holdout: holdout})
	notes, err := readSampleFiles(stdin, "--sample", files, opt, col)
	if err != nil {
		return err
	}
	cfg.sampleNotes = notes
	cfg.opt.Sample = col.Sample()
	return nil
}

// readSampleFiles reads each file (- is stdin, at most once) into sink. With auto, the
// notes say which format each file was read as (stderr, once the command succeeds).
func readSampleFiles(stdinR io.Reader, flag string, files []string, opt sample.ReadOptions, sink sample.Sink) (notes []string, err error) {
	stdin := 0
	for _, f := range files {
		if f == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return nil, usageErrorf("%s - is given %d times: stdin can be read once", flag, stdin)
	}
	for _, path := range files {
		var read func() (string, error)
		name := path
		if path == "-" {
			name = "stdin"
			read = func() (string, error) { return sample.Read(stdinR, opt, sink) }
		} else {
			f, err := os.Open(path)
			if err != nil {
				return nil, usageErrorf("%s: %v", flag, verifyPathError(err))
			}
			st, err := f.Stat()
			if err == nil && st.IsDir() {
				_ = f.Close() // read only
				return nil, usageErrorf("%s %s: is a directory: name a file of keys, or - for stdin", flag, displayValue(path))
			}
			defer func() { _ = f.Close() }() // read only
			read = func() (string, error) { return sample.Read(f, opt, sink) }
			if err == nil && st.Mode().IsRegular() {
				// A regular file may be read in parts, one per core.
				read = func() (string, error) { return sample.ReadFile(f, st.Size(), opt, sink) }
			}
		}
		format, err := read()
		if err != nil {
			var le *hbytes.LineError
			if errors.As(err, &le) {
				return nil, usageErrorf("%s:%d: %s", name, le.Line, flagWords(le.Err.Error()))
			}
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if opt.Format == "" || opt.Format == sample.FormatAuto {
			notes = append(notes, fmt.Sprintf("%s: read as %s (--sample-format auto)", name, format))
		}
	}
	return notes, nil
}

// sampleTooFew words a sample that cannot give the regions: the input named, both counts.
func (cfg *config) sampleTooFew(err *sample.TooFewError) error {
	sp := cfg.design.Splits
	if sp.Sample.Src != "" {
		return usageErrorf("--sample %s: %v", displayValue(sp.Sample.V), err)
	}
	return usageErrorf("%s:%d:%d: splits sample %s: %v", cfg.specPath, sp.Sample.Pos.Line, sp.Sample.Pos.Col, displayValue(sp.Sample.V), err)
}

// sampleOptions are presplit sample's inputs, filled once from its flags
// (sampleOptionsFrom): the run reads these, never a flag.
type sampleOptions struct {
	Keys   []string           // the key files; - is stdin
	Read   sample.ReadOptions // --sample-format and --raw
	Output string             // -o; - is stdout
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
}

func sampleCommand() *cli.Command { return newCmdSample(runSample) }

// newCmdSample declares presplit sample: its action fills sampleOptions from the flags
// and hands them to run (runSample; a test's own, to check the flags alone).
func newCmdSample(run func(*sampleOptions) error) *cli.Command {
	return &cli.Command{
		Name:  "sample",
		Usage: "summarize a shard of a key sample as a sketch that splits --sample merges",
		UsageText: "presplit sample --keys FILE [--keys FILE ...] [-o FILE.sketch]\n" +
			"hadoop jar hadoop-streaming.jar -mapper 'presplit sample --keys - -o -' -reducer 'presplit splits --sample - --regions N' ...",
		Description: "Reads keys (lines, tsv, scan output, or sketches: --sample-format) and writes one " +
			"sketch line: presplit's mergeable KLL summary, whose boundaries stay within 0.1% of the " +
			"sample's weight however many sketches are merged, in any order. Several sketches may " +
			"follow one another in a stream; --sample reads them all.",
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "keys", Usage: "read keys from `FILE` (repeatable); - is stdin"},
			&cli.StringFlag{Name: "sample-format", Value: sample.FormatAuto, Usage: "the keys' `FORMAT`: " + strings.Join(sample.Formats, ", ")},
			rawFlag().flag,
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the sketch to `FILE` atomically; - is stdout"},
		},
		Action: func(c *cli.Context) error {
			opts, err := sampleOptionsFrom(c)
			if err != nil {
				return err
			}
			return run(opts)
		},
	}
}

// sketchSink reads everything into one sketch. presplit sample holds no keys out: a
// held-out sketch would measure the reducer's cut with the sketch's own rank error, up to
// 0.1% of the weight per boundary, which at R regions is R x 0.1% of a region's share (at
// 1,000 regions a perfect cut measured 1.26 that way, 1.08 on exact held-out keys). The
// exact check is a shard held back and counted: verify --sample SKETCHES --keys SHARD.
type sketchSink struct{ sk *sample.Sketch }

func (s sketchSink) Add(key []byte, w uint64)         { s.sk.Add(key, w) }
func (s sketchSink) AddSketch(o *sample.Sketch) error { return s.sk.Merge(o) }

// sampleOptionsFrom reads every flag of presplit sample once, each refused value a usage
// error naming its flag.
func sampleOptionsFrom(c *cli.Context) (*sampleOptions, error) {
	if err := verifyNoArgs(c, "give the keys with --keys FILE"); err != nil {
		return nil, err
	}
	files := c.StringSlice("keys")
	if len(files) == 0 {
		files = []string{"-"}
	}
	format := c.String("sample-format")
	if !slices.Contains(sample.Formats, format) {
		return nil, usageErrorf("--sample-format must be one of %s, got %q", strings.Join(sample.Formats, ", "), format)
	}
	path := "-"
	if isSet(c, "output") {
		path = c.String("output")
	}
	if err := checkOutputFile("-o", path); err != nil {
		return nil, err
	}
	return &sampleOptions{Keys: files, Read: sample.ReadOptions{Format: format, Raw: c.Bool("raw")}, Output: path,
		In: c.App.Reader, Out: c.App.Writer, Err: c.App.ErrWriter}, nil
}

// runSample reads opts.Keys into one sketch and writes it to opts.Output.
func runSample(opts *sampleOptions) error {
	sk := sample.NewSketch(sample.K)
	notes, err := readSampleFiles(opts.In, "--keys", opts.Keys, opts.Read, sketchSink{sk})
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if _, err := sk.WriteTo(&buf); err != nil {
		return err
	}
	if err := writeOutputFile("-o", opts.Output, opts.Out, buf.Bytes()); err != nil {
		return err
	}
	for _, n := range notes {
		stderrf(opts.Err, "presplit: %s\n", quote.Terminal(n))
	}
	return nil
}

// delimiterFlag checks --delimiter as a spec's delimiter is checked (hbase.CheckDelimiter),
// with or without a sample; empty tells the user what leaving it out means there.
func delimiterFlag(c *cli.Context, empty string) error {
	v := c.String("delimiter")
	if v == "" {
		return usageErrorf("--delimiter must not be empty; %s", empty)
	}
	if err := hbase.CheckDelimiter(v); err != nil {
		return usageErrorf("--delimiter: %v (write a key's byte as \\xNN), got %q", err, v)
	}
	return nil
}
