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

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/quote"
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
	// noFindings skips the review: the command takes the plan's split and nothing the
	// review says (verify, which counts keys into the split; the review is most of the
	// plan's cost there, lint placing every value of the rowkey's prefix).
	noFindings bool
	// sampleNotes say how each sample file was read; they lead the split's notes.
	sampleNotes []string
}

// readConfig reads -f (when the command has it and it is given) and applies the flags on
// top. Every bad value is a usage error naming the flag or the spec's position.
func readConfig(c *cli.Context) (*config, error) { //nolint:gocyclo // the spec file, then each flag group on top of it, then the one Validate: one step per source, each failing with its own usage error
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
		!anySet(c, append([]string{"family"}, tablespec.EveryFamilyFlags()...))
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
	// The one check of the whole design, flags and spec merged.
	if err := cfg.validate(); err != nil {
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
		f, err := readSplitsFile(path, designTarget(d))
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

// validate checks the merged design (tablespec.Spec.Validate); a refused value is worded
// for its source.
func (cfg *config) validate() error {
	if err := cfg.design.Validate(); err != nil {
		return cfg.fieldError(err)
	}
	return nil
}

// designTarget is the HBase release the design names (--hbase-version or the spec's
// table hbase_version), else the default (a bad one is refused by validate).
func designTarget(d *tablespec.Spec) hbase.Version {
	if t, err := d.Target(); err == nil {
		return t
	}
	return hbase.DefaultVersion
}

// build builds the plan of the validated configuration; a refused value is worded for
// its source.
func (cfg *config) build() (*plan.Plan, error) {
	p, err := plan.Build(cfg.design, cfg.opt)
	if err != nil {
		return nil, cfg.fieldError(err)
	}
	if !cfg.noFindings {
		p.Findings = lint.Run(p) // on the plan as Build made it, before the CLI words it
	}
	if p.Split != nil && p.SplitSource == splits.SourceSample {
		p.Split.Notes = append(slices.Clone(cfg.sampleNotes), p.Split.Notes...)
	}
	// The plan's text names inputs as field refs; the CLI's words are its flags.
	p.Notes = mapStrings(p.Notes, flagWords)
	if p.Split != nil {
		p.Split.Notes = mapStrings(p.Split.Notes, flagWords)
	}
	p.PhoenixPKMissing = flagWords(p.PhoenixPKMissing)
	// A finding's fix names a setting as the user gives it: the spec's key and value
	// when a spec file describes the design, else the flag.
	words := flagSetWords
	if cfg.specPath != "" {
		words = specSetWords
	}
	if len(p.Findings) > 0 {
		p.Findings = slices.Clone(p.Findings)
		for i := range p.Findings {
			p.Findings[i].Message = words.Expand(p.Findings[i].Message)
			p.Findings[i].Fix = words.Expand(p.Findings[i].Fix)
		}
	}
	return p, nil
}

// mapStrings is f of each of ss, in a new slice.
func mapStrings(ss []string, f func(string) string) []string {
	if ss == nil {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = f(s)
	}
	return out
}

// flagOfField names each input of the design by the flag that sets it: the one table
// from the design's field names (in library errors and notes, as field.Ref) to the CLI's.
var flagOfField = map[string]string{
	"table":                        "--table",
	"table.hbase_version":          "--hbase-version",
	"table.split_policy":           "--split-policy",
	"table.normalization":          "--normalization",
	"table.region_replication":     "--region-replication",
	"table.durability":             "--durability",
	"table.max_filesize":           "--max-filesize",
	"table.create_namespace":       "--create-namespace",
	"families.compression":         "--compression",
	"phoenix_pk":                   "--phoenix-pk",
	"capacity":                     "the volume",
	"capacity.rows":                "--rows",
	"capacity.kv":                  "--kv",
	"capacity.cells":               "--cells",
	"capacity.cells.row_len":       "--row-len",
	"capacity.cells.family_len":    "--family-len",
	"capacity.cells.value_len":     "--value-len",
	"capacity.daily":               "--daily",
	"capacity.retention":           "--retention",
	"capacity.horizon":             "--horizon",
	"capacity.compression_ratio":   "--compression-ratio",
	"capacity.redundancy":          "--redundancy",
	"capacity.region_size":         "--region-size",
	"capacity.replication":         "--replication",
	"capacity.write_rate":          "--write-rate",
	"capacity.read_rate":           "--read-rate",
	"capacity.scan_share":          "--scan-share",
	"capacity.region_write_limit":  "--region-write-limit",
	"capacity.balance":             "--balance",
	"cluster.region_servers":       "--region-servers",
	"cluster.heap":                 "--heap",
	"cluster.memstore_fraction":    "--memstore-fraction",
	"cluster.flush_size":           "--flush-size",
	"cluster.region_split_limit":   "--split-limit",
	"cluster.other_regions":        "--other-regions",
	"cluster.initial_size":         "--initial-size",
	"cluster.split_policy":         "--cluster-split-policy",
	"capacity.fill":                "--fill",
	"cluster.split_overallfiles":   "--split-overallfiles",
	"table.memstore_flushsize":     "--memstore-flushsize",
	"rowkey.prefix":                "--prefix",
	"rowkey.suffix":                "--suffix",
	"rowkey.delimiter":             "--delimiter",
	"rowkey.algo":                  "--algo",
	"splits.regions":               "--regions",
	"splits.align":                 "--align",
	"splits.algo":                  "--algo",
	"splits.first_row":             "--first-row",
	"splits.last_row":              "--last-row",
	"splits.file":                  "--splits-file",
	"splits.sample":                "--sample",
	"splits.delimiter":             "--delimiter",
	"splits.holdout":               "--holdout",
	"regions.target_regions":       "--target-regions",
	"sample.raw":                   "--raw",
	"simulate.ids":                 "--ids",
	"simulate.scheme":              "--scheme",
	"regions.jmx":                  "--jmx",
	"regions.get_splits":           "--get-splits",
	"regions.salt":                 "--salt",
	"regions.batch":                "--batch",
	"regions.pause":                "--pause",
	"regions.min_region_age":       "--min-region-age",
	"regions.split_policy":         "--split-policy",
	"format":                       "--format",
	"verify.max_skew":              "--max-skew",
	"rowkey.prefix_values":         "--prefix-values",
	"families.ttl":                 "--ttl",
	"families.share":               "each --family NAME:share=F",
	"families.compression_ratio":   "a --family NAME:compression-ratio=R",
	"families.versions":            "--versions",
	"cluster.families":             "--families",
	"capacity.cells.qualifier_len": "--qualifier-len",
	"render.shell_style":           "--shell-style",
}

// flagWords is s with its field refs ({regions.jmx}) worded as flags (flagName).
func flagWords(s string) string { return flagSetWords.Expand(s) }

// flagSetWords words a field ref as its flag, a setting as the flag and its value
// (--prefix hex:2), a boolean flag alone (--balance). The value is one shell word, quoted
// when bash would read it otherwise (--prefix 'chars:{}a$:2'), so that the fix pastes as
// written; one with a control byte, which no command line carries, stays Go-quoted.
var flagSetWords = field.Words{Name: flagName, Set: func(name, value string) string {
	if value == "true" {
		return flagName(name)
	}
	if word, err := quote.BashWord(field.Unquote(value)); err == nil {
		return flagName(name) + " " + word
	}
	return flagName(name) + " " + value
}}

// specSetWords words a field ref as a spec's key, a setting as the key and its value
// (rowkey.prefix: hex:2); an input a spec cannot hold (the output format) is its flag.
var specSetWords = field.Words{
	Name: func(name string) string {
		if !inSpec(name) {
			return flagName(name)
		}
		return name
	},
	Set: func(name, value string) string {
		if !inSpec(name) {
			return flagSetWords.Set(name, value)
		}
		return field.SpecWords.Set(name, value)
	},
}

// inSpec says whether a field is a key of a table spec (its first part is a section).
func inSpec(name string) bool {
	section, _, _ := strings.Cut(name, ".")
	switch section {
	case "table", "families", "capacity", "cluster", "rowkey", "splits", "phoenix_pk":
		return true
	}
	return false
}

// flagName is the flag of a design field (flagOfField), else the field's own name.
func flagName(name string) string {
	if f, ok := flagOfField[name]; ok {
		return f
	}
	return name
}

// fieldError words a plan.FieldError (a tablespec.FieldError) as its flag (`--redundancy
// 11: must be from 1 to 10`) or at its place in the spec (`orders.yaml:7:16:
// capacity.redundancy 11: must be from 1 to 10`); the inputs its rule names are worded
// the same way, the flags' through flagOfField.
func (cfg *config) fieldError(err error) error {
	var fe *plan.FieldError
	if !errors.As(err, &fe) {
		return usageErrorf("%v", err)
	}
	fromFlags := fe.Src != "" || fe.Pos.Line == 0
	name := field.Design
	if fromFlags {
		name = flagName
	}
	rule := field.Expand(fe.Rule, name)
	msg := rule
	switch {
	case fe.Sentence:
	case fe.Field == "capacity" && fromFlags: // the volume came from flags
	case fe.Field == "capacity":
		msg = "capacity: " + rule
	case fe.Src != "":
		msg = fmt.Sprintf("%s %s: %s", fe.Src, displayValue(fe.Raw), rule)
	default:
		msg = fmt.Sprintf("%s %s: %s", name(fe.Field), displayValue(fe.Raw), rule)
	}
	if fromFlags {
		return usageErrorf("%s", msg)
	}
	// The flags' form, at the value's place in the spec: FILE:LINE:COL: KEY VALUE: RULE.
	return usageErrorf("%s:%d:%d: %s", cfg.specPath, fe.Pos.Line, fe.Pos.Col, msg)
}

// inputError words a library's error about one input (a field.Error) as that input's
// flag: `--regions must be at most 10000000, got 2e7`.
func inputError(err error) error {
	var fe field.Error
	if !errors.As(err, &fe) {
		return usageErrorf("%v", err)
	}
	return usageErrorf("%s %s", flagName(fe.Field()), fe.Rule())
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
		d.Settings.HBaseVersion = designValue(c, "hbase-version", c.String("hbase-version"))
	}
	if err := applyTableSettingFlags(c, &d.Settings); err != nil {
		return err
	}
	own, err := applyFamilyFlag(c, d) // --family NAME:SETTINGS, applied after the flags for every family
	if err != nil {
		return err
	}
	if c.IsSet("create-namespace") {
		d.Settings.CreateNamespace = tablespec.Value[bool]{V: c.Bool("create-namespace"), Set: true, Raw: "true", Src: "--create-namespace"}
	}
	if len(d.Families) == 0 {
		d.Families = []tablespec.Family{{Name: tablespec.Value[string]{V: "cf", Set: true, Raw: "cf"}}}
	}
	if c.IsSet("phoenix-pk") {
		d.PhoenixPK = designValue(c, "phoenix-pk", c.String("phoenix-pk"))
	}

	applyFamilySettingFlags(c, d, own)
	return nil
}

// applyFamilyFlag: --family, the table's families by name, keeping the spec's settings
// for a family of the same name. It returns each family's own settings (NAME:SETTINGS),
// applied after the flags for every family.
func applyFamilyFlag(c *cli.Context, d *tablespec.Spec) ([]familySettings, error) {
	if !c.IsSet("family") {
		return nil, nil
	}
	var fams []tablespec.Family
	var own []familySettings
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
			if err := settingsWithoutName(arg); err != nil {
				return nil, err
			}
			// a,b names two families, as the flag always read.
			for _, n := range strings.Split(arg, ",") {
				if err := add(n, n); err != nil {
					return nil, err
				}
			}
			continue
		}
		if strings.Contains(name, ",") {
			return nil, usageErrorf("--family %s: settings belong to one family: give --family NAME:SETTINGS for each family, or the setting's own flag (--ttl, --compression, ...) for every family", displayValue(arg))
		}
		fs, err := parseFamilySettings(name, settings)
		if err != nil {
			return nil, usageErrorf("--family %s: %v", displayValue(arg), err)
		}
		if err := add(name, arg); err != nil {
			return nil, err
		}
		own = append(own, fs)
	}
	d.Families = fams
	return own, nil
}

// applyFamilySettingFlags applies the flags for every family (--ttl, --compression, ...,
// each read by its setting in tablespec.FamilySettings), then each family's own settings,
// which win.
func applyFamilySettingFlags(c *cli.Context, d *tablespec.Spec, own []familySettings) {
	var set []func(*tablespec.Family)
	for _, st := range tablespec.FamilySettings {
		if st.FamilyOnly || !has(c, st.Flag) || !c.IsSet(st.Flag) {
			continue
		}
		apply, raw := familyFlag(c, st)
		at := tablespec.Origin{Src: "--" + st.Flag, Raw: raw}
		set = append(set, func(f *tablespec.Family) { apply(f, at) })
	}
	for i := range d.Families {
		for _, s := range set {
			s(&d.Families[i])
		}
	}
	for _, fs := range own {
		for i := range d.Families {
			if d.Families[i].Name.V == fs.family {
				for _, s := range fs.set {
					s(&d.Families[i])
				}
			}
		}
	}
}

// settingsWithoutName refuses a --family that reads as settings but names no family
// (`--family name=p,compression=snappy`, `--family ttl=30d`): without the colon each
// comma-separated word would be a family named like a setting. HBase allows '=' in a
// family name, but a name an operator types with '=' is a setting meant for a family.
func settingsWithoutName(arg string) error {
	if !strings.Contains(arg, "=") {
		return nil
	}
	var name string
	var rest []string
	for _, kv := range strings.Split(arg, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.EqualFold(strings.TrimSpace(k), "name") && name == "" {
			name = v
			continue
		}
		rest = append(rest, kv)
	}
	if name != "" && len(rest) > 0 {
		return usageErrorf("--family %s: a family's settings follow its name and a colon: --family %s", displayValue(arg), displayValue(name+":"+strings.Join(rest, ",")))
	}
	return usageErrorf("--family %s: a family name must not contain '='; a family's settings follow its name and a colon, like --family d:ttl=30d,compression=zstd", displayValue(arg))
}

// familySettings are one --family NAME:SETTINGS: the family and its setters.
type familySettings struct {
	family string
	set    []func(*tablespec.Family)
}

// parseFamilySettings reads the SETTINGS of --family NAME:SETTINGS: key=value pairs
// separated by commas, each key a family setting's command-line name
// (tablespec.FamilySettings: ttl, versions, min-versions, compression, bloom, block-size,
// encoding, in-memory, blockcache, keep-deleted-cells, share), read by that setting's
// parser. A value in the design names its source as `--family NAME:key=value`, so a later
// message (a version that lacks it) points there.
func parseFamilySettings(name, settings string) (familySettings, error) {
	fs := familySettings{family: name}
	if strings.TrimSpace(settings) == "" {
		return fs, fmt.Errorf("no settings after %q: give NAME:key=value,... or just NAME", name+":")
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(settings, ",") {
		key, val, ok := strings.Cut(kv, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		st, known := tablespec.FamilySettingByFlag(key)
		switch {
		case !known && !ok:
			// a:b meant as one name: HBase's rule, and what the colon means here.
			return fs, fmt.Errorf("%w; NAME:key=value,... gives a family its own settings", hbase.CheckFamilyName(name+":"))
		case !known:
			return fs, fmt.Errorf("unknown setting %q; known: %s", key, strings.Join(tablespec.FamilySettingFlags(), ", "))
		case !ok:
			return fs, fmt.Errorf("setting %s needs a value: %s=VALUE", key, key)
		case seen[key]:
			return fs, fmt.Errorf("setting %s is given twice", key)
		}
		seen[key] = true
		apply, err := st.Parse(val)
		if err != nil {
			return fs, fmt.Errorf("%s %s: %w", key, displayValue(val), err)
		}
		at := tablespec.Origin{Src: "--family", Raw: name + ":" + key + "=" + val}
		fs.set = append(fs.set, func(f *tablespec.Family) { apply(f, at) })
	}
	return fs, nil
}

// applyTableSettingFlags: the table's attributes (--split-policy, --normalization,
// --region-replication, --durability, --max-filesize).
func applyTableSettingFlags(c *cli.Context, st *tablespec.Settings) error {
	for _, e := range []struct {
		flag string
		set  []string
		dst  *tablespec.Value[string]
	}{
		{"split-policy", hbase.SplitPolicies, &st.SplitPolicy},
		{"durability", hbase.Durabilities, &st.Durability},
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
	setFromFlag(c, "region-replication", &st.RegionReplication)
	setFromFlag(c, "memstore-flushsize", &st.MemstoreFlushSize)
	return nil
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
	if c.IsSet("kv") {
		cp.Cells = nil
	}
	if c.IsSet("cells") {
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
	if c.IsSet("cells") {
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
	if cp.Cells != nil && c.IsSet("versions") {
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
	if c.IsSet("split-overallfiles") {
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
	if !c.IsSet("cluster-split-policy") {
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
	if c.IsSet("kv") && c.IsSet("cells") {
		return nil // the design's conflict, Validate's to word
	}
	for _, name := range cellFlagNames {
		if c.IsSet(name) && !c.IsSet("cells") {
			return usageErrorf("--%s describes a cell and needs --cells", name)
		}
		if c.IsSet("cells") && !c.IsSet(name) {
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
	if c.IsSet("prefix") && c.IsSet("algo") {
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
	if c.IsSet("prefix") {
		r.Prefix = designValue(c, "prefix", c.String("prefix"))
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
	return applyRowFlags(c, r, sp)
}

// applyRowFlags: --first-row and --last-row, toStringBinary text; empty only as
// UniformSplit's first row.
func applyRowFlags(c *cli.Context, r *tablespec.Rowkey, sp *tablespec.Splits) error {
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
	return nil
}

// splitError words why the plan has no split, for the commands that need one.
func (cfg *config) splitError(p *plan.Plan) error { //nolint:gocyclo // one case per library split error, each worded with the flag that caused it: the table from error to flag
	err := p.SplitErr
	d := cfg.design
	var tooMany *splits.TooManyRegionsError
	var suffixErr *splits.SuffixError
	var regionsErr *splits.RegionsError
	var keyBytes *splits.KeyBytesError
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
	case errors.As(err, &keyBytes):
		return usageErrorf("--regions %d: %s", keyBytes.Regions, keyBytes.Rule())
	case errors.As(err, &suffixErr):
		if v := d.Rowkey.Suffix; v.Src == "" && v.Pos.Line > 0 {
			return usageErrorf("%s:%d:%d: rowkey %v", cfg.specPath, v.Pos.Line, v.Pos.Col, suffixErr)
		}
		return inputError(suffixErr)
	case errors.As(err, &regionsErr):
		return inputError(regionsErr)
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

// commandInputs is what plan and splits read before they run: no arguments (hint says
// where to look), the config from the spec and flags, then the output flags.
func commandInputs(c *cli.Context, hint string) (*config, *outputOptions, error) {
	if err := noArgs(c, hint); err != nil {
		return nil, nil, err
	}
	cfg, err := readConfig(c)
	if err != nil {
		return nil, nil, err
	}
	out, err := outputOptionsFrom(c)
	if err != nil {
		return nil, nil, err
	}
	return cfg, out, nil
}
