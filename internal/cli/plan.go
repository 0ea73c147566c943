package cli

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/quantity"
	"github.com/presplit/presplit/splits"
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
		Flags:  flags,
		Action: runPlan,
	}
}

// runPlan is the data flow of the whole tool: flags and spec -> design -> plan -> format.
func runPlan(c *cli.Context) error {
	cfg, err := readConfig(c)
	if err != nil {
		return err
	}
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
	return writeOutput(c, p)
}

// planTooManyRegions explains a capacity-derived region count the declared prefix cannot
// hold, with both ways out: a wider prefix, or a region size that needs fewer regions.
func planTooManyRegions(plan capacity.Plan, e *splits.TooManyRegionsError) error {
	msg := fmt.Sprintf("the plan needs %d regions, more than the %d prefixes of %s; use ", plan.Regions, e.Capacity, e.Prefix)
	if e.Wider != nil {
		msg += fmt.Sprintf("--prefix %s (%d), or ", e.Wider, e.WiderCapacity)
	}
	return usageErrorf("%s--region-size %s for at most %d regions", msg, planFittingRegionSize(plan.PlannedBytes, e.Capacity), e.Capacity)
}

// planFittingRegionSize is the smallest whole number of GiB per region that keeps
// ceil(planned / size) <= regions.
func planFittingRegionSize(planned float64, regions uint64) string {
	const gib = 1 << 30
	return fmt.Sprintf("%.0fGiB", math.Ceil(planned/float64(regions)/gib))
}

// capacityFlags are the inputs of the sizing model. They are strings parsed here, so that
// every bad value gets a message naming the flag, the value and the rule.
func capacityFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "rows", Usage: "number of rows `N`: 1e10, 2.5e9, 10000000000 or 10G (SI k M G T)"},
		&cli.StringFlag{Name: "kv", Usage: "average bytes of all KeyValues of one row, `SIZE`: 300B, 300.7B, 1K, 1.5KB (K = 1024)"},
		&cli.StringFlag{Name: "cells", Usage: "cells per row `C`, instead of --kv (with --row-len, --family-len, --qualifier-len, --value-len)"},
		&cli.StringFlag{Name: "row-len", Usage: "rowkey length in `BYTES` (with --cells)"},
		&cli.StringFlag{Name: "family-len", Usage: "column family name length in `BYTES` (with --cells)"},
		&cli.StringFlag{Name: "qualifier-len", Usage: "average qualifier length in `BYTES` (with --cells)"},
		&cli.StringFlag{Name: "value-len", Usage: "average value length in `BYTES` (with --cells)"},
		&cli.StringFlag{Name: "daily", Usage: "raw ingest per day, `SIZE`, instead of --rows (with --retention)"},
		&cli.StringFlag{Name: "retention", Usage: "how long data is kept, `DURATION`: 30d, 52w, 1y, 720h (with --daily); the families' TTL unless --ttl is given"},
		&cli.StringFlag{Name: "horizon", Usage: "pre-split for this `DURATION` of ingest (30d), not the whole retention; the growth table still runs to the retention"},
		&cli.StringFlag{Name: "compression-ratio", DefaultText: "1.0", Usage: "stored / raw `RATIO`, > 0 and <= 2"},
		&cli.StringFlag{Name: "redundancy", DefaultText: "1.5", Usage: "`FACTOR` for HFile indexes, blooms, extra versions, compaction headroom (1..10); never HDFS replication"},
		&cli.StringFlag{Name: "region-size", DefaultText: "10GiB", Usage: "target `SIZE` per region (hbase.hregion.max.filesize)"},
		&cli.StringFlag{Name: "replication", DefaultText: "3", Usage: "HDFS replication `N`, for the disk estimate only"},
		&cli.StringFlag{Name: "region-servers", Usage: "number of RegionServers `N`"},
		&cli.StringFlag{Name: "heap", Usage: "RegionServer heap `SIZE`, for the memstore ceiling"},
		&cli.StringFlag{Name: "memstore-fraction", DefaultText: "0.4", Usage: "hbase.regionserver.global.memstore.size `F`"},
		&cli.StringFlag{Name: "flush-size", DefaultText: "128MiB", Usage: "hbase.hregion.memstore.flush.size `SIZE`"},
		&cli.StringFlag{Name: "families", Usage: "column families `N` flushing together (default: the table's families, from --family or the spec)"},
	}
}

// parseCount reads a whole count with the shared grammar (quantity.Count): 1e10, 2.5e9,
// 10000000000, or an SI suffix (10G = 1e10).
func parseCount(flag, s string) (float64, error) {
	v, err := quantity.Count(s)
	switch {
	case errors.Is(err, quantity.ErrNotPositive):
		return 0, usageErrorf("--%s must be positive, got %q", flag, s)
	case errors.Is(err, quantity.ErrNotWhole):
		return 0, usageErrorf("--%s must be a whole number, got %q", flag, s)
	case errors.Is(err, quantity.ErrTooLarge):
		return 0, usageErrorf("--%s is too large (at most 1e18), got %q", flag, s)
	case err != nil:
		return 0, usageErrorf("--%s must be a number like 1e10, 2.5e9 or 10G, got %q", flag, s)
	}
	return v, nil
}

// planSize reads a byte-size flag with the shared grammar (quantity.Size, Hadoop's
// convention): 300B, 300.7B, 64K, 1.5KB = 1536, 10g = 10GiB.
func planSize(c *cli.Context, flag string) (float64, error) {
	s := c.String(flag)
	v, err := quantity.Size(s)
	switch {
	case errors.Is(err, quantity.ErrNotPositive):
		return 0, usageErrorf("--%s must be a positive size, got %q", flag, s)
	case errors.Is(err, quantity.ErrTooLarge):
		return 0, usageErrorf("--%s is too large (at most 1EiB), got %q", flag, s)
	case err != nil:
		return 0, usageErrorf("--%s must be a size like 300B, 64K or 10g, got %q", flag, s)
	}
	return v, nil
}

func planFloat(c *cli.Context, flag string) (float64, error) {
	s := c.String(flag)
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, usageErrorf("--%s must be a number, got %q", flag, s)
	}
	return v, nil
}

func planInt(c *cli.Context, flag string, min int) (int, error) {
	s := c.String(flag)
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, usageErrorf("--%s must be a whole number, got %q", flag, s)
	}
	if v < min {
		return 0, usageErrorf("--%s must be at least %d, got %q", flag, min, s)
	}
	return v, nil
}
