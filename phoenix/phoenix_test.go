package phoenix

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseType(t *testing.T) {
	tests := []struct {
		name, in, want string
		width          int
		err            string
	}{
		{name: "varchar", in: "varchar", want: "VARCHAR"},
		{name: "varchar length", in: "VARCHAR(10)", want: "VARCHAR(10)"},
		{name: "char", in: "CHAR(2)", want: "CHAR(2)", width: 2},
		{name: "char spaced", in: " char ( 2 ) ", want: "CHAR(2)", width: 2},
		{name: "binary", in: "BINARY(16)", want: "BINARY(16)", width: 16},
		{name: "bigint", in: "BIGINT", want: "BIGINT", width: 8},
		{name: "unsigned long", in: "unsigned_long", want: "UNSIGNED_LONG", width: 8},
		{name: "integer", in: "INTEGER", want: "INTEGER", width: 4},
		{name: "timestamp", in: "TIMESTAMP", want: "TIMESTAMP", width: 12},
		{name: "decimal", in: "DECIMAL(10,2)", want: "DECIMAL(10,2)"},
		{name: "char needs length", in: "CHAR", err: `type "CHAR": Phoenix needs a length for CHAR, like CHAR(2)`},
		{name: "bigint takes none", in: "BIGINT(3)", err: `type "BIGINT(3)": BIGINT takes no length`},
		{name: "unknown", in: "STRING", err: `type "STRING" is not a Phoenix primary key type`},
		{name: "bad length", in: "CHAR(0)", err: `type "CHAR(0)": the length must be a whole number from 1, got "0"`},
		{name: "unclosed", in: "CHAR(2", err: `type "CHAR(2": a length needs a closing parenthesis`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseType(tt.in)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got.String())
			assert.Equal(t, tt.width, got.Width)
		})
	}
}

func TestParsePK(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
		err      string
	}{
		{name: "three", in: "bucket CHAR(2), user_id VARCHAR, ts BIGINT", want: []string{"bucket CHAR(2)", "user_id VARCHAR", "ts BIGINT"}},
		{name: "decimal comma", in: "amount DECIMAL(10,2), id VARCHAR", want: []string{"amount DECIMAL(10,2)", "id VARCHAR"}},
		{name: "empty", in: " ", err: "the primary key needs at least one column"},
		{name: "no type", in: "bucket", err: `column 1: "bucket" needs a name and a type`},
		{name: "bad name", in: "1x VARCHAR", err: `column 1: column name "1x" must start with a letter`},
		{name: "twice", in: "a VARCHAR, A BIGINT", err: "column 2: column A is named twice"},
		{name: "varbinary not last", in: "a VARBINARY, b BIGINT", err: "column 1: column a: VARBINARY can only be the last primary key column"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cols, err := ParsePK(tt.in)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			var got []string
			for _, c := range cols {
				got = append(got, c.Name+" "+c.Type.String())
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func mustPK(t *testing.T, s string) []Column {
	t.Helper()
	cols, err := ParsePK(s)
	require.NoError(t, err)
	return cols
}

// TestPad: SchemaUtil.processSplit, walked by hand for each case.
func TestPad(t *testing.T) {
	zeros := func(s string, n int) []byte { return append([]byte(s), make([]byte, n)...) }
	tests := []struct {
		name   string
		pk     string
		salted bool
		key    []byte
		want   []byte
		inside string // the column Inside names; "" = none
	}{
		// CHAR(2) full; VARCHAR not last with no separator: 1 separator + 8 for BIGINT.
		{name: "prefix fills its column", pk: "bucket CHAR(2), user_id VARCHAR, ts BIGINT", key: []byte("07"), want: zeros("07", 9)},
		// CHAR(2) cut after 1 byte: 1 to fill it, then 1 separator + 8.
		{name: "inside CHAR(2)", pk: "bucket CHAR(2), user_id VARCHAR, ts BIGINT", key: []byte("1"), want: zeros("1", 10), inside: "bucket"},
		{name: "inside BIGINT", pk: "id BIGINT", key: []byte("12"), want: zeros("12", 6), inside: "id"},
		{name: "last varchar", pk: "user_id VARCHAR", key: []byte("abc"), want: []byte("abc")},
		{name: "separator present", pk: "a VARCHAR, b VARCHAR", key: []byte("ab\x00c"), want: []byte("ab\x00c")},
		// estimatePartLength counts a separator for a variable-width last column too.
		{name: "varchar then varchar", pk: "a VARCHAR, b VARCHAR", key: []byte("ab"), want: zeros("ab", 2)},
		{name: "longer than the key", pk: "a CHAR(1), b CHAR(1)", key: []byte("xyz"), want: []byte("xyz")},
		{name: "salt then varchar last", pk: "user_id VARCHAR", salted: true, key: []byte{3}, want: []byte{3}},
		{name: "salt then varchar, bigint", pk: "user_id VARCHAR, ts BIGINT", salted: true, key: []byte{3}, want: append([]byte{3}, make([]byte, 9)...)},
		{name: "salt then CHAR(2)", pk: "bucket CHAR(2)", salted: true, key: []byte{1}, want: []byte{1, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cols := mustPK(t, tt.pk)
			got := Pad(tt.key, cols, tt.salted)
			assert.Equal(t, tt.want, got)
			// A padded boundary moves no row: every key at or after the plan's boundary
			// that is a whole Phoenix key is at or after the padded one.
			assert.True(t, bytes.HasPrefix(got, tt.key))
			if !tt.salted {
				c, ok := Inside(tt.key, cols)
				assert.Equal(t, tt.inside != "", ok)
				assert.Equal(t, tt.inside, c.Name)
			}
		})
	}
}

func TestSaltSplits(t *testing.T) {
	assert.Empty(t, SaltSplits(1))
	got := SaltSplits(4)
	assert.Equal(t, [][]byte{{1}, {2}, {3}}, got)
	assert.Len(t, SaltSplits(MaxSaltBuckets), 255)
}

func TestColumnName(t *testing.T) {
	assert.Equal(t, "USER_ID", ColumnName("user_id"))
	assert.Equal(t, `"KEY"`, ColumnName("key"))
	assert.Equal(t, `"VALUE"`, ColumnName("Value"))
}

// FuzzParsePK: --phoenix-pk never panics, and what it accepts prints back to itself.
func FuzzParsePK(f *testing.F) {
	for _, s := range []string{"bucket CHAR(2), user_id VARCHAR, ts BIGINT", "a DECIMAL(10,2)", "x VARBINARY", "k CHAR(", ",,", "a b(1,2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cols, err := ParsePK(s)
		if err != nil {
			return
		}
		var parts []string
		for _, c := range cols {
			parts = append(parts, c.Name+" "+c.Type.String())
			if c.Type.Fixed() {
				_ = Pad([]byte("k"), cols, false)
			}
		}
		again, err := ParsePK(strings.Join(parts, ", "))
		if err != nil {
			t.Fatalf("%q accepted, its printed form %q refused: %v", s, strings.Join(parts, ", "), err)
		}
		if len(again) != len(cols) {
			t.Fatalf("%q: %d columns, printed form %d", s, len(cols), len(again))
		}
	})
}
