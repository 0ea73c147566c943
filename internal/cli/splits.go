package cli

// `presplit splits`: the split keys of the design's split flags (splitGroup, flaggroups.go).

import (
	"github.com/presplit/presplit/render"
	"github.com/urfave/cli/v2"
)

// splitsOptions are presplit splits' inputs, filled once from its flags: the design
// (flags and spec merged and validated) and the output.
type splitsOptions struct {
	Config *config
	Output *outputOptions
}

func splitsCommand() *cli.Command { return newCmdSplits(runSplits) }

// newCmdSplits declares presplit splits: its action fills splitsOptions from the flags
// and hands them to run (runSplits; a test's own, to check the flags alone).
func newCmdSplits(run func(*splitsOptions) error) *cli.Command {
	return &cli.Command{
		Name:  "splits",
		Usage: "print split keys aligned with the rowkey prefix",
		UsageText: "presplit splits --regions N [--prefix SPEC] [--suffix S] [--align even]\n" +
			"presplit splits --regions N --sample FILE [--sample FILE ...] [--delimiter D] [--holdout F]\n" +
			"presplit splits --regions N --algo HexStringSplit|DecimalStringSplit|UniformSplit [--first-row X] [--last-row Y]",
		Description: "Prints the N-1 split keys, one per line, in HBase's toStringBinary form " +
			"(the form hbase shell's SPLITS and SPLITS_FILE read back), or with --format " +
			"any other output format (shell, splits-file, regionsplitter, csv, json, java).",
		Flags: splitsFlags(),
		Action: func(c *cli.Context) error {
			cfg, out, err := commandInputs(c, "see presplit splits --help")
			if err != nil {
				return err
			}
			return run(&splitsOptions{Config: cfg, Output: out})
		},
	}
}

// splitsFlags: a spec file, the split flags, the table settings and the output.
func splitsFlags() []cli.Flag {
	flags := []cli.Flag{specFlag()}
	flags = append(flags, splitFlags()...)
	flags = append(flags, rawFlag().flag)
	flags = append(flags, tableFlags()...)
	return append(flags, outputFlags("lines")...)
}

// runSplits builds the plan of opts.Config and writes its split in opts.Output's format,
// then the split's notes on stderr.
func runSplits(opts *splitsOptions) error {
	p, err := opts.Config.build()
	if err != nil {
		return err
	}
	if err := opts.Config.renderable(p); err != nil {
		return err
	}
	if err := opts.Output.write(render.Doc{Plan: p}); err != nil {
		return err // bad input stays one line on stderr: the notes come only after success
	}
	for _, note := range p.Split.Notes {
		stderrf(opts.Output.Err, "presplit: %s\n", note)
	}
	if p.Split.Keys.Len() == 0 {
		stderrf(opts.Output.Err, "presplit: 1 region needs no split keys; no pre-split is needed\n")
	}
	return nil
}
