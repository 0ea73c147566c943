package hbase

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is an HBase release line (2.6) or release (2.6.7). A line without its patch
// stands for every release of the line, so a feature that arrived in a patch release
// (ZSTD in 1.3.1) counts as missing from it: the plan must work on the line's first
// release too.
type Version struct {
	Major, Minor int
	Patch        int  // meaningful when HasPatch
	HasPatch     bool // false: the whole line, read as its first release
}

// The release lines presplit knows, oldest first. Every fact of the version table below
// was read from HBase's own source at the rel/* tags (or the branch of a line whose
// releases came after the tags the mirror carries: branch-2.5, branch-2.6, branch-3.0).
var Lines = []Version{
	{Major: 1, Minor: 2}, {Major: 1, Minor: 3}, {Major: 1, Minor: 4},
	{Major: 2, Minor: 0}, {Major: 2, Minor: 1}, {Major: 2, Minor: 2}, {Major: 2, Minor: 3},
	{Major: 2, Minor: 4}, {Major: 2, Minor: 5}, {Major: 2, Minor: 6},
	{Major: 3, Minor: 0},
}

// DefaultVersion is the target when none is given: the current stable line.
var DefaultVersion = Version{Major: 2, Minor: 6}

func (v Version) String() string {
	if v.HasPatch {
		return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
	}
	return fmt.Sprintf("%d.%d", v.Major, v.Minor)
}

// IsZero reports whether v is the zero Version (no target given).
func (v Version) IsZero() bool { return v == Version{} }

// OrDefault is v, or DefaultVersion when v is zero.
func (v Version) OrDefault() Version {
	if v.IsZero() {
		return DefaultVersion
	}
	return v
}

func (v Version) patch() int {
	if v.HasPatch {
		return v.Patch
	}
	return 0
}

func (v Version) line() int { return v.Major*1000 + v.Minor }

// AtLeast reports whether every release v stands for is release x or later.
func (v Version) AtLeast(x Version) bool {
	if v.line() != x.line() {
		return v.line() > x.line()
	}
	return v.patch() >= x.patch()
}

// ErrVersionSyntax and the unknown-line rule are what ParseVersion refuses.
var ErrVersionSyntax = fmt.Errorf("must be an HBase release line like 2.6 or a release like 2.6.7; known lines: %s", lineList())

func lineList() string {
	s := make([]string, len(Lines))
	for i, l := range Lines {
		s[i] = l.String()
	}
	return strings.Join(s, ", ")
}

// ParseVersion reads X.Y or X.Y.Z of a known line.
func ParseVersion(s string) (Version, error) {
	parts := strings.Split(strings.TrimSpace(s), ".")
	if len(parts) < 2 || len(parts) > 3 {
		return Version{}, ErrVersionSyntax
	}
	var n [3]int
	for i, p := range parts {
		if p == "" || len(p) > 4 || strings.TrimLeft(p, "0123456789") != "" {
			return Version{}, ErrVersionSyntax
		}
		n[i], _ = strconv.Atoi(p)
	}
	v := Version{Major: n[0], Minor: n[1], Patch: n[2], HasPatch: len(parts) == 3}
	for _, l := range Lines {
		if l.line() == v.line() {
			return v, nil
		}
	}
	return Version{}, fmt.Errorf("is not a release line presplit knows; known lines: %s", lineList())
}

// Feature is something HBase gained in a release: Since lists the first release of each
// line that has it, oldest first; every line after the last one listed has it too. ZSTD
// came to 1.2 in 1.2.5 and to 1.3 in 1.3.1: Since = 1.2.5, 1.3.1.
type Feature struct {
	Name  string
	Since []Version
	Where string // where in HBase's source the fact was read
}

func rel(major, minor, patch int) Version {
	return Version{Major: major, Minor: minor, Patch: patch, HasPatch: true}
}

// In reports whether every release v stands for has the feature.
func (f Feature) In(v Version) bool {
	v = v.OrDefault()
	last := f.Since[len(f.Since)-1]
	if v.line() > last.line() {
		return true
	}
	for _, s := range f.Since {
		if s.line() == v.line() {
			return v.patch() >= s.patch()
		}
	}
	return false
}

// InNewest reports whether the newest release v stands for has the feature: a release
// line without its patch reads as its newest release where presplit models what a
// running cluster does (how the split policy counts a server's regions), while what the
// cluster must accept (a codec, a shell argument) reads the line as its first release
// (In). A release reads as itself either way.
func (f Feature) InNewest(v Version) bool {
	v = v.OrDefault()
	if v.HasPatch {
		return f.In(v)
	}
	return f.lineHasIt(v)
}

// Lacking names the releases of v's line that lack a feature its newest release has
// ("2.6.0", "2.5.0-2.5.9"): "" when v is a release, or when every release of the line
// agrees.
func (f Feature) Lacking(v Version) string {
	v = v.OrDefault()
	if v.HasPatch || !f.lineHasIt(v) {
		return ""
	}
	for _, s := range f.Since {
		if s.line() != v.line() || s.Patch == 0 {
			continue
		}
		first := Version{Major: v.Major, Minor: v.Minor, HasPatch: true}
		if s.Patch == 1 {
			return first.String()
		}
		last := first
		last.Patch = s.Patch - 1
		return first.String() + "-" + last.String()
	}
	return ""
}

// Added names the releases that added the feature: "2.5", "1.2.5 and 1.3.1".
func (f Feature) Added() string {
	s := make([]string, len(f.Since))
	for i, v := range f.Since {
		if v.patch() == 0 {
			v.HasPatch = false
		}
		s[i] = v.String()
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// VersionError is a value the target version lacks.
type VersionError struct {
	Setting string // COMPRESSION, DATA_BLOCK_ENCODING, BLOOMFILTER, RegionSplitter, ...
	Value   string
	Target  Version
	Feature Feature
}

func (e *VersionError) Error() string {
	msg := fmt.Sprintf("HBase %s has no %s %s (added in %s)", e.Target, e.Setting, e.Value, e.Feature.Added())
	if !e.Target.HasPatch && e.Feature.lineHasIt(e.Target) {
		msg += fmt.Sprintf("; if the cluster runs a release of %s that has it, target that release", e.Target)
	}
	return msg
}

// lineHasIt reports whether some release of v's line has the feature.
func (f Feature) lineHasIt(v Version) bool {
	for _, s := range f.Since {
		if s.line() == v.line() {
			return true
		}
	}
	return v.line() > f.Since[len(f.Since)-1].line()
}

// The version table. Values not listed exist in every line presplit knows (1.2 on).
var (
	// Compression.Algorithm (hbase-common/.../io/compress/Compression.java): BZIP2 first
	// at rel/1.3.0; ZSTD at rel/1.2.5 and rel/1.3.1 (absent from 1.2.0-1.2.4 and 1.3.0);
	// LZMA and BROTLI on branch-2.5 (not at rel/2.4.7).
	compressionSince = map[string]Feature{
		"BZIP2":  {Name: "BZIP2", Since: []Version{rel(1, 3, 0)}, Where: "Compression.java at rel/1.3.0"},
		"ZSTD":   {Name: "ZSTD", Since: []Version{rel(1, 2, 5), rel(1, 3, 1)}, Where: "Compression.java at rel/1.2.5 and rel/1.3.1"},
		"LZMA":   {Name: "LZMA", Since: []Version{rel(2, 5, 0)}, Where: "Compression.java on branch-2.5"},
		"BROTLI": {Name: "BROTLI", Since: []Version{rel(2, 5, 0)}, Where: "Compression.java on branch-2.5"},
	}
	// DataBlockEncoding (hbase-common/.../io/encoding/DataBlockEncoding.java):
	// ROW_INDEX_V1 first at rel/1.4.0.
	encodingSince = map[string]Feature{
		"ROW_INDEX_V1": {Name: "ROW_INDEX_V1", Since: []Version{rel(1, 4, 0)}, Where: "DataBlockEncoding.java at rel/1.4.0"},
	}
	// BloomType (hbase-server/.../regionserver/BloomType.java): ROWPREFIX_FIXED_LENGTH
	// first at rel/2.2.0 (HBASE-20636).
	bloomSince = map[string]Feature{
		"ROWPREFIX_FIXED_LENGTH": {Name: "ROWPREFIX_FIXED_LENGTH", Since: []Version{rel(2, 2, 0)}, Where: "BloomType.java at rel/2.2.0"},
	}
	// RegionSplitter (hbase-server/.../util/RegionSplitter.java): DecimalStringSplit
	// first at rel/1.4.0 (HBASE-19051).
	algorithmSince = map[string]Feature{
		"DecimalStringSplit": {Name: "DecimalStringSplit", Since: []Version{rel(1, 4, 0)}, Where: "RegionSplitter.java at rel/1.4.0"},
	}
)

// Features that change what presplit writes rather than what it accepts.
var (
	// OnlineReplicaChange: the master changes REGION_REPLICATION of an enabled table
	// (HBASE-25124). Before it ModifyTableProcedure throws "REGION_REPLICATION change is not
	// supported for enabled tables" (read at rel/1.2.12, rel/1.4.13, rel/2.2.7 and
	// rel/2.3.7; gone at rel/2.4.0, which closes excess replicas instead).
	OnlineReplicaChange = Feature{Name: "REGION_REPLICATION change of an enabled table", Since: []Version{rel(2, 4, 0)}, Where: "ModifyTableProcedure.java at rel/2.3.7 and rel/2.4.0, HBASE-25124"}
	// SplitsFileChomp: admin.rb reads SPLITS_FILE lines with chomp instead of strip
	// (HBASE-18125): rel/1.2.7, rel/1.3.2, rel/1.4.0 (and 1.1.13, 2.0.0-alpha-3).
	SplitsFileChomp = Feature{Name: "SPLITS_FILE chomp", Since: []Version{rel(1, 2, 7), rel(1, 3, 2), rel(1, 4, 0)}, Where: "admin.rb, HBASE-18125"}
	// TruncatedEscapeKept: Bytes.toBytesBinary keeps a truncated \x at the end as text
	// instead of throwing (HBASE-30304): branch-2.5 at 2.5.16-SNAPSHOT, branch-2.6 at
	// 2.6.7-SNAPSHOT, branch-3.0 at 3.0.1-SNAPSHOT.
	TruncatedEscapeKept = Feature{Name: "toBytesBinary keeps a truncated \\x", Since: []Version{rel(2, 5, 16), rel(2, 6, 7), rel(3, 0, 1)}, Where: "Bytes.java, HBASE-30304"}
	// MergeManyRegions: merge_region takes more than two regions (HBASE-22827): admin.rb
	// def merge_region(regions, force) first at rel/2.2.4 and rel/2.3.0; 1.x and 2.0-2.1
	// take exactly two.
	MergeManyRegions = Feature{Name: "merge_region of more than two regions", Since: []Version{rel(2, 2, 4), rel(2, 3, 0)}, Where: "admin.rb, HBASE-22827"}
	// SplitEnabled: the table attribute SPLIT_ENABLED (HBASE-17942), first in admin.rb at
	// rel/2.2.0. Older lines stop splits with DisabledRegionSplitPolicy.
	SplitEnabled = Feature{Name: "SPLIT_ENABLED", Since: []Version{rel(2, 2, 0)}, Where: "admin.rb at rel/2.2.0, HBASE-17942"}
	// SplitRestriction: 3.x keeps later splits on a prefix with the table configuration
	// hbase.regionserver.region.split_restriction.* (RegionSplitRestriction, HBASE-25766);
	// 2.x with KeyPrefixRegionSplitPolicy/DelimitedKeyPrefixRegionSplitPolicy (deprecated
	// since 2.5, still present on branch-3.0). presplit writes the restriction from 3.0.
	// SplitCountsPrimaries: the split policies' n (getCountOfCommonTableRegions) counts the
	// table's default replicas only since HBASE-28727 (branch-2.5 at 2.5.10-SNAPSHOT,
	// branch-2.6 at 2.6.1-SNAPSHOT, master); before, rss.getRegions(table) counted every
	// replica a server holds.
	SplitCountsPrimaries = Feature{Name: "split policy counting primary regions only", Since: []Version{rel(2, 5, 10), rel(2, 6, 1), rel(3, 0, 0)}, Where: "IncreasingToUpperBoundRegionSplitPolicy.java on branch-2.5, branch-2.6"}
	SplitRestriction     = Feature{Name: "split restriction", Since: []Version{rel(3, 0, 0)}, Where: "RegionSplitRestriction.java on branch-3.0"}
	// SplitOnOverall: hbase.hregion.split.overallfiles defaults to true on branch-3.0
	// (hbase-default.xml), false on 2.x: a 3.x region splits when all its stores together
	// exceed MAX_FILESIZE, a 2.x region when its largest store does
	// (ConstantSizeRegionSplitPolicy.isExceedSize / shouldSplit).
	SplitOnOverall = Feature{Name: "split on all stores together", Since: []Version{rel(3, 0, 0)}, Where: "hbase-default.xml on branch-3.0"}
	// SplitOverallSetting: hbase.hregion.split.overallfiles is read from 2.4.0 (HBASE-24664,
	// HConstants.OVERALL_HREGION_FILES first at rel/2.4.0); before, a region always splits
	// when its largest store exceeds MAX_FILESIZE (ConstantSizeRegionSplitPolicy.shouldSplit).
	SplitOverallSetting = Feature{Name: "hbase.hregion.split.overallfiles", Since: []Version{rel(2, 4, 0)}, Where: "HConstants.java at rel/2.4.0, HBASE-24664"}
	// NormalizerMinRegionAge: hbase.normalizer.merge.min_region_age.days (3), first in
	// hbase-default.xml at rel/2.3.0; older normalizers merge small regions at any age.
	NormalizerMinRegionAge = Feature{Name: "hbase.normalizer.merge.min_region_age.days", Since: []Version{rel(2, 3, 0)}, Where: "hbase-default.xml at rel/2.3.0"}
	// ClientAPI2: TableDescriptorBuilder and ColumnFamilyDescriptorBuilder, the client API
	// the Java snippet uses, are HBase 2's.
	ClientAPI2 = Feature{Name: "TableDescriptorBuilder", Since: []Version{rel(2, 0, 0)}, Where: "hbase-client 2.0"}
)

// CheckCompression reports whether the target has the compression (HBase's case).
func CheckCompression(v Version, c string) error {
	return checkSince(v, "COMPRESSION", c, compressionSince)
}

// CheckEncoding reports whether the target has the data block encoding.
func CheckEncoding(v Version, e string) error {
	return checkSince(v, "DATA_BLOCK_ENCODING", e, encodingSince)
}

// CheckBloom reports whether the target has the bloom filter type.
func CheckBloom(v Version, b string) error {
	return checkSince(v, "BLOOMFILTER", b, bloomSince)
}

// CheckAlgorithm reports whether the target's RegionSplitter has the algorithm.
func CheckAlgorithm(v Version, a string) error {
	return checkSince(v, "RegionSplitter algorithm", a, algorithmSince)
}

func checkSince(v Version, setting, value string, table map[string]Feature) error {
	v = v.OrDefault()
	if f, ok := table[value]; ok && !f.In(v) {
		return &VersionError{Setting: setting, Value: value, Target: v, Feature: f}
	}
	return nil
}

// MergeRegionArity is the most regions one merge_region call takes on the target: 2 on
// 1.x and 2.0-2.2.3, unbounded (0) from 2.2.4 and 2.3.
func MergeRegionArity(v Version) int {
	if MergeManyRegions.In(v) {
		return 0
	}
	return 2
}
