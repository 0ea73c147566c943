package distribution

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/splits"
)

// ruleSplits are generated splits of every alphabet kind, with and without a suffix, up
// to widths past one word of hex.
func ruleSplits(t testing.TB) map[string]splits.Split {
	out := map[string]splits.Split{}
	for _, c := range []struct {
		spec    string
		regions int
		suffix  string
	}{
		{"hex:1", 16, ""}, {"hex:2", 7, ""}, {"hex:3", 1000, ""}, {"hex:4", 3000, "\xFF"},
		{"hex:5", 777, ""}, {"hex:8", 5000, ""}, {"hex:9", 300, ""}, {"hex:12", 1001, "~"},
		{"hex:15", 99, ""}, {"HEX:3", 500, ""}, {"dec:2", 37, ""}, {"dec:6", 2500, "|"},
		{"byte:7", 5, ""}, {"byte:256", 200, ""}, {"chars:-.ab:5", 400, "\xFF\xFF"},
	} {
		p, err := splits.ParsePrefix(c.spec)
		require.NoError(t, err)
		s, err := splits.Generate(p, c.regions, splits.Options{Suffix: []byte(c.suffix)})
		require.NoError(t, err, c.spec)
		require.NotNil(t, s.Rule, c.spec)
		out[fmt.Sprintf("%s/%d/%q", c.spec, c.regions, c.suffix)] = s
	}
	for _, c := range []struct {
		algo        string
		regions     int
		first, last string
	}{
		{"HexStringSplit", 1000, "", ""}, {"HexStringSplit", 16, "", ""}, {"HexStringSplit", 300, "a0", "fff"},
		{"DecimalStringSplit", 777, "", ""}, {"DecimalStringSplit", 50, "100", "99999"},
	} {
		s, err := splits.RegionSplitter(c.algo, c.regions, c.first, c.last)
		require.NoError(t, err, c.algo)
		require.NotNil(t, s.Rule, c.algo)
		out[fmt.Sprintf("%s/%d/%s-%s", c.algo, c.regions, c.first, c.last)] = s
	}
	return out
}

// alphabetText is lines of alphabet bytes of every length around the prefix's width, some
// with a byte from outside the alphabet, some with the suffix's bytes after the prefix.
func alphabetText(rng *rand.Rand, r *splits.Rule) []byte {
	var b []byte
	for n := range r.Width + 6 {
		for k := range 40 {
			key := randomKey(rng, n, r.Alphabet)
			switch {
			case k%5 == 1 && n > 0:
				key[rng.IntN(n)] = allBytes[rng.IntN(len(allBytes))]
			case k%5 == 2 && n >= r.Width:
				key = append(key[:r.Width], r.Suffix...)
			case k%5 == 3 && n > r.Width && len(r.Suffix) > 0:
				key = append(append(key[:r.Width], r.Suffix[:len(r.Suffix)-1]...), 0x00)
			}
			b = append(appendStringBinary(b, key), '\n')
		}
	}
	return b
}

// TestRuleLocatorMatchesPlainLocator: a generated split's keys placed by arithmetic count
// as the plain locator counts them, through every path of Count, on adversarial input.
func TestRuleLocatorMatchesPlainLocator(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 1))
	common := map[string][]byte{
		"hex fixed":        hexText(rng, 4000),
		"hex CRLF":         bytes.ReplaceAll(hexText(rng, 2000), []byte("\n"), []byte("\r\n")),
		"binary escaped":   binaryText(rng, 3000),
		"user variable":    userText(rng, 3000),
		"every length":     everyLength(rng),
		"every byte value": everyByte(rng),
	}
	hex := hexText(rng, 2000)
	common["escapes in hex"] = bytes.ReplaceAll(hex, []byte("a"), []byte(`\x61`))
	common["uppercase hex"] = bytes.ToUpper(hex)
	for name, s := range ruleSplits(t) {
		loc, err := NewRuleLocator(s.Keys, *s.Rule)
		require.NoError(t, err, name)
		require.NotNil(t, loc.rule)
		require.Equal(t, s.Keys.Len()+1, loc.Regions())
		for iname, text := range common {
			assertSameCount(t, name+"/"+iname, loc, text)
		}
		assertSameCount(t, name+"/split keys", loc, splitKeyLines(s.Keys.Slices()))
		assertSameCount(t, name+"/alphabet", loc, alphabetText(rng, s.Rule))
	}
}

// NewRuleLocator refuses keys that are not the rule's.
func TestNewRuleLocatorChecksKeys(t *testing.T) {
	p, _ := splits.ParsePrefix("hex:2")
	s, err := splits.Generate(p, 10, splits.Options{})
	require.NoError(t, err)
	keys := s.Keys.Slices()
	keys[3] = []byte("5f")
	_, err = NewRuleLocator(splits.KeysOf(keys...), *s.Rule)
	require.ErrorIs(t, err, ErrSplitOrder)
	_, err = NewRuleLocator(splits.KeysOf(keys[:5]...), *s.Rule)
	require.Error(t, err)
	other, _ := splits.Generate(p, 10, splits.Options{Suffix: []byte("~")})
	_, err = NewRuleLocator(other.Keys, *s.Rule)
	require.ErrorIs(t, err, ErrSplitOrder)

	// Checked in parts on every core: many keys, runs of two lengths (a remainder to
	// step), a suffix, and an --algo rule's step; one key off in the last part is found.
	dec, _ := splits.ParsePrefix("dec:7")
	for _, opt := range []splits.Options{{}, {Suffix: []byte("|")}} {
		big, err := splits.Generate(dec, 300_007, opt)
		require.NoError(t, err)
		_, err = NewRuleLocator(big.Keys, *big.Rule)
		require.NoError(t, err)
		keys := big.Keys.Slices()
		keys[len(keys)-2] = slices.Concat(keys[len(keys)-3], []byte("0"))
		_, err = NewRuleLocator(splits.KeysOf(keys...), *big.Rule)
		require.ErrorIs(t, err, ErrSplitOrder)
		require.ErrorContains(t, err, fmt.Sprintf("split key %d ", len(keys)-2))
	}
	algo, err := splits.RegionSplitter("DecimalStringSplit", 200_000, "", "")
	require.NoError(t, err)
	_, err = NewRuleLocator(algo.Keys, *algo.Rule)
	require.NoError(t, err)
}

// hexWordReference decodes the first n bytes of x one at a time.
func hexWordReference(x uint64, n int) (uint64, bool) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], x)
	var v uint64
	for _, c := range b[:n] {
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | uint64(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | uint64(c-'a'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

// TestHexWord: the word-at-a-time decoder agrees with the byte-at-a-time one for every
// byte value at every position, and on random words of hex, near-hex and any bytes.
func TestHexWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	check := func(x uint64) {
		for n := 1; n <= 8; n++ {
			v, ok := hexWord(x, n)
			wv, wok := hexWordReference(x, n)
			if ok != wok || ok && v != wv {
				t.Fatalf("hexWord(%#x, %d) = %#x %v, want %#x %v", x, n, v, ok, wv, wok)
			}
		}
	}
	base := binary.LittleEndian.Uint64([]byte("0a1b2c3d"))
	for pos := range 8 {
		for c := range 256 {
			check(base&^(0xFF<<(8*pos)) | uint64(c)<<(8*pos))
		}
	}
	near := []byte("0123456789abcdef/:`gAF\x80\xff")
	for range 200000 {
		check(binary.LittleEndian.Uint64(randomKey(rng, 8, near)))
		check(rng.Uint64())
	}
}

// FuzzRuleLocate: any key is placed by a generated split's rule where a search over its
// keys places it.
func FuzzRuleLocate(f *testing.F) {
	f.Add(uint8(0), []byte("0a1b2c3d4e5f"))
	f.Add(uint8(3), []byte("0fff\xff"))
	f.Add(uint8(11), []byte("000000000001~"))
	sets := ruleSplits(f)
	var names []string
	for name := range sets {
		names = append(names, name)
	}
	// Map iteration order varies: sort so that an input means the same split every run.
	slices.Sort(names)
	locs := make([]*Locator, len(names))
	for i, name := range names {
		s := sets[name]
		loc, err := NewRuleLocator(s.Keys, *s.Rule)
		if err != nil {
			f.Fatal(err)
		}
		locs[i] = loc
	}
	f.Fuzz(func(t *testing.T, which uint8, key []byte) {
		i := int(which) % len(names)
		keys := sets[names[i]].Keys.Slices()
		if got, want := locs[i].Locate(key), searchRegion(keys, key); got != want {
			t.Fatalf("%s: Locate(%q) = %d, a search says %d", names[i], key, got, want)
		}
	})
}

// keysValue is keys as splits.Keys, for a Distribution.
func keysValue(keys [][]byte) splits.Keys { return splits.KeysOf(keys...) }

// NewSplitLocator takes the rule where it is faster, the tables otherwise, and the tables
// for keys that are not the rule's; each counts as the plain locator does.
func TestNewSplitLocatorChooses(t *testing.T) {
	gen := func(spec string, n int, suffix string) splits.Split {
		p, err := splits.ParsePrefix(spec)
		require.NoError(t, err)
		s, err := splits.Generate(p, n, splits.Options{Suffix: []byte(suffix)})
		require.NoError(t, err)
		return s
	}
	rng := rand.New(rand.NewPCG(9, 9))
	text := hexText(rng, 3000)
	for _, c := range []struct {
		name string
		s    splits.Split
		rule bool
	}{
		{"hex, word-wide", gen("hex", 1000, ""), true},
		{"dec, few regions", gen("dec", 1000, ""), false},
		{"hex with a suffix, few regions", gen("hex:4", 1000, "~"), false},
		{"dec, many regions", gen("dec", ruleRegions, ""), true},
	} {
		loc, err := NewSplitLocator(c.s.Keys, c.s.Rule)
		require.NoError(t, err, c.name)
		require.Equal(t, c.rule, loc.rule != nil, c.name)
		assertSameCount(t, c.name, loc, text)
	}
	hex := gen("hex", 1000, "")
	keys := hex.Keys.Slices()
	keys[10] = append(keys[10][:3:3], 0x7F) // still in order, not the rule's
	loc, err := NewSplitLocator(splits.KeysOf(keys...), hex.Rule)
	require.NoError(t, err)
	require.Nil(t, loc.rule, "keys that are not the rule's take the tables")
	// Listed (no rule given), the same keys are recognised as the rule's (listed.go).
	loc, err = NewSplitLocator(hex.Keys, nil)
	require.NoError(t, err)
	require.NotNil(t, loc.rule, "a listed split of the rule's keys takes the rule")
	assertSameCount(t, "listed", loc, text)
}

// hotKey is a hex key manyRegionsCase gives one region 1,000 times.
const hotKey = "0badc0ffee0badc0ffee0badc0ffee00"

// manyRegionsCase is spec's split over 2^18 regions (where the byte counts begin), by its
// rule, and n random hex lines with hotKey 1,000 times in their middle (three carries of
// a byte count and a rest), and the counter that has counted them.
func manyRegionsCase(t *testing.T, spec string, seed uint64, n int) (*Locator, []byte, *lineCounter) {
	t.Helper()
	p, err := splits.ParsePrefix(spec)
	require.NoError(t, err)
	s, err := splits.Generate(p, lowCountsFrom, splits.Options{})
	require.NoError(t, err)
	loc, err := NewSplitLocator(s.Keys, s.Rule)
	require.NoError(t, err)
	require.NotNil(t, loc.rule)
	text := hexText(rand.New(rand.NewPCG(seed, seed*3)), n)
	hot := bytes.Repeat([]byte(hotKey+"\n"), 1000)
	text = slices.Concat(text[:len(text)/2], hot, text[len(text)/2:])
	c := newLineCounter(loc, false)
	_, err = c.count(text, len(text))
	require.NoError(t, err)
	return loc, text, c
}

// With 2^18 regions and more, countFixedRule counts a byte a region and carries every
// 256th key into the 32-bit counts: a region given 1,000 keys, beside keys spread over
// the others, counts as the plain locator counts it.
func TestLowCountsCarry(t *testing.T) {
	loc, text, c := manyRegionsCase(t, "hex:5", 3, 3000)
	assertSameCount(t, "hex:5 over 2^18 regions", loc, text)
	require.NotNil(t, c.low, "the byte counts were not used")
	hotRegion := loc.Locate([]byte(hotKey))
	require.GreaterOrEqual(t, mergeCounts([]*lineCounter{c})[hotRegion], int64(1000))
	require.Equal(t, uint8(mergeCounts([]*lineCounter{c})[hotRegion]), c.low[hotRegion])
}

// With 2^22 regions and more, countFixedRule notes the keys' regions in bins of
// neighbouring regions and counts a bin when it is full (binCounts): lowered here to 2^18
// regions and bins that count every 64 keys, a split's counts, with a region given 1,000
// keys among keys spread over the rest, are the plain locator's through every path of Count.
//
// The counts, their bytes and the bins' notes are in mappings of their own (zeroed) from
// 4 MiB; lowered here to 256 bytes, the same counts come through them.
func TestBinCounts(t *testing.T) {
	defer func(from int, held uint, own int) {
		binCountsFrom, binHeldBits, ownMappingFrom = from, held, own
	}(binCountsFrom, binHeldBits, ownMappingFrom)
	binCountsFrom, binHeldBits = lowCountsFrom, 6
	require.GreaterOrEqual(t, binsMax<<binShift, splits.MaxRegions, "bins for every split")
	for _, own := range []int{ownMappingFrom, 256} {
		ownMappingFrom = own
		for _, spec := range []string{"hex:5", "hex:6"} {
			loc, text, c := manyRegionsCase(t, spec, 4, 5000)
			assertSameCount(t, spec+" binned", loc, text)
			require.NotNil(t, c.bins, "the bins were not used")
			require.Equal(t, own < 1<<20, len(c.frees) == 3, "%d own mappings from %d bytes", len(c.frees), own)
			c.release()
		}
	}
}
