package regions

import (
	"bytes"
	"container/heap"
	"errors"
	"fmt"
	"time"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/splits"
)

// UpperMark is the share of the target region size a merged region may reach: the upper
// mark hbase-operator-tools' RegionsMerger merges up to.
const UpperMark = 0.9

// DefaultMergeArity is how many regions one merge_region names when the target version is
// not known: two, which every HBase shell takes (1.x takes exactly two).
const DefaultMergeArity = 2

// Options tune Plan.
type Options struct {
	RegionSize int64 // target bytes per region
	// MaxFileSize is the table's MAX_FILESIZE, at which HBase splits a region (0: the
	// target). The split-policy model uses it, and no merge goes above it (upperMark).
	MaxFileSize int64
	Prefix      *splits.Prefix // the rowkey prefix; nil when not given. Needs a width.
	// Salt says the prefix's leading bucket is a salt (Phoenix SALT_BUCKETS, a hash % N
	// byte): no merge removes a boundary that separates buckets. Without it the prefix
	// only aligns split keys on bucket edges; merges may join buckets.
	Salt bool
	// TargetRegions, when > 0, merges the smallest adjacent pairs until this many regions
	// remain after the whole plan (splits included), never above the upper mark.
	TargetRegions int
	// MergeArity is the most regions one merge_region statement names; < 2 means
	// DefaultMergeArity.
	MergeArity int
	// Version is the target HBase (zero: hbase.DefaultVersion): a split key its shell
	// cannot deliver byte for byte is not planned.
	Version hbase.Version
	// Batch is the most statements of one stage of the script; < 1: one stage.
	Batch int
	// Pause is the seconds to wait between stages.
	Pause int64
	// Now is when the input was taken; with MinRegionAge > 0, a region whose region id
	// (its creation time) is less than MinRegionAge before Now is never merged. The zero
	// time, or MinRegionAge 0, skips the rule.
	Now          time.Time
	MinRegionAge time.Duration
	// SplitPolicy is the table's split policy (splitpolicy.Default, Constant, ...; "" is
	// the target's default) and FlushSize its memstore flush size (0: 128 MiB): with the
	// servers the layout names they say at which size HBase splits a region once the
	// plan has run, so that no merge is planned that HBase would split again.
	SplitPolicy string
	FlushSize   float64
	// Load is the regions' request rates between snapshots (NewLoad); with it a region
	// taking at least HotFactor x the other regions' mean rate over the newest interval
	// (Plan.hot) is split at its bucket edge or key midpoint (< 1: DefaultHotFactor).
	// nil: sizes alone decide.
	Load      *Load
	HotFactor float64
}

// Merge is one merge_region statement: regions First..Last (indexes, inclusive) of the
// layout, adjacent.
type Merge struct {
	First, Last int
	Size        int64 // the merged region's size
}

// Split is one split statement: the region at Index, at Key (nil: HBase picks the mid key).
// Pieces is how many regions the region ends as after every round of splits (2 when one
// split brings both daughters to at most 2 x the target; 2^k after k rounds).
type Split struct {
	Index  int
	Key    []byte
	Kind   SplitKind
	Pieces int
	// Load: the region is split for its request rate (Options.Load), not its size.
	Load bool
}

// Group is a run of adjacent regions the plan merges into one, over as many rounds as the
// merge arity needs.
type Group struct {
	First, Last int
	Size        int64 // the most the merged region may hold (Layout.maxSize summed)
}

// Stage is a run of the script's statements run together, then a pause: Merges and Splits
// index the plan's Merges and Splits. No region is named by two statements of a stage.
type Stage struct {
	Merges, Splits []int
}

// Plan is what to do with a layout.
type Plan struct {
	Layout  *Layout
	Options Options
	Upper   int64 // the most bytes a merged region may hold (upperMark)
	// SplitAbove: a region holding more bytes than this is split (2 x RegionSize).
	SplitAbove int64
	Groups     []Group // every merge the plan wants, whole
	Merges     []Merge // the merge_region statements of this round, empty regions first
	Splits     []Split
	Stages     []Stage // the statements of this round in stages of at most Options.Batch
	// Before is the region count now; After the count after this round's statements;
	// Final the count once every round of Groups and of splits is done; Rounds how many
	// rounds of merges that takes at the merge arity (0: no merge, 1: this script does it
	// all); SplitRounds how many rounds of splits (a daughter splits again only once its
	// compaction has removed its reference files).
	Before, After, Final, Rounds, SplitRounds int
	// busy marks the regions hot for their load (Options.Load; nil without it), decided
	// once: they are split and never merged.
	busy []bool
	// Young counts the regions younger than Options.MinRegionAge, Memstore those at SIZE
	// 0 whose requests say their data is in the memstore: neither is ever merged.
	Young, Memstore int
	// Unknown counts the regions whose size the input did not give (list_regions' blank
	// SIZE): never merged or split.
	Unknown int
	Notes   []string
}

// ErrNoSizes: a plan needs region sizes.
var ErrNoSizes = errors.New("no region sizes: give list_regions with its SIZE column, or " + field.Ref("regions.jmx"))

// ErrNoNames: merge_region and split name regions by their encoded names.
var ErrNoNames = errors.New("no region names: give list_regions with its REGION_NAME column (the default columns have it)")

// ErrNotAdjacent: merges need proof that the listed regions are the whole table.
var ErrNotAdjacent = errors.New("the regions are not proven adjacent: give list_regions with its END_KEY column, or " + field.Ref("regions.get_splits"))

// NewPlan plans merges and splits for l.
//
// Merges: without TargetRegions, runs of adjacent regions whose sizes add up to at most
// the upper mark, empty regions first (each run of empty regions joins its smaller
// neighbour), then left to right. With TargetRegions, the adjacent pair with the smallest
// combined size (the leftmost on a tie) merges first, until the count is reached. A
// region above the upper mark or of unknown size is never merged, with Salt a merge never
// removes a boundary between buckets, and the table's regions are never reordered.
//
// Splits: a region above 2 x RegionSize is split once. With Prefix the key lies strictly
// inside the region's populated range (see prefixEdges): the bucket edge nearest the
// middle of those inside, padded to the region's key width, else the midpoint of its
// keys, else none (HBase's own mid key). Without Prefix HBase picks the mid key.
//
// One merge_region names at most MergeArity regions, and a merged region's new name is
// not known until it exists: a group of more regions takes several rounds, of which the
// plan's Merges are the first (After); Final counts the regions once all are done.
func NewPlan(l *Layout, opt Options) (*Plan, error) {
	if err := checkOptions(l, opt); err != nil {
		return nil, err
	}
	if opt.MergeArity < 2 {
		opt.MergeArity = DefaultMergeArity
	}
	p := &Plan{Layout: l, Options: opt, Before: len(l.Regions)}
	p.Upper, _ = upperMark(opt)
	p.markNote()
	p.SplitAbove = 2 * opt.RegionSize
	var edges *prefixEdges
	if opt.Prefix != nil {
		edges = newPrefixEdges(*opt.Prefix)
		if err := checkFits(l, edges); err != nil {
			return nil, err
		}
	}
	p.busy = p.hot()
	p.reopenNote()
	join := p.joinable(edges)
	p.liveNotes()
	p.planSplits(edges)
	if p.Unknown > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("%d %s no size in the input (list_regions could not find all details: disabled or in transition): never merged or split; list the regions again later",
			p.Unknown, plural(p.Unknown, "region has", "regions have")))
	}
	p.planMerges(join, opt.TargetRegions)
	p.keepFloor(join)
	p.Merges = firstRound(l, p.Groups, opt.MergeArity)
	p.roundNotes()
	p.Stages = stages(len(p.Merges), len(p.Splits), opt.Batch)
	return p, nil
}

// planMerges groups the merges (to target regions after the whole plan when > 0) and
// counts Final and Rounds.
func (p *Plan) planMerges(join []bool, target int) {
	l := p.Layout
	extra := 0 // the regions the splits add over every round
	for _, s := range p.Splits {
		extra += s.Pieces - 1
	}
	if target > 0 {
		p.Groups = mergeToTarget(l, join, p.Upper, target-extra)
	} else {
		p.Groups = mergeRuns(l, join, p.Upper)
	}
	merged := 0
	p.Rounds = 0
	for _, g := range p.Groups {
		merged += g.Last - g.First
		p.Rounds = max(p.Rounds, rounds(g.Last-g.First+1, p.Options.MergeArity))
	}
	p.Final = len(l.Regions) - merged + extra
}

// checkOptions refuses a plan the layout or the options cannot make.
func checkOptions(l *Layout, opt Options) error {
	if !l.HasSize {
		return ErrNoSizes
	}
	if opt.RegionSize <= 0 {
		return errors.New("region size must be positive")
	}
	if opt.Prefix != nil && opt.Prefix.Width == 0 {
		return errors.New("prefix needs a width (hex:2, dec:3, ...): bucket edges are whole prefixes")
	}
	if opt.Salt && opt.Prefix == nil {
		return errors.New("a salt needs the prefix that holds it")
	}
	return nil
}

// planSplits splits each region above SplitAbove once, at a bucket edge or a midpoint
// with a prefix (edges), else at HBase's mid key; it counts the regions of unknown size.
func (p *Plan) planSplits(edges *prefixEdges) {
	refused, forLoad := 0, 0
	var refusedErr error
	for i, r := range p.Layout.Regions {
		if r.Unknown {
			p.Unknown++
			continue
		}
		busy := p.busy != nil && p.busy[i]
		if r.Size <= p.SplitAbove && !busy {
			continue
		}
		s := Split{Index: i, Pieces: 2, Load: r.Size <= p.SplitAbove}
		if !s.Load {
			k := 0
			s.Pieces, k = pieces(r.Size, p.SplitAbove)
			p.SplitRounds = max(p.SplitRounds, k)
		}
		if edges != nil {
			s.Key, s.Kind = edges.splitKey(r.Start, r.End)
			if s.Key != nil {
				if err := hbase.CheckSplitKey(p.Options.Version, s.Key); err != nil {
					s.Key, s.Kind = nil, SplitMidKey
					refused++
					refusedErr = err
				}
			}
		}
		if s.Load && s.Key == nil && r.Size == 0 {
			continue // no store file, no mid key: HBase cannot split it without a key
		}
		if s.Load {
			forLoad++
		}
		p.Splits = append(p.Splits, s)
	}
	p.splitNotes(edges != nil, refused, refusedErr)
	p.loadNote(forLoad)
}

// roundNotes says when the target is out of reach, sets After, the regions after this
// script's statements, and says when more rounds of merges must follow.
func (p *Plan) roundNotes() {
	n, opt := len(p.Layout.Regions), p.Options
	if opt.TargetRegions > 0 && p.Final > opt.TargetRegions {
		why := "without merging above the upper mark"
		if opt.Salt {
			why += " or across a salt bucket"
		}
		p.Notes = append(p.Notes, fmt.Sprintf("%s %d is not reachable %s: %d regions remain", field.Ref("regions.target_regions"), opt.TargetRegions, why, p.Final))
	}
	p.After = n + len(p.Splits)
	for _, m := range p.Merges {
		p.After -= m.Last - m.First
	}
	if p.Rounds > 1 {
		p.Notes = append(p.Notes, fmt.Sprintf("merge_region names %d regions at a time and a merged region's name is new: %d rounds; after this script, list the regions again and plan the next round (%d regions after this round, %d after all)",
			opt.MergeArity, p.Rounds, p.After, p.Final))
	}
	if p.SplitRounds > 1 {
		more := 0
		for _, s := range p.Splits {
			if s.Pieces > 2 {
				more++
			}
		}
		p.Notes = append(p.Notes, fmt.Sprintf("%d %s above 2 x the target after one split: %d rounds of splits; a daughter splits again only once compaction has rewritten its reference files: after this script, wait for the compactions (or run major_compact on the table), list the regions again and plan the next round (%d regions after this round, %d after all)",
			more, plural(more, "region stays", "regions stay"), p.SplitRounds, p.After, p.Final))
	}
}

// splitNotes says how the splits' keys were chosen.
func (p *Plan) splitNotes(prefix bool, refused int, refusedErr error) {
	var count [3]int
	for _, s := range p.Splits {
		count[s.Kind]++
	}
	switch {
	case len(p.Splits) == 0:
	case !prefix:
		p.Notes = append(p.Notes, "no "+field.Ref("rowkey.prefix")+": HBase splits each region at its mid key (split without a key)")
	default:
		if c := count[SplitMidpoint]; c > 0 {
			p.Notes = append(p.Notes, fmt.Sprintf("%d %s no bucket edge inside: split at the midpoint of %s keys", c, plural(c, "region to split has", "regions to split have"), plural(c, "its", "their")))
		}
		if c := count[SplitMidKey] - refused; c > 0 {
			p.Notes = append(p.Notes, fmt.Sprintf("%d %s fewer than two keys of the prefix's alphabet inside: HBase splits %s at its mid key", c, plural(c, "region to split holds", "regions to split hold"), plural(c, "it", "them")))
		}
	}
	if refused > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("%d split %s refused: %v; HBase splits %s at its mid key", refused, plural(refused, "key", "keys"), refusedErr, plural(refused, "it", "them")))
	}
}

// rounds is how many rounds of merge_region of at most arity regions merge n regions into
// one (firstRound's cut: each round leaves ceil(n / arity)).
func rounds(n, arity int) int {
	r := 0
	for n > 1 {
		n = (n + arity - 1) / arity
		r++
	}
	return r
}

// stages cuts the statements, merges first, into stages of at most batch (< 1: one).
// Every statement of a round names its own regions, so any cut keeps a stage's
// statements apart.
func stages(merges, splits, batch int) []Stage {
	total := merges + splits
	if total == 0 {
		return nil
	}
	if batch < 1 {
		batch = total
	}
	var out []Stage
	for i := 0; i < total; i++ {
		if i%batch == 0 {
			out = append(out, Stage{})
		}
		st := &out[len(out)-1]
		if i < merges {
			st.Merges = append(st.Merges, i)
		} else {
			st.Splits = append(st.Splits, i-merges)
		}
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// joinable says, at i, whether regions i and i+1 may be merged: both of known size under
// the upper mark, not across a salt bucket's edge, and proven adjacent. Neighbours in the
// input are neighbours in the table only when the input proves it (END_KEY, or
// get_splits): a list filtered by server may skip regions, and HBase refuses to merge
// regions that are not adjacent; the plan's note says so.
func (p *Plan) joinable(edges *prefixEdges) []bool {
	l := p.Layout
	join := make([]bool, max(len(l.Regions)-1, 0))
	if !l.Adjacent {
		if len(join) > 0 {
			p.Notes = append(p.Notes, "no merges planned: "+ErrNotAdjacent.Error())
		}
		return join
	}
	held := p.hold()
	for i := range join {
		a, b := &l.Regions[i], &l.Regions[i+1]
		join[i] = !a.Unknown && !b.Unknown && !held[i] && !held[i+1] &&
			l.maxSize(i) <= p.Upper && l.maxSize(i+1) <= p.Upper &&
			(!p.Options.Salt || !edges.isEdge(b.Start))
	}
	return join
}

// mergeRuns groups empty regions first, then runs left to right.
func mergeRuns(l *Layout, join []bool, upper int64) []Group {
	return greedyGroups(joinEmptyRuns(emptyRuns(l, join, upper), join, upper), join, upper)
}

// mergeRun is a run of regions first..last holding at most size bytes (Layout.maxSize);
// empty when every region of it has Size 0.
type mergeRun struct {
	first, last int
	size        int64
	empty       bool
}

// emptyRuns partitions the regions into runs: each run of joinable empty regions (of
// known size) is one, every other region one on its own.
func emptyRuns(l *Layout, join []bool, upper int64) []mergeRun {
	n := len(l.Regions)
	gs := make([]mergeRun, 0, n)
	for i := 0; i < n; {
		g := mergeRun{i, i, l.maxSize(i), l.Regions[i].Size == 0 && !l.Regions[i].Unknown}
		// A run of empty regions stops where what they may hold (their SizeSlack) would
		// pass the upper mark.
		for g.empty && g.last+1 < n && join[g.last] && l.Regions[g.last+1].Size == 0 && g.size+l.maxSize(g.last+1) <= upper {
			g.last++
			g.size += l.maxSize(g.last)
		}
		gs = append(gs, g)
		i = g.last + 1
	}
	return gs
}

// joinEmptyRuns joins each run of empty regions to its smaller neighbour (the left on a
// tie) when it may.
func joinEmptyRuns(gs []mergeRun, join []bool, upper int64) []mergeRun {
	out := make([]mergeRun, 0, len(gs))
	for gi := 0; gi < len(gs); gi++ {
		g := gs[gi]
		if !g.empty {
			out = append(out, g)
			continue
		}
		left := len(out) > 0 && out[len(out)-1].last+1 == g.first && join[g.first-1] && out[len(out)-1].size+g.size <= upper
		right := gi+1 < len(gs) && join[g.last] && gs[gi+1].size+g.size <= upper
		if left && right && gs[gi+1].size < out[len(out)-1].size {
			left = false
		}
		switch {
		case left:
			out[len(out)-1].last = g.last
			out[len(out)-1].size += g.size
		case right:
			next := gs[gi+1]
			out = append(out, mergeRun{g.first, next.last, g.size + next.size, false})
			gi++
		default:
			out = append(out, g)
		}
	}
	return out
}

// greedyGroups goes left to right: each run joins the next while the sum stays under the
// upper mark; runs of two regions or more are the groups.
func greedyGroups(out []mergeRun, join []bool, upper int64) []Group {
	var groups []Group
	for gi := 0; gi < len(out); {
		cur := out[gi]
		gi++
		for gi < len(out) && join[cur.last] && cur.size+out[gi].size <= upper {
			cur.last, cur.size = out[gi].last, cur.size+out[gi].size
			gi++
		}
		if cur.last > cur.first {
			groups = append(groups, Group{cur.first, cur.last, cur.size})
		}
	}
	return groups
}

// mergeToTarget merges the smallest adjacent pair of groups until want groups remain.
func mergeToTarget(l *Layout, join []bool, upper int64, want int) []Group {
	n := len(l.Regions)
	first := make([]int, n) // first region of the group ending at i (valid at group ends)
	last := make([]int, n)  // last region of the group starting at i (valid at group starts)
	size := make([]int64, n)
	for i := range l.Regions {
		first[i], last[i], size[i] = i, i, l.maxSize(i)
	}
	h := &pairHeap{}
	push := func(a int) { // a: the first region of a group; pair with the next group
		b := last[a] + 1
		if b >= n || !join[last[a]] {
			return
		}
		if s := size[a] + size[b]; s <= upper {
			heap.Push(h, pair{a: a, b: b, lastA: last[a], lastB: last[b], size: s})
		}
	}
	for i := 0; i+1 < n; i++ {
		push(i)
	}
	count := n
	alive := make([]bool, n)
	for i := range alive {
		alive[i] = true
	}
	for count > want && h.Len() > 0 {
		pr := heap.Pop(h).(pair)
		if !alive[pr.a] || !alive[pr.b] || last[pr.a] != pr.lastA || last[pr.b] != pr.lastB {
			continue // stale
		}
		a, b := pr.a, pr.b
		alive[b] = false
		last[a] = last[b]
		first[last[a]] = a
		size[a] += size[b]
		count--
		if f := a - 1; f >= 0 {
			push(first[f])
		}
		push(a)
	}
	return groupsOf(last, size)
}

// groupsOf lists the groups of two regions or more: last[i] and size[i] are the last
// region and the size of the group that starts at region i.
func groupsOf(last []int, size []int64) []Group {
	var groups []Group
	for i := 0; i < len(last); i = last[i] + 1 {
		if last[i] > i {
			groups = append(groups, Group{i, last[i], size[i]})
		}
	}
	return groups
}

type pair struct {
	a, b         int // first regions of the two groups
	lastA, lastB int // their last regions when pushed (stale check)
	size         int64
}

type pairHeap []pair

func (h pairHeap) Len() int { return len(h) }
func (h pairHeap) Less(i, j int) bool {
	if h[i].size != h[j].size {
		return h[i].size < h[j].size
	}
	return h[i].a < h[j].a
}
func (h pairHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *pairHeap) Push(x any)   { *h = append(*h, x.(pair)) }
func (h *pairHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// firstRound is the merge_region statements of the first round: each group cut into runs
// of at most arity regions (a lone region left over waits for the next round); runs with
// an empty region first, then in key order.
func firstRound(l *Layout, groups []Group, arity int) []Merge {
	var withEmpty, others []Merge
	for _, g := range groups {
		for a := g.First; a < g.Last; a += arity {
			b := min(a+arity-1, g.Last)
			m := Merge{First: a, Last: b}
			empty := false
			for i := a; i <= b; i++ {
				m.Size += l.Regions[i].Size
				empty = empty || l.Regions[i].Size == 0
			}
			if empty {
				withEmpty = append(withEmpty, m)
			} else {
				others = append(others, m)
			}
		}
	}
	return append(withEmpty, others...)
}

// Check verifies the plan's invariants: every merge names adjacent regions (a run of
// consecutive indexes, each region in one statement at most) within the arity, of known
// sizes, no merged region exceeds the upper mark, with Salt no merge removes a boundary
// between buckets, every split key lies strictly inside its region (with Prefix: inside
// its populated range, so neither daughter is empty of the alphabet's keys) and reaches
// the target as planned, no region is both merged and split, the stages hold every
// statement once, and After and Final follow from the statements and groups.
func (p *Plan) Check() error {
	var edges *prefixEdges
	if p.Options.Prefix != nil {
		edges = newPrefixEdges(*p.Options.Prefix)
	}
	used := make([]bool, len(p.Layout.Regions))
	after, err := p.checkMerges(edges, used)
	if err != nil {
		return err
	}
	merged, err := p.checkGroups(edges)
	if err != nil {
		return err
	}
	if err := p.checkSplits(edges, used); err != nil {
		return err
	}
	after += len(p.Splits)
	if after != p.After {
		return fmt.Errorf("the statements leave %d regions, the plan says %d", after, p.After)
	}
	extra := 0
	for _, s := range p.Splits {
		r := p.Layout.Regions[s.Index]
		if s.Pieces < 2 || s.Pieces&(s.Pieces-1) != 0 || (s.Pieces < 1<<30 && ceilDiv(r.Size, int64(s.Pieces)) > p.SplitAbove) || (s.Load && (s.Pieces != 2 || r.Size > p.SplitAbove)) {
			return fmt.Errorf("split of region %d: %d pieces leave more than %d bytes in one", s.Index+1, s.Pieces, p.SplitAbove)
		}
		extra += s.Pieces - 1
	}
	if f := len(p.Layout.Regions) - merged + extra; f != p.Final {
		return fmt.Errorf("the groups leave %d regions, the plan says %d", f, p.Final)
	}
	return p.checkStages()
}

// crossesSalt says whether, with Salt, regions first..last span a salt bucket's edge.
func (p *Plan) crossesSalt(edges *prefixEdges, first, last int) bool {
	if !p.Options.Salt {
		return false
	}
	for i := first + 1; i <= last; i++ {
		if edges.isEdge(p.Layout.Regions[i].Start) {
			return true
		}
	}
	return false
}

// checkMerges checks each merge statement, marks its regions used and returns the regions
// left after them.
func (p *Plan) checkMerges(edges *prefixEdges, used []bool) (int, error) {
	l := p.Layout
	after := len(l.Regions)
	for _, m := range p.Merges {
		if m.First < 0 || m.Last >= len(l.Regions) || m.Last <= m.First || m.Last-m.First+1 > p.Options.MergeArity {
			return 0, fmt.Errorf("merge %d..%d is not a run of 2..%d regions", m.First, m.Last, p.Options.MergeArity)
		}
		var size, bound int64 // its bytes, and the most it may hold (Layout.maxSize)
		for i := m.First; i <= m.Last; i++ {
			if used[i] {
				return 0, fmt.Errorf("region %d is in two statements", i)
			}
			if l.Regions[i].Unknown {
				return 0, fmt.Errorf("merge %d..%d: region %d has no known size", m.First, m.Last, i)
			}
			used[i] = true
			size, bound = size+l.Regions[i].Size, bound+l.maxSize(i)
			if i > m.First && !bytes.Equal(l.Regions[i-1].End, l.Regions[i].Start) {
				return 0, fmt.Errorf("merge %d..%d: regions %d and %d are not adjacent", m.First, m.Last, i-1, i)
			}
		}
		if p.crossesSalt(edges, m.First, m.Last) {
			return 0, fmt.Errorf("merge %d..%d crosses a salt bucket edge", m.First, m.Last)
		}
		if bound > p.Upper || size != m.Size {
			return 0, fmt.Errorf("merge %d..%d holds %d bytes (stated %d; up to %d), the upper mark is %d", m.First, m.Last, size, m.Size, bound, p.Upper)
		}
		after -= m.Last - m.First
	}
	return after, nil
}

// checkGroups checks each group of regions to merge over all rounds and returns how many
// regions the groups remove.
func (p *Plan) checkGroups(edges *prefixEdges) (int, error) {
	l := p.Layout
	merged := 0
	for _, g := range p.Groups {
		var size int64
		for i := g.First; i <= g.Last; i++ {
			if l.Regions[i].Unknown {
				return 0, fmt.Errorf("group %d..%d: region %d has no known size", g.First, g.Last, i)
			}
			size += l.maxSize(i)
		}
		if p.crossesSalt(edges, g.First, g.Last) {
			return 0, fmt.Errorf("group %d..%d crosses a salt bucket edge", g.First, g.Last)
		}
		if size > p.Upper {
			return 0, fmt.Errorf("group %d..%d may hold %d bytes, the upper mark is %d", g.First, g.Last, size, p.Upper)
		}
		merged += g.Last - g.First
	}
	return merged, nil
}

// checkSplits checks each split: of a region no statement uses yet, of known size, at a
// key checkSplitKey accepts.
func (p *Plan) checkSplits(edges *prefixEdges, used []bool) error {
	for _, s := range p.Splits {
		r := p.Layout.Regions[s.Index]
		if used[s.Index] {
			return fmt.Errorf("region %d is both merged and split", s.Index)
		}
		used[s.Index] = true
		if r.Unknown {
			return fmt.Errorf("split of region %d, whose size is not known", s.Index)
		}
		if s.Key != nil {
			if err := p.checkSplitKey(edges, r, s); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkSplitKey: strictly inside the region, inside its populated range with a prefix,
// and deliverable by the target's shell.
func (p *Plan) checkSplitKey(edges *prefixEdges, r Region, s Split) error {
	if bytes.Compare(s.Key, r.Start) <= 0 || len(r.End) > 0 && bytes.Compare(s.Key, r.End) >= 0 {
		return fmt.Errorf("split key %q is not strictly inside region %d [%q, %q)", keyText(s.Key), s.Index, keyText(r.Start), keyText(r.End))
	}
	if edges != nil {
		w := edges.width(r.Start, r.End)
		lo, hi := edges.populated(r.Start, r.End, w)
		if len(s.Key) != w || edges.alphaLen(s.Key) != w {
			return fmt.Errorf("split key %q of region %d is not %d bytes of the alphabet", keyText(s.Key), s.Index, w)
		}
		if x := edges.index(s.Key, w); x.Cmp(lo) <= 0 || x.Cmp(hi) >= 0 {
			return fmt.Errorf("split key %q leaves a daughter of region %d [%q, %q) without keys of the alphabet", keyText(s.Key), s.Index, keyText(r.Start), keyText(r.End))
		}
		if (s.Kind == SplitBucketEdge) != edges.isEdge(s.Key) {
			return fmt.Errorf("split key %q of region %d: %s, but isEdge says %v", keyText(s.Key), s.Index, s.Kind, edges.isEdge(s.Key))
		}
	}
	if !bytes.Equal(hbase.ShellSplitSends(p.Options.Version, s.Key), s.Key) {
		return fmt.Errorf("split key %q of region %d does not reach HBase %s as planned", keyText(s.Key), s.Index, p.Options.Version.OrDefault())
	}
	return nil
}

// checkStages: every statement in exactly one stage, in order, at most Batch a stage, no
// region named twice in a stage.
func (p *Plan) checkStages() error {
	nm, ns := 0, 0
	for k, st := range p.Stages {
		if p.Options.Batch > 0 && len(st.Merges)+len(st.Splits) > p.Options.Batch {
			return fmt.Errorf("stage %d holds %d statements, the batch is %d", k+1, len(st.Merges)+len(st.Splits), p.Options.Batch)
		}
		named := map[int]bool{}
		name := func(i int) error {
			if named[i] {
				return fmt.Errorf("stage %d names region %d twice", k+1, i)
			}
			named[i] = true
			return nil
		}
		for _, m := range st.Merges {
			if m != nm {
				return fmt.Errorf("stage %d: merge %d out of order (want %d)", k+1, m, nm)
			}
			nm++
			for i := p.Merges[m].First; i <= p.Merges[m].Last; i++ {
				if err := name(i); err != nil {
					return err
				}
			}
		}
		for _, s := range st.Splits {
			if s != ns {
				return fmt.Errorf("stage %d: split %d out of order (want %d)", k+1, s, ns)
			}
			ns++
			if err := name(p.Splits[s].Index); err != nil {
				return err
			}
		}
	}
	if nm != len(p.Merges) || ns != len(p.Splits) {
		return fmt.Errorf("the stages hold %d merges and %d splits, the plan %d and %d", nm, ns, len(p.Merges), len(p.Splits))
	}
	return nil
}
