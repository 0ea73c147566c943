package sample

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBufferedSketchWeight: after every Add, a buffered sketch's items weigh what was
// added (each flush of the buffer, and each level it carries up through, keeps the weight
// exactly), with keys of weight 1 and of any weight.
func TestBufferedSketchWeight(t *testing.T) {
	for _, weighted := range []bool{false, true} {
		s := newBufferedSketch(64<<10, 16)
		for i := range 200_000 {
			w := uint64(1)
			if weighted {
				w = uint64(i%37 + 1)
			}
			s.Add(fmt.Appendf(nil, "%016x", uint64(i)*0x9E3779B97F4A7C15), w)
			var sum uint64
			for h := range s.levels {
				sum += uint64(len(s.levels[h].items)) << h
			}
			if sum != s.weight {
				t.Fatalf("weighted=%v: after %d keys the items weigh %d, %d were added", weighted, i+1, sum, s.weight)
			}
		}
		if len(s.levels) < 4 {
			t.Fatalf("only %d levels: the buffer never carried a run up", len(s.levels))
		}
	}
}

// TestSortLSD: the level-0 buffer's sort orders as the exact sample's sort does, on keys
// with shared prefixes, short keys, zero bytes and duplicates.
func TestSortLSD(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, n := range []int{0, 1, 5, 33, 1000, 20_000} {
		var arena []byte
		var items []ref
		for range n {
			var key []byte
			switch rng.IntN(4) {
			case 0:
				key = fmt.Appendf(nil, "%016x", rng.Uint64()>>rng.IntN(64))
			case 1:
				key = []byte{byte(rng.IntN(3)), 0, byte(rng.IntN(2))}[:rng.IntN(4)]
			case 2:
				key = fmt.Appendf(nil, "samepref%d", rng.IntN(50))
			default:
				key = make([]byte, rng.IntN(12))
				for i := range key {
					key[i] = byte(rng.IntN(256))
				}
			}
			items = append(items, ref{pre: prefix(key), loc: packLoc(0, len(arena), len(key), 1)})
			arena = append(arena, key...)
		}
		got := slices.Clone(items)
		sortLSD(got, make([]ref, len(got)), arena)
		want := slices.Clone(items)
		slices.SortStableFunc(want, func(a, b ref) int { return bytes.Compare(keyAt([][]byte{arena}, a), keyAt([][]byte{arena}, b)) })
		for i := range want {
			if !bytes.Equal(keyAt([][]byte{arena}, got[i]), keyAt([][]byte{arena}, want[i])) {
				t.Fatalf("n=%d: key %d is %q, want %q", n, i, keyAt([][]byte{arena}, got[i]), keyAt([][]byte{arena}, want[i]))
			}
		}
	}
}

// TestSketchModeMemory: past its memory a collector's parts turn to sketches whose
// level-0 buffers take the memory left over (--memory less the exact half and
// sketchReserve), sized once: their arrays stay within it while keys keep coming, adding
// keys allocates nothing more, and the Go heap stays under --memory throughout.
func TestSketchModeMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("2,000,000 keys")
	}
	const memory = 48 << 20
	budget := memory - memory/2 - sketchReserve
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	c := NewCollector(Options{Memory: memory, Holdout: -1})
	key := make([]byte, 32)
	var raw [16]byte
	var peak uint64
	var allocAtSwitch uint64
	for i := range 2_000_000 {
		binary.BigEndian.PutUint64(raw[:], uint64(i)*0x9E3779B97F4A7C15)
		binary.BigEndian.PutUint64(raw[8:], uint64(i))
		hex.Encode(key, raw[:])
		c.Add(key, 1)
		if i%100_000 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc-base)
			if i == 1_000_000 {
				require.True(t, c.over.Load(), "the collector had not turned to sketches by key %d", i)
				allocAtSwitch = ms.TotalAlloc
			}
		}
	}
	runtime.ReadMemStats(&ms)
	require.True(t, c.over.Load(), "the collector never turned to sketches")
	require.Len(t, c.parts, 1)
	p := c.parts[0]
	require.Positive(t, p.sk.buf0)
	require.Positive(t, p.heldSk.buf0)
	assert.Equal(t, int64(budget), p.skBudget)
	// Each buffer within its share; the sketch's upper levels (about 3K keys of 32 bytes)
	// within sketchReserve's allowance.
	for _, sk := range []*Sketch{p.sk, p.heldSk} {
		assert.LessOrEqual(t, sk.footprint(), sk.buf0+2<<20, "buffer of %d bytes", sk.buf0)
	}
	assert.LessOrEqual(t, p.sk.footprint()+p.heldSk.footprint(), budget+4<<20)
	// What the last keys allocate is the levels growing as the sample does (each level
	// added on top raises the others' capacities by 3/2), not anything per key.
	assert.Less(t, ms.TotalAlloc-allocAtSwitch, uint64(1536<<10), "the last 1,000,000 keys added to the sketches allocated")
	assert.Less(t, peak, uint64(memory), "heap peaked at %d bytes", peak)
	t.Logf("buffers %d + %d bytes of %d; heap peak %d bytes; %d bytes allocated by the last 1,000,000 keys",
		p.sk.footprint(), p.heldSk.footprint(), budget, peak, ms.TotalAlloc-allocAtSwitch)
}
