// Package duration reads the durations presplit accepts: retention periods (`30d`, `52w`,
// `1y`, `720h`) and column-family TTLs, which must end up as whole seconds because HBase
// silently reads a TTL string it cannot parse as 0.
package duration

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/presplit/presplit/hbase"
)

// Units of the presplit grammar, in seconds: the one reading of a duration, for a TTL, a
// retention and a horizon alike. A year is 365 days: retention periods are planned in
// days, and calendar years would make the same spec size differently. A unit is read in
// any case except M, which is a month to some (Grafana, Elasticsearch) and a minute to
// others (HBase's own PrettyPrinter writes MINUTES, Go's m): it is refused, as are
// months (mo, month), which have no fixed length.
var units = map[string]int64{
	"s": 1, "sec": 1,
	"m": 60, "min": 60,
	"h": 3600,
	"d": 86400,
	"w": 7 * 86400,
	"y": 365 * 86400,
}

// Spellings is the units the grammar takes, for messages.
const Spellings = "s, m or min, h, d, w, y (30d, 52w, 1y, 720h, 90min)"

// RuleAmbiguousM is the rule for the unit M: month or minute.
const RuleAmbiguousM = "the unit M is ambiguous (a month or a minute): write days for a month (30d) or min for minutes (30min)"

// RuleMonth is the rule for a month: it has no fixed length.
const RuleMonth = "a month has no fixed length: give days (30d), weeks (4w) or years (1y)"

// term is one number+unit pair of the presplit grammar: 30d, 1.5h, 52w, 90min.
var term = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?)([A-Za-z]+)`)

// UnitError is a duration whose unit has no one meaning (M, months): the value and the
// rule with the spellings that work.
type UnitError struct {
	Value string
	Rule  string
}

func (e *UnitError) Error() string { return fmt.Sprintf("duration %q: %s", e.Value, e.Rule) }

// Parse reads a presplit duration and returns whole seconds: a sequence of number+unit
// pairs (`30d`, `1d12h`, `720h`, `52w`, `1y`, `90min`; units in Spellings) or plain digits
// (seconds). M and months are refused with a *UnitError.
func Parse(s string) (int64, error) {
	in := strings.TrimSpace(s)
	if in == "" {
		return 0, fmt.Errorf("empty duration")
	}
	if isDigits(in) {
		n, err := strconv.ParseInt(in, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("duration %q is too large", s)
		}
		return n, nil
	}
	var total float64
	for rest := in; rest != ""; {
		m := term.FindStringSubmatch(rest)
		if m == nil {
			return 0, fmt.Errorf("duration %q: want a number and a unit (%s)", s, Spellings)
		}
		secs, err := unit(s, m[2])
		if err != nil {
			return 0, err
		}
		n, _ := strconv.ParseFloat(m[1], 64)
		total += n * float64(secs)
		rest = rest[len(m[0]):]
	}
	if total > math.MaxInt64/2 {
		return 0, fmt.Errorf("duration %q is too large", s)
	}
	if total != math.Trunc(total) {
		return 0, fmt.Errorf("duration %q is not a whole number of seconds", s)
	}
	return int64(total), nil
}

// unit is the seconds of one unit as written in s.
func unit(s, u string) (int64, error) {
	lower := strings.ToLower(u)
	switch {
	case u == "M":
		return 0, &UnitError{s, RuleAmbiguousM}
	case lower == "mo" || lower == "mon" || strings.HasPrefix(lower, "month"):
		return 0, &UnitError{s, RuleMonth}
	}
	secs, ok := units[lower]
	if !ok {
		return 0, fmt.Errorf("duration %q: want a number and a unit (%s)", s, Spellings)
	}
	return secs, nil
}

// TTLError is a TTL presplit refuses: the value as given and the rule it breaks.
type TTLError struct {
	Value string
	Rule  string
}

func (e *TTLError) Error() string { return fmt.Sprintf("TTL %q: %s", e.Value, e.Rule) }

// ParseTTL reads a column family TTL: `forever`, plain seconds, a presplit duration (`30d`,
// `720h`), or HBase's own form (`30 DAYS`, `1 DAY 2 HOURS`), read by the function that
// reads it as HBase does (hbase.ShellInterval). It returns whole seconds in
// 1..hbase.Forever. Strings HBase would silently read as 0 (`1 WEEK`, `2 HOURS 1 DAY`) are
// errors, each a *TTLError.
func ParseTTL(s string) (int64, error) {
	in := strings.TrimSpace(s)
	if strings.EqualFold(in, "forever") {
		return hbase.Forever, nil
	}
	secs, err := Parse(in)
	var ue *UnitError
	if errors.As(err, &ue) {
		return 0, &TTLError{s, ue.Rule}
	}
	if err != nil {
		hb, ok, herr := hbase.ShellInterval(in)
		switch {
		case !ok || in == "":
			return 0, &TTLError{s, "want seconds, a duration like 30d or 720h, FOREVER, or HBase's form like '30 DAYS 2 HOURS'"}
		case herr != nil:
			return 0, &TTLError{s, fmt.Sprintf("HBase refuses it (%v)", herr)}
		case hb < 0: // Java's long arithmetic wrapped
			return 0, &TTLError{s, fmt.Sprintf("must be at most HBase's FOREVER (%d seconds)", hbase.Forever)}
		}
		secs = hb
	}
	switch {
	case secs <= 0:
		return 0, &TTLError{s, "must not be 0 seconds: HBase would expire every cell at once; use FOREVER to keep data"}
	case secs > hbase.Forever:
		return 0, &TTLError{s, fmt.Sprintf("must be at most HBase's FOREVER (%d seconds), got %d seconds", hbase.Forever, secs)}
	}
	return secs, nil
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// RuleDaysUnit is the rule for a duration of whole days given as a bare number (30): to
// Parse that is seconds, which a retention or horizon is never meant to be.
const RuleDaysUnit = "a unit is missing: give days, weeks or years like 30d, 52w or 1y (a bare number is seconds)"
