package sample

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"sync"
)

// Weighted is a run of keys with weights, their bytes in one or more arenas (chunks: one
// per reading part); after sortMerge the keys are distinct and in unsigned byte order, and
// cum holds their cumulative weights.
type Weighted struct {
	chunks [][]byte
	refs   []ref
	cum    []uint64 // sorted: cum[i] is the weight of the keys before key i (len(refs)+1)
	total  uint64
	owners []*mapping // file mappings chunks lie in: kept while the keys are
}

// ref is a key in an arena: its first 8 bytes (for fast compares and the radix sort) and
// its place, packed as chunk<<56 | offset<<16 | weighted<<15 | length (a row key is at
// most 32767 bytes, an arena at most maxArena bytes, at most maxChunks arenas). A key
// weighs 1 unless weighted: then its weight follows its bytes in the arena, a uvarint.
// (Keys of weight 1, lines and scan samples, cost no weight at all; a tsv line's tab and
// digits always leave room for the uvarint where the key was read in place.)
type ref struct {
	pre uint64
	loc uint64
}

// refCost is the memory a key costs besides its bytes: its ref, and its cumulative weight
// once sorted.
const refCost = 24

const (
	maxArena    = 1 << 40
	maxChunks   = 256
	weightedBit = 1 << 15
	lenMask     = weightedBit - 1
)

func packLoc(chunk, off, n int, weight uint64) uint64 {
	loc := uint64(chunk)<<56 | uint64(off)<<16 | uint64(n)
	if weight != 1 {
		loc |= weightedBit
	}
	return loc
}

// add appends a key to the last chunk (a test helper and the sketch's export).
func (w *Weighted) add(key []byte, weight uint64) {
	if len(w.chunks) == 0 {
		w.chunks = append(w.chunks, nil)
	}
	c := len(w.chunks) - 1
	w.refs = append(w.refs, ref{pre: prefix(key), loc: packLoc(c, len(w.chunks[c]), len(key), weight)})
	w.chunks[c] = append(w.chunks[c], key...)
	if weight != 1 {
		w.chunks[c] = binary.AppendUvarint(w.chunks[c], weight)
	}
	w.total += weight
}

func (w *Weighted) keyOf(r ref) []byte { return keyAt(w.chunks, r) }

func keyAt(chunks [][]byte, r ref) []byte {
	off := r.loc >> 16 & (maxArena - 1)
	return chunks[r.loc>>56][off : off+r.loc&lenMask]
}

func weightAt(chunks [][]byte, r ref) uint64 {
	if r.loc&weightedBit == 0 {
		return 1
	}
	end := r.loc>>16&(maxArena-1) + r.loc&lenMask
	w, _ := binary.Uvarint(chunks[r.loc>>56][end:])
	return w
}

// Len is the number of keys; Key and Weight the i-th (Weight: sorted runs only).
func (w *Weighted) Len() int            { return len(w.refs) }
func (w *Weighted) Key(i int) []byte    { return w.keyOf(w.refs[i]) }
func (w *Weighted) Weight(i int) uint64 { return w.cum[i+1] - w.cum[i] }

// Total is the keys' total weight.
func (w *Weighted) Total() uint64 { return w.total }

// sortMerge sorts the keys (unsigned bytes) and merges equal ones, adding their weights.
func (w *Weighted) sortMerge() {
	w.refs, w.cum = mergeEqual(w.chunks, sortRefs(w.chunks, [][]ref{w.refs}))
}

// mergeEqual merges runs of equal keys in sorted refs and returns the distinct keys with
// their cumulative weights. Big runs are cut into one segment per core, never between
// two equal keys; each segment merges its keys where they are and sets down their weights,
// then the segments move down one after another and the weights add up.
func mergeEqual(chunks [][]byte, refs []ref) ([]ref, []uint64) {
	n := len(refs)
	segs := 1
	if n >= 1<<16 {
		segs = runtime.GOMAXPROCS(0)
	}
	bounds := make([]int, segs+1)
	for i := 1; i < segs; i++ {
		b := max(n*i/segs, bounds[i-1])
		for b > 0 && b < n && refs[b].pre == refs[b-1].pre && bytes.Equal(keyAt(chunks, refs[b]), keyAt(chunks, refs[b-1])) {
			b++
		}
		bounds[i] = b
	}
	bounds[segs] = n
	cum := make([]uint64, n+1) // cum[1+j]: first the weight of key j, then the sum to it
	distinct := make([]int, segs)
	var wg sync.WaitGroup
	for i := range segs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := bounds[i], bounds[i+1]
			k := lo // the next distinct key goes to refs[k]
			for j := lo; j < hi; j++ {
				r := refs[j]
				wt := weightAt(chunks, r)
				if k > lo {
					last := refs[k-1]
					if last.pre == r.pre && bytes.Equal(keyAt(chunks, last), keyAt(chunks, r)) {
						cum[k] += wt
						continue
					}
				}
				refs[k] = r
				cum[k+1] = wt
				k++
			}
			distinct[i] = k - lo
		}()
	}
	wg.Wait()
	out := bounds[0]
	for i := range segs {
		lo := bounds[i]
		copy(refs[out:], refs[lo:lo+distinct[i]])
		copy(cum[out+1:], cum[lo+1:lo+1+distinct[i]])
		out += distinct[i]
	}
	for j := 1; j <= out; j++ {
		cum[j] += cum[j-1]
	}
	return refs[:out], cum[:out+1]
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
	cum := w.cum // cum[j]: weight of keys before j
	// cand(k) is the k-th allowed cut position: every position 1..n-1 without a delimiter,
	// else those between two leading fields.
	ncand := n - 1
	cand := func(k int) int { return k + 1 }
	if delim != nil {
		var c []int
		for j := 1; j < n; j++ {
			if !bytes.Equal(field(w.Key(j-1), delim), field(w.Key(j), delim)) {
				c = append(c, j)
			}
		}
		ncand, cand = len(c), func(k int) int { return c[k] }
	}
	ncand = max(ncand, 0)
	if ncand+1 < regions {
		return nil, nil, &TooFewError{Have: ncand + 1, Regions: regions, Delimiter: delim}
	}
	total := float64(cum[n])
	idx := make([]int, regions-1)
	for i := range idx {
		target := total * float64(i+1) / float64(regions)
		k := sort.Search(ncand, func(k int) bool { return float64(cum[cand(k)]) >= target })
		if k == ncand || (k > 0 && target-float64(cum[cand(k-1)]) <= float64(cum[cand(k)])-target) {
			k-- // the nearer of the two candidates around the target (ties: the lower)
		}
		// Leave room for the cuts before and after: they must strictly increase.
		idx[i] = min(max(k, i), ncand-len(idx)+i)
		if i > 0 && idx[i] <= idx[i-1] {
			idx[i] = idx[i-1] + 1
		}
	}
	pos := make([]int, len(idx))
	for i, k := range idx {
		pos[i] = cand(k)
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

// Shares is the weight of w's keys in each region of the split keys (sorted); w need not
// be sorted: each key finds its region by binary search.
func Shares(w *Weighted, keys [][]byte) []float64 {
	pres := make([]uint64, len(keys))
	for i, k := range keys {
		pres[i] = prefix(k)
	}
	count := func(from, to int) []uint64 {
		counts := make([]uint64, len(keys)+1)
		for i := from; i < to; i++ {
			r := w.refs[i]
			k := w.keyOf(r)
			// The region is the number of split keys <= k.
			lo, hi := 0, len(keys)
			for lo < hi {
				m := int(uint(lo+hi) >> 1)
				if pres[m] < r.pre || (pres[m] == r.pre && bytes.Compare(keys[m], k) <= 0) {
					lo = m + 1
				} else {
					hi = m
				}
			}
			if w.cum != nil { // sorted and merged: the weights are in cum
				counts[lo] += w.cum[i+1] - w.cum[i]
			} else {
				counts[lo] += weightAt(w.chunks, r)
			}
		}
		return counts
	}
	// Big samples: a share of the keys per core.
	n := 1
	if len(w.refs) >= 1<<16 {
		n = runtime.GOMAXPROCS(0)
	}
	parts := make([][]uint64, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			parts[i] = count(len(w.refs)*i/n, len(w.refs)*(i+1)/n)
		}()
	}
	wg.Wait()
	shares := make([]float64, len(keys)+1)
	for i := range shares {
		var c uint64
		for _, p := range parts {
			c += p[i]
		}
		shares[i] = float64(c)
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
