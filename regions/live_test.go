package regions

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/presplit/presplit/hbase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// liveRegion is one row of a list_regions table the tests print.
type liveRegion struct {
	server  int
	id      int64 // region id, ms
	sizeMB  int64
	req     int64
	boundAt string // start key; "" for the first region
}

// listRegionsText prints regions as list_regions does, the keys given, each ending where
// the next starts.
func listRegionsText(table string, rs []liveRegion) []byte {
	var b strings.Builder
	cols := listRegionsColumns
	rows := make([][]string, len(rs))
	widths := make([]int, len(cols))
	for i, h := range cols {
		widths[i] = len(h)
	}
	for i, r := range rs {
		end := ""
		if i+1 < len(rs) {
			end = rs[i+1].boundAt
		}
		name := fmt.Sprintf("%s,%s,%d", table, r.boundAt, r.id)
		sum := md5.Sum([]byte(name))
		rows[i] = []string{fmt.Sprintf("rs%d.example.com,16020,1700000000000", r.server), name + "." + hex.EncodeToString(sum[:]) + ".",
			r.boundAt, end, fmt.Sprint(r.sizeMB), fmt.Sprint(r.req), "1.0"}
		for c, v := range rows[i] {
			widths[c] = max(widths[c], len(v))
		}
	}
	line := func(cells []string) {
		for c, v := range cells {
			fmt.Fprintf(&b, " %*s |", widths[c], v)
		}
		b.WriteByte('\n')
	}
	line(cols)
	dashes := make([]string, len(cols))
	for c := range cols {
		dashes[c] = strings.Repeat("-", widths[c])
	}
	line(dashes)
	for _, r := range rows {
		line(r)
	}
	fmt.Fprintf(&b, " %d rows\n", len(rs))
	return []byte(b.String())
}

// hexBounds are n regions' start keys of HexStringSplit's form (8 hex digits).
func hexBounds(n int) []string {
	out := make([]string, n)
	for i := 1; i < n; i++ {
		out[i] = fmt.Sprintf("%08x", uint64(i)*(1<<32)/uint64(n))
	}
	return out
}

func readLive(t *testing.T, rs []liveRegion) *Layout {
	t.Helper()
	l, err := ReadListRegions(listRegionsText("ns:t", rs))
	require.NoError(t, err)
	return l
}

// A fresh pre-split: 16 regions at SIZE 0 with about 2,000,000 requests each, their data in
// the memstore. Neither the age rule nor the memstore rule alone may let one merge through.
func TestPlanKeepsAFreshPreSplit(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	build := func(id int64, req int64) []liveRegion {
		var rs []liveRegion
		for i, k := range hexBounds(16) {
			rs = append(rs, liveRegion{server: i % 4, id: id + int64(i), sizeMB: 0, req: req + int64(i), boundAt: k})
		}
		return rs
	}
	opt := Options{RegionSize: 10 << 30, Now: now, MinRegionAge: DefaultMinRegionAge}
	fresh := now.Add(-2 * time.Hour).UnixMilli()
	old := now.Add(-30 * 24 * time.Hour).UnixMilli()

	for name, tc := range map[string]struct {
		rs               []liveRegion
		young, memstore  int
		wantMergeRegions bool
	}{
		"young and written":     {build(fresh, 2_000_000), 16, 0, false},
		"old and written":       {build(old, 2_000_000), 0, 16, false},
		"young and untouched":   {build(fresh, 0), 16, 0, false},
		"old and really empty":  {build(old, 3), 0, 0, true},
		"old, a few requests":   {build(old, MemstoreRequests-20), 0, 0, true},
		"old, requests at rule": {build(old, MemstoreRequests), 0, 16, false},
	} {
		t.Run(name, func(t *testing.T) {
			p, err := NewPlan(readLive(t, tc.rs), opt)
			require.NoError(t, err)
			require.NoError(t, p.Check())
			assert.Equal(t, tc.young, p.Young)
			assert.Equal(t, tc.memstore, p.Memstore)
			if tc.wantMergeRegions {
				assert.NotEmpty(t, p.Merges)
			} else {
				assert.Empty(t, p.Merges, "a merge of a live pre-split")
				assert.Equal(t, 16, p.Final)
			}
		})
	}
	// The age rule off: the old and the young alike are merged when empty.
	off := opt
	off.MinRegionAge = 0
	p, err := NewPlan(readLive(t, build(fresh, 0)), off)
	require.NoError(t, err)
	assert.NotEmpty(t, p.Merges)
}

// JMX sizes include the memstore: the memstore rule does not apply once they are read.
func TestPlanMemstoreRuleIsForListRegionsOnly(t *testing.T) {
	var rs []liveRegion
	for i, k := range hexBounds(8) {
		rs = append(rs, liveRegion{server: i % 2, id: 1700000000000, req: 2_000_000, boundAt: k})
	}
	l := readLive(t, rs)
	l.SizeSlack = 0 // what ApplyJMX leaves: the bytes themselves, 0 here
	p, err := NewPlan(l, Options{RegionSize: 10 << 30})
	require.NoError(t, err)
	assert.Zero(t, p.Memstore)
	assert.NotEmpty(t, p.Merges)
}

// Six regions of 3.9 GiB on three servers: merging them into three, one a server, is what
// SteppingSplitPolicy (2.x) splits again at 2 x the flush size. No merge goes below two a
// server; 1.x's policy needs four a server for a 7.8 GiB region (6.75 GiB at three).
func TestPlanNoMergeHBaseSplitsAgain(t *testing.T) {
	var rs []liveRegion
	for i, k := range hexBounds(6) {
		rs = append(rs, liveRegion{server: i % 3, id: 1700000000000, sizeMB: 3994, req: 10, boundAt: k})
	}
	v26, v14 := hbase.Version{Major: 2, Minor: 6}, hbase.Version{Major: 1, Minor: 4}
	for _, tc := range []struct {
		name      string
		opt       Options
		wantFinal int
		wantNote  string
	}{
		{"2.6 default", Options{RegionSize: 10 << 30, Version: v26}, 6, "merges stop at 6 regions, 2 a server on 3 servers: with fewer, SteppingSplitPolicy (2 x flush size while n = 1, else MAX_FILESIZE, on 2.6) splits a merged region of up to 7.8 GiB again once it passes 256 MiB"},
		{"2.6 constant", Options{RegionSize: 10 << 30, Version: v26, SplitPolicy: "constant"}, 3, ""},
		{"2.6 default, target 3", Options{RegionSize: 10 << 30, Version: v26, TargetRegions: 3}, 6, "merges stop at 6 regions"},
		{"1.4 default", Options{RegionSize: 10 << 30, Version: v14}, 6, "merges stop at 12 regions, 4 a server on 3 servers: with fewer, IncreasingToUpperBoundRegionSplitPolicy (min(MAX_FILESIZE, 2 x flush size x n^3), on 1.4) splits a merged region of up to 7.8 GiB again once it passes 6.8 GiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := NewPlan(readLive(t, rs), tc.opt)
			require.NoError(t, err)
			require.NoError(t, p.Check())
			assert.Equal(t, tc.wantFinal, p.Final)
			if tc.wantNote != "" {
				assert.Empty(t, p.Merges)
				assert.Contains(t, strings.Join(p.Notes, "\n"), tc.wantNote)
			}
		})
	}
	// 12 such regions on three servers on 2.6: down to 6, two a server, is safe.
	var twelve []liveRegion
	for i, k := range hexBounds(12) {
		twelve = append(twelve, liveRegion{server: i % 3, id: 1700000000000, sizeMB: 3994, req: 10, boundAt: k})
	}
	p, err := NewPlan(readLive(t, twelve), Options{RegionSize: 10 << 30, Version: v26})
	require.NoError(t, err)
	assert.Equal(t, 6, p.Final)
	// On 1.4 a 7.8 GiB region needs four a server (2 x 128 MiB x 3^3 = 6.75 GiB < 7.8 GiB).
	p, err = NewPlan(readLive(t, twelve), Options{RegionSize: 10 << 30, Version: v14})
	require.NoError(t, err)
	assert.Equal(t, 12, p.Final)
}

// One region of 100 GiB among three small ones: both halves are over 20 GiB (2 x the
// target), so it takes three rounds of splits and ends as 8 regions of 12.5 GiB.
func TestPlanEveryRoundOfSplits(t *testing.T) {
	rs := []liveRegion{
		{server: 0, id: 1700000000000, sizeMB: 100 << 10, req: 10, boundAt: ""},
		{server: 1, id: 1700000000000, sizeMB: 100, req: 10, boundAt: "40000000"},
		{server: 2, id: 1700000000000, sizeMB: 100, req: 10, boundAt: "80000000"},
		{server: 0, id: 1700000000000, sizeMB: 100, req: 10, boundAt: "c0000000"},
	}
	p, err := NewPlan(readLive(t, rs), Options{RegionSize: 10 << 30, Version: hbase.Version{Major: 2, Minor: 6}, SplitPolicy: "constant"})
	require.NoError(t, err)
	require.NoError(t, p.Check())
	require.Len(t, p.Splits, 1)
	assert.Equal(t, 8, p.Splits[0].Pieces)
	assert.Equal(t, 3, p.SplitRounds)
	assert.GreaterOrEqual(t, p.Final, 9)
	assert.Equal(t, 8+1, p.Final) // the three small ones merge into one
	assert.Contains(t, strings.Join(p.Notes, "\n"), "3 rounds of splits")
}

// --prefix dec:2 on a hex table: the boundaries show hex digits, so the prefix is refused
// with the alphabet the keys show, not used to write a split at 35000000.
func TestPlanRefusesAPrefixTheKeysDoNotFollow(t *testing.T) {
	var rs []liveRegion
	for i, k := range hexBounds(16) {
		size := int64(500)
		if i == 3 {
			size = 30 << 10
		}
		rs = append(rs, liveRegion{server: i % 3, id: 1700000000000, sizeMB: size, req: 10, boundAt: k})
	}
	_, err := NewPlan(readLive(t, rs), Options{RegionSize: 10 << 30, Prefix: ptr(mustPrefix(t, "dec:2"))})
	require.Error(t, err)
	assert.Equal(t, "{rowkey.prefix=dec:2}: 6 of 15 boundaries leave its alphabet within its first 2 bytes (abcdef): the table's keys are not written on it; the keys show lowercase hex: {rowkey.prefix=hex:2}", err.Error())
	// The prefix the keys show plans the split at a hex midpoint.
	p, err := NewPlan(readLive(t, rs), Options{RegionSize: 10 << 30, Prefix: ptr(mustPrefix(t, "hex:1"))})
	require.NoError(t, err)
	require.Len(t, p.Splits, 1)
	assert.Equal(t, "38000000", string(p.Splits[0].Key))
}

func ptr[T any](v T) *T { return &v }

// Rates are counts between readings over the time between them; a region whose count went
// down (reopened) or that is new has no rate; the readings are put in time order.
func TestNewLoad(t *testing.T) {
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	mk := func(reqs ...int64) *Layout {
		var rs []liveRegion
		for i, k := range hexBounds(len(reqs)) {
			rs = append(rs, liveRegion{server: i, id: 1700000000000, sizeMB: 100, req: reqs[i], boundAt: k})
		}
		return readLive(t, rs)
	}
	now := mk(7200, 3600, 100, 9000)
	earlier := mk(0, 0, 500, 0)
	// region 4 is another region an hour ago: rename it (its encoded name is new now)
	earlier.Regions[3].Encoded = "00000000000000000000000000000000"
	ld, err := NewLoad(now, "now", at.Add(time.Hour), []Snapshot{{Name: "then", At: at, Layout: earlier}})
	require.NoError(t, err)
	require.Len(t, ld.Rates, 1)
	r := ld.Last()
	assert.Equal(t, 2.0, r[0])
	assert.Equal(t, 1.0, r[1])
	assert.True(t, math.IsNaN(r[2]), "the count went down: reopened")
	assert.True(t, math.IsNaN(r[3]), "not in the earlier reading")
	// Two earlier readings given out of order are put in order: two intervals.
	mid := mk(3600, 1800, 50, 4500)
	ld, err = NewLoad(now, "now", at.Add(2*time.Hour), []Snapshot{{Name: "mid", At: at.Add(time.Hour), Layout: mid}, {Name: "then", At: at, Layout: mk(0, 0, 0, 0)}})
	require.NoError(t, err)
	require.Len(t, ld.Rates, 2)
	assert.Equal(t, []string{"then", "mid", "now"}, ld.Names)
	assert.Equal(t, 1.0, ld.Rates[0][0])
	assert.Equal(t, 1.0, ld.Rates[1][0])
	// Hot: at least 3 x the mean over the newest interval.
	p, err := NewPlan(now, Options{RegionSize: 10 << 30, SplitPolicy: "constant", Load: &Load{Names: []string{"a", "b"}, At: []time.Time{at, at.Add(time.Hour)}, Rates: [][]float64{{1, 1, 1, 20}}}})
	require.NoError(t, err)
	require.NoError(t, p.Check())
	require.Len(t, p.Splits, 1)
	assert.True(t, p.Splits[0].Load)
	assert.Equal(t, 3, p.Splits[0].Index)
}

// Random layouts with random rates, servers, ages and policies: Check holds (no region both
// merged and split, pieces and counts consistent), and every hot region is split or, with no
// key and no store file, left alone.
func TestPlanLiveInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const target = 10 << 30
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	hex1 := mustPrefix(t, "hex:1")
	for range 300 {
		l := hexStringLayout(r, target)
		servers := 1 + r.IntN(6)
		l.HasServer, l.HasRequests = true, true
		rates := make([]float64, len(l.Regions))
		for i := range l.Regions {
			l.Regions[i].Server = fmt.Sprintf("rs%d", r.IntN(servers))
			l.Regions[i].Created = now.Add(-time.Duration(r.IntN(10*24)) * time.Hour).UnixMilli()
			l.Regions[i].Requests = r.Int64N(5000)
			rates[i] = float64(r.IntN(100))
			if r.IntN(20) == 0 {
				rates[i] = math.NaN()
			}
		}
		opt := Options{RegionSize: target, Now: now, MinRegionAge: DefaultMinRegionAge, Batch: 1 + r.IntN(5),
			SplitPolicy: []string{"", "constant", "default"}[r.IntN(3)], Version: hbase.Version{Major: 1 + r.IntN(2), Minor: 4},
			Load: &Load{Names: []string{"a", "b"}, At: []time.Time{now.Add(-time.Hour), now}, Rates: [][]float64{rates}}}
		if r.IntN(2) == 0 {
			opt.Prefix = &hex1
		}
		if r.IntN(3) == 0 {
			opt.TargetRegions = 1 + r.IntN(len(l.Regions))
		}
		p, err := NewPlan(l, opt)
		require.NoError(t, err)
		require.NoError(t, p.Check())
		split := map[int]bool{}
		for _, s := range p.Splits {
			split[s.Index] = true
		}
		for i, h := range p.busy {
			if h && !split[i] {
				assert.Zero(t, l.Regions[i].Size, "a hot region with data is split")
			}
		}
	}
}

// Hot on small tables: a region is hot at 3 x the mean of the OTHER regions. Against the
// mean of all, a region of 2 could reach at most 2 x (all the requests) and one of 3 at most
// 3 x, so the rule could never fire on 2 regions. The cases are worked by hand: rates
// {0, 2778} (others' mean 0), {1, 1, 20} (others 1), {10, 25} (others 10: 2.5 x, not hot),
// {10, 30} (3 x, hot), and a lone known rate beside unknown ones (no others: never hot).
func TestPlanHotOnSmallTables(t *testing.T) {
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	nan := math.NaN()
	for _, tc := range []struct {
		name  string
		rates []float64
		want  []bool
	}{
		{"2 regions, all on one", []float64{0, 2778}, []bool{false, true}},
		{"3 regions", []float64{1, 1, 20}, []bool{false, false, true}},
		{"2 regions, 2.5 x", []float64{10, 25}, []bool{false, false}},
		{"2 regions, 3 x", []float64{10, 30}, []bool{false, true}},
		{"one known rate", []float64{nan, 50, nan}, []bool{false, false, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rs []liveRegion
			for i, k := range hexBounds(len(tc.rates)) {
				rs = append(rs, liveRegion{server: i, id: 1700000000000, sizeMB: 100, req: 10, boundAt: k})
			}
			ld := &Load{Names: []string{"a", "b"}, At: []time.Time{at, at.Add(time.Hour)}, Rates: [][]float64{tc.rates}}
			p, err := NewPlan(readLive(t, rs), Options{RegionSize: 10 << 30, SplitPolicy: "constant", Load: ld})
			require.NoError(t, err)
			require.NoError(t, p.Check())
			assert.Equal(t, tc.want, p.busy)
		})
	}
}
