package splitpolicy

// The rest of HBase's split machinery: the MAX_FILESIZE jitter, the per-server split
// limit, and a prefix policy's cuts on value edges.
//
//   - ConstantSizeRegionSplitPolicy.configureForRegion draws each region's MAX_FILESIZE
//     once per open: desired + desired x (rand - 0.5) x hbase.hregion.max.filesize.jitter
//     (0.25), uniform in 0.875..1.125 x MAX_FILESIZE. The n^3 and the initial sizes carry
//     no jitter.
//   - CompactSplit.shouldSplitRegion: a RegionServer requests no split while it holds
//     hbase.regionserver.regionSplitLimit (1000) online regions or more, every table's,
//     replicas included: a server stops at the limit.
//   - KeyPrefixRegionSplitPolicy / DelimitedKeyPrefixRegionSplitPolicy (3.x: the split
//     restriction) cut the midkey to its prefix: the daughters part at the start of the
//     value that holds the midkey. A region holding one value cuts at its own start key,
//     refused; the first region (start key '') accepts the cut at its first value and
//     splits once more, into an empty region.

import (
	"math"
	"slices"
)

// maxValueCuts is the most prefix values the value-edge model follows one by one; a
// wider prefix cuts like a half (its values are finer than any region).
const maxValueCuts = 1 << 50

// LimitCap is the most regions of the table the servers' split limit lets HBase's splits
// reach: every server holds at most SplitLimit online regions, the other tables' among
// them, and each region brings its replicas; +Inf when the servers are unknown.
func (m Model) LimitCap() float64 {
	if m.Servers <= 0 {
		return math.Inf(1)
	}
	limit := m.SplitLimit
	if limit <= 0 {
		limit = DefaultSplitLimit
	}
	// Daughters open on their parent's server: only the servers given a created region
	// hold the table's primaries (the balancer's later moves are not modelled).
	holders := min(m.Servers, max(m.Regions, 1))
	room := float64(holders) * (float64(limit) - float64(m.OtherRegions)/float64(m.Servers))
	return math.Max(0, math.Floor(room/float64(max(m.Replicas, 1))))
}

// limitBinds says the split limit stops the table below what the volume makes.
func (m Model) limitBinds(bytes, limit float64) bool {
	return m.uncappedAt(bytes, limit) > m.LimitCap()
}

// Uncapped is RegionsFor without the split limit: the regions the volume would make if
// every server could keep splitting.
func (m Model) Uncapped(bytes float64) int {
	return int(m.uncappedAt(bytes, m.MaxFileSize))
}

// Jitter is the spread of each region's MAX_FILESIZE: hbase.hregion.max.filesize.jitter.
func (m Model) Jitter() float64 { return DefaultJitter }

// Range is the fewest and the most regions bytes can end in once each region draws its
// own MAX_FILESIZE (the jitter): every region at the top of the range, 1.125 x, and every
// region at its bottom, 0.875 x. RegionsFor, at MAX_FILESIZE itself, is between.
func (m Model) Range(bytes float64) (lo, hi int) {
	j := m.Jitter() / 2
	lo, hi = m.regionsAt(bytes, m.MaxFileSize*(1+j)), m.regionsAt(bytes, m.MaxFileSize*(1-j))
	if m.Counted > 1 && m.Regions < m.Servers {
		// Fewer regions than servers: whether a server also holds secondaries, and so
		// its n, depends on where the balancer opens them; the range takes both ends.
		c := m
		c.Counted = 1
		l, h := c.Range(bytes)
		lo, hi = min(lo, l), max(hi, h)
	}
	if m.limitBinds(bytes, m.MaxFileSize*(1-j)) {
		// Where the limit stops the servers, which server fills first and where each
		// split's replicas open decide the last few regions of each server.
		slack := m.Servers * max(m.Replicas, 1)
		lo, hi = max(m.Regions, lo-slack), hi+slack
	}
	return lo, hi
}

// EarlyShare is the share of regions holding each bytes (in the store the rule weighs)
// that HBase splits anyway: the chance that a region's drawn MAX_FILESIZE is below bytes,
// 0 at or below 0.875 x MAX_FILESIZE, 1 above 1.125 x.
func (m Model) EarlyShare(bytes float64) float64 {
	if m.Class == DisabledClass {
		return 0
	}
	j := m.Jitter()
	low := m.MaxFileSize * (1 - j/2)
	return math.Max(0, math.Min(1, (bytes-low)/(m.MaxFileSize*j)))
}

// valueCuts says the policy cuts on the edges of prefix values the model can count.
func (m Model) valueCuts() bool {
	return m.Cuts && m.Buckets >= 1 && m.Buckets <= maxValueCuts && m.Regions >= 1
}

// valueRegion is a region in prefix values: how many it holds, and whether it is the
// table's first (start key ”), which may split once more at its first value.
type valueRegion struct {
	values int64
	first  bool
}

// valueRegions is RegionsFor under a prefix policy with Buckets values, the bytes even
// over them: region i of the created holds values floor(i x B / R) .. floor((i+1) x B / R)
// and sits on server i mod servers. On each server the largest region splits first while
// the policy's size is below limit (n^3, Stepping's n = 1); then each region splits on
// its own while it exceeds limit and the cut falls inside it.
func (m Model) valueRegions(bytes, limit float64) float64 {
	b, r := int64(m.Buckets), int64(m.Regions)
	each := bytes / float64(b) // a value's bytes
	servers := int64(max(m.Servers, 1))
	memo := map[valueRegion]float64{}
	total := 0.0
	for s := int64(0); s < servers && s < r; s++ {
		var held []valueRegion
		for i := s; i < r; i += servers {
			lo, hi := i*b/r, (i+1)*b/r
			held = append(held, valueRegion{values: hi - lo, first: i == 0})
		}
		if m.Servers <= 0 {
			for _, h := range held {
				total += m.valueHalvings(h, each, limit, memo)
			}
			continue
		}
		total += m.valueServer(held, each, limit, memo)
	}
	return total
}

// valueServer is one server's regions under valueRegions.
func (m Model) valueServer(held []valueRegion, each, limit float64, memo map[valueRegion]float64) float64 {
	held, done := m.valueEarly(held, each, limit)
	if done {
		return float64(len(held))
	}
	total := 0.0
	for _, h := range held {
		total += m.valueHalvings(h, each, limit, memo)
	}
	return total
}

// valueEarly splits a server's largest region while the policy's size is below limit;
// done says the regions stopped there (none exceeds the size).
func (m Model) valueEarly(held []valueRegion, each, limit float64) ([]valueRegion, bool) {
	for {
		size := m.splitSizeAt(len(held)*m.Counted, limit)
		if size == limit {
			return held, false
		}
		i := largestSplittable(held)
		if i < 0 || !exceeds(float64(held[i].values)*each, size) {
			return held, true
		}
		left, right := cutAtValue(held[i])
		held[i] = left
		held = append(held, right)
	}
}

// largestSplittable is the index of the largest region whose cut falls inside it, -1
// when none can split.
func largestSplittable(held []valueRegion) int {
	best := -1
	for i, h := range held {
		if h.values < 1 || (h.values == 1 && !h.first) {
			continue
		}
		if best < 0 || h.values > held[best].values {
			best = i
		}
	}
	return best
}

// cutAtValue is a region's daughters: the cut is the start of the value holding the
// midkey, value floor(k/2) of its k; the first region holding one value cuts at that
// value's start, leaving [”, value) empty.
func cutAtValue(h valueRegion) (left, right valueRegion) {
	half := h.values / 2
	return valueRegion{values: half, first: h.first}, valueRegion{values: h.values - half}
}

// valueHalvings is the regions a region ends as when it splits while it exceeds limit
// and its cut falls inside it.
func (m Model) valueHalvings(h valueRegion, each, limit float64, memo map[valueRegion]float64) float64 {
	if !exceeds(float64(h.values)*each, limit) || h.values < 1 || (h.values == 1 && !h.first) {
		return 1
	}
	if v, ok := memo[h]; ok {
		return v
	}
	left, right := cutAtValue(h)
	v := m.valueHalvings(left, each, limit, memo) + m.valueHalvings(right, each, limit, memo)
	memo[h] = v
	return v
}

// LargestValueRegion is the bytes of the largest region a prefix policy leaves at bytes:
// one that holds one value and cannot split, or one below its split size; 0 when the
// policy does not cut on values.
func (m Model) LargestValueRegion(bytes float64) float64 {
	if !m.valueCuts() {
		return 0
	}
	each := bytes / m.Buckets
	perRegion := math.Ceil(m.Buckets / float64(m.Regions))
	for k := perRegion; ; k = math.Ceil(k / 2) {
		if k <= 1 || !exceeds(k*each, m.MaxFileSize) {
			return k * each
		}
	}
}

// PastMax says some region holds more than MAX_FILESIZE at bytes: the split limit stops
// the servers, a prefix value is larger than MAX_FILESIZE, Stepping's one region on a
// server waits for its initial size, or no region splits.
func (m Model) PastMax(bytes float64) bool {
	created := max(m.Regions, 1)
	share := bytes / float64(created)
	switch {
	case m.Class == DisabledClass || (m.Cuts && m.NeverSplits() && m.Buckets > 0):
		return exceeds(m.largestCreated(bytes), m.MaxFileSize)
	case float64(m.Uncapped(bytes)) > m.LimitCap():
		return true
	case m.valueCuts():
		return exceeds(m.LargestValueRegion(bytes), m.MaxFileSize)
	}
	return m.LoneUncapped(share)
}

// largestCreated is the largest created region's bytes: under a prefix policy the one
// holding the most values.
func (m Model) largestCreated(bytes float64) float64 {
	created := float64(max(m.Regions, 1))
	switch {
	case m.Cuts && m.Buckets >= 1:
		return math.Ceil(m.Buckets/created) * bytes / m.Buckets
	case m.uneven():
		return bytes * slices.Max(m.Shares)
	}
	return bytes / created
}

// LoneUncapped says a server holds one region of share bytes that SteppingSplitPolicy
// leaves above MAX_FILESIZE: its size at n = 1 is the initial size, which MAX_FILESIZE
// does not cap.
func (m Model) LoneUncapped(share float64) bool {
	if !m.Stepping || m.Servers <= 0 || !(m.Initial() > m.MaxFileSize) {
		return false
	}
	created := max(m.Regions, 1)
	q, more := created/m.Servers, created%m.Servers
	lone := (q == 0 && more > 0) || (q == 1 && m.Servers > more)
	return lone && m.Counted == 1 && exceeds(share, m.MaxFileSize) && !exceeds(share, m.Initial())
}

// EmptyRegions is how many regions hold no key at bytes: the first region's extra split
// under a prefix policy, once the region holding only the first value exceeds its size.
func (m Model) EmptyRegions(bytes float64) int {
	if !m.valueCuts() {
		return 0
	}
	each := bytes / m.Buckets
	b, r := int64(m.Buckets), int64(m.Regions)
	servers := int64(max(m.Servers, 1))
	var held []valueRegion
	for i := int64(0); i < r; i += servers { // the first region's server
		held = append(held, valueRegion{values: (i+1)*b/r - i*b/r, first: i == 0})
	}
	if m.Servers > 0 {
		held, _ = m.valueEarly(held, each, m.MaxFileSize)
	}
	for _, h := range held {
		if !h.first {
			continue
		}
		for h.values > 1 && exceeds(float64(h.values)*each, m.MaxFileSize) {
			h.values /= 2
		}
		if h.values == 0 || (h.values == 1 && exceeds(each, m.MaxFileSize)) {
			return 1
		}
	}
	return 0
}
