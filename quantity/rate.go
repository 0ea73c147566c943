package quantity

import (
	"math"
	"strconv"
	"strings"
)

// MaxRate bounds a rate: 1e15 rows or bytes per second, far beyond any cluster.
const MaxRate = 1e15

// Rate is a load per second: rows per second, or bytes per second when Bytes is set.
type Rate struct {
	PerSecond float64
	Bytes     bool
}

// ParseRate reads a rate per second, in rows or in bytes, as an operator writes a peak load:
// a count in Count's grammar (50k, 2.5M, 1e4; fractions allowed) is rows per second,
// a size in Size's grammar with an explicit B (20MiB, 20MB, 512KB, 300B) is bytes per
// second; either may end in "/s". A size needs its B because a bare letter is a count's
// SI multiplier (50k/s is 50,000 rows, not 50 KiB). Zero, negatives, Inf and NaN are
// refused; the value is at most MaxRate.
func ParseRate(s string) (Rate, error) {
	v, bytes, err := parseRate(s)
	if err != nil {
		return Rate{}, err
	}
	return Rate{PerSecond: v, Bytes: bytes}, nil
}

func parseRate(s string) (v float64, bytes bool, err error) {
	text := strings.TrimSpace(s)
	text = strings.TrimSpace(strings.TrimSuffix(text, "/s"))
	if text == "" {
		return 0, false, ErrSyntax
	}
	if last := text[len(text)-1]; last == 'B' || last == 'b' {
		v, err := Size(text)
		if err != nil {
			return 0, true, err
		}
		if v > MaxRate {
			return 0, true, ErrTooLarge
		}
		return v, true, nil
	}
	mult := 1.0
	if m, ok := countSuffixes[text[len(text)-1]]; ok {
		mult, text = m, text[:len(text)-1]
	}
	if text == "" || strings.ContainsAny(text, "xXpPiInN_+") {
		return 0, false, ErrSyntax
	}
	if strings.HasPrefix(text, "-") {
		if _, perr := strconv.ParseFloat(text, 64); perr == nil || isRange(perr) {
			return 0, false, ErrNotPositive
		}
		return 0, false, ErrSyntax
	}
	x, perr := strconv.ParseFloat(text, 64)
	if perr != nil && !isRange(perr) {
		return 0, false, ErrSyntax
	}
	x *= mult
	switch {
	case !(x > 0):
		return 0, false, ErrNotPositive
	case x > MaxRate || math.IsInf(x, 0):
		return 0, false, ErrTooLarge
	}
	return x, false, nil
}
