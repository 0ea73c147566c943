package splits

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/presplit/presplit/hbytes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func keyTexts(keys [][]byte) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = hbytes.ToStringBinary(k)
	}
	return out
}

// seq is fmt.Sprintf(format, i) for i = from, from+step, ... < to.
func seq(format string, from, to, step int) []string {
	var out []string
	for i := from; i < to; i += step {
		out = append(out, fmt.Sprintf(format, i))
	}
	return out
}

func TestGenerate(t *testing.T) {
	tests := []struct {
		name      string
		spec      string
		regions   int
		opt       Options
		wantSpec  string
		wantKeys  []string // toStringBinary; nil with wantFirst/wantLast set checks only the ends
		wantFirst string
		wantLast  string
		wantCount int
		wantNotes []string
		wantErr   string
	}{
		{name: "dec2 10", spec: "dec:2", regions: 10, wantSpec: "dec:2", wantKeys: seq("%d0", 1, 10, 1)},
		{name: "hex2 16", spec: "hex:2", regions: 16, wantSpec: "hex:2", wantKeys: seq("%x0", 1, 16, 1)},
		{name: "HEX2 16", spec: "HEX:2", regions: 16, wantSpec: "HEX:2", wantKeys: seq("%X0", 1, 16, 1)},
		{name: "dec2 100 suffix", spec: "dec:2", regions: 100, opt: Options{Suffix: []byte("|")}, wantSpec: "dec:2", wantKeys: seq("%02d|", 0, 99, 1)},
		{name: "dec2 100", spec: "dec:2", regions: 100, wantKeys: seq("%02d", 1, 100, 1)},
		{name: "byte16 is Phoenix", spec: "byte:16", regions: 16, wantSpec: "byte:16", wantKeys: seq(`\x%02X`, 1, 16, 1)},
		{name: "byte256", spec: "byte:256", regions: 256, wantFirst: `\x01`, wantLast: `\xFF`, wantCount: 255},
		{name: "dec2 3 spreads the slop", spec: "dec:2", regions: 3, wantKeys: []string{"33", "66"}},
		{name: "dec2 7", spec: "dec:2", regions: 7, wantKeys: []string{"14", "28", "42", "57", "71", "85"}},
		{name: "one region", spec: "hex:2", regions: 1, wantSpec: "hex:2", wantKeys: []string{}},
		{name: "all prefixes", spec: "dec:1", regions: 10, wantKeys: seq("%d", 1, 10, 1)},
		{name: "chars base36", spec: "chars:0123456789abcdefghijklmnopqrstuvwxyz:1", regions: 36, wantFirst: "1", wantLast: "z", wantCount: 35},
		{name: "hex16 3 regions", spec: "hex:16", regions: 3, wantKeys: []string{"5555555555555555", "aaaaaaaaaaaaaaaa"}},
		{name: "hex32 2 regions", spec: "hex:32", regions: 2, wantKeys: []string{"8" + strings.Repeat("0", 31)}},
		{name: "hex suffix with ff", spec: "hex:2", regions: 2, opt: Options{Suffix: []byte("f|")}, wantKeys: []string{"7ff|"}},

		{name: "hex width-less 10", spec: "hex", regions: 10, wantSpec: "hex:3", wantCount: 9, wantFirst: "199", wantLast: "e66",
			wantNotes: []string{"{rowkey.prefix} hex: width 3 keeps the imbalance within 1% (1.0010)"}},
		{name: "hex width-less 16", spec: "hex", regions: 16, wantSpec: "hex:1", wantKeys: seq("%x", 1, 16, 1),
			wantNotes: []string{"{rowkey.prefix} hex: width 1 keeps the imbalance within 1% (1.0000)"}},
		{name: "HEX width-less 1e6", spec: "HEX", regions: 1_000_000, wantSpec: "HEX:7", wantCount: 999_999, wantFirst: "000010C", wantLast: "FFFFEF3",
			wantNotes: []string{"{rowkey.prefix} HEX: width 7 keeps the imbalance within 1% (1.0021)"}},
		{name: "dec width-less 1 region", spec: "dec", regions: 1, wantSpec: "dec:1", wantKeys: []string{}},

		{name: "align even dec2 37", spec: "dec:2", regions: 37, opt: Options{Align: "even"}, wantCount: 49, wantFirst: "02", wantLast: "98",
			wantNotes: []string{"{splits.align} even raised 37 regions to 50: 2 prefixes of dec:2 each"}},
		{name: "align even already even", spec: "dec:2", regions: 20, opt: Options{Align: "even"}, wantKeys: seq("%02d", 5, 100, 5)},
		{name: "align even hex2 100", spec: "hex:2", regions: 100, opt: Options{Align: "even"}, wantCount: 127,
			wantNotes: []string{"{splits.align} even raised 100 regions to 128: 2 prefixes of hex:2 each"}, wantFirst: "02", wantLast: "fe"},
		{name: "align even width-less dec 37", spec: "dec", regions: 37, opt: Options{Align: "even"}, wantSpec: "dec:3", wantCount: 39, wantFirst: "025", wantLast: "975",
			wantNotes: []string{"{rowkey.prefix} dec: width 3 chosen so 40 regions own equal runs", "{splits.align} even raised 37 regions to 40: 25 prefixes of dec:3 each"}},
		{name: "align even chars base36 37", spec: "chars:0123456789abcdefghijklmnopqrstuvwxyz:2", regions: 37, opt: Options{Align: "even"}, wantCount: 47,
			wantNotes: []string{"{splits.align} even raised 37 regions to 48: 27 prefixes of chars:0123456789abcdefghijklmnopqrstuvwxyz:2 each"}, wantFirst: "0r", wantLast: "z9"},

		{name: "too many hex2", spec: "hex:2", regions: 420, wantErr: "420 regions exceed the 256 prefixes of hex:2; use hex:3 (4096) or at most 256 regions"},
		{name: "too many dec2", spec: "dec:2", regions: 101, wantErr: "101 regions exceed the 100 prefixes of dec:2; use dec:3 (1000) or at most 100 regions"},
		{name: "too many byte", spec: "byte:16", regions: 17, wantErr: "17 regions exceed the 16 prefixes of byte:16; use at most 16 regions"},
		{name: "zero regions", spec: "hex:2", regions: 0, wantErr: "regions must be at least 1, got 0"},
		{name: "negative regions", spec: "hex", regions: -1, wantErr: "regions must be at least 1, got -1"},
		{name: "above MaxRegions", spec: "hex", regions: MaxRegions + 1, wantErr: "regions must be at most 10000000, got 10000001"},
		{name: "suffix 0 with dec", spec: "dec:2", regions: 10, opt: Options{Suffix: []byte("0")},
			wantErr: `suffix "0" does not sort after every key of its region: bytes up to "9" can follow a dec:2 prefix; use "|"`},
		{name: "suffix f with hex", spec: "hex:2", regions: 10, opt: Options{Suffix: []byte("f")}, wantErr: `bytes up to "f" can follow`},
		{name: "suffix ff with hex", spec: "hex:2", regions: 10, opt: Options{Suffix: []byte("ff")}, wantErr: `bytes up to "f" can follow`},
		{name: "suffix with byte", spec: "byte:8", regions: 8, opt: Options{Suffix: []byte("|")}, wantErr: "cannot close a bucket of byte:8"},
		{name: "bad align", spec: "hex:2", regions: 8, opt: Options{Align: "round"}, wantErr: `align must be "exact" or "even", got "round"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParsePrefix(tt.spec)
			require.NoError(t, err)
			got, err := Generate(p, tt.regions, tt.opt)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			if tt.wantSpec != "" {
				assert.Equal(t, tt.wantSpec, got.Spec)
			}
			texts := keyTexts(got.Keys.Slices())
			if tt.wantKeys != nil {
				assert.Equal(t, tt.wantKeys, texts)
			} else {
				require.Len(t, texts, tt.wantCount)
				assert.Equal(t, tt.wantFirst, texts[0])
				assert.Equal(t, tt.wantLast, texts[len(texts)-1])
			}
			assert.Equal(t, tt.wantNotes, got.Notes)
			assert.Equal(t, got.Regions(), got.Owned.Len())
			assert.Equal(t, tt.opt.Suffix, got.Suffix)
			checkInvariants(t, p, tt.regions, tt.opt, got)
		})
	}
}

func TestTooManyRegionsError(t *testing.T) {
	p, err := ParsePrefix("hex:2")
	require.NoError(t, err)
	_, err = Generate(p, 420, Options{})
	var e *TooManyRegionsError
	require.True(t, errors.As(err, &e))
	assert.Equal(t, 420, e.Regions)
	assert.Equal(t, uint64(256), e.Capacity)
	assert.Equal(t, "hex:2", e.Prefix.String())
	require.NotNil(t, e.Wider)
	assert.Equal(t, "hex:3", e.Wider.String())
	assert.Equal(t, uint64(4096), e.WiderCapacity)
	assert.Equal(t, "the 256 prefixes of hex:2; use hex:3 (4096) or at most 256 regions", e.Detail())
}

func TestShareAndImbalance(t *testing.T) {
	p, _ := ParsePrefix("dec:2")
	s, err := Generate(p, 3, Options{})
	require.NoError(t, err)
	assert.Equal(t, []float64{33, 33, 34}, s.Owned.Values())
	assert.InDelta(t, 0.34, s.Share(2), 1e-12)
	assert.InDelta(t, 0.33, s.Share(0), 1e-12)
	assert.Equal(t, 0.0, s.Share(3))
	assert.InDelta(t, 34/(100.0/3), s.Imbalance(), 1e-12)

	s, err = Generate(p, 10, Options{})
	require.NoError(t, err)
	assert.Equal(t, 1.0, s.Imbalance())
	assert.Equal(t, 0.0, Split{}.Imbalance())
}

// prefixIndex reads the first w bytes of key as a number in base len(alphabet).
func prefixIndex(t *testing.T, p Prefix, pos *[256]int, key []byte) *big.Int {
	t.Helper()
	x := new(big.Int)
	a := big.NewInt(int64(len(p.Alphabet)))
	for _, c := range key[:p.Width] {
		if pos[c] < 0 {
			t.Fatalf("byte %q of key %q is not in the alphabet", c, key)
		}
		x.Mul(x, a).Add(x, big.NewInt(int64(pos[c])))
	}
	return x
}

// checkInvariants checks what every split must be: n-1 keys, strictly increasing, non-empty,
// each a prefix edge (plus the suffix), runs that differ by at most one and add up to the
// number of prefixes, Owned matching the runs, and toStringBinary text that decodes back.
// (Plain comparisons in the per-key loop: it runs for millions of keys.)
func checkInvariants(t *testing.T, p Prefix, n int, opt Options, s Split) {
	t.Helper()
	q, err := ParsePrefix(s.Spec)
	require.NoError(t, err)
	if p.Width != 0 {
		require.Equal(t, p.Width, q.Width)
	}
	require.Equal(t, p.Alphabet, q.Alphabet)
	size := q.Size()
	if opt.Align != AlignEven {
		require.Equal(t, n, s.Regions())
	} else {
		require.GreaterOrEqual(t, s.Regions(), n)
		require.Zero(t, new(big.Int).Rem(size, big.NewInt(int64(s.Regions()))).Sign(), "even: %d regions do not divide %s", s.Regions(), size)
		if opt.Multiple > 1 {
			require.Zero(t, s.Regions()%opt.Multiple, "even: %d regions are no multiple of %d", s.Regions(), opt.Multiple)
		}
	}
	require.Equal(t, s.Regions(), s.Owned.Len())
	var pos [256]int
	for i := range pos {
		pos[i] = -1
	}
	for i, c := range q.Alphabet {
		pos[c] = i
	}
	prev := new(big.Int)
	lo, hi := new(big.Int), new(big.Int)
	for i := 0; i < s.Regions(); i++ {
		end := size
		if i < s.Keys.Len() {
			k := s.Keys.At(i)
			if len(k) == 0 {
				t.Fatalf("key %d is empty", i)
			}
			if i > 0 && bytes.Compare(s.Keys.At(i-1), k) >= 0 {
				t.Fatalf("keys %d and %d out of order: %q, %q", i-1, i, s.Keys.At(i-1), k)
			}
			if len(k) != q.Width+len(opt.Suffix) || !bytes.Equal(k[q.Width:], opt.Suffix) {
				t.Fatalf("key %d = %q is not a %s prefix followed by %q", i, k, q, opt.Suffix)
			}
			back, err := hbytes.ToBytesBinary(hbytes.ToStringBinary(k))
			if err != nil || !bytes.Equal(back, k) {
				t.Fatalf("key %d = %q does not survive toStringBinary: %q, %v", i, k, back, err)
			}
			end = prefixIndex(t, q, &pos, k)
			if len(opt.Suffix) > 0 {
				end.Add(end, big.NewInt(1)) // the key is the last prefix of region i
			}
		}
		run := new(big.Int).Sub(end, prev)
		if run.Sign() <= 0 {
			t.Fatalf("region %d owns no prefix", i)
		}
		if i == 0 || run.Cmp(lo) < 0 {
			lo = run
		}
		if i == 0 || run.Cmp(hi) > 0 {
			hi = run
		}
		if f, _ := new(big.Float).SetInt(run).Float64(); f != s.Owned.At(i) {
			t.Fatalf("Owned[%d] = %v, the run is %v", i, s.Owned.At(i), run)
		}
		prev = end
	}
	if new(big.Int).Sub(hi, lo).Cmp(big.NewInt(1)) > 0 {
		t.Fatalf("runs differ by more than one: %v..%v", lo, hi)
	}
}

// A split whose keys would take more than MaxKeyBytes is refused before they are made: a
// 30,000-byte suffix over a million regions asked the runtime for 300 GB and crashed it,
// and rows of 3,000 digits held 12 GB.
func TestKeyBytesBound(t *testing.T) {
	p, err := ParsePrefix("hex:64")
	require.NoError(t, err)
	_, err = Generate(p, 1_000_000, Options{Suffix: bytes.Repeat([]byte("z"), 30_000)})
	var kb *KeyBytesError
	require.ErrorAs(t, err, &kb)
	assert.Equal(t, 30_064, kb.KeyLen)
	_, err = Generate(p, 1000, Options{Suffix: bytes.Repeat([]byte("z"), 30_000)})
	require.NoError(t, err, "30 MB of keys are made")
	rows := strings.Repeat("f", 3000)
	_, err = RegionSplitter("HexStringSplit", 1_000_000, strings.Repeat("0", 3000), rows)
	require.ErrorAs(t, err, &kb)
	_, err = RegionSplitter("HexStringSplit", 10_000_000, "", "")
	require.NoError(t, err, "ten million keys of 8 digits are made")
}

// TestGenerateMultipleExamples: Align "even" with --balance's RegionServers as Multiple, as
// a plan asks for them.
func TestGenerateMultipleExamples(t *testing.T) {
	tests := []struct {
		spec     string
		values   uint64
		n, m     int
		regions  int    // 0: a *MultipleError
		width    int    // the width chosen, for a width-less prefix
		prefixes string // the error's
	}{
		{spec: "dec:2", n: 42, m: 5, regions: 50},
		{spec: "dec:2", n: 42, m: 4, regions: 100},
		{spec: "dec:2", n: 42, m: 7, prefixes: "the 100 prefixes of dec:2"},
		{spec: "hex:2", n: 42, m: 4, regions: 64},
		{spec: "hex:2", n: 42, m: 12, prefixes: "the 256 prefixes of hex:2"},
		{spec: "dec", n: 42, m: 4, regions: 64, width: 6}, // 64 = 4 x 16 divides 10^6, not 10^2..10^5
		{spec: "hex", n: 42, m: 3, prefixes: "the prefixes of hex at any width"},
		{spec: "dec:2", values: 20, n: 6, m: 4, regions: 20},
		{spec: "dec:2", values: 20, n: 6, m: 3, prefixes: "the first 20 values of dec:2"},
		{spec: "dec:2", n: 42, m: 1, regions: 50},                                        // no multiple: as before
		{spec: "chars:{ab}:1", n: 2, m: 3, prefixes: `the 4 prefixes of "chars:ab{}:1"`}, // quoted: its braces are data
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d/n=%d/m=%d", tt.spec, tt.values, tt.n, tt.m), func(t *testing.T) {
			p, err := ParsePrefix(tt.spec)
			require.NoError(t, err)
			s, err := Generate(p, tt.n, Options{Align: AlignEven, Multiple: tt.m, Values: tt.values})
			if tt.regions == 0 {
				var me *MultipleError
				require.ErrorAs(t, err, &me)
				require.Equal(t, tt.prefixes, me.Prefixes())
				require.Equal(t, fmt.Sprintf("no count of %d regions or more divides %s evenly and is a multiple of %d", tt.n, tt.prefixes, tt.m), err.Error())
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.regions, s.Regions())
			if tt.width > 0 {
				require.Equal(t, fmt.Sprintf("dec:%d", tt.width), s.Spec)
			}
		})
	}
}
