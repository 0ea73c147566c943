package tablespec

import (
	"errors"
	"fmt"
	"github.com/presplit/presplit/quantity"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/duration"
	"github.com/presplit/presplit/hbase"
)

// Origin is where a value of the design came from: its place in the spec file, or the Src
// the CLI gave it (`--ttl`, `--family`), and its text as written.
type Origin struct {
	Pos Pos
	Src string
	Raw string
}

func valueAt[T any](v T, at Origin) Value[T] {
	return Value[T]{V: v, Set: true, Pos: at.Pos, Raw: at.Raw, Src: at.Src}
}

// Setter puts one parsed family setting into a family, marked with where it came from.
type Setter func(f *Family, at Origin)

// FamilySetting is one column family setting, stated once for every way it is written: its
// key in a spec's family (block_size), its name on the command line (block-size: the flag
// that sets it for every family, and its key in --family NAME:key=value), the HBase
// attribute it becomes (BLOCKSIZE) and its parser. The spec's reader, --family and the
// per-family flags all read a setting through its entry in FamilySettings.
type FamilySetting struct {
	Key  string // in a spec's family
	Flag string // on the command line
	Attr string // the HBase attribute; "" for presplit's own (share, compression_ratio)
	// Parse reads the setting's text. Its error states the rule, not the setting's name
	// (`must be one of NONE, SNAPPY, ...`): each reader names the setting its own way.
	Parse func(s string) (Setter, error)
	// SpecKeeps says a spec keeps a value Parse refuses, for lint to report at its line
	// (CF006: a TTL HBase would read as 0); the command line refuses it. Parse then
	// returns the Setter with its error.
	SpecKeeps bool
	// FamilyOnly says the setting is given per family only (a spec's family, --family
	// NAME:key=value): the command line's flag of that name is the table's own
	// (--compression-ratio is the capacity section's ratio, the families' default).
	FamilyOnly bool

	// The YAML scalar a spec writes it as: the tags accepted (none: any scalar) and what
	// to call the value otherwise.
	yamlTags []string
	yamlWant string
}

// FamilySettings are the column family settings, in the order the docs list them.
var FamilySettings = []FamilySetting{
	{Key: "versions", Flag: "versions", Attr: "VERSIONS", Parse: intSetting(1, func(f *Family, v Value[int64]) { f.Versions = v }),
		yamlTags: []string{"!!int"}, yamlWant: "an integer"},
	{Key: "ttl", Flag: "ttl", Attr: "TTL", Parse: parseTTL, SpecKeeps: true,
		yamlTags: []string{"!!str", "!!int"}, yamlWant: "a duration (30d), seconds or FOREVER"},
	{Key: "compression", Flag: "compression", Attr: "COMPRESSION", Parse: enumSetting(hbase.Compressions, func(f *Family, v Value[string]) { f.Compression = v }),
		yamlTags: []string{"!!str"}, yamlWant: "a string"},
	{Key: "bloom", Flag: "bloom", Attr: "BLOOMFILTER", Parse: parseBloom, yamlWant: "a bloom filter type"},
	{Key: "block_size", Flag: "block-size", Attr: "BLOCKSIZE", Parse: parseBlockSize, yamlWant: "a size"},
	{Key: "encoding", Flag: "encoding", Attr: "DATA_BLOCK_ENCODING", Parse: enumSetting(hbase.Encodings, func(f *Family, v Value[string]) { f.Encoding = v }),
		yamlTags: []string{"!!str"}, yamlWant: "a string"},
	{Key: "in_memory", Flag: "in-memory", Attr: "IN_MEMORY", Parse: boolSetting(func(f *Family, v Value[bool]) { f.InMemory = v }),
		yamlTags: []string{"!!bool"}, yamlWant: "true or false"},
	{Key: "blockcache", Flag: "blockcache", Attr: "BLOCKCACHE", Parse: boolSetting(func(f *Family, v Value[bool]) { f.BlockCache = v }),
		yamlTags: []string{"!!bool"}, yamlWant: "true or false"},
	{Key: "keep_deleted_cells", Flag: "keep-deleted-cells", Attr: "KEEP_DELETED_CELLS", Parse: parseKeepDeletedCells,
		yamlTags: []string{"!!str", "!!bool"}, yamlWant: "true, false or TTL"},
	{Key: "min_versions", Flag: "min-versions", Attr: "MIN_VERSIONS", Parse: intSetting(0, func(f *Family, v Value[int64]) { f.MinVersions = v }),
		yamlTags: []string{"!!int"}, yamlWant: "an integer"},
	{Key: "share", Flag: "share", Parse: parseShare, yamlTags: []string{"!!int", "!!float"}, yamlWant: "a number"},
	{Key: "compression_ratio", Flag: "compression-ratio", Parse: parseFamilyRatio, FamilyOnly: true, yamlTags: []string{"!!int", "!!float"}, yamlWant: "a number"},
}

// FamilySettingByFlag is the setting the command line names name (block-size).
func FamilySettingByFlag(name string) (FamilySetting, bool) {
	i := slices.IndexFunc(FamilySettings, func(s FamilySetting) bool { return s.Flag == name })
	if i < 0 {
		return FamilySetting{}, false
	}
	return FamilySettings[i], true
}

// FamilySettingFlags are the settings' command-line names, sorted.
func FamilySettingFlags() []string { return familyFlags(true) }

// EveryFamilyFlags are the names of the flags that give a setting to every family
// (--ttl, --compression, ...), sorted: the settings' names less the FamilyOnly ones.
func EveryFamilyFlags() []string { return familyFlags(false) }

func familyFlags(familyOnly bool) []string {
	names := make([]string, 0, len(FamilySettings))
	for _, s := range FamilySettings {
		if s.FamilyOnly && !familyOnly {
			continue
		}
		names = append(names, s.Flag)
	}
	slices.Sort(names)
	return names
}

// leadingZero refuses a whole number not written in decimal (quantity.Decimal): 010 is 8
// to YAML 1.1, Ruby and Go's base prefixes and 10 to YAML 1.2 and the other inputs, and
// 0x10, 0o10 and 1_0 are read by some of presplit's readers only; counts are decimal.
func leadingZero(s string) error { return quantity.Decimal(s) }

// intSetting reads a whole-number setting in [lo, hbase.MaxInt] with the count flags'
// syntax (quantity.Whole: decimal, 1e3 and 1k read, 0x10 and 010 refused), so --versions
// and --region-replication take the same numbers and word the same mistake alike.
func intSetting(lo int64, put func(*Family, Value[int64])) func(string) (Setter, error) {
	return func(s string) (Setter, error) {
		v, err := quantity.Whole(s, lo, hbase.MaxInt)
		if err != nil {
			return nil, err
		}
		return func(f *Family, at Origin) { put(f, valueAt(v, at)) }, nil
	}
}

func enumSetting(set []string, put func(*Family, Value[string])) func(string) (Setter, error) {
	return func(s string) (Setter, error) {
		v, ok := hbase.Canonical(set, s)
		if !ok {
			hint := ""
			if strings.EqualFold(strings.TrimSpace(s), "GZIP") {
				hint = " (HBase calls gzip GZ)"
			}
			return nil, fmt.Errorf("must be one of %s%s", strings.Join(set, ", "), hint)
		}
		return func(f *Family, at Origin) { put(f, valueAt(v, at)) }, nil
	}
}

// ErrBool is a boolean setting given something else.
var ErrBool = errors.New("must be true or false")

func boolSetting(put func(*Family, Value[bool])) func(string) (Setter, error) {
	return func(s string) (Setter, error) {
		v, err := parseBool(s)
		if err != nil {
			return nil, err
		}
		return func(f *Family, at Origin) { put(f, valueAt(v, at)) }, nil
	}
}

// parseBool reads true or false in any case, as the shell's settings take them.
func parseBool(s string) (bool, error) {
	t := strings.TrimSpace(s)
	if !strings.EqualFold(t, "true") && !strings.EqualFold(t, "false") {
		return false, ErrBool
	}
	return strings.EqualFold(t, "true"), nil
}

// parseTTL keeps the TTL as written (HBase reads it, and lint's CF006 judges how), after
// duration.ParseTTL's rule: the command line refuses what it refuses, a spec keeps it.
func parseTTL(s string) (Setter, error) {
	set := func(f *Family, at Origin) { f.TTL = valueAt(s, at) }
	if _, err := duration.ParseTTL(s); err != nil {
		var te *duration.TTLError
		if errors.As(err, &te) {
			return set, errors.New(te.Rule)
		}
		return set, err
	}
	return set, nil
}

// parseBloom reads the bloom grammar: NONE, ROW, ROWCOL, or rowprefix_fixed_length:W,
// whose W goes to the family's BloomPrefixLength (cleared by any other type).
func parseBloom(s string) (Setter, error) {
	b, n, err := hbase.ParseBloom(s)
	if err != nil {
		return nil, err
	}
	return func(f *Family, at Origin) {
		f.Bloom = valueAt(b, at)
		f.BloomPrefixLength = Value[int64]{}
		if n > 0 {
			f.BloomPrefixLength = valueAt(int64(n), at)
		}
	}, nil
}

// parseBlockSize: a size in Hadoop's convention (64KB = 65536), whole bytes, within
// HBase's 1K..16MB (hbase.ParseBlockSize).
func parseBlockSize(s string) (Setter, error) {
	n, err := hbase.ParseBlockSize(s)
	if err != nil {
		return nil, err
	}
	return func(f *Family, at Origin) { f.BlockSize = valueAt(n, at) }, nil
}

// parseKeepDeletedCells: true, false or TTL, as the shell upcases them.
func parseKeepDeletedCells(s string) (Setter, error) {
	k, err := hbase.ParseKeepDeletedCells(s)
	if err != nil {
		return nil, err
	}
	return func(f *Family, at Origin) { f.KeepDeletedCells = valueAt(k, at) }, nil
}

// parseShare: the family's part of a row's bytes, in (0, 1].
func parseShare(s string) (Setter, error) {
	v, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(s), "_", ""), 64)
	if err != nil || math.IsNaN(v) || v <= 0 || v > 1 {
		return nil, errors.New("must be in (0, 1]")
	}
	return func(f *Family, at Origin) { f.Share = valueAt(v, at) }, nil
}

// parseFamilyRatio: the family's stored / raw, in (0, 2] (capacity.MaxCompressionRatio),
// what its codec makes of its data, over the table's compression_ratio.
func parseFamilyRatio(s string) (Setter, error) {
	v, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(s), "_", ""), 64)
	if err != nil || math.IsNaN(v) || v <= 0 || v > capacity.MaxCompressionRatio {
		return nil, fmt.Errorf("must be > 0 and <= %g (stored / raw)", capacity.MaxCompressionRatio)
	}
	return func(f *Family, at Origin) { f.CompressionRatio = valueAt(v, at) }, nil
}
