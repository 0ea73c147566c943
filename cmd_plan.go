package main

import (
	"github.com/dustin/go-humanize"
	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/shellgen"
	"github.com/urfave/cli/v2"
)

func planCommand() *cli.Command {
	flags := []cli.Flag{specFlag()}
	flags = append(flags, capacityFlags()...)
	flags = append(flags, splitFlags()...)
	flags = append(flags, tableFlags()...)
	flags = append(flags, outputFlags("report")...)
	return &cli.Command{
		Name:      "plan",
		Usage:     "size the table, choose the region count and print the create statement",
		UsageText: "presplit plan --rows 1e10 --kv 300B [flags]",
		Flags:     flags,
		Action:    runPlan,
	}
}

// runPlan is the data flow of the whole tool: flags/spec -> capacity.Plan -> splits.Split
// -> shellgen.
func runPlan(c *cli.Context) error {
	base, err := applySpec(c)
	if err != nil {
		return err
	}
	in, err := capacityInput(c)
	if err != nil {
		return err
	}
	plan, err := capacity.Compute(in)
	if err != nil {
		return usageErrorf("%v", err)
	}
	split, err := splitFromFlags(c, plan.Regions)
	if err != nil {
		return err
	}
	table, err := tableFromFlags(c, base)
	if err != nil {
		return err
	}
	table.MaxFileSize = int64(plan.Input.RegionSize)
	return writeOutput(c, shellgen.Doc{Table: table, Plan: &plan, Split: split})
}

// capacityFlags: --rows, --kv, --cells, --row-len, --family-len, --qualifier-len,
// --value-len, --daily, --retention, --compression-ratio, --redundancy, --region-size,
// --replication, --region-servers, --heap, --memstore-fraction, --flush-size, --families.
// (--versions belongs to tableFlags; capacity reads it for --cells.)
func capacityFlags() []cli.Flag { return nil }

func capacityInput(c *cli.Context) (capacity.Input, error) { return capacity.Input{}, nil }

// parseSize reads a byte size with go-humanize: 300B, 1KiB, 1.5KB, 10GiB.
func parseSize(flag, s string) (float64, error) {
	n, err := humanize.ParseBigBytes(s)
	if err != nil {
		return 0, usageErrorf("--%s must be a size like 300B, 64KiB or 10GiB, got %q", flag, s)
	}
	f, _ := n.Float64()
	return f, nil
}
