package sample

import (
	"fmt"
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
