package sample

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
)

// Weighted is a run of keys with weights in one arena; after sortMerge the keys are
// distinct and in unsigned byte order.
type Weighted struct {
	arena []byte
	refs  []ref
	total uint64
}

// ref is a key in the arena: its first 8 bytes (for fast compares), its offset and length
// packed as off<<16|len (a row key is at most 32767 bytes), and its weight.
type ref struct {
	pre  uint64
	offn uint64
	w    uint64
}

// refSize is the memory a key costs besides its bytes.
const refSize = 24

func (w *Weighted) add(key []byte, weight uint64) {
	w.refs = append(w.refs, ref{pre: prefix(key), offn: uint64(len(w.arena))<<16 | uint64(len(key)), w: weight})
	w.arena = append(w.arena, key...)
	w.total += weight
}

func (w *Weighted) keyOf(r ref) []byte {
	off := r.offn >> 16
	return w.arena[off : off+r.offn&0xFFFF]
}

// Len is the number of keys; Key and Weight the i-th.
func (w *Weighted) Len() int            { return len(w.refs) }
func (w *Weighted) Key(i int) []byte    { return w.keyOf(w.refs[i]) }
func (w *Weighted) Weight(i int) uint64 { return w.refs[i].w }

// Total is the keys' total weight.
func (w *Weighted) Total() uint64 { return w.total }

// sortMerge sorts the keys (unsigned bytes) and merges equal ones, adding their weights.
func (w *Weighted) sortMerge() {
	slices.SortFunc(w.refs, func(a, b ref) int {
		if a.pre != b.pre {
			return cmp.Compare(a.pre, b.pre)
		}
		return bytes.Compare(w.keyOf(a), w.keyOf(b))
	})
	out := w.refs[:0]
	for i, r := range w.refs {
		if i > 0 {
			last := &out[len(out)-1]
			if last.pre == r.pre && bytes.Equal(w.keyOf(*last), w.keyOf(r)) {
				last.w += r.w
				continue
			}
		}
		out = append(out, r)
	}
	w.refs = out
}

// TooFewError is a sample that cannot give the regions asked for: it has fewer distinct
// keys (with a delimiter: leading fields) than regions.
type TooFewError struct {
	Have      int
	Regions   int
	Delimiter []byte
	Sketch    bool // counted on the sketch's retained keys
}

func (e *TooFewError) Error() string {
	what := "distinct keys"
	if e.Delimiter != nil {
		what = fmt.Sprintf("distinct leading fields (before %q)", e.Delimiter)
	}
	where := "the sample has"
	if e.Sketch {
		where = "the sample's sketch retains"
	}
	return fmt.Sprintf("%s %d %s, fewer than the %d regions asked for: each region needs at least one", where, e.Have, what, e.Regions)
}

// Separator is the shortest key s with a < s <= b (a < b): b cut just past the two keys'
// common prefix. Between user0042|1700000000 and user0043|1600000000 it is user0043.
func Separator(a, b []byte) []byte {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return b[:n+1]
}

// field is the key's leading field: its bytes before the first delimiter, or all of it.
func field(key, delim []byte) []byte {
	if i := bytes.Index(key, delim); i >= 0 {
		return key[:i]
	}
	return key
}

// cutPoints chooses regions-1 cut positions in w (sorted, distinct): position j cuts
// before key j. Each cut is the allowed position whose cumulative weight is closest to
// i/regions of the total; cuts are then spread so that they strictly increase. With a
// delimiter a cut is allowed only between keys of different leading fields, so rows that
// share one stay in one region.
func cutPoints(w *Weighted, regions int, delim []byte) ([]int, []uint64, error) {
	n := w.Len()
	cum := make([]uint64, n+1) // cum[j]: weight of keys before j
	for i := range n {
		cum[i+1] = cum[i] + w.refs[i].w
	}
	var cand []int
	for j := 1; j < n; j++ {
		if delim == nil || !bytes.Equal(field(w.Key(j-1), delim), field(w.Key(j), delim)) {
			cand = append(cand, j)
		}
	}
	if len(cand)+1 < regions {
		return nil, nil, &TooFewError{Have: len(cand) + 1, Regions: regions, Delimiter: delim}
	}
	total := float64(cum[n])
	idx := make([]int, regions-1)
	for i := range idx {
		target := total * float64(i+1) / float64(regions)
		k, _ := slices.BinarySearchFunc(cand, target, func(j int, t float64) int { return cmp.Compare(float64(cum[j]), t) })
		if k == len(cand) || (k > 0 && target-float64(cum[cand[k-1]]) <= float64(cum[cand[k]])-target) {
			k-- // the nearer of the two candidates around the target (ties: the lower)
		}
		// Leave room for the cuts before and after: they must strictly increase.
		idx[i] = min(max(k, i), len(cand)-len(idx)+i)
		if i > 0 && idx[i] <= idx[i-1] {
			idx[i] = idx[i-1] + 1
		}
	}
	pos := make([]int, len(idx))
	for i, k := range idx {
		pos[i] = cand[k]
	}
	return pos, cum, nil
}

// Boundaries cuts w into regions of about equal weight and returns the split keys (each
// the Separator of its two neighbours) and each region's weight.
func Boundaries(w *Weighted, regions int, delim []byte) ([][]byte, []float64, error) {
	if regions < 1 {
		return nil, nil, fmt.Errorf("regions must be at least 1, got %d", regions)
	}
	if len(delim) == 0 {
		delim = nil
	}
	pos, cum, err := cutPoints(w, regions, delim)
	if err != nil {
		return nil, nil, err
	}
	keys := make([][]byte, len(pos))
	shares := make([]float64, regions)
	prev := 0
	for i, j := range pos {
		keys[i] = slices.Clone(Separator(w.Key(j-1), w.Key(j)))
		shares[i] = float64(cum[j] - cum[prev])
		prev = j
	}
	shares[regions-1] = float64(cum[w.Len()] - cum[prev])
	return keys, shares, nil
}

// Shares is the weight of w's keys in each region of the split keys (sorted).
func Shares(w *Weighted, keys [][]byte) []float64 {
	shares := make([]float64, len(keys)+1)
	r := 0
	for i := range w.Len() {
		k := w.Key(i)
		for r < len(keys) && bytes.Compare(k, keys[r]) >= 0 {
			r++
		}
		shares[r] += float64(w.refs[i].w)
	}
	return shares
}

// Imbalance is the largest share over the mean; 0 without weight.
func Imbalance(shares []float64) float64 {
	var sum, largest float64
	for _, s := range shares {
		sum += s
		largest = max(largest, s)
	}
	if sum == 0 {
		return 0
	}
	return largest / (sum / float64(len(shares)))
}
