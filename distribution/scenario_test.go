package distribution

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

// The inputs of bench/verify.sh's scenarios, smaller: deterministic synthetic keys and the
// split keys presplit would use for them.

// hexText is n lines of 32 random lowercase hex digits.
func hexText(rng *rand.Rand, n int) []byte {
	var b bytes.Buffer
	for range n {
		fmt.Fprintf(&b, "%016x%016x\n", rng.Uint64(), rng.Uint64())
	}
	return b.Bytes()
}

// binaryText is n lines of 16 random bytes in toStringBinary form.
func binaryText(rng *rand.Rand, n int) []byte {
	var b []byte
	var raw [16]byte
	for range n {
		for i := range raw {
			raw[i] = byte(rng.Uint32())
		}
		b = append(hbytes.AppendStringBinary(b, raw[:]), '\n')
	}
	return b
}

// userKey is user- and a number of 3 to 35 digits: 8 to 40 bytes.
func userKey(rng *rand.Rand) []byte {
	b := append(make([]byte, 0, 40), "user-"...)
	b = append(b, byte('1'+rng.IntN(9)))
	for range 2 + rng.IntN(33) {
		b = append(b, byte('0'+rng.IntN(10)))
	}
	return b
}

// userText is n user-%d lines.
func userText(rng *rand.Rand, n int) []byte {
	var b []byte
	for range n {
		b = append(append(b, userKey(rng)...), '\n')
	}
	return b
}

// userSplits are the split keys of regions regions at even quantiles of a user-%d sample.
func userSplits(rng *rand.Rand, regions int) [][]byte {
	sample := make([][]byte, min(50*regions, 4_000_000)) // 4 a region at 1e6: sorting stays seconds

	for i := range sample {
		sample[i] = userKey(rng)
	}
	slices.SortFunc(sample, bytes.Compare)
	var keys [][]byte
	for i := 1; i < regions; i++ {
		if k := sample[i*len(sample)/regions]; len(keys) == 0 || !bytes.Equal(k, keys[len(keys)-1]) {
			keys = append(keys, k)
		}
	}
	return keys
}

// prefixSplits are the split keys of presplit splits --prefix spec --regions n.
func prefixSplits(t testing.TB, spec string, regions int) [][]byte {
	t.Helper()
	return prefixSplit(t, spec, regions).Keys.Slices()
}

// prefixSplit is presplit splits --prefix spec --regions n, with its rule.
func prefixSplit(t testing.TB, spec string, regions int) splits.Split {
	t.Helper()
	p, err := splits.ParsePrefix(spec)
	if err != nil {
		t.Fatal(err)
	}
	s, err := splits.Generate(p, regions, splits.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// algoSplits are the split keys of presplit splits --algo algo --regions n.
func algoSplits(t testing.TB, algo string, regions int) [][]byte {
	t.Helper()
	return algoSplit(t, algo, regions).Keys.Slices()
}

// algoSplit is presplit splits --algo algo --regions n, with its rule when it has one.
func algoSplit(t testing.TB, algo string, regions int) splits.Split {
	t.Helper()
	s, err := splits.RegionSplitter(algo, regions, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type scenario struct {
	name  string
	split func() splits.Split // its Rule as verify has it: NewSplitLocator chooses the locator
	text  []byte
}

// scenarios are bench/verify.sh's, with about size bytes of keys each. Their splits are
// made when a benchmark runs (a million from a sample take seconds).
func scenarios(t testing.TB, size int) []scenario {
	rng := rand.New(rand.NewPCG(14, 14))
	hex := hexText(rng, size/33)
	user := userText(rng, size/25)
	binary := binaryText(rng, size/46)
	users := func(regions int) func() splits.Split {
		return func() splits.Split {
			return splits.Split{Keys: splits.KeysOf(userSplits(rand.New(rand.NewPCG(14, uint64(regions))), regions)...)}
		}
	}
	return []scenario{
		{"hex/regions=1000", func() splits.Split { return prefixSplit(t, "hex", 1000) }, hex},
		{"hex/regions=100000", func() splits.Split { return prefixSplit(t, "hex", 100000) }, hex},
		{"hex/regions=1000000", func() splits.Split { return prefixSplit(t, "hex", 1000000) }, hex},
		{"hex/regions=10000000", func() splits.Split { return prefixSplit(t, "hex", 10000000) }, hex},
		{"UniformSplit/regions=1000", func() splits.Split { return algoSplit(t, "UniformSplit", 1000) }, binary},
		{"user/regions=1000", users(1000), user},
		{"user/regions=1000000", users(1000000), user},
	}
}

// BenchmarkCountScenario is one worker's loop over each scenario's keys in memory, with the
// locator verify takes for it: the bound on what a core can count (bench/verify.sh
// measures the whole command).
func BenchmarkCountScenario(b *testing.B) {
	for _, sc := range scenarios(b, 8<<20) {
		b.Run(sc.name, func(b *testing.B) {
			split := sc.split()
			loc, err := NewSplitLocator(split.Keys, split.Rule)
			if err != nil {
				b.Fatal(err)
			}
			c := newLineCounter(loc, false)
			b.Cleanup(c.release)
			b.ReportAllocs()
			b.SetBytes(int64(len(sc.text)))
			for b.Loop() {
				if _, err := c.count(sc.text, len(sc.text)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
