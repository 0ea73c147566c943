package cli

// The one typed configuration: the table spec (-f) and the flags fill the same
// tablespec.Spec, field by field, with no round trip through flag strings. A flag
// overrides the spec's value for its field only; a flag of another mode replaces the
// spec's mode (--rows against a spec's daily volume, --algo against its prefix).

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/presplit/presplit/duration"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/sample"
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

// config is what a command builds its plan from: the design and the plan's options, and
// the spec's path when one was read (messages about its values name it).
type config struct {
	design   *tablespec.Spec
	opt      plan.Options
	specPath string
	// sampleNotes say how each sample file was read; they lead the split's notes.
	sampleNotes []string
}

// readConfig reads -f (when the command has it and it is given) and applies the flags on
// top. Every bad value is a usage error naming the flag or the spec's position.
func readConfig(c *cli.Context) (*config, error) {
	cfg := &config{design: &tablespec.Spec{}}
	if has(c, "spec") && c.String("spec") != "" {
		cfg.specPath = c.String("spec")
		s, err := specRead(cfg.specPath)
		if err != nil {
			return nil, err
		}
		cfg.design = s
	}
	d := cfg.design
	// A table the user did not describe at all is presplit's placeholder (t1, family cf,
	// HBase's defaults): lint's checks of settings left unset do not apply to it.
	cfg.opt.PlaceholderFamilies = len(d.Families) == 0 &&
		!anySet(c, []string{"family", "versions", "ttl", "compression", "bloom", "block-size", "encoding", "in-memory", "blockcache", "keep-deleted-cells", "min-versions"})
	if err := applyTableFlags(c, d); err != nil {
		return nil, err
	}
	if err := applyCapacityFlags(c, d); err != nil {
		return nil, err
	}
	if err := applyAccessFlags(c, d); err != nil {
		return nil, err
	}
	if err := applySplitFlags(c, d); err != nil {
		return nil, err
	}
	if err := applySampleFlags(c, d); err != nil {
		return nil, err
	}
	if has(c, "families") && c.IsSet("families") {
		cfg.opt.Families, _ = intOf(c, "families")
	}
	if has(c, "format") {
		cfg.opt.Format = c.String("format")
	}
	if sp := d.Splits; sp != nil && sp.File.Set {
		path := specRelative(cfg.specPath, sp.File.V)
		f, err := readSplitsFile(path)
		if err != nil {
			return nil, splitsFileError(path, err, designTarget(d))
		}
		// Its warnings reach stderr as findings (SF002), with the plan's.
		cfg.opt.SplitsFile = f
	}
	if err := cfg.readSample(c); err != nil {
		return nil, err
	}
	return cfg, nil
}

// designTarget is the HBase release the design names (--hbase-version or the spec's
// table hbase_version), else the default; a bad one is refused later, by plan.Build.
func designTarget(d *tablespec.Spec) hbase.Version {
	if v := d.Settings.HBaseVersion; v.Set {
		if t, err := hbase.ParseVersion(v.V); err == nil {
			return t
		}
	}
	return hbase.DefaultVersion
}

// build builds the plan of the configuration; a refused value is worded for its source.
func (cfg *config) build() (*plan.Plan, error) {
	p, err := plan.Build(cfg.design, cfg.opt)
	if err != nil {
		return nil, cfg.fieldError(err)
	}
	if p.Split != nil && p.SplitSource == "sample" {
		p.Split.Notes = append(slices.Clone(cfg.sampleNotes), p.Split.Notes...)
	}
	return p, nil
}

// fieldError words a plan.FieldError as its flag (`--redundancy 11: must be from 1 to 10`)
// or its place in the spec (`orders.yaml:7:16: capacity.redundancy 11: must be from 1 to
// 10`).
func (cfg *config) fieldError(err error) error {
	var fe *plan.FieldError
	if !errors.As(err, &fe) {
		return usageErrorf("%v", err)
	}
	switch {
	case fe.Src != "":
		return usageErrorf("%s %s: %s", fe.Src, displayValue(fe.Raw), fe.Rule)
	case fe.Field == "capacity" && fe.Pos.Line == 0: // the volume came from flags
		return usageErrorf("%s", fe.Rule)
	case fe.Field == "capacity":
		return usageErrorf("%s:%d:%d: capacity: %s", cfg.specPath, fe.Pos.Line, fe.Pos.Col, fe.Rule)
	}
	// The flags' form, at the value's place in the spec: FILE:LINE:COL: KEY VALUE: RULE.
	return usageErrorf("%s:%d:%d: %s %s: %s", cfg.specPath, fe.Pos.Line, fe.Pos.Col, fe.Field, displayValue(fe.Raw), fe.Rule)
}

// has reports whether the command defines the flag.
func has(c *cli.Context, name string) bool {
	for _, f := range c.Command.Flags {
		for _, n := range f.Names() {
			if n == name {
				return true
			}
		}
	}
	return false
}

func anySet(c *cli.Context, names []string) bool {
	for _, n := range names {
		if has(c, n) && c.IsSet(n) {
			return true
		}
	}
	return false
}

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
	if c.IsSet("table") {
		name := c.String("table")
		if err := hbase.CheckTableName(name); err != nil {
			return usageErrorf("--table %s: %v", displayValue(name), err)
		}
		d.Table = designValue(c, "table", name)
	}
	if c.IsSet("hbase-version") {
		s := c.String("hbase-version")
		if _, err := hbase.ParseVersion(s); err != nil {
			return usageErrorf("--hbase-version %s: %v", displayValue(s), err)
		}
		d.Settings.HBaseVersion = designValue(c, "hbase-version", s)
	}
	if err := applyTableSettingFlags(c, &d.Settings); err != nil {
		return err
	}
	var own []familySettings // --family NAME:SETTINGS, applied after the flags for every family
	if c.IsSet("family") {
		var fams []tablespec.Family
		seen := map[string]bool{}
		add := func(name, arg string) error {
			if err := hbase.CheckFamilyName(name); err != nil {
				return usageErrorf("--family %s: %v", displayValue(arg), err)
			}
			if seen[name] {
				return usageErrorf("--family %s: column family names must be unique, and it is given twice", displayValue(name))
			}
			seen[name] = true
			f := tablespec.Family{Name: tablespec.Value[string]{V: name, Set: true, Raw: name, Src: "--family"}}
			for _, sf := range d.Families {
				if sf.Name.V == name {
					f = sf
				}
			}
			fams = append(fams, f)
			return nil
		}
		for _, arg := range listOf(c, "family") {
			name, settings, hasSettings := strings.Cut(arg, ":")
			if !hasSettings {
				// a,b names two families, as the flag always read.
				for _, n := range strings.Split(arg, ",") {
					if err := add(n, n); err != nil {
						return err
					}
				}
				continue
			}
			if strings.Contains(name, ",") {
				return usageErrorf("--family %s: settings belong to one family: give --family NAME:SETTINGS for each family, or the setting's own flag (--ttl, --compression, ...) for every family", displayValue(arg))
			}
			fs, err := parseFamilySettings(name, settings)
			if err != nil {
				return usageErrorf("--family %s: %v", displayValue(arg), err)
			}
			if err := add(name, arg); err != nil {
				return err
			}
			own = append(own, fs)
		}
		d.Families = fams
	}
	if c.IsSet("create-namespace") {
		d.Settings.CreateNamespace = tablespec.Value[bool]{V: c.Bool("create-namespace"), Set: true, Raw: "true", Src: "--create-namespace"}
		if ns, _, ok := strings.Cut(d.Table.V, ":"); c.Bool("create-namespace") && (!ok || ns == "default") {
			return usageErrorf("--create-namespace needs --table in a namespace of its own (ns:table); the default namespace always exists")
		}
	}
	if len(d.Families) == 0 {
		d.Families = []tablespec.Family{{Name: tablespec.Value[string]{V: "cf", Set: true, Raw: "cf"}}}
	}
	if c.IsSet("phoenix-pk") {
		s := c.String("phoenix-pk")
		if _, err := phoenix.ParsePK(s); err != nil {
			return usageErrorf("--phoenix-pk %s: %v", displayValue(s), err)
		}
		d.PhoenixPK = designValue(c, "phoenix-pk", s)
	}

	var set []func(*tablespec.Family)
	if c.IsSet("versions") {
		v, _ := intOf(c, "versions")
		val := designValue(c, "versions", int64(v))
		set = append(set, func(f *tablespec.Family) { f.Versions = val })
	}
	if c.IsSet("ttl") {
		s := c.String("ttl")
		if _, err := duration.ParseTTL(s); err != nil {
			return usageErrorf("--ttl %s", strings.TrimPrefix(err.Error(), "TTL "))
		}
		val := designValue(c, "ttl", s)
		set = append(set, func(f *tablespec.Family) { f.TTL = val })
	}
	for _, e := range []struct {
		flag string
		set  []string
		put  func(*tablespec.Family, tablespec.Value[string])
	}{
		{"compression", hbase.Compressions, func(f *tablespec.Family, v tablespec.Value[string]) { f.Compression = v }},
		{"encoding", hbase.Encodings, func(f *tablespec.Family, v tablespec.Value[string]) { f.Encoding = v }},
	} {
		if !c.IsSet(e.flag) {
			continue
		}
		s := c.String(e.flag)
		v, ok := hbase.Canonical(e.set, s)
		if !ok {
			return usageErrorf("--%s %s: must be one of %s", e.flag, s, strings.Join(e.set, ", "))
		}
		put, val := e.put, designValue(c, e.flag, v)
		set = append(set, func(f *tablespec.Family) { put(f, val) })
	}
	if c.IsSet("bloom") {
		s := c.String("bloom")
		apply, err := familySettingKeys["bloom"](s)
		if err != nil {
			return usageErrorf("--bloom %s: %v", displayValue(s), err)
		}
		raw := flagText(c, "bloom")
		set = append(set, func(f *tablespec.Family) { apply(f, "--bloom", raw) })
	}
	if c.IsSet("block-size") {
		n, _ := sizeOf(c, "block-size")
		val := designValue(c, "block-size", int64(n))
		set = append(set, func(f *tablespec.Family) { f.BlockSize = val })
	}
	if c.IsSet("in-memory") {
		val := designValue(c, "in-memory", c.Bool("in-memory"))
		set = append(set, func(f *tablespec.Family) { f.InMemory = val })
	}
	for _, name := range []string{"blockcache", "keep-deleted-cells"} {
		if !c.IsSet(name) {
			continue
		}
		s := c.String(name)
		apply, err := familySettingKeys[name](s)
		if err != nil {
			return usageErrorf("--%s %s: %v", name, displayValue(s), err)
		}
		src, raw := "--"+name, s
		set = append(set, func(f *tablespec.Family) { apply(f, src, raw) })
	}
	if c.IsSet("min-versions") {
		v, _ := intOf(c, "min-versions")
		val := designValue(c, "min-versions", int64(v))
		set = append(set, func(f *tablespec.Family) { f.MinVersions = val })
	}
	for i := range d.Families {
		for _, s := range set {
			s(&d.Families[i])
		}
	}
	// A family's own settings win over the flags for every family.
	for _, fs := range own {
		for i := range d.Families {
			if d.Families[i].Name.V == fs.family {
				for _, s := range fs.set {
					s(&d.Families[i])
				}
			}
		}
	}
	return nil
}

// familySettings are one --family NAME:SETTINGS: the family and its setters.
type familySettings struct {
	family string
	set    []func(*tablespec.Family)
}

// parseFamilySettings reads the SETTINGS of --family NAME:SETTINGS: key=value pairs
// separated by commas, each key a family flag's name (ttl, versions, min-versions,
// compression, bloom, block-size, encoding, in-memory, blockcache, keep-deleted-cells)
// with the values that flag takes. A value in the design names its source as
// `--family NAME:key=value`, so a later message (a version that lacks it) points there.
func parseFamilySettings(name, settings string) (familySettings, error) {
	fs := familySettings{family: name}
	if strings.TrimSpace(settings) == "" {
		return fs, fmt.Errorf("no settings after %q: give NAME:key=value,... or just NAME", name+":")
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(settings, ",") {
		key, val, ok := strings.Cut(kv, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		parse, known := familySettingKeys[key]
		switch {
		case !known && !ok:
			// a:b meant as one name: HBase's rule, and what the colon means here.
			return fs, fmt.Errorf("%v; NAME:key=value,... gives a family its own settings", hbase.CheckFamilyName(name+":"))
		case !known:
			return fs, fmt.Errorf("unknown setting %q; known: %s", key, strings.Join(familySettingNames(), ", "))
		case !ok:
			return fs, fmt.Errorf("setting %s needs a value: %s=VALUE", key, key)
		case seen[key]:
			return fs, fmt.Errorf("setting %s is given twice", key)
		}
		seen[key] = true
		apply, err := parse(val)
		if err != nil && key == "ttl" {
			return fs, err
		}
		if err != nil {
			return fs, fmt.Errorf("%s %s: %v", key, displayValue(val), err)
		}
		raw := name + ":" + key + "=" + val
		fs.set = append(fs.set, func(f *tablespec.Family) { apply(f, "--family", raw) })
	}
	return fs, nil
}

// familySetter puts one parsed family setting into a family, with where it came from.
type familySetter func(f *tablespec.Family, src, raw string)

// familySettingKeys parse each family setting of --family NAME:SETTINGS (and of the
// string-valued flags for every family) with the rule of the flag of the same name.
var familySettingKeys = map[string]func(string) (familySetter, error){
	"versions":     intSetting(1, func(f *tablespec.Family, v tablespec.Value[int64]) { f.Versions = v }),
	"min-versions": intSetting(0, func(f *tablespec.Family, v tablespec.Value[int64]) { f.MinVersions = v }),
	"ttl": func(s string) (familySetter, error) {
		if _, err := duration.ParseTTL(s); err != nil {
			return nil, err // names the TTL and its value itself
		}
		return func(f *tablespec.Family, src, raw string) {
			f.TTL = tablespec.Value[string]{V: s, Set: true, Raw: raw, Src: src}
		}, nil
	},
	"compression": enumSetting(hbase.Compressions, func(f *tablespec.Family, v tablespec.Value[string]) { f.Compression = v }),
	"encoding":    enumSetting(hbase.Encodings, func(f *tablespec.Family, v tablespec.Value[string]) { f.Encoding = v }),
	"bloom": func(s string) (familySetter, error) {
		b, n, err := hbase.ParseBloom(s)
		if err != nil {
			return nil, err
		}
		return func(f *tablespec.Family, src, raw string) {
			f.Bloom = tablespec.Value[string]{V: b, Set: true, Raw: raw, Src: src}
			f.BloomPrefixLength = tablespec.Value[int64]{V: int64(n), Set: n > 0, Raw: raw, Src: src}
		}, nil
	},
	"block-size": func(s string) (familySetter, error) {
		n, err := hbase.ParseBlockSize(s)
		if err != nil {
			return nil, err
		}
		return func(f *tablespec.Family, src, raw string) {
			f.BlockSize = tablespec.Value[int64]{V: n, Set: true, Raw: raw, Src: src}
		}, nil
	},
	"share": func(s string) (familySetter, error) {
		v, err := (&ratioValue{rule: ratioRule{Min: 0, Max: 1, MinOpen: true}}).parse(s)
		if err != nil {
			return nil, err
		}
		return func(f *tablespec.Family, src, raw string) {
			f.Share = tablespec.Value[float64]{V: v, Set: true, Raw: raw, Src: src}
		}, nil
	},
	"in-memory":  boolSetting(func(f *tablespec.Family, v tablespec.Value[bool]) { f.InMemory = v }),
	"blockcache": boolSetting(func(f *tablespec.Family, v tablespec.Value[bool]) { f.BlockCache = v }),
	"keep-deleted-cells": func(s string) (familySetter, error) {
		k, err := hbase.ParseKeepDeletedCells(s)
		if err != nil {
			return nil, err
		}
		return func(f *tablespec.Family, src, raw string) {
			f.KeepDeletedCells = tablespec.Value[string]{V: k, Set: true, Raw: raw, Src: src}
		}, nil
	},
}

func familySettingNames() []string {
	names := make([]string, 0, len(familySettingKeys))
	for k := range familySettingKeys {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

func intSetting(min int, put func(*tablespec.Family, tablespec.Value[int64])) func(string) (familySetter, error) {
	return func(s string) (familySetter, error) {
		n, err := (&intValue{min: min, max: hbase.MaxInt}).parse(s)
		if err != nil {
			return nil, err
		}
		return func(f *tablespec.Family, src, raw string) {
			put(f, tablespec.Value[int64]{V: int64(n), Set: true, Raw: raw, Src: src})
		}, nil
	}
}

func enumSetting(set []string, put func(*tablespec.Family, tablespec.Value[string])) func(string) (familySetter, error) {
	return func(s string) (familySetter, error) {
		v, ok := hbase.Canonical(set, s)
		if !ok {
			return nil, fmt.Errorf("must be one of %s", strings.Join(set, ", "))
		}
		return func(f *tablespec.Family, src, raw string) {
			put(f, tablespec.Value[string]{V: v, Set: true, Raw: raw, Src: src})
		}, nil
	}
}

func boolSetting(put func(*tablespec.Family, tablespec.Value[bool])) func(string) (familySetter, error) {
	return func(s string) (familySetter, error) {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "true", "false":
		default:
			return nil, errors.New("must be true or false")
		}
		v := strings.EqualFold(strings.TrimSpace(s), "true")
		return func(f *tablespec.Family, src, raw string) {
			put(f, tablespec.Value[bool]{V: v, Set: true, Raw: raw, Src: src})
		}, nil
	}
}

// applyTableSettingFlags: the table's attributes (--split-policy, --normalization,
// --region-replication, --durability, --max-filesize).
func applyTableSettingFlags(c *cli.Context, st *tablespec.Settings) error {
	for _, e := range []struct {
		flag string
		set  []string
		dst  *tablespec.Value[string]
	}{
		{"split-policy", tablespec.SplitPolicies, &st.SplitPolicy},
		{"durability", tablespec.Durabilities, &st.Durability},
	} {
		if !c.IsSet(e.flag) {
			continue
		}
		s := c.String(e.flag)
		v, ok := hbase.Canonical(e.set, s)
		if !ok {
			return usageErrorf("--%s %s: must be one of %s", e.flag, displayValue(s), strings.Join(e.set, ", "))
		}
		*e.dst = designValue(c, e.flag, v)
	}
	for _, e := range []struct {
		flag string
		dst  *tablespec.Value[bool]
	}{{"normalization", &st.Normalization}, {"max-filesize", &st.MaxFileSize}} {
		if !c.IsSet(e.flag) {
			continue
		}
		s := c.String(e.flag)
		switch strings.ToLower(s) {
		case "true", "false":
			*e.dst = designValue(c, e.flag, strings.EqualFold(s, "true"))
		default:
			return usageErrorf("--%s %s: must be true or false", e.flag, displayValue(s))
		}
	}
	if v, ok := intOf(c, "region-replication"); ok {
		st.RegionReplication = designValue(c, "region-replication", int64(v))
	}
	return nil
}

// applyCapacityFlags: the volume (its mode rules first), the sizing factors and the
// cluster.
func applyCapacityFlags(c *cli.Context, d *tablespec.Spec) error {
	if !has(c, "rows") {
		return nil
	}
	if err := checkVolumeFlags(c, d); err != nil {
		return err
	}
	if d.Capacity == nil && (anySet(c, rowVolumeFlags) || anySet(c, dailyFlags) ||
		anySet(c, []string{"compression-ratio", "redundancy", "region-size", "replication"})) {
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
	if c.IsSet("kv") {
		cp.Cells = nil
	}
	if c.IsSet("cells") {
		cp.KV = tablespec.Value[float64]{}
	}
	if v, ok := countOf(c, "rows"); ok {
		cp.Rows = designValue(c, "rows", v)
	}
	sizes := []struct {
		flag string
		dst  *tablespec.Value[float64]
	}{{"kv", &cp.KV}, {"daily", &cp.Daily}, {"region-size", &cp.RegionSize}}
	for _, s := range sizes {
		if v, ok := sizeOf(c, s.flag); ok {
			*s.dst = designValue(c, s.flag, v)
		}
	}
	for _, dd := range []struct {
		flag string
		dst  *tablespec.Value[int64]
	}{{"retention", &cp.Retention}, {"horizon", &cp.Horizon}} {
		if secs, ok := durationOf(c, dd.flag); ok {
			*dd.dst = designValue(c, dd.flag, secs)
		}
	}
	if c.IsSet("cells") {
		cells := &tablespec.Cells{}
		if cp.Cells != nil {
			cells = cp.Cells
		}
		for _, f := range []struct {
			name string
			dst  *tablespec.Value[int64]
		}{{"cells", &cells.Count}, {"row-len", &cells.RowLen}, {"family-len", &cells.FamilyLen}, {"qualifier-len", &cells.QualifierLen}, {"value-len", &cells.ValueLen}} {
			v, _ := intOf(c, f.name)
			*f.dst = designValue(c, f.name, int64(v))
		}
		cp.Cells = cells
	}
	if cp != nil && cp.Cells != nil && c.IsSet("versions") {
		v, _ := intOf(c, "versions")
		cp.Cells.Versions = designValue(c, "versions", int64(v))
	}
	for _, f := range []struct {
		flag string
		dst  *tablespec.Value[float64]
	}{{"compression-ratio", &cp.CompressionRatio}, {"redundancy", &cp.Redundancy}} {
		if v, ok := ratioOf(c, f.flag); ok {
			*f.dst = designValue(c, f.flag, v)
		}
	}
	if v, ok := intOf(c, "replication"); ok {
		cp.Replication = designValue(c, "replication", int64(v))
	}
	return nil
}

// applyClusterFlags: the RegionServers, for the memstore ceiling and regions per server.
func applyClusterFlags(c *cli.Context, d *tablespec.Spec) error {
	if anySet(c, []string{"region-servers", "heap", "memstore-fraction", "flush-size"}) && d.Cluster == nil {
		d.Cluster = &tablespec.Cluster{}
	}
	cl := d.Cluster
	if v, ok := intOf(c, "region-servers"); ok {
		cl.RegionServers = designValue(c, "region-servers", int64(v))
	}
	for _, f := range []struct {
		flag string
		dst  func() *tablespec.Value[float64]
	}{{"heap", func() *tablespec.Value[float64] { return &cl.Heap }}, {"flush-size", func() *tablespec.Value[float64] { return &cl.FlushSize }}} {
		if v, ok := sizeOf(c, f.flag); ok {
			*f.dst() = designValue(c, f.flag, v)
		}
	}
	if v, ok := ratioOf(c, "memstore-fraction"); ok {
		cl.MemstoreFraction = designValue(c, "memstore-fraction", v)
	}
	return nil
}

// checkVolumeFlags rejects conflicting and half-given volume flags, taking what the spec
// gives into account (--rows with a spec's kv is whole).
func checkVolumeFlags(c *cli.Context, d *tablespec.Spec) error {
	set := c.IsSet
	cp := d.Capacity
	specRows := cp != nil && !anySet(c, dailyFlags) && cp.Rows.Set
	specPerRow := cp != nil && !anySet(c, dailyFlags) && (cp.KV.Set || cp.Cells != nil)
	specDaily := cp != nil && !anySet(c, rowVolumeFlags) && cp.Daily.Set
	switch {
	case set("rows") && set("daily"):
		return usageErrorf("--rows and --daily cannot be combined: give --rows with --kv (or --cells), or --daily with --retention")
	case set("kv") && set("cells"):
		return usageErrorf("--kv and --cells cannot be combined: give the row size, or describe the row by its cells")
	case set("daily") && (set("kv") || set("cells")):
		return usageErrorf("--daily cannot be combined with --kv or --cells: daily ingest is already bytes")
	case set("daily") && !set("retention") && !specDaily:
		return usageErrorf("--daily needs --retention: how long the data is kept, like 30d")
	case set("retention") && !set("daily") && !specDaily:
		return usageErrorf("--retention needs --daily: the raw ingest per day, like 500GB")
	case set("horizon") && !set("daily") && !specDaily:
		return usageErrorf("--horizon needs --daily and --retention: it is days of ingest to pre-split for")
	case set("rows") && !set("kv") && !set("cells") && !specPerRow:
		return usageErrorf("--rows needs --kv (average bytes per row, like 300B) or --cells with --row-len, --family-len, --qualifier-len and --value-len")
	case !set("rows") && (set("kv") || set("cells")) && !specRows:
		return usageErrorf("--kv and --cells need --rows: the number of rows, like 1e10")
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

// applySplitFlags: the split request. --prefix (with --suffix, --align) and --algo (with
// --first-row, --last-row) are two modes: a flag of one replaces the spec's other mode.
// Any split flag replaces a spec's splits file.
func applySplitFlags(c *cli.Context, d *tablespec.Spec) error {
	if !has(c, "regions") {
		return nil
	}
	if c.IsSet("prefix") && c.IsSet("algo") {
		return usageErrorf("--prefix and --algo are mutually exclusive: --prefix aligns the keys " +
			"with the rowkey's prefix, --algo reproduces HBase's RegionSplitter")
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
	sp.File = tablespec.Value[string]{}
	if anySet(c, prefixModeFlags) || anySet(c, algoModeFlags) {
		// A flag of another mode replaces the spec's sample.
		sp.Sample, sp.Delimiter, sp.Holdout = tablespec.Value[string]{}, tablespec.Value[string]{}, tablespec.Value[float64]{}
	}
	if anySet(c, prefixModeFlags) && !c.IsSet("algo") {
		for _, f := range []string{"first-row", "last-row"} {
			if c.IsSet(f) {
				return usageErrorf("--%s needs --algo: it sets RegionSplitter's %s", f, strings.ReplaceAll(f, "-", ""))
			}
		}
		r.Algo, sp.Algo, sp.FirstRow, sp.LastRow = tablespec.Value[string]{}, tablespec.Value[string]{}, tablespec.Value[string]{}, tablespec.Value[string]{}
	}
	if anySet(c, algoModeFlags) {
		for _, f := range []string{"suffix", "align"} {
			if c.IsSet(f) {
				return usageErrorf("--%s does not apply to --algo: RegionSplitter's keys are its own", f)
			}
		}
		if !c.IsSet("algo") && !sp.Algo.Set && !r.Algo.Set {
			f := "first-row"
			if !c.IsSet(f) {
				f = "last-row"
			}
			return usageErrorf("--%s needs --algo: it sets RegionSplitter's %s", f, strings.ReplaceAll(f, "-", ""))
		}
		r.Prefix, r.Suffix, sp.Align = tablespec.Value[string]{}, tablespec.Value[string]{}, tablespec.Value[string]{}
	}
	if n, ok := intOf(c, "regions"); ok {
		sp.Regions = designValue(c, "regions", int64(n))
	}
	if c.IsSet("prefix") {
		s := c.String("prefix")
		if _, err := splits.ParsePrefix(s); err != nil {
			var pe *splits.PrefixError
			if errors.As(err, &pe) {
				return usageErrorf("--prefix %s: %s", displayValue(s), pe.Reason)
			}
			return usageErrorf("--prefix %s: %v", displayValue(s), err)
		}
		r.Prefix = designValue(c, "prefix", s)
	}
	if c.IsSet("suffix") {
		s := c.String("suffix")
		if s == "" {
			return usageErrorf("--suffix must not be empty; leave it out to split at the next prefix")
		}
		r.Suffix = designValue(c, "suffix", s)
	}
	if c.IsSet("align") {
		a := c.String("align")
		if a != splits.AlignExact && a != splits.AlignEven {
			return usageErrorf("--align must be %s or %s, got %q", splits.AlignExact, splits.AlignEven, a)
		}
		sp.Align = designValue(c, "align", a)
	}
	if c.IsSet("algo") {
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
	for _, f := range []struct {
		flag string
		dst  *tablespec.Value[string]
	}{{"first-row", &sp.FirstRow}, {"last-row", &sp.LastRow}} {
		if !c.IsSet(f.flag) {
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

// splitError words why the plan has no split, for the commands that need one.
func (cfg *config) splitError(p *plan.Plan) error {
	err := p.SplitErr
	d := cfg.design
	var tooMany *splits.TooManyRegionsError
	var suffixErr *splits.SuffixError
	var regionsErr *splits.RegionsError
	var tooFew *sample.TooFewError
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
		return planTooManyRegions(*p.Capacity, tooMany)
	case errors.As(err, &tooMany) && regionsFlag:
		return usageErrorf("--regions %d exceeds %s", tooMany.Regions, tooMany.Detail())
	case errors.As(err, &tooMany):
		return usageErrorf("%v", err)
	case errors.As(err, &suffixErr):
		if v := d.Rowkey.Suffix; v.Src == "" && v.Pos.Line > 0 {
			return usageErrorf("%s:%d:%d: rowkey %v", cfg.specPath, v.Pos.Line, v.Pos.Col, suffixErr)
		}
		return usageErrorf("--%v", suffixErr)
	case errors.As(err, &regionsErr):
		return usageErrorf("--%v", regionsErr)
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
