package cli

// Merging the design's flags into the spec: each apply*Flags function copies one flag
// group's values into the tablespec.Spec that -f filled (or an empty one), marked with the
// flag they came from, and states the command line's own rules (the volume's and the split's
// modes, the flags that go together). The merged design is validated once, by readConfig.

import (
	"strings"
	"unicode/utf8"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
	"github.com/urfave/cli/v2"
)

// Flag groups, for the mode rules.
var (
	rowVolumeFlags  = []string{"rows", "kv", "cells", "row-len", "family-len", "qualifier-len", "value-len"}
	cellFlagNames   = []string{"row-len", "family-len", "qualifier-len", "value-len"}
	dailyFlags      = []string{"daily", "retention", "horizon"}
	prefixModeFlags = []string{"prefix", "suffix", "align"}
	algoModeFlags   = []string{"algo", "first-row", "last-row"}
	splitFlagNames  = []string{"regions", "prefix", "algo", "first-row", "last-row", "suffix", "align"}
)

// designValue is a flag's value in the design, marked as the flag's, with its text as
// typed.
func designValue[T any](c *cli.Context, name string, v T) tablespec.Value[T] {
	return tablespec.Value[T]{V: v, Set: true, Raw: flagText(c, name), Src: "--" + name}
}

// applyTableFlags: --table, --family and the family settings, applied to every family.
// With --family the families are exactly those named, keeping the spec's settings for a
// family of the same name. Without any, the table is t1 with one family cf.
func applyTableFlags(c *cli.Context, d *tablespec.Spec) error {
	if !has(c, "table") {
		return nil
	}
	if isSet(c, "table") {
		name := c.String("table")
		if err := hbase.CheckTableName(name); err != nil {
			return usageErrorf("--table %s: %v", displayValue(name), err)
		}
		d.Table = designValue(c, "table", name)
	}
	applyTableSettingFlags(c, &d.Settings)
	own, err := applyFamilyFlag(c, d) // --family NAME:SETTINGS, applied after the flags for every family
	if err != nil {
		return err
	}
	if len(d.Families) == 0 {
		d.Families = []tablespec.Family{{Name: tablespec.Value[string]{V: "cf", Set: true, Raw: "cf"}}}
	}
	if isSet(c, "phoenix-pk") {
		d.PhoenixPK = designValue(c, "phoenix-pk", c.String("phoenix-pk"))
	}

	applyFamilySettingFlags(c, d, own)
	return nil
}

// applyTableSettingFlags: the table's settings (--hbase-version, --split-policy,
// --durability, ...: tablespec.TableSettings), each read by its setting's own parser as
// the flags were read, so a bad value was refused then.
func applyTableSettingFlags(c *cli.Context, st *tablespec.Settings) {
	for _, ts := range tablespec.TableSettings {
		if !has(c, ts.Flag) || !isSet(c, ts.Flag) {
			continue
		}
		apply, raw := tableSettingFlag(c, ts)
		apply(st, tablespec.Origin{Src: "--" + ts.Flag, Raw: raw})
	}
}

// applyCapacityFlags: the volume (its mode rules first), the sizing factors and the
// cluster.
func applyCapacityFlags(c *cli.Context, d *tablespec.Spec) error { //nolint:gocyclo // one branch per capacity flag, each copying its value into the spec with its source; the volume-mode rules it checks first are a table of their own
	if !has(c, "rows") {
		return nil
	}
	if err := checkVolumeFlags(c); err != nil {
		return err
	}
	if d.Capacity == nil && (anySet(c, rowVolumeFlags) || anySet(c, dailyFlags) ||
		anySet(c, []string{"compression-ratio", "redundancy", "region-size", "replication", "fill"})) {
		d.Capacity = &tablespec.Capacity{}
	}
	if err := applyClusterFlags(c, d); err != nil {
		return err
	}
	cp := d.Capacity
	if cp == nil {
		return nil
	}
	switch {
	case anySet(c, []string{"daily", "retention"}) && (cp.Rows.Set || cp.KV.Set || cp.Cells != nil):
		// --daily against a spec's rows: the flags' mode replaces the spec's.
		cp.Rows, cp.KV, cp.Cells = tablespec.Value[float64]{}, tablespec.Value[float64]{}, nil
	case anySet(c, rowVolumeFlags) && (cp.Daily.Set || cp.Retention.Set):
		cp.Daily, cp.Retention, cp.Horizon = tablespec.Value[float64]{}, tablespec.Value[int64]{}, tablespec.Value[int64]{}
	}
	if isSet(c, "kv") {
		cp.Cells = nil
	}
	if isSet(c, "cells") {
		cp.KV = tablespec.Value[float64]{}
	}
	setFromFlag(c, "rows", &cp.Rows)
	sizes := []struct {
		flag string
		dst  *tablespec.Value[float64]
	}{{"kv", &cp.KV}, {"daily", &cp.Daily}, {"region-size", &cp.RegionSize}}
	for _, s := range sizes {
		setFromFlag(c, s.flag, s.dst)
	}
	for _, dd := range []struct {
		flag string
		dst  *tablespec.Value[int64]
	}{{"retention", &cp.Retention}, {"horizon", &cp.Horizon}} {
		setFromFlag(c, dd.flag, dd.dst)
	}
	applyCellFlags(c, cp)
	for _, f := range []struct {
		flag string
		dst  *tablespec.Value[float64]
	}{{"compression-ratio", &cp.CompressionRatio}, {"redundancy", &cp.Redundancy}, {"fill", &cp.Fill}} {
		setFromFlag(c, f.flag, f.dst)
	}
	setFromFlag(c, "replication", &cp.Replication)
	return nil
}

// applyCellFlags: --cells and the lengths of its cell, and --versions as the cells'
// versions (it is every family's VERSIONS too).
func applyCellFlags(c *cli.Context, cp *tablespec.Capacity) {
	if isSet(c, "cells") {
		cells := &tablespec.Cells{}
		if cp.Cells != nil {
			cells = cp.Cells
		}
		for _, f := range []struct {
			name string
			dst  *tablespec.Value[int64]
		}{{"cells", &cells.Count}, {"row-len", &cells.RowLen}, {"family-len", &cells.FamilyLen}, {"qualifier-len", &cells.QualifierLen}, {"value-len", &cells.ValueLen}} {
			v := flagDesign[int64](c, f.name)
			v.Set = true // the cell's lengths: given, or their defaults
			*f.dst = v
		}
		cp.Cells = cells
	}
	if cp.Cells != nil && isSet(c, "versions") {
		// --versions is every family's VERSIONS and the cells' versions alike.
		var f tablespec.Family
		st, _ := tablespec.FamilySettingByFlag("versions")
		apply, raw := familyFlag(c, st)
		apply(&f, tablespec.Origin{Src: "--versions", Raw: raw})
		cp.Cells.Versions = f.Versions
	}
}

// applyClusterFlags: the RegionServers, for the memstore ceiling and regions per server.
func applyClusterFlags(c *cli.Context, d *tablespec.Spec) error {
	if anySet(c, clusterFlags) && d.Cluster == nil {
		d.Cluster = &tablespec.Cluster{}
	}
	cl := d.Cluster
	if cl == nil {
		return nil // no cluster flag given
	}
	setFromFlag(c, "region-servers", &cl.RegionServers)
	for _, f := range []struct {
		flag string
		dst  func() *tablespec.Value[float64]
	}{{"heap", func() *tablespec.Value[float64] { return &cl.Heap }}, {"flush-size", func() *tablespec.Value[float64] { return &cl.FlushSize }}} {
		if v := flagDesign[float64](c, f.flag); v.Set {
			*f.dst() = v
		}
	}
	setFromFlag(c, "memstore-fraction", &cl.MemstoreFraction)
	if isSet(c, "split-overallfiles") {
		s := c.String("split-overallfiles")
		if !strings.EqualFold(s, "true") && !strings.EqualFold(s, "false") {
			return usageErrorf("--split-overallfiles %s: must be true or false", displayValue(s))
		}
		cl.SplitOverallFiles = designValue(c, "split-overallfiles", strings.EqualFold(s, "true"))
	}
	return applySplitMachineryFlags(c, cl)
}

// clusterFlags are the flags that describe the cluster (a spec's cluster section).
var clusterFlags = []string{"region-servers", "heap", "memstore-fraction", "flush-size", "split-overallfiles",
	"split-limit", "other-regions", "initial-size", "cluster-split-policy"}

// applySplitMachineryFlags: the cluster's split limit, other tables' regions, initial
// size and split policy.
func applySplitMachineryFlags(c *cli.Context, cl *tablespec.Cluster) error {
	setFromFlag(c, "split-limit", &cl.SplitLimit)
	setFromFlag(c, "other-regions", &cl.OtherRegions)
	setFromFlag(c, "initial-size", &cl.InitialSize)
	if !isSet(c, "cluster-split-policy") {
		return nil
	}
	s := c.String("cluster-split-policy")
	v, ok := hbase.Canonical(hbase.ClusterSplitPolicies, s)
	if !ok {
		return usageErrorf("--cluster-split-policy %s: must be one of %s", displayValue(s), strings.Join(hbase.ClusterSplitPolicies, ", "))
	}
	cl.SplitPolicy = designValue(c, "cluster-split-policy", v)
	return nil
}

// checkVolumeFlags rejects half-given cell flags: --cells and the lengths of its cell go
// together on the command line. The volume's form (rows with a row size, or daily with a
// retention) is the merged design's rule, tablespec.Spec.Validate's.
func checkVolumeFlags(c *cli.Context) error {
	if isSet(c, "kv") && isSet(c, "cells") {
		return nil // the design's conflict, Validate's to word
	}
	for _, name := range cellFlagNames {
		if isSet(c, name) && !isSet(c, "cells") {
			return usageErrorf("--%s describes a cell and needs --cells", name)
		}
		if isSet(c, "cells") && !isSet(c, name) {
			return usageErrorf("--cells needs --%s (and --row-len, --family-len, --qualifier-len, --value-len)", name)
		}
	}
	return nil
}

// applySplitFlags: the split request. --prefix (with --suffix, --align) and --algo (with
// --first-row, --last-row) are two modes: a flag of one replaces the spec's other mode.
// Any split flag replaces a spec's splits file.
func applySplitFlags(c *cli.Context, d *tablespec.Spec) error { //nolint:gocyclo // one branch per split flag of the two split modes (--prefix with --suffix and --align, --algo), each with the usage error its flag needs
	if !has(c, "regions") {
		return nil
	}
	if isSet(c, "prefix") && isSet(c, "algo") {
		return usageErrorf("--prefix and --algo are mutually exclusive: --prefix aligns the keys " +
			"with the rowkey's prefix, --algo reproduces HBase's RegionSplitter")
	}
	if n := flagDesign[int64](c, "prefix-values"); n.Set {
		// A fact of the rowkey, not a split mode: it keeps the spec's splits file.
		if d.Rowkey == nil {
			d.Rowkey = &tablespec.Rowkey{}
		}
		d.Rowkey.PrefixValues = n
	}
	if !anySet(c, splitFlagNames) {
		return nil
	}
	if d.Rowkey == nil {
		d.Rowkey = &tablespec.Rowkey{}
	}
	if d.Splits == nil {
		d.Splits = &tablespec.Splits{}
	}
	r, sp := d.Rowkey, d.Splits
	if err := replaceSplitModes(c, r, sp); err != nil {
		return err
	}
	setFromFlag(c, "regions", &sp.Regions)
	if isSet(c, "prefix") {
		r.Prefix = designValue(c, "prefix", c.String("prefix"))
	}
	if isSet(c, "suffix") {
		s := c.String("suffix")
		if s == "" {
			return usageErrorf("--suffix must not be empty; leave it out to split at the next prefix")
		}
		r.Suffix = designValue(c, "suffix", s)
	}
	if isSet(c, "align") {
		a := c.String("align")
		if a != splits.AlignExact && a != splits.AlignEven {
			return usageErrorf("--align must be %s or %s, got %q", splits.AlignExact, splits.AlignEven, a)
		}
		sp.Align = designValue(c, "align", a)
	}
	if isSet(c, "algo") {
		a := c.String("algo")
		known := false
		for _, k := range splits.Algorithms {
			known = known || k == a
		}
		if !known {
			return usageErrorf("--algo must be HexStringSplit, DecimalStringSplit or UniformSplit, got %q", a)
		}
		sp.Algo = designValue(c, "algo", a)
		r.Algo = tablespec.Value[string]{}
	}
	return applyRowFlags(c, r, sp)
}

// applyRowFlags: --first-row and --last-row, toStringBinary text; empty only as
// UniformSplit's first row.
func applyRowFlags(c *cli.Context, r *tablespec.Rowkey, sp *tablespec.Splits) error {
	for _, f := range []struct {
		flag string
		dst  *tablespec.Value[string]
	}{{"first-row", &sp.FirstRow}, {"last-row", &sp.LastRow}} {
		if !isSet(c, f.flag) {
			continue
		}
		if v := c.String(f.flag); !utf8.ValidString(v) {
			// The row is text (toStringBinary): Java would read the bytes as U+FFFD.
			return usageErrorf("--%s %q is not valid UTF-8 text; write a row's bytes as \\xNN with uppercase hex", f.flag, v)
		}
		if c.String(f.flag) == "" {
			// UniformSplit reads its rows with Bytes.toBytesBinary: '' is the empty row,
			// which HBase accepts as the first row (its default too). An empty last row
			// ends the range before it starts, and the number algorithms need digits.
			name := sp.Algo.V
			if name == "" {
				name = r.Algo.V
			}
			if name != "UniformSplit" || f.flag == "last-row" {
				return usageErrorf("--%s must not be empty; leave it out for the algorithm's default", f.flag)
			}
		}
		*f.dst = designValue(c, f.flag, c.String(f.flag))
	}
	return nil
}

// replaceSplitModes: a split flag replaces the spec's splits file; a flag of the prefix
// mode (--prefix, --suffix, --align) or the algorithm mode (--algo, --first-row,
// --last-row) replaces the spec's other mode and its sample. A flag of one mode with the
// other's is refused.
func replaceSplitModes(c *cli.Context, r *tablespec.Rowkey, sp *tablespec.Splits) error {
	sp.File = tablespec.Value[string]{}
	if anySet(c, prefixModeFlags) || anySet(c, algoModeFlags) {
		// A flag of another mode replaces the spec's sample.
		sp.Sample, sp.Delimiter, sp.Holdout = tablespec.Value[string]{}, tablespec.Value[string]{}, tablespec.Value[float64]{}
	}
	if anySet(c, prefixModeFlags) && !isSet(c, "algo") {
		for _, f := range []string{"first-row", "last-row"} {
			if isSet(c, f) {
				return usageErrorf("--%s needs --algo: it sets RegionSplitter's %s", f, strings.ReplaceAll(f, "-", ""))
			}
		}
		r.Algo, sp.Algo, sp.FirstRow, sp.LastRow = tablespec.Value[string]{}, tablespec.Value[string]{}, tablespec.Value[string]{}, tablespec.Value[string]{}
	}
	if anySet(c, algoModeFlags) {
		for _, f := range []string{"suffix", "align"} {
			if isSet(c, f) {
				return usageErrorf("--%s does not apply to --algo: RegionSplitter's keys are its own", f)
			}
		}
		if !isSet(c, "algo") && !sp.Algo.Set && !r.Algo.Set {
			f := "first-row"
			if !isSet(c, f) {
				f = "last-row"
			}
			return usageErrorf("--%s needs --algo: it sets RegionSplitter's %s", f, strings.ReplaceAll(f, "-", ""))
		}
		r.Prefix, r.Suffix, sp.Align = tablespec.Value[string]{}, tablespec.Value[string]{}, tablespec.Value[string]{}
	}
	return nil
}
