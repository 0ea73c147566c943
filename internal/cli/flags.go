package cli

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/presplit/presplit/duration"
	"github.com/presplit/presplit/quantity"
	"github.com/presplit/presplit/tablespec"
	"github.com/urfave/cli/v2"
)

// Typed flag values: one cli.Generic per kind of number (count, whole count, size, ratio,
// duration), parsed when the flags are read, each with its range. Set returns the rule
// only (`too large (at most 1e18)`); the flag package wraps it as `invalid value "5e18"
// for flag -rows: ...` and usageFromFlagError words it as `--rows 5e18: too large (at most
// 1e18)`, one form for every kind.
//
// A value constructed with a default holds the default's text and value but is not set:
// only Set, which the flag package calls for a value on the command line, marks it set,
// so set means what c.IsSet means.

// The rules a value states when it refuses one.
const (
	ruleCount    = quantity.RuleCount
	rulePositive = "must be positive"
	ruleWhole    = "must be a whole number"
	ruleSize     = "must be a size like 300B, 64K or 10g"
	ruleBytes    = "must be whole bytes"
	ruleLength   = "must be a number of bytes like 40, or a size like 1k (1024) or 2KiB"
	ruleNumber   = "must be a number like 0.35"
	ruleDuration = "must be a duration like 30d, 52w, 1y or 720h"
	ruleDays     = "must be a whole number of days"
	// A bare number is seconds to the duration grammar and bytes to the size grammar;
	// where that cannot be meant, the rule says the unit is missing.
	// The rules are the domain's, which a spec states too (tablespec).
	ruleDurationUnit = duration.RuleDaysUnit
	ruleSizeUnit     = quantity.RuleSizeUnit
)

// bareNumber reports whether s is a number without a unit (30, 500, 1.5).
func bareNumber(s string) bool { return quantity.Bare(s) }

func tooLarge(max string) error { return fmt.Errorf("too large (at most %s)", max) }
func tooSmall(min string) error { return fmt.Errorf("too small (at least %s)", min) }

// flagValue is what every typed value records: its flag, whether it was given on the
// command line and the text it was given (or its default's).
type flagValue struct {
	flag string
	set  bool
	text string
}

// designOf is a parsed value as the design holds it: the value, whether the command line
// gave it, its text and the flag it came from (tablespec.Value's Raw and Src).
func designOf[T any](f *flagValue, v T) tablespec.Value[T] {
	return tablespec.Value[T]{V: v, Set: f.set, Raw: f.text, Src: "--" + f.flag}
}

// designer is a typed flag value that remembers where it came from: design is its value
// as the design's, with its flag and text (designOf).
type designer[T any] interface{ design() tablespec.Value[T] }

// flagDesign is the typed flag name's value as the design's, in one look-up: Set says
// whether the command line gave it. Asking for a flag of another kind panics.
func flagDesign[T any](c *cli.Context, name string) tablespec.Value[T] {
	return genericOf[designer[T]](c, name).design()
}

// setFromFlag sets *dst to the typed flag's value as the design's when the command line
// gave it, and says whether it did.
func setFromFlag[T any](c *cli.Context, name string, dst *tablespec.Value[T]) bool {
	v := flagDesign[T](c, name)
	if v.Set {
		*dst = v
	}
	return v.Set
}

// String is the text given, or the default's; cli shows it as the default in help.
func (f *flagValue) String() string { return f.text }

func (f *flagValue) unset() { f.set = false }

func (f *flagValue) named(flag string) { f.flag = flag }

func (f *countValue) design() tablespec.Value[float64]  { return designOf(&f.flagValue, f.v) }
func (f *intValue) design() tablespec.Value[int64]      { return designOf(&f.flagValue, int64(f.v)) }
func (f *sizeValue) design() tablespec.Value[float64]   { return designOf(&f.flagValue, f.v) }
func (f *ratioValue) design() tablespec.Value[float64]  { return designOf(&f.flagValue, f.v) }
func (f *durationValue) design() tablespec.Value[int64] { return designOf(&f.flagValue, f.secs) }

// countValue is a positive whole count in quantity.Count's grammar (1e10, 2.5e9, 10G, 1000)
// up to max: rows.
type countValue struct {
	flagValue
	v   float64
	max float64
}

func (f *countValue) Set(s string) error {
	v, err := f.parse(s)
	if err != nil {
		return err
	}
	f.v, f.text, f.set = v, s, true
	return nil
}

func (f *countValue) parse(s string) (float64, error) {
	v, err := quantity.Count(s)
	switch {
	case errors.Is(err, quantity.ErrNotDecimal):
		return 0, err
	case errors.Is(err, quantity.ErrTooLarge), err == nil && v > f.max:
		return 0, tooLarge(formatCount(f.max))
	case errors.Is(err, quantity.ErrNotPositive):
		return 0, errors.New(rulePositive)
	case errors.Is(err, quantity.ErrNotWhole):
		return 0, errors.New(ruleWhole)
	case err != nil:
		return 0, errors.New(ruleCount)
	}
	return v, nil
}

// intValue is a whole number in [min, max] in the same notation as a count (1e3, 10k,
// 1000): region counts, cells, servers. 0 is accepted when min is 0. A length in bytes
// (bytes: the cells' row, family, qualifier and value lengths) takes a bare number of
// bytes, or a size in Hadoop's convention as --kv does (1k = 1KiB = 1024, 2MB): one rule
// for every byte count of the command line, never 1k = 1000 beside --kv 1k = 1024.
type intValue struct {
	flagValue
	v        int
	min, max int
	bytes    bool
}

func (f *intValue) Set(s string) error {
	v, err := f.parse(s)
	if err != nil {
		return err
	}
	f.v, f.text, f.set = v, s, true
	return nil
}

func (f *intValue) parse(s string) (int, error) {
	if !f.bytes || bareNumber(s) {
		v, err := quantity.Whole(s, int64(f.min), int64(f.max))
		return int(v), err
	}
	v, err := quantity.Size(s)
	switch {
	case errors.Is(err, quantity.ErrTooLarge), err == nil && v > float64(f.max):
		return 0, tooLarge(strconv.Itoa(f.max))
	case errors.Is(err, quantity.ErrNotPositive) && f.min > 0:
		return 0, tooSmall(strconv.Itoa(f.min))
	case err != nil:
		return 0, errors.New(ruleLength)
	case v != math.Trunc(v):
		return 0, errors.New(ruleBytes)
	case v < float64(f.min):
		return 0, tooSmall(strconv.Itoa(f.min))
	}
	return int(v), nil
}

// newLengthFlag declares a length in bytes in [min, max]: a bare number of bytes or a size.
func newLengthFlag(name, usage string, min, max int) *cli.GenericFlag {
	v := &intValue{min: min, max: max, bytes: true}
	setDefault(v, name, "")
	return &cli.GenericFlag{Name: name, Usage: usage, Value: v}
}

// sizeRule bounds a size flag. The zero rule is any positive size up to quantity.MaxSize.
type sizeRule struct {
	Whole bool    // whole bytes: sizes that become HBase attributes (region, block, flush size)
	Min   float64 // bytes; 0 = any positive size
	Max   float64 // bytes; 0 = quantity.MaxSize
	Unit  bool    // a bare number is refused: bytes cannot be meant (a daily ingest)
}

// sizeValue is a byte size in Hadoop's convention (quantity.Size: 300B, 300.7B, 64K, 10g =
// 10GB = 10GiB).
type sizeValue struct {
	flagValue
	v    float64
	rule sizeRule
}

func (f *sizeValue) Set(s string) error {
	v, err := f.parse(s)
	if err != nil {
		return err
	}
	f.v, f.text, f.set = v, s, true
	return nil
}

func (f *sizeValue) parse(s string) (float64, error) {
	max := f.rule.Max
	if max == 0 {
		max = quantity.MaxSize
	}
	if f.rule.Unit && bareNumber(s) {
		return 0, errors.New(ruleSizeUnit)
	}
	v, err := quantity.Size(s)
	switch {
	case errors.Is(err, quantity.ErrTooLarge), err == nil && v > max:
		return 0, tooLarge(formatSize(max))
	case errors.Is(err, quantity.ErrNotPositive):
		return 0, errors.New(rulePositive)
	case err != nil:
		return 0, errors.New(ruleSize)
	case f.rule.Whole && v != math.Trunc(v):
		return 0, errors.New(ruleBytes)
	case v < f.rule.Min:
		return 0, tooSmall(formatSize(f.rule.Min))
	}
	return v, nil
}

// ratioRule bounds a ratio flag: [Min, Max], or (Min, Max] with MinOpen.
type ratioRule struct {
	Min, Max float64
	MinOpen  bool
}

// ratioValue is a plain decimal number in a range: compression ratio, redundancy,
// memstore fraction.
type ratioValue struct {
	flagValue
	v    float64
	rule ratioRule
}

func (f *ratioValue) Set(s string) error {
	v, err := f.parse(s)
	if err != nil {
		return err
	}
	f.v, f.text, f.set = v, s, true
	return nil
}

func (f *ratioValue) parse(s string) (float64, error) {
	t := strings.TrimSpace(s)
	if t == "" || strings.ContainsAny(t, "xXpPiInN_") {
		return 0, errors.New(ruleNumber) // no hex floats, Inf, NaN or 1_000
	}
	v, err := strconv.ParseFloat(t, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, errors.New(ruleNumber)
	case v > f.rule.Max:
		return 0, tooLarge(formatCount(f.rule.Max))
	case f.rule.MinOpen && v <= f.rule.Min:
		return 0, fmt.Errorf("too small (above %s)", formatCount(f.rule.Min))
	case v < f.rule.Min:
		return 0, tooSmall(formatCount(f.rule.Min))
	}
	return v, nil
}

// durationRule bounds a duration flag.
type durationRule struct {
	WholeDays bool  // retention is planned in days
	Min       int64 // seconds; 0 = any
}

// durationValue is a duration in the duration package's grammar (30d, 52w, 1y, 720h, or
// plain seconds), held as whole seconds.
type durationValue struct {
	flagValue
	secs int64
	rule durationRule
}

func (f *durationValue) Set(s string) error {
	v, err := f.parse(s)
	if err != nil {
		return err
	}
	f.secs, f.text, f.set = v, s, true
	return nil
}

func (f *durationValue) parse(s string) (int64, error) {
	secs, err := duration.Parse(s)
	var ue *duration.UnitError
	switch {
	case errors.As(err, &ue):
		return 0, errors.New(ue.Rule)
	case err != nil && strings.Contains(err.Error(), "too large"):
		return 0, errors.New("too large")
	case err != nil:
		return 0, errors.New(ruleDuration)
	case f.rule.WholeDays && secs%86400 != 0 && bareNumber(s):
		return 0, errors.New(ruleDurationUnit)
	case f.rule.WholeDays && secs%86400 != 0:
		return 0, errors.New(ruleDays)
	case secs < f.rule.Min:
		return 0, tooSmall(formatDuration(f.rule.Min))
	}
	return secs, nil
}

// Constructors. def is the default's text ("" for none); it is parsed now and a bad one
// panics, as it is a mistake in this package, never the user's.

// newCountFlag declares a count flag (rows) up to max (quantity.MaxCount when 0).
func newCountFlag(name, usage, def string, max float64) *cli.GenericFlag {
	if max == 0 {
		max = quantity.MaxCount
	}
	v := &countValue{max: max}
	setDefault(v, name, def)
	return &cli.GenericFlag{Name: name, Usage: usage, Value: v}
}

// newIntFlag declares a whole-number flag in [min, max] that reads the count notation:
// --regions 1e3, 10k, 1000.
func newIntFlag(name, usage, def string, min, max int) *cli.GenericFlag {
	v := &intValue{min: min, max: max}
	setDefault(v, name, def)
	return &cli.GenericFlag{Name: name, Usage: usage, Value: v}
}

// newSizeFlag declares a size flag with its rule: newSizeFlag("region-size", ..., "10g",
// sizeRule{Whole: true, Min: 1 << 20}).
func newSizeFlag(name, usage, def string, rule sizeRule) *cli.GenericFlag {
	v := &sizeValue{rule: rule}
	setDefault(v, name, def)
	return &cli.GenericFlag{Name: name, Usage: usage, Value: v}
}

// newRatioFlag declares a number flag in a range: newRatioFlag("compression-ratio", ...,
// "1.0", ratioRule{Min: 0, MinOpen: true, Max: 2}).
func newRatioFlag(name, usage, def string, rule ratioRule) *cli.GenericFlag {
	v := &ratioValue{rule: rule}
	setDefault(v, name, def)
	return &cli.GenericFlag{Name: name, Usage: usage, Value: v}
}

// newDurationFlag declares a duration flag: newDurationFlag("retention", ..., "",
// durationRule{WholeDays: true, Min: 86400}).
func newDurationFlag(name, usage, def string, rule durationRule) *cli.GenericFlag {
	v := &durationValue{rule: rule}
	setDefault(v, name, def)
	return &cli.GenericFlag{Name: name, Usage: usage, Value: v}
}

// setDefault names v's flag and gives v its default through Set, then marks it not set:
// only the command line sets a flag.
func setDefault(v interface {
	cli.Generic
	unset()
	named(string)
}, name, def string) {
	v.named(name)
	if def == "" {
		return
	}
	if err := v.Set(def); err != nil {
		panic(fmt.Sprintf("cli: default %q of --%s: %v", def, name, err))
	}
	v.unset()
}

// Accessors: the parsed value (the default's when not given) and whether the flag was
// given on the command line. Asking for a flag of another kind is a mistake here: panic.

func countOf(c *cli.Context, name string) (float64, bool) {
	v := genericOf[*countValue](c, name)
	return v.v, v.set
}

func intOf(c *cli.Context, name string) (int, bool) {
	v := genericOf[*intValue](c, name)
	return v.v, v.set
}

func sizeOf(c *cli.Context, name string) (float64, bool) {
	v := genericOf[*sizeValue](c, name)
	return v.v, v.set
}

func ratioOf(c *cli.Context, name string) (float64, bool) {
	v := genericOf[*ratioValue](c, name)
	return v.v, v.set
}

// durationOf returns whole seconds.
func durationOf(c *cli.Context, name string) (int64, bool) {
	v := genericOf[*durationValue](c, name)
	return v.secs, v.set
}

// flagText is the text a typed flag was given (or its default's), for messages that quote
// it: `--region-size "1g" ...`.
func flagText(c *cli.Context, name string) string {
	if s, ok := c.Generic(name).(fmt.Stringer); ok {
		return s.String()
	}
	return c.String(name)
}

func genericOf[T any](c *cli.Context, name string) T {
	v, ok := c.Generic(name).(T)
	if !ok {
		panic(fmt.Sprintf("cli: --%s is not a %T flag", name, v))
	}
	return v
}

// usageFromFlagError words the flag package's errors about a value in one form for every
// kind: `invalid value "5e18" for flag -rows: too large (at most 1e18)` becomes `--rows
// 5e18: too large (at most 1e18)`. A flag given by an alias (-F) is named by its long name
// (--format) when flags declare one. Any other error is returned as it is.
// dashed is a flag's name as it is written: --rows, -o.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func usageFromFlagError(flags []cli.Flag, err error) string {
	msg := err.Error()
	// Go's flag package names a flag with one dash (-rowz, -rows) whatever was typed.
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return fmt.Sprintf("unknown flag %s: see --help for the command's flags", dashed(name))
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return fmt.Sprintf("%s needs a value", dashed(name))
	}
	rest, ok := strings.CutPrefix(msg, "invalid value ")
	boolean := false
	if !ok {
		if rest, ok = strings.CutPrefix(msg, "invalid boolean value "); !ok {
			return msg
		}
		boolean = true
	}
	quoted, qerr := strconv.QuotedPrefix(rest)
	if qerr != nil {
		return msg
	}
	value, _ := strconv.Unquote(quoted)
	rest = rest[len(quoted):]
	if rest, ok = strings.CutPrefix(rest, " for flag -"); !ok {
		if rest, ok = strings.CutPrefix(rest, " for -"); !ok {
			return msg
		}
	}
	name, rule, ok := strings.Cut(rest, ": ")
	if !ok {
		return msg
	}
	if boolean {
		rule = "must be true or false"
	}
	return fmt.Sprintf("%s %s: %s", flagDisplayName(flags, name), displayValue(value), rule)
}

// flagDisplayName is --name for a long name, -n for a one-letter one, preferring the long
// name of the flag that name belongs to.
func flagDisplayName(flags []cli.Flag, name string) string {
	for _, f := range flags {
		names := f.Names()
		if !slices.Contains(names, name) {
			continue
		}
		for _, n := range names {
			if len(n) > 1 {
				name = n
				break
			}
		}
		break
	}
	if len(name) > 1 {
		return "--" + name
	}
	return "-" + name
}

// displayValue is the value as typed when it reads unambiguously on one line, else quoted:
// 5e18, "10 GB", "".
func displayValue(s string) string {
	if s == "" || strings.ContainsAny(s, `"'\`) || strings.IndexFunc(s, func(r rune) bool { return !unicode.IsGraphic(r) || unicode.IsSpace(r) }) >= 0 {
		return strconv.Quote(s)
	}
	return s
}

// formatCount writes a bound the way a user types it: 1000, 1e7, 1e18, 0.8, and a whole
// number that no power of ten states (2147483647) in full.
func formatCount(v float64) string { return quantity.FormatCount(v) }

// formatSize writes a size bound in the largest binary unit it is a whole number of:
// 1MiB, 16MiB, 1EiB, 300B.
func formatSize(v float64) string {
	for i, u := range []string{"EiB", "PiB", "TiB", "GiB", "MiB", "KiB"} {
		unit := math.Ldexp(1, 10*(6-i))
		if v >= unit && math.Mod(v, unit) == 0 {
			return formatCount(v/unit) + u
		}
	}
	return formatCount(v) + "B"
}

// formatDuration writes a duration bound in days when it is whole days (1d), else seconds.
func formatDuration(secs int64) string {
	if secs > 0 && secs%86400 == 0 {
		return strconv.FormatInt(secs/86400, 10) + "d"
	}
	return strconv.FormatInt(secs, 10) + "s"
}

// listValue is a repeatable flag whose every occurrence is kept whole: --family
// 'd:ttl=30d,compression=zstd' carries commas of its own, which a StringSliceFlag would
// split on. (DisableSliceFlagSeparator on the app would do it too, but would also stop
// `--sample a,b` and `--scheme plain,salt:2` from reading as two values, which users
// rely on.)
type listValue struct {
	flagValue
	list []string
}

func (f *listValue) Set(s string) error {
	f.list = append(f.list, s)
	f.text = strings.Join(f.list, " ")
	f.set = true
	return nil
}

// newListFlag declares a repeatable flag that keeps each occurrence whole.
func newListFlag(name, usage, defaultText string) *cli.GenericFlag {
	return &cli.GenericFlag{Name: name, Usage: usage, Value: &listValue{}, DefaultText: defaultText}
}

// listOf returns every occurrence of a list flag, in order.
func listOf(c *cli.Context, name string) []string {
	return genericOf[*listValue](c, name).list
}

// familySettingValue is a family setting given for every family (--ttl, --compression,
// --block-size, ...), read when the flags are read by the setting's own parser in
// tablespec.FamilySettings: the parser --family NAME:key=value and the spec's reader use.
type familySettingValue struct {
	flagValue
	setting tablespec.FamilySetting
	apply   tablespec.Setter
}

func (f *familySettingValue) Set(s string) error {
	apply, err := f.setting.Parse(s)
	if err != nil {
		return err
	}
	f.apply, f.text, f.set = apply, s, true
	return nil
}

// newFamilySettingFlag declares the flag of the family setting of that command-line name.
func newFamilySettingFlag(name, usage string) *cli.GenericFlag {
	st, ok := tablespec.FamilySettingByFlag(name)
	if !ok {
		panic("cli: no family setting " + name)
	}
	return &cli.GenericFlag{Name: name, Usage: usage, Value: &familySettingValue{setting: st}}
}

// familyFlag is the setter of a family setting's flag and its text as typed. A boolean
// setting's flag (--in-memory) takes no value: given, it is true.
func familyFlag(c *cli.Context, st tablespec.FamilySetting) (tablespec.Setter, string) {
	if v, ok := c.Generic(st.Flag).(*familySettingValue); ok {
		return v.apply, v.text
	}
	raw := strconv.FormatBool(c.Bool(st.Flag))
	apply, err := st.Parse(raw)
	if err != nil {
		panic(fmt.Sprintf("cli: --%s: %v", st.Flag, err))
	}
	return apply, raw
}

// tableSettingValue is a table setting's flag (--durability, --region-replication, ...),
// read when the flags are read by the setting's own parser in tablespec.TableSettings,
// the registry the spec's reader reads a table mapping through.
type tableSettingValue struct {
	flagValue
	setting tablespec.TableSetting
	apply   tablespec.TableSetter
}

func (f *tableSettingValue) Set(s string) error {
	apply, err := f.setting.Parse(s)
	if err != nil {
		return err
	}
	f.apply, f.text, f.set = apply, s, true
	return nil
}

// newTableSettingFlag declares the flag of a table setting: a switch (--create-namespace)
// takes no value, any other reads its value with the setting's parser. defaultText is
// what help says applies when the flag is not given.
func newTableSettingFlag(ts tablespec.TableSetting, usage, defaultText string, isSwitch bool) cli.Flag {
	if isSwitch {
		return &cli.BoolFlag{Name: ts.Flag, Usage: usage}
	}
	v := &tableSettingValue{setting: ts}
	v.named(ts.Flag)
	return &cli.GenericFlag{Name: ts.Flag, Usage: usage, Value: v, DefaultText: defaultText}
}

// tableSettingFlag is the setter of a table setting's flag and its text as typed. A
// switch given is true.
func tableSettingFlag(c *cli.Context, ts tablespec.TableSetting) (tablespec.TableSetter, string) {
	if v, ok := c.Generic(ts.Flag).(*tableSettingValue); ok {
		return v.apply, v.text
	}
	raw := strconv.FormatBool(c.Bool(ts.Flag))
	apply, err := ts.Parse(raw)
	if err != nil {
		panic(fmt.Sprintf("cli: --%s: %v", ts.Flag, err))
	}
	return apply, raw
}
