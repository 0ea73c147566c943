package splits

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/presplit/presplit/hbytes"
)

// MaxWidth is the widest hex:W, HEX:W, dec:W or chars:ALPHABET:W prefix ParsePrefix accepts.
// hex:32 is a whole MD5; nothing wider is a prefix any more.
const MaxWidth = 64

// Alphabets of the named prefix kinds.
const (
	hexLower = "0123456789abcdef"
	hexUpper = "0123456789ABCDEF"
	decimal  = "0123456789"
)

// prefixGrammar is how the --prefix grammar is spelt in errors.
const prefixGrammar = "hex:W, HEX:W, dec:W, chars:ALPHABET:W, byte:B, or hex, HEX, dec"

// PrefixError is a --prefix spec ParsePrefix cannot read, or a Prefix Generate cannot use.
type PrefixError struct {
	Spec   string // the spec as given
	Reason string // the rule it breaks, e.g. `width must be a whole number from 1 to 64, got "0"`
}

func (e *PrefixError) Error() string {
	return fmt.Sprintf("invalid prefix %q: %s", e.Spec, e.Reason)
}

func prefixErrorf(spec, format string, args ...any) error {
	return &PrefixError{Spec: spec, Reason: fmt.Sprintf(format, args...)}
}

// ParsePrefix reads `hex:W`, `HEX:W`, `dec:W`, `chars:ALPHABET:W`, `byte:B`, or `hex`, `HEX`,
// `dec` without a width.
//
// The ALPHABET of chars is read with HBase's toBytesBinary, so `\xNN` (uppercase hex) names
// any byte; other characters must be printable ASCII. Its bytes must be distinct and are
// ordered by byte value. W is the last colon-separated field, so the alphabet may hold ':'.
func ParsePrefix(spec string) (Prefix, error) {
	name, rest, hasArg := strings.Cut(spec, ":")
	switch name {
	case "hex", "HEX", "dec":
		alpha := map[string]string{"hex": hexLower, "HEX": hexUpper, "dec": decimal}[name]
		p := Prefix{Name: name, Alphabet: []byte(alpha)}
		if !hasArg {
			return p, nil // width chosen by Generate
		}
		w, err := parseBounded(rest, 1, MaxWidth)
		if err != nil {
			return Prefix{}, prefixErrorf(spec, "width must be a whole number from 1 to %d, got %q", MaxWidth, rest)
		}
		p.Width = w
		return p, nil
	case "byte":
		if !hasArg {
			return Prefix{}, prefixErrorf(spec, "byte needs a bucket count: byte:B with B from 1 to 256")
		}
		b, err := parseBounded(rest, 1, 256)
		if err != nil {
			return Prefix{}, prefixErrorf(spec, "bucket count must be a whole number from 1 to 256 (Phoenix SALT_BUCKETS), got %q", rest)
		}
		alpha := make([]byte, b)
		for i := range alpha {
			alpha[i] = byte(i)
		}
		return Prefix{Name: "byte", Alphabet: alpha, Width: 1}, nil
	case "chars":
		i := strings.LastIndexByte(rest, ':')
		if !hasArg || i < 0 {
			return Prefix{}, prefixErrorf(spec, "chars needs an alphabet and a width: chars:ALPHABET:W")
		}
		text, wtext := rest[:i], rest[i+1:]
		w, err := parseBounded(wtext, 1, MaxWidth)
		if err != nil {
			return Prefix{}, prefixErrorf(spec, "width must be a whole number from 1 to %d, got %q", MaxWidth, wtext)
		}
		alpha, err := parseAlphabet(spec, text)
		if err != nil {
			return Prefix{}, err
		}
		return Prefix{Name: "chars", Alphabet: alpha, Width: w}, nil
	}
	return Prefix{}, prefixErrorf(spec, "unknown kind %q; use %s", name, prefixGrammar)
}

// parseAlphabet decodes a chars alphabet and sorts it; bytes must be distinct.
func parseAlphabet(spec, text string) ([]byte, error) {
	if text == "" {
		return nil, prefixErrorf(spec, "the alphabet is empty; list the bytes one position may hold, e.g. chars:0123456789abcdefghijklmnopqrstuvwxyz:2")
	}
	for _, c := range []byte(text) {
		if c < 0x20 || c > 0x7E {
			return nil, prefixErrorf(spec, "the alphabet must be printable ASCII; write other bytes as \\xNN (uppercase hex)")
		}
	}
	raw, err := hbytes.ToBytesBinary(text)
	if err != nil {
		return nil, prefixErrorf(spec, "the alphabet ends in a truncated escape; write bytes as \\xNN (uppercase hex)")
	}
	var seen [256]bool
	for _, c := range raw {
		if seen[c] {
			return nil, prefixErrorf(spec, "the alphabet repeats %q; its bytes must be distinct", hbytes.ToStringBinary([]byte{c}))
		}
		seen[c] = true
	}
	alpha := make([]byte, 0, len(raw))
	for c := 0; c < 256; c++ {
		if seen[c] {
			alpha = append(alpha, byte(c))
		}
	}
	return alpha, nil
}

// parseBounded reads a plain decimal integer (digits only) in [lo, hi].
func parseBounded(s string, lo, hi int) (int, error) {
	if s == "" || len(s) > 9 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, strconv.ErrSyntax
	}
	n, _ := strconv.Atoi(s)
	if n < lo || n > hi {
		return 0, strconv.ErrRange
	}
	return n, nil
}

// String is the spec in the --prefix grammar; ParsePrefix(p.String()) gives p back.
func (p Prefix) String() string {
	switch {
	case p.Name == "byte":
		return "byte:" + strconv.Itoa(len(p.Alphabet))
	case p.Name == "chars":
		return "chars:" + hbytes.ToStringBinary(p.Alphabet) + ":" + strconv.Itoa(p.Width)
	case p.Width == 0:
		return p.Name
	}
	return p.Name + ":" + strconv.Itoa(p.Width)
}

// Size is the number of distinct prefixes, len(Alphabet)^Width; nil when Width is 0 (as many
// characters as needed: unbounded).
func (p Prefix) Size() *big.Int {
	if p.Width == 0 {
		return nil
	}
	return new(big.Int).Exp(big.NewInt(int64(len(p.Alphabet))), big.NewInt(int64(p.Width)), nil)
}

// Buckets is how many of the prefix's values the keys take: values when the design names
// them (prefix_values: a salt hash % 20 written %02d takes the first 20 of dec:2's 100),
// else Count. It is the one count of a prefix's buckets, read by every model that uses
// one: the write spread and the scan fan-out (package access), lint's checks of the
// regions against the buckets. ok is false as Count's is.
func (p Prefix) Buckets(values uint64) (n uint64, ok bool) {
	n, ok = p.Count()
	if values > 0 && p.Width > 0 && (!ok || values < n) {
		return values, true
	}
	return n, ok
}

// Count is Size as a uint64; ok is false when Width is 0 or the count does not fit (hex:16 has
// 2^64 prefixes).
func (p Prefix) Count() (n uint64, ok bool) {
	if p.Width == 0 {
		return 0, false
	}
	return powUint64(uint64(len(p.Alphabet)), p.Width)
}

// powUint64 is a^w, ok false on overflow.
func powUint64(a uint64, w int) (uint64, bool) {
	n := uint64(1)
	for i := 0; i < w; i++ {
		if a != 0 && n > ^uint64(0)/a {
			return 0, false
		}
		n *= a
	}
	return n, true
}

// validate checks a Prefix built by hand the way ParsePrefix would have built it.
func (p Prefix) validate() error {
	spec := p.String()
	switch p.Name {
	case "hex", "HEX", "dec", "chars", "byte":
	default:
		return prefixErrorf(p.Name, "unknown kind %q; use %s", p.Name, prefixGrammar)
	}
	if len(p.Alphabet) == 0 {
		return prefixErrorf(spec, "the alphabet is empty")
	}
	for i := 1; i < len(p.Alphabet); i++ {
		if p.Alphabet[i] <= p.Alphabet[i-1] {
			return prefixErrorf(spec, "the alphabet must be distinct bytes in ascending order")
		}
	}
	if p.Width < 0 || p.Width > MaxWidth {
		return prefixErrorf(spec, "width must be from 1 to %d, got %d", MaxWidth, p.Width)
	}
	if p.Width == 0 && (p.Name == "chars" || p.Name == "byte") {
		return prefixErrorf(spec, "%s needs a width", p.Name)
	}
	if p.Name == "byte" && p.Width != 1 {
		return prefixErrorf(spec, "byte prefixes are one byte wide")
	}
	return nil
}

// wider returns p with the smallest width whose prefixes number at least n, and that
// count; ok is false when no width would do (byte:B has one position).
func (p Prefix) wider(n int) (Prefix, uint64, bool) {
	if p.Name == "byte" || len(p.Alphabet) < 2 {
		return Prefix{}, 0, false
	}
	a := uint64(len(p.Alphabet))
	for w := 1; w <= MaxWidth; w++ {
		c, ok := powUint64(a, w)
		if !ok {
			return Prefix{}, 0, false
		}
		if c >= uint64(n) {
			q := p
			q.Width = w
			return q, c, true
		}
	}
	return Prefix{}, 0, false
}
