package splits

import (
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomSpec is a random prefix spec whose size stays small enough to check every run.
func randomSpec(r *rand.Rand) string {
	switch r.IntN(6) {
	case 0:
		return fmt.Sprintf("hex:%d", 1+r.IntN(3))
	case 1:
		return fmt.Sprintf("HEX:%d", 1+r.IntN(3))
	case 2:
		return fmt.Sprintf("dec:%d", 1+r.IntN(4))
	case 3:
		return fmt.Sprintf("byte:%d", 1+r.IntN(256))
	case 4:
		return []string{"hex", "HEX", "dec"}[r.IntN(3)]
	}
	// chars: a random set of printable bytes (escaped when needed), width 1..3.
	var alpha []byte
	for _, c := range r.Perm(95)[:1+r.IntN(40)] {
		alpha = append(alpha, byte(0x20+c))
	}
	text := ""
	for _, c := range alpha {
		if c == '\\' {
			text += `\x5C`
		} else {
			text += string(rune(c))
		}
	}
	return fmt.Sprintf("chars:%s:%d", text, 1+r.IntN(3))
}

// TestGenerateProperties checks the invariants over random specs, counts, suffixes and
// alignments (deterministic seed: a failure names its case and reproduces).
func TestGenerateProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 2026))
	for i := 0; i < 400; i++ {
		spec := randomSpec(r)
		p, err := ParsePrefix(spec)
		require.NoError(t, err, spec)
		limit := 5000
		if size := p.Size(); size != nil && size.Cmp(big.NewInt(int64(limit))) < 0 {
			limit = int(size.Int64())
		}
		n := 1 + r.IntN(limit)
		opt := Options{}
		if r.IntN(3) == 0 {
			opt.Align = AlignEven
		}
		top := p.Alphabet[len(p.Alphabet)-1]
		if p.Name != "byte" && top < 0xFF && r.IntN(3) == 0 {
			opt.Suffix = []byte{top + 1 + byte(r.IntN(int(0xFF-top)))}
		}
		t.Run(fmt.Sprintf("%d/%s/n=%d/suffix=%q/align=%s", i, spec, n, opt.Suffix, opt.Align), func(t *testing.T) {
			s, err := Generate(p, n, opt)
			require.NoError(t, err)
			checkInvariants(t, p, n, opt, s)
			if p.Width == 0 && opt.Align != AlignEven {
				require.LessOrEqual(t, s.Imbalance(), MaxImbalance)
			}
		})
	}
}

// TestGenerateMultiple: Align "even" with a Multiple (a plan's --balance) against a count
// found by trying every one in order: the smallest count from n on that divides the
// prefixes (or the first Values of them) and is a multiple of m, or a *MultipleError when
// there is none; a width-less prefix takes the smallest such count any width can hold.
func TestGenerateMultiple(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 2026))
	smooth := func(d, a uint64) bool {
		for _, p := range primeFactors(a) {
			for d%p == 0 {
				d /= p
			}
		}
		return d == 1
	}
	for i := 0; i < 600; i++ {
		spec := randomSpec(r)
		p, err := ParsePrefix(spec)
		require.NoError(t, err, spec)
		a := uint64(len(p.Alphabet))
		opt := Options{Align: AlignEven, Multiple: 1 + r.IntN(12)}
		var size uint64 // the prefixes the count divides; 0 for a width-less prefix
		if p.Width > 0 {
			c, ok := p.Count()
			if !ok || c > 5000 {
				continue
			}
			size = c
			if r.IntN(3) == 0 {
				opt.Values = 1 + uint64(r.IntN(int(c)))
				size = opt.Values
			}
		}
		n := 1 + r.IntN(300)
		if size > 0 {
			n = 1 + r.IntN(int(size))
		}
		want := uint64(0) // none
		m := uint64(opt.Multiple)
		for d := uint64(n); ; d++ {
			if size > 0 && d > size || size == 0 && !smooth(m, a) {
				break
			}
			if d%m == 0 && (size > 0 && size%d == 0 || size == 0 && smooth(d, a)) {
				want = d
				break
			}
		}
		t.Run(fmt.Sprintf("%d/%s/values=%d/n=%d/m=%d", i, spec, opt.Values, n, opt.Multiple), func(t *testing.T) {
			s, err := Generate(p, n, opt)
			if want == 0 {
				var me *MultipleError
				require.ErrorAs(t, err, &me)
				require.Equal(t, MultipleError{Prefix: p, Values: opt.Values, Regions: n, Multiple: opt.Multiple}, *me)
				return
			}
			require.NoError(t, err)
			require.Equal(t, int(want), s.Regions())
			if opt.Values == 0 {
				checkInvariants(t, p, n, opt, s)
			}
		})
	}
}

// FuzzGenerate: any small spec and count either fails cleanly or gives a valid split.
func FuzzGenerate(f *testing.F) {
	f.Add("dec:2", 37, "", true)
	f.Add("hex:2", 16, "|", false)
	f.Add("chars:abc:3", 5, "z", false)
	f.Add("byte:16", 16, "", false)
	f.Add("hex", 1000, "", true)
	f.Fuzz(func(t *testing.T, spec string, n int, suffix string, even bool) {
		p, err := ParsePrefix(spec)
		if err != nil {
			return
		}
		if size := p.Size(); (size == nil || size.Cmp(big.NewInt(20000)) > 0) && (n > 20000 || n < -5) {
			return // keep each input fast
		}
		opt := Options{Suffix: []byte(suffix)}
		if even {
			opt.Align = AlignEven
		}
		s, err := Generate(p, n, opt)
		if err != nil {
			return
		}
		if len(opt.Suffix) == 0 {
			opt.Suffix = nil
		}
		checkInvariants(t, p, n, opt, s)
	})
}

// edgesPow2 (one 64-bit start, its bits as digits) writes the keys and ownership
// edgesDigits (digit by digit) writes, for every power-of-two alphabet, widths up to 2^64
// prefixes, region counts from 2 to beyond the prefixes' count, with and without a suffix.
func TestEdgesPow2SameAsDigits(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, spec := range []string{"hex", "HEX", "byte:256", "chars:01:1", "chars:0123:1", "chars:abcdefgh:1", "chars:ABCDEFGHIJKLMNOPQRSTUVWXYZ012345:1"} {
		p, err := ParsePrefix(spec)
		require.NoError(t, err)
		digitBits := bits.TrailingZeros(uint(len(p.Alphabet)))
		for trial := range 30 {
			q := p
			q.Width = 1 + rng.IntN(63/digitBits)
			size := new(big.Int).Lsh(big.NewInt(1), uint(digitBits*q.Width))
			n := 2 + rng.IntN(3000)
			if trial%5 == 0 && size.IsInt64() && size.Int64() < 3000 {
				n = int(size.Int64()) // every prefix its own region
			}
			if size.IsInt64() && int64(n) > size.Int64() {
				continue
			}
			var suffix []byte
			if trial%3 == 1 {
				suffix = []byte("\xff~")
			}
			gotKeys, gotOwned, ok := edgesPow2(q, size, n, suffix)
			require.True(t, ok, "%s width %d", spec, q.Width)
			wantKeys, wantOwned := edgesDigits(q, size, n, suffix)
			require.Equal(t, wantKeys.Slices(), gotKeys.Slices(), "%s width %d regions %d", spec, q.Width, n)
			require.Equal(t, wantOwned, gotOwned, "%s width %d regions %d", spec, q.Width, n)
		}
	}
	_, _, ok := edgesPow2(Prefix{Alphabet: []byte("0123456789"), Width: 2}, big.NewInt(100), 10, nil)
	require.False(t, ok, "a decimal alphabet is not a power of two")
}
