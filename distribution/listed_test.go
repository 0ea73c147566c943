package distribution

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/splits"
)

// listedTexts are the adversarial key samples of TestRuleLocatorMatchesPlainLocator.
func listedTexts(rng *rand.Rand) map[string][]byte {
	hex := hexText(rng, 2000)
	return map[string][]byte{
		"hex fixed":      hexText(rng, 3000),
		"hex CRLF":       bytes.ReplaceAll(hexText(rng, 1000), []byte("\n"), []byte("\r\n")),
		"binary escaped": binaryText(rng, 2000),
		"user variable":  userText(rng, 2000),
		"every length":   everyLength(rng),
		"escapes in hex": bytes.ReplaceAll(hex, []byte("a"), []byte(`\x61`)),
		"uppercase hex":  bytes.ToUpper(hex),
	}
}

// A listed split whose keys are a generated split's (written by splits --format
// splits-file and read back) reaches the locator the generated split reaches, and counts
// as the plain locator does, on adversarial keys (the split keys themselves among them:
// ties) and the rule's alphabet.
func TestListedSplitTakesRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	texts := listedTexts(rng)
	for name, s := range ruleSplits(t) {
		gen, err := NewSplitLocator(s.Keys, s.Rule)
		require.NoError(t, err, name)
		listed, err := NewSplitLocator(splits.KeysOf(s.Keys.Slices()...), nil)
		require.NoError(t, err, name)
		// The rule where the generated split takes it; and sometimes where it does not:
		// HexStringSplit's 16 regions are also Generate's even runs, decoded a word at a time.
		if len(s.Rule.Suffix) == 0 && gen.rule != nil {
			require.NotNil(t, listed.rule, "%s: the listed split takes the generated one's locator", name)
		}
		// Recognised whatever the locator chosen: a rule whose edges are the keys (for
		// byte:B, whose alphabet the keys do not show, one over the bytes they use).
		proven := 0
		for _, r := range listedRules(s.Keys) {
			if _, err := NewRuleLocator(s.Keys, r); err == nil {
				proven++
			}
		}
		require.Equal(t, len(s.Rule.Suffix) == 0, proven > 0, name)
		for tname, text := range texts {
			assertSameCount(t, name+"/listed/"+tname, listed, text)
		}
		assertSameCount(t, name+"/listed/split keys", listed, splitKeyLines(s.Keys.Slices()))
		assertSameCount(t, name+"/listed/alphabet", listed, alphabetText(rng, s.Rule))
	}
}

// A million-key hex split, and splits past ruleRegions of other alphabets and of
// RegionSplitter's step, are recognised when listed.
func TestListedSplitManyRegions(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 2))
	text := hexText(rng, 3000)
	dec := func(n int) splits.Split {
		p, err := splits.ParsePrefix("dec")
		require.NoError(t, err)
		s, err := splits.Generate(p, n, splits.Options{})
		require.NoError(t, err)
		return s
	}
	algo := func(name string, n int) splits.Split {
		s, err := splits.RegionSplitter(name, n, "", "")
		require.NoError(t, err)
		return s
	}
	for name, s := range map[string]splits.Split{
		"hex 1000000":                 prefixSplit(t, "hex", 1_000_000),
		"dec 300007":                  dec(300_007),
		"HexStringSplit 300000":       algo("HexStringSplit", 300_000),
		"DecimalStringSplit 262144":   algo("DecimalStringSplit", ruleRegions),
		"DecimalStringSplit 1000 few": algo("DecimalStringSplit", 1000),
	} {
		loc, err := NewSplitLocator(splits.KeysOf(s.Keys.Slices()...), nil)
		require.NoError(t, err, name)
		require.Equal(t, s.Regions() >= ruleRegions || strings.HasPrefix(name, "hex"), loc.rule != nil, name)
		assertSameCount(t, name, loc, text)
		assertSameCount(t, name+"/split keys", loc, splitKeyLines(s.Keys.Slices()[:min(s.Keys.Len(), 5000)]))
	}
}

// Keys that are nearly a rule's take the tables: one key off between the probed ones (in
// order still), a key missing, one key of another width, a key in another case, an edge
// shifted by one; each counts as the plain locator does.
func TestListedSplitNearMisses(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 3))
	texts := listedTexts(rng)
	base := prefixSplit(t, "hex", 1000).Keys.Slices() // hex:4, 999 keys
	bump := func(i int) [][]byte {                    // key i one more, in order still
		ks := slices.Clone(base)
		v, err := strconv.ParseUint(string(ks[i]), 16, 64)
		require.NoError(t, err)
		ks[i] = fmt.Appendf(nil, "%04x", v+1)
		return ks
	}
	require.Equal(t, 0, probeIndex(len(base), 0))
	off := 1 // not probed: a probe is every 15th key or so
	require.NotEqual(t, off, probeIndex(len(base), 1))
	for name, keys := range map[string][][]byte{
		"one key off":      bump(off),
		"a probed key off": bump(probeIndex(len(base), 5)),
		"a key missing":    slices.Delete(slices.Clone(base), 400, 401),
		"one key longer":   append(slices.Clone(base[:998]), append(slices.Clone(base[998]), '0')),
		"one key in upper case": func() [][]byte {
			ks := slices.Clone(base)
			for i, k := range ks {
				if bytes.ContainsAny(k, "abcdef") && i > 0 && i != probeIndex(len(base), 1) {
					ks[i] = bytes.ToUpper(k)
					break
				}
			}
			return ks
		}(),
	} {
		require.True(t, slices.IsSortedFunc(keys, bytes.Compare), name)
		loc, err := NewSplitLocator(splits.KeysOf(keys...), nil)
		if err != nil { // the upper-case key may sort before the one before it
			require.ErrorIs(t, err, ErrSplitOrder, name)
			continue
		}
		require.Nil(t, loc.rule, name)
		for tname, text := range texts {
			assertSameCount(t, name+"/"+tname, loc, text)
		}
		assertSameCount(t, name+"/split keys", loc, splitKeyLines(keys))
	}
}

// The alphabets tried: the named ones that hold the keys' bytes, then those bytes.
func TestListedAlphabets(t *testing.T) {
	used := func(s string) *[256]bool {
		var u [256]bool
		for _, b := range []byte(s) {
			u[b] = true
		}
		return &u
	}
	str := func(as [][]byte) []string {
		var out []string
		for _, a := range as {
			out = append(out, string(a))
		}
		return out
	}
	require.Equal(t, []string{lowerHex}, str(listedAlphabets(used(lowerHex))))
	require.Equal(t, []string{lowerHex, upperHex, digits}, str(listedAlphabets(used("0123456789"))))
	require.Equal(t, []string{lowerHex, "05a"}, str(listedAlphabets(used("a50"))))
	require.Equal(t, []string{"-.ab"}, str(listedAlphabets(used("ab.-"))))
	require.Equal(t, []string{lowerHex}, str(listedAlphabets(used("a"))))
	require.Empty(t, listedAlphabets(used("~")))
}

// hexCut is a sample cut of regions regions over random hex keys, as splits --sample
// cuts one: each split key the shortest prefix of its quantile key that sorts above the
// key before it in the sample (1 to 10 digits at a million regions, most 5 or 6).
func hexCut(rng *rand.Rand, regions int) [][]byte {
	sample := bytes.Split(bytes.TrimSuffix(hexText(rng, 2*regions), []byte("\n")), []byte("\n"))
	slices.SortFunc(sample, bytes.Compare)
	var keys [][]byte
	for i := 1; i < regions; i++ {
		j := i * len(sample) / regions
		k, prev := sample[j], sample[j-1]
		n := 1
		for bytes.Compare(k[:n], prev) <= 0 {
			n++
		}
		if len(keys) == 0 || bytes.Compare(keys[len(keys)-1], k[:n]) < 0 {
			keys = append(keys, k[:n])
		}
	}
	return keys
}

// BenchmarkCountListed is one worker's loop on hex and user-%d keys in memory, against a
// million listed split keys: the hex split written out (recognised as its rule), a sample
// cut of hex keys and one of user-%d keys (the tables).
func BenchmarkCountListed(b *testing.B) {
	rng := rand.New(rand.NewPCG(38, 4))
	hex, user := hexText(rng, 1<<20), userText(rng, 1<<20)
	// The same hex keys cut to 8 to 32 digits: lines of varying length.
	var varied []byte
	for line := range bytes.Lines(hex) {
		varied = append(append(varied, line[:8+rng.IntN(25)]...), '\n')
	}
	for _, bc := range []struct {
		name string
		keys func() splits.Keys
		text []byte
	}{
		{"hex-listed", func() splits.Keys { return prefixSplit(b, "hex", 1_000_000).Keys }, hex},
		{"hex-cut", func() splits.Keys { return splits.KeysOf(hexCut(rng, 1_000_000)...) }, hex},
		{"hex-cut-varied", func() splits.Keys { return splits.KeysOf(hexCut(rng, 1_000_000)...) }, varied},
		{"user-cut", func() splits.Keys { return splits.KeysOf(userSplits(rng, 1_000_000)...) }, user},
	} {
		b.Run(bc.name, func(b *testing.B) {
			loc, err := NewSplitLocator(bc.keys(), nil)
			if err != nil {
				b.Fatal(err)
			}
			c := newLineCounter(loc, false)
			b.SetBytes(int64(len(bc.text)))
			// The thread's CPU time as well as the wall clock's: on a machine other jobs
			// share, the wall clock counts their turns too.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			n := 0
			for b.Loop() {
				if _, err := c.count(bc.text, len(bc.text)); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(threadCPU()-cpu0)/float64(n*bytes.Count(bc.text, []byte("\n"))), "cpu-ns/key")
		})
	}
}

// fixedTies is split keys made fixed-width lines of width bytes: each cut or filled with
// bytes below, equal to and above the keys' (ties with split keys on the table's bytes
// and on the tails after them, and the keys themselves where they are that wide), some
// with a \r before the \n.
func fixedTies(rng *rand.Rand, keys [][]byte, width int) []byte {
	var b []byte
	fill := []byte("0~ 9aAf")
	for i, k := range keys {
		for v := range 3 {
			line := make([]byte, 0, width)
			line = append(line, k[:min(len(k), width)]...)
			for len(line) < width {
				line = append(line, fill[(i+v+len(line))%len(fill)])
			}
			if v == 2 && rng.IntN(2) == 0 {
				line[width-1] = '\r'
			}
			b = append(append(b, line...), '\n')
		}
	}
	return b
}

// countFixedBatched (many split keys, fixed-width lines) counts what the plain locator
// counts: on every split set with the passes taken from one key, and on sample cuts of
// 70,000 keys as they come, with lines that tie with the split keys.
func TestBatchedMatchesPlainLocator(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 5))
	hex := hexText(rng, 5000)
	run := func(name string, keys [][]byte) {
		t.Helper()
		loc, err := NewLocator(keys)
		require.NoError(t, err, name)
		assertSameCount(t, name+"/hex", loc, hex)
		assertSameCount(t, name+"/hex CRLF", loc, bytes.ReplaceAll(hex[:33*2000], []byte("\n"), []byte("\r\n")))
		for _, w := range []int{5, 8, 12, 33} {
			assertSameCount(t, fmt.Sprintf("%s/ties %d", name, w), loc, fixedTies(rng, keys, w))
		}
	}
	t.Run("every split set, passes from one key", func(t *testing.T) {
		defer func(n int) { batchFrom = n }(batchFrom)
		batchFrom = 1
		for name, keys := range splitSets(t) {
			run(name, keys)
		}
	})
	run("hex cut", hexCut(rng, 70_000))
	run("user cut", userSplits(rng, 70_000))
	require.GreaterOrEqual(t, 70_000-1, batchFrom)
}

// A fixed-width line that ends in \r\n holds one key byte fewer than its width: the four
// bytes after the table's depth are then the key's last three and the \r, which must not
// be compared with a split key's tail as if they were the key's (a tail of "ABC\x05" sorts
// above the key "AAABC", whose zero-padded tail is "ABC\x00", and below "ABC\r").
func TestBatchedCRLFTail(t *testing.T) {
	defer func(n int) { batchFrom = n }(batchFrom)
	batchFrom = 1
	// Every two-byte key (256 x 256 table entries) and two bytes after "AA" keep the
	// table's depth at two.
	var keys [][]byte
	for p := 1; p < 1<<16; p++ {
		keys = append(keys, []byte{byte(p >> 8), byte(p)})
	}
	keys = append(keys, []byte("AAABC\x05"), []byte("AAZ"))
	slices.SortFunc(keys, bytes.Compare)
	loc, err := NewLocator(keys)
	require.NoError(t, err)
	require.Equal(t, 2, loc.tab.depth)
	line := []byte("AAABC")
	require.Equal(t, searchRegion(keys, []byte("AAABC\x05"))-1, searchRegion(keys, line))
	assertSameCount(t, "CRLF", loc, bytes.Repeat([]byte("AAABC\r\n"), 600))
	assertSameCount(t, "LF", loc, bytes.Repeat([]byte("AAABCD\n"), 600))
}
