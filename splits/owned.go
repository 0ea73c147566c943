package splits

import (
	"iter"
	"math/bits"
)

// Owned is how much of the key space each region owns: prefixes for a prefix split, units
// of the numeric range for --algo, sample weight for a sample cut. Shares and imbalance
// derive from it.
//
// A generated split's amounts follow a rule, and Owned keeps the rule instead of one
// float64 per region: for a million regions that is 8 MB the `lines` output never reads.
// A sample cut's amounts are kept as they are. The zero Owned has no regions (a splits
// file says nothing of what its regions own).
type Owned struct {
	n    int
	rule ownedRule
	list []float64 // ruleList: the amounts
	base float64   // ruleEven: every region but the last; ruleSpread: the shorter run
	last float64   // ruleEven: the last region
	rem  uint64    // ruleSpread: size mod n, the number of regions that own base+1
}

type ownedRule uint8

const (
	ruleList ownedRule = iota
	// ruleEven: every region owns base but the last, which owns last (RegionSplitter:
	// the last region takes the slop).
	ruleEven
	// ruleSpread: region i owns base + floor((i+1)*rem/n) - floor(i*rem/n), runs of q
	// and q+1 spread evenly (Generate).
	ruleSpread
)

// OwnedOf keeps amounts as they are, one per region (it does not copy them).
func OwnedOf(amounts ...float64) Owned {
	return Owned{n: len(amounts), rule: ruleList, list: amounts}
}

// ownedEvenly is n regions that own each, except the last, which owns last.
func ownedEvenly(n int, each, last float64) Owned {
	return Owned{n: n, rule: ruleEven, base: each, last: last}
}

// ownedSpread is n regions over q*n + rem prefixes (rem < n), q or q+1 each as edges
// cuts them.
func ownedSpread(n int, q float64, rem uint64) Owned {
	return Owned{n: n, rule: ruleSpread, base: q, rem: rem}
}

// Len is the number of regions (0 when the split does not say what they own).
func (o Owned) Len() int { return o.n }

// At is what region i (0-based) owns; it panics out of range, as a slice index does.
func (o Owned) At(i int) float64 {
	if uint(i) >= uint(o.n) {
		panic("splits.Owned.At: index out of range")
	}
	switch o.rule {
	case ruleEven:
		if i == o.n-1 {
			return o.last
		}
		return o.base
	case ruleSpread:
		return o.base + float64(spreadFloor(uint64(i)+1, o.rem, o.n)-spreadFloor(uint64(i), o.rem, o.n))
	}
	return o.list[i]
}

// spreadFloor is floor(i*rem/n) without overflow (i <= n, rem < n).
func spreadFloor(i, rem uint64, n int) uint64 {
	hi, lo := bits.Mul64(i, rem)
	q, _ := bits.Div64(hi, lo, uint64(n)) // hi < n because rem < n
	return q
}

// All yields each region's index and amount in order.
func (o Owned) All() iter.Seq2[int, float64] {
	return func(yield func(int, float64) bool) {
		for i := range o.n {
			if !yield(i, o.At(i)) {
				return
			}
		}
	}
}

// Values returns the amounts as a new slice, empty (not nil) for no regions.
func (o Owned) Values() []float64 {
	out := make([]float64, o.n)
	for i, v := range o.All() {
		out[i] = v
	}
	return out
}

// Total is the sum of the amounts, added in region order (so it is the same float64 as
// summing Values).
func (o Owned) Total() float64 {
	var sum float64
	for _, v := range o.All() {
		sum += v
	}
	return sum
}
