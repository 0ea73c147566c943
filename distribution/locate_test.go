package distribution

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// searchRegion is the independent answer: the number of split keys <= key, by sort.Search.
func searchRegion(splits [][]byte, key []byte) int {
	return sort.Search(len(splits), func(i int) bool { return bytes.Compare(splits[i], key) > 0 })
}

// randomSplits returns n distinct sorted keys of 1..maxLen bytes drawn from alphabet.
func randomSplits(rng *rand.Rand, n, maxLen int, alphabet []byte) [][]byte {
	seen := map[string]bool{}
	var keys [][]byte
	for len(keys) < n {
		k := randomKey(rng, 1+rng.IntN(maxLen), alphabet)
		if !seen[string(k)] {
			seen[string(k)] = true
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, bytes.Compare)
	return keys
}

func randomKey(rng *rand.Rand, n int, alphabet []byte) []byte {
	k := make([]byte, n)
	for i := range k {
		k[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return k
}

var allBytes = func() []byte {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}()

func TestLocateMatchesSortSearch(t *testing.T) {
	tests := []struct {
		name     string
		regions  int
		maxLen   int
		alphabet []byte
	}{
		{"one region", 1, 4, allBytes},
		{"two regions", 2, 4, allBytes},
		{"hex prefixes", 1000, 4, []byte("0123456789abcdef")},
		{"short binary keys", 300, 4, []byte{0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF}},
		{"dense bytes", 5000, 3, allBytes},
		{"long keys", 200, 40, []byte("ab")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(tt.regions)))
			splits := randomSplits(rng, tt.regions-1, tt.maxLen, tt.alphabet)
			loc, err := NewLocator(splits)
			require.NoError(t, err)
			assert.Equal(t, tt.regions, loc.Regions())
			probe := func(key []byte) {
				t.Helper()
				if got, want := loc.Locate(key), searchRegion(splits, key); got != want {
					t.Fatalf("Locate(%x) = %d, sort.Search says %d", key, got, want)
				}
			}
			probe(nil)
			probe([]byte{0})
			probe([]byte{0xFF, 0xFF, 0xFF})
			for _, s := range splits {
				probe(s)                             // a split key starts its region
				probe(s[:len(s)-1])                  // its prefix
				probe(append(slices.Clone(s), 0x00)) // just after it
				probe(append(slices.Clone(s), 0xFF))
			}
			for range 20000 {
				probe(randomKey(rng, rng.IntN(tt.maxLen+2), tt.alphabet))
			}
		})
	}
}

// More two-byte prefixes with several split keys than there are third-byte tables: the
// prefixes past the budget take the general path, with the same answers.
func TestLocateBeyondFastTables(t *testing.T) {
	var splits [][]byte
	for p := range maxFastTables + 300 {
		for _, rest := range []string{"a", "b", "bb", "c\x00"} {
			splits = append(splits, append([]byte{byte(p >> 8), byte(p)}, rest...))
		}
	}
	loc, err := NewLocator(splits)
	require.NoError(t, err)
	require.Len(t, loc.tables, maxFastTables*256)
	rng := rand.New(rand.NewPCG(9, 9))
	for range 50000 {
		p := rng.IntN(maxFastTables + 400)
		key := append([]byte{byte(p >> 8), byte(p)}, randomKey(rng, rng.IntN(4), []byte("abc\x00"))...)
		if got, want := loc.Locate(key), searchRegion(splits, key); got != want {
			t.Fatalf("Locate(%x) = %d, sort.Search says %d", key, got, want)
		}
	}
}

func TestNewLocatorRejects(t *testing.T) {
	tests := []struct {
		name string
		keys [][]byte
		want string
	}{
		{"empty key", [][]byte{{}, []byte("a")}, "key 0 is empty"},
		{"duplicate", [][]byte{[]byte("a"), []byte("a")}, `key 1 "a" does not sort after key 0 "a"`},
		{"unsorted", [][]byte{[]byte("b"), []byte("a")}, `key 1 "a" does not sort after key 0 "b"`},
		{"signed order", [][]byte{{0x80}, {0x7F}}, `key 1 "\x7F" does not sort after key 0 "\x80"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewLocator(tt.keys)
			require.ErrorIs(t, err, ErrSplitOrder)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// Checked in parts, a long list's first bad key is the one reported, whichever part
// finds a bad key first.
func TestNewLocatorRejectsFirst(t *testing.T) {
	keys := make([][]byte, 300_000)
	for i := range keys {
		keys[i] = fmt.Appendf(nil, "k%07d", i)
	}
	keys[250_000] = []byte("a")
	keys[200_001] = keys[200_000]
	keys[150_000] = nil
	_, err := NewLocator(keys)
	require.ErrorIs(t, err, ErrSplitOrder)
	assert.Contains(t, err.Error(), "key 150000 is empty")
	keys[150_000] = []byte("k0150000")
	_, err = NewLocator(keys)
	assert.Contains(t, err.Error(), `key 200001 "k0200000" does not sort after key 200000 "k0200000"`)
}

func TestLocateDoesNotAllocate(t *testing.T) {
	loc, err := NewLocator(hexSplits(1000))
	require.NoError(t, err)
	key := []byte("3f2a9c00d1e2f3a4b5c6d7e8f9a0b1c2")
	allocs := testing.AllocsPerRun(1000, func() { loc.Locate(key) })
	assert.Zero(t, allocs)
}

// hexSplits is regions-1 evenly spaced 4-hex-digit split keys, as --prefix hex would give.
func hexSplits(regions int) [][]byte {
	keys := make([][]byte, 0, regions-1)
	for i := 1; i < regions; i++ {
		keys = append(keys, fmt.Appendf(nil, "%04x", i*0x10000/regions))
	}
	return keys
}

// scriptSplits is the split keys bench/verify.sh uses: regions-1 evenly spaced 3-hex-digit
// keys.
func scriptSplits(regions int) [][]byte {
	keys := make([][]byte, 0, regions-1)
	for i := 1; i < regions; i++ {
		keys = append(keys, fmt.Appendf(nil, "%03x", i*4096/regions))
	}
	return keys
}

// benchKeys are n 32-byte hex-prefixed keys, as bench/verify.sh generates.
func benchKeys(n int) [][]byte {
	rng := rand.New(rand.NewPCG(7, 7))
	keys := make([][]byte, n)
	for i := range keys {
		keys[i] = fmt.Appendf(nil, "%016x%016x", rng.Uint64(), rng.Uint64())
	}
	return keys
}

func BenchmarkLocate(b *testing.B) {
	keys := benchKeys(1 << 16)
	for _, bc := range []struct {
		name   string
		splits [][]byte
	}{
		{"regions=10", hexSplits(10)},
		{"regions=1000", hexSplits(1000)},
		{"regions=60000", hexSplits(60000)},
		{"regions=1000/3-digit", scriptSplits(1000)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			loc, err := NewLocator(bc.splits)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			sum := 0
			i := 0
			for b.Loop() {
				sum += loc.Locate(keys[i&(len(keys)-1)])
				i++
			}
			if sum < 0 {
				b.Fatal(sum)
			}
		})
	}
}

// BenchmarkNewLocator is building the locator of a million listed split keys: a sample
// cut of hex keys and one of user-%d keys, as verify takes them from a SPLITS_FILE.
func BenchmarkNewLocator(b *testing.B) {
	for _, bc := range millionSplits(rand.New(rand.NewPCG(38, 6))) {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewSplitLocator(bc.keys, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
