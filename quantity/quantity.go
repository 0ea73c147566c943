// Package quantity reads the numbers presplit's users type, in flags and in table specs
// alike: counts (rows: 1e10, 2.5e9, 10G) and byte sizes (300B, 64KiB, 1.5KB), so a value
// means the same wherever it is written.
package quantity

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/dustin/go-humanize"
)

// Why a value was refused. Callers word the message for their input (a flag, a spec key).
var (
	ErrSyntax      = errors.New("not a number")
	ErrNotPositive = errors.New("not positive")
	ErrNotWhole    = errors.New("not a whole number")
)

// MaxCount bounds Count: far beyond any table, and still exact in a float64's 53 bits x 2^7.
const MaxCount = 1e18

// countSuffixes are the SI multipliers a count may end with. Lowercase m, g and t are read
// as million, billion, trillion too: a row count has no use for milli.
var countSuffixes = map[byte]float64{'k': 1e3, 'K': 1e3, 'm': 1e6, 'M': 1e6, 'g': 1e9, 'G': 1e9, 't': 1e12, 'T': 1e12}

// Count reads a whole, positive count: 10000000000, 1e10, 2.5e9, or a number with an SI
// suffix (10G = 1e10, 1.5M = 1500000). Hex floats, Inf and NaN are refused.
func Count(s string) (float64, error) {
	text := strings.TrimSpace(s)
	mult := 1.0
	if n := len(text); n > 0 {
		if m, ok := countSuffixes[text[n-1]]; ok {
			mult, text = m, text[:n-1]
		}
	}
	if text == "" || strings.ContainsAny(text, "xXpPiInN_") {
		return 0, ErrSyntax
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, ErrSyntax
	}
	v *= mult
	switch {
	case v <= 0:
		return 0, ErrNotPositive
	case v > MaxCount:
		return 0, ErrSyntax
	case v != math.Trunc(v):
		return 0, ErrNotWhole
	}
	return v, nil
}

// Size reads a positive byte size with go-humanize: a bare number is bytes; B, kB/KB, MB,
// GB, TB, ... are powers of 1000, KiB, MiB, GiB, TiB, ... powers of 1024.
func Size(s string) (float64, error) {
	n, err := humanize.ParseBigBytes(strings.TrimSpace(s))
	if err != nil || n.Sign() < 0 {
		return 0, ErrSyntax
	}
	v, _ := n.Float64()
	switch {
	case math.IsInf(v, 0):
		return 0, ErrSyntax
	case v <= 0:
		return 0, ErrNotPositive
	}
	return v, nil
}
