package splits

import (
	"fmt"
	"math/big"
	"unicode"
	"unicode/utf16"
)

// javaBigInteger parses s as Java's `new BigInteger(s, radix)` does, failing with the same
// NumberFormatException message. Java sees UTF-16 code units and reads digits in groups
// (7 per int for radix 16, 9 for radix 10), so a bad digit is reported with its group.
func javaBigInteger(s string, radix int) (*big.Int, error) {
	u := utf16.Encode([]rune(s))
	n := len(u)
	if n == 0 {
		return nil, numberFormat("Zero length BigInteger")
	}
	neg, cursor, err := javaSign(u)
	if err != nil {
		return nil, err
	}
	if cursor == n {
		return nil, numberFormat("Zero length BigInteger")
	}
	for cursor < n && javaDigit(u[cursor], radix) == 0 {
		cursor++
	}
	if cursor == n {
		return new(big.Int), nil
	}
	per := map[int]int{10: 9, 16: 7}[radix]
	first := (n - cursor) % per
	if first == 0 {
		first = per
	}
	x := new(big.Int)
	base := big.NewInt(int64(radix))
	for end := cursor + first; cursor < n; end = cursor + per {
		for i := cursor; i < end; i++ {
			d := javaDigit(u[i], radix)
			if d < 0 {
				msg := fmt.Sprintf("For input string: \"%s\"", string(utf16.Decode(u[cursor:end])))
				if radix != 10 {
					msg += fmt.Sprintf(" under radix %d", radix)
				}
				return nil, numberFormat(msg)
			}
			x.Mul(x, base)
			x.Add(x, big.NewInt(int64(d)))
		}
		cursor = end
	}
	if neg {
		x.Neg(x)
	}
	return x, nil
}

// javaSign reads BigInteger's optional leading sign: whether it is '-', and where the
// digits start.
func javaSign(u []uint16) (neg bool, cursor int, _ error) {
	minus, plus := lastIndex(u, '-'), lastIndex(u, '+')
	switch {
	case minus >= 0:
		if minus != 0 || plus >= 0 {
			return false, 0, numberFormat("Illegal embedded sign character")
		}
		return true, 1, nil
	case plus >= 0:
		if plus != 0 {
			return false, 0, numberFormat("Illegal embedded sign character")
		}
		return false, 1, nil
	}
	return false, 0, nil
}

func numberFormat(msg string) error {
	return &AlgorithmError{Exception: "java.lang.NumberFormatException", Message: msg}
}

func lastIndex(u []uint16, c uint16) int {
	for i := len(u) - 1; i >= 0; i-- {
		if u[i] == c {
			return i
		}
	}
	return -1
}

// javaDigit is Character.digit(char, radix): ASCII and fullwidth Latin letters and digits,
// and the BMP's other decimal digits (Unicode Nd), whose blocks run 0..9.
func javaDigit(c uint16, radix int) int {
	r := rune(c)
	v := -1
	switch {
	case r >= '0' && r <= '9':
		v = int(r - '0')
	case r >= 'a' && r <= 'z':
		v = int(r-'a') + 10
	case r >= 'A' && r <= 'Z':
		v = int(r-'A') + 10
	case r >= 0xFF21 && r <= 0xFF3A:
		v = int(r-0xFF21) + 10
	case r >= 0xFF41 && r <= 0xFF5A:
		v = int(r-0xFF41) + 10
	case r >= 0x80 && unicode.Is(unicode.Nd, r):
		v = ndDigit(c)
	}
	if v >= radix {
		return -1
	}
	return v
}

// ndDigit is the value of c, a decimal digit (Unicode Nd) of the BMP: its place in its
// block of ten.
func ndDigit(c uint16) int {
	for _, rg := range unicode.Nd.R16 {
		if c >= rg.Lo && c <= rg.Hi {
			return int(c-rg.Lo) % 10
		}
	}
	return -1
}
