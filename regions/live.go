package regions

import (
	"fmt"
	"math"
	"time"

	"github.com/presplit/presplit/splitpolicy"
)

// DefaultMinRegionAge is the normalizer's hbase.normalizer.merge.min_region_age.days (3):
// HBase's own merges leave a region younger than that alone, and so does the plan. A
// fresh pre-split is young: merging its empty regions undoes it before the writes come.
const DefaultMinRegionAge = 3 * 24 * time.Hour

// MemstoreRequests is the request count above which a region list_regions shows at SIZE
// 0 is taken to hold data in its memstore. list_regions' SIZE counts store files only: a
// region written since its last flush (up to the flush size, 128 MiB by default) shows 0.
// A few requests (a scan passing over an empty region, a stray get) do not make a region
// live; a thousand writes or reads do. With --jmx the memstore's bytes are counted
// instead, and this rule is not needed.
const MemstoreRequests = 1000

// hold marks the regions no merge may touch although their size would allow it: hot
// regions (Options.Load), regions younger than MinRegionAge, and regions at SIZE 0 whose requests say their data is in
// the memstore (list_regions only; JMX sizes include the memstore). It counts them in
// Young and Memstore.
func (p *Plan) hold() []bool {
	l, opt := p.Layout, p.Options
	held := make([]bool, len(l.Regions))
	for i, r := range l.Regions {
		switch {
		case r.Unknown:
		case p.busy != nil && p.busy[i]:
			held[i] = true // split for its load, never merged: a merge would make it hotter
		case opt.MinRegionAge > 0 && !opt.Now.IsZero() && r.Created > 0 &&
			opt.Now.Sub(time.UnixMilli(r.Created)) < opt.MinRegionAge:
			held[i] = true
			p.Young++
		case r.Size == 0 && l.SizeSlack > 0 && l.HasRequests && r.Requests >= MemstoreRequests:
			held[i] = true
			p.Memstore++
		}
	}
	return held
}

// liveNotes says why held regions are not merged.
func (p *Plan) liveNotes() {
	if n := p.Young; n > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("%d %s younger than %s (the region id in REGION_NAME is its creation time; the normalizer's hbase.normalizer.merge.min_region_age.days): never merged; a fresh pre-split waits for its writes (%s)",
			n, plural(n, "region is", "regions are"), ageText(p.Options.MinRegionAge), "{regions.min_region_age}"))
	}
	if n := p.Memstore; n > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("%d %s SIZE 0 with at least %d requests: size unknown, the data may be in the memstore (list_regions' SIZE counts store files only): never merged; give {regions.jmx} for the memstore's bytes, or flush the table and list the regions again",
			n, plural(n, "region shows", "regions show"), MemstoreRequests))
	}
}

// ageText writes an age in days when it is whole days, else as Go's duration.
func ageText(d time.Duration) string {
	if d%(24*time.Hour) == 0 {
		days := int64(d / (24 * time.Hour))
		return fmt.Sprintf("%d %s", days, plural(int(days), "day", "days"))
	}
	return d.String()
}

// servers is the number of RegionServers the layout's regions are on; 0 when unknown.
func (p *Plan) servers() int {
	if !p.Layout.HasServer {
		return 0
	}
	_, counts := p.Layout.Servers()
	return len(counts)
}

// policy is the split-policy model of the table after the plan, with final regions over
// the layout's servers (the balancer spreads them evenly).
func (p *Plan) policy(final int) splitpolicy.Model {
	opt := p.Options
	replicas := 0
	if n := len(p.Layout.Regions); p.Layout.Skipped > 0 && n > 0 {
		replicas = 1 + p.Layout.Skipped/n
	}
	return splitpolicy.For(splitpolicy.Input{
		Target: opt.Version, Policy: opt.SplitPolicy,
		MaxFileSize: float64(opt.maxFileSize()), FlushSize: opt.FlushSize,
		Regions: final, Servers: p.servers(), Replicas: replicas,
	})
}

// regionsFloor is the fewest regions the table may keep after the merges, so that no
// merged region of up to largest bytes is above its split size at its server's count n:
// the table's regions on the server, each primary's replicas counted where the target
// counts them (m.Counted). SteppingSplitPolicy splits a server's only region at 2 x the
// flush size, 1.x's policy at 2 x flush x n^3. The balancer spreads the primaries and
// their replicas evenly, and a replica never shares its primary's server, so every server
// holds n once the table has ceil(n x servers / Counted) regions; a lone primary's server
// holds n = 1 whatever the replication, so replicas never lift the floor of n = 1.
// perServer is that n. Without servers in the input the floor is one server's. 0 when
// the policy never splits a merged region early.
func (p *Plan) regionsFloor(largest int64) (floor, perServer int, m splitpolicy.Model) {
	m = p.policy(p.Final)
	// Without SERVER_NAME the servers are unknown, but a table has at least one: the
	// floor of one server holds on any number of them (a table left with one region
	// has n = 1 on its server, and SteppingSplitPolicy splits it at 2 x the flush size).
	servers := max(p.servers(), 1)
	if largest <= 0 {
		return 0, 0, m
	}
	for n := 1; n <= 101; n++ {
		if m.SplitSize(n) >= float64(largest) {
			if n == 1 {
				return 0, 0, m // a server's only region keeps it: no floor
			}
			return floorRegions(n, servers, m.Counted), n, m
		}
	}
	return floorRegions(101, servers, m.Counted), 101, m
}

// floorRegions is the fewest regions that give each of servers n regions of the table
// when each region counts counted times (its replicas): ceil(n x servers / counted), and
// at least 2 so that no server is left with a lone region.
func floorRegions(n, servers, counted int) int {
	counted = max(counted, 1)
	return max(2, (n*servers+counted-1)/counted)
}

// largestGroup is the most bytes a merged region of the plan may hold.
func largestGroup(gs []Group) int64 {
	var most int64
	for _, g := range gs {
		if g.Last > g.First {
			most = max(most, g.Size)
		}
	}
	return most
}

// keepFloor raises the merges to regionsFloor when they go below it, and says so; without
// servers in the input it says the floor is one server's whenever merges are planned.
func (p *Plan) keepFloor(join []bool) {
	largest := largestGroup(p.Groups)
	floor, per, m := p.regionsFloor(largest)
	switch {
	case p.Final < floor:
		p.planMerges(join, max(floor, p.Options.TargetRegions))
		p.policyNote(floor, per, m, largest)
	case floor > 0 && !p.Layout.HasServer && len(p.Groups) > 0:
		p.Notes = append(p.Notes, fmt.Sprintf("the input names no servers (no SERVER_NAME column): no merge goes below %d regions, one server's floor for %s (%s, on %s); on more servers HBase may split a merged region again while its server holds fewer than %d of the table: list the regions with SERVER_NAME for their floor",
			floor, m.Describe(), m.SizeRule(), p.Options.Version.OrDefault(), per))
	}
}

// policyNote says the merges stop where HBase would split the merged regions again; per
// is the table's regions a server holds at the floor, replicas counted where the target
// counts them.
func (p *Plan) policyNote(floor, per int, m splitpolicy.Model, largest int64) {
	splitAt := m.SplitSize(per - 1)
	each := fmt.Sprintf("%d a server", per)
	if m.Counted > 1 {
		each = fmt.Sprintf("%d a server with their replicas (REGION_REPLICATION %d; %s counts replicas in n)", per, m.Counted, p.Options.Version.OrDefault())
	}
	if !p.Layout.HasServer {
		p.Notes = append(p.Notes, fmt.Sprintf("merges stop at %d regions, one server's floor: the input names no servers (no SERVER_NAME column), and with fewer %s (%s, on %s) splits a merged region of up to %s again once it passes %s; on more servers each needs %d of the table: list the regions with SERVER_NAME for their floor (%s)",
			floor, m.Describe(), m.SizeRule(), p.Options.Version.OrDefault(), size(largest), sizeWords(splitAt), per, "{regions.split_policy}"))
		return
	}
	p.Notes = append(p.Notes, fmt.Sprintf("merges stop at %d regions, %s on %d servers: with fewer, %s (%s, on %s) splits a merged region of up to %s again once it passes %s (%s)",
		floor, each, p.servers(), m.Describe(), m.SizeRule(), p.Options.Version.OrDefault(), size(largest), sizeWords(splitAt), "{regions.split_policy}"))
}

// sizeWords writes a split size; +Inf is never.
func sizeWords(v float64) string {
	if math.IsInf(v, 1) {
		return "never"
	}
	return sizeText(v)
}

// pieces is how many regions a region of size bytes ends as when it is split in halves
// until each is at most limit: 2^k; k the rounds of splits it takes.
func pieces(size, limit int64) (n, k int) {
	n = 1
	for ceilDiv(size, int64(n)) > limit && n < 1<<30 {
		n *= 2
		k++
	}
	return n, k
}

// ceilDiv is ceil(a / b) for a >= 0, b > 0, without overflow.
func ceilDiv(a, b int64) int64 { return a/b + min(a%b, 1) }
