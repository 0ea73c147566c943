package regions

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/presplit/presplit/htmlpage"
)

// DefaultHotFactor is how many times the mean request rate makes a region a split
// candidate for its load: BusyRegionSplitPolicy splits on blocked requests and
// CockroachDB on a queries-per-second threshold, online; offline, a region taking three
// times the mean is one that a split at its middle would relieve the most.
const DefaultHotFactor = 3

// Snapshot is an earlier reading of the table's request counts (list_regions' REQ), with
// the time it was taken and its name for messages.
type Snapshot struct {
	Name   string
	At     time.Time
	Layout *Layout
}

// Load is each region's request rate between snapshots: Rates[k][i] is the requests per
// second of region i of the current layout from At[k] to At[k+1], the last interval ending
// at the current input. NaN where the region is not in both readings by its encoded name,
// its count went down or its server changed (Reopened): it was split, merged or reopened
// since, and its counter (requests since the region opened) started again.
type Load struct {
	Names []string    // the snapshots' names, the current input last
	At    []time.Time // their times, ascending
	Rates [][]float64
	// Reopened[k] is the regions (of the current layout) whose SERVER_NAME differs
	// between readings k and k+1: host,port,startcode changes when a region moves or its
	// RegionServer restarts, and either reopens the region with its counter at 0, so a
	// count that did not go down may still have been reset. Their rate is NaN.
	Reopened [][]int
}

// Last is the rates of the newest interval.
func (ld *Load) Last() []float64 { return ld.Rates[len(ld.Rates)-1] }

// NewLoad reads the rates of the current layout's regions (taken at at, named name) from
// earlier snapshots. Every reading must name regions (REGION_NAME) and carry requests
// (REQ), and the times must be distinct.
func NewLoad(now *Layout, name string, at time.Time, earlier []Snapshot) (*Load, error) {
	if !now.HasEncoded || !now.HasRequests {
		return nil, errors.New("request rates need REGION_NAME and REQ in the list_regions output")
	}
	snaps := append([]Snapshot(nil), earlier...)
	sort.SliceStable(snaps, func(i, j int) bool { return snaps[i].At.Before(snaps[j].At) })
	snaps = append(snaps, Snapshot{Name: name, At: at, Layout: now})
	ld := &Load{}
	for k, s := range snaps {
		if !s.Layout.HasEncoded || !s.Layout.HasRequests {
			return nil, fmt.Errorf("%s: request rates need REGION_NAME and REQ in the list_regions output", s.Name)
		}
		if k > 0 && !s.At.After(snaps[k-1].At) {
			return nil, fmt.Errorf("%s and %s: taken at %s and %s: each reading must be later than the one before",
				snaps[k-1].Name, s.Name, snaps[k-1].At.Format(time.RFC3339), s.At.Format(time.RFC3339))
		}
		ld.Names = append(ld.Names, s.Name)
		ld.At = append(ld.At, s.At)
	}
	ld.Rates, ld.Reopened = rates(now, snaps)
	return ld, nil
}

// reading is one region's REQ in a reading and the server it was on.
type reading struct {
	requests int64
	server   string
}

// reopened says the region was on another server, or another start of it, in the second
// reading: both readings name the server, and the names differ.
func reopened(a, b reading) bool {
	return a.server != "" && b.server != "" && a.server != b.server
}

// rates is each interval's rates between the readings snaps (in time order, now last) of
// now's regions, matched by encoded name, and the regions reopened in each interval.
func rates(now *Layout, snaps []Snapshot) ([][]float64, [][]int) {
	counts := make([]map[string]reading, len(snaps))
	for k, s := range snaps {
		counts[k] = make(map[string]reading, len(s.Layout.Regions))
		for _, r := range s.Layout.Regions {
			if !r.Unknown {
				counts[k][r.Encoded] = reading{r.Requests, r.Server}
			}
		}
	}
	var out [][]float64
	var moved [][]int
	for k := 0; k+1 < len(snaps); k++ {
		secs := snaps[k+1].At.Sub(snaps[k].At).Seconds()
		rs := make([]float64, len(now.Regions))
		var ms []int
		for i, r := range now.Regions {
			rs[i] = math.NaN()
			a, okA := counts[k][r.Encoded]
			b, okB := counts[k+1][r.Encoded]
			switch {
			case !okA || !okB:
			case reopened(a, b):
				ms = append(ms, i)
			case b.requests >= a.requests:
				rs[i] = float64(b.requests-a.requests) / secs
			}
		}
		out = append(out, rs)
		moved = append(moved, ms)
	}
	return out, moved
}

// reopenNote says which regions have no rate because they reopened between two readings.
func (p *Plan) reopenNote() {
	ld := p.Options.Load
	if ld == nil {
		return
	}
	for k, ms := range ld.Reopened {
		if len(ms) == 0 {
			continue
		}
		p.Notes = append(p.Notes, fmt.Sprintf("%s %s on another server in %s than in %s (SERVER_NAME host,port,startcode): moved, or a RegionServer restarted; a reopened region's request counter starts again at 0, so no rate from %s to %s, and a hot region may be missed; compare readings with no move or restart between them",
			regionList(ms), plural(len(ms), "is", "are"), ld.Names[k+1], ld.Names[k], ld.At[k].Format(time.RFC3339), ld.At[k+1].Format(time.RFC3339)))
	}
}

// regionList names regions by their 1-based numbers: "region 4", "regions 2, 5 and 7",
// at most 10 named.
func regionList(idx []int) string {
	if len(idx) == 1 {
		return fmt.Sprintf("region %d", idx[0]+1)
	}
	var b strings.Builder
	b.WriteString("regions ")
	shown := min(len(idx), 10)
	for j := 0; j < shown; j++ {
		switch {
		case j == 0:
		case j == shown-1 && shown == len(idx):
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d", idx[j]+1)
	}
	if shown < len(idx) {
		fmt.Fprintf(&b, " and %d more", len(idx)-shown)
	}
	return b.String()
}

// meanRate is the mean of the known rates, and how many are known.
func meanRate(rates []float64) (mean float64, known int) {
	sum := 0.0
	for _, v := range rates {
		if !math.IsNaN(v) {
			sum += v
			known++
		}
	}
	if known == 0 {
		return 0, 0
	}
	return sum / float64(known), known
}

// hot marks the regions whose rate over the newest interval is above 0 and at least
// HotFactor x the mean known rate of the other regions. The mean of all regions would hold
// the region itself: a region can reach at most N x that mean, so on a table of 2 regions
// one taking every request would never reach 3 x it. Against the others it can on any
// table of two or more regions with known rates.
func (p *Plan) hot() []bool {
	ld := p.Options.Load
	if ld == nil {
		return nil
	}
	rates := ld.Last()
	mean, known := meanRate(rates)
	sum := mean * float64(known)
	factor := hotFactor(p.Options)
	out := make([]bool, len(rates))
	for i, v := range rates {
		if math.IsNaN(v) || !(v > 0) || known < 2 {
			continue
		}
		others := (sum - v) / float64(known-1)
		out[i] = v >= factor*others
	}
	return out
}

// loadNote says which regions are split for their load.
func (p *Plan) loadNote(n int) {
	if n == 0 {
		return
	}
	mean, _ := meanRate(p.Options.Load.Last())
	factor := hotFactor(p.Options)
	p.Notes = append(p.Notes, fmt.Sprintf("%d %s at least %g x the mean request rate of the other regions over the newest interval (the table's mean %s/s): split for load, as BusyRegionSplitPolicy and CockroachDB's load-based splitting do online; a single hot row does not split away: check the key distribution (presplit verify) first",
		n, plural(n, "region takes", "regions take"), factor, htmlpage.FormatRate(mean)))
}

// hotFactor is the options' HotFactor, else DefaultHotFactor.
func hotFactor(opt Options) float64 {
	if opt.HotFactor > 0 {
		return opt.HotFactor
	}
	return DefaultHotFactor
}

// loadSplits counts the splits made for load.
func (p *Plan) loadSplits() int {
	n := 0
	for _, s := range p.Splits {
		if s.Load {
			n++
		}
	}
	return n
}
