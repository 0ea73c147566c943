package regions

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/presplit/presplit/splits"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allEdges lists every whole prefix of p, ascending: the brute-force oracle of prefixEdges.
func allEdges(p splits.Prefix) [][]byte {
	out := [][]byte{{}}
	for range p.Width {
		var next [][]byte
		for _, e := range out {
			for _, c := range p.Alphabet {
				next = append(next, append(append([]byte{}, e...), c))
			}
		}
		out = next
	}
	return out
}

func mustPrefix(t testing.TB, spec string) splits.Prefix {
	p, err := splits.ParsePrefix(spec)
	require.NoError(t, err)
	return p
}

// randomKey is a short key over a small byte set around the alphabets, so that keys hit
// edges, go inside buckets and fall off the alphabet.
func randomKey(r *rand.Rand) []byte {
	const set = "0189:a|\x00\xff"
	k := make([]byte, r.IntN(4))
	for i := range k {
		k[i] = set[r.IntN(len(set))]
	}
	return k
}

func TestPrefixEdgesAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, spec := range []string{"dec:2", "hex:1", "byte:3", "chars:09a:3"} {
		p := mustPrefix(t, spec)
		e := newPrefixEdges(p)
		all := allEdges(p)
		for range 3000 {
			s, end := randomKey(r), randomKey(r)
			if len(end) > 0 && bytes.Compare(s, end) >= 0 {
				continue
			}
			var inside [][]byte
			for _, x := range all {
				if bytes.Compare(x, s) > 0 && (len(end) == 0 || bytes.Compare(x, end) < 0) {
					inside = append(inside, x)
				}
			}
			assert.Equal(t, len(inside) == 0, e.mergeable(s, end), "%s [%q, %q)", spec, s, end)
			got, ok := e.middleEdge(s, end)
			if len(inside) == 0 {
				assert.False(t, ok, "%s [%q, %q)", spec, s, end)
				continue
			}
			require.True(t, ok, "%s [%q, %q)", spec, s, end)
			assert.Equal(t, inside[(len(inside)-1)/2], got, "%s [%q, %q)", spec, s, end)
		}
	}
}

// randomLayout is n contiguous regions with sizes drawn around target: many empty, some
// tiny, some oversize.
func randomLayout(r *rand.Rand, n int, target int64, keys func(i int) []byte) *Layout {
	l := &Layout{HasSize: true, HasEncoded: true, Exact: true, Adjacent: true}
	for i := range n {
		reg := Region{Encoded: fmt.Sprintf("%032x", i)}
		if i > 0 {
			reg.Start = keys(i)
		}
		switch x := r.IntN(10); {
		case x < 3:
			reg.Size = 0
		case x < 8:
			reg.Size = r.Int64N(target / 2)
		case x < 9:
			reg.Size = target + r.Int64N(target)
		default:
			reg.Size = 2*target + 1 + r.Int64N(3*target)
		}
		l.Regions = append(l.Regions, reg)
	}
	for i := 0; i+1 < n; i++ {
		l.Regions[i].End = l.Regions[i+1].Start
	}
	return l
}

// TestPlanInvariants plans random layouts with and without a prefix and a target count,
// and checks the invariants by code: Check, plus direct counts here.
func TestPlanInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const target = 10 << 30
	dec3 := func(i int) []byte { return []byte(fmt.Sprintf("%03d", i*7)) }         // edges and keys of dec:2 buckets
	dec4 := func(i int) []byte { return []byte(fmt.Sprintf("%02d|%03d", i/3, i)) } // several regions per dec:2 bucket
	for _, tc := range []struct {
		name   string
		keys   func(int) []byte
		prefix string
		want   int
		arity  int
	}{
		{name: "runs", keys: dec3},
		{name: "runs, dec:2", keys: dec4, prefix: "dec:2"},
		{name: "runs, dec:1", keys: dec3, prefix: "dec:1"},
		{name: "target 20", keys: dec3, want: 20},
		{name: "target 20, dec:2", keys: dec4, prefix: "dec:2", want: 20},
		{name: "runs, arity 4", keys: dec3, arity: 4},
		{name: "target 1, arity 100", keys: dec3, want: 1, arity: 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for range 200 {
				n := 1 + r.IntN(140)
				l := randomLayout(r, n, target, tc.keys)
				opt := Options{RegionSize: target, TargetRegions: tc.want, MergeArity: tc.arity}
				var edges [][]byte
				if tc.prefix != "" {
					p := mustPrefix(t, tc.prefix)
					opt.Prefix = &p
					edges = allEdges(p)
				}
				p, err := NewPlan(l, opt)
				require.NoError(t, err)
				require.NoError(t, p.Check())
				upper := int64(0.9 * target)
				after := n + len(p.Splits)
				seen := map[int]bool{}
				for _, m := range p.Merges {
					var sum int64
					for i := m.First; i <= m.Last; i++ {
						require.False(t, seen[i])
						seen[i] = true
						sum += l.Regions[i].Size
					}
					assert.LessOrEqual(t, sum, upper)
					s, e := l.Regions[m.First].Start, l.Regions[m.Last].End
					for _, x := range edges {
						crosses := bytes.Compare(x, s) > 0 && (len(e) == 0 || bytes.Compare(x, e) < 0)
						assert.False(t, crosses, "merge %d..%d crosses edge %q", m.First, m.Last, x)
					}
					after -= m.Last - m.First
				}
				assert.Equal(t, after, p.After)
				for _, s := range p.Splits {
					assert.Greater(t, l.Regions[s.Index].Size, 2*int64(target))
					if s.Key != nil {
						assert.Positive(t, bytes.Compare(s.Key, l.Regions[s.Index].Start))
						if e := l.Regions[s.Index].End; len(e) > 0 {
							assert.Negative(t, bytes.Compare(s.Key, e))
						}
					}
				}
				if tc.want > 0 && p.Final > tc.want {
					// not reachable: no adjacent pair of groups may still merge
					assert.NotEmpty(t, p.Notes)
				}
			}
		})
	}
}

// Empty regions go first, and with --target-regions the smallest pair merges first.
func TestPlanOrder(t *testing.T) {
	const g = 1 << 30
	mk := func(sizes ...int64) *Layout {
		l := &Layout{HasSize: true, HasEncoded: true, Exact: true, Adjacent: true}
		for i, s := range sizes {
			r := Region{Size: s * g, Encoded: fmt.Sprintf("%032x", i)}
			if i > 0 {
				r.Start = []byte{byte('a' + i)}
			}
			l.Regions = append(l.Regions, r)
		}
		for i := 0; i+1 < len(l.Regions); i++ {
			l.Regions[i].End = l.Regions[i+1].Start
		}
		return l
	}
	for _, tc := range []struct {
		name   string
		sizes  []int64
		target int
		merges []Merge
		after  int
		final  int
	}{
		{name: "empty joins smaller neighbour", sizes: []int64{8, 0, 3, 8}, merges: []Merge{{1, 2, 3 * g}}, after: 3, final: 3},
		{name: "runs up to the mark", sizes: []int64{2, 2, 2, 2, 2, 9}, merges: []Merge{{0, 1, 4 * g}, {2, 3, 4 * g}}, after: 4, final: 3},
		{name: "oversize split, big never merged", sizes: []int64{1, 25, 1}, merges: nil, after: 4, final: 4},
		{name: "target: smallest pair first", sizes: []int64{4, 3, 1, 1, 5}, target: 4, merges: []Merge{{2, 3, 2 * g}}, after: 4, final: 4},
		{name: "target: empty pair first", sizes: []int64{4, 0, 1, 0, 0}, target: 4, merges: []Merge{{3, 4, 0}}, after: 4, final: 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := NewPlan(mk(tc.sizes...), Options{RegionSize: 10 * g, TargetRegions: tc.target})
			require.NoError(t, err)
			require.NoError(t, p.Check())
			assert.Equal(t, tc.merges, p.Merges)
			assert.Equal(t, tc.after, p.After)
			assert.Equal(t, tc.final, p.Final)
		})
	}
}

// BenchmarkPlan reads and plans a synthetic 50,000-region list_regions output.
func BenchmarkPlan(b *testing.B) {
	data := SyntheticListRegions(50000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		l, err := ReadListRegions(data)
		if err != nil {
			b.Fatal(err)
		}
		p, err := NewPlan(l, Options{RegionSize: 10 << 30})
		if err != nil {
			b.Fatal(err)
		}
		if err := p.Check(); err != nil {
			b.Fatal(err)
		}
	}
}
