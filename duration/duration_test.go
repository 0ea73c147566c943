package duration

import (
	"testing"

	"github.com/presplit/presplit/hbase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int64
		err  string
	}{
		{name: "days", in: "30d", want: 30 * 86400},
		{name: "weeks", in: "52w", want: 52 * 7 * 86400},
		{name: "year is 365 days", in: "1y", want: 365 * 86400},
		{name: "hours", in: "720h", want: 720 * 3600},
		{name: "seconds digits", in: "2592000", want: 2592000},
		{name: "compound", in: "1d12h", want: 86400 + 12*3600},
		{name: "fraction", in: "1.5d", want: 129600},
		{name: "upper case unit", in: "30D", want: 30 * 86400},
		{name: "m is minutes", in: "1m", want: 60},
		{name: "min is minutes", in: "90min", want: 5400},
		{name: "MIN is minutes", in: "90MIN", want: 5400},
		{name: "sec", in: "45sec", want: 45},
		{name: "M is ambiguous", in: "1M", err: RuleAmbiguousM},
		{name: "M in a compound", in: "1d1M", err: RuleAmbiguousM},
		{name: "mo is a month", in: "2mo", err: RuleMonth},
		{name: "month", in: "1month", err: RuleMonth},
		{name: "MONTHS", in: "6MONTHS", err: RuleMonth},
		{name: "unknown unit", in: "30ms", err: Spellings},
		{name: "empty", in: "", err: "empty duration"},
		{name: "no unit letter", in: "30x", err: `duration "30x": want a number and a unit`},
		{name: "negative", in: "-1d", err: `duration "-1d": want`},
		{name: "fraction of second", in: "0.5s", err: "not a whole number of seconds"},
		{name: "huge", in: "99999999999999999999d", err: "too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParseTTL(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int64
		err  string
	}{
		{name: "forever", in: "forever", want: hbase.Forever},
		{name: "FOREVER", in: "FOREVER", want: 2147483647},
		{name: "presplit days", in: "30d", want: 2592000},
		{name: "seconds", in: "86400", want: 86400},
		{name: "hbase days", in: "30 DAYS", want: 2592000},
		{name: "hbase day hours", in: "1 DAY 2 HOURS", want: 93600},
		{name: "hbase no space", in: "30DAYS", want: 2592000},
		{name: "hbase seconds", in: "45 SECONDS", want: 45},
		{name: "hbase wrong order is 0 in hbase", in: "2 HOURS 1 DAY", err: "want seconds"},
		{name: "week is 0 in hbase", in: "1 WEEK", err: "want seconds"},
		{name: "zero", in: "0", err: `TTL "0": must not be 0 seconds`},
		{name: "beyond forever", in: "25000d", err: `TTL "25000d": must be at most HBase's FOREVER (2147483647 seconds), got 2160000000 seconds`},
		{name: "long s is not s", in: "1 DAY\u017f", err: "want seconds"},
		{name: "hbase leading seconds", in: "86400 SECONDS (1 DAY)", want: 86400},
		{name: "hbase seconds disagree", in: "100 SECONDS (1 DAY)", err: "HBase refuses it"},
		{name: "hbase group too long", in: "99999999999999999999 DAYS", err: "HBase refuses it"},
		{name: "empty", in: "", err: "want seconds"},
		{name: "M is a month or a minute", in: "1M", err: `TTL "1M": ` + RuleAmbiguousM},
		{name: "a month", in: "1mo", err: RuleMonth},
		{name: "minutes", in: "30min", want: 1800},
		{name: "hbase minutes", in: "30 MINUTES", want: 1800},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseTTL(tt.in)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func FuzzParseTTL(f *testing.F) {
	for _, s := range []string{"30d", "1 DAY 2 HOURS", "forever", "0", "1.5d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseTTL(s)
		if err == nil && (n < 1 || n > hbase.Forever) {
			t.Fatalf("ParseTTL(%q) = %d outside 1..Forever", s, n)
		}
	})
}
