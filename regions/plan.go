package regions

import (
	"bytes"
	"container/heap"
	"errors"
	"fmt"

	"github.com/presplit/presplit/field"
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
	RegionSize int64          // target bytes per region (MAX_FILESIZE)
	Prefix     *splits.Prefix // the rowkey prefix; nil when not given. Needs a width.
	// TargetRegions, when > 0, merges the smallest adjacent pairs until this many regions
	// remain after the whole plan (splits included), never above the upper mark.
	TargetRegions int
	// MergeArity is the most regions one merge_region statement names; < 2 means
	// DefaultMergeArity.
	MergeArity int
}

// Merge is one merge_region statement: regions First..Last (indexes, inclusive) of the
// layout, adjacent.
type Merge struct {
	First, Last int
	Size        int64 // the merged region's size
}

// Split is one split statement: the region at Index, at Key (nil: HBase picks the mid key).
type Split struct {
	Index int
	Key   []byte
}

// Group is a run of adjacent regions the plan merges into one, over as many rounds as the
// merge arity needs.
type Group struct {
	First, Last int
	Size        int64
}

// Plan is what to do with a layout.
type Plan struct {
	Layout  *Layout
	Options Options
	Upper   int64 // the most bytes a merged region may hold: floor(0.9 x RegionSize)
	// SplitAbove: a region holding more bytes than this is split (2 x RegionSize).
	SplitAbove int64
	Groups     []Group // every merge the plan wants, whole
	Merges     []Merge // the merge_region statements of this round, empty regions first
	Splits     []Split
	// Before is the region count now; After the count after this round's statements;
	// Final the count once every round of Groups is done.
	Before, After, Final int
	Notes                []string
}

// ErrNoSizes: a plan needs region sizes.
var ErrNoSizes = errors.New("no region sizes: give list_regions with its SIZE column, or --jmx")

// ErrNoNames: merge_region and split name regions by their encoded names.
var ErrNoNames = errors.New("no region names: give list_regions with its REGION_NAME column (the default columns have it)")

// ErrNotAdjacent: merges need proof that the listed regions are the whole table.
var ErrNotAdjacent = errors.New("the regions are not proven adjacent: give list_regions with its END_KEY column, or --get-splits")

// NewPlan plans merges and splits for l.
//
// Merges: without TargetRegions, runs of adjacent regions whose sizes add up to at most
// the upper mark, empty regions first (each run of empty regions joins its smaller
// neighbour), then left to right. With TargetRegions, the adjacent pair with the smallest
// combined size (the leftmost on a tie) merges first, until the count is reached. A
// region above the upper mark is never merged, a merge never crosses a bucket edge of
// Prefix, and the table's regions are never reordered.
//
// Splits: a region above 2 x RegionSize is split once, at the bucket edge nearest its
// middle with Prefix, else where HBase picks (its mid key).
//
// One merge_region names at most MergeArity regions, and a merged region's new name is
// not known until it exists: a group of more regions takes several rounds, of which the
// plan's Merges are the first (After); Final counts the regions once all are done.
func NewPlan(l *Layout, opt Options) (*Plan, error) {
	if !l.HasSize {
		return nil, ErrNoSizes
	}
	if opt.RegionSize <= 0 {
		return nil, errors.New("region size must be positive")
	}
	if opt.Prefix != nil && opt.Prefix.Width == 0 {
		return nil, errors.New("prefix needs a width (hex:2, dec:3, ...): bucket edges are whole prefixes")
	}
	if opt.MergeArity < 2 {
		opt.MergeArity = DefaultMergeArity
	}
	p := &Plan{Layout: l, Options: opt, Before: len(l.Regions)}
	p.Upper = int64(float64(opt.RegionSize) * UpperMark)
	p.SplitAbove = 2 * opt.RegionSize
	var edges *prefixEdges
	if opt.Prefix != nil {
		edges = newPrefixEdges(*opt.Prefix)
	}
	// join[i]: regions i and i+1 may be merged.
	n := len(l.Regions)
	join := make([]bool, max(n-1, 0))
	for i := range join {
		join[i] = l.Regions[i].Size <= p.Upper && l.Regions[i+1].Size <= p.Upper &&
			(edges == nil || edges.mergeable(l.Regions[i].Start, l.Regions[i+1].End))
	}
	for i, r := range l.Regions {
		if r.Size <= p.SplitAbove {
			continue
		}
		s := Split{Index: i}
		if edges != nil {
			if k, ok := edges.middleEdge(r.Start, r.End); ok {
				s.Key = k
			}
		}
		p.Splits = append(p.Splits, s)
	}
	split := 0
	for _, s := range p.Splits {
		if s.Key == nil {
			split++
		}
	}
	if split > 0 {
		if edges != nil {
			p.Notes = append(p.Notes, fmt.Sprintf("%d %s no bucket edge inside: HBase splits %s at its mid key", split, plural(split, "region to split has", "regions to split have"), plural(split, "it", "them")))
		} else {
			p.Notes = append(p.Notes, "no "+field.Ref("rowkey.prefix")+": HBase splits each region at its mid key (split without a key)")
		}
	}
	if opt.TargetRegions > 0 {
		p.Groups = mergeToTarget(l, join, p.Upper, opt.TargetRegions-len(p.Splits))
	} else {
		p.Groups = mergeRuns(l, join, p.Upper)
	}
	merged := 0
	for _, g := range p.Groups {
		merged += g.Last - g.First
	}
	p.Final = n - merged + len(p.Splits)
	if opt.TargetRegions > 0 && p.Final > opt.TargetRegions {
		p.Notes = append(p.Notes, fmt.Sprintf("%s %d is not reachable without merging above the upper mark or across a bucket edge: %d regions remain", field.Ref("regions.target_regions"), opt.TargetRegions, p.Final))
	}
	p.Merges = firstRound(l, p.Groups, opt.MergeArity)
	p.After = n + len(p.Splits)
	for _, m := range p.Merges {
		p.After -= m.Last - m.First
	}
	if p.After != p.Final {
		p.Notes = append(p.Notes, fmt.Sprintf("merge_region names %d regions at a time and a merged region's name is new: after this script, list the regions again and plan the next round (%d regions after this round, %d after all)",
			opt.MergeArity, p.After, p.Final))
	}
	return p, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// mergeRuns groups empty regions first, then runs left to right.
func mergeRuns(l *Layout, join []bool, upper int64) []Group {
	n := len(l.Regions)
	// groups as a partition: start[i] is the first region of i's group
	type grp struct {
		first, last int
		size        int64
	}
	var gs []grp
	for i := 0; i < n; {
		j := i
		if l.Regions[i].Size == 0 {
			for j+1 < n && join[j] && l.Regions[j+1].Size == 0 {
				j++
			}
		}
		gs = append(gs, grp{i, j, 0})
		for k := i; k <= j; k++ {
			gs[len(gs)-1].size += l.Regions[k].Size
		}
		i = j + 1
	}
	// each run of empty regions joins its smaller neighbour (the left on a tie)
	var out []grp
	for gi := 0; gi < len(gs); gi++ {
		g := gs[gi]
		if g.size != 0 {
			out = append(out, g)
			continue
		}
		left := len(out) > 0 && out[len(out)-1].last+1 == g.first && join[g.first-1] && out[len(out)-1].size <= upper
		right := gi+1 < len(gs) && join[g.last] && gs[gi+1].size <= upper
		if left && right && gs[gi+1].size < out[len(out)-1].size {
			left = false
		}
		switch {
		case left:
			out[len(out)-1].last = g.last
		case right:
			next := gs[gi+1]
			out = append(out, grp{g.first, next.last, next.size})
			gi++
		default:
			out = append(out, g)
		}
	}
	// then left to right: join the next group while the sum stays under the mark
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
	for i, r := range l.Regions {
		first[i], last[i], size[i] = i, i, r.Size
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
	var groups []Group
	for i := 0; i < n; i = last[i] + 1 {
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
// consecutive indexes, each region in one statement at most) within the arity, no merged
// region exceeds the upper mark, no merge crosses a bucket edge, every split key lies
// strictly inside its region, no region is both merged and split, and After and Final
// follow from the statements and groups.
func (p *Plan) Check() error {
	l := p.Layout
	var edges *prefixEdges
	if p.Options.Prefix != nil {
		edges = newPrefixEdges(*p.Options.Prefix)
	}
	used := make([]bool, len(l.Regions))
	after := len(l.Regions)
	for _, m := range p.Merges {
		if m.First < 0 || m.Last >= len(l.Regions) || m.Last <= m.First || m.Last-m.First+1 > p.Options.MergeArity {
			return fmt.Errorf("merge %d..%d is not a run of 2..%d regions", m.First, m.Last, p.Options.MergeArity)
		}
		var size int64
		for i := m.First; i <= m.Last; i++ {
			if used[i] {
				return fmt.Errorf("region %d is in two statements", i)
			}
			used[i] = true
			size += l.Regions[i].Size
			if i > m.First {
				if !bytes.Equal(l.Regions[i-1].End, l.Regions[i].Start) {
					return fmt.Errorf("merge %d..%d: regions %d and %d are not adjacent", m.First, m.Last, i-1, i)
				}
			}
		}
		if edges != nil && !edges.mergeable(l.Regions[m.First].Start, l.Regions[m.Last].End) {
			return fmt.Errorf("merge %d..%d crosses a bucket edge", m.First, m.Last)
		}
		if size > p.Upper || size != m.Size {
			return fmt.Errorf("merge %d..%d holds %d bytes (stated %d), the upper mark is %d", m.First, m.Last, size, m.Size, p.Upper)
		}
		after -= m.Last - m.First
	}
	merged := 0
	for _, g := range p.Groups {
		var size int64
		for i := g.First; i <= g.Last; i++ {
			size += l.Regions[i].Size
		}
		if edges != nil && !edges.mergeable(l.Regions[g.First].Start, l.Regions[g.Last].End) {
			return fmt.Errorf("group %d..%d crosses a bucket edge", g.First, g.Last)
		}
		if size > p.Upper {
			return fmt.Errorf("group %d..%d holds %d bytes, the upper mark is %d", g.First, g.Last, size, p.Upper)
		}
		merged += g.Last - g.First
	}
	for _, s := range p.Splits {
		r := l.Regions[s.Index]
		if used[s.Index] {
			return fmt.Errorf("region %d is both merged and split", s.Index)
		}
		if s.Key != nil && (bytes.Compare(s.Key, r.Start) <= 0 || len(r.End) > 0 && bytes.Compare(s.Key, r.End) >= 0) {
			return fmt.Errorf("split key %q is not strictly inside region %d [%q, %q)", keyText(s.Key), s.Index, keyText(r.Start), keyText(r.End))
		}
		after++
	}
	if after != p.After {
		return fmt.Errorf("the statements leave %d regions, the plan says %d", after, p.After)
	}
	if f := len(l.Regions) - merged + len(p.Splits); f != p.Final {
		return fmt.Errorf("the groups leave %d regions, the plan says %d", f, p.Final)
	}
	return nil
}
