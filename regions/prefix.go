package regions

import (
	"math/big"

	"github.com/presplit/presplit/splits"
)

// Edge is where a boundary key falls against a rowkey prefix of W positions.
type Edge int

const (
	// OnEdge: the key is a whole prefix (W alphabet bytes, `3f`), or a whole prefix and one
	// byte above every alphabet byte (`3f|`, the delimited form that closes bucket 3f).
	OnEdge Edge = iota
	// InsideBucket: the key starts with a whole prefix and goes on (`3f7a...`): HBase's own
	// split inside a bucket.
	InsideBucket
	// OffAlphabet: the key does not start with a whole prefix (shorter, or a byte outside
	// the alphabet): the table was pre-split on another prefix. Treated as an edge.
	OffAlphabet
)

func (e Edge) String() string {
	return [...]string{"on an edge", "inside a bucket", "off the alphabet"}[e]
}

// prefixEdges answers questions about a prefix's bucket edges.
type prefixEdges struct {
	p      splits.Prefix
	in     [256]bool
	digit  [256]int // digit of an alphabet byte
	below  [256]int // alphabet bytes < b
	maxAlp byte
	count  *big.Int // A^W
}

func newPrefixEdges(p splits.Prefix) *prefixEdges {
	e := &prefixEdges{p: p, count: p.Size()}
	for i, c := range p.Alphabet {
		e.in[c] = true
		e.digit[c] = i
	}
	n := 0
	for b := 0; b < 256; b++ {
		e.below[b] = n
		if e.in[b] {
			n++
		}
	}
	e.maxAlp = p.Alphabet[len(p.Alphabet)-1]
	return e
}

// classify says where a boundary key falls.
func (e *prefixEdges) classify(k []byte) Edge {
	w := e.p.Width
	if len(k) < w {
		return OffAlphabet
	}
	for _, c := range k[:w] {
		if !e.in[c] {
			return OffAlphabet
		}
	}
	switch {
	case len(k) == w:
		return OnEdge
	case len(k) == w+1 && k[w] > e.maxAlp:
		return OnEdge
	}
	return InsideBucket
}

// mergeable is whether the key range [start, end) (end empty: the table's end) lies in one
// bucket: no whole prefix strictly inside it. Merged regions must, so that a salt or hash
// bucket keeps its own regions. A region that already spans buckets (a pre-split with
// fewer regions than prefixes) is never merged.
func (e *prefixEdges) mergeable(start, end []byte) bool {
	lo, hi := e.inside(start, end)
	return lo.Cmp(hi) >= 0
}

// inside is the index range [lo, hi) of the whole prefixes strictly inside [start, end).
func (e *prefixEdges) inside(start, end []byte) (lo, hi *big.Int) {
	lo = e.countBelow(start) // first edge index >= start
	if len(start) == e.p.Width && e.classify(start) == OnEdge {
		lo.Add(lo, big.NewInt(1)) // strictly above start
	}
	hi = new(big.Int).Set(e.count) // one past the last edge < end
	if len(end) > 0 {
		hi = e.countBelow(end)
	}
	return lo, hi
}

// countBelow is the number of edges (whole prefixes) p with p < k.
func (e *prefixEdges) countBelow(k []byte) *big.Int {
	a := big.NewInt(int64(len(e.p.Alphabet)))
	n := new(big.Int)
	w := e.p.Width
	for j := 0; j < w; j++ {
		if j >= len(k) {
			// k is a proper prefix of the edges that follow D: they sort after it
			rest := new(big.Int).Exp(a, big.NewInt(int64(w-j)), nil)
			return n.Mul(n, rest)
		}
		c := k[j]
		n.Mul(n, a)
		n.Add(n, big.NewInt(int64(e.below[c])))
		if !e.in[c] {
			// every edge with a smaller byte here is below k, every other above
			rest := new(big.Int).Exp(a, big.NewInt(int64(w-j-1)), nil)
			return n.Mul(n, rest)
		}
	}
	if len(k) > w {
		n.Add(n, big.NewInt(1)) // the whole prefix k[:w] itself
	}
	return n
}

// edge is the i-th whole prefix (from 0).
func (e *prefixEdges) edge(i *big.Int) []byte {
	a := big.NewInt(int64(len(e.p.Alphabet)))
	out := make([]byte, e.p.Width)
	q, r := new(big.Int).Set(i), new(big.Int)
	for j := e.p.Width - 1; j >= 0; j-- {
		q.QuoRem(q, a, r)
		out[j] = e.p.Alphabet[r.Int64()]
	}
	return out
}

// middleEdge is the whole prefix strictly inside [start, end) (end empty: the table's
// end) nearest the middle of the edges inside it, the lower one on a tie; ok is false
// when no edge lies strictly inside.
func (e *prefixEdges) middleEdge(start, end []byte) ([]byte, bool) {
	lo, hi := e.inside(start, end)
	if lo.Cmp(hi) >= 0 {
		return nil, false
	}
	mid := new(big.Int).Add(lo, hi)
	mid.Sub(mid, big.NewInt(1))
	mid.Rsh(mid, 1)
	return e.edge(mid), true
}
