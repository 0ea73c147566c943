package splits

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// prefixOf is prefix number v of r, written out.
func prefixOf(r *Rule, v uint64) []byte {
	b := make([]byte, r.Width)
	a := uint64(len(r.Alphabet))
	for j := r.Width - 1; j >= 0; j-- {
		b[j] = r.Alphabet[v%a]
		v /= a
	}
	return b
}

// TestRuleMatchesKeys: the rule of every generated split gives its keys exactly, and
// Starts counts the edges at or below each prefix as a search over the edges does.
func TestRuleMatchesKeys(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	specs := []string{"hex:1", "hex:2", "hex:3", "hex:5", "HEX:4", "dec:1", "dec:3", "dec:7", "byte:1", "byte:7", "byte:256", "chars:ab:9", "chars:-._~:3", "hex:15", "dec:18"}
	for _, spec := range specs {
		p, err := ParsePrefix(spec)
		require.NoError(t, err)
		c, _ := p.Count()
		for range 30 {
			n := 2 + rng.Intn(int(min(c, 3000)))
			if uint64(n) > c {
				continue
			}
			var suffix []byte
			if rng.Intn(2) == 0 && p.Name != "byte" {
				suffix = []byte{0xFF}
			}
			s, err := Generate(p, n, Options{Suffix: suffix})
			require.NoError(t, err, spec)
			r := s.Rule
			require.NotNil(t, r, spec)
			require.Equal(t, n, r.Regions)
			for i := 1; i < n; i++ {
				want := prefixOf(r, r.Edge(i))
				if len(suffix) > 0 {
					want = append(prefixOf(r, r.Edge(i)-1), suffix...)
				}
				require.True(t, bytes.Equal(want, s.Keys.At(i-1)), "%s n=%d key %d", spec, n, i)
			}
			for range 200 {
				v := rng.Uint64() % r.Size
				if rng.Intn(4) == 0 { // on and beside an edge
					v = r.Edge(1+rng.Intn(n-1)) - uint64(rng.Intn(2))
				}
				want := 0
				for i := 1; i < n; i++ {
					if r.Edge(i) <= v {
						want = i
					}
				}
				require.Equal(t, want, r.Starts(v), "%s n=%d v=%d", spec, n, v)
			}
			require.Equal(t, n-1, r.Starts(r.Size-1))
		}
	}
	// RegionSplitter's string splits: rows first + i*size.
	for _, c := range []struct {
		algo        string
		first, last string
		rule        bool
	}{
		{"HexStringSplit", "", "", true}, {"DecimalStringSplit", "", "", true},
		{"HexStringSplit", "10", "ff", true}, {"DecimalStringSplit", "5", "99999", true},
		{"HexStringSplit", "0", "ffffffffffffffff", false}, // 16^16 prefixes
		{"HexStringSplit", "-ff", "ff", false},             // negative rows
		{"UniformSplit", "", "", false},
	} {
		for _, n := range []int{2, 3, 7, 100, 4096, 10000} {
			s, err := RegionSplitter(c.algo, n, c.first, c.last)
			if err != nil {
				continue // a range smaller than n
			}
			r := s.Rule
			require.Equal(t, c.rule, r != nil, "%+v n=%d", c, n)
			if r == nil {
				continue
			}
			for i := 1; i < n; i++ {
				require.Equal(t, string(prefixOf(r, r.Edge(i))), string(s.Keys.At(i-1)), "%+v n=%d key %d", c, n, i)
			}
			for range 500 {
				v := rng.Uint64() % r.Size
				if rng.Intn(3) == 0 {
					v = r.Edge(1+rng.Intn(n-1)) - uint64(rng.Intn(2))
				}
				want := 0
				for i := 1; i < n; i++ {
					if r.Edge(i) <= v {
						want = i
					}
				}
				require.Equal(t, want, r.Starts(v), "%+v n=%d v=%d", c, n, v)
			}
		}
	}
	// No rule where the prefixes do not fit a uint64.
	p, _ := ParsePrefix("hex:16")
	s, err := Generate(p, 10, Options{})
	require.NoError(t, err)
	require.Nil(t, s.Rule)
}

// Edges steps to the edges Edge computes, over any range, for Generate's runs (sizes up to
// 2^64-1, remainders that wrap) and RegionSplitter's steps, and stops when yield does.
func TestRuleEdges(t *testing.T) {
	rng := rand.New(rand.NewSource(41))
	for trial := range 300 {
		r := Rule{Regions: 2 + rng.Intn(5000)}
		switch trial % 3 {
		case 0:
			r.Size = uint64(r.Regions) + uint64(rng.Int63n(1<<40))
		case 1:
			r.Size = ^uint64(0) - uint64(rng.Int63n(1000))
		default:
			r.First, r.Step = uint64(rng.Intn(100)), 1+uint64(rng.Int63n(1<<30))
		}
		lo := 1 + rng.Intn(r.Regions-1)
		hi := lo + rng.Intn(r.Regions-lo+1)
		next := lo
		for i, e := range r.Edges(lo, hi) {
			require.Equal(t, next, i)
			require.Equal(t, r.Edge(i), e, "rule %+v, edge %d", r, i)
			next++
		}
		require.Equal(t, hi, max(next, lo), "rule %+v, [%d, %d)", r, lo, hi)
	}
	n := 0
	for range (Rule{Size: 100, Regions: 10}).Edges(1, 10) {
		if n++; n == 3 {
			break
		}
	}
	require.Equal(t, 3, n)
}
