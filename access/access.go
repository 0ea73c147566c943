// Package access sizes a table for its access pattern, beside the capacity model's bytes:
// the peak write and read rates, the share of reads that are scans and the RegionServers
// give a write-spread floor on the region count (every server takes writes; no region
// above the per-region write limit the user gives), an optional round-up to a multiple of
// the servers, and the load figures of the regions created: write bytes per region and
// per server, memstore flushes, WAL bytes, days until a region reaches the target size,
// the scan fan-out of a salted key and the hotspot of a monotonic one.
//
// The figures are steady-state estimates at the peak rates, with writes spread over the
// regions that take them in proportion to each region's share of the keys: evenly, unless
// the split gives its regions unequal shares (a prefix that does not divide into the
// regions), when the figures are the busiest region's and the busiest server's. presplit invents no per-region write limit: the floor
// from one applies only when the user gives it.
package access

import (
	"fmt"
	"math"
	"sort"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/quantity"
)

// Input is the access pattern and what of the design it needs. Zero values mean "not
// given".
type Input struct {
	WriteRate quantity.Rate // peak writes: rows/s or bytes/s
	ReadRate  quantity.Rate // peak reads: rows/s or bytes/s
	// ScanShare is the share of reads that are scans, [0, 1]; ScanShareSet says it was
	// given (0 is an answer: no scans).
	ScanShare    float64
	ScanShareSet bool
	// RegionWriteLimit is the most one region should take (rows/s or bytes/s): with a
	// write rate, the region count is at least ceil(write rate / limit).
	RegionWriteLimit quantity.Rate
	// Balance rounds the region count up to a multiple of the RegionServers.
	Balance bool

	// RegionServers is the cluster's (capacity.Cluster.RegionServers); 0 unknown.
	RegionServers int
	// Buckets is the number of salt or hash buckets leading the key (a fixed-width
	// prefix: dec:2 is 100, byte:16 is 16); 0 when the key has none or its width is
	// chosen by the region count.
	Buckets int
	// Salted: the buckets are a random salt (no prefix_from), so every scan fans out to
	// all of them; a hash of known parts lets a scan by those parts read one bucket.
	Salted bool
	// Monotonic names the key's leading part when it is a sequence or timestamp with
	// nothing before it that spreads writes (lint's RK002): "ts (a timestamp)". All
	// writes then go to one region: the load figures are that region's and its server's.
	Monotonic string
}

// Given reports whether the input holds any access-pattern figure: without one the plan
// is sized on bytes alone, exactly as before.
func (in Input) Given() bool {
	return in.WriteRate.PerSecond > 0 || in.ReadRate.PerSecond > 0 || in.ScanShareSet ||
		in.RegionWriteLimit.PerSecond > 0 || in.Balance
}

// InputError is an input outside the model's rules; Field is the spec's name for it.
type InputError struct {
	Field string
	Value string
	Rule  string
}

func (e *InputError) Error() string { return fmt.Sprintf("%s %s, got %s", e.Field, e.Rule, e.Value) }

// Sizing is the region count the access pattern asks for, and how it was reached.
type Sizing struct {
	Input Input

	RowBytes   float64 // bytes a put of a row writes (capacity.Volume.PutBytes), for rows/s <-> bytes/s; 0 when the volume is daily bytes
	WriteBytes float64 // the write rate in bytes/s; 0 without a write rate
	ReadBytes  float64 // the read rate in bytes/s when known; 0 otherwise
	// ReadRows is the read rate in rows/s: as given, or bytes/s over the row size (10 MiB/s
	// of 1 KiB rows is 10,240 rows/s); 0 when it is bytes/s and the row size is unknown.
	// Scans are counted on it: a scan is a request, never a byte.
	ReadRows float64

	SizeRegions int // the capacity model's count (bytes / region size)
	// ServerFloor is the RegionServer count when a write rate is given (every server
	// takes writes); LimitFloor ceil(write rate / region write limit) when a limit is
	// given; BucketCap the key's bucket count when it caps the floor (no prefix-aligned
	// split has more regions than buckets). Spread is max(ServerFloor, LimitFloor),
	// capped by BucketCap.
	ServerFloor int
	LimitFloor  int
	BucketCap   int
	Spread      int
	Floored     int // max(SizeRegions, Spread)
	Regions     int // Floored, rounded up to a multiple of the servers with Balance
	// BalanceBuckets: the round-up was left out, as it needs more regions than the key's
	// buckets.
	BalanceBuckets bool

	// Load is the figures of the regions the split creates (At), filled by the plan.
	Load Load
}

// Load is what the created region count means for the servers, at the peak rates.
type Load struct {
	Regions int // regions created
	Servers int // RegionServers; 0 unknown
	// WritingServers is how many servers take writes: min(regions, servers, buckets),
	// 1 for a monotonic key.
	WritingServers int
	// MostRegions and FewestRegions are the regions of the table on the fullest and the
	// emptiest server when the regions are spread as evenly as they go.
	MostRegions, FewestRegions int

	// BusiestShare is the busiest region's share of the writes: 1/regions when the split's
	// regions own equal shares of the keys, more when they do not.
	BusiestShare float64
	// ServerShare is the busiest server's share of the load: its regions' shares.
	ServerShare float64
	// Shares are the regions' shares of the keys At was given (nil for an even split).
	Shares []float64
	// Uneven: the split's shares differ, so the per-region figures are the busiest
	// region's, not write rate / regions.
	Uneven bool

	RegionWriteBytes float64 // write bytes/s on the busiest region taking writes (all of it for a monotonic key)
	ServerWriteBytes float64 // write bytes/s on the busiest server
	WALBytes         float64 // WAL bytes/s the busiest server appends (every edit)
	FlushesPerMinute float64 // memstore flushes per region per minute at the flush size
	// DaysToRegionSize is the days of peak writes until a region reaches the target
	// size (the bytes the split rule weighs: compressed, with redundancy).
	DaysToRegionSize float64

	// HotspotBytes is, for a monotonic key, the whole write rate on one region and one
	// server; HotspotFlushesPerMinute that region's flushes.
	HotspotBytes            float64
	HotspotFlushesPerMinute float64

	ReadsPerServer float64 // reads/s (rows or bytes, as given) on the busiest server
	ScansPerSecond float64 // read rows/s (Sizing.ReadRows) x scan share; 0 when the rows are unknown
	ScanFanout     int     // scans each scan becomes: the buckets of a salted key, else 1
	RegionScans    float64 // ScansPerSecond x ScanFanout
}

// Compute is the access pattern's region count over the capacity plan's. cp must be the
// capacity model's answer (with its defaults applied).
func Compute(in Input, cp *capacity.Sizing) (*Sizing, error) {
	if err := in.validate(cp); err != nil {
		return nil, err
	}
	// A row written is one version of it, whatever VERSIONS the table keeps.
	p := &Sizing{Input: in, RowBytes: cp.Input.Volume.PutBytes(), SizeRegions: cp.Regions}
	p.WriteBytes = p.bytes(in.WriteRate)
	p.ReadBytes = p.bytes(in.ReadRate)
	p.ReadRows = p.rows(in.ReadRate)
	s := in.RegionServers
	if in.WriteRate.PerSecond > 0 {
		p.ServerFloor = s
		if l := in.RegionWriteLimit; l.PerSecond > 0 {
			w, lim := in.WriteRate.PerSecond, l.PerSecond
			if in.WriteRate.Bytes || l.Bytes {
				w, lim = p.WriteBytes, p.bytes(l)
			}
			p.LimitFloor = int(math.Ceil(w / lim))
		}
		p.Spread = max(p.ServerFloor, p.LimitFloor)
		if b := in.Buckets; b > 0 && p.Spread > b {
			p.BucketCap, p.Spread = b, b
		}
	}
	p.Floored = max(p.SizeRegions, p.Spread)
	p.Regions = p.Floored
	if in.Balance && s > 0 {
		p.Regions = (p.Floored + s - 1) / s * s
		if b := in.Buckets; b > 0 && p.Regions > b && p.Floored <= b {
			// No prefix-aligned split has more regions than buckets: leave the count.
			p.BalanceBuckets, p.Regions = true, p.Floored
		}
	}
	if p.Regions > maxRegions {
		return nil, &InputError{"region_write_limit", fmt.Sprint(p.Regions) + " regions", fmt.Sprintf("must leave at most %d regions", maxRegions)}
	}
	return p, nil
}

// Balanced reports whether Regions is the count rounded up to a multiple of the
// RegionServers (Input.Balance with servers, and not left out for the buckets).
func (p *Sizing) Balanced() bool {
	return p.Input.Balance && p.Input.RegionServers > 0 && !p.BalanceBuckets
}

// maxRegions is the most regions the floor may ask for (hbase.MaxRegions' order).
const maxRegions = 1_000_000

// bytes is a rate in bytes/s; 0 when it is rows/s and the row size is unknown.
func (p *Sizing) bytes(r quantity.Rate) float64 {
	if r.Bytes {
		return r.PerSecond
	}
	return r.PerSecond * p.RowBytes
}

// rows is a rate in rows/s; 0 when it is bytes/s and the row size is unknown.
func (p *Sizing) rows(r quantity.Rate) float64 {
	switch {
	case !r.Bytes:
		return r.PerSecond
	case p.RowBytes > 0:
		return r.PerSecond / p.RowBytes
	}
	return 0
}

// checkRate refuses a negative or not finite rate of the named field.
func checkRate(field string, r quantity.Rate) error {
	if r.PerSecond < 0 || math.IsNaN(r.PerSecond) || math.IsInf(r.PerSecond, 0) {
		return &InputError{field, fmt.Sprintf("%g", r.PerSecond), "must be a positive rate"}
	}
	return nil
}

func (in Input) validate(cp *capacity.Sizing) error {
	for _, f := range []struct {
		field string
		r     quantity.Rate
	}{{"write_rate", in.WriteRate}, {"read_rate", in.ReadRate}, {"region_write_limit", in.RegionWriteLimit}} {
		if err := checkRate(f.field, f.r); err != nil {
			return err
		}
	}
	if s := in.ScanShare; !(s >= 0 && s <= 1) {
		return &InputError{"scan_share", fmt.Sprintf("%g", s), "must be from 0 to 1 (the share of reads that are scans)"}
	}
	w, l := in.WriteRate, in.RegionWriteLimit
	switch {
	case l.PerSecond > 0 && w.PerSecond == 0:
		return &InputError{"region_write_limit", rateText(l), "needs a write rate: the floor is write rate / limit"}
	case cp.RowBytes == 0 && w.PerSecond > 0 && !w.Bytes:
		return &InputError{"write_rate", rateText(w), "is rows per second and the volume gives no row size: give it in bytes per second (20MiB/s)"}
	case cp.RowBytes == 0 && l.PerSecond > 0 && !l.Bytes:
		return &InputError{"region_write_limit", rateText(l), "is rows per second and the volume gives no row size: give it in bytes per second (5MiB/s)"}
	case in.Balance && in.RegionServers == 0:
		return &InputError{"balance", "true", "needs the RegionServer count: it rounds the regions up to a multiple of it"}
	}
	return nil
}

// rateText is a rate as the model read it: 50000 rows/s, 20971520 B/s.
func rateText(r quantity.Rate) string {
	if r.Bytes {
		return fmt.Sprintf("%g B/s", r.PerSecond)
	}
	return fmt.Sprintf("%g rows/s", r.PerSecond)
}

// At is the load of the regions created: regions is the split's count, which prefix
// snapping, --regions or a splits file may set apart from p.Regions. shares are the
// regions' fractions of the keys (the split's Owned, summing to 1): a uniform salt or hash
// writes each region in proportion to its share, so an uneven split's largest region and
// the server holding it take more than the mean. Nil, or not one a region, is an even split.
func (p *Sizing) At(regions int, cp *capacity.Sizing, shares []float64) Load {
	in := p.Input
	s := in.RegionServers
	l := Load{Regions: regions, Servers: s, Shares: shares}
	if regions <= 0 {
		return l
	}
	l.WritingServers = regions
	if s > 0 {
		l.WritingServers = min(regions, s)
		l.MostRegions = (regions + s - 1) / s
		l.FewestRegions = regions / s
	}
	if in.Buckets > 0 {
		l.WritingServers = min(l.WritingServers, in.Buckets)
	}
	busiest := 1 // the regions on the busiest server
	if l.MostRegions > 0 {
		busiest = l.MostRegions
	}
	// The busiest region's and the busiest server's shares of the load: even, or the
	// largest shares when the split's are unequal (the server holding the largest regions,
	// as an even spread of region counts may place them).
	regionShare, serverShare := 1/float64(regions), float64(busiest)/float64(regions)
	if top, ok := largestShares(shares, regions, busiest); ok && !(in.Buckets > 0 && in.Buckets < regions) {
		if l.Uneven = top[0] > UnevenShare/float64(regions); l.Uneven {
			regionShare, serverShare = top[0], max(serverShare, sum(top))
		}
	}
	l.BusiestShare, l.ServerShare = regionShare, serverShare
	if w := p.WriteBytes; w > 0 {
		p.writeLoad(&l, w, regionShare, serverShare, cp)
	}
	if r := in.ReadRate.PerSecond; r > 0 {
		l.ReadsPerServer = r * serverShare
		l.ScansPerSecond = p.ReadRows * in.ScanShare
	}
	l.ScanFanout = 1
	if in.Salted && in.Buckets > 1 {
		l.ScanFanout = in.Buckets
	}
	l.RegionScans = l.ScansPerSecond * float64(l.ScanFanout)
	return l
}

// writeLoad fills the write figures of l from the write rate w (bytes/s) and the busiest
// region's and server's shares of it.
func (p *Sizing) writeLoad(l *Load, w, regionShare, serverShare float64, cp *capacity.Sizing) {
	in := p.Input
	c := cp.Input
	flush := c.Cluster.FlushSize
	l.RegionWriteBytes = w * regionShare
	l.ServerWriteBytes = w * serverShare
	switch {
	case in.Monotonic != "":
		// Every new row sorts after the last: one region (on one server) takes them all.
		l.RegionWriteBytes, l.ServerWriteBytes = w, w
		l.BusiestShare, l.Uneven = 1, false
	case in.Buckets > 0 && in.Buckets < l.Regions:
		// Writes spread over the buckets, not the regions: each bucket's region.
		l.RegionWriteBytes = w / float64(in.Buckets)
		l.ServerWriteBytes = l.RegionWriteBytes * math.Ceil(float64(in.Buckets)/float64(max(l.WritingServers, 1)))
		l.BusiestShare = 1 / float64(in.Buckets)
	}
	l.WALBytes = l.ServerWriteBytes
	l.FlushesPerMinute = l.RegionWriteBytes * 60 / flush
	weighed := cp.SplitWriteWeight() // what the split rule weighs of a byte written
	l.DaysToRegionSize = c.RegionSize / (l.RegionWriteBytes * weighed) / 86400
	if in.Monotonic != "" {
		l.WritingServers = 1
		l.HotspotBytes = w
		l.HotspotFlushesPerMinute = w * 60 / flush
	}
}

// UnevenShare is the largest region's share over the mean from which the load figures
// are the busiest region's: below it (a hex prefix's rounding, 205 of 4096 values against
// 204.8) the regions are even to the figures' precision.
const UnevenShare = 1.01

// largestShares are the n largest of shares, largest first; false when shares are not
// one a region.
func largestShares(shares []float64, regions, n int) ([]float64, bool) {
	if len(shares) != regions || regions == 0 {
		return nil, false
	}
	sorted := append([]float64(nil), shares...)
	sort.Sort(sort.Reverse(sort.Float64Slice(sorted)))
	return sorted[:min(n, len(sorted))], true
}

func sum(v []float64) float64 {
	t := 0.0
	for _, x := range v {
		t += x
	}
	return t
}

// Balanced reports whether every server holds the same number of the table's regions.
func (l Load) Balanced() bool { return l.Servers == 0 || l.MostRegions == l.FewestRegions }
