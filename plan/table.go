package plan

import (
	"errors"
	"fmt"
	"strings"

	"github.com/presplit/presplit/hbase"
)

// Table is the table's settings as they go into the create statement.
type Table struct {
	Name        string // [namespace:]name
	Families    []Family
	MaxFileSize int64 // MAX_FILESIZE: the planned region size in bytes; 0 = leave out
	// Target is the HBase version the output is written for; zero means
	// hbase.DefaultVersion.
	Target hbase.Version

	SplitPolicy       SplitPolicy // how HBase's own later splits are kept on the plan's edges
	Normalization     *bool       // NORMALIZATION_ENABLED; nil = leave out
	RegionReplication int         // REGION_REPLICATION; 0 = leave out
	Durability        string      // DURABILITY: USE_DEFAULT, SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL
	MemstoreFlushSize int64       // MEMSTORE_FLUSHSIZE bytes; 0 = leave out
	// CreateNamespace writes `create_namespace 'ns'` before the create (the table's
	// namespace, which must not be default).
	CreateNamespace bool
}

// Namespace is the table's namespace, "" for a name without one (the default namespace).
func (t Table) Namespace() string {
	if ns, _, ok := strings.Cut(t.Name, ":"); ok {
		return ns
	}
	return ""
}

// Split policies: the design's names, which package hbase lists (hbase.SplitPolicies).
const (
	PolicyDefault   = hbase.PolicyDefault
	PolicyPrefix    = hbase.PolicyPrefix
	PolicyDelimited = hbase.PolicyDelimited
	PolicyDisabled  = hbase.PolicyDisabled
	PolicyConstant  = hbase.PolicyConstant
)

// SplitPolicies are the split policies a design may name (hbase.SplitPolicies).
var SplitPolicies = hbase.SplitPolicies

// SplitPolicy is the split policy with what it needs: the prefix width in bytes (suffix
// included) or the delimiter.
type SplitPolicy struct {
	Kind         string // one of SplitPolicies; "" = default
	PrefixLength int
	Delimiter    string
}

// The class names and configuration keys of the split policies (2.x) and of the split
// restriction that replaced them (3.x); read at branch-2.6 and branch-3.0
// (hbase-server/.../regionserver/KeyPrefixRegionSplitPolicy.java,
// DelimitedKeyPrefixRegionSplitPolicy.java, RegionSplitRestriction.java,
// KeyPrefixRegionSplitRestriction.java, DelimitedKeyPrefixRegionSplitRestriction.java).
const (
	KeyPrefixPolicyClass       = "org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy"
	KeyPrefixLengthKey         = "KeyPrefixRegionSplitPolicy.prefix_length"
	DelimitedPolicyClass       = "org.apache.hadoop.hbase.regionserver.DelimitedKeyPrefixRegionSplitPolicy"
	DelimitedDelimiterKey      = "DelimitedKeyPrefixRegionSplitPolicy.delimiter"
	DisabledPolicyClass        = "org.apache.hadoop.hbase.regionserver.DisabledRegionSplitPolicy"
	ConstantPolicyClass        = "org.apache.hadoop.hbase.regionserver.ConstantSizeRegionSplitPolicy"
	RestrictionTypeKey         = "hbase.regionserver.region.split_restriction.type"
	RestrictionPrefixLengthKey = "hbase.regionserver.region.split_restriction.prefix_length"
	RestrictionDelimiterKey    = "hbase.regionserver.region.split_restriction.delimiter"
)

// KV is one table attribute or configuration entry as rendered.
type KV struct{ Key, Value string }

// TableAttrs are the table's attributes in the order they are written, as the shell
// names them; values are Ruby literals' contents (the renderer quotes strings), with
// IsString telling which. Config is the table's CONFIGURATION (string keys and values).
func (t Table) TableAttrs() (attrs []Attr, config []KV) {
	v := t.Target.OrDefault()
	if t.MaxFileSize > 0 {
		attrs = append(attrs, Attr{Key: "MAX_FILESIZE", Value: fmt.Sprint(t.MaxFileSize)})
	}
	if t.MemstoreFlushSize > 0 {
		attrs = append(attrs, Attr{Key: "MEMSTORE_FLUSHSIZE", Value: fmt.Sprint(t.MemstoreFlushSize)})
	}
	if t.RegionReplication > 0 {
		attrs = append(attrs, Attr{Key: "REGION_REPLICATION", Value: fmt.Sprint(t.RegionReplication)})
	}
	if t.Durability != "" {
		attrs = append(attrs, Attr{Key: "DURABILITY", Value: t.Durability, IsString: true})
	}
	if t.Normalization != nil {
		attrs = append(attrs, Attr{Key: "NORMALIZATION_ENABLED", Value: fmt.Sprint(*t.Normalization)})
	}
	pa, config := t.policyAttrs(v)
	return append(attrs, pa...), config
}

// policyAttrs are the table attributes and configuration that state the split policy at
// HBase version v: SPLIT_ENABLED or a policy class before split restrictions, the
// restriction's configuration after.
func (t Table) policyAttrs(v hbase.Version) (attrs []Attr, config []KV) {
	p := t.SplitPolicy
	restriction := hbase.SplitRestriction.In(v)
	switch {
	case p.Kind == PolicyDisabled && hbase.SplitEnabled.In(v):
		attrs = append(attrs, Attr{Key: "SPLIT_ENABLED", Value: "false"})
	case p.Kind == PolicyDisabled:
		attrs = append(attrs, Attr{Key: "SPLIT_POLICY", Value: DisabledPolicyClass, IsString: true})
	case p.Kind == PolicyConstant:
		attrs = append(attrs, Attr{Key: "SPLIT_POLICY", Value: ConstantPolicyClass, IsString: true})
	case p.Kind == PolicyPrefix && restriction:
		config = append(config, KV{RestrictionTypeKey, "KeyPrefix"}, KV{RestrictionPrefixLengthKey, fmt.Sprint(p.PrefixLength)})
	case p.Kind == PolicyPrefix:
		attrs = append(attrs, Attr{Key: "SPLIT_POLICY", Value: KeyPrefixPolicyClass, IsString: true})
		config = append(config, KV{KeyPrefixLengthKey, fmt.Sprint(p.PrefixLength)})
	case p.Kind == PolicyDelimited && restriction:
		config = append(config, KV{RestrictionTypeKey, "DelimitedKeyPrefix"}, KV{RestrictionDelimiterKey, p.Delimiter})
	case p.Kind == PolicyDelimited:
		attrs = append(attrs, Attr{Key: "SPLIT_POLICY", Value: DelimitedPolicyClass, IsString: true})
		config = append(config, KV{DelimitedDelimiterKey, p.Delimiter})
	}
	return attrs, config
}

// ConfigAttr is the shell's name for the hash that carries TableAttrs' config: on 1.x
// METADATA, since the 1.x split policies read their keys with HTableDescriptor.getValue
// (the descriptor's values, which METADATA sets), and CONFIGURATION fills a separate map
// there that they never read (HBase logged "prefix_length not specified" and split as
// the default policy does); from 2.0 HTableDescriptor.setConfiguration is setValue, and
// CONFIGURATION it is (read at rel/1.2.9, rel/1.4.9 and rel/2.0.0: KeyPrefixRegionSplitPolicy,
// DelimitedKeyPrefixRegionSplitPolicy, HTableDescriptor, admin.rb).
func (t Table) ConfigAttr() string {
	if t.Target.OrDefault().Major == 1 {
		return "METADATA"
	}
	return "CONFIGURATION"
}

// Attr is one table attribute: a number or boolean (IsString false) or a string.
type Attr struct {
	Key, Value string
	IsString   bool
}

// Family is one column family. Zero values mean "unset": left out of the DDL so HBase's
// defaults apply.
type Family struct {
	Name        string
	Versions    int    // VERSIONS
	TTL         int64  // TTL in seconds (hbase.Forever = 2147483647)
	Compression string // COMPRESSION, HBase's case: SNAPPY, ZSTD, ...
	Bloom       string // BLOOMFILTER: NONE, ROW, ROWCOL
	BlockSize   int64  // BLOCKSIZE bytes
	Encoding    string // DATA_BLOCK_ENCODING: NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1
	InMemory    bool   // IN_MEMORY => true
	// BloomPrefixLength is the prefix length of BLOOMFILTER ROWPREFIX_FIXED_LENGTH, written
	// as the family's CONFIGURATION RowPrefixBloomFilter.prefix_length; 0 for other blooms.
	BloomPrefixLength int
	BlockCache        *bool  // BLOCKCACHE; nil = leave out (HBase's default, true)
	KeepDeletedCells  string // KEEP_DELETED_CELLS: FALSE, TRUE or TTL; "" = leave out
	MinVersions       int    // MIN_VERSIONS; 0 = leave out (HBase's default, 0)
	// Qualifiers are the family's columns as the spec lists them (Phoenix's column list);
	// the HBase formats do not use them.
	Qualifiers []string
}

// ErrCreateNamespace is create_namespace asked for a table in the default namespace.
var ErrCreateNamespace = errors.New("create_namespace needs the table in a namespace of its own (ns:table); the default namespace always exists")

// SettingError is a table setting HBase would reject or misread.
type SettingError struct {
	Family  string // the family it belongs to; "" for a table setting
	Setting string // HBase's name: COMPRESSION, BLOCKSIZE, NAME, ...
	Value   string // the value as given
	Rule    string // what HBase accepts
}

func (e *SettingError) Error() string {
	switch {
	case e.Family != "":
		return fmt.Sprintf("family %q: %s %q: %s", e.Family, e.Setting, e.Value, e.Rule)
	case e.Setting == "NAME" || e.Setting == "MAX_FILESIZE" || e.Setting == "SPLIT_POLICY" || e.Setting == "DURABILITY":
		return fmt.Sprintf("table: %s %q: %s", e.Setting, e.Value, e.Rule)
	}
	return fmt.Sprintf("%s %q: %s", e.Setting, e.Value, e.Rule)
}

// Validate checks every setting of the table against what HBase accepts, so a renderer
// never writes DDL that HBase would reject or silently misread. Unset (zero) settings pass.
func (t Table) Validate() error {
	if err := hbase.CheckTableName(t.Name); err != nil {
		return &SettingError{Setting: "NAME", Value: t.Name, Rule: err.Error()}
	}
	if len(t.Families) == 0 {
		return &SettingError{Setting: "NAME", Value: t.Name, Rule: "a table needs at least one column family"}
	}
	if t.MaxFileSize < 0 || t.MaxFileSize > 0 && t.MaxFileSize < hbase.MinMaxFileSize {
		return &SettingError{Setting: "MAX_FILESIZE", Value: fmt.Sprint(t.MaxFileSize), Rule: hbase.ErrMaxFileSize.Error()}
	}
	if ns := t.Namespace(); t.CreateNamespace && (ns == "" || ns == "default") {
		return &SettingError{Setting: "NAME", Value: t.Name, Rule: ErrCreateNamespace.Error()}
	}
	if t.RegionReplication < 0 || t.MemstoreFlushSize < 0 {
		return &SettingError{Setting: "REGION_REPLICATION", Value: fmt.Sprint(t.RegionReplication), Rule: "must not be negative"}
	}
	if t.Durability != "" {
		if c, ok := hbase.Canonical(hbase.Durabilities, t.Durability); !ok || c != t.Durability {
			return &SettingError{Setting: "DURABILITY", Value: t.Durability, Rule: "must be one of " + strings.Join(hbase.Durabilities, ", ")}
		}
	}
	if err := t.SplitPolicy.validate(); err != nil {
		return err
	}
	return validateFamilies(t.Families)
}

// validateFamilies checks each family: its name, unique, and its settings.
func validateFamilies(families []Family) error {
	seen := map[string]bool{}
	for _, f := range families {
		if err := hbase.CheckFamilyName(f.Name); err != nil {
			return &SettingError{Family: f.Name, Setting: "NAME", Value: f.Name, Rule: err.Error()}
		}
		if seen[f.Name] {
			return &SettingError{Family: f.Name, Setting: "NAME", Value: f.Name, Rule: "column family names must be unique"}
		}
		seen[f.Name] = true
		if err := f.validate(); err != nil {
			return err
		}
	}
	return nil
}

// validate checks the policy's kind and the setting its kind needs.
func (p SplitPolicy) validate() error {
	switch p.Kind {
	case "", PolicyDefault, PolicyDisabled, PolicyConstant:
	case PolicyPrefix:
		if p.PrefixLength < 1 {
			return &SettingError{Setting: "SPLIT_POLICY", Value: p.Kind, Rule: "the prefix policy needs a prefix length of at least 1 byte"}
		}
	case PolicyDelimited:
		if p.Delimiter == "" {
			return &SettingError{Setting: "SPLIT_POLICY", Value: p.Kind, Rule: "the delimited policy needs a delimiter"}
		}
	default:
		return &SettingError{Setting: "SPLIT_POLICY", Value: p.Kind, Rule: "must be one of " + strings.Join(SplitPolicies, ", ")}
	}
	return nil
}

func (f Family) validate() error {
	bad := f.bad
	enum := f.enum
	if f.Versions < 0 || f.Versions > hbase.MaxInt {
		return bad("VERSIONS", fmt.Sprint(f.Versions), "must be at least 1")
	}
	if f.TTL < 0 || f.TTL > hbase.Forever {
		return bad("TTL", fmt.Sprint(f.TTL), "must be 1..2147483647 seconds (FOREVER)")
	}
	if f.BlockSize != 0 {
		if err := hbase.CheckBlockSize(f.BlockSize); err != nil {
			return bad("BLOCKSIZE", fmt.Sprint(f.BlockSize), err.Error())
		}
	}
	if err := enum("COMPRESSION", hbase.Compressions, f.Compression); err != nil {
		return err
	}
	if err := f.validateBloom(); err != nil {
		return err
	}
	if err := enum("KEEP_DELETED_CELLS", hbase.KeepDeletedCells, f.KeepDeletedCells); err != nil {
		return err
	}
	if f.MinVersions < 0 || f.MinVersions > hbase.MaxInt {
		return bad("MIN_VERSIONS", fmt.Sprint(f.MinVersions), "must not be negative")
	}
	// TableDescriptorChecker: "Min versions for column family ... must be less than the
	// Max versions" (VERSIONS defaults to 1).
	if maxV := max(f.Versions, 1); f.MinVersions > maxV {
		return bad("MIN_VERSIONS", fmt.Sprint(f.MinVersions), fmt.Sprintf("must not exceed VERSIONS (%d): HBase's TableDescriptorChecker refuses it", maxV))
	}
	return enum("DATA_BLOCK_ENCODING", hbase.Encodings, f.Encoding)
}

// bad is the error of the family's setting set to value, against rule.
func (f Family) bad(setting, value, rule string) error {
	return &SettingError{Family: f.Name, Setting: setting, Value: value, Rule: rule}
}

// enum checks that v, when given, is one of set, in HBase's spelling.
func (f Family) enum(setting string, set []string, v string) error {
	if v == "" {
		return nil
	}
	if c, ok := hbase.Canonical(set, v); !ok || c != v {
		return f.bad(setting, v, "must be one of "+strings.Join(set, ", "))
	}
	return nil
}

// validateBloom checks BLOOMFILTER and its prefix length, which only
// ROWPREFIX_FIXED_LENGTH takes.
func (f Family) validateBloom() error {
	switch {
	case f.Bloom == hbase.RowPrefixBloom && (f.BloomPrefixLength < 1 || f.BloomPrefixLength > hbase.MaxRowLength):
		return f.bad("BLOOMFILTER", f.Bloom, hbase.ErrBloomPrefixLength.Error())
	case f.Bloom == hbase.RowPrefixBloom:
		return nil
	case f.BloomPrefixLength != 0:
		return f.bad("BLOOMFILTER", f.Bloom, "a prefix length goes with ROWPREFIX_FIXED_LENGTH only")
	}
	return f.enum("BLOOMFILTER", hbase.Blooms, f.Bloom)
}

// Config is the family's CONFIGURATION: the row-prefix bloom filter's prefix length.
func (f Family) Config() []KV {
	if f.Bloom == hbase.RowPrefixBloom {
		return []KV{{hbase.RowPrefixBloomLengthKey, fmt.Sprint(f.BloomPrefixLength)}}
	}
	return nil
}
