// Package hbasesim is the tests' oracle for package splitpolicy: a region-by-region
// simulation of what HBase's RegionServers do with a table's regions as it fills, written
// from DOMAIN.md's "When a region splits" and HBase's source (RegionSplitPolicy and its
// subclasses, CompactSplit.shouldSplitRegion, SplitTableRegionProcedure), not from
// splitpolicy's code. It keeps every region with its key range, its server and its own
// MAX_FILESIZE draw, grows the table, and splits the region that crosses its size first,
// one split at a time. Only tests import it.
//
// What it simulates:
//   - the keys are written evenly over the key space (or over the prefix values), so a
//     region's stores hold its share of the key space of each store's bytes;
//   - a region splits when the store the rule weighs (the largest, or all together on 3.x)
//     exceeds its policy's size to check at n, the table's regions on its server (every
//     replica counted where the release counts them);
//   - ConstantSize: MAX_FILESIZE; IncreasingToUpperBound: min(MAX_FILESIZE, initial x
//     n^3), MAX_FILESIZE at n = 0 or n > 100; Stepping: initial at n = 1, else
//     MAX_FILESIZE; Disabled: never. MAX_FILESIZE is each region's own, drawn at open;
//   - no server splits while it holds the split limit of online regions (other tables'
//     and replicas included);
//   - a split cuts at the midkey, half the region's keys; under a prefix policy at the
//     start of the value holding the midkey, refused when that is the region's start key
//     (the first region's start is ”, below every value);
//   - daughters open on the parent's server (each drawing its MAX_FILESIZE), and the
//     balancer does not move regions; a primary's replicas sit on the next servers.
package hbasesim

import (
	"math"
	"math/rand/v2"
)

// Policy names the class a server runs.
type Policy int

// The classes.
const (
	Constant Policy = iota
	Increasing
	Stepping
	Disabled
)

// Design is one table on one cluster.
type Design struct {
	Policy      Policy
	Cuts        bool  // a prefix policy (or 3.x's split restriction): cut on value edges
	Values      int64 // the prefix values, with Cuts
	MaxFileSize float64
	Initial     float64 // hbase.increasing.policy.initial.size (2 x flush size)
	Regions     int     // as created
	Servers     int
	Replicas    int  // REGION_REPLICATION
	CountAll    bool // n counts every replica (before HBASE-28727)
	SplitLimit  int  // hbase.regionserver.regionSplitLimit
	Others      int  // other tables' online regions, spread evenly
	Jitter      float64
	Seed        uint64
}

// Result is the table at the end.
type Result struct {
	Regions int
	Splits  int
	// Early is the splits the policy made below MAX_FILESIZE (n^3, Stepping's one region),
	// Jittered those made below it only because the region drew a lower MAX_FILESIZE;
	// Empty the regions that hold
	// no key; PastMax those above MAX_FILESIZE at the end; Largest the largest's bytes.
	Early, Jittered, Empty, PastMax int
	Largest                         float64
	// Blocked is whether some split was refused for the split limit.
	Blocked bool
}

type region struct {
	lo, hi float64 // key space [0, 1), or prefix values [lo, hi)
	first  bool
	server int
	draw   float64 // this open's MAX_FILESIZE
	// replicas are the servers holding its secondaries.
	replicas []int
}

type sim struct {
	d       Design
	rng     *rand.Rand
	regions []region
	primary []int // per server: the table's primaries
	hosted  []int // per server: the table's secondaries
	full    []bool
	next    int // where the next secondary opens
}

// Run grows the design's table to weighed bytes (the store its rule weighs, over the
// whole table) and returns what HBase ends with.
func Run(d Design, weighed float64) Result {
	s := &sim{d: d, rng: rand.New(rand.NewPCG(d.Seed, d.Seed^0x9e3779b97f4a7c15))}
	s.primary = make([]int, d.Servers)
	s.hosted = make([]int, d.Servers)
	s.full = make([]bool, d.Servers)
	for i := 0; i < d.Regions; i++ {
		r := region{first: i == 0, server: i % d.Servers}
		if d.Cuts {
			r.lo, r.hi = float64(int64(i)*d.Values/int64(d.Regions)), float64(int64(i+1)*d.Values/int64(d.Regions))
		} else {
			r.lo, r.hi = float64(i)/float64(d.Regions), float64(i+1)/float64(d.Regions)
		}
		s.open(r)
	}
	return s.grow(weighed)
}

func (s *sim) open(r region) {
	r.draw = s.d.MaxFileSize
	if s.d.Jitter > 0 {
		r.draw += s.d.MaxFileSize * (s.rng.Float64() - 0.5) * s.d.Jitter
	}
	s.primary[r.server]++
	r.replicas = r.replicas[:0]
	for k := 1; k < s.d.Replicas; k++ {
		// The balancer spreads the secondaries evenly, never beside their primary.
		at := s.next % s.d.Servers
		for at == r.server || contains(r.replicas, at) {
			at = (at + 1) % s.d.Servers
		}
		s.next = at + 1
		s.hosted[at]++
		r.replicas = append(r.replicas, at)
	}
	s.regions = append(s.regions, r)
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// share is the part of the table's bytes a region holds.
func (s *sim) share(r region) float64 {
	if s.d.Cuts {
		return (r.hi - r.lo) / float64(s.d.Values)
	}
	return r.hi - r.lo
}

// sizeToCheck is the region's split size on its server now.
func (s *sim) sizeToCheck(r region) float64 {
	n := s.primary[r.server]
	if s.d.CountAll {
		n += s.hosted[r.server]
	}
	switch s.d.Policy {
	case Disabled:
		return math.Inf(1)
	case Increasing:
		if n == 0 || n > 100 {
			return r.draw
		}
		return math.Min(r.draw, s.d.Initial*float64(n*n*n))
	case Stepping:
		if n == 1 {
			return s.d.Initial
		}
	}
	return r.draw
}

// cut is where the region would split, ok false when HBase refuses the point.
func (s *sim) cut(r region) (float64, bool) {
	mid := (r.lo + r.hi) / 2
	if !s.d.Cuts {
		return mid, r.hi > r.lo
	}
	c := math.Floor(mid)
	if c > r.lo || (r.first && c == r.lo && r.hi > r.lo) {
		return c, true
	}
	return 0, false
}

func (s *sim) online(server int) int {
	return s.primary[server] + s.hosted[server] + s.d.Others/s.d.Servers
}

// grow raises the table's bytes to weighed, splitting each region as it crosses.
func (s *sim) grow(weighed float64) Result {
	var res Result
	for {
		best, at := -1, math.Inf(1)
		for i, r := range s.regions {
			sh := s.share(r)
			if sh == 0 || s.full[r.server] {
				continue
			}
			if _, ok := s.cut(r); !ok {
				continue
			}
			// A region crosses when sh x bytes exceeds its size: strictly above it.
			w := s.sizeToCheck(r) / sh
			if w < at {
				best, at = i, w
			}
		}
		if best < 0 || !(at*(1+1e-12) < weighed) {
			break
		}
		r := s.regions[best]
		if s.online(r.server) >= s.d.SplitLimit {
			// CompactSplit requests no split on a full server: none of its regions ever
			// splits again (online regions only grow), so take them out.
			res.Blocked = true
			s.full[r.server] = true
			continue
		}
		switch size := s.sizeToCheck(r); {
		case size != r.draw && size < s.d.MaxFileSize:
			res.Early++
		case size < s.d.MaxFileSize:
			res.Jittered++
		}
		s.split(best)
		res.Splits++
	}
	return s.result(res, weighed)
}

func (s *sim) split(i int) {
	r := s.regions[i]
	c, _ := s.cut(r)
	left := region{lo: r.lo, hi: c, first: r.first, server: r.server}
	right := region{lo: c, hi: r.hi, server: r.server}
	// The parent closes: its region and replicas go, the daughters open.
	s.regions[i] = s.regions[len(s.regions)-1]
	s.regions = s.regions[:len(s.regions)-1]
	s.primary[r.server]--
	for _, at := range r.replicas {
		s.hosted[at]--
	}
	s.open(left)
	s.open(right)
}

func (s *sim) result(res Result, weighed float64) Result {
	res.Regions = len(s.regions)
	for _, r := range s.regions {
		b := s.share(r) * weighed
		if b == 0 {
			res.Empty++
		}
		if b > s.d.MaxFileSize*(1+1e-9) {
			res.PastMax++
		}
		res.Largest = math.Max(res.Largest, b)
	}
	return res
}
