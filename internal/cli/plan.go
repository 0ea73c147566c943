package cli

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/duration"
	"github.com/presplit/presplit/quantity"
	"github.com/presplit/presplit/shellgen"
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

// runPlan is the data flow of the whole tool: flags/spec -> capacity.Plan -> splits.Split
// -> shellgen.
func runPlan(c *cli.Context) error {
	base, err := applySpec(c)
	if err != nil {
		return err
	}
	table, err := tableFromFlags(c, base)
	if err != nil {
		return err
	}
	in, err := capacityInput(c, len(table.Families))
	if err != nil {
		return err
	}
	plan, err := capacity.Compute(in)
	if err != nil {
		return planInputError(c, err)
	}
	split, err := splitFromFlags(c, plan.Regions)
	var tooMany *splits.TooManyRegionsError
	if errors.As(err, &tooMany) {
		return planTooManyRegions(plan, tooMany)
	}
	if err != nil {
		return err
	}
	table.MaxFileSize = int64(plan.Input.RegionSize)
	return writeOutput(c, shellgen.Doc{Table: table, Plan: &plan, Split: split})
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

// Capacity flag names, shared with the YAML spec (which spells them with underscores).
var (
	volumeFlagNames = []string{"rows", "kv", "cells", "row-len", "family-len", "qualifier-len", "value-len", "daily", "retention"}
	cellFlagNames   = []string{"row-len", "family-len", "qualifier-len", "value-len"}
)

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
		&cli.StringFlag{Name: "retention", Usage: "how long data is kept, `DURATION`: 30d, 52w, 1y, 720h (with --daily)"},
		&cli.StringFlag{Name: "compression-ratio", Value: "1.0", Usage: "stored / raw `RATIO`, > 0 and <= 2"},
		&cli.StringFlag{Name: "redundancy", Value: "1.5", Usage: "`FACTOR` for HFile indexes, blooms, extra versions, compaction headroom (1..10); never HDFS replication"},
		&cli.StringFlag{Name: "region-size", Value: "10GiB", Usage: "target `SIZE` per region (hbase.hregion.max.filesize)"},
		&cli.StringFlag{Name: "replication", Value: "3", Usage: "HDFS replication `N`, for the disk estimate only"},
		&cli.StringFlag{Name: "region-servers", Usage: "number of RegionServers `N`"},
		&cli.StringFlag{Name: "heap", Usage: "RegionServer heap `SIZE`, for the memstore ceiling"},
		&cli.StringFlag{Name: "memstore-fraction", Value: "0.4", Usage: "hbase.regionserver.global.memstore.size `F`"},
		&cli.StringFlag{Name: "flush-size", Value: "128MiB", Usage: "hbase.hregion.memstore.flush.size `SIZE`"},
		&cli.StringFlag{Name: "families", Usage: "column families `N` flushing together (default: the table's families, from --family or the spec)"},
	}
}

// capacityInput reads the capacity flags into the model's input. families is the number of
// column families the table has, the default of --families.
func capacityInput(c *cli.Context, families int) (capacity.Input, error) {
	var in capacity.Input
	if err := planCheckVolumeFlags(c); err != nil {
		return in, err
	}
	var err error
	v := &in.Volume
	if c.IsSet("daily") {
		if v.Daily, err = planSize(c, "daily"); err != nil {
			return in, err
		}
		if v.RetentionDays, err = planRetentionDays(c); err != nil {
			return in, err
		}
	} else {
		if v.Rows, err = parseCount("rows", c.String("rows")); err != nil {
			return in, err
		}
		if c.IsSet("cells") {
			cells := &capacity.Cells{}
			for _, f := range []struct {
				name string
				dst  *int
			}{{"cells", &cells.Count}, {"row-len", &cells.RowLen}, {"family-len", &cells.FamilyLen}, {"qualifier-len", &cells.QualifierLen}, {"value-len", &cells.ValueLen}} {
				if *f.dst, err = planInt(c, f.name, 0); err != nil {
					return in, err
				}
			}
			if cells.Versions, err = planVersions(c); err != nil {
				return in, err
			}
			v.Cells = cells
			v.RowBytes = cells.RowBytes()
		} else if v.RowBytes, err = planSize(c, "kv"); err != nil {
			return in, err
		}
	}
	if in.CompressionRatio, err = planFloat(c, "compression-ratio"); err != nil {
		return in, err
	}
	if in.Redundancy, err = planFloat(c, "redundancy"); err != nil {
		return in, err
	}
	if in.RegionSize, err = planSize(c, "region-size"); err != nil {
		return in, err
	}
	if in.Replication, err = planInt(c, "replication", 1); err != nil {
		return in, err
	}
	cl := &in.Cluster
	if c.IsSet("region-servers") {
		if cl.RegionServers, err = planInt(c, "region-servers", 1); err != nil {
			return in, err
		}
	}
	if c.IsSet("heap") {
		if cl.Heap, err = planSize(c, "heap"); err != nil {
			return in, err
		}
	}
	if cl.MemstoreFraction, err = planFloat(c, "memstore-fraction"); err != nil {
		return in, err
	}
	if cl.FlushSize, err = planSize(c, "flush-size"); err != nil {
		return in, err
	}
	switch {
	case c.IsSet("families"):
		if cl.Families, err = planInt(c, "families", 1); err != nil {
			return in, err
		}
	default:
		cl.Families = max(families, capacity.DefaultFamilies)
	}
	// Every field is filled now (the flags carry the defaults), so validate before the
	// model's WithDefaults could read an explicit 0 as "unset".
	if err := in.Validate(); err != nil {
		return in, planInputError(c, err)
	}
	return in, nil
}

// planCheckVolumeFlags rejects conflicting and half-given volume flags before any value is
// parsed, so the message is about the combination.
func planCheckVolumeFlags(c *cli.Context) error {
	set := func(name string) bool { return c.IsSet(name) }
	switch {
	case set("rows") && set("daily"):
		return usageErrorf("--rows and --daily cannot be combined: give --rows with --kv (or --cells), or --daily with --retention")
	case set("kv") && set("cells"):
		return usageErrorf("--kv and --cells cannot be combined: give the row size, or describe the row by its cells")
	case set("daily") && !set("retention"):
		return usageErrorf("--daily needs --retention: how long the data is kept, like 30d")
	case set("retention") && !set("daily"):
		return usageErrorf("--retention needs --daily: the raw ingest per day, like 500GB")
	case set("daily") && (set("kv") || set("cells")):
		return usageErrorf("--daily cannot be combined with --kv or --cells: daily ingest is already bytes")
	case set("rows") && !set("kv") && !set("cells"):
		return usageErrorf("--rows needs --kv (average bytes per row, like 300B) or --cells with --row-len, --family-len, --qualifier-len and --value-len")
	case !set("rows") && (set("kv") || set("cells")):
		return usageErrorf("--kv and --cells need --rows: the number of rows, like 1e10")
	case !set("rows") && !set("daily"):
		return usageErrorf("the table's volume is missing: give --rows N --kv SIZE (like --rows 1e10 --kv 300B) or --daily SIZE --retention DURATION")
	}
	for _, name := range cellFlagNames {
		if set(name) && !set("cells") {
			return usageErrorf("--%s describes a cell and needs --cells", name)
		}
		if set("cells") && !set(name) {
			return usageErrorf("--cells needs --%s (and --row-len, --family-len, --qualifier-len, --value-len)", name)
		}
	}
	return nil
}

// planInputError turns the model's InputError into a usage error quoting the flag's text.
func planInputError(c *cli.Context, err error) error {
	var ie *capacity.InputError
	if !errors.As(err, &ie) {
		return usageErrorf("%v", err)
	}
	value := ie.Value
	if c.IsSet(ie.Field) {
		value = fmt.Sprintf("%q", c.String(ie.Field))
	}
	return usageErrorf("--%s %s, got %s", ie.Field, ie.Rule, value)
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

// planVersions reads --versions (a table setting, parsed by the table flags' own reader);
// with --cells it multiplies the bytes per row.
func planVersions(c *cli.Context) (int, error) {
	n, set, err := renderVersions(c)
	if err != nil || !set {
		return capacity.DefaultVersions, err
	}
	return n, nil
}

// planRetentionDays reads --retention as whole days.
func planRetentionDays(c *cli.Context) (float64, error) {
	s := c.String("retention")
	secs, err := duration.Parse(s)
	if err != nil {
		return 0, usageErrorf("--retention must be a duration like 30d, 52w, 1y or 720h, got %q", s)
	}
	if secs < 86400 || secs%86400 != 0 {
		return 0, usageErrorf("--retention must be a whole number of days, at least 1, got %q", s)
	}
	return float64(secs / 86400), nil
}
