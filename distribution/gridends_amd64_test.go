package distribution

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// gridEnds (the kernel) takes the same lines as endsCells and gives them the same cells,
// on grids with a shared prefix and without, for lines of every length around the grid's
// ends and depth, with \r\n, empty, too long, without the prefix, and near the data's end
// (where no word after the prefix can be read), from every line and up to any to.
func TestGridEndsKernel(t *testing.T) {
	if !cpuHasLineEnds {
		t.Skip("this CPU has no line-end kernels; endsCells is the one loop")
	}
	withGridFrom(t, 1)
	rng := rand.New(rand.NewPCG(52, 10))
	var short [][]byte
	for range 5000 {
		short = append(short, append([]byte("k-"), randomKey(rng, 6+rng.IntN(9), []byte("abcdefg"))...))
	}
	grids := map[string][][]byte{
		"user cut": userSplits(rng, 20_000),
		"k- keys":  slices.CompactFunc(slices.SortedFunc(slices.Values(short), bytes.Compare), bytes.Equal),
		"hex cut":  hexCut(rng, 20_000),
	}
	edges := 0
	for name, keys := range grids {
		loc, g := gridOf(t, keys)
		require.NotNil(t, g.pairs, name)
		var text []byte
		for range 3000 {
			var line []byte
			switch rng.IntN(12) {
			case 0:
				k := keys[rng.IntN(len(keys))]
				line = slices.Clone(k[:rng.IntN(min(len(k), 10)+1)])
			case 1:
				line = randomKey(rng, rng.IntN(20), []byte("uk-ser0189af\r"))
			case 2:
				line = bytes.Repeat([]byte("9"), MaxRowLength-2+rng.IntN(4))
			default:
				k := keys[rng.IntN(len(keys))]
				line = append(slices.Clone(k[:rng.IntN(len(k)+1)]), randomKey(rng, rng.IntN(12), []byte("0123456789abcdefg"))...)
			}
			if rng.IntN(4) == 0 {
				line = append(line, '\r')
			}
			text = append(append(text, line...), '\n')
		}
		var ends []uint32
		for i, b := range text {
			if b == '\n' {
				ends = append(ends, uint32(i))
			}
		}
		var idxs, starts, wantIdxs, wantStarts [gridBatch]uint32
		for range 3000 {
			from := rng.IntN(len(ends))
			start := 0
			if from > 0 {
				start = int(ends[from-1]) + 1
			}
			last := from + rng.IntN(min(len(ends)-from, 2*gridBatch))
			data := text[:min(int(ends[last])+1+rng.IntN(8), len(text))] // a few bytes of the next line, or none
			to := start + 1 + rng.IntN(len(data)-start)
			n, next := gridEnds(g, data, ends[from:last+1], start, to, &idxs, &starts)
			wantN, wantNext := endsCells(g, data, ends[from:last+1], start, to, &wantIdxs, &wantStarts)
			require.Equal(t, [2]int{wantN, wantNext}, [2]int{n, next}, "%s: lines from %d to %d, to %d", name, from, last, to)
			require.Equal(t, wantIdxs[:n], idxs[:n], name)
			require.Equal(t, wantStarts[:n], starts[:n], name)
		}
		// Data that ends one byte short of a word after the shared prefix of line j, or
		// just long enough: the line is left, or taken.
		for j := range ends {
			start := 0
			if j > 0 {
				start = int(ends[j-1]) + 1
			}
			for d := -1; d <= 0; d++ {
				size := start + g.from + 8 + d
				if int(ends[j]) >= size || size > len(text) {
					continue
				}
				k, _ := slices.BinarySearch(ends, uint32(size))
				from := max(0, j-rng.IntN(4))
				begin := 0
				if from > 0 {
					begin = int(ends[from-1]) + 1
				}
				n, next := gridEnds(g, text[:size], ends[from:k], begin, size, &idxs, &starts)
				wantN, wantNext := endsCells(g, text[:size], ends[from:k], begin, size, &wantIdxs, &wantStarts)
				require.Equal(t, [2]int{wantN, wantNext}, [2]int{n, next}, "%s: data to %d, line %d", name, size, j)
				require.Equal(t, wantIdxs[:n], idxs[:n], name)
				if l := len(bytes.TrimSuffix(text[start:ends[j]], []byte("\r"))); d == 0 && l >= g.ends {
					n, _ := gridEnds(g, text[:size], ends[j:k], start, size, &idxs, &starts)
					require.Equal(t, 1, n, "%s: line %d, the last it can take, is taken", name, j)
				}
				edges++
			}
		}
		assertSameCount(t, name, loc, text)
	}
	require.Greater(t, edges, 100, "lines at the data's end")
}

// gridStrideAsm (gridCells' kernel for a grid without a shared prefix) gives each line
// the cell gridCells' word loop gives it, for any stride and bytes, up to the data's end.
func TestGridStrideKernel(t *testing.T) {
	if !cpuHasLineEnds {
		t.Skip("this CPU has no line-end kernels; gridCells' word loop is the one loop")
	}
	rng := rand.New(rand.NewPCG(52, 11))
	withGridFrom(t, 1)
	var letters [][]byte // eight positions of seven letters: all four tables
	for range 20_000 {
		letters = append(letters, randomKey(rng, 10, []byte("abcdefg")))
	}
	letters = slices.CompactFunc(slices.SortedFunc(slices.Values(letters), bytes.Compare), bytes.Equal)
	for _, keys := range [][][]byte{hexCut(rng, 200_000), letters} {
		_, g := gridOf(t, keys)
		require.Zero(t, g.from)
		require.NotNil(t, g.pairs)
		require.Contains(t, []int{6, 8}, g.depth) // the hex cut's, the letters'
		var data []byte
		for range 2000 {
			k := keys[rng.IntN(len(keys))]
			data = append(append(data, k[:rng.IntN(len(k)+1)]...), randomKey(rng, rng.IntN(20), []byte("0123456789abcdefgh\x00\xFF"))...)
		}
		var got, want [gridBatch]uint32
		for range 2000 {
			stride := 1 + rng.IntN(40)
			p := rng.IntN(len(data) - 8)
			end := p + rng.IntN(min(len(data)-p, gridBatch*stride)) + 1
			n := min(gridBatch, (end-p+stride-1)/stride)
			for i := range got {
				got[i] = 0xDEADBEEF
			}
			gridCells(g, data[:end], p, stride, got[:n])
			setWhileTesting(t, &haveLineEnds, false)
			gridCells(g, data[:end], p, stride, want[:n])
			haveLineEnds = true
			if n < gridBatch {
				require.Equal(t, uint32(0xDEADBEEF), got[n], "past the lines")
			}
			require.Equal(t, want[:n], got[:n], "depth %d, stride %d from %d to %d", g.depth, stride, p, end)
		}
	}
}

// noteLinesAsm (the kernel) notes the same cells in the same bins, fills and order as
// noteLinesGo, reports the same ambiguous lines, and stops at the same line: batches of
// cells in ambiguous cells and not, misses (at and past the size), in few bins and many,
// with fills near the 8,192 that stops a batch, on grids of one bin and of 256.
func TestNoteLinesKernel(t *testing.T) {
	if !cpuHasLineEnds {
		t.Skip("this CPU has no line-end kernels; noteLinesGo is the one loop")
	}
	rng := rand.New(rand.NewPCG(52, 12))
	stops := map[string]int{}
	for _, size := range []uint32{1, 700, 1 << 16, 1<<16 + 1, 3 << 20, maxCells} {
		amb := make([]uint64, (size+63)/64)
		for i := range amb {
			switch rng.IntN(3) {
			case 0: // none
			case 1:
				amb[i] = rng.Uint64() & rng.Uint64() & rng.Uint64()
			default:
				amb[i] = rng.Uint64()
			}
		}
		bins := (int(size) + 1<<gridBinShift - 1) >> gridBinShift
		for round := range 200 {
			var fill [gridBinsMax]uint32
			for b := range bins {
				fill[b] = uint32(rng.IntN(1 << gridHeldBits))
				if rng.IntN(3) == 0 {
					fill[b] = 1<<gridHeldBits - 1 - uint32(rng.IntN(3))
				}
			}
			n := 1 + rng.IntN(gridBatch)
			idxs := make([]uint32, n)
			few := uint32(rng.IntN(4)) // a few bins' worth of cells, so that one fills
			for k := range idxs {
				idxs[k] = rng.Uint32N(size)
				if few > 0 {
					idxs[k] = rng.Uint32N(min(size, few<<gridBinShift))
				}
				if rng.IntN(300) == 0 {
					idxs[k] = size + rng.Uint32N(3)*rng.Uint32()
				}
			}
			heldGo := make([]uint16, bins<<gridHeldBits)
			heldAsm := slices.Clone(heldGo)
			fillGo, fillAsm := fill, fill
			var atGo, atAsm [gridBatch]uint16
			iGo, mGo := noteLinesGo(amb, size, &fillGo, heldGo, idxs, &atGo)
			iAsm, mAsm := noteLinesAsm(&idxs[0], len(idxs), &amb[0], size, &fillAsm, &heldAsm[0], &atAsm)
			name := func() string { return "size " + strconv.Itoa(int(size)) + " round " + strconv.Itoa(round) }
			require.Equal(t, iGo, iAsm, name())
			require.Equal(t, mGo, mAsm, name())
			require.Equal(t, atGo[:mGo], atAsm[:mAsm], name())
			require.Equal(t, fillGo, fillAsm, name())
			require.True(t, slices.Equal(heldGo, heldAsm), name())
			switch {
			case iGo == n:
				stops["none"]++
			case idxs[iGo] >= size:
				stops["miss"]++
			default:
				stops["full"]++
			}
			if mGo > 0 {
				stops["ambiguous"]++
			}
		}
	}
	for _, s := range []string{"none", "miss", "full", "ambiguous"} {
		require.Positive(t, stops[s], "no batch reached %s", s)
	}
}
