package regions

import (
	"fmt"
	"math/big"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

// Edge is where a boundary key falls against a rowkey prefix of W positions.
type Edge int

const (
	// OnEdge: the key is a bucket edge: a whole prefix (`3f`), a whole prefix padded with
	// the alphabet's first byte to the table's key width (`3f000000`, HexStringSplit's
	// form), or a whole prefix closed by a byte above every alphabet byte (`3e|`, `3eff|`,
	// the delimited form): every row of a bucket lies on one side of it.
	OnEdge Edge = iota
	// InsideBucket: the key starts with a whole prefix and cuts that bucket's rows in two
	// (`3f7a...`, `3f800000`): HBase's own split, or a split at a midpoint.
	InsideBucket
	// OffAlphabet: the key is shorter than the prefix or leaves its alphabet within it
	// (`7` for hex:2, `\x00`): the table was pre-split on another prefix. It separates
	// buckets too.
	OffAlphabet
)

func (e Edge) String() string {
	return [...]string{"bucket edge", "inside a bucket", "off the alphabet"}[e]
}

// prefixEdges answers questions about a prefix's bucket edges.
//
// The model: a table whose keys are written over the prefix's alphabet holds rows that
// are alphabet strings at least as long as its boundary keys show (a HexStringSplit
// table's 8 characters). Against a width L, a key k stands for the number of L-character
// alphabet strings below it (index); a region [s, e) holds the strings with index in
// [index(s), index(e)), its populated range. Bucket p holds the strings of index
// [p x A^(L-W), (p+1) x A^(L-W)).
type prefixEdges struct {
	p      splits.Prefix
	in     [256]bool
	digit  [256]int // digit of an alphabet byte
	below  [256]int // alphabet bytes < b
	maxAlp byte
	minAlp byte
	a      *big.Int // A, the alphabet size
}

func newPrefixEdges(p splits.Prefix) *prefixEdges {
	e := &prefixEdges{p: p, a: big.NewInt(int64(len(p.Alphabet)))}
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
	e.minAlp = p.Alphabet[0]
	e.maxAlp = p.Alphabet[len(p.Alphabet)-1]
	return e
}

// alphaLen is the length of k's leading run of alphabet bytes.
func (e *prefixEdges) alphaLen(k []byte) int {
	for i, c := range k {
		if !e.in[c] {
			return i
		}
	}
	return len(k)
}

// width is the key width of a region: its boundaries' alphabet runs, at least W.
func (e *prefixEdges) width(keys ...[]byte) int {
	w := e.p.Width
	for _, k := range keys {
		w = max(w, e.alphaLen(k))
	}
	return w
}

// isEdge is whether a boundary key separates buckets: no bucket has rows on both sides.
// It needs no arithmetic: a key leaving the alphabet within the prefix is an edge; one
// that is all alphabet is an edge when everything after the prefix is the first alphabet
// byte (`3f000000`); one whose alphabet run goes on past the prefix and then ends with one
// byte outside the alphabet is an edge when that byte sorts above the alphabet and the run
// after the prefix is all the last alphabet byte (`3f|`, `3eff|`: the whole bucket sorts
// below it), or sorts below the alphabet and the run is all the first byte (`3f00\x00`).
// A key that goes on after that byte (`\x03abc` for byte:16, `05|user` for dec:2) is a
// row of a table whose rows leave the alphabet: inside its bucket.
func (e *prefixEdges) isEdge(k []byte) bool {
	w := e.p.Width
	m := e.alphaLen(k)
	if m < w {
		return true
	}
	fill := e.minAlp
	if m < len(k) {
		if m+1 < len(k) {
			// bytes go on after one outside the alphabet: a row key of a table whose rows
			// leave the alphabet after the prefix (a salt byte, then anything; `05|user`)
			return false
		}
		switch c := k[m]; {
		case c > e.maxAlp:
			fill = e.maxAlp
		case c > e.minAlp:
			return false // between two alphabet bytes: the bucket has rows on both sides
		}
	}
	for _, c := range k[w:m] {
		if c != fill {
			return false
		}
	}
	return true
}

// classify says where a boundary key falls.
func (e *prefixEdges) classify(k []byte) Edge {
	switch {
	case e.alphaLen(k) < e.p.Width:
		return OffAlphabet
	case e.isEdge(k):
		return OnEdge
	}
	return InsideBucket
}

// index is the number of alphabet strings of width L below k.
func (e *prefixEdges) index(k []byte, width int) *big.Int {
	n := new(big.Int)
	d := new(big.Int)
	for j := 0; j < width; j++ {
		if j >= len(k) {
			// k is a proper prefix of the strings that follow: they sort after it
			return n.Mul(n, e.pow(width-j))
		}
		c := k[j]
		n.Mul(n, e.a)
		n.Add(n, d.SetInt64(int64(e.below[c])))
		if !e.in[c] {
			// every string with a smaller byte here is below k, every other above
			return n.Mul(n, e.pow(width-j-1))
		}
	}
	if len(k) > width {
		n.Add(n, big.NewInt(1)) // the string k[:width] itself
	}
	return n
}

// pow is A^n.
func (e *prefixEdges) pow(n int) *big.Int {
	return new(big.Int).Exp(e.a, big.NewInt(int64(n)), nil)
}

// populated is the index range [lo, hi) of the width-L strings in [start, end) (end
// empty: the table's end).
func (e *prefixEdges) populated(start, end []byte, width int) (lo, hi *big.Int) {
	lo = e.index(start, width)
	if len(end) == 0 {
		hi = e.pow(width)
	} else {
		hi = e.index(end, width)
	}
	return lo, hi
}

// str is the width-L alphabet string of index i.
func (e *prefixEdges) str(i *big.Int, width int) []byte {
	out := make([]byte, width)
	q, r := new(big.Int).Set(i), new(big.Int)
	for j := width - 1; j >= 0; j-- {
		q.QuoRem(q, e.a, r)
		out[j] = e.p.Alphabet[r.Int64()]
	}
	return out
}

// SplitKind is how a split key was chosen.
type SplitKind int

const (
	// SplitMidKey: no key; HBase picks its own mid key from the region's store files.
	SplitMidKey SplitKind = iota
	// SplitBucketEdge: the bucket edge nearest the middle of those inside the region,
	// padded to the region's key width.
	SplitBucketEdge
	// SplitMidpoint: no bucket edge lies inside; the midpoint of the region's keys in the
	// alphabet, at the region's key width.
	SplitMidpoint
)

func (k SplitKind) String() string {
	return [...]string{"HBase's mid key", "bucket edge", "midpoint"}[k]
}

// splitKey is where to split [start, end): a width-L alphabet string strictly inside the
// region's populated range, so that both daughters hold keys of the alphabet. It is the
// bucket edge nearest the middle of the edges inside (the lower on a tie), else the
// midpoint of the populated range; nil when that range holds fewer than two strings.
func (e *prefixEdges) splitKey(start, end []byte) ([]byte, SplitKind) {
	width := e.width(start, end)
	lo, hi := e.populated(start, end, width)
	unit := e.pow(width - e.p.Width)
	// edges k x unit with lo < k x unit < hi
	kmin := new(big.Int).Quo(lo, unit)
	kmin.Add(kmin, big.NewInt(1))
	kmax := new(big.Int).Sub(hi, big.NewInt(1))
	kmax.Quo(kmax, unit)
	if hi.Sign() > 0 && kmin.Cmp(kmax) <= 0 {
		mid := new(big.Int).Add(kmin, kmax)
		mid.Rsh(mid, 1)
		return e.str(mid.Mul(mid, unit), width), SplitBucketEdge
	}
	span := new(big.Int).Sub(hi, lo)
	if span.Cmp(big.NewInt(2)) < 0 {
		return nil, SplitMidKey
	}
	mid := new(big.Int).Add(lo, hi)
	mid.Rsh(mid, 1)
	return e.str(mid, width), SplitMidpoint
}

// knownAlphabets are the prefix kinds a refusal may name, narrowest first.
var knownAlphabets = []struct{ name, alphabet, words string }{
	{"dec", "0123456789", "decimal digits"},
	{"hex", "0123456789abcdef", "lowercase hex"},
	{"HEX", "0123456789ABCDEF", "uppercase hex"},
}

// checkFits refuses a prefix the table's keys were not written on: boundaries leave its
// alphabet within its width, and the bytes the boundaries show there are those of another
// alphabet (a hex table read with dec:2), or most boundaries leave it. Split keys on a
// prefix the keys do not follow cut buckets at the wrong place (a split at "35000000" in
// [30000000, 40000000) of a hex table leaves 5/16 and 11/16 of the rows).
func checkFits(l *Layout, e *prefixEdges) error {
	var seen [256]bool
	off, boundaries := 0, 0
	w := e.p.Width
	for _, r := range l.Regions[1:] {
		boundaries++
		k := r.Start
		for _, c := range k[:min(len(k), w)] {
			seen[c] = true
		}
		if e.classify(k) == OffAlphabet && len(k) >= w {
			off++
		}
	}
	if off == 0 {
		return nil
	}
	shown := ""
	for _, a := range knownAlphabets {
		if a.name != e.p.Name && covers(a.alphabet, &seen) {
			shown = fmt.Sprintf("; the keys show %s: %s", a.words, field.Set("rowkey.prefix", fmt.Sprintf("%s:%d", a.name, w)))
			break
		}
	}
	if shown == "" && off*2 <= boundaries {
		return nil // a few boundaries of another pre-split: named in the report
	}
	return fmt.Errorf("%s: %d of %d boundaries leave its alphabet within its first %d %s (%s): the table's keys are not written on it%s",
		field.Set("rowkey.prefix", e.p.String()), off, boundaries, w, plural(w, "byte", "bytes"), offBytes(&seen, e), shown)
}

// covers says every byte seen is in alphabet.
func covers(alphabet string, seen *[256]bool) bool {
	var in [256]bool
	for i := 0; i < len(alphabet); i++ {
		in[alphabet[i]] = true
	}
	for c := range seen {
		if seen[c] && !in[c] {
			return false
		}
	}
	return true
}

// offBytes lists the bytes seen that the prefix's alphabet lacks, as toStringBinary text,
// at most 16.
func offBytes(seen *[256]bool, e *prefixEdges) string {
	var out []byte
	n := 0
	for c := range seen {
		if seen[c] && !e.in[c] {
			if n == 16 {
				return hbytes.ToStringBinary(out) + "..."
			}
			out = append(out, byte(c))
			n++
		}
	}
	return hbytes.ToStringBinary(out)
}
