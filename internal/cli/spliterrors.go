package cli

// Why a plan cannot be written: the split's errors worded with the flag (or the spec's
// place) that caused them, for the commands that need a split.

import (
	"errors"
	"fmt"

	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/sample"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

// splitError words why the plan has no split, for the commands that need one.
func (cfg *config) splitError(p *plan.Plan) error { //nolint:gocyclo // one case per library split error, each worded with the flag that caused it: the table from error to flag
	err := p.SplitErr
	d := cfg.design
	var tooMany *splits.TooManyRegionsError
	var suffixErr *splits.SuffixError
	var regionsErr *splits.RegionsError
	var keyBytes *splits.KeyBytesError
	var tooFew *sample.TooFewError
	var multiple *splits.MultipleError
	regionsFlag := d.Splits != nil && d.Splits.Regions.Src != ""
	switch {
	case errors.As(err, &tooFew):
		return cfg.sampleTooFew(tooFew)
	case errors.Is(err, plan.ErrNoPrefix):
		where := "the spec's rowkey"
		if r := d.Rowkey; r != nil && r.Pos.Line > 0 {
			where = fmt.Sprintf("%s:%d:%d: rowkey", cfg.specPath, r.Pos.Line, r.Pos.Col)
		}
		return usageErrorf("%s has no prefix to split on: give --prefix (hex:2, dec:2, byte:16, ...) for the key's leading bytes, or --algo for HBase's RegionSplitter", where)
	case errors.Is(err, plan.ErrNoRegions) && cfg.specPath != "":
		return usageErrorf("%s gives no region count: add splits: {regions: N} or a capacity section, or give --regions", cfg.specPath)
	case errors.Is(err, plan.ErrNoRegions):
		return usageErrorf("--regions is required: the number of regions to create")
	case errors.As(err, &tooMany) && p.Capacity != nil && (d.Splits == nil || !d.Splits.Regions.Set):
		fill := 1.0
		if f := d.Capacity.Fill; f.Set && f.V < 1 {
			fill = f.V // the regions are planned at this share of the region size
		}
		return planTooManyRegions(*p.Capacity, fill, tooMany)
	case errors.As(err, &tooMany) && regionsFlag:
		return usageErrorf("--regions %d exceeds %s", tooMany.Regions, tooMany.Detail())
	case errors.As(err, &tooMany):
		return usageErrorf("%v", err)
	case errors.As(err, &keyBytes):
		return usageErrorf("--regions %d: %s", keyBytes.Regions, keyBytes.Rule())
	case errors.As(err, &suffixErr):
		if v := d.Rowkey.Suffix; v.Src == "" && v.Pos.Line > 0 {
			return usageErrorf("%s:%d:%d: rowkey %v", cfg.specPath, v.Pos.Line, v.Pos.Col, suffixErr)
		}
		return inputError(suffixErr)
	case errors.As(err, &regionsErr):
		return inputError(regionsErr)
	case errors.As(err, &multiple):
		// Only --balance asks for a multiple (plan.generate), and only with --align even.
		return usageErrorf("%s and %s: no count of %d regions or more divides %s evenly and is a multiple of the %d RegionServers: %s",
			cfg.givenAs(d.Splits.Align.Src, d.Splits.Align.Pos, "splits.align", "--align even"), cfg.givenAs(d.Capacity.Balance.Src, d.Capacity.Balance.Pos, "capacity.balance", "--balance"),
			multiple.Regions, multiple.Prefixes(), multiple.Multiple, lint.MultipleFix)
	}
	var ae *splits.AlgorithmError
	if errors.As(err, &ae) {
		name := d.Splits.Algo.V
		if name == "" && d.Rowkey != nil {
			name = d.Rowkey.Algo.V
		}
		return usageErrorf("--algo %s: %v", name, err)
	}
	return usageErrorf("%v", err)
}

// renderable refuses a plan the renderers would misstate: no split, or a TTL HBase would
// misread (lint's CF006; rendering would drop it silently).
func (cfg *config) renderable(p *plan.Plan) error {
	if p.Split == nil {
		return cfg.splitError(p)
	}
	for _, f := range cfg.design.Families {
		if !f.TTL.Set {
			continue
		}
		if _, err := f.TTLSeconds(); err != nil {
			if f.TTL.Src != "" {
				return usageErrorf("%s %s: %v", f.TTL.Src, f.TTL.Raw, err)
			}
			return usageErrorf("%s:%d:%d: family %s: %v", cfg.specPath, f.TTL.Pos.Line, f.TTL.Pos.Col, f.Name.V, err)
		}
	}
	return nil
}

// givenAs names a setting as the user gave it: flag (as flag reads it) when src says a
// flag set it, else the spec's key at its place.
func (cfg *config) givenAs(src string, pos tablespec.Pos, key, flag string) string {
	if src != "" || cfg.specPath == "" {
		return flag
	}
	return fmt.Sprintf("%s:%d:%d: %s", cfg.specPath, pos.Line, pos.Col, key)
}
