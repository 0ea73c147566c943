package capacity

import "fmt"

// Regions per RegionServer that HBase's guides recommend.
const (
	MinRegionsPerServer = 20
	MaxRegionsPerServer = 200
	// riskyCeilingFactor: the guides call 2-3x the memstore ceiling the risky maximum.
	riskyCeilingFactor = 3
)

// redundancyWarnAt is where a redundancy factor starts to look like HDFS replication.
const redundancyWarnAt = 2.5

// checks derives the findings of a plan, in a fixed order.
func (in Input) checks(p *Plan) []Check {
	var out []Check
	add := func(code string, sev Severity, format string, args ...any) {
		out = append(out, Check{Code: code, Severity: sev, Message: fmt.Sprintf(format, args...)})
	}
	if p.Regions == 1 {
		add("no-presplit", Info, "the table fits in one region: no pre-split needed")
	}
	if in.Redundancy >= redundancyWarnAt {
		add("redundancy-replication", Warning,
			"redundancy %.2g looks like it counts HDFS replication: replication (%d) belongs in the disk estimate only, never in region sizing",
			in.Redundancy, in.Replication)
	}
	c := in.Cluster
	if c.Heap > 0 {
		p.MemstoreCeiling = c.Heap * c.MemstoreFraction / (c.FlushSize * float64(c.Families))
	}
	if c.RegionServers > 0 {
		per := float64(p.Regions) / float64(c.RegionServers)
		p.RegionsPerServer = per
		switch {
		case p.Regions < c.RegionServers:
			add("below-one-per-server", Warning,
				"%d regions for %d RegionServers leaves servers without a region: pre-split into at least %d regions (one per server)",
				p.Regions, c.RegionServers, c.RegionServers)
		case per < MinRegionsPerServer:
			add("few-per-server", Warning,
				"%.1f regions per RegionServer is below the %d..%d HBase recommends: each server holds few regions to spread load over; a smaller --region-size gives more (fine if the table will grow into them)",
				per, MinRegionsPerServer, MaxRegionsPerServer)
		case per > MaxRegionsPerServer:
			add("many-per-server", Warning,
				"%.1f regions per RegionServer is above the %d..%d HBase recommends: add servers or raise --region-size",
				per, MinRegionsPerServer, MaxRegionsPerServer)
		}
		if p.MemstoreCeiling > 0 && per > p.MemstoreCeiling {
			risk := ""
			if per > riskyCeilingFactor*p.MemstoreCeiling {
				risk = fmt.Sprintf(", beyond the %dx HBase calls the risky maximum", riskyCeilingFactor)
			}
			add("memstore-ceiling", Warning,
				"%.1f regions per RegionServer exceed the memstore ceiling of %.1f (heap x %.2g / (flush size x %d %s))%s: memstores will flush early and small",
				per, p.MemstoreCeiling, c.MemstoreFraction, c.Families, familyWord(c.Families), risk)
		}
	}
	if len(p.Horizons) > 0 {
		first := p.Horizons[0]
		if first.Regions < p.Regions {
			add("growth", Info,
				"the full retention needs %d regions; the guides advise not to create the long-term target at once: %d regions hold the first %d days, and HBase splits as data grows",
				p.Regions, first.Regions, first.Days)
		}
	}
	return out
}

func familyWord(n int) string {
	if n == 1 {
		return "column family"
	}
	return "column families"
}
