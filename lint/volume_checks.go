package lint

import (
	"fmt"
	"math"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/splits"
)

// RG016: a split with fewer regions than the volume needs, so far fewer that every
// region passes the top of the jitter's draws (1.125 x MAX_FILESIZE) at the volume the
// split is sized for. HBase then splits every region, as often as it takes, and the table it
// ends with is HBase's midkeys, not the split created: the count came from the user
// (a region count, a splits file) and the sizing's own count is not created. SP007 judges
// an uneven split of enough regions, SP001 and SP003 a policy that cannot split them.
var RG016 = &Analyzer{
	Code: "RG016", Severity: finding.Warning,
	Doc: "a split with fewer regions than the volume needs: each passes 1.125 x MAX_FILESIZE and HBase splits it, again and again",
	Run: func(p *Pass) {
		m := p.Policy
		bytes, each, end, ok := p.underSplit()
		if !ok {
			return
		}
		early := ""
		if size, n := m.EarlySplit(); size > 0 {
			early = fmt.Sprintf(" (with %d per RegionServer, %s splits them first at %s, from the first flushes)", n, m.Describe(), humanize.IBytes(uint64(size)))
		}
		p.Report(p.splitPos(),
			fmt.Sprintf("create the %d regions the volume needs: leave the count to the sizing, or plan a larger region size", p.Capacity.Regions),
			"the split creates %d regions%s where the volume it is sized for (%s%s) needs %d: each grows to %s, %.3gx MAX_FILESIZE %s, so HBase splits every one of them%s, %s, and the table ends with about %d regions of %s at HBase's midkeys, not the split created",
			p.Regions, splitOrigin(p), humanize.IBytes(uint64(bytes)), sizedFor(p), p.Capacity.Regions,
			humanize.IBytes(uint64(each)), each/m.MaxFileSize, humanize.IBytes(uint64(m.MaxFileSize)), early,
			timesText(math.Log2(float64(end)/float64(p.Regions))), end, humanize.IBytes(uint64(bytes/float64(end))))
	},
}

// underSplit is the split of fewer regions than the volume needs, each past the top of
// the jitter's draws at the volume the split is sized for: that volume, what each created
// region holds of it, and the regions HBase's policy ends with. ok is false when the
// regions are enough, within the jitter (the plan's note on it says how many split), or
// when the policy cannot split them down to MAX_FILESIZE (a prefix policy's one value per
// region, a disabled policy, the servers' split limit: SP001's, SP003's and SP004's).
func (p *Pass) underSplit() (bytes, each float64, end int, ok bool) {
	m := p.Policy
	if m == nil || p.Capacity == nil || p.Regions == 0 || p.Regions >= p.Capacity.Regions {
		return 0, 0, 0, false
	}
	bytes = p.Capacity.SplitBytes // the volume the regions are sized for (the horizon's)
	each = bytes / float64(p.Regions)
	if each <= m.MaxFileSize*(1+m.Jitter()/2) {
		return 0, 0, 0, false
	}
	end = m.RegionsFor(bytes)
	if end <= p.Regions || bytes/float64(end) > m.MaxFileSize*(1+1e-9) {
		return 0, 0, 0, false
	}
	return bytes, each, end, true
}

// splitOrigin names what set the split's region count, for messages: " (the splits
// file's keys)"; "" when the split has no named origin.
func splitOrigin(p *Pass) string {
	switch p.SplitSource {
	case splits.SourceFile:
		return " (the splits file's keys)"
	case splits.SourceSample:
		return " (the sample's cut)"
	case splits.SourceAlgo:
		return " (the RegionSplitter split)"
	}
	if sp := p.Design.Splits; sp != nil && sp.Regions.Set {
		return " (the count " + field.Ref("splits.regions") + " sets)"
	}
	return ""
}

// timesText is how often each created region is halved to reach the count HBase ends
// with: "once", "about 7 times".
func timesText(halvings float64) string {
	n := math.Round(halvings)
	if n <= 1 {
		return "once"
	}
	return fmt.Sprintf("about %.0f times", n)
}
