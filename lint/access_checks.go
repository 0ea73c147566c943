package lint

// The checks of the access pattern (package access): judged on the regions the table is
// created with and the rates the design gives. Without an access input they find nothing.

import (
	"fmt"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/tablespec"
)

// FanoutServersFactor: a salted key with this many times more buckets than RegionServers
// is "well above" the servers: every scan runs that many scanners per server.
const FanoutServersFactor = 2

// ScanHeavyShare is the share of reads that makes an access pattern scan-heavy.
const ScanHeavyShare = 0.5

// AC001: a write-hot table whose regions do not divide evenly over the servers.
var AC001 = &Analyzer{
	Code: "AC001", Severity: finding.Warning,
	Doc: "a write-hot table's regions leave servers with different region counts",
	Run: func(p *Pass) {
		a := p.Access
		if a == nil || a.WriteBytes == 0 {
			return
		}
		l := a.Load
		if l.Servers == 0 || l.Regions < l.Servers || l.Balanced() {
			return // no cluster, RG004's case, or even
		}
		heavy := l.Regions % l.Servers
		balanced := (l.Regions + l.Servers - 1) / l.Servers * l.Servers
		mean := float64(l.Regions) / float64(l.Servers)
		p.Report(p.accessPos(p.Spec.Cluster.RegionServers.Pos), fmt.Sprintf("round the count up to a multiple of the servers: %s gives %d", field.Set("capacity.balance", "true"), balanced),
			"%d regions on %d RegionServers: %d servers hold %d regions and %d hold %d; the busiest servers take %.3gx the mean write load (%d regions against %.3g)",
			l.Regions, l.Servers, heavy, l.MostRegions, l.Servers-heavy, l.FewestRegions, float64(l.MostRegions)/mean, l.MostRegions, mean)
	},
}

// AC002: a salted key whose buckets far outnumber the servers, for a scan-heavy pattern.
var AC002 = &Analyzer{
	Code: "AC002", Severity: finding.Warning,
	Doc: "a scan-heavy table salted into many more buckets than RegionServers: every scan fans out",
	Run: func(p *Pass) {
		a := p.Access
		if a == nil || !a.Input.Salted || a.Input.ScanShare < ScanHeavyShare {
			return
		}
		b, s := a.Input.Buckets, a.Input.RegionServers
		if s == 0 || b < FanoutServersFactor*s {
			return
		}
		where := tablespec.Pos{}
		if r := p.Spec.Rowkey; r != nil {
			where = r.Prefix.Pos
		}
		p.Report(p.accessPos(where), fmt.Sprintf("size the buckets to the servers: %d buckets (byte:%d) spread writes over every server and cut each scan to %d scans", s, min(s, 256), s),
			"%.0f%% of reads are scans and the key is salted into %d buckets on %d RegionServers: every scan runs %d scans (%.1f per server), one per bucket",
			100*a.Input.ScanShare, b, s, b, float64(b)/float64(s))
	},
}

// accessPos is where to point a finding about the access pattern: pos when the spec
// gives one, else the capacity section.
func (p *Pass) accessPos(pos tablespec.Pos) tablespec.Pos {
	if pos.Line > 0 {
		return pos
	}
	return p.capacityPos()
}
