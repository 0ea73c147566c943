package distribution

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sync"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

// ruleLocator places a key among the split keys of a generated split by arithmetic: a key
// that begins with Width bytes of the prefix's alphabet is in the region the rule gives
// for that prefix's number (the split's own run rule, splits.Rule.Starts), and a key that
// does not (too short, another byte) sorts where the bytes before that byte put it. It
// holds no table and no slice per key.
type ruleLocator struct {
	rule splits.Rule
	keys splits.Keys
	// digit[b] is the value of byte b in the alphabet, or -1; below[b] is the number of
	// alphabet bytes below b.
	digit [256]int16
	below [256]uint16
	// pow[j] is len(Alphabet)^(Width-j-1): how many prefixes a digit at position j spans.
	pow []uint64
	// hex: the alphabet is lowercase hex, decoded eight bytes at a time.
	hex bool
	// shift is log2(Size) when the edges spread over a power of two of prefixes (hex,
	// HEX, byte:2^k), so that starts divides by shifting; 0 otherwise.
	shift uint
}

// NewRuleLocator is a Locator for the keys of a generated split, which must be the keys
// of rule (splits.Split's Keys and Rule): it checks that they are, in one pass.
func NewRuleLocator(keys splits.Keys, rule splits.Rule) (*Locator, error) {
	if rule.Regions < 2 || keys.Len() != rule.Regions-1 || rule.Width < 1 || rule.Size == 0 {
		return nil, fmt.Errorf("rule of %d regions for %d split keys", rule.Regions, keys.Len())
	}
	r := &ruleLocator{rule: rule, keys: keys, hex: string(rule.Alphabet) == "0123456789abcdef"}
	r.tables()
	if err := r.check(); err != nil {
		return nil, err
	}
	return &Locator{rule: r}, nil
}

// tables fills the lookups of the rule's alphabet and width: each byte's digit, the
// digits below it, the place values and, for a power-of-two size, its shift.
func (r *ruleLocator) tables() {
	rule := r.rule
	for b := range r.digit {
		r.digit[b] = -1
	}
	for i, c := range rule.Alphabet {
		r.digit[c] = int16(i)
	}
	for b := range r.below {
		for _, c := range rule.Alphabet {
			if int(c) < b {
				r.below[b]++
			}
		}
	}
	r.pow = make([]uint64, rule.Width)
	for j, p := rule.Width-1, uint64(1); j >= 0; j, p = j-1, p*uint64(len(rule.Alphabet)) {
		r.pow[j] = p
	}
	if rule.Step == 0 && rule.Size&(rule.Size-1) == 0 {
		r.shift = uint(bits.TrailingZeros64(rule.Size))
	}
}

// check proves the keys are the rule's: key i is the rule's edge i+1 with its suffix. A
// million keys are checked in parts on every core, each part stepping its edges
// (splits.Rule.Edges).
func (r *ruleLocator) check() error {
	n := r.keys.Len()
	parts := min(runtime.GOMAXPROCS(0), max(1, n/(1<<16)), 8)
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for part := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[part] = r.checkRange(part*n/parts, (part+1)*n/parts)
		}()
	}
	wg.Wait()
	return errors.Join(errs...) // the first part's error first; at most one a part
}

// checkRange checks keys [lo, hi).
func (r *ruleLocator) checkRange(lo, hi int) error {
	rule := r.rule
	for i, edge := range rule.Edges(lo+1, hi+1) {
		k := r.keys.At(i - 1)
		want := edge
		if len(rule.Suffix) > 0 {
			want--
		}
		v, ok := r.value(k)
		if !ok || v != want || len(k) != rule.Width+len(rule.Suffix) || !bytes.Equal(k[rule.Width:], rule.Suffix) {
			return fmt.Errorf("%w: split key %d %s is not the rule's", ErrSplitOrder, i-1, hbytes.Quote(hbytes.ToStringBinary(k)))
		}
	}
	return nil
}

// ruleRegions is the region count from which NewSplitLocator places keys by a rule even
// without the word-wide hex loop: below it the tables are faster (callgrind, per key: dec
// 143 instructions by table and 268 by rule at 1,000 regions, 201 and 299 at 100,000; a
// suffix costs the rule a comparison a key), above it the tables outgrow the caches and
// memory (a slice and 8 bytes of index a key).
const ruleRegions = 1 << 18

// NewSplitLocator is the Locator for a split's keys and its rule (nil for a listed split):
// by the rule where that is faster (lowercase hex over a power of two of prefixes, which
// countFixedRule decodes a word at a time, or ruleRegions regions and more), by
// NewLocator's tables otherwise, and when the keys are not the rule's. A listed split
// whose keys are a generated split's takes that split's rule (listedLocator).
func NewSplitLocator(keys splits.Keys, rule *splits.Rule) (*Locator, error) {
	if rule != nil {
		if loc, err := NewRuleLocator(keys, *rule); err == nil && (loc.rule.wordWide() || rule.Regions >= ruleRegions) {
			return loc, nil
		}
	} else if loc := listedLocator(keys); loc != nil {
		return loc, nil
	}
	return NewKeysLocator(keys)
}

// wordWide reports whether countFixedRule's word-at-a-time loop counts this rule's keys.
func (r *ruleLocator) wordWide() bool {
	return r.hex && r.rule.Width <= 8 && r.shift > 0 && len(r.rule.Suffix) == 0
}

// locate is Locate: the number of split keys <= key.
func (r *ruleLocator) locate(key []byte) int {
	v, ok := r.value(key)
	if !ok {
		return r.outside(key)
	}
	n := r.starts(v)
	if s := r.rule.Suffix; len(s) > 0 && n+1 < r.rule.Regions && r.rule.Edge(n+1) == v+1 &&
		bytes.Compare(key[r.rule.Width:], s) >= 0 {
		n++ // key i+1 is prefix v and the suffix, and key is at or after it
	}
	return n
}

// starts is rule.Starts(v), by a shift when Size is a power of two.
func (r *ruleLocator) starts(v uint64) int {
	if r.shift == 0 {
		return r.rule.Starts(v)
	}
	// ((v+1)*Regions - 1) >> shift, as rule.Starts: the 128-bit product, less one, shifted.
	hi, lo := bits.Mul64(v+1, uint64(r.rule.Regions))
	lo, borrow := bits.Sub64(lo, 1, 0)
	hi -= borrow
	q := hi<<(64-r.shift) | lo>>r.shift
	return min(int(q), r.rule.Regions-1)
}

// value is the number of the prefix key begins with; false when key is shorter than the
// prefix or one of its first Width bytes is not in the alphabet.
func (r *ruleLocator) value(key []byte) (uint64, bool) {
	w := r.rule.Width
	if len(key) < w {
		return 0, false
	}
	if r.hex && w <= 16 && len(key) >= 8 {
		if w <= 8 {
			v, ok := hexWord(binary.LittleEndian.Uint64(key), w)
			return v, ok
		}
		if len(key) >= 16 {
			hi, ok1 := hexWord(binary.LittleEndian.Uint64(key), 8)
			lo, ok2 := hexWord(binary.LittleEndian.Uint64(key[8:]), w-8)
			return hi<<(4*(w-8)) | lo, ok1 && ok2
		}
	}
	a := uint64(len(r.rule.Alphabet))
	var v uint64
	for _, c := range key[:w] {
		d := r.digit[c]
		if d < 0 {
			return 0, false
		}
		v = v*a + uint64(d)
	}
	return v, true
}

// hexWord decodes the first n (1..8) bytes of the little-endian word x as lowercase hex
// digits, most significant first; false when one of them is not [0-9a-f]. No branch per
// byte: each byte's range is tested in its high bit (bytes below 0x80 never carry into the
// next one), then the nibbles are packed pairwise.
func hexWord(x uint64, n int) (uint64, bool) {
	const (
		lsb = 0x0101010101010101
		msb = 0x8080808080808080
	)
	// The high bit of each byte of x + lsb*(0x80-c) is set where the byte is >= c.
	digit := (x + lsb*(0x80-'0')) &^ (x + lsb*(0x80-'9'-1)) & msb
	letter := (x + lsb*(0x80-'a')) &^ (x + lsb*(0x80-'f'-1)) & msb
	need := uint64(msb) >> (8 * (8 - n)) // the high bits of the first n bytes
	if (digit|letter)&need != need || x&msb&need != 0 {
		return 0, false
	}
	// '0'..'9' -> 0..9, 'a'..'f' -> 10..15; the bytes after the first n are dropped, so
	// they cannot carry into the digits.
	nib := (x&(lsb*0x0F) + (letter>>7)*9) & (^uint64(0) >> (8 * (8 - n)))
	// Byte j holds nibble j (j = 0 most significant): pack pairs, then all four pairs.
	p := (nib<<4 | nib>>8) & 0x00FF00FF00FF00FF // byte 2k: nibbles 2k, 2k+1
	p = (p | p>>8) & 0x0000FFFF0000FFFF         // bytes 0, 1 and 4, 5: the pairs
	p = (p | p>>16) & 0xFFFFFFFF                // bytes 0..3: the pairs, first lowest
	v := uint64(bits.ReverseBytes32(uint32(p)))
	return v >> (4 * (8 - n)), true
}

// outside is locate for a key that is shorter than the prefix or has a byte outside the
// alphabet in it: it differs from every split key at the first such byte j (or ends
// there), so it sorts after exactly the prefixes numbered below V, those whose first j
// bytes spell less than its own or the same with a smaller byte at j.
func (r *ruleLocator) outside(key []byte) int {
	a := uint64(len(r.rule.Alphabet))
	var u uint64 // the number its first j bytes spell
	j := 0
	for ; j < r.rule.Width && j < len(key); j++ {
		d := r.digit[key[j]]
		if d < 0 {
			break
		}
		u = u*a + uint64(d)
	}
	k := uint64(0) // the alphabet's bytes below key[j]; none when the key ends at j
	if j < len(key) {
		k = uint64(r.below[key[j]])
	}
	v := (u*a + k) * r.pow[j] // <= Size
	if len(r.rule.Suffix) > 0 {
		// Key i is prefix Edge(i)-1 and the suffix: below key when Edge(i) <= v.
		if v >= r.rule.Size {
			return r.rule.Regions - 1
		}
		return r.rule.Starts(v)
	}
	if v == 0 {
		return 0
	}
	return r.rule.Starts(v - 1) // key i is prefix Edge(i): below key when Edge(i) < v
}

// fixedStride reports whether countFixedRule can count lines of stride bytes (\n included)
// by their first bytes alone: the prefix ends before a \r the line may end with, and
// nothing after it matters (no suffix).
func (r *ruleLocator) fixedStride(stride int) bool {
	return len(r.rule.Suffix) == 0 && stride-2 >= r.rule.Width && stride-1 <= MaxRowLength
}
