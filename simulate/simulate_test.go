package simulate

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/presplit/presplit/distribution"
	"github.com/presplit/presplit/splits"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseScheme(t *testing.T) {
	tests := []struct {
		in   string
		want Scheme
		err  string
	}{
		{in: "plain", want: Scheme{Kind: "plain"}},
		{in: "salt:10", want: Scheme{Kind: "salt", Param: 10}},
		{in: "hash:2", want: Scheme{Kind: "hash", Param: 2}},
		{in: "mod:3", want: Scheme{Kind: "mod", Param: 3}},
		{in: "reverse", want: Scheme{Kind: "reverse"}},
		{in: "composite", want: Scheme{Kind: "composite"}},
		{in: "salt", err: `scheme salt:B needs B from 2 to 10, got "salt"`},
		{in: "salt:11", err: `scheme salt:B needs B from 2 to 10, got "salt:11"`},
		{in: "hash:0", err: `scheme hash:W needs W from 1 to 8, got "hash:0"`},
		{in: "plain:2", err: `scheme plain takes no parameter, got "plain:2"`},
		{in: "md5", err: `scheme must be plain, salt:B, hash:W, mod:W, reverse or composite, got "md5"`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseScheme(tt.in)
			if tt.err != "" {
				assert.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.in, got.String())
		})
	}
}

func TestKeys(t *testing.T) {
	w := Write{ID: [13]byte([]byte("1000000000042")), TS: 1700000000000, Salt: 13}
	w.Digest = [16]byte{0xAB, 0xCD, 0, 0, 0, 0, 0, 7}
	tests := []struct {
		scheme string
		want   string
	}{
		{"plain", "1000000000042"},
		{"salt:10", "3_1000000000042"},
		{"salt:4", "1_1000000000042"},
		{"hash:3", "abc1000000000042"},
		{"mod:2", fmt.Sprintf("%02d1000000000042", uint64(0xABCD000000000007)%100)},
		{"reverse", "2400000000001"},
		{"composite", fmt.Sprintf("%02d1000000000042%019d", uint64(0xABCD000000000007)%100, int64(1<<63-1)-1700000000000)},
	}
	for _, tt := range tests {
		t.Run(tt.scheme, func(t *testing.T) {
			s, err := ParseScheme(tt.scheme)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(s.AppendKey(nil, &w)))
		})
	}
}

func TestSequentialPlainIsOneHotRegion(t *testing.T) {
	res, err := Run(Config{IDs: Sequential, Count: 200000, Regions: 10, Seed: 1, Schemes: []Scheme{{Kind: "plain"}}})
	require.NoError(t, err)
	assert.GreaterOrEqual(t, res[0].HotShare, 0.9, "newest writes in the hottest region")
	var hot int64
	for _, c := range res[0].HotCounts {
		hot = max(hot, c)
	}
	assert.GreaterOrEqual(t, float64(hot), 0.9*20000)
}

func TestHashSpreadsEveryRegion(t *testing.T) {
	for _, ids := range IDKinds {
		t.Run(string(ids), func(t *testing.T) {
			res, err := Run(Config{IDs: ids, Count: 200000, Regions: 10, Seed: 2, Schemes: []Scheme{{Kind: "hash", Param: 2}}})
			require.NoError(t, err)
			r := res[0]
			require.Equal(t, 10, r.Regions)
			mean := 200000.0 / float64(r.Regions)
			for i, c := range r.Counts {
				assert.LessOrEqual(t, float64(c), 1.2*mean, "region %d", i)
				assert.GreaterOrEqual(t, float64(c), mean/1.2, "region %d", i)
			}
			assert.LessOrEqual(t, r.Skew, 1.2)
		})
	}
}

func TestSaltUsesOneRegionPerBucket(t *testing.T) {
	res, err := Run(Config{IDs: Sequential, Count: 50000, Regions: 16, Seed: 3, Schemes: []Scheme{{Kind: "salt", Param: 4}}})
	require.NoError(t, err)
	assert.Equal(t, 4, res[0].Regions)
	assert.Less(t, res[0].HotSkew, 1.2)
	assert.Equal(t, "4 regions", res[0].PointRead)
}

func TestRunIsDeterministic(t *testing.T) {
	cfg := Config{IDs: Random, Count: 20000, Regions: 8, Seed: 9, Schemes: DefaultSchemes}
	a, err := Run(cfg)
	require.NoError(t, err)
	b, err := Run(cfg)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	cfg.Seed = 10
	c, err := Run(cfg)
	require.NoError(t, err)
	assert.NotEqual(t, a[0].Counts, c[0].Counts)
}

func TestWriteKeys(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteKeys(&b, Scheme{Kind: "plain"}, Sequential, 3, 1))
	assert.Equal(t, "1000000000000\n1000000000001\n1000000000002\n", b.String())
}

func BenchmarkRun(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Config{IDs: Sequential, Count: 100000, Regions: 10, Seed: 1, Schemes: DefaultSchemes}); err != nil {
			b.Fatal(err)
		}
	}
}

// A salt of 10 buckets over 4 regions: an id's 10 gets (one per bucket) reach the 4
// regions, each holding whole buckets, counted here from the split itself; over 10 or
// more regions (one per bucket) they reach 10.
func TestSaltPointReadOverFewerRegions(t *testing.T) {
	salt := Scheme{Kind: "salt", Param: 10}
	for _, tc := range []struct {
		regions int
		want    string
	}{{4, "10 gets, 4 regions"}, {1, "10 gets, 1 region"}, {10, "10 regions"}, {16, "10 regions"}} {
		res, err := Run(Config{IDs: Sequential, Count: 1000, Regions: tc.regions, Seed: 3, Schemes: []Scheme{salt}})
		require.NoError(t, err)
		assert.Equal(t, tc.want, res[0].PointRead, "%d regions", tc.regions)
		// The oracle: the regions an id's ten keys land in, through the split's locator.
		p, err := splits.ParsePrefix(salt.Prefix())
		require.NoError(t, err)
		split, err := splits.Generate(p, res[0].Regions, splits.Options{})
		require.NoError(t, err)
		loc, err := distribution.NewLocator(split.Keys.Slices())
		require.NoError(t, err)
		var w Write
		NewGenerator(Sequential, 3).Next(&w)
		hit := map[int]bool{}
		for b := uint32(0); b < 10; b++ {
			w.Salt = b
			hit[loc.Locate(salt.AppendKey(nil, &w))] = true
		}
		assert.Equal(t, min(10, tc.regions), len(hit), "%d regions", tc.regions)
	}
}
