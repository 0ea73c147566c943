package splits

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/presplit/presplit/hbytes"
)

// Algorithms are the RegionSplitter algorithms RegionSplitter reproduces.
var Algorithms = []string{"HexStringSplit", "DecimalStringSplit", "UniformSplit"}

// AlgorithmError is an exception HBase's RegionSplitter throws for the same input: Exception
// is the Java class ("java.lang.IllegalStateException"), Message its text, word for word
// ("split granularity (257) is greater than the range (256)"). Error() is the message.
type AlgorithmError struct {
	Exception string
	Message   string
}

func (e *AlgorithmError) Error() string { return e.Message }

func illegalArgument(format string, args ...any) error {
	return &AlgorithmError{Exception: "java.lang.IllegalArgumentException", Message: fmt.Sprintf(format, args...)}
}

func illegalState(format string, args ...any) error {
	return &AlgorithmError{Exception: "java.lang.IllegalStateException", Message: fmt.Sprintf(format, args...)}
}

// negativeArraySize is what the JVM throws for `new T[size]` with size < 0.
func negativeArraySize(size int) error {
	return &AlgorithmError{Exception: "java.lang.NegativeArraySizeException", Message: strconv.Itoa(size)}
}

// UnknownAlgorithmError is an algorithm name RegionSplitter does not know.
type UnknownAlgorithmError struct{ Name string }

func (e *UnknownAlgorithmError) Error() string {
	return fmt.Sprintf("unknown split algorithm %q; use %s", e.Name, strings.Join(Algorithms, ", "))
}

// algorithm is one SplitAlgorithm with its first and last row set as RegionSplitter.main
// sets them.
type algorithm interface {
	split(n int) (Keys, Owned, error)
	firstRow() []byte
	lastRow() []byte
}

// newAlgorithm is newSplitAlgoInstance + setFirstRow + setLastRow, in RegionSplitter.main's
// order: a bad first row fails before the last row is read.
func newAlgorithm(name, first, last string) (algorithm, error) {
	switch name {
	case "HexStringSplit":
		return newNumberSplit(16, "00000000", "FFFFFFFF", first, last)
	case "DecimalStringSplit":
		return newNumberSplit(10, "00000000", "99999999", first, last)
	case "UniformSplit":
		u := &uniformSplit{last: bytes.Repeat([]byte{0xFF}, 8)}
		var err error
		if first != "" {
			if u.first, err = javaBytesBinary(first); err != nil {
				return nil, err
			}
		}
		if last != "" {
			if u.last, err = javaBytesBinary(last); err != nil {
				return nil, err
			}
		}
		return u, nil
	}
	return nil, &UnknownAlgorithmError{Name: name}
}

// regionSplitter is RegionSplitter's body: see api.go.
func regionSplitter(algo string, regions int, firstRow, lastRow string) (Split, error) {
	if regions > MaxRegions {
		return Split{}, &RegionsError{Regions: regions}
	}
	a, err := newAlgorithm(algo, firstRow, lastRow)
	if err != nil {
		return Split{}, err
	}
	// A key is at most as long as the longer row (as text, which is no shorter than its
	// bytes), and one byte more for UniformSplit.
	if err := checkKeyBytes(regions, max(len(firstRow), len(lastRow), 16)+1, "as long as the first or last row: give fewer regions or shorter rows"); err != nil {
		return Split{}, err
	}
	keys, owned, err := a.split(regions)
	if err != nil {
		return Split{}, err
	}
	return Split{
		Spec:      algo,
		Keys:      keys,
		Owned:     owned,
		Algorithm: &Algorithm{Name: algo, FirstRow: firstRow, LastRow: lastRow},
		Rule:      algorithmRule(a, keys, regions),
	}, nil
}

// algorithmRule is the Rule of a HexStringSplit or DecimalStringSplit whose keys are the
// rows first + i*size, each as wide as the padding (a first row of 0 or more, rows within
// an int64, a prefix count below 2^63); nil for any other split.
func algorithmRule(a algorithm, keys Keys, regions int) *Rule {
	s, ok := a.(*numberSplit)
	if !ok || regions < 2 || !s.first.IsInt64() || !s.last.IsInt64() || s.first.Sign() < 0 {
		return nil
	}
	if w, same := keys.Width(); !same || w != s.width {
		return nil
	}
	size, ok := powUint64(uint64(s.radix), s.width)
	if !ok || size >= 1<<63 {
		return nil
	}
	rng := new(big.Int).Sub(s.last, s.first)
	rng.Add(rng, big.NewInt(1))
	if !rng.IsInt64() {
		return nil
	}
	return &Rule{
		Alphabet: []byte("0123456789abcdef"[:s.radix]), Width: s.width, Size: size, Regions: regions,
		First: s.first.Uint64(), Step: uint64(rng.Int64() / int64(regions)),
	}
}

// javaBytesBinary is Bytes.toBytesBinary with HBase's exception for a truncated escape:
// String.charAt past the end, at the string's UTF-16 length.
func javaBytesBinary(s string) ([]byte, error) {
	b, err := hbytes.ToBytesBinary(s)
	if err != nil {
		n := len(utf16.Encode([]rune(s)))
		return nil, &AlgorithmError{Exception: "java.lang.StringIndexOutOfBoundsException",
			Message: fmt.Sprintf("String index out of range: %d", n)}
	}
	return b, nil
}

// numberSplit is HexStringSplit (radix 16) and DecimalStringSplit (radix 10): rows are
// numbers written in the radix, lowercase, left-padded with '0' to the length of the last
// row as the user wrote it.
type numberSplit struct {
	radix             int
	firstStr, lastStr string // as given (error messages quote these)
	first, last       *big.Int
	width             int // UTF-16 length of lastStr
}

func newNumberSplit(radix int, defFirst, defLast, first, last string) (*numberSplit, error) {
	s := &numberSplit{radix: radix, firstStr: defFirst, lastStr: defLast}
	s.first, _ = javaBigInteger(defFirst, radix)
	s.last, _ = javaBigInteger(defLast, radix)
	s.width = len(defLast)
	var err error
	if first != "" {
		s.firstStr = first
		if s.first, err = javaBigInteger(first, radix); err != nil {
			return nil, err
		}
	}
	if last != "" {
		s.lastStr = last
		if s.last, err = javaBigInteger(last, radix); err != nil {
			return nil, err
		}
		s.width = len(utf16.Encode([]rune(last)))
	}
	return s, nil
}

func (s *numberSplit) row(x *big.Int) []byte { return s.pad([]byte(x.Text(s.radix))) }

func (s *numberSplit) firstRow() []byte { return s.row(s.first) }
func (s *numberSplit) lastRow() []byte  { return s.row(s.last) }

func (s *numberSplit) split(n int) (Keys, Owned, error) {
	if s.last.Cmp(s.first) <= 0 {
		return Keys{}, Owned{}, illegalArgument("last row (%s) is configured less than first row (%s)", s.lastStr, s.firstStr)
	}
	rng := new(big.Int).Sub(s.last, s.first)
	rng.Add(rng, big.NewInt(1)) // the last row is inclusive
	if rng.Cmp(big.NewInt(int64(n))) < 0 {
		return Keys{}, Owned{}, illegalState("split granularity (%d) is greater than the range (%s)", n, rng)
	}
	if n-1 < 0 {
		return Keys{}, Owned{}, negativeArraySize(n - 1)
	}
	// The default rows and any others within int64 need no big numbers: every key lies
	// between the first and the last row.
	if s.first.IsInt64() && s.last.IsInt64() && rng.IsInt64() {
		keys, owned := s.split64(s.first.Int64(), rng.Int64(), n)
		return keys, owned, nil
	}
	keys, owned := s.splitBig(rng, n)
	return keys, owned, nil
}

// split64 is splitBig for a first row and a range that fit in an int64 (then so does every
// key). Keys of the padded width, the usual case, go straight into the buffer they are
// kept in.
func (s *numberSplit) split64(first, rng int64, n int) (Keys, Owned) {
	size := rng / int64(n)
	var digits [65]byte
	// No key is wider than the padding or than the first and last rows' own digits (a key
	// is negative only when the first row is, and then it is nearer zero).
	widest := max(s.width, len(strconv.AppendInt(digits[:0], first, s.radix)),
		len(strconv.AppendInt(digits[:0], first+(rng-1), s.radix)))
	var keys Keys
	if widest == s.width {
		keys = s.fixed64(first, size, n-1)
	} else {
		var b KeysBuilder
		b.Grow(n-1, (n-1)*widest)
		x := first
		for range n - 1 {
			x += size
			b.Append(s.pad(strconv.AppendInt(digits[:0], x, s.radix)))
		}
		keys = b.Keys()
	}
	return keys, ownedEvenly(n, float64(size), float64(rng-size*int64(n-1)))
}

// fixed64 writes count keys first+size, first+2*size, ... each exactly s.width digits
// (the caller knows none is wider), back to back. Non-negative keys are written a digit
// at a time from the right, by a constant radix the compiler turns into shifts (16) or
// multiplications (10): strconv's general formatting was a third of the time.
func (s *numberSplit) fixed64(first, size int64, count int) Keys {
	w := s.width
	buf := make([]byte, count*w)
	const digits = "0123456789abcdef"
	x := first
	switch {
	case first >= 0 && s.radix == 16:
		for i := range count {
			x += size
			k := buf[i*w : (i+1)*w]
			for j, v := w-1, uint64(x); j >= 0; j, v = j-1, v>>4 {
				k[j] = digits[v&15]
			}
		}
	case first >= 0 && s.radix == 10:
		for i := range count {
			x += size
			k := buf[i*w : (i+1)*w]
			for j, v := w-1, uint64(x); j >= 0; j, v = j-1, v/10 {
				k[j] = digits[v%10]
			}
		}
	default: // a negative first row: strconv writes the sign, padded as row does
		var t [65]byte
		for i := range count {
			x += size
			copy(buf[i*w:(i+1)*w], s.pad(strconv.AppendInt(t[:0], x, s.radix)))
		}
	}
	return Keys{data: buf, width: w, n: count}
}

// pad left-pads digits with '0' to the row width, in place when there is room.
func (s *numberSplit) pad(t []byte) []byte {
	if n := s.width - len(t); n > 0 {
		return append(bytes.Repeat([]byte{'0'}, n), t...)
	}
	return t
}

// splitBig is HBase's arithmetic on BigIntegers: size = floor(range / n), key i = first +
// size*i, the last region takes the slop.
func (s *numberSplit) splitBig(rng *big.Int, n int) (Keys, Owned) {
	size := new(big.Int).Quo(rng, big.NewInt(int64(n)))
	var b KeysBuilder
	x := new(big.Int).Set(s.first)
	for range n - 1 {
		x.Add(x, size)
		b.Append(s.row(x))
	}
	keys := b.Keys()
	slop := new(big.Int).Sub(rng, new(big.Int).Mul(size, big.NewInt(int64(n-1))))
	return keys, ownedBig(n, rng, size, slop)
}

// maxOwnedBits bounds the range an Owned states in units of one row: a float64 holds
// numbers below 2^1024, and a total of up to 2^24 regions' amounts must stay below that.
const maxOwnedBits = 1000

// ownedBig is ownedEvenly for a range rng of big integers, each region owning each but
// the last, which owns last. A range of up to 2^maxOwnedBits rows is stated in rows, as
// the int64 paths state theirs; a wider one (a UniformSplit row of more than 125 bytes, a
// HexStringSplit row of more than 250 digits) in units of 2^k rows, k the fewest bits
// that bring it to 2^maxOwnedBits: float64 cannot hold the amounts in rows (they would be
// +Inf, and the shares NaN), and what a region owns is read as a share of the whole,
// which the unit leaves as it is. Each amount is the float64 nearest its exact quotient.
func ownedBig(n int, rng, each, last *big.Int) Owned {
	shift := max(0, rng.BitLen()-maxOwnedBits)
	f := func(x *big.Int) float64 {
		v, _ := new(big.Float).SetMantExp(new(big.Float).SetInt(x), -shift).Float64()
		return v
	}
	return ownedEvenly(n, f(each), f(last))
}

// uniformSplit is UniformSplit: raw bytes from first (default empty) to last (default eight
// 0xFF), split with Bytes.split(first, last, inclusive=true, n-1) without its endpoints.
type uniformSplit struct{ first, last []byte }

func (u *uniformSplit) firstRow() []byte { return u.first }
func (u *uniformSplit) lastRow() []byte  { return u.last }

func (u *uniformSplit) split(n int) (Keys, Owned, error) {
	if bytes.Compare(u.last, u.first) <= 0 {
		return Keys{}, Owned{}, illegalArgument("last row (%s) is configured less than first row (%s)",
			hbytes.ToStringBinary(u.last), hbytes.ToStringBinary(u.first))
	}
	num := n - 1
	if num+2 < 0 {
		return Keys{}, Owned{}, negativeArraySize(num + 2) // Bytes.split's `new byte[num + 2][]`
	}
	return bytesSplit(u.first, u.last, num)
}

// bytesSplit is Bytes.iterateOnSplits(a, b, inclusive=true, num) without the endpoints: pad
// the shorter key with 0x00, read both as big unsigned integers, step by
// floor((b-a+1)/(num+1)); when the range is smaller than num+1, append a 0x00 to both and
// try again. owned are the regions' widths in units of the final padded integers.
func bytesSplit(a, b []byte, num int) (Keys, Owned, error) {
	for {
		width := max(len(a), len(b))
		ap := padTail(a, width)
		bp := padTail(b, width)
		if bytes.Compare(ap, bp) >= 0 {
			return Keys{}, Owned{}, illegalArgument("b <= a")
		}
		if num <= 0 {
			return Keys{}, Owned{}, illegalArgument("num cannot be <= 0")
		}
		var keys Keys
		var owned Owned
		var ok bool
		if width <= 8 {
			keys, owned, ok = bytesSplit64(ap, bp, num)
		} else {
			keys, owned, ok = bytesSplitBig(ap, bp, num)
		}
		if !ok {
			a, b = append(ap, 0), append(bp, 0)
			continue
		}
		return keys, owned, nil
	}
}

// bytesSplitBig is one round of bytesSplit over keys of one width: ok is false when the
// range holds fewer than num+1 values.
func bytesSplitBig(ap, bp []byte, num int) (keys Keys, owned Owned, ok bool) {
	width := len(ap)
	start := new(big.Int).SetBytes(ap)
	diff := new(big.Int).Sub(new(big.Int).SetBytes(bp), start)
	diff.Add(diff, big.NewInt(1)) // inclusive
	parts := big.NewInt(int64(num) + 1)
	if diff.Cmp(parts) < 0 {
		return Keys{}, Owned{}, false
	}
	interval := new(big.Int).Quo(diff, parts)
	buf := make([]byte, num*width)
	x := new(big.Int).Set(start)
	for i := range num {
		x.Add(x, interval)
		x.FillBytes(buf[i*width : (i+1)*width])
	}
	keys = Keys{data: buf, width: width, n: num}
	rest := new(big.Int).Sub(diff, new(big.Int).Mul(interval, big.NewInt(int64(num))))
	return keys, ownedBig(num+1, diff, interval, rest), true
}

// bytesSplit64 is bytesSplitBig for keys of at most eight bytes: the range b-a+1 is at most
// 2^64, a 65-bit number, and the rest fits in 64 bits. The keys share one buffer.
func bytesSplit64(ap, bp []byte, num int) (keys Keys, owned Owned, ok bool) {
	width := len(ap)
	var pa, pb [8]byte
	copy(pa[8-width:], ap)
	copy(pb[8-width:], bp)
	start, end := binary.BigEndian.Uint64(pa[:]), binary.BigEndian.Uint64(pb[:])
	diffLo, diffHi := bits.Add64(end-start, 1, 0) // inclusive; end > start
	parts := uint64(num) + 1
	if diffHi == 0 && diffLo < parts {
		return Keys{}, Owned{}, false
	}
	interval, _ := bits.Div64(diffHi, diffLo, parts) // diffHi <= 1 < parts
	buf := make([]byte, num*width)
	var be [8]byte
	x := start
	for i := range num {
		x += interval
		binary.BigEndian.PutUint64(be[:], x)
		copy(buf[i*width:(i+1)*width], be[8-width:])
	}
	keys = Keys{data: buf, width: width, n: num}
	// rest = diff - interval*num = interval + diff mod parts < 2^64.
	usedHi, usedLo := bits.Mul64(interval, uint64(num))
	rest, borrow := bits.Sub64(diffLo, usedLo, 0)
	_, _ = bits.Sub64(diffHi, usedHi, borrow)
	return keys, ownedEvenly(num+1, float64(interval), float64(rest)), true
}

func padTail(b []byte, n int) []byte {
	out := make([]byte, n)
	copy(out, b)
	return out
}
