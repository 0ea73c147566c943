package cli

import (
	"fmt"
	"math"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/hbase"
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
	flags = append(flags, rawFlag())
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
// recommends is not offered as the way out (it is named as what it would take).
func planTooManyRegions(plan capacity.Sizing, e *splits.TooManyRegionsError) error {
	msg := fmt.Sprintf("the plan needs %d regions, more than the %d prefixes of %s; use ", plan.Regions, e.Capacity, e.Prefix)
	wider := ""
	switch {
	case e.Wider != nil:
		wider = fmt.Sprintf("--prefix %s (%d)", e.Wider, e.WiderCapacity)
	case e.Prefix.Name == "byte" && plan.Regions <= 256:
		wider = fmt.Sprintf("--prefix byte:%d (a salt bucket per region)", plan.Regions)
	case e.Prefix.Name == "byte":
		// The salt stays: another alphabet (hex) is another rowkey, not more buckets.
		return planSaltByteFull(plan, msg)
	}
	size := planFittingRegionSize(plan.PlannedBytes, e.Capacity)
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
func planSaltByteFull(plan capacity.Sizing, msg string) error {
	size := planFittingRegionSize(plan.PlannedBytes, 256)
	msg += "--prefix byte:256 (the most buckets one salt byte holds) with --region-size " + size + " for 256 regions"
	if sz, _ := quantity.Size(size); sz > lint.MaxRegionSize {
		msg += ", above the 5..50 GiB HBase recommends (RG005): one salt byte cannot hold this table in regions of a recommended size"
	}
	return usageErrorf("%s", msg)
}

// planFittingRegionSize is the smallest whole number of GiB per region that keeps
// ceil(planned / size) <= regions.
func planFittingRegionSize(planned float64, regions uint64) string {
	const gib = 1 << 30
	return fmt.Sprintf("%.0fGiB", math.Ceil(planned/float64(regions)/gib))
}

// capacityFlags are the inputs of the sizing model, each a typed value with its range
// (flags.go): a bad value is refused as the flags are read, in one form.
func capacityFlags() []cli.Flag {
	withDefault := func(f *cli.GenericFlag, text string) *cli.GenericFlag {
		f.DefaultText = text // the model's default, applied when neither flag nor spec sets it
		return f
	}
	return []cli.Flag{
		newCountFlag("rows", "number of rows `N`: 1e10, 2.5e9, 10000000000 or 10G (SI k M G T)", "", 0),
		newSizeFlag("kv", "average bytes of all KeyValues of one version of a row, `SIZE`: 300B, 1K, 1.5KiB (an average: fractions stay); a row is --kv x --versions", "", sizeRule{}),
		newIntFlag("cells", "cells per row `C`, instead of --kv (with --row-len, --family-len, --qualifier-len, --value-len)", "", 1, math.MaxInt32),
		newIntFlag("row-len", "rowkey length in `BYTES` (with --cells)", "", 1, hbase.MaxRowLength),
		newIntFlag("family-len", "column family name length in `BYTES` (with --cells)", "", 1, hbase.MaxFamilyLength),
		newIntFlag("qualifier-len", "average qualifier length in `BYTES` (with --cells)", "", 0, math.MaxInt32),
		newIntFlag("value-len", "average value length in `BYTES` (with --cells)", "", 0, math.MaxInt32),
		newSizeFlag("daily", "raw ingest per day, `SIZE` with its unit (500GB), instead of --rows (with --retention)", "", sizeRule{Unit: true}),
		newDurationFlag("retention", "how long data is kept, `DURATION`: 30d, 52w, 1y, 720h (with --daily); the families' TTL unless --ttl is given", "", durationRule{WholeDays: true, Min: 86400}),
		newDurationFlag("horizon", "pre-split for this `DURATION` of ingest (30d), not the whole retention; the growth table still runs to the retention", "", durationRule{WholeDays: true, Min: 86400}),
		withDefault(newRatioFlag("compression-ratio", fmt.Sprintf("stored / raw `RATIO`, > 0 and <= %g", capacity.MaxCompressionRatio), "", ratioRule{Min: 0, Max: capacity.MaxCompressionRatio, MinOpen: true}), "1.0"),
		withDefault(newRatioFlag("redundancy", fmt.Sprintf("`FACTOR` for HFile indexes, blooms, compaction headroom (%g..%g); never versions (--versions multiplies --kv) nor HDFS replication", capacity.MinRedundancy, capacity.MaxRedundancy), "", ratioRule{Min: capacity.MinRedundancy, Max: capacity.MaxRedundancy}), "1.5"),
		withDefault(newSizeFlag("region-size", "target `SIZE` per region (hbase.hregion.max.filesize), whole bytes", "", sizeRule{Whole: true, Min: capacity.MinRegionSize}), "10g"),
		withDefault(newIntFlag("replication", "HDFS replication `N`, for the disk estimate only", "", capacity.MinReplication, capacity.MaxReplication), "3"),
		newIntFlag("region-servers", "number of RegionServers `N`", "", 1, capacity.MaxRegionServers),
		newSizeFlag("heap", "RegionServer heap `SIZE`, for the memstore ceiling", "", sizeRule{Min: 1 << 20}),
		withDefault(newRatioFlag("memstore-fraction", fmt.Sprintf("hbase.regionserver.global.memstore.size `F`, > 0 and <= %g", capacity.MaxMemstoreFraction), "", ratioRule{Min: 0, Max: capacity.MaxMemstoreFraction, MinOpen: true}), "0.4"),
		withDefault(newSizeFlag("flush-size", "the cluster's hbase.hregion.memstore.flush.size `SIZE`, whole bytes, for the memstore ceiling and the split policy (a cluster fact: presplit writes no MEMSTORE_FLUSHSIZE; that is --memstore-flushsize)", "", sizeRule{Whole: true, Min: capacity.MinFlushSize}), "128m"),
		newIntFlag("split-limit", "the cluster's hbase.regionserver.regionSplitLimit `N`: a RegionServer holding N online regions (every table's, replicas included) splits none (default 1000)", "", 1, 1_000_000),
		newIntFlag("other-regions", "online regions `N` the cluster's other tables hold, replicas included, against the split limit", "", 0, 1_000_000_000),
		newSizeFlag("initial-size", "the cluster's hbase.increasing.policy.initial.size `SIZE`, whole bytes: where IncreasingToUpperBound and Stepping split a server's first regions (default 2 x --flush-size)", "", sizeRule{Whole: true, Min: 1 << 20}),
		&cli.StringFlag{Name: "cluster-split-policy", Usage: "the cluster's hbase.regionserver.region.split.policy, `POLICY` a table's default split policy runs: constant, increasing, stepping or disabled", DefaultText: "the version's default"},
		withDefault(newRatioFlag("fill", "plan the regions at this `SHARE` of MAX_FILESIZE, (0, 1]; MAX_FILESIZE stays --region-size: 0.875 keeps every region below the lowest jitter draw (hbase.hregion.max.filesize.jitter)", "", ratioRule{Min: 0, Max: 1, MinOpen: true}), "1"),
		&cli.StringFlag{Name: "split-overallfiles", Usage: "hbase.hregion.split.overallfiles: `BOOL`, true splits a region when all its stores together exceed MAX_FILESIZE, false when its largest store does (HBase 2.4 on)", DefaultText: "false on 2.x, true on 3.x"},
		newIntFlag("families", "column families `N` flushing together (default: the table's families, from --family or the spec)", "", 1, 10_000),
	}
}
