package lint

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

// CapacityInput is the capacity model's input described by the spec; ok is false without a
// capacity section. Unset fields stay zero and take the model's defaults.
func CapacityInput(s *tablespec.Spec) (in capacity.Input, ok bool) {
	c := s.Capacity
	if c == nil {
		return in, false
	}
	v := &in.Volume
	switch {
	case c.Daily.Set:
		v.Daily = c.Daily.V
		v.RetentionDays = float64(c.Retention.V / 86400)
	case c.Cells != nil:
		fam, qual := s.CellLens()
		cells := &capacity.Cells{
			Count:        int(c.Cells.Count.V),
			RowLen:       int(c.Cells.RowLen.V),
			FamilyLen:    int(fam),
			QualifierLen: int(qual),
			ValueLen:     int(c.Cells.ValueLen.V),
			Versions:     int(c.Cells.Versions.V),
		}
		v.Rows = c.Rows.V
		v.Cells = cells
		v.RowBytes = cells.RowBytes()
	default:
		v.Rows = c.Rows.V
		v.RowBytes = c.KV.V
	}
	in.CompressionRatio = c.CompressionRatio.V
	in.Redundancy = c.Redundancy.V
	in.RegionSize = c.RegionSize.V
	in.Replication = int(c.Replication.V)
	if cl := s.Cluster; cl != nil {
		in.Cluster.RegionServers = int(cl.RegionServers.V)
		in.Cluster.Heap = cl.Heap.V
		in.Cluster.MemstoreFraction = cl.MemstoreFraction.V
		in.Cluster.FlushSize = cl.FlushSize.V
	}
	in.Cluster.Families = len(s.Families)
	return in, true
}

// capacityPos maps a capacity.InputError field (a flag name) to where the spec sets it.
func capacityPos(s *tablespec.Spec, field string) tablespec.Pos {
	c := s.Capacity
	switch field {
	case "rows":
		return c.Rows.Pos
	case "kv":
		if c.KV.Set {
			return c.KV.Pos
		}
	case "daily":
		return c.Daily.Pos
	case "retention":
		return c.Retention.Pos
	case "compression-ratio":
		return c.CompressionRatio.Pos
	case "redundancy":
		return c.Redundancy.Pos
	case "region-size":
		return c.RegionSize.Pos
	case "replication":
		return c.Replication.Pos
	}
	if c.Cells != nil {
		return c.Cells.Pos
	}
	return c.Pos
}

func specErr(s *tablespec.Spec, p tablespec.Pos, format string, args ...any) error {
	return &tablespec.Error{File: s.File, Line: p.Line, Col: p.Col, Msg: fmt.Sprintf(format, args...)}
}

// newPass derives the plan, prefix and split the analyzers share.
func newPass(s *tablespec.Spec, opt Options) (*Pass, error) {
	p := &Pass{Spec: s}
	if in, ok := CapacityInput(s); ok {
		plan, err := capacity.Compute(in)
		if err != nil {
			var ie *capacity.InputError
			if errors.As(err, &ie) {
				key := strings.ReplaceAll(ie.Field, "-", "_")
				return nil, specErr(s, capacityPos(s, ie.Field), "capacity %s %s, got %s", key, ie.Rule, ie.Value)
			}
			return nil, specErr(s, s.Capacity.Pos, "capacity: %v", err)
		}
		p.Plan = &plan
	}
	r := s.Rowkey
	algo, algoPos := "", tablespec.Pos{}
	if r != nil && r.Algo.Set {
		algo, algoPos = r.Algo.V, r.Algo.Pos
	}
	if sp := s.Splits; sp != nil && sp.Algo.Set {
		algo, algoPos = sp.Algo.V, sp.Algo.Pos
	}
	switch {
	case r != nil && r.Prefix.Set:
		pre, err := splits.ParsePrefix(r.Prefix.V)
		if err != nil {
			return nil, specErr(s, r.Prefix.Pos, "rowkey prefix %q: %v", r.Prefix.V, err)
		}
		p.Prefix = &pre
	case algo == "HexStringSplit" || algo == "DecimalStringSplit":
		// The algorithm's keys are the number in radix 16 (lower case) or 10, padded to
		// the width of the last row (8 by default).
		width := 8
		if sp := s.Splits; sp != nil && sp.LastRow.Set && len(sp.LastRow.V) > width {
			width = len(sp.LastRow.V)
		}
		name := "hex"
		if algo == "DecimalStringSplit" {
			name = "dec"
		}
		pre, err := splits.ParsePrefix(name + ":" + strconv.Itoa(width))
		if err != nil {
			return nil, specErr(s, algoPos, "%s: %v", algo, err)
		}
		p.Prefix = &pre
	}

	// The region count: the spec's, else the model's.
	if sp := s.Splits; sp != nil && sp.Regions.Set {
		p.Regions = int(sp.Regions.V)
	} else if p.Plan != nil {
		p.Regions = p.Plan.Regions
	}

	switch {
	case s.Splits != nil && s.Splits.File.Set:
		p.Split = &splits.Split{Spec: "file", Keys: opt.SplitFile}
		p.SplitSource = "file"
		p.SplitLines = opt.SplitFileLines
		p.Regions = len(opt.SplitFile) + 1
	case algo != "" && p.Regions > 0:
		first, last := "", ""
		if sp := s.Splits; sp != nil {
			first, last = sp.FirstRow.V, sp.LastRow.V
		}
		split, err := splits.RegionSplitter(algo, p.Regions, first, last)
		if err == nil {
			p.Split = &split
			p.SplitSource = "algo"
		}
	case p.Prefix != nil && p.Regions > 0:
		var opts splits.Options
		if r.Suffix.Set {
			opts.Suffix = []byte(r.Suffix.V)
		}
		if sp := s.Splits; sp != nil && sp.Align.Set {
			opts.Align = sp.Align.V
		}
		split, err := splits.Generate(*p.Prefix, p.Regions, opts)
		if err == nil {
			p.Split = &split
			p.SplitSource = "generated"
			p.Regions = split.Regions()
		}
	}
	return p, nil
}
