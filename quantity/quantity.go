// Package quantity reads the numbers presplit's users type, in flags and in table specs
// alike: counts (rows: 1e10, 2.5e9, 10G) and byte sizes (300B, 64K, 10g), so a value means
// the same wherever it is written.
//
// Sizes follow Hadoop's convention, the one hbase-site.xml, -Xmx and hdfs dfs -du -h use:
// every unit letter is a power of 1024, whatever the case and with or without B or iB
// (10g = 10G = 10GB = 10GiB = 10737418240 bytes). Counts use SI multipliers (10G rows =
// 1e10 rows): a count of rows has nothing to do with memory.
package quantity

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Why a value was refused. Callers word the message for their input (a flag, a spec key).
var (
	ErrSyntax      = errors.New("not a number")
	ErrNotPositive = errors.New("not positive")
	ErrNotWhole    = errors.New("not a whole number")
	ErrTooLarge    = errors.New("too large")
	// ErrNotDecimal is a number written in another base or with separators (0x10, 0o10,
	// 0b10, 1_0) or with a leading zero (010): the error that wraps it says what to write.
	ErrNotDecimal = errors.New("not decimal")
)

// notDecimal is an ErrNotDecimal worded as its rule.
type notDecimal string

func (e notDecimal) Error() string        { return string(e) }
func (e notDecimal) Is(target error) bool { return target == ErrNotDecimal }

// Decimal checks that text, a number as typed, is written in decimal, the one integer
// syntax of every count (flags, family settings, a spec's integers): no base prefix (0x,
// 0o, 0b), no digit separator (_) and no leading zero, which Ruby and C read as octal and
// Go's and YAML 1.2's decimal readers as decimal, so 010 is 8 to the HBase shell and 10
// elsewhere. The error wraps ErrNotDecimal and is worded as a rule: "0x10 is not decimal:
// write 16".
func Decimal(text string) error {
	t := strings.TrimSpace(text)
	d := strings.TrimLeft(t, "+-")
	sign := t[:len(t)-len(d)]
	if strings.Contains(d, "_") || len(d) > 1 && d[0] == '0' && strings.ContainsRune("xXoObB", rune(d[1])) {
		if v, err := strconv.ParseInt(d, 0, 64); err == nil {
			return notDecimal(fmt.Sprintf("counts are decimal: write %s%d", sign, v))
		}
		return notDecimal("counts are decimal, without 0x, 0o, 0b or _")
	}
	if len(d) > 1 && d[0] == '0' && d[1] >= '0' && d[1] <= '9' {
		n := strings.TrimLeft(d, "0")
		if n == "" || n[0] < '0' || n[0] > '9' {
			n = "0" + n
		}
		if strings.IndexFunc(n, func(r rune) bool { return r < '!' || r > '~' }) >= 0 {
			// The rest is not a number to echo (a line break, a space): the rule alone.
			return notDecimal("a leading zero is octal to some readers and decimal to others: write it without")
		}
		return notDecimal("a leading zero is octal to some readers and decimal to others: write " + sign + n)
	}
	return nil
}

// MaxCount bounds Count: far beyond any table, and still exact in a float64's 53 bits x 2^7.
const MaxCount = 1e18

// MaxSize bounds Size: 1 EiB (2^60 bytes), far beyond any table or cluster, and still an
// int64 after any whole-byte conversion.
const MaxSize = 1 << 60

// countSuffixes are the SI multipliers a count may end with. Lowercase m, g and t are read
// as million, billion, trillion too: a row count has no use for milli.
var countSuffixes = map[byte]float64{'k': 1e3, 'K': 1e3, 'm': 1e6, 'M': 1e6, 'g': 1e9, 'G': 1e9, 't': 1e12, 'T': 1e12}

// Count reads a whole, positive count: 10000000000, 1e10, 2.5e9, or a number with an SI
// suffix (10G = 1e10, 1.5M = 1500000), at most MaxCount. Hex floats, Inf and NaN are
// refused.
func Count(s string) (float64, error) {
	text := strings.TrimSpace(s)
	mult := 1.0
	if n := len(text); n > 0 {
		if m, ok := countSuffixes[text[n-1]]; ok {
			mult, text = m, text[:n-1]
		}
	}
	if err := Decimal(text); err != nil {
		return 0, err
	}
	if text == "" || strings.ContainsAny(text, "xXpPiInN_") {
		return 0, ErrSyntax
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil && !isRange(err) {
		return 0, ErrSyntax
	}
	v *= mult
	switch {
	case v <= 0:
		return 0, ErrNotPositive
	case v > MaxCount:
		return 0, ErrTooLarge
	case v != math.Trunc(v):
		return 0, ErrNotWhole
	}
	return v, nil
}

// RuleCount is the rule a count states when it is not a number at all.
const RuleCount = "must be a number like 1e10, 10k or 1000"

// Whole reads a whole number in [lo, hi] in Count's notation (1000, 1e3, 1k), 0 included
// when lo is 0: the one integer syntax of every count flag and family setting (region
// counts, VERSIONS, REGION_REPLICATION). Its errors are worded as the rule the value
// broke, the same for the same mistake wherever it is made: "too large (at most
// 2147483647)", "must be a whole number", RuleCount, or Decimal's.
func Whole(s string, lo, hi int64) (int64, error) {
	v, err := Count(s)
	switch {
	case errors.Is(err, ErrNotDecimal):
		return 0, err
	case errors.Is(err, ErrNotPositive):
		// Count refuses 0 and negatives; a range may start at 0, and says how low it goes.
		if x, perr := strconv.ParseFloat(strings.TrimSpace(s), 64); perr == nil && x == 0 && lo <= 0 {
			return 0, nil
		}
		return 0, fmt.Errorf("too small (at least %s)", bound(lo))
	case errors.Is(err, ErrTooLarge), err == nil && v > float64(hi):
		return 0, fmt.Errorf("too large (at most %s)", bound(hi))
	case errors.Is(err, ErrNotWhole):
		return 0, errors.New("must be a whole number")
	case err != nil:
		return 0, errors.New(RuleCount)
	case v < float64(lo):
		return 0, fmt.Errorf("too small (at least %s)", bound(lo))
	}
	return int64(v), nil
}

func bound(v int64) string { return FormatCount(float64(v)) }

// FormatCount writes a count or a bound the way a user types it: 1000, 1e7, 1e18, 0.8, and
// a whole number that no power of ten states (2147483647) in full.
func FormatCount(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if strings.Contains(s, ".") && strings.Contains(s, "e") && v == math.Trunc(v) && v < 1e15 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	s = strings.Replace(s, "e+0", "e", 1)
	return strings.Replace(s, "e+", "e", 1)
}

// isRange reports a number strconv could read but not hold (1e400): too large, not a
// syntax error. Its value is then ±Inf, which the range checks refuse.
func isRange(err error) bool {
	var ne *strconv.NumError
	return errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange)
}

// sizeUnits are the powers of 1024 a size's unit letter stands for (Hadoop's
// Configuration.getLongBytes: k m g t p e, any case).
var sizeUnits = map[byte]float64{'k': 1 << 10, 'm': 1 << 20, 'g': 1 << 30, 't': 1 << 40, 'p': 1 << 50, 'e': 1 << 60}

// Size reads a positive byte size, at most MaxSize, in Hadoop's convention: a decimal
// number (300, 300.7, 1.5), optional spaces, then an optional unit: B for bytes, or one of
// K M G T P E (any case) for 2^10 .. 2^60, alone or followed by B, i or iB. So 10g, 10G,
// 10GB, 10GiB and "10 GB" are all 10737418240 and 64KB is 65536. A size may have a
// fraction (an average row of 300.7B); WholeSize is for sizes that must be whole bytes.
// Exponents, hex, signs, Inf and NaN are refused: 1e3 is not a size (E is a unit).
func Size(s string) (float64, error) {
	text := strings.TrimSpace(s)
	i := 0
	for i < len(text) && (text[i] >= '0' && text[i] <= '9' || text[i] == '.') {
		i++
	}
	num, unit := text[:i], strings.ToLower(strings.TrimLeft(text[i:], " \t"))
	if !decimal(num) {
		return 0, notASize(text)
	}
	mult, ok := sizeUnit(unit)
	if !ok {
		return 0, ErrSyntax
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil && !isRange(err) {
		return 0, ErrSyntax
	}
	v *= mult
	switch {
	case v <= 0:
		return 0, ErrNotPositive
	case v > MaxSize:
		return 0, ErrTooLarge
	}
	return v, nil
}

// notASize is the error for a size without a decimal number: ErrNotPositive when text is
// a size with a minus sign (-3B), else ErrSyntax.
func notASize(text string) error {
	if rest, neg := strings.CutPrefix(text, "-"); neg && !strings.HasPrefix(rest, "-") {
		if _, err := Size(rest); err == nil || errors.Is(err, ErrNotPositive) || errors.Is(err, ErrTooLarge) {
			return ErrNotPositive
		}
	}
	return ErrSyntax
}

// sizeUnit is the multiplier of a lowercased unit: none or b, else k, m, g, t, p or e
// followed by nothing, b, i or ib; false for any other.
func sizeUnit(unit string) (float64, bool) {
	if unit == "" || unit == "b" {
		return 1, true
	}
	if len(unit) <= 3 && sizeUnits[unit[0]] != 0 && (unit[1:] == "" || unit[1:] == "b" || unit[1:] == "i" || unit[1:] == "ib") {
		return sizeUnits[unit[0]], true
	}
	return 0, false
}

// WholeSize reads a size as Size does and requires whole bytes, as HBase's attributes
// (MAX_FILESIZE, BLOCKSIZE, MEMSTORE_FLUSHSIZE) are: 1.5K is 1536, 0.5B is ErrNotWhole.
func WholeSize(s string) (int64, error) {
	v, err := Size(s)
	if err != nil {
		return 0, err
	}
	if v != math.Trunc(v) {
		return 0, ErrNotWhole
	}
	return int64(v), nil
}

// decimal reports whether s is digits with at most one '.', and at least one digit.
func decimal(s string) bool {
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '.':
			dots++
		case s[i] >= '0' && s[i] <= '9':
			digits++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}

// RuleSizeUnit is the rule for a size that must name its unit (a day's ingest): to Size a
// bare number is bytes, which such a size is never meant to be.
const RuleSizeUnit = "the unit is missing: give a size like 500GB or 2TB (500B for bytes)"

// Bare reports whether s is a plain number without a unit (30, 500, 1.5): the form the
// sizes and durations that need a unit refuse.
func Bare(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" {
		return false
	}
	_, err := strconv.ParseFloat(t, 64)
	return err == nil && !strings.ContainsAny(t, "xXpPiInN_")
}
