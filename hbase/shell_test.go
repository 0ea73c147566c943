package hbase

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/presplit/presplit/internal/refdata"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHBaseRefdata checks ShellTTL and ShellBlockSize against every row HBase's own
// PrettyPrinter.valueOf + Integer.parseInt produced (shared/refdata/ttl_blocksize.tsv).
func TestHBaseRefdata(t *testing.T) {
	rows, err := refdata.Read("ttl_blocksize.tsv")
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	seen := map[string]int{}
	for _, r := range rows {
		require.Len(t, r.Fields, 4, "line %d", r.Line)
		unit, in, valueOf, asInt := r.Fields[0], r.Fields[1], r.Fields[2], r.Fields[3]
		seen[unit]++
		t.Run(strconv.Itoa(r.Line)+"/"+unit+"/"+in, func(t *testing.T) {
			var raw func(string) (int64, error)
			var final func(string) (int64, error)
			switch unit {
			case "TIME_INTERVAL":
				raw, final = hbaseInterval, ShellTTL
			case "BYTE":
				raw, final = hbaseSize, ShellBlockSize
			default:
				t.Fatalf("unknown unit %q", unit)
			}
			// valueOf itself.
			got, err := raw(in)
			if strings.HasPrefix(valueOf, "ERROR ") {
				var he *Exception
				require.True(t, errors.As(err, &he), "valueOf(%q) = %d, %v; want %s", in, got, err, valueOf)
				assert.Equal(t, valueOf, "ERROR "+he.Error())
				assert.Equal(t, "(n/a)", asInt)
				_, err := final(in)
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, valueOf, strconv.FormatInt(got, 10))
			// then Integer.parseInt.
			v, err := final(in)
			if strings.HasPrefix(asInt, "ERROR ") {
				var he *Exception
				require.True(t, errors.As(err, &he), "got %d, %v; want %s", v, err, asInt)
				assert.Equal(t, asInt, "ERROR "+he.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, asInt, strconv.FormatInt(v, 10))
		})
	}
	assert.Positive(t, seen["TIME_INTERVAL"])
	assert.Positive(t, seen["BYTE"])
}

func TestShellTTL(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int64
		err  bool
	}{
		{name: "lower case units", in: "1 day 2 hours", want: 93600},
		{name: "week is not a unit", in: "1 WEEK", want: 0},
		{name: "presplit duration", in: "30d", want: 0},
		{name: "all units", in: "1 DAY 1 HOUR 1 MINUTE 1 SECOND", want: 90061},
		{name: "matching seconds", in: "86400 SECONDS (1 DAY)", want: 86400},
		{name: "signed", in: "+60", want: 60},
		{name: "negative", in: "-1", want: -1},
		{name: "long sign", in: "\u017f", want: 0},
		{name: "vertical tab is java space", in: "1\vDAY", want: 86400},
		{name: "group too long", in: "99999999999999999999 DAYS", err: true},
		{name: "forever any case", in: "fOrEvEr", want: Forever},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ShellTTL(tt.in)
			if tt.err {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
