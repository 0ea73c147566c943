// Package splitpolicy states what HBase does with a table's regions after `create`: which
// RegionSplitPolicy a region server runs for the table at the target version, at which
// size it splits a region given the table's regions on that server, where it may cut, and
// so how many regions the table really ends with as it fills. The rules were read from
// HBase's source at the rel/* tags (hbase-server/.../regionserver/):
//
//   - RegionSplitPolicy.DEFAULT_SPLIT_POLICY_CLASS: IncreasingToUpperBoundRegionSplitPolicy
//     on every 1.x tag (rel/1.2.0 .. rel/1.7.0), SteppingSplitPolicy from rel/2.0.0 (3.x too).
//   - ConstantSizeRegionSplitPolicy splits a region when a store exceeds MAX_FILESIZE
//     (getDesiredMaxFileSize, with its jitter).
//   - IncreasingToUpperBoundRegionSplitPolicy.getSizeToCheck(n): MAX_FILESIZE when n = 0 or
//     n > 100, else min(MAX_FILESIZE, initialSize x n^3), n the table's regions online on
//     that server; initialSize is hbase.increasing.policy.initial.size, else 2 x the
//     table's MEMSTORE_FLUSHSIZE, else 2 x hbase.hregion.memstore.flush.size.
//   - SteppingSplitPolicy.getSizeToCheck(n): initialSize when n = 1, else MAX_FILESIZE.
//   - KeyPrefixRegionSplitPolicy and DelimitedKeyPrefixRegionSplitPolicy extend
//     IncreasingToUpperBoundRegionSplitPolicy (its sizes) and cut the split point to its
//     first prefix_length bytes, or to the bytes before the delimiter. On 3.x presplit
//     writes the split restriction instead (RegionSplitRestriction), which cuts the same way
//     under the default SteppingSplitPolicy.
//   - SplitTableRegionProcedure refuses a split point equal to the region's start key
//     ("Split row is equal to startkey"): a region whose rows all share one prefix never
//     splits under a prefix policy.
//   - DisabledRegionSplitPolicy (and SPLIT_ENABLED => false) never splits.
//
// The package knows no flags and prints nothing: values in, a Model out.
package splitpolicy

import (
	"math"

	"github.com/presplit/presplit/hbase"
)

// The policies a design names (table split_policy, --split-policy).
const (
	Default   = "default"   // the cluster's: the target version's default class
	Constant  = "constant"  // ConstantSizeRegionSplitPolicy
	Prefix    = "prefix"    // KeyPrefixRegionSplitPolicy (3.x: the KeyPrefix split restriction)
	Delimited = "delimited" // DelimitedKeyPrefixRegionSplitPolicy (3.x: DelimitedKeyPrefix)
	Disabled  = "disabled"  // DisabledRegionSplitPolicy, SPLIT_ENABLED => false
	// A cluster's hbase.regionserver.region.split.policy may also name these two.
	Increasing = "increasing" // IncreasingToUpperBoundRegionSplitPolicy
	Stepping   = "stepping"   // SteppingSplitPolicy
)

// ClusterPolicies are the values of Input.ClusterPolicy (a cluster-wide key-prefix policy
// needs a prefix length every table shares, which presplit does not model).
var ClusterPolicies = []string{Constant, Increasing, Stepping, Disabled}

// DefaultSplitLimit is hbase.regionserver.regionSplitLimit's default (CompactSplit).
const DefaultSplitLimit = 1000

// DefaultJitter is hbase.hregion.max.filesize.jitter's default: each region's
// MAX_FILESIZE is drawn per open in (1 +- 0.125) x MAX_FILESIZE.
const DefaultJitter = 0.25

// The classes HBase runs.
const (
	ConstantSizeClass       = "ConstantSizeRegionSplitPolicy"
	IncreasingClass         = "IncreasingToUpperBoundRegionSplitPolicy"
	SteppingClass           = "SteppingSplitPolicy"
	KeyPrefixClass          = "KeyPrefixRegionSplitPolicy"
	DelimitedKeyPrefixClass = "DelimitedKeyPrefixRegionSplitPolicy"
	DisabledClass           = "DisabledRegionSplitPolicy"
)

// ConstantSizeClassName is the class to write as SPLIT_POLICY for Constant.
const ConstantSizeClassName = "org.apache.hadoop.hbase.regionserver." + ConstantSizeClass

// DefaultFlushSize is hbase.hregion.memstore.flush.size's default (128 MiB).
const DefaultFlushSize = 128 << 20

// DefaultMaxFileSize is hbase.hregion.max.filesize's default (10 GiB).
const DefaultMaxFileSize = 10 << 30

// maxCountedRegions is where getSizeToCheck stops growing with n ("safety check for 100").
const maxCountedRegions = 100

// Input is the table as HBase will run it.
type Input struct {
	Target hbase.Version
	Policy string // one of the policies above; "" is Default
	// MaxFileSize is the table's MAX_FILESIZE, else the cluster's; 0 is HBase's 10 GiB.
	MaxFileSize float64
	// FlushSize is the table's MEMSTORE_FLUSHSIZE, else the cluster's
	// hbase.hregion.memstore.flush.size; 0 is HBase's 128 MiB.
	FlushSize float64
	// Regions is the table's region count as created; Servers the RegionServers it is
	// spread over (0 when unknown).
	Regions, Servers int
	// Replicas is the table's REGION_REPLICATION (0 or 1: none). Before 2.5.10 and 2.6.1
	// a server's secondary replicas count in n, the table's regions on it
	// (hbase.SplitCountsPrimaries).
	Replicas int
	// Buckets is the number of distinct values of the prefix a prefix policy keeps whole
	// (the keys' prefix of PrefixLength bytes, or the part before the delimiter); 0 when
	// unknown or unbounded.
	Buckets float64
	// InitialSize is hbase.increasing.policy.initial.size; 0 is 2 x FlushSize.
	InitialSize float64
	// ClusterPolicy is the cluster's hbase.regionserver.region.split.policy, what Default
	// runs: "" (the target's default class), Constant, Increasing, Stepping or Disabled.
	ClusterPolicy string
	// SplitLimit is hbase.regionserver.regionSplitLimit: a RegionServer holding this many
	// online regions (every table's, replicas included) splits none; 0 is HBase's 1000.
	SplitLimit int
	// OtherRegions is the online regions the cluster's other tables hold, replicas
	// included, spread evenly over the servers.
	OtherRegions int
	// Shares are the created regions' fractions of the table's bytes, in region order
	// (region i on server i mod Servers): an uneven split's largest regions pass the
	// split size first. Nil, or a length other than Regions, is an even split. A prefix
	// policy with Buckets counts its values instead.
	Shares []float64
}

// Model is the policy a table runs and its sizes.
type Model struct {
	Input
	// Class is the RegionSplitPolicy class the region servers run for the table.
	Class string
	// Increasing says the split size grows with the regions on the server (n^3);
	// Stepping says it is the initial size only at n = 1.
	Increasing, Stepping bool
	// Cuts says later split points are cut to a prefix (KeyPrefix, DelimitedKeyPrefix, or
	// 3.x's split restriction).
	Cuts bool
	// Counted is how many of the table's regions on a server each primary region makes
	// n count: its replicas where the target counts them, else 1.
	Counted int
	// Lacking names the releases of the target's line that count every replica in n where
	// its newest release, which the model is of, counts primaries only ("2.6.0"); "" when
	// they behave alike for this table.
	Lacking string
}

// For is the model of the input.
func For(in Input) Model {
	if in.MaxFileSize <= 0 {
		in.MaxFileSize = DefaultMaxFileSize
	}
	if in.FlushSize <= 0 {
		in.FlushSize = DefaultFlushSize
	}
	if in.Policy == "" {
		in.Policy = Default
	}
	v := in.Target.OrDefault()
	m := Model{Input: in, Counted: 1}
	if in.SplitLimit <= 0 {
		in.SplitLimit = DefaultSplitLimit
	}
	// A release line is its newest release (hbase.Feature.InNewest): 2.6 counts primaries
	// as 2.6.1 on do; Lacking names 2.6.0.
	if in.Replicas > 1 && !hbase.SplitCountsPrimaries.InNewest(v) {
		m.Counted = in.Replicas
	}
	if in.Replicas > 1 {
		m.Lacking = hbase.SplitCountsPrimaries.Lacking(v)
	}
	var def string
	var defIncreasing bool
	in.Policy, def, defIncreasing = defaultClass(v, in.Policy, in.ClusterPolicy)
	switch in.Policy {
	case Constant:
		m.Class = ConstantSizeClass
	case Disabled:
		m.Class = DisabledClass
	case Prefix, Delimited:
		m.Cuts = true
		switch {
		case hbase.SplitRestriction.In(v): // 3.x: the restriction under the default policy
			m.Class = def
			m.Increasing, m.Stepping = defIncreasing, !defIncreasing
		case in.Policy == Prefix:
			m.Class, m.Increasing = KeyPrefixClass, true
		default:
			m.Class, m.Increasing = DelimitedKeyPrefixClass, true
		}
	default:
		m.Class = def
		m.Increasing, m.Stepping = defIncreasing, !defIncreasing
	}
	m.Input = in
	return m
}

// defaultClass is the class Default runs at the target, and whether it grows with n: the
// cluster's hbase.regionserver.region.split.policy when given, else the target's
// RegionSplitPolicy.DEFAULT_SPLIT_POLICY_CLASS. A cluster of ConstantSize or Disabled
// makes the table's Default that policy.
func defaultClass(v hbase.Version, policy, cluster string) (string, string, bool) {
	def, increasing := SteppingClass, false
	if v.Major < 2 {
		def, increasing = IncreasingClass, true
	}
	if policy != Default {
		return policy, def, increasing
	}
	switch cluster {
	case Constant, Disabled:
		return cluster, def, increasing
	case Increasing:
		return policy, IncreasingClass, true
	case Stepping:
		return policy, SteppingClass, false
	}
	return policy, def, increasing
}

// Describe names what the region servers run: the class, and on 3.x the split
// restriction a prefix policy becomes.
func (m Model) Describe() string {
	switch {
	case m.Cuts && m.Class == SteppingClass && m.Policy == Prefix:
		return SteppingClass + " with the KeyPrefix split restriction"
	case m.Cuts && m.Class == SteppingClass:
		return SteppingClass + " with the DelimitedKeyPrefix split restriction"
	}
	return m.Class
}

// SizeRule is SplitSize's rule in words, n the table's regions on the server: what a
// finding says the policy splits at.
func (m Model) SizeRule() string {
	initial := "2 x flush size"
	if m.InitialSize > 0 {
		initial = "the initial size"
	}
	if m.Stepping {
		return initial + " while n = 1, else MAX_FILESIZE"
	}
	return "min(MAX_FILESIZE, " + initial + " x n^3)"
}

// Initial is the policy's hbase.increasing.policy.initial.size: the one given, else 2 x
// the flush size (IncreasingToUpperBoundRegionSplitPolicy.configureForRegion).
func (m Model) Initial() float64 {
	if m.InitialSize > 0 {
		return m.InitialSize
	}
	return 2 * m.FlushSize
}

// SplitSize is the store size above which a region splits while its server holds n of
// the table's regions; +Inf when the policy never splits.
func (m Model) SplitSize(n int) float64 { return m.splitSizeAt(n, m.MaxFileSize) }

// splitSizeAt is SplitSize with max as the region's MAX_FILESIZE, as its jitter drew it.
func (m Model) splitSizeAt(n int, max float64) float64 {
	switch {
	case m.Class == DisabledClass:
		return math.Inf(1)
	case m.Increasing:
		if n <= 0 || n > maxCountedRegions {
			return max
		}
		return math.Min(max, m.Initial()*float64(n)*float64(n)*float64(n))
	case m.Stepping && n == 1:
		return m.Initial()
	}
	return max
}

// PerServer is the fewest regions of the table a server holds once the balancer has spread
// them evenly (the servers holding floor(regions / servers)), their replicas counted where
// the target counts them (Counted), at least 1; 0 when the servers are unknown.
func (m Model) PerServer() int {
	if m.Servers <= 0 || m.Regions <= 0 {
		return 0
	}
	return max(1, m.Regions*m.Counted/m.Servers)
}

// EarlySplit is the size a region of the pre-split splits at when that is below
// MAX_FILESIZE, and the regions per server it is judged at; 0 when the pre-split keeps
// its regions until they reach MAX_FILESIZE (or the servers are unknown).
func (m Model) EarlySplit() (size float64, perServer int) {
	n := m.PerServer()
	if n == 0 {
		return 0, 0
	}
	if s := m.SplitSize(n); s < m.MaxFileSize {
		return s, n
	}
	return 0, 0
}

// Steady is the fewest regions per server at which the policy splits at MAX_FILESIZE (each
// with its replicas, where the target counts them): with at least that many, the pre-split
// is what HBase keeps.
func (m Model) Steady() int {
	for n := 1; n <= maxCountedRegions; n++ {
		if m.SplitSize(n*m.Counted) >= m.MaxFileSize {
			return n
		}
	}
	return maxCountedRegions + 1
}

// NeverSplits says no region can ever split: the policy is disabled, or it cuts split
// points to a prefix and every region holds at most one prefix value (each region's cut
// point is its own start key).
func (m Model) NeverSplits() bool {
	return m.Class == DisabledClass || (m.Cuts && m.Buckets > 0 && m.Buckets <= float64(m.Regions))
}

// Cap is the most regions the table can reach by HBase's splits: the prefix values for a
// prefix policy, the created regions when no region splits; +Inf otherwise.
func (m Model) Cap() float64 {
	switch {
	case m.Class == DisabledClass || m.NeverSplits():
		return float64(m.Regions)
	case m.Cuts && m.Buckets > 0:
		return m.Buckets
	}
	return math.Inf(1)
}

// RegionsFor is the region count HBase ends with when the table holds bytes (weighed as
// the split rule weighs them), written evenly over the created regions' keys (a pre-split's
// hashed or salted prefix), so each region holds its share of them (Shares: an uneven
// split's larger regions hold more; even without): a region splits once it exceeds the policy's size at its
// server's region count, into two halves (HBase splits at the midkey of its largest store
// file, half of its data when the keys are even), never merges, and the count stops at
// Cap. The created regions are spread evenly over the servers (some holding one more) and
// stay there: the balancer evens out the counts later, which this does not model. Without
// servers a region splits at MAX_FILESIZE.
//
// Packing bytes into regions of MAX_FILESIZE, as this once counted, is not what HBase
// makes: 20 regions holding 10,000 GiB are 1,280 regions of 7.8 GiB (each halved six
// times), not 1,000 of 10 GiB.
func (m Model) RegionsFor(bytes float64) int { return m.regionsAt(bytes, m.MaxFileSize) }

// regionsAt is RegionsFor with every region's MAX_FILESIZE at limit, capped by the
// servers' split limit (LimitCap).
func (m Model) regionsAt(bytes, limit float64) int {
	created := max(m.Regions, 1)
	total := m.uncappedAt(bytes, limit)
	return int(math.Max(float64(created), math.Min(total, m.LimitCap())))
}

// uncappedAt is the regions HBase's policy makes of bytes, before the split limit.
func (m Model) uncappedAt(bytes, limit float64) float64 {
	created := max(m.Regions, 1)
	switch {
	case m.Class == DisabledClass:
		return float64(created)
	case m.valueCuts():
		return m.valueRegions(bytes, limit)
	case m.Servers <= 0 && !m.uneven():
		return math.Min(float64(created)*halvings(bytes/float64(created), limit), m.Cap())
	}
	if m.uneven() {
		return math.Max(float64(created), math.Min(m.unevenRegions(bytes, limit), m.Cap()))
	}
	share := bytes / float64(created) // what each created region holds
	// The servers holding q+1 regions and those holding q: each class splits alike.
	q, more := created/m.Servers, created%m.Servers
	total := float64(more)*m.serverRegions(q+1, share, limit) + float64(m.Servers-more)*m.serverRegions(q, share, limit)
	return math.Max(float64(created), math.Min(total, m.Cap()))
}

// AtMaxFileSize is RegionsFor for a policy that splits at MAX_FILESIZE only
// (ConstantSizeRegionSplitPolicy), the count an early-splitting policy's is held against.
func (m Model) AtMaxFileSize(bytes float64) int {
	c := m
	if c.Class != DisabledClass {
		c.Class, c.Increasing, c.Stepping = ConstantSizeClass, false, false
	}
	return c.regionsAt(bytes, m.MaxFileSize)
}

// serverRegions is the regions a server that was given n created regions of share bytes
// each ends with. While the policy's size at the server's count is not MAX_FILESIZE, the
// largest region splits first (the regions grow alike, so it crosses the size first),
// and the count rises by one; once the size is MAX_FILESIZE it stays so for every larger
// count, and every region splits on its own until it is at most that. (The size is above
// MAX_FILESIZE only for SteppingSplitPolicy's one region, whose initial size has no
// bound: a flush size of 1 GiB and MAX_FILESIZE 1 GiB split it at 2 GiB.)
func (m Model) serverRegions(n int, share, limit float64) float64 {
	if n == 0 {
		return 0
	}
	// held[j]: the regions holding share / 2^j.
	held := []float64{float64(n)}
	for count := n; ; count++ {
		size := m.splitSizeAt(count*m.Counted, limit) // and as many secondaries, spread alike
		if size == limit {
			break
		}
		j := 0
		for held[j] == 0 {
			j++
		}
		if !exceeds(share/math.Exp2(float64(j)), size) {
			return float64(count) // none splits: the largest is at most the size
		}
		held[j]--
		if j+1 == len(held) {
			held = append(held, 0)
		}
		held[j+1] += 2
	}
	total := 0.0
	for j, c := range held {
		total += c * halvings(share/math.Exp2(float64(j)), limit)
	}
	return total
}

// halvings is the regions a region holding bytes ends as when it splits in halves while
// it exceeds limit: 2^k, the fewest halvings that bring it to limit or below.
func halvings(bytes, limit float64) float64 {
	pieces := 1.0
	for exceeds(bytes/pieces, limit) && pieces < 1<<40 {
		pieces *= 2
	}
	return pieces
}

// exceeds says a region of bytes is over limit, where HBase splits it (its store is larger
// than the size to check); a quotient within a relative 1e-12 of limit is limit (decimal
// sizes in float64, as capacity.RegionsOf takes them).
func exceeds(bytes, limit float64) bool { return bytes > limit*(1+1e-12) }

// uneven says the created regions hold different shares of the bytes (Shares).
func (m Model) uneven() bool {
	if len(m.Shares) != m.Regions || m.Regions < 2 {
		return false
	}
	for _, s := range m.Shares[1:] {
		if s != m.Shares[0] {
			return true
		}
	}
	return false
}

// unevenRegions is uncappedAt over the created regions' own shares: each server's regions
// (region i on server i mod Servers) split as serverRegionsOf says; without servers each
// region halves on its own while it exceeds limit.
func (m Model) unevenRegions(bytes, limit float64) float64 {
	total := 0.0
	if m.Servers <= 0 {
		for _, s := range m.Shares {
			total += halvings(bytes*s, limit)
		}
		return total
	}
	for srv := 0; srv < m.Servers && srv < m.Regions; srv++ {
		var held []float64
		for i := srv; i < m.Regions; i += m.Servers {
			held = append(held, bytes*m.Shares[i])
		}
		total += m.serverRegionsOf(held, limit)
	}
	return total
}

// serverRegionsOf is serverRegions for a server whose regions hold the bytes in held
// (its own copy): while the policy's size at the server's count is below limit the
// largest region splits in halves first; then each halves on its own while it exceeds
// limit.
func (m Model) serverRegionsOf(held []float64, limit float64) float64 {
	for count := len(held); ; count++ {
		size := m.splitSizeAt(count*m.Counted, limit)
		if size == limit {
			break
		}
		big := 0
		for i, b := range held {
			if b > held[big] {
				big = i
			}
		}
		if !exceeds(held[big], size) {
			return float64(count)
		}
		held[big] /= 2
		held = append(held, held[big])
	}
	total := 0.0
	for _, b := range held {
		total += halvings(b, limit)
	}
	return total
}
