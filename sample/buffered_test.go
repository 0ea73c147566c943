package sample

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
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
