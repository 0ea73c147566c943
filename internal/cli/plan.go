package cli

import (
	"fmt"
	"math"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/quantity"
	"github.com/presplit/presplit/render"
	"github.com/presplit/presplit/splits"
	"github.com/urfave/cli/v2"
)

// planOptions are presplit plan's inputs, filled once from its flags: the design (flags
// and spec merged and validated) and the output.
type planOptions struct {
	Config *config
	Output *outputOptions
}

func planCommand() *cli.Command { return newCmdPlan(runPlan) }

// newCmdPlan declares presplit plan: its action fills planOptions from the flags and
// hands them to run (runPlan; a test's own, to check the flags alone).
func newCmdPlan(run func(*planOptions) error) *cli.Command {
	flags := []cli.Flag{specFlag()}
	flags = append(flags, capacityFlags()...)
	flags = append(flags, accessFlags()...)
	flags = append(flags, noHeaderFlag())
	flags = append(flags, splitFlags()...)
	flags = append(flags, rawFlag().flag)
	flags = append(flags, tableFlags()...)
	flags = append(flags, outputFlags("report")...)
	return &cli.Command{
		Name:      "plan",
		Usage:     "size the table, choose the region count and print the create statement",
		UsageText: "presplit plan --rows N --kv SIZE | --rows N --cells C ... | --daily SIZE --retention DURATION [flags]",
		Description: `Sizes the table and prints the report and the hbase shell create statement.

   rows x bytes per row (or daily x retention) x compression ratio x redundancy / region size
   -> regions; HDFS replication only multiplies the disk estimate.

   Examples:
     presplit plan --rows 1e10 --kv 300B
     presplit plan --daily 500GB --retention 30d --compression-ratio 0.35
     presplit plan --rows 2.5e9 --cells 6 --row-len 16 --family-len 1 --qualifier-len 8 --value-len 40
     presplit plan --rows 1e10 --kv 300B --region-servers 10 --heap 16GiB
     presplit plan --rows 1e10 --kv 300B --prefix dec:2 --table ns:orders --format shell`,
		Flags: flags,
		Action: func(c *cli.Context) error {
			cfg, out, err := commandInputs(c, "see presplit plan --help")
			if err != nil {
				return err
			}
			return run(&planOptions{Config: cfg, Output: out})
		},
	}
}

// runPlan is the data flow of the whole tool: flags and spec -> design -> plan -> format.
func runPlan(opts *planOptions) error {
	cfg := opts.Config
	if cp := cfg.design.Capacity; cp == nil || (!cp.Rows.Set && !cp.Daily.Set) {
		return usageErrorf("the table's volume is missing: give --rows N --kv SIZE (like --rows 1e10 --kv 300B) or --daily SIZE --retention DURATION")
	}
	p, err := cfg.build()
	if err != nil {
		return err
	}
	if err := cfg.renderable(p); err != nil {
		return err
	}
	return opts.Output.write(render.Doc{Plan: p})
}

// planTooManyRegions explains a capacity-derived region count the declared prefix cannot
// hold, with both ways out: a wider prefix, or a region size that needs fewer regions.
//
// The advice never contradicts the checks: a region size outside the 5..50 GiB lint's RG005
// recommends is not offered as the way out (it is named as what it would take). The size is
// what the sizing's own rule asks of it: the store the split rule weighs (SplitBytes: the
// largest store through 2.x, all from 3.0), each region planned at the fill of it.
func planTooManyRegions(plan capacity.Sizing, fill float64, e *splits.TooManyRegionsError) error {
	msg := fmt.Sprintf("the plan needs %d regions, more than the %d prefixes of %s; use ", plan.Regions, e.Capacity, e.Prefix)
	wider := ""
	switch {
	case e.Wider != nil:
		wider = fmt.Sprintf("--prefix %s (%d)", e.Wider, e.WiderCapacity)
	case e.Prefix.Name == "byte" && plan.Regions <= 256:
		wider = fmt.Sprintf("--prefix byte:%d (a salt bucket per region)", plan.Regions)
	case e.Prefix.Name == "byte":
		// The salt stays: another alphabet (hex) is another rowkey, not more buckets.
		return planSaltByteFull(plan, fill, msg)
	}
	size := planFittingRegionSize(plan.SplitBytes/fill, e.Capacity)
	if sz, _ := quantity.Size(size); sz > lint.MaxRegionSize {
		if wider == "" {
			wider = "a prefix with more values"
		}
		return usageErrorf("%s%s: %d regions would need --region-size %s, above the 5..50 GiB HBase recommends (RG005)", msg, wider, e.Capacity, size)
	}
	if wider != "" {
		msg += wider + ", or "
	}
	return usageErrorf("%s--region-size %s for at most %d regions", msg, size, e.Capacity)
}

// planSaltByteFull is the way out for a salt byte that needs more than 256 buckets: the
// most one byte holds, byte:256, with the region size that fits the table in 256 regions,
// said to be outside RG005's 5..50 GiB when it is.
func planSaltByteFull(plan capacity.Sizing, fill float64, msg string) error {
	size := planFittingRegionSize(plan.SplitBytes/fill, 256)
	msg += "--prefix byte:256 (the most buckets one salt byte holds) with --region-size " + size + " for 256 regions"
	if sz, _ := quantity.Size(size); sz > lint.MaxRegionSize {
		msg += ", above the 5..50 GiB HBase recommends (RG005): one salt byte cannot hold this table in regions of a recommended size"
	}
	return usageErrorf("%s", msg)
}

// planFittingRegionSize is the smallest whole number of GiB per region that keeps
// ceil(planned / size) <= regions; planned is the weighed store over the fill.
func planFittingRegionSize(planned float64, regions uint64) string {
	const gib = 1 << 30
	return fmt.Sprintf("%.0fGiB", math.Ceil(planned/float64(regions)/gib))
}
