package hbase

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// How HBase itself reads a TTL or size string: PrettyPrinter.valueOf with TIME_INTERVAL or
// BYTE, then Integer.parseInt as ColumnFamilyDescriptorBuilder's int setters do. This is
// what `TTL => '1 WEEK'` in an hbase shell create statement turns into, and why presplit
// renders integers: any string HBase does not recognise silently becomes 0.

// Java's \s (ASCII only: no \u00A0, and \x0B unlike Go's \s), Java's \d (ASCII digits), and
// unit words matched without case in ASCII only (Go's (?i) would also fold 'ſ' to 's').
const ws = `[ \t\n\x0B\f\r]*`

func word(w string) string {
	var b []byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		b = append(b, '[', c, c+'a'-'A', ']')
	}
	return string(b)
}

var (
	intervalPattern = regexp.MustCompile(`^(([0-9]+)` + ws + word("SECOND") + `[Ss]?` + ws + `\()?` + ws +
		`(([0-9]+)` + ws + word("DAY") + `[Ss]?)?` + ws +
		`(([0-9]+)` + ws + word("HOUR") + `[Ss]?)?` + ws +
		`(([0-9]+)` + ws + word("MINUTE") + `[Ss]?)?` + ws +
		`(([0-9]+)` + ws + word("SECOND") + `[Ss]?)?` + ws + `\)?$`)
	sizePattern = regexp.MustCompile(`^(([0-9]+)` + ws + `[Bb]?` + ws + `\()?` + ws +
		`(([0-9]+)` + ws + `[Tt][Bb]?)?` + ws +
		`(([0-9]+)` + ws + `[Gg][Bb]?)?` + ws +
		`(([0-9]+)` + ws + `[Mm][Bb]?)?` + ws +
		`(([0-9]+)` + ws + `[Kk][Bb]?)?` + ws +
		`(([0-9]+)` + ws + `[Bb]?)?` + ws + `\)?$`)
)

// Exception is a string HBase refuses: the Java exception it throws rather than reading the string as a number.
type Exception struct {
	Class string // the Java exception HBase throws
	Msg   string
}

func (e *Exception) Error() string { return e.Class + ": " + e.Msg }

func numberFormat(s string) error {
	return &Exception{Class: "java.lang.NumberFormatException", Msg: fmt.Sprintf("For input string: %q", s)}
}

// javaLong is Long.parseLong for ASCII input: an optional sign and decimal digits.
func javaLong(s string) (int64, bool) {
	if s == "" || s == "+" || s == "-" {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9') && !(i == 0 && (c == '+' || c == '-')) {
			return 0, false
		}
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}

// groups sums the numbered groups of m with their multipliers, with Java's long arithmetic
// (wrapping) and Long.parseLong's failure on a group too long for a long.
func groups(m []string, idx []int, mult []int64) (int64, error) {
	var total int64
	for i, g := range idx {
		if m[g] == "" {
			continue
		}
		v, err := strconv.ParseInt(m[g], 10, 64)
		if err != nil {
			return 0, numberFormat(m[g])
		}
		total += v * mult[i]
	}
	return total, nil
}

// ShellTTL returns the TTL in seconds HBase sets for the string s in `TTL => 's'`: FOREVER,
// a plain integer, or `[N SECONDS (] [D DAYS] [H HOURS] [M MINUTES] [S SECONDS] [)]` in that
// order; anything else is 0 (`1 WEEK`, `2 HOURS 1 DAY`, `1.5 DAYS`, the empty string). It
// fails as HBase does when the leading seconds disagree with the rest (`100 SECONDS (1 DAY)`)
// or the result does not fit an int (`25000 DAYS`). Non-ASCII digits, which Java's
// Long.parseLong would accept, are not supported.
func ShellTTL(s string) (int64, error) {
	v, err := hbaseInterval(s)
	if err != nil {
		return 0, err
	}
	return javaInt(v)
}

// ShellInterval reads s as HBase's human-readable interval, `[N SECONDS (] [D DAYS] [H
// HOURS] [M MINUTES] [S SECONDS] [)]` (PrettyPrinter's TIME_INTERVAL form, any case, in
// that order), and reports whether s is in that form: the seconds before Integer.parseInt,
// or HBase's exception. A plain number or FOREVER is not in it (ok is false).
func ShellInterval(s string) (secs int64, ok bool, err error) {
	m := intervalPattern.FindStringSubmatch(s)
	if m == nil {
		return 0, false, nil
	}
	secs, err = humanReadable(m, []int{4, 6, 8, 10}, []int64{86400, 3600, 60, 1}, intervalMismatch)
	return secs, true, err
}

const intervalMismatch = "Malformed TTL string: TTL values in seconds and human readableformat do not match"

func hbaseInterval(s string) (int64, error) {
	// Java's equalsIgnoreCase; no letter of FOREVER has a non-ASCII case partner.
	if strings.EqualFold(s, "FOREVER") {
		return Forever, nil
	}
	if v, ok := javaLong(s); ok {
		return v, nil
	}
	return humanReadable(intervalPattern.FindStringSubmatch(s), []int{4, 6, 8, 10}, []int64{86400, 3600, 60, 1}, intervalMismatch)
}

// ShellBlockSize returns the bytes HBase sets for the string s in `BLOCKSIZE => 's'`: a plain
// integer, or `[N B (] [T TB] [G GB] [M MB] [K KB] [B B] [)]` with binary units (64KB is
// 65536); anything else is 0 (`64 KiB`, `1KB 1GB`). It fails as HBase does when the result
// does not fit an int (`2GB`) or the leading bytes disagree with the rest.
func ShellBlockSize(s string) (int64, error) {
	v, err := hbaseSize(s)
	if err != nil {
		return 0, err
	}
	return javaInt(v)
}

func hbaseSize(s string) (int64, error) {
	if v, ok := javaLong(s); ok {
		return v, nil
	}
	return humanReadable(sizePattern.FindStringSubmatch(s), []int{4, 6, 8, 10, 12}, []int64{1 << 40, 1 << 30, 1 << 20, 1 << 10, 1},
		"Malformed size string: values in byte and human readableformat do not match")
}

// humanReadable is the part PrettyPrinter's interval and size readers share: the total of
// the matched unit groups, which must agree with the leading plain value (group 2, as in
// "100 SECONDS (1 DAY)") when there is one. No match reads as 0, as in HBase.
func humanReadable(m []string, idx []int, mult []int64, mismatch string) (int64, error) {
	if m == nil {
		return 0, nil
	}
	total, err := groups(m, idx, mult)
	if err != nil {
		return 0, err
	}
	if m[2] != "" {
		want, err := strconv.ParseInt(m[2], 10, 64)
		if err != nil {
			return 0, numberFormat(m[2])
		}
		if want != total {
			return 0, &Exception{Class: "org.apache.hadoop.hbase.exceptions.HBaseException", Msg: mismatch}
		}
	}
	return total, nil
}

// javaInt is Integer.parseInt of the decimal string of v.
func javaInt(v int64) (int64, error) {
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, numberFormat(strconv.FormatInt(v, 10))
	}
	return v, nil
}
