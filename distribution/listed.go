package distribution

import (
	"math/bits"

	"github.com/presplit/presplit/splits"
)

// A listed split (a SPLITS_FILE, get_splits of a table presplit created) is often a
// generated split written out: `presplit splits --format splits-file` and given back, or
// kept beside the table's DDL. Its keys then are a rule's (splits.Rule), and placing keys
// by that rule is what the generated split does; searching a million listed keys instead
// was 14 times slower. listedRule finds such a rule from the keys alone, and
// NewRuleLocator's check proves it, key by key, before it is used: a key one byte off, or
// a split of another shape, keeps the tables.
//
// Recognised: keys of one width W, each W bytes of an alphabet, split key i the prefix
// numbered floor(i*Size/Regions) (Generate's runs: --prefix with no --suffix) or First +
// i*Step (RegionSplitter's HexStringSplit and DecimalStringSplit, whose rows are padded
// to one width). The alphabet is lowercase hex, uppercase hex or decimal (the named
// prefixes), else the bytes the keys use (a chars alphabet whose every byte occurs, as
// it does once the edges are many). A --suffix split (every key the prefix before an
// edge, then the suffix) is not recognised: its keys take the tables, which are faster
// than the rule below ruleRegions for it anyway.

// Named alphabets tried for a listed split, in splits.ParsePrefix's byte order.
const (
	lowerHex = "0123456789abcdef"
	upperHex = "0123456789ABCDEF"
	digits   = "0123456789"
)

// listedProbes is how many keys, spread over the split, a candidate rule must give before
// the full check: a wrong alphabet or shape fails on the first few.
const listedProbes = 64

// listedRules are the rules keys may be the edges of, most likely first: at most a few,
// each already consistent with listedProbes of the keys. None when the keys are not all
// one width, or too wide for a rule.
func listedRules(keys splits.Keys) []splits.Rule {
	n := keys.Len()
	w, same := keys.Width()
	if n < 1 || !same || w < 1 || w > splits.MaxWidth {
		return nil
	}
	var used [256]bool
	for _, k := range keys.All() {
		for _, b := range k {
			used[b] = true
		}
	}
	var out []splits.Rule
	for _, alpha := range listedAlphabets(&used) {
		size, ok := powBelow63(uint64(len(alpha)), w)
		if !ok {
			continue
		}
		even := splits.Rule{Alphabet: alpha, Width: w, Size: size, Regions: n + 1}
		if probeRule(keys, even) {
			out = append(out, even)
		}
		if step, ok := stepRule(keys, even); ok && probeRule(keys, step) {
			out = append(out, step)
		}
	}
	return out
}

// listedAlphabets are the alphabets that hold every byte the keys use: the named ones,
// then the used bytes themselves when they are none of those.
func listedAlphabets(used *[256]bool) [][]byte {
	var own []byte
	for b := range 256 {
		if used[b] {
			own = append(own, byte(b))
		}
	}
	var out [][]byte
	for _, a := range []string{lowerHex, upperHex, digits} {
		if holdsAll([]byte(a), own) {
			out = append(out, []byte(a))
		}
		if a == string(own) {
			return out
		}
	}
	if len(own) >= 2 {
		out = append(out, own)
	}
	return out
}

// holdsAll reports whether alphabet (ascending) holds every byte of bs (ascending).
func holdsAll(alphabet, bs []byte) bool {
	i := 0
	for _, b := range bs {
		for i < len(alphabet) && alphabet[i] < b {
			i++
		}
		if i == len(alphabet) || alphabet[i] != b {
			return false
		}
	}
	return true
}

// stepRule is RegionSplitter's rule (First + i*Step) that the first two keys fix, given
// the even rule of the same alphabet and width; false when they fix none, or it is the
// even rule's own edges (a power-of-two split, already tried).
func stepRule(keys splits.Keys, even splits.Rule) (splits.Rule, bool) {
	if keys.Len() < 2 {
		return splits.Rule{}, false
	}
	d := digitsOf(even.Alphabet)
	v0, ok0 := ruleValue(&d, keys.At(0), len(even.Alphabet))
	v1, ok1 := ruleValue(&d, keys.At(1), len(even.Alphabet))
	if !ok0 || !ok1 || v1 <= v0 || v0 < v1-v0 {
		return splits.Rule{}, false
	}
	r := even
	r.Step = v1 - v0
	r.First = v0 - r.Step
	if hi, all := bits.Mul64(r.Step, uint64(r.Regions)); r.First == 0 && hi == 0 && all == r.Size {
		return splits.Rule{}, false
	}
	// The last edge must be a prefix: First + (Regions-1)*Step < Size.
	hi, last := bits.Mul64(uint64(r.Regions-1), r.Step)
	if hi != 0 || last >= r.Size-r.First {
		return splits.Rule{}, false
	}
	return r, true
}

// probeRule reports whether listedProbes keys spread over the split (the first and the
// last among them) are the rule's edges.
func probeRule(keys splits.Keys, r splits.Rule) bool {
	n := keys.Len()
	d := digitsOf(r.Alphabet)
	for p := range min(n, listedProbes) {
		i := probeIndex(n, p)
		v, ok := ruleValue(&d, keys.At(i), len(r.Alphabet))
		if !ok || v != r.Edge(i+1) {
			return false
		}
	}
	return true
}

// probeIndex is the key probeRule looks at p-th of n (0 <= p < min(n, listedProbes)):
// the first, the last, and evenly between.
func probeIndex(n, p int) int {
	if p == 0 {
		return 0
	}
	return int(uint64(p) * uint64(n-1) / uint64(min(n, listedProbes)-1))
}

// digitsOf is each byte's value in alphabet, or -1.
func digitsOf(alphabet []byte) [256]int16 {
	var d [256]int16
	for b := range d {
		d[b] = -1
	}
	for i, c := range alphabet {
		d[c] = int16(i)
	}
	return d
}

// ruleValue is the number key spells in an alphabet of radix bytes whose digits are d;
// false when a byte is not in it.
func ruleValue(d *[256]int16, key []byte, radix int) (uint64, bool) {
	var v uint64
	for _, c := range key {
		if d[c] < 0 {
			return 0, false
		}
		v = v*uint64(radix) + uint64(d[c])
	}
	return v, true
}

// powBelow63 is a^w when it is below 2^63 (a rule's Size).
func powBelow63(a uint64, w int) (uint64, bool) {
	p := uint64(1)
	for range w {
		hi, lo := bits.Mul64(p, a)
		if hi != 0 || lo >= 1<<63 {
			return 0, false
		}
		p = lo
	}
	return p, true
}

// listedLocator is the rule locator of a listed split whose keys are a rule's edges (see
// above), when the rule is faster than the tables for it; nil otherwise.
func listedLocator(keys splits.Keys) *Locator {
	for _, r := range listedRules(keys) {
		if loc, err := NewRuleLocator(keys, r); err == nil && (loc.rule.wordWide() || r.Regions >= ruleRegions) {
			return loc
		}
	}
	return nil
}
