package splits

import (
	"iter"
	"math/bits"
)

// Rule is a generated split (--prefix, or --algo HexStringSplit or DecimalStringSplit) as
// the rule that made it, for callers that locate keys by arithmetic instead of searching the
// keys: the prefixes of Width bytes of Alphabet are numbered 0..Size-1 in byte order (base
// len(Alphabet), most significant first), and split key i (1 <= i < Regions) is the prefix
// numbered Edge(i), or with a Suffix the prefix before it followed by the Suffix.
type Rule struct {
	Alphabet []byte // ascending, distinct
	Width    int
	Size     uint64 // len(Alphabet)^Width, below 2^63
	Regions  int
	Suffix   []byte
	// Step, when not 0, makes the edges First + i*Step (RegionSplitter's even runs, the
	// last region taking the slop); 0 is Generate's runs, spread evenly.
	First, Step uint64
}

// Edge is the number of the prefix that starts region i (1 <= i < Regions): First +
// i*Step, or floor(i*Size/Regions), the runs of Generate (q or q+1 prefixes, spread evenly).
func (r Rule) Edge(i int) uint64 {
	if r.Step > 0 {
		return r.First + uint64(i)*r.Step
	}
	hi, lo := bits.Mul64(uint64(i), r.Size)
	q, _ := bits.Div64(hi, lo, uint64(r.Regions)) // hi < Regions since i < Regions
	return q
}

// Edges yields i and Edge(i) for i from lo to hi-1 (1 <= lo, hi <= Regions), stepping from
// one edge to the next without a division: Edge(i+1) - Edge(i) is Step, or Size/Regions
// and 1 more when the running remainder of i*Size/Regions wraps.
func (r Rule) Edges(lo, hi int) iter.Seq2[int, uint64] {
	return func(yield func(int, uint64) bool) {
		if lo >= hi {
			return
		}
		edge := r.Edge(lo)
		regions := uint64(r.Regions)
		q, rem := r.Size/regions, r.Size%regions
		ph, pl := bits.Mul64(uint64(lo), rem)
		_, acc := bits.Div64(ph, pl, regions) // lo*rem mod Regions; ph < Regions as lo <= Regions
		for i := lo; ; i++ {
			if !yield(i, edge) || i+1 >= hi {
				return
			}
			if r.Step > 0 {
				edge += r.Step
				continue
			}
			edge += q
			if acc += rem; acc >= regions {
				acc -= regions
				edge++
			}
		}
	}
}

// Starts is the number of regions after the first whose first prefix is numbered at
// most v (v < Size): with no Suffix, the region of every key that begins with prefix v.
func (r Rule) Starts(v uint64) int {
	if r.Step > 0 {
		if v < r.First || v-r.First < r.Step {
			return 0
		}
		return int(min((v-r.First)/r.Step, uint64(r.Regions-1)))
	}
	// Edge(i) <= v  <=>  i*Size < (v+1)*Regions  <=>  i <= ((v+1)*Regions - 1) / Size.
	hi, lo := bits.Mul64(v+1, uint64(r.Regions))
	lo, borrow := bits.Sub64(lo, 1, 0)
	hi -= borrow
	q, _ := bits.Div64(hi, lo, r.Size) // hi < Size since v+1 <= Size
	return min(int(q), r.Regions-1)
}

// rule is the Rule of a split Generate made, nil for a prefix too wide for a uint64.
func rule(p Prefix, size uint64, ok bool, regions int, suffix []byte) *Rule {
	if !ok || size >= 1<<63 || regions < 2 {
		return nil
	}
	return &Rule{Alphabet: p.Alphabet, Width: p.Width, Size: size, Regions: regions, Suffix: clone(suffix)}
}
