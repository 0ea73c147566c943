package plan_test

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/tablespec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func parse(t *testing.T, src string) *tablespec.Spec {
	t.Helper()
	s, err := tablespec.Parse("t.yaml", []byte(src))
	require.NoError(t, err)
	return s
}

// codes are the codes of the plan's review.
func codes(p *plan.Plan) []string { return codesOf(lint.Run(p)) }

const fam = "families:\n  - {name: d, versions: 1, ttl: 365d, compression: SNAPPY, bloom: ROW}\n"

func TestBuild(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		opt     plan.Options
		regions int
		keys    int
		codes   []string
		splitOK bool
		check   func(t *testing.T, p *plan.Plan)
	}{
		{
			name: "findings on the regions created, not the sizing's",
			src: fam + "capacity: {rows: 1e9, kv: 300B}\ncluster: {region_servers: 10, heap: 16GiB}\n" +
				"splits: {regions: 1000}\nrowkey: {prefix: hex:3}\n",
			regions: 1000, keys: 999, splitOK: true, codes: []string{"RG003"},
			check: func(t *testing.T, p *plan.Plan) {
				assert.Equal(t, 42, p.Capacity.Regions, "the sizing asks for 42")
				assert.Equal(t, 100.0, p.Capacity.RegionsPerServer, "judged on the 1000 created")
			},
		},
		{
			name: "and the reverse: few created where many are sized",
			src: fam + "capacity: {rows: 1e11, kv: 300B}\ncluster: {region_servers: 10, heap: 16GiB}\n" +
				"splits: {regions: 20}\nrowkey: {prefix: hex:2}\n",
			regions: 20, keys: 19, splitOK: true, codes: []string{"RG007", "RG016"},
		},
		{
			name:    "one region and more servers: pre-split, never also no pre-split",
			src:     fam + "capacity: {rows: 1000, kv: 100B}\ncluster: {region_servers: 10}\n",
			regions: 1, keys: 0, splitOK: true, codes: []string{"RG004"},
		},
		{
			name:    "one region, no cluster: no pre-split needed",
			src:     fam + "capacity: {rows: 1000, kv: 100B}\n",
			regions: 1, keys: 0, splitOK: true, codes: []string{"RG008"},
		},
		{
			name: "retention without TTL: the families' TTL is the retention",
			src: "families:\n  - {name: d, versions: 1, compression: SNAPPY, bloom: ROW}\n" +
				"capacity: {daily: 100GB, retention: 30d}\n",
			regions: 450, keys: 449, splitOK: true, codes: []string{},
			check: func(t *testing.T, p *plan.Plan) {
				assert.Equal(t, int64(30*86400), p.Table.Families[0].TTL)
				assert.Contains(t, p.Notes[0], "TTL is the retention")
			},
		},
		{
			name: "a TTL shorter than the retention sizes the table",
			src: "families:\n  - {name: d, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW}\n" +
				"capacity: {daily: 100GB, retention: 365d}\n",
			regions: 450, keys: 449, splitOK: true, codes: []string{"CP003"},
			check: func(t *testing.T, p *plan.Plan) {
				assert.Equal(t, 30.0, p.Capacity.Input.Volume.TTLDays)
				assert.Equal(t, 365.0, p.Capacity.Input.Volume.RetentionDays)
			},
		},
		{
			name: "FOREVER is sized on the retention, and CP007 says HBase keeps more",
			src: "families:\n  - {name: d, versions: 1, ttl: FOREVER, compression: SNAPPY, bloom: ROW}\n" +
				"capacity: {daily: 100GB, retention: 30d}\n",
			regions: 450, keys: 449, splitOK: true, codes: []string{"CP007"},
		},
		{
			// The statement must expire what the plan sizes: a family without a TTL would
			// keep its data forever, beside one that gives its own.
			name: "a family without TTL beside one with: its TTL is the retention",
			// 100 GiB x 0.5 x 30 days x 1.5 / 10 GiB: a's store, the largest (2.x).
			src: "families:\n  - {name: d, versions: 1, ttl: 7d, compression: SNAPPY, bloom: ROW, share: 0.5}\n" +
				"  - {name: a, versions: 1, compression: SNAPPY, bloom: ROW, share: 0.5}\n" +
				"capacity: {daily: 100GB, retention: 30d}\n",
			regions: 225, keys: 224, splitOK: true, codes: []string{},
			check: func(t *testing.T, p *plan.Plan) {
				var ttls []int64
				for _, f := range p.Table.Families {
					ttls = append(ttls, f.TTL)
				}
				assert.Equal(t, []int64{7 * 86400, 30 * 86400}, ttls)
				assert.Zero(t, p.TTLDays, "the longest TTL is the retention")
				assert.Equal(t, "family a gives no TTL: the retention, 30d (2592000 seconds), is its TTL (without one HBase keeps the data forever)", p.Notes[0])
			},
		},
		{
			name: "a horizon pre-splits for its days; the growth table runs on",
			src: "families:\n  - {name: d, versions: 1, compression: SNAPPY, bloom: ROW}\n" +
				"capacity: {daily: 100GB, retention: 365d, horizon: 30d}\n",
			regions: 450, keys: 449, splitOK: true, codes: []string{},
			check: func(t *testing.T, p *plan.Plan) {
				h := p.Capacity.Horizons
				assert.Equal(t, 5475, h[len(h)-1].Regions, "100 GiB x 365 x 1.5 / 10 GiB")
				assert.NotEmpty(t, noteWith(p, "pre-split for the first 30 days of ingest (450 regions)"))
				assert.Contains(t, noteWith(p, "jitter 0.25"), "the 450 regions created hold 10 GiB on average", "the regions created at 30 days, not the 5475 of 365")
			},
		},
		{
			name: "without a horizon, the full retention is created and CP002 says so",
			src: "families:\n  - {name: d, versions: 1, compression: SNAPPY, bloom: ROW}\n" +
				"capacity: {daily: 100GB, retention: 365d}\n",
			regions: 5475, keys: 5474, splitOK: true, codes: []string{"CP002"},
		},
		{
			name: "a rowkey of parts without a prefix: no implicit hex split",
			src: fam + "rowkey:\n  delimiter: '|'\n  parts:\n    - {name: user_id, kind: id}\n    - {name: ts, kind: timestamp, width: 13}\n" +
				"capacity: {rows: 1e10, kv: 300B}\n",
			regions: 420, codes: []string{"RG011"},
			check: func(t *testing.T, p *plan.Plan) {
				assert.True(t, errors.Is(p.SplitErr, plan.ErrNoPrefix))
			},
		},
		{
			name:    "a design that says nothing of its rowkey gets the default hex prefix",
			src:     fam + "capacity: {rows: 1e10, kv: 300B}\n",
			regions: 420, keys: 419, splitOK: true, codes: []string{},
			check: func(t *testing.T, p *plan.Plan) {
				assert.Equal(t, "hex:4", p.Split.Spec)
			},
		},
		{
			name:  "no volume and no count: nothing to split, no finding needed",
			src:   fam,
			codes: []string{},
			check: func(t *testing.T, p *plan.Plan) {
				assert.True(t, errors.Is(p.SplitErr, plan.ErrNoRegions))
			},
		},
		{
			name:    "a suffix decodes as toBytesBinary, like --suffix",
			src:     fam + "rowkey: {prefix: 'dec:1', suffix: '\\x7E'}\nsplits: {regions: 10}\n",
			regions: 10, keys: 9, splitOK: true, codes: []string{},
			check: func(t *testing.T, p *plan.Plan) {
				assert.Equal(t, "0~", string(p.Split.Keys.At(0)))
			},
		},
		{
			name: "a placeholder table is not reviewed for unset settings",
			src:  "families: [{name: cf}]\nsplits: {regions: 4}\n",
			opt:  plan.Options{PlaceholderFamilies: true}, regions: 4, keys: 3, splitOK: true, codes: []string{},
		},
		{
			name:    "the same table described is",
			src:     "families: [{name: cf}]\nsplits: {regions: 4}\n",
			regions: 4, keys: 3, splitOK: true, codes: []string{"CF003", "CF005", "CF007", "CF008"},
		},
		{
			name: "a shell statement of more than 10,000 keys (RG010) only for shell and report",
			src:  fam + "rowkey: {prefix: hex:4}\nsplits: {regions: 10002}\n",
			opt:  plan.Options{Format: "splits-file"}, regions: 10002, keys: 10001, splitOK: true, codes: []string{"RG009"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := plan.Build(parse(t, tt.src), tt.opt)
			require.NoError(t, err)
			assert.Equal(t, tt.regions, p.Regions)
			assert.Equal(t, tt.codes, codes(p))
			if tt.splitOK {
				require.NotNil(t, p.Split, "%v", p.SplitErr)
				assert.Equal(t, tt.keys, p.Split.Keys.Len())
			} else {
				assert.Nil(t, p.Split)
			}
			if tt.check != nil {
				tt.check(t, p)
			}
		})
	}
}

// A value the model refuses is placed where it was written: the spec's position, or the
// flag the CLI recorded in Src.
func TestBuildFieldError(t *testing.T) {
	_, err := plan.Build(parse(t, fam+"capacity:\n  rows: 1e9\n  kv: 300B\n  region_size: 2MiB\n  redundancy: 1\n"), plan.Options{})
	require.NoError(t, err)

	d := parse(t, fam+"capacity: {rows: 1e9, kv: 300B}\n")
	d.Capacity.Redundancy = tablespec.Value[float64]{V: 11, Set: true, Raw: "11", Src: "--redundancy"}
	_, err = plan.Build(d, plan.Options{})
	var fe *plan.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, plan.FieldError{Field: "capacity.redundancy", Src: "--redundancy", Raw: "11", Rule: "must be from 1 to 10"}, *fe)

	d = parse(t, fam+"rowkey: {prefix: 'oct:2'}\n")
	_, err = plan.Build(d, plan.Options{})
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "rowkey.prefix", fe.Field)
	assert.Equal(t, tablespec.Pos{Line: 3, Col: 18}, fe.Pos)
}

// The target's split rule sizes the regions when every family gives its share of a row:
// HBase 2.x splits on the largest store, 3.x on all stores together.
func TestBuildFamilyShares(t *testing.T) {
	const shares = "families:\n  - {name: d, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW, share: 0.75}\n" +
		"  - {name: m, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW, share: 0.25}\ncapacity: {rows: 1e10, kv: 300B}\n"
	tests := []struct {
		name    string
		src     string
		regions int
		share   float64
		err     string
	}{
		{name: "2.x: the largest store", src: shares, regions: 315, share: 0.75}, // ceil(4.5e12 x 0.75 / 10 GiB)
		{name: "3.0: all stores", src: "table: {name: t, hbase_version: '3.0'}\n" + shares, regions: 420},
		{name: "no shares: the whole row", src: fam + "capacity: {rows: 1e10, kv: 300B}\n", regions: 420},
		{name: "one family holds the row", src: "families: [{name: d, share: 1}]\ncapacity: {rows: 1e10, kv: 300B}\n", regions: 420},
		{name: "a family without a share", src: "families: [{name: d, share: 0.5}, {name: m}]\ncapacity: {rows: 1e10, kv: 300B}\n",
			err: `families.share "0.5": every family gives its share of the row when one does; family m has none`},
		{name: "shares not adding up", src: "families: [{name: d, share: 0.5}, {name: m, share: 0.4}]\ncapacity: {rows: 1e10, kv: 300B}\n",
			err: `families.share "0.5": the families' shares of a row must add up to 1, they add up to 0.9`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := parse(t, tt.src)
			err := d.Validate() // the shares' rules are the design's, checked once
			if tt.err != "" {
				require.Error(t, err)
				assert.Equal(t, tt.err, err.Error())
				return
			}
			require.NoError(t, err)
			p, err := plan.Build(d, plan.Options{})
			require.NoError(t, err)
			assert.Equal(t, tt.regions, p.Capacity.Regions)
			assert.InDelta(t, tt.share, p.Capacity.SplitShare(), 1e-15)
		})
	}
}

// Each family is a store with its own versions, TTL and ratio,
// and the regions come from the store HBase splits on (2.x the largest, 3.0 all), or
// from cluster.split_overallfiles when the design sets it.
func TestBuildStores(t *testing.T) {
	const versions = "families:\n  - {name: d, versions: 1, share: 0.9}\n  - {name: h, versions: 10, share: 0.1}\n" +
		"capacity: {rows: 1e9, kv: 300B}\n"
	const ttl = "families:\n  - {name: a, ttl: 7d, share: 0.9, compression: SNAPPY}\n  - {name: b, ttl: 30d, share: 0.1, compression: SNAPPY}\n" +
		"capacity: {daily: 100GB, retention: 30d, compression_ratio: 0.5}\n"
	const v30 = "table: {name: t, hbase_version: '3.0'}\n"
	tests := []struct {
		name    string
		src     string
		regions int
		store   string
		err     string
	}{
		{name: "versions on 2.x: the largest store, h", src: versions, regions: 42, store: "h"},
		{name: "versions on 3.0: all stores", src: v30 + versions, regions: 80},
		{name: "ttl on 2.x: the largest store, a", src: ttl, regions: 48, store: "a"},
		{name: "ttl on 3.0: all stores", src: v30 + ttl, regions: 70},
		{name: "3.0 told to split on the largest store", src: v30 + ttl + "cluster: {split_overallfiles: false}\n", regions: 48, store: "a"},
		{name: "2.6 told to split on all stores", src: ttl + "cluster: {split_overallfiles: true}\n", regions: 70},
		{name: "a family's own ratio", src: strings.Replace(ttl, "compression: SNAPPY}\n  - {name: b", "compression: SNAPPY, compression_ratio: 0.25}\n  - {name: b", 1), regions: 24, store: "a"},
		{name: "2.3 has no such setting", src: "table: {name: t, hbase_version: '2.3'}\n" + ttl + "cluster: {split_overallfiles: true}\n",
			err: "cluster.split_overallfiles"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := parse(t, tt.src)
			require.NoError(t, d.Validate())
			p, err := plan.Build(d, plan.Options{})
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.regions, p.Capacity.Regions)
			assert.Equal(t, tt.store, p.Capacity.SplitStore)
			require.Len(t, p.Capacity.Stores, 2)
		})
	}
}

// Build is pure: it never writes into the caller's spec (the TTL it derives from the
// retention lives in the plan's own design), so two calls on one spec give the same plan.
func TestBuildIsPure(t *testing.T) {
	tests := []struct {
		name string
		src  string
	}{
		{name: "TTL from the retention", src: "families: [{name: d}, {name: m}]\ncapacity: {daily: 500GB, retention: 30d}\n"},
		{name: "a TTL shorter than the retention", src: "families: [{name: d, ttl: 7d}]\ncapacity: {daily: 500GB, retention: 30d}\n"},
		{name: "rows and a prefix", src: fam + "capacity: {rows: 1e10, kv: 300B}\nrowkey: {prefix: hex:2}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := parse(t, tt.src)
			before := parse(t, tt.src)
			first, err := plan.Build(spec, plan.Options{})
			require.NoError(t, err)
			assert.Equal(t, before, spec, "Build wrote into the caller's spec")
			second, err := plan.Build(spec, plan.Options{})
			require.NoError(t, err)
			assert.Equal(t, first, second)
		})
	}
	// The derived TTL is the plan's: in its design and its table, not in the spec.
	spec := parse(t, "families: [{name: d}]\ncapacity: {daily: 500GB, retention: 30d}\n")
	p, err := plan.Build(spec, plan.Options{})
	require.NoError(t, err)
	assert.False(t, spec.Families[0].TTL.Set)
	assert.Equal(t, "2592000", p.Design.Families[0].TTL.V)
	assert.Equal(t, int64(2592000), p.Table.Families[0].TTL)
	require.NotEmpty(t, p.Notes)
	assert.Equal(t, "every family's TTL is the retention, 30d (2592000 seconds): no TTL was given", p.Notes[0])
	// Beside a family with its own TTL, the others get the retention, and so does the plan.
	spec = parse(t, "families: [{name: d, ttl: 7d}, {name: a}, {name: b}]\ncapacity: {daily: 500GB, retention: 30d}\n")
	p, err = plan.Build(spec, plan.Options{})
	require.NoError(t, err)
	assert.False(t, spec.Families[1].TTL.Set)
	assert.Equal(t, []string{"7d", "2592000", "2592000"}, []string{p.Design.Families[0].TTL.V, p.Design.Families[1].TTL.V, p.Design.Families[2].TTL.V})
	require.NotEmpty(t, p.Notes)
	assert.Equal(t, "families a, b give no TTL: the retention, 30d (2592000 seconds), is their TTL (without one HBase keeps the data forever)", p.Notes[0])
}

// Build reviews nothing: the plan has no finding until the caller lints it, and the review
// reads the plan without changing it (this design has four findings).
func TestBuildReviewsNothing(t *testing.T) {
	s := parse(t, "families: [{name: d}]\nrowkey: {prefix: hex:2}\ncapacity: {rows: 1e9, kv: 1KB}\n")
	p, err := plan.Build(s, plan.Options{})
	require.NoError(t, err)
	assert.Empty(t, p.Findings)
	again, err := plan.Build(s, plan.Options{})
	require.NoError(t, err)
	reviewed := lint.Run(again)
	assert.Equal(t, []string{"CF003", "CF005", "CF007", "CF008"}, codesOf(reviewed))
	require.NotNil(t, again.Split)
	assert.Equal(t, p, again, "lint.Run wrote into the plan")
}

func codesOf(fs []finding.Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

// TestJitterNote: 420 regions of 9.98 GiB on average are 99.8% of MAX_FILESIZE, the
// largest of hex:4's runs 100.4%; each region draws its MAX_FILESIZE in 0.875..1.125 x, so
// about (9.98 - 8.75) / 2.5 = 49% of them split before the planned volume. The advised
// fill plans regions whose largest is below every draw, and the note goes; MAX_FILESIZE
// stays 10 GiB.
func TestJitterNote(t *testing.T) {
	p, err := plan.Build(parse(t, fam+"capacity: {rows: 1e10, kv: 300B}\n"), plan.Options{})
	require.NoError(t, err)
	require.Equal(t, 420, p.Capacity.Regions)
	note := noteWith(p, "jitter 0.25")
	assert.Contains(t, note, "the 420 regions created hold 9.98 GiB on average, the largest 10 GiB (100.4% of MAX_FILESIZE) at the planned volume, so about 49% of them (206) split before it is reached and the table ends with 420..840 regions there")
	f := followFill(t, fam+"capacity: {rows: 1e10, kv: 300B, fill: %s}\n", note)
	assert.Equal(t, int64(10<<30), f.Table.MaxFileSize)
	assert.Empty(t, noteWith(f, "jitter 0.25"))
}

// noteWith is the plan's note holding text; "" when none does.
func noteWith(p *plan.Plan, text string) string {
	for _, n := range p.Notes {
		if strings.Contains(n, text) {
			return n
		}
	}
	return ""
}

var fillAdvice = regexp.MustCompile(`\{capacity\.fill=([0-9.]+)\} plans ([0-9]+) regions below every draw`)

// followFill builds the design src (a %s for the fill) with the fill a note advises, and
// checks the advice: the count it states, and its largest region below the lowest draw
// (the fill's note says no region splits before the volume).
func followFill(t *testing.T, src, note string) *plan.Plan {
	t.Helper()
	m := fillAdvice.FindStringSubmatch(note)
	require.NotNil(t, m, "no fill advice in %q", note)
	p, err := plan.Build(parse(t, fmt.Sprintf(src, m[1])), plan.Options{})
	require.NoError(t, err)
	assert.Equal(t, m[2], strconv.Itoa(p.Regions), "the regions --fill %s plans", m[1])
	total, largest := p.Split.Owned.Total(), 0.0
	for _, o := range p.Split.Owned.All() {
		largest = max(largest, o)
	}
	assert.LessOrEqual(t, largest/total*p.Capacity.SplitBytes, 0.875*float64(10<<30), "the largest region")
	assert.Contains(t, noteWith(p, "planned at "+m[1]), "split none of them")
	return p
}

// TestFillNoteLargestRegion: dec:2's 100 values over 12 regions are 4 regions of 9 and 8
// of 8; at --fill 0.875 a 9-value region holds 112.5e9 x 0.09 = 10.125e9 B (9.43 GiB),
// above the lowest draw (0.875 x 10 GiB), so the fill's note cannot say none splits: each
// of the 4 splits early with chance (0.943 - 0.875) / 0.25 = 27%, about 9% of the 12.
func TestFillNoteLargestRegion(t *testing.T) {
	src := fam + "rowkey: {prefix: dec:2}\ncapacity: {rows: 2.5e8, kv: 300B, fill: %s}\n"
	p, err := plan.Build(parse(t, fmt.Sprintf(src, "0.875")), plan.Options{})
	require.NoError(t, err)
	require.Equal(t, 12, p.Regions)
	note := noteWith(p, "planned at 0.875")
	assert.NotContains(t, note, "split none")
	assert.Contains(t, note, "its largest region holds 9.43 GiB at the planned volume, 94.3% of MAX_FILESIZE, above the jitter's lowest draw (0.875 x), so about 9% of the 12 regions (1) split before it")
	followFill(t, src, note)
	// Without a fill the jitter note's advice is judged on the largest region alike.
	q, err := plan.Build(parse(t, fam+"rowkey: {prefix: dec:2}\ncapacity: {rows: 2.5e8, kv: 300B}\n"), plan.Options{})
	require.NoError(t, err)
	followFill(t, src, noteWith(q, "jitter 0.25"))
}

// TestJitterNoteHorizon: with a horizon the note is of the regions created, at the
// volume they are sized for: 45 regions of 10 GiB at 30 days (not the 90 the 60 days
// kept need), and the fill it advises gives 52 regions, as the sizing does
// (ceil(483.2 GB / 8.75 GiB)).
func TestJitterNoteHorizon(t *testing.T) {
	src := "families:\n  - {name: d, versions: 1, compression: SNAPPY, bloom: ROW}\ncapacity: {daily: 10GB, retention: 60d, horizon: 30d%s}\n"
	p, err := plan.Build(parse(t, fmt.Sprintf(src, "")), plan.Options{})
	require.NoError(t, err)
	require.Equal(t, 45, p.Regions)
	note := noteWith(p, "jitter 0.25")
	assert.Contains(t, note, "the 45 regions created hold 10 GiB each, 100.0% of MAX_FILESIZE at the horizon's volume (30 days), so about 50% of them (23) split before it is reached and the table ends with 45..90 regions there; {capacity.fill=0.875} plans 52 regions below every draw")
	f := followFill(t, fmt.Sprintf(src, ", fill: %s"), note)
	assert.Equal(t, 52, f.Regions)
}

// TestPolicyRegions: the regions HBase's split policy makes at each growth horizon are the
// plan's, beside the volume they judge (docs/plan.md's growth table: 23 regions created,
// 184 and 368 after HBase's splits at 182 and 365 days); the capacity model's horizons keep
// their own counts, and a horizon the policy leaves alone has none.
func TestPolicyRegions(t *testing.T) {
	p, err := plan.Build(parse(t, fam+"capacity: {daily: 10GB, retention: 365d, horizon: 30d, region_size: 20g}\n"), plan.Options{})
	require.NoError(t, err)
	require.Equal(t, 23, p.Regions)
	require.Len(t, p.Capacity.Horizons, 3)
	var days, regions, policy []int
	for i, h := range p.Capacity.Horizons {
		days, regions, policy = append(days, h.Days), append(regions, h.Regions), append(policy, p.PolicyRegions(i))
	}
	assert.Equal(t, []int{30, 182, 365}, days)
	assert.Equal(t, []int{23, 137, 274}, regions)
	assert.Equal(t, []int{0, 184, 368}, policy)
	assert.Zero(t, p.PolicyRegions(3), "past the last horizon")
	assert.Zero(t, (&plan.Plan{}).PolicyRegions(0), "no sizing")
}

// TestPolicyRegionsUneven: hex:2's 256 values over 45 regions are 31 regions of 6 values
// and 14 of 5; at the 30-day horizon (483.2 GB planned) a 6-value region holds 11.3 GB,
// above MAX_FILESIZE (10 GiB), so every policy that splits at MAX_FILESIZE splits the 31:
// 76 regions, as the prefix policy (which counts values) says too.
func TestPolicyRegionsUneven(t *testing.T) {
	for _, policy := range []string{"default", "constant", "prefix"} {
		t.Run(policy, func(t *testing.T) {
			src := "families:\n  - {name: d, versions: 1, compression: SNAPPY, bloom: ROW}\n" +
				"rowkey: {prefix: hex:2}\ntable: {split_policy: " + policy + "}\n" +
				"capacity: {daily: 10GB, retention: 365d, horizon: 30d}\n"
			p, err := plan.Build(parse(t, src), plan.Options{})
			require.NoError(t, err)
			require.Equal(t, 45, p.Regions)
			require.Equal(t, 30, p.Capacity.Horizons[0].Days)
			assert.Equal(t, 76, p.PolicyRegions(0))
		})
	}
}
