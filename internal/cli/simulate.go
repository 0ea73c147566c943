package cli

// presplit simulate and presplit keys: rowkey schemes, their simulated writes and their keys.

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/presplit/presplit/distribution"
	"github.com/presplit/presplit/simulate"
	"github.com/urfave/cli/v2"
)

// simulateSharedFlags are the flags simulate and keys share.
func simulateSharedFlags(count string) []cli.Flag { return simulateSharedGroup(count).flags() }

func simulateSharedGroup(count string) flagGroup {
	return flagGroup{
		sets(&cli.StringFlag{Name: "ids", Value: string(simulate.Sequential), Usage: "how ids arrive, `KIND`: sequential, random or timestamp"}, "simulate.ids"),
		flagOnly(newIntFlag("count", "generate `N` writes: 1e6, 10k or 1000", count, 1, simulateMaxCount)),
		flagOnly(&cli.StringFlag{Name: "seed", Value: "1", Usage: "random `SEED`: the same seed gives the same keys"}),
	}
}

// simulateSchemeGroup is simulate's schemes and the regions planned for each.
func simulateSchemeGroup() flagGroup {
	return flagGroup{
		flagOnly(newIntFlag("regions", "plan `N` regions per scheme (a scheme with fewer prefixes gets one region each)", "10", 1, 100_000)),
		sets(&cli.StringSliceFlag{Name: "scheme", Usage: "rowkey `SCHEME`, repeatable: plain, salt:B, hash:W, mod:W, reverse, composite (default: all)"}, "simulate.scheme"),
	}
}

// keysSchemeFlag is keys' one scheme.
func keysSchemeFlag() designFlag {
	return sets(&cli.StringFlag{Name: "scheme", Value: "plain", Usage: "rowkey `SCHEME`: plain, salt:B, hash:W, mod:W, reverse or composite"}, "simulate.scheme")
}

// simulateOptions are presplit simulate's inputs, filled once from its flags
// (simulateOptionsFrom): the run reads these, never a flag.
type simulateOptions struct {
	Config simulate.Config // ids, count, regions, seed and schemes
	Format string          // one of verifyFormats
	Output string          // -o: the file written, "-" for stdout
	Out    io.Writer
}

func simulateCommand() *cli.Command { return newCmdSimulate(runSimulate) }

// newCmdSimulate declares presplit simulate: its action fills simulateOptions from the
// flags and hands them to run (runSimulate; a test's own, to check the flags alone).
func newCmdSimulate(run func(*simulateOptions) error) *cli.Command {
	flags := simulateSharedFlags("1e6")
	flags = append(flags, simulateSchemeGroup().flags()...)
	flags = append(flags, documentFlags(verifyFormats, "table")...)
	return &cli.Command{
		Name:      "simulate",
		Usage:     "compare how rowkey schemes spread writes",
		UsageText: "presplit simulate --ids sequential [--scheme hash:2 ...] [flags]",
		Flags:     flags,
		Action: func(c *cli.Context) error {
			opts, err := simulateOptionsFrom(c)
			if err != nil {
				return err
			}
			return run(opts)
		},
	}
}

// keysOptions are presplit keys' inputs, filled once from its flags.
type keysOptions struct {
	Scheme simulate.Scheme
	IDs    simulate.IDs
	Count  int
	Seed   uint64
	Out    io.Writer
}

func keysCommand() *cli.Command { return newCmdKeys(runKeys) }

// newCmdKeys declares presplit keys: its action fills keysOptions and hands them to run.
func newCmdKeys(run func(*keysOptions) error) *cli.Command {
	flags := simulateSharedFlags("1e6")
	flags = append(flags, keysSchemeFlag().flag)
	return &cli.Command{
		Name:      "keys",
		Usage:     "generate rowkeys of a scheme, one per line",
		UsageText: "presplit keys --scheme hash:2 --ids sequential --count 1000 | presplit verify --prefix hex:2 --regions 16",
		Flags:     flags,
		Action: func(c *cli.Context) error {
			if err := verifyNoArgs(c, "see presplit keys --help"); err != nil {
				return err
			}
			ids, count, seed, err := simulateShared(c)
			if err != nil {
				return err
			}
			s, err := simulate.ParseScheme(c.String("scheme"))
			if err != nil {
				return inputError(err)
			}
			return run(&keysOptions{Scheme: s, IDs: ids, Count: count, Seed: seed, Out: c.App.Writer})
		},
	}
}

// simulateMaxCount bounds --count: a billion writes take minutes already.
const simulateMaxCount = 1_000_000_000

// simulateShared reads --ids, --count and --seed.
func simulateShared(c *cli.Context) (simulate.IDs, int, uint64, error) {
	ids, err := simulate.ParseIDs(c.String("ids"))
	if err != nil {
		return "", 0, 0, inputError(err)
	}
	count, _ := intOf(c, "count")
	seed, err := strconv.ParseUint(c.String("seed"), 10, 64)
	if err != nil {
		return "", 0, 0, usageErrorf("--seed must be a non-negative whole number, got %q", c.String("seed"))
	}
	return ids, count, seed, nil
}

// simulateOptionsFrom reads every flag of presplit simulate once, each refused value a
// usage error naming its flag.
func simulateOptionsFrom(c *cli.Context) (*simulateOptions, error) {
	if err := verifyNoArgs(c, "see presplit simulate --help"); err != nil {
		return nil, err
	}
	ids, count, seed, err := simulateShared(c)
	if err != nil {
		return nil, err
	}
	regions, _ := intOf(c, "regions")
	doc, err := documentOutputFrom(c, verifyFormats)
	if err != nil {
		return nil, err
	}
	schemes := simulate.DefaultSchemes
	if names := c.StringSlice("scheme"); len(names) > 0 {
		schemes = nil
		for _, n := range names {
			s, err := simulate.ParseScheme(n)
			if err != nil {
				return nil, inputError(err)
			}
			schemes = append(schemes, s)
		}
	}
	return &simulateOptions{
		Config: simulate.Config{IDs: ids, Count: count, Regions: regions, Seed: seed, Schemes: schemes},
		Format: doc.Format, Output: doc.Path, Out: c.App.Writer,
	}, nil
}

// runSimulate runs the simulation of opts and writes its results in opts.Format.
func runSimulate(opts *simulateOptions) error {
	results, err := simulate.Run(opts.Config)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	switch opts.Format {
	case "json":
		enc := json.NewEncoder(&out)
		enc.SetIndent("", "  ")
		err = enc.Encode(results)
	case "csv":
		err = simulateWriteCSV(&out, results)
	case "html":
		err = simulateWriteHTML(&out, results, opts.Config.IDs, opts.Config.Count)
	default:
		err = simulateWriteTable(&out, results, opts.Config.IDs, opts.Config.Count)
	}
	if err != nil {
		return err
	}
	return writeOutputFile("-o", opts.Output, opts.Out, out.Bytes())
}

func simulateRow(r simulate.Result) []string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
	return []string{r.Scheme, r.Prefix, strconv.Itoa(r.Regions), f(r.Skew), f(r.HotSkew),
		strconv.FormatFloat(100*r.HotShare, 'f', 1, 64) + "%", r.PointRead, r.RangeScan}
}

func simulateWriteTable(w io.Writer, results []simulate.Result, ids simulate.IDs, count int) error {
	if _, err := fmt.Fprintf(w, "%d writes, %s ids; hot = the newest 10%% of writes\n\n", count, ids); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "scheme\tprefix\tregions\tskew\thot skew\thottest region's share of hot writes\tpoint read\trange scan by id")
	for _, r := range results {
		fmt.Fprintln(tw, strings.Join(simulateRow(r), "\t"))
	}
	return tw.Flush()
}

func simulateWriteHTML(w io.Writer, results []simulate.Result, ids simulate.IDs, count int) error {
	sh := distribution.SchemesHTML{
		Title: "presplit simulate",
		Lead:  fmt.Sprintf("%d writes, %s ids; hot = the newest 10%% of writes.", count, ids),
		Head:  []string{"scheme", "prefix", "regions", "skew", "hot skew", "hottest region's share of hot writes", "point read", "range scan by id"},
		Hot:   "the newest 10% of writes",
	}
	for _, r := range results {
		sh.Rows = append(sh.Rows, simulateRow(r))
		sh.Schemes = append(sh.Schemes, distribution.SchemeCounts{Name: r.Scheme, Counts: r.Counts, HotCounts: r.HotCounts})
	}
	return distribution.WriteSchemesHTML(w, sh)
}

func simulateWriteCSV(w io.Writer, results []simulate.Result) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"scheme", "prefix", "regions", "skew", "hot_skew", "hot_share", "point_read", "range_scan"})
	for _, r := range results {
		row := simulateRow(r)
		row[5] = strconv.FormatFloat(r.HotShare, 'f', -1, 64)
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// runKeys writes opts.Count keys of opts.Scheme, one per line.
func runKeys(opts *keysOptions) error {
	return simulate.WriteKeys(opts.Out, opts.Scheme, opts.IDs, opts.Count, opts.Seed)
}
