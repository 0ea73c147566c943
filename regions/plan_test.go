package regions

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/presplit/presplit/splits"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allStrings lists every alphabet string of p of the given width, ascending: the
// brute-force oracle of prefixEdges.
func allStrings(p splits.Prefix, width int) [][]byte {
	out := [][]byte{{}}
	for range width {
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

var stringsCache = map[string][][]byte{}

// stringsOf is allStrings, kept.
func stringsOf(p splits.Prefix, width int) [][]byte {
	key := fmt.Sprintf("%s/%d", p.Alphabet, width)
	if all, ok := stringsCache[key]; ok {
		return all
	}
	all := allStrings(p, width)
	stringsCache[key] = all
	return all
}

// straddles reports whether a bucket of w positions has strings of all (ascending) on
// both sides of k: whether the last string below k and the first at or above it share
// their first w bytes.
func straddles(all [][]byte, k []byte, w int) bool {
	j := sort.Search(len(all), func(i int) bool { return bytes.Compare(all[i], k) >= 0 })
	return j > 0 && j < len(all) && bytes.Equal(all[j-1][:w], all[j][:w])
}

// rowKey: k has a whole prefix, and after its run of alphabet bytes a byte outside the
// alphabet that is not the key's last: a row key of a table whose rows leave the
// alphabet, which splits its bucket whatever the alphabet strings say.
func rowKey(p splits.Prefix, k []byte) bool {
	m := 0
	for m < len(k) && bytes.IndexByte(p.Alphabet, k[m]) >= 0 {
		m++
	}
	return m >= p.Width && m+1 < len(k)
}

func mustPrefix(t testing.TB, spec string) splits.Prefix {
	p, err := splits.ParsePrefix(spec)
	require.NoError(t, err)
	return p
}

// randomKey is a short key over a small byte set around the alphabets, so that keys hit
// edges, go inside buckets and fall off the alphabet.
func randomKey(r *rand.Rand) []byte {
	const set = "00189:a|\x00\xff"
	k := make([]byte, r.IntN(4))
	for i := range k {
		k[i] = set[r.IntN(len(set))]
	}
	return k
}

// tailIs reports whether every byte of s is c.
func tailIs(s []byte, c byte) bool {
	for _, x := range s {
		if x != c {
			return false
		}
	}
	return true
}

// TestPrefixEdgesAgainstBruteForce checks isEdge, classify and splitKey against every
// alphabet string of the widths the keys show: a key is an edge when no bucket has
// strings on both sides of it; a split key is, of the region's strings after its first,
// the middle one that starts a bucket, else the middle one, else none.
func TestPrefixEdgesAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, spec := range []string{"dec:1", "dec:2", "hex:1", "chars:09a:2"} {
		p := mustPrefix(t, spec)
		e := newPrefixEdges(p)
		w := p.Width
		for range 2000 {
			k := randomKey(r)
			// rows are longer than the boundaries that show a width: check one and two
			// positions more
			for width := e.width(k) + 1; width <= e.width(k)+2; width++ {
				cut := straddles(stringsOf(p, width), k, w) || rowKey(p, k)
				assert.Equal(t, !cut, e.isEdge(k), "%s isEdge(%q) at width %d", spec, k, width)
			}
			if e.alphaLen(k) < w {
				assert.Equal(t, OffAlphabet, e.classify(k))
			}

			s, end := randomKey(r), randomKey(r)
			if len(end) > 0 && bytes.Compare(s, end) >= 0 {
				continue
			}
			width := e.width(s, end)
			var in [][]byte
			for _, x := range stringsOf(p, width) {
				if bytes.Compare(x, s) >= 0 && (len(end) == 0 || bytes.Compare(x, end) < 0) {
					in = append(in, x)
				}
			}
			var starts [][]byte
			for i, x := range in {
				if i > 0 && tailIs(x[w:], p.Alphabet[0]) {
					starts = append(starts, x)
				}
			}
			got, kind := e.splitKey(s, end)
			switch {
			case len(starts) > 0:
				assert.Equal(t, SplitBucketEdge, kind, "%s [%q, %q)", spec, s, end)
				assert.Equal(t, starts[(len(starts)-1)/2], got, "%s [%q, %q)", spec, s, end)
			case len(in) >= 2:
				assert.Equal(t, SplitMidpoint, kind, "%s [%q, %q)", spec, s, end)
				assert.Equal(t, in[len(in)/2], got, "%s [%q, %q)", spec, s, end)
			default:
				assert.Equal(t, SplitMidKey, kind, "%s [%q, %q)", spec, s, end)
				assert.Nil(t, got)
			}
		}
	}
}

// A HexStringSplit table's 8-character keys.
func TestSplitKeyHexStringSplit(t *testing.T) {
	for _, tc := range []struct {
		prefix, start, end, key string
		kind                    SplitKind
	}{
		// one whole hex:2 bucket: no edge inside, the midpoint of its keys
		{"hex:2", "6f000000", "70000000", "6f800000", SplitMidpoint},
		// one whole hex:1 bucket
		{"hex:1", "60000000", "70000000", "68000000", SplitMidpoint},
		// two buckets: the edge between them, padded to the keys' width
		{"hex:2", "6f000000", "71000000", "70000000", SplitBucketEdge},
		// the first and the last region of a HexStringSplit table
		{"hex:1", "", "10000000", "08000000", SplitMidpoint},
		{"hex:1", "f0000000", "", "f8000000", SplitMidpoint},
		{"hex:1", "", "", "8", SplitBucketEdge},
		// shorter keys keep the prefix's width
		{"hex:2", "6", "7", "68", SplitBucketEdge},
		// the delimited form's empty last region: no hex key inside
		{"dec:2", "99|", "", "", SplitMidKey},
		// HBase's own split inside a bucket, at a longer row key
		{"hex:2", "6f3a", "6f3b", "", SplitMidKey},
	} {
		e := newPrefixEdges(mustPrefix(t, tc.prefix))
		key, kind := e.splitKey([]byte(tc.start), []byte(tc.end))
		assert.Equal(t, tc.key, string(key), "%s [%q, %q)", tc.prefix, tc.start, tc.end)
		assert.Equal(t, tc.kind, kind, "%s [%q, %q)", tc.prefix, tc.start, tc.end)
	}
	e := newPrefixEdges(mustPrefix(t, "hex:2"))
	for k, want := range map[string]Edge{"70000000": OnEdge, "70": OnEdge, "6f800000": InsideBucket, "7": OffAlphabet, "6f|": OnEdge, "6eff|": OnEdge, "6f|user": InsideBucket} {
		assert.Equal(t, want, e.classify([]byte(k)), k)
	}
	// a Phoenix salt byte, then the row: HBase's own split inside salt bucket 3
	salt := newPrefixEdges(mustPrefix(t, "byte:16"))
	assert.Equal(t, InsideBucket, salt.classify([]byte("\x03abc")))
	assert.Equal(t, OnEdge, salt.classify([]byte("\x03")))
	assert.Equal(t, OnEdge, salt.classify([]byte("\x03\x00\x00")))
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

// hexStringLayout is a HexStringSplit pre-split of n regions (8 lowercase hex digits),
// plus extra HBase splits at random 8-digit keys.
func hexStringLayout(r *rand.Rand, target int64) *Layout {
	n := 2 + r.IntN(200)
	set := map[string]bool{}
	for i := 1; i < n; i++ {
		set[fmt.Sprintf("%08x", uint64(i)*(1<<32)/uint64(n))] = true
	}
	for range r.IntN(n) {
		set[fmt.Sprintf("%08x", r.Uint32())] = true
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return randomLayout(r, len(keys)+1, target, func(i int) []byte { return []byte(keys[i-1]) })
}

// TestPlanInvariants plans random layouts with and without a prefix, a salt and a target
// count, and checks the invariants by code, apart from Check: every split key strictly
// inside its region and inside its populated range (both daughters hold keys of the
// alphabet: counted by brute force, or for 8-digit hex keys by their width); no merge
// crosses a salt edge; merged sizes under the mark; no region of unknown size touched;
// the stages disjoint and at most the batch.
func TestPlanInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const target = 10 << 30
	dec3 := func(i int) []byte { return []byte(fmt.Sprintf("%03d", i*7)) }         // edges and keys of dec:2 buckets
	dec4 := func(i int) []byte { return []byte(fmt.Sprintf("%02d|%03d", i/3, i)) } // several regions per dec:2 bucket
	for _, tc := range []struct {
		name   string
		keys   func(int) []byte // nil: hexStringLayout
		prefix string
		salt   bool
		want   int
		arity  int
	}{
		{name: "runs", keys: dec3},
		{name: "runs, dec:2", keys: dec4, prefix: "dec:2"},
		{name: "runs, dec:2 salt", keys: dec4, prefix: "dec:2", salt: true},
		{name: "runs, dec:1 salt", keys: dec3, prefix: "dec:1", salt: true},
		{name: "target 20", keys: dec3, want: 20},
		{name: "target 20, dec:2 salt", keys: dec4, prefix: "dec:2", salt: true, want: 20},
		{name: "runs, arity 4", keys: dec3, arity: 4},
		{name: "target 1, arity 100", keys: dec3, want: 1, arity: 100},
		{name: "HexStringSplit, hex:1", prefix: "hex:1"},
		{name: "HexStringSplit, hex:2 salt", prefix: "hex:2", salt: true},
		{name: "HexStringSplit, hex:2 salt, target 10", prefix: "hex:2", salt: true, want: 10},
		{name: "HexStringSplit, hex:3", prefix: "hex:3", arity: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for range 200 {
				var l *Layout
				if tc.keys == nil {
					l = hexStringLayout(r, target)
				} else {
					l = randomLayout(r, 1+r.IntN(140), target, tc.keys)
				}
				n := len(l.Regions)
				for i := range l.Regions {
					if r.IntN(20) == 0 {
						l.Regions[i].Unknown, l.Regions[i].Size = true, 0
					}
				}
				batch := r.IntN(6)
				opt := Options{RegionSize: target, TargetRegions: tc.want, MergeArity: tc.arity, Salt: tc.salt, Batch: batch}
				var pre splits.Prefix
				if tc.prefix != "" {
					pre = mustPrefix(t, tc.prefix)
					opt.Prefix = &pre
				}
				// edge: the boundary separates buckets (no bucket on both sides)
				edge := func(k []byte) bool {
					if tc.keys == nil {
						return strings.Trim(string(k[pre.Width:]), "0") == ""
					}
					return !straddles(stringsOf(pre, newPrefixEdges(pre).width(k)+1), k, pre.Width) && !rowKey(pre, k)
				}
				p, err := NewPlan(l, opt)
				require.NoError(t, err)
				require.NoError(t, p.Check())
				// min(0.9 x target, 0.875 x MAX_FILESIZE), the target being MAX_FILESIZE
				upper := int64(0.875 * target)
				after := n + len(p.Splits)
				seen := map[int]bool{}
				for _, m := range p.Merges {
					var sum int64
					for i := m.First; i <= m.Last; i++ {
						require.False(t, seen[i])
						require.False(t, l.Regions[i].Unknown, "merge of a region of unknown size")
						seen[i] = true
						sum += l.Regions[i].Size
						if tc.salt && i > m.First {
							assert.False(t, edge(l.Regions[i].Start), "merge %d..%d crosses the salt edge %q", m.First, m.Last, l.Regions[i].Start)
						}
					}
					assert.LessOrEqual(t, sum, upper)
					after -= m.Last - m.First
				}
				for _, g := range p.Groups {
					var sum int64
					for i := g.First; i <= g.Last; i++ {
						sum += l.Regions[i].Size
						if tc.salt && i > g.First {
							assert.False(t, edge(l.Regions[i].Start), "group %d..%d crosses a salt edge", g.First, g.Last)
						}
					}
					assert.LessOrEqual(t, sum, upper)
				}
				assert.Equal(t, after, p.After)
				for _, s := range p.Splits {
					reg := l.Regions[s.Index]
					require.False(t, reg.Unknown)
					assert.Greater(t, reg.Size, 2*int64(target))
					if s.Key == nil {
						continue
					}
					assert.Positive(t, bytes.Compare(s.Key, reg.Start))
					if len(reg.End) > 0 {
						assert.Negative(t, bytes.Compare(s.Key, reg.End))
					}
					if tc.keys == nil {
						// 8-digit keys: both daughters hold an 8-digit key
						assert.Len(t, s.Key, 8)
						assert.NotEqual(t, "00000000", string(s.Key))
						assert.Equal(t, s.Kind == SplitBucketEdge, edge(s.Key), "%q", s.Key)
						continue
					}
					w := len(s.Key)
					below, above := 0, 0
					for _, x := range stringsOf(pre, w) {
						if bytes.Compare(x, reg.Start) >= 0 && bytes.Compare(x, s.Key) < 0 {
							below++
						}
						if bytes.Compare(x, s.Key) >= 0 && (len(reg.End) == 0 || bytes.Compare(x, reg.End) < 0) {
							above++
						}
					}
					assert.Positive(t, below, "daughter [%q, %q) holds no key", reg.Start, s.Key)
					assert.Positive(t, above, "daughter [%q, %q) holds no key", s.Key, reg.End)
				}
				stmts := 0
				for _, st := range p.Stages {
					if batch > 0 {
						assert.LessOrEqual(t, len(st.Merges)+len(st.Splits), batch)
					}
					named := map[int]bool{}
					for _, mi := range st.Merges {
						for i := p.Merges[mi].First; i <= p.Merges[mi].Last; i++ {
							assert.False(t, named[i], "stage names region %d twice", i)
							named[i] = true
						}
					}
					for _, si := range st.Splits {
						assert.False(t, named[p.Splits[si].Index])
						named[p.Splits[si].Index] = true
					}
					stmts += len(st.Merges) + len(st.Splits)
				}
				assert.Equal(t, len(p.Merges)+len(p.Splits), stmts)
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

// Without END_KEY (or get_splits) regions next to each other in list_regions need not be
// next to each other in the table (a list filtered by server skips some): no merge is
// planned, in any format, and the plan says why; splits still are.
func TestPlanMergesNeedAdjacency(t *testing.T) {
	data, err := os.ReadFile("../testdata/regions/no_end_key.txt") // region [b, c) not listed
	require.NoError(t, err)
	l, err := ReadListRegions(data)
	require.NoError(t, err)
	require.False(t, l.Adjacent)
	p, err := NewPlan(l, Options{RegionSize: 100 << 20})
	require.NoError(t, err)
	require.NoError(t, p.Check())
	assert.Empty(t, p.Merges, "merges across regions not proven adjacent")
	assert.Len(t, p.Splits, 1, "region 3, above 2 x the target, still splits")
	assert.Contains(t, p.Notes, "no merges planned: "+ErrNotAdjacent.Error())

	l.Adjacent = true // as END_KEY or get_splits would prove
	p, err = NewPlan(l, Options{RegionSize: 100 << 20})
	require.NoError(t, err)
	assert.Equal(t, []Merge{{0, 1, 20 << 20}}, p.Merges)
}

// list_regions prints whole megabytes, rounded down: a region of SIZE 0 may hold a MiB
// less a byte, and 1,100 of them more than a GiB. A merge is planned on what the regions
// may hold, so none passes the upper mark; with JMX's bytes (no slack) one merge takes all.
func TestPlanMergesCountWholeMegabytes(t *testing.T) {
	mk := func(slack int64) *Layout {
		l := &Layout{HasSize: true, HasEncoded: true, Exact: true, Adjacent: true, SizeSlack: slack}
		for i := range 1100 {
			r := Region{Encoded: fmt.Sprintf("%032x", i)}
			if i > 0 {
				r.Start = []byte(fmt.Sprintf("%06d", i))
			}
			l.Regions = append(l.Regions, r)
		}
		for i := 0; i+1 < len(l.Regions); i++ {
			l.Regions[i].End = l.Regions[i+1].Start
		}
		return l
	}
	opt := Options{RegionSize: 512 << 20, MergeArity: 1 << 20}
	p, err := NewPlan(mk(1<<20-1), opt)
	require.NoError(t, err)
	require.NoError(t, p.Check())
	require.Greater(t, len(p.Groups), 1)
	for _, g := range p.Groups {
		assert.LessOrEqual(t, int64(g.Last-g.First+1)*(1<<20-1), p.Upper, "group %d..%d may hold more than the mark", g.First, g.Last)
	}
	assert.Equal(t, 3, p.Final)

	p, err = NewPlan(mk(0), opt)
	require.NoError(t, err)
	require.NoError(t, p.Check())
	assert.Equal(t, []Group{{0, 1099, 0}}, p.Groups)
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

// A table whose TTL emptied tens of thousands of regions gets one plan: with merge_region
// of two regions (1.x, 2.0-2.2.3) in rounds (each leaves ceil(n/2) of a run), with the
// newer shells' merge of a whole run in one.
func TestPlanManyEmpty(t *testing.T) {
	const n = 30000
	l := &Layout{HasSize: true, HasEncoded: true, Exact: true, Adjacent: true}
	for i := range n {
		r := Region{Encoded: fmt.Sprintf("%032x", i)}
		if i > 0 {
			r.Start = []byte(fmt.Sprintf("%08x", uint64(i)*(1<<32)/n))
		}
		if i == 0 || i == n/2 {
			r.Size = 5 << 30
		}
		l.Regions = append(l.Regions, r)
	}
	for i := 0; i+1 < n; i++ {
		l.Regions[i].End = l.Regions[i+1].Start
	}
	hex1 := mustPrefix(t, "hex:1")
	for _, tc := range []struct {
		arity, rounds, merges, after int
	}{
		{arity: 2, rounds: 14, merges: n / 2, after: n / 2},
		{arity: 1 << 30, rounds: 1, merges: 2, after: 2},
	} {
		p, err := NewPlan(l, Options{RegionSize: 10 << 30, Prefix: &hex1, MergeArity: tc.arity, Batch: 50})
		require.NoError(t, err)
		require.NoError(t, p.Check())
		assert.Equal(t, tc.rounds, p.Rounds, "arity %d", tc.arity)
		assert.Len(t, p.Merges, tc.merges, "arity %d", tc.arity)
		assert.Equal(t, tc.after, p.After, "arity %d", tc.arity)
		assert.Equal(t, 2, p.Final, "arity %d: the two runs of 15,000 regions, each with its 5 GiB region", tc.arity)
		assert.Len(t, p.Stages, (tc.merges+49)/50)
	}
}

// The boundaries of RegionSplitter's pre-splits (keys from splits.RegionSplitter, an
// oracle apart from findSplitter): HexStringSplit's 16 regions fall on bucket edges of
// hex:1 and hex:2 (zero-padded), its 10 regions inside hex:2's buckets; findSplitter names
// the algorithm and the count either way.
func TestRegionSplitterBoundaries(t *testing.T) {
	for _, tc := range []struct {
		algo    string
		regions int
		prefix  string
		want    Edge
	}{
		{"HexStringSplit", 16, "hex:1", OnEdge},
		{"HexStringSplit", 16, "hex:2", OnEdge},
		{"HexStringSplit", 256, "hex:2", OnEdge},
		{"HexStringSplit", 10, "hex:2", InsideBucket},
		{"DecimalStringSplit", 10, "dec:1", OnEdge},
		{"DecimalStringSplit", 100, "dec:2", OnEdge},
		{"DecimalStringSplit", 7, "dec:2", InsideBucket},
	} {
		s, err := splits.RegionSplitter(tc.algo, tc.regions, "", "")
		require.NoError(t, err)
		keys := s.Keys.Slices()
		e := newPrefixEdges(mustPrefix(t, tc.prefix))
		for _, k := range keys {
			if tc.want == InsideBucket && strings.Trim(string(k[2:]), "0") == "" {
				continue // a key of the series that happens to fall on an edge
			}
			assert.Equal(t, tc.want, e.classify(k), "%s %d %s: %q", tc.algo, tc.regions, tc.prefix, k)
		}
		series := findSplitter(keys)
		require.NotNil(t, series, "%s %d", tc.algo, tc.regions)
		assert.Equal(t, tc.algo, series.Algo)
		assert.Equal(t, tc.regions, series.N)
		assert.Equal(t, tc.regions-1, series.Keys)
		// one key HBase split at is not of the series
		assert.False(t, series.has([]byte("6f3a9b2c")))
	}
}
