package cli

// The split flags (shared by plan, splits and verify) and `presplit splits`.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/shellgen"
	"github.com/presplit/presplit/splits"
	"github.com/urfave/cli/v2"
)

// splitsDefaultPrefix is the prefix when neither --prefix nor --algo is given: a hash-hex
// key (e.g. a full MD5), as wide as the region count needs.
const splitsDefaultPrefix = "hex"

// splitFlags are the flags that choose the split: --regions, --prefix, --algo, --first-row,
// --last-row, --suffix, --align. Shared by plan, splits and verify.
func splitFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "regions", Usage: "create `N` regions (N-1 split keys)"},
		&cli.StringFlag{Name: "prefix", Usage: "the rowkey's leading bytes, `SPEC`: hex:W, HEX:W, dec:W, " +
			"chars:ALPHABET:W, byte:B (Phoenix SALT_BUCKETS), or hex, HEX, dec as wide as needed (default: hex)"},
		&cli.StringFlag{Name: "algo", Usage: "HBase RegionSplitter's `ALGORITHM` instead of --prefix: " +
			"HexStringSplit, DecimalStringSplit or UniformSplit"},
		&cli.StringFlag{Name: "first-row", Usage: "--algo's first `ROW` (RegionSplitter --firstrow)"},
		&cli.StringFlag{Name: "last-row", Usage: "--algo's last `ROW`, inclusive (RegionSplitter --lastrow)"},
		&cli.StringFlag{Name: "suffix", Usage: "split at each region's last prefix followed by `S` (00|) " +
			"instead of the next region's first prefix (01)"},
		&cli.StringFlag{Name: "align", Value: splits.AlignExact, Usage: "`MODE`: exact uses --regions as given; " +
			"even raises it to a count that divides the prefixes evenly"},
	}
}

// splitFromFlags builds the split. regions is the count the capacity model asks for (0 when
// no model ran); --regions, when set, wins.
//
// When --regions is not set and regions exceeds the prefix, the *splits.TooManyRegionsError
// is returned as is, so that plan can say which region size would fit; every other error is
// a usage error.
func splitFromFlags(c *cli.Context, regions int) (splits.Split, error) {
	n := regions
	regionsSet := c.IsSet("regions")
	if regionsSet {
		var err error
		if n, err = splitsParseRegions(c.String("regions")); err != nil {
			return splits.Split{}, err
		}
	}
	if c.IsSet("prefix") && c.IsSet("algo") {
		return splits.Split{}, usageErrorf("--prefix and --algo are mutually exclusive: --prefix aligns the keys " +
			"with the rowkey's prefix, --algo reproduces HBase's RegionSplitter")
	}
	if n == 0 {
		return splits.Split{}, usageErrorf("--regions is required: the number of regions to create")
	}
	if n < 0 {
		return splits.Split{}, usageErrorf("--regions must be at least 1, got %d", n)
	}
	if c.IsSet("algo") {
		return splitsFromAlgo(c, n)
	}
	for _, f := range []string{"first-row", "last-row"} {
		if c.IsSet(f) {
			return splits.Split{}, usageErrorf("--%s needs --algo: it sets RegionSplitter's %s", f, strings.ReplaceAll(f, "-", ""))
		}
	}

	spec := splitsDefaultPrefix
	if c.IsSet("prefix") {
		spec = c.String("prefix")
	}
	p, err := splits.ParsePrefix(spec)
	if err != nil {
		var pe *splits.PrefixError
		if errors.As(err, &pe) {
			return splits.Split{}, usageErrorf("--prefix %q: %s", spec, pe.Reason)
		}
		return splits.Split{}, usageErrorf("--prefix %q: %v", spec, err)
	}
	opt := splits.Options{Align: c.String("align")}
	if opt.Align != splits.AlignExact && opt.Align != splits.AlignEven {
		return splits.Split{}, usageErrorf("--align must be %s or %s, got %q", splits.AlignExact, splits.AlignEven, opt.Align)
	}
	if c.IsSet("suffix") {
		s := c.String("suffix")
		if s == "" {
			return splits.Split{}, usageErrorf("--suffix must not be empty; leave it out to split at the next prefix")
		}
		if opt.Suffix, err = hbytes.ToBytesBinary(s); err != nil {
			return splits.Split{}, usageErrorf("--suffix %q: \\x needs two uppercase hex digits", s)
		}
	}

	split, err := splits.Generate(p, n, opt)
	var tooMany *splits.TooManyRegionsError
	var suffixErr *splits.SuffixError
	var regionsErr *splits.RegionsError
	switch {
	case err == nil:
		return split, nil
	case errors.As(err, &tooMany) && !regionsSet:
		return splits.Split{}, tooMany
	case errors.As(err, &tooMany):
		return splits.Split{}, usageErrorf("--regions %d exceeds %s", n, tooMany.Detail())
	case errors.As(err, &suffixErr):
		return splits.Split{}, usageErrorf("--%v", suffixErr)
	case errors.As(err, &regionsErr) && regionsSet:
		return splits.Split{}, usageErrorf("--%v", regionsErr)
	}
	return splits.Split{}, usageErrorf("%v", err)
}

// splitsFromAlgo is --algo: HBase's RegionSplitter, its conditions and its wording.
func splitsFromAlgo(c *cli.Context, n int) (splits.Split, error) {
	algo := c.String("algo")
	known := false
	for _, a := range splits.Algorithms {
		known = known || a == algo
	}
	if !known {
		return splits.Split{}, usageErrorf("--algo must be HexStringSplit, DecimalStringSplit or UniformSplit, got %q", algo)
	}
	for _, f := range []string{"suffix", "align"} {
		if c.IsSet(f) {
			return splits.Split{}, usageErrorf("--%s does not apply to --algo: RegionSplitter's keys are its own", f)
		}
	}
	// The library reads "" as the algorithm's default; an explicitly empty row is a mistake.
	for _, f := range []string{"first-row", "last-row"} {
		if c.IsSet(f) && c.String(f) == "" {
			return splits.Split{}, usageErrorf("--%s must not be empty; leave it out for %s's default", f, algo)
		}
	}
	split, err := splits.RegionSplitter(algo, n, c.String("first-row"), c.String("last-row"))
	if err != nil {
		var re *splits.RegionsError
		if errors.As(err, &re) {
			return splits.Split{}, usageErrorf("--%v", re)
		}
		return splits.Split{}, usageErrorf("--algo %s: %v", algo, err)
	}
	return split, nil
}

// splitsParseRegions reads --regions: a whole number from 1 to splits.MaxRegions.
func splitsParseRegions(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) {
			return 0, usageErrorf("--regions must be at most %d, got %q", splits.MaxRegions, v)
		}
		return 0, usageErrorf("--regions must be a whole number, got %q", v)
	}
	if n < 1 {
		return 0, usageErrorf("--regions must be at least 1, got %q", v)
	}
	if n > splits.MaxRegions {
		return 0, usageErrorf("--regions must be at most %d, got %q", splits.MaxRegions, v)
	}
	return n, nil
}

func splitsCommand() *cli.Command {
	return &cli.Command{
		Name:  "splits",
		Usage: "print split keys aligned with the rowkey prefix",
		UsageText: "presplit splits --regions N [--prefix SPEC] [--suffix S] [--align even]\n" +
			"presplit splits --regions N --algo HexStringSplit|DecimalStringSplit|UniformSplit [--first-row X] [--last-row Y]",
		Description: "Prints the N-1 split keys, one per line, in HBase's toStringBinary form " +
			"(the form hbase shell's SPLITS and SPLITS_FILE read back), or with --format " +
			"any other output format (shell, splits-file, regionsplitter, csv, json, java).",
		Flags:  splitsFlags(),
		Action: splitsAction,
	}
}

// splitsFlags: a spec file, the split flags, the table settings and the output.
func splitsFlags() []cli.Flag {
	flags := []cli.Flag{specFlag()}
	flags = append(flags, splitFlags()...)
	flags = append(flags, tableFlags()...)
	return append(flags, outputFlags("lines")...)
}

func splitsAction(c *cli.Context) error {
	if err := splitsNoArgs(c); err != nil {
		return err
	}
	base, err := applySpec(c)
	if err != nil {
		return err
	}
	table, err := tableFromFlags(c, base)
	if err != nil {
		return err
	}
	split, err := splitFromFlags(c, 0)
	if err != nil {
		var tooMany *splits.TooManyRegionsError
		if errors.As(err, &tooMany) { // only plan passes a count of its own; keep exit 2
			return usageErrorf("%v", err)
		}
		return err
	}
	if err := writeOutput(c, shellgen.Doc{Table: table, Split: split}); err != nil {
		return err // bad input stays one line on stderr: the notes come only after success
	}
	for _, note := range split.Notes {
		fmt.Fprintf(c.App.ErrWriter, "presplit: %s\n", note)
	}
	if len(split.Keys) == 0 {
		fmt.Fprintln(c.App.ErrWriter, "presplit: 1 region needs no split keys; no pre-split is needed")
	}
	return nil
}

// splitsNoArgs: splits takes flags only. urfave/cli stops parsing flags at the first
// argument, so a flag after one arrives here as an argument.
func splitsNoArgs(c *cli.Context) error {
	args := c.Args().Slice()
	if len(args) == 0 {
		return nil
	}
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") {
			return usageErrorf("flag %q comes after the argument %q: put flags first (splits takes no arguments)", a, args[0])
		}
	}
	return usageErrorf("splits takes no arguments, got %q", args[0])
}
