package cli

// presplit verify: count how sample rowkeys fall into the regions.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/presplit/presplit/distribution"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/splits"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// verifyOptions are presplit verify's inputs, filled once from its flags
// (verifyOptionsFrom): the design validated and the split's source chosen; the run reads
// the files they name, never a flag.
type verifyOptions struct {
	SplitsFile string  // the SPLITS_FILE to read (--splits-file or the spec's); "" when generated
	Config     *config // the design whose split is generated, when SplitsFile is ""
	Keys       string  // the key sample's file; "" or - is stdin
	Raw        bool
	Format     string  // one of verifyFormats
	Output     string  // -o: the file written, "-" for stdout
	MaxSkew    float64 // 0: no gate
	MaxSkewRaw string  // --max-skew as given, for the gate's message
	FailEmpty  bool
	Target     hbase.Version
	Inputs     []string // where the split keys came from, for the html page (the keys' line follows)
	In         io.Reader
	Out, Err   io.Writer
}

func verifyCommand() *cli.Command { return newCmdVerify(runVerify) }

// newCmdVerify declares presplit verify: its action fills verifyOptions from the flags
// and hands them to run (runVerify; a test's own, to check the flags alone).
func newCmdVerify(run func(*verifyOptions) error) *cli.Command {
	flags := []cli.Flag{specFlag()}
	flags = append(flags, splitFlags()...)
	flags = append(flags, verifyInputGroup().flags()...)
	flags = append(flags, documentFlags(verifyFormats, "table")...)
	flags = append(flags, verifyGateGroup().flags()...)
	return &cli.Command{
		Name:      "verify",
		Usage:     "count how sample rowkeys fall into the regions",
		UsageText: "presplit verify --splits-file splits.txt --keys keys.txt [--max-skew 1.5] [flags]",
		Flags:     flags,
		Action: func(c *cli.Context) error {
			opts, err := verifyOptionsFrom(c)
			if err != nil {
				return err
			}
			return run(opts)
		},
	}
}

// verifyInputGroup is where verify's split keys and sample keys come from.
func verifyInputGroup() flagGroup {
	return flagGroup{
		sets(&cli.StringFlag{Name: "splits-file", Usage: "read the split keys from `FILE` in HBase's SPLITS_FILE format instead of generating them"}, "splits.file"),
		flagOnly(&cli.StringFlag{Name: "keys", Usage: "read sample rowkeys from `FILE`, one per line in toStringBinary form; - or unset: stdin"}),
		sets(&cli.BoolFlag{Name: "raw", Usage: "key lines are raw bytes, not toStringBinary text"}, "sample.raw"),
	}
}

// verifyGateGroup is verify's gates and the release its words are for.
func verifyGateGroup() flagGroup {
	return flagGroup{
		sets(&cli.StringFlag{Name: "max-skew", Usage: "exit 1 when skew (largest region / mean) exceeds `X`"}, "verify.max_skew"),
		flagOnly(&cli.BoolFlag{Name: "fail-empty", Usage: "exit 1 when a region receives no key"}),
		flagOnly(&cli.StringFlag{Name: "hbase-version", Usage: "target HBase `VERSION` (a line like 2.6 or a release like 2.6.7): words what it does with the splits file", DefaultText: hbase.DefaultVersion.String()}),
	}
}

// verifyFormats are the --format values of verify.
var verifyFormats = []string{"table", "csv", "json", "html"}

// verifyOptionsFrom reads every flag of presplit verify once, each refused value a
// usage error naming its flag.
func verifyOptionsFrom(c *cli.Context) (*verifyOptions, error) {
	if err := verifyNoArgs(c, "give the key sample with --keys FILE or on stdin"); err != nil {
		return nil, err
	}
	o := &verifyOptions{Keys: c.String("keys"), Raw: c.Bool("raw"), FailEmpty: c.Bool("fail-empty"),
		MaxSkewRaw: c.String("max-skew"), In: c.App.Reader, Out: c.App.Writer, Err: c.App.ErrWriter}
	doc, err := documentOutputFrom(c, verifyFormats)
	if err != nil {
		return nil, err
	}
	o.Format, o.Output = doc.Format, doc.Path
	if o.Target, err = verifyTarget(c); err != nil {
		return nil, err
	}
	if o.MaxSkew, err = verifyMaxSkew(c); err != nil {
		return nil, err
	}
	// The sample is read first, to its end: keys on the same stdin would be gone.
	if slices.Contains(c.StringSlice("sample"), "-") {
		switch o.Keys {
		case "-":
			return nil, usageErrorf("--sample - and --keys - both read stdin, which can be read once: give one of them as a file")
		case "":
			return nil, usageErrorf("--sample - reads stdin, where verify reads its keys without --keys: give the keys with --keys FILE")
		}
	}
	if o.SplitsFile, o.Config, err = verifySplitSource(c); err != nil {
		return nil, err
	}
	o.Inputs = verifyInputs(c)
	return o, nil
}

// runVerify counts the key sample into the split's regions, writes the counts in
// opts.Format, then applies the gates.
func runVerify(opts *verifyOptions) error {
	// The split keys and their index are live until the end: a collection while they are
	// read and indexed frees nothing, and with a million keys (a slice each) it cost a fifth
	// of that time. What they hold is O(split keys), the bound memory has anyway.
	gc := debug.SetGCPercent(-1)
	defer debug.SetGCPercent(gc)
	split, findings, err := verifySplitKeys(opts)
	if err != nil {
		return err
	}
	// A generated split places keys by its rule (no table, no slice per key) where that is
	// faster; a listed one (a file, a sample) by the rule of the generated split its keys
	// are, when they are one, else through the Locator's tables.
	loc, err := distribution.NewSplitLocator(split.Keys, split.Rule)
	if err != nil {
		return usageErrorf("split keys: %v", err)
	}
	// The count and the writers allocate little beside the split, so the collector stays
	// off for them too (turned on here it ran at once, over the million keys' slices: 7 ms
	// and 15 ms CPU of a 0.24 s run); the memory limit turns it on should the heap grow
	// past twice what it holds now and 64 MiB, the bound GOGC=100 keeps.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(verifyHeapLimit()))

	in, name, size, closeKeys, err := verifyOpenKeys(opts)
	if err != nil {
		return err
	}
	defer closeKeys()
	opt := distribution.Options{Raw: opts.Raw}
	progress := newVerifyProgress(opts.Err, size)
	if progress != nil {
		opt.Progress = progress.update
	}
	sample, in := newVerifySample(in, split.Rule)
	res, err := distribution.Count(in, loc, opt)
	progress.finish()
	if err != nil {
		var le *hbytes.LineError
		if errors.As(err, &le) {
			msg := le.Err.Error()
			if errors.Is(le.Err, hbytes.ErrNonASCII) {
				msg += "; use --raw for raw byte lines"
			}
			return usageErrorf("%s:%d: %s", name, le.Line, msg)
		}
		return fmt.Errorf("%s: %w", name, err)
	}

	words := flagSetWords
	if opts.Config != nil && opts.Config.specPath != "" {
		words = specSetWords
	}
	findings = append(findings, verifyPrefixFinding(sample, split.Rule, opts.Raw, words.Expand)...)

	d := distribution.Distribution{Splits: split.Keys, Counts: res.Counts}
	// The table, CSV and JSON writers fail only when the writer does (counts and shares
	// are finite), so a million regions stream to stdout instead of being held as text
	// first; the html page is held until it is whole. An -o file is written through its
	// temp file either way.
	streams := opts.Format != "html"
	err = writeRendered("-o", opts.Output, opts.Out, streams, 64<<10, func(w io.Writer) error {
		return verifyWrite(w, opts, d, name)
	})
	if err != nil {
		return err
	}
	for _, f := range findings {
		stderrf(opts.Err, "presplit: %s %s: %s\n", f.Severity, f.Code, oneLine(f.Message))
	}
	return verifyGates(opts, d.Summary(), findings)
}

// verifyHeapLimit is twice the heap in use and 64 MiB.
func verifyHeapLimit() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	var used int64
	if s[0].Value.Kind() == metrics.KindUint64 {
		used = int64(min(s[0].Value.Uint64(), 1<<50))
	}
	return 2*used + 64<<20
}

// verifyWrite writes the counts of d in opts.Format to w; name is the key sample's.
func verifyWrite(w io.Writer, opts *verifyOptions, d distribution.Distribution, name string) error {
	switch opts.Format {
	case "csv":
		return distribution.WriteCSV(w, d)
	case "json":
		return distribution.WriteJSON(w, d)
	case "html":
		var page bytes.Buffer
		inputs := append(slices.Clone(opts.Inputs), "Key sample: "+name+".")
		if err := distribution.WriteHTML(&page, d, distribution.HTMLOptions{MaxSkew: opts.MaxSkew, Inputs: inputs, Name: flagName}); err != nil {
			return err
		}
		_, err := w.Write(page.Bytes())
		return err
	}
	// The table fits the terminal it goes to: opts.Out, when it is stdout.
	width := 0
	if opts.Output == "-" {
		width = verifyTerminalWidth(opts.Out)
	}
	return distribution.WriteTable(w, d, width)
}

// verifyInputs says where the split keys came from, for the html page.
func verifyInputs(c *cli.Context) []string {
	split := "Split keys: the split presplit splits makes for these flags."
	if f := c.String("splits-file"); f != "" {
		split = "Split keys: the splits file " + f + "."
	} else if f := c.String("spec"); f != "" {
		split = "Split keys: the split of the table spec " + f + "."
	}
	return []string{split}
}

// verifyNoArgs rejects positional arguments (args.go).
func verifyNoArgs(c *cli.Context, hint string) error { return noArgs(c, hint) }

// verifyMaxSkew parses --max-skew; 0 means no gate.
func verifyMaxSkew(c *cli.Context) (float64, error) {
	if !isSet(c, "max-skew") {
		return 0, nil
	}
	v := c.String("max-skew")
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || f < 1 || f != f || f > 1e300 {
		return 0, usageErrorf("--max-skew must be a number from 1 to 1e300 (skew is largest region / mean), got %q", v)
	}
	return f, nil
}

// verifySplitSource chooses where verify's split keys come from: --splits-file (or the
// spec's splits file), else the design of the same flags and spec as plan, read and
// validated.
func verifySplitSource(c *cli.Context) (string, *config, error) {
	path := c.String("splits-file")
	if path == "" {
		if isSet(c, "splits-file") {
			return "", nil, usageErrorf("--splits-file must name a file, got %q", path)
		}
		if file, ok, err := verifySpecSplitsFile(c); err != nil || ok {
			return file, nil, err
		}
		// The keys plan and splits would create for the same flags and spec; verify
		// prints no findings, so the plan makes none (lint's review is most of its cost).
		cfg, err := readConfig(c)
		if cfg != nil {
			cfg.noFindings = true
		}
		return "", cfg, err
	}
	others := []cli.Flag{specFlag()}
	others = append(others, splitFlags()...)
	for _, f := range others {
		for _, n := range f.Names() {
			if isSet(c, n) {
				return "", nil, usageErrorf("--splits-file and --%s both choose the split keys: give one of them", f.Names()[0])
			}
		}
	}
	if _, err := os.Stat(path); err != nil {
		return "", nil, usageErrorf("--splits-file %s: %v", displayValue(path), specPathError(err))
	}
	return path, nil, nil
}

// verifyShapeChecks are the lint checks of a split's shape that splits runs on the same
// flags: a suffix that puts every bucket's rows in the next region (RG002) makes the
// counts those of another split than the one meant, which a skew gate alone may pass
// (ten buckets a region shift to a skew of 1.10). The rest of the review, most of its
// cost, is the plan's and not verify's.
var verifyShapeChecks = []*lint.Analyzer{lint.RG002}

// verifySplitKeys reads the SPLITS_FILE, or builds the split of the design and runs the
// shape checks on it (worded for the design's source, as splits words them).
func verifySplitKeys(opts *verifyOptions) (splits.Split, []finding.Finding, error) {
	if opts.SplitsFile != "" {
		split, err := verifyFileSplit(opts, opts.SplitsFile)
		return split, nil, err
	}
	cfg := opts.Config
	p, err := cfg.build()
	if err != nil {
		return splits.Split{}, nil, err
	}
	if p.Split == nil {
		return splits.Split{}, nil, cfg.splitError(p)
	}
	findings := lint.Run(p, verifyShapeChecks...)
	words := flagSetWords
	if cfg.specPath != "" {
		words = specSetWords
	}
	for i := range findings {
		findings[i].Message = words.Expand(findings[i].Message)
		findings[i].Fix = words.Expand(findings[i].Fix)
	}
	return *p.Split, findings, nil
}

// errorFindings counts the findings of error severity.
func errorFindings(fs []finding.Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity >= finding.Error {
			n++
		}
	}
	return n
}

// verifyFileSplit is the split a SPLITS_FILE lists.
func verifyFileSplit(opts *verifyOptions, path string) (splits.Split, error) {
	keys, err := verifyReadSplits(opts, path)
	if err != nil {
		return splits.Split{}, err
	}
	return splits.Split{Keys: keys}, nil
}

// verifySpecSplitsFile is the spec's `splits: {file: ...}`, relative to the spec's folder,
// when -f names a spec that has one and no split flag is set.
func verifySpecSplitsFile(c *cli.Context) (string, bool, error) {
	path := c.String("spec")
	if path == "" {
		return "", false, nil
	}
	s, err := specRead(path)
	if err != nil {
		return "", false, err
	}
	if s.Splits == nil || !s.Splits.File.Set {
		return "", false, nil
	}
	for _, f := range splitFlags() {
		if isSet(c, f.Names()[0]) {
			return "", false, usageErrorf("%s lists its split keys in %q; --%s chooses others: give one of them",
				path, s.Splits.File.V, f.Names()[0])
		}
	}
	return specRelative(path, s.Splits.File.V), true, nil
}

// verifyReadSplits reads a SPLITS_FILE (readSplitsFile, as every command does); its
// warnings go to stderr. The keys are the reader's buffer, not copied.
func verifyReadSplits(opts *verifyOptions, path string) (splits.Keys, error) {
	f, err := readSplitsFile(path, opts.Target)
	if err != nil {
		return splits.Keys{}, splitsFileError(path, err, opts.Target)
	}
	warnSplitsFile(opts.Err, path, f)
	return f.SplitKeys(), nil
}

// verifyPathError drops the Go operation name from a file error: "keys.txt: no such file or
// directory".
func verifyPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Path, pe.Err)
	}
	return err
}

// verifyOpenKeys opens --keys (stdin when unset or -). size is the file size for the
// progress bar, -1 when unknown.
func verifyOpenKeys(opts *verifyOptions) (r io.Reader, name string, size int64, closeFn func(), err error) {
	path := opts.Keys
	if path == "" || path == "-" {
		if f, ok := opts.In.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			return nil, "", 0, nil, usageErrorf("no key sample: give --keys FILE or pipe the keys into stdin")
		}
		return opts.In, "stdin", -1, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, "", 0, nil, usageErrorf("--keys: %v", verifyPathError(err))
	}
	size = -1
	if st, err := f.Stat(); err == nil && st.IsDir() {
		_ = f.Close() // read only
		return nil, "", 0, nil, usageErrorf("--keys %s: is a directory: name a file of keys, or - for stdin", path)
	} else if err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	return f, path, size, func() { _ = f.Close() }, nil // read only
}

// verifyGates applies --fail-empty and --max-skew after the report is written, and fails
// on an error in the split's shape (verifyShapeChecks) as splits does.
func verifyGates(opts *verifyOptions, s distribution.Summary, findings []finding.Finding) error {
	var failed []string
	if n := errorFindings(findings); n > 0 {
		failed = append(failed, fmt.Sprintf("%d %s on the split keys: presplit splits refuses the same flags, and the regions counted are not the ones meant", n, pluralWord(n, "error")))
	}
	maxSkew := opts.MaxSkew
	if opts.FailEmpty && s.Empty > 0 {
		failed = append(failed, fmt.Sprintf("%d of %d regions received no key (--fail-empty)", s.Empty, s.Regions))
	}
	if maxSkew > 0 {
		switch {
		case s.Keys == 0:
			failed = append(failed, "no keys were read, so skew is undefined (--max-skew)")
		case distribution.OverSkew(s.LargestKeys, s.Mean, maxSkew):
			failed = append(failed, fmt.Sprintf("skew %s exceeds --max-skew %s: region %d holds %d of %d keys",
				strconv.FormatFloat(s.Skew, 'f', 2, 64), opts.MaxSkewRaw, s.Largest, s.LargestKeys, s.Keys))
		}
	}
	if len(failed) > 0 {
		return &checkFailed{msg: strings.Join(failed, "; ")}
	}
	return nil
}

// verifyTerminalWidth is the width of w when it is a terminal, 0 (plain text) otherwise.
func verifyTerminalWidth(w io.Writer) int {
	f, ok := osFile(w)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return 0
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil || width <= 0 {
		return 80
	}
	return width
}

// verifyProgress draws a one-line progress report on a terminal's stderr once a run has
// taken over a second: a bar with rate and ETA when the input size is known, a key counter
// otherwise.
type verifyProgress struct {
	w        io.Writer
	width    int
	total    int64 // -1 when unknown (stdin, pipes)
	start    time.Time
	lastDraw time.Time
	drawn    bool
}

// newVerifyProgress returns nil unless w is a terminal.
func newVerifyProgress(w io.Writer, total int64) *verifyProgress {
	width := verifyTerminalWidth(w)
	if width == 0 {
		return nil
	}
	return &verifyProgress{w: w, width: width, total: total, start: time.Now()}
}

func (p *verifyProgress) update(done, keys int64) {
	now := time.Now()
	if now.Sub(p.start) < time.Second || now.Sub(p.lastDraw) < 200*time.Millisecond {
		return
	}
	p.lastDraw, p.drawn = now, true
	stderrf(p.w, "\r%s\x1b[K", verifyProgressLine(done, keys, p.total, now.Sub(p.start), p.width-1))
}

func (p *verifyProgress) finish() {
	if p != nil && p.drawn {
		stderrf(p.w, "\r\x1b[K")
	}
}

// verifyProgressLine is the progress text after elapsed: done of total bytes (total < 0:
// unknown) and keys counted, fitted to width columns.
func verifyProgressLine(done, keys, total int64, elapsed time.Duration, width int) string {
	secs := elapsed.Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(done) / secs
	}
	rateText := humanize.IBytes(uint64(rate)) + "/s"
	if total < 0 {
		return fmt.Sprintf("%s keys  %s  %s", humanize.Comma(keys), humanize.IBytes(uint64(done)), rateText)
	}
	frac := 1.0
	if total > 0 {
		frac = min(float64(done)/float64(total), 1)
	}
	eta := "?"
	if rate > 0 {
		eta = time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	tail := fmt.Sprintf(" %3.0f%%  %s / %s  %s  ETA %s", 100*frac, humanize.IBytes(uint64(done)),
		humanize.IBytes(uint64(total)), rateText, eta)
	barWidth := min(width-len(tail)-2, 40)
	if barWidth < 5 {
		return strings.TrimSpace(tail)
	}
	e := int(frac * float64(barWidth*8))
	full := strings.Repeat("█", e/8)
	part := ""
	if e%8 > 0 {
		part = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}[e%8]
	}
	pad := barWidth - e/8 - len([]rune(part))
	return "[" + full + part + strings.Repeat(" ", pad) + "]" + tail
}

// verifyTarget is the HBase version verify words its messages for: --hbase-version, else
// the spec's table hbase_version, else the default line.
func verifyTarget(c *cli.Context) (hbase.Version, error) {
	if isSet(c, "hbase-version") {
		s := c.String("hbase-version")
		v, err := hbase.ParseVersion(s)
		if err != nil {
			return hbase.Version{}, usageErrorf("--hbase-version %s: %v", displayValue(s), err)
		}
		return v, nil
	}
	if path := c.String("spec"); path != "" {
		if s, err := specRead(path); err == nil && s.Settings.HBaseVersion.Set {
			if v, err := hbase.ParseVersion(s.Settings.HBaseVersion.V); err == nil {
				return v, nil
			}
		}
	}
	return hbase.DefaultVersion, nil
}
