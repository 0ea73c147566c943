package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/splits"
)

// sqlToken is one token of PhoenixSQL.g's lexer, as far as CREATE TABLE uses it.
type sqlToken struct {
	kind string // name, quoted, string, number, or the punctuation itself
	text string // a string literal's value after CHAR_ESC; a name as written
}

// phoenixTokens lexes s by PhoenixSQL.g's rules: WS and EOL skipped; NAME is a letter then
// letters, digits, _ (or "..." with no " inside); STRING_LITERAL is '...' where ” is ' and
// CHAR_ESC reads \n \r \t \b \f \" \' \\ as escapes, \_ and \% as themselves with the
// backslash, and a \ before anything else as a lone \.
func phoenixTokens(s string) ([]sqlToken, error) {
	var toks []sqlToken
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i + 1
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9' || s[j] == '_') {
				j++
			}
			toks = append(toks, sqlToken{"name", s[i:j]})
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			toks = append(toks, sqlToken{"number", s[i:j]})
			i = j
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j <= 0 {
				return nil, fmt.Errorf("unclosed or empty quoted name at %d", i)
			}
			toks = append(toks, sqlToken{"quoted", s[i+1 : i+1+j]})
			i += j + 2
		case c == '\'':
			var b strings.Builder
			i++
			for {
				if i >= len(s) {
					return nil, fmt.Errorf("unclosed string literal")
				}
				if s[i] == '\'' {
					if i+1 < len(s) && s[i+1] == '\'' {
						b.WriteByte('\'')
						i += 2
						continue
					}
					i++
					break
				}
				if s[i] == '\\' {
					esc := map[byte]string{'n': "\n", 'r': "\r", 't': "\t", 'b': "\b", 'f': "\f", '"': "\"", '\'': "'", '\\': "\\", '_': `\_`, '%': `\%`}
					if i+1 < len(s) {
						if e, ok := esc[s[i+1]]; ok {
							b.WriteString(e)
							i += 2
							continue
						}
					}
					b.WriteByte('\\')
					i++
					continue
				}
				b.WriteByte(s[i])
				i++
			}
			toks = append(toks, sqlToken{"string", b.String()})
		case strings.IndexByte("(),.=;", c) >= 0:
			toks = append(toks, sqlToken{string(c), string(c)})
			i++
		default:
			return nil, fmt.Errorf("unexpected %q at %d", c, i)
		}
	}
	return toks, nil
}

// phoenixShape checks the statement against create_table_node and returns the table name
// parts, the property names (family.NAME or NAME) and the SPLIT ON values.
type phoenixParsed struct {
	table  []string
	pk     []string
	props  []string
	values []string // each property's value token: a string literal's text, a number, a name
	splits []string
}

func parsePhoenix(t *testing.T, stmt string) phoenixParsed {
	t.Helper()
	toks, err := phoenixTokens(stmt)
	require.NoError(t, err)
	i := 0
	next := func() sqlToken {
		require.Less(t, i, len(toks), "statement ends early")
		i++
		return toks[i-1]
	}
	expect := func(kind, text string) {
		tk := next()
		require.Equal(t, kind, tk.kind, "token %d %q", i, tk.text)
		if text != "" {
			require.True(t, strings.EqualFold(text, tk.text), "token %d: want %s, got %s", i, text, tk.text)
		}
	}
	ident := func() string {
		tk := next()
		require.Contains(t, []string{"name", "quoted"}, tk.kind, "identifier at token %d", i)
		return tk.text
	}
	var p phoenixParsed
	expect("name", "CREATE")
	expect("name", "TABLE")
	p.table = append(p.table, ident())
	if toks[i].kind == "." {
		i++
		p.table = append(p.table, ident())
	}
	expect("(", "")
	for {
		// column_def: column_name type [(n[,s])] [NOT NULL], or the pk_constraint.
		if toks[i].kind == "name" && strings.EqualFold(toks[i].text, "CONSTRAINT") {
			i++
			ident()
			expect("name", "PRIMARY")
			expect("name", "KEY")
			expect("(", "")
			for {
				p.pk = append(p.pk, ident())
				if tk := next(); tk.kind == ")" {
					break
				} else {
					require.Equal(t, ",", tk.kind)
				}
			}
			expect(")", "")
			break
		}
		ident()
		if toks[i].kind == "." {
			i++
			ident()
		}
		expect("name", "")
		if toks[i].kind == "(" {
			i++
			expect("number", "")
			if toks[i].kind == "," {
				i++
				expect("number", "")
			}
			expect(")", "")
		}
		if toks[i].kind == "name" && strings.EqualFold(toks[i].text, "NOT") {
			i++
			expect("name", "NULL")
		}
		expect(",", "")
	}
	// fam_properties: [family .] name = value, ...
	for toks[i].kind != ";" && !(toks[i].kind == "name" && strings.EqualFold(toks[i].text, "SPLIT")) {
		name := ident()
		if toks[i].kind == "." {
			i++
			name += "." + ident()
		}
		expect("=", "")
		v := next()
		require.Contains(t, []string{"string", "number", "name"}, v.kind)
		p.props = append(p.props, name)
		p.values = append(p.values, v.text)
		if toks[i].kind == "," {
			i++
		}
	}
	if toks[i].kind == "name" {
		expect("name", "SPLIT")
		expect("name", "ON")
		expect("(", "")
		for {
			v := next()
			require.Equal(t, "string", v.kind)
			p.splits = append(p.splits, v.text)
			if tk := next(); tk.kind == ")" {
				break
			} else {
				require.Equal(t, ",", tk.kind)
			}
		}
	}
	expect(";", "")
	require.Equal(t, len(toks), i, "nothing after ;")
	return p
}

func TestPhoenixStatement(t *testing.T) {
	pk, err := phoenix.ParsePK("bucket CHAR(2), user_id VARCHAR, key BIGINT")
	require.NoError(t, err)
	keys := [][]byte{[]byte(" a"), []byte("a'b"), []byte(`b\n`), []byte(`c\_`), []byte("d,e"), []byte("z\u00e9")}
	d := Doc{
		Plan: &plan.Plan{
			Table: plan.Table{Name: "ns:Orders", MaxFileSize: 10 << 30, Families: []plan.Family{
				{Name: "o", Versions: 1, TTL: 86400, Compression: "SNAPPY", Qualifiers: []string{"id", "Amt"}},
				{Name: "m", Versions: 3, TTL: 86400, Qualifiers: []string{"x"}, InMemory: true}}},
			Split:     &splits.Split{Spec: "chars", Keys: splits.KeysOf(keys...)},
			PhoenixPK: pk,
		},
	}
	var b bytes.Buffer
	require.NoError(t, Phoenix(&b, d))
	p := parsePhoenix(t, b.String())
	assert.Equal(t, []string{"ns", "Orders"}, p.table)
	assert.Equal(t, []string{"BUCKET", "USER_ID", "KEY"}, p.pk, "KEY is a keyword, so quoted")
	assert.Equal(t, []string{"DEFAULT_COLUMN_FAMILY", "TTL", "o.VERSIONS", "m.VERSIONS", "o.COMPRESSION", "m.IN_MEMORY", "MAX_FILESIZE"}, p.props)
	require.Len(t, p.splits, len(keys))
	for i, k := range keys {
		assert.Equal(t, string(k), p.splits[i], "key %d decodes to the plan's bytes", i+1)
	}
}

// TestPhoenixTableAttrs: the table's own attributes become table options Phoenix passes to
// HBase's table descriptor, strings as SQL literals, numbers and booleans bare; the 1.x
// target's disabled policy is SPLIT_POLICY's class, 2.x's SPLIT_ENABLED.
func TestPhoenixTableAttrs(t *testing.T) {
	pk, err := phoenix.ParsePK("k VARCHAR")
	require.NoError(t, err)
	no := false
	d := Doc{
		Plan: &plan.Plan{
			Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "cf"}}, MaxFileSize: 10 << 30, MemstoreFlushSize: 256 << 20,
				RegionReplication: 3, Durability: "ASYNC_WAL", Normalization: &no, SplitPolicy: plan.SplitPolicy{Kind: plan.PolicyDisabled}},
			Split:     &splits.Split{Spec: "chars", Keys: splits.KeysOf([]byte("m"))},
			PhoenixPK: pk,
		},
	}
	var b bytes.Buffer
	require.NoError(t, Phoenix(&b, d))
	p := parsePhoenix(t, b.String())
	assert.Equal(t, []string{"DEFAULT_COLUMN_FAMILY", "MAX_FILESIZE", "MEMSTORE_FLUSHSIZE", "REGION_REPLICATION", "DURABILITY", "NORMALIZATION_ENABLED", "SPLIT_ENABLED"}, p.props)
	assert.Equal(t, []string{"cf", "10737418240", "268435456", "3", "ASYNC_WAL", "false", "false"}, p.values)
	assert.Contains(t, b.String(), "DURABILITY = 'ASYNC_WAL',\n")

	d.Table.Target = hbase.Version{Major: 1, Minor: 4}
	b.Reset()
	require.NoError(t, Phoenix(&b, d))
	p = parsePhoenix(t, b.String())
	assert.Equal(t, "SPLIT_POLICY", p.props[len(p.props)-1])
	assert.Equal(t, plan.DisabledPolicyClass, p.values[len(p.values)-1])

	d.Table.SplitPolicy = plan.SplitPolicy{Kind: plan.PolicyPrefix, PrefixLength: 2}
	b.Reset()
	err = Phoenix(&b, d)
	var fe *FormatError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "format phoenix: {table.split_policy} prefix needs the table CONFIGURATION "+plan.KeyPrefixLengthKey+", which a Phoenix table option cannot set; use {format} shell, or alter the table after the CREATE TABLE", err.Error())
	assert.Empty(t, b.String())
}

func TestPhoenixSalted(t *testing.T) {
	pk, _ := phoenix.ParsePK("user_id VARCHAR")
	d := Doc{
		Plan: &plan.Plan{
			Table:     plan.Table{Name: "t", Families: []plan.Family{{Name: "cf"}}},
			Split:     &splits.Split{Spec: "byte:8", Keys: splits.KeysOf(phoenix.SaltSplits(8)...)},
			PhoenixPK: pk,
		},
	}
	var b bytes.Buffer
	require.NoError(t, Phoenix(&b, d))
	p := parsePhoenix(t, b.String())
	assert.Equal(t, []string{"DEFAULT_COLUMN_FAMILY", "SALT_BUCKETS"}, p.props)
	assert.Empty(t, p.splits, "never SPLIT ON with SALT_BUCKETS")
	assert.Contains(t, b.String(), "SALT_BUCKETS = 8;")
}

func TestPhoenixRefuses(t *testing.T) {
	pk, _ := phoenix.ParsePK("user_id VARCHAR")
	fam := []plan.Family{{Name: "cf"}}
	tests := []struct {
		name string
		doc  Doc
		want string
	}{
		{name: "no pk", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: fam}, PhoenixPKMissing: "give --phoenix-pk"}},
			want: "format phoenix: the primary key columns are not known: give --phoenix-pk"},
		{name: "invalid UTF-8", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: fam}, PhoenixPK: pk, Split: &splits.Split{Keys: splits.KeysOf([][]byte{{'a'}, {0xC3}}...)}}},
			want: `format phoenix: split key 2 "\xC3" is not valid UTF-8 text: Phoenix takes a SPLIT ON literal's own characters as UTF-8 and does not decode \xNN`},
		{name: "control", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: fam}, PhoenixPK: pk, Split: &splits.Split{Keys: splits.KeysOf([][]byte{{1}}...)}}},
			want: `format phoenix: split key 1 "\x01" holds a control byte, which a pasted SQL statement cannot carry`},
		{name: "salt not one per bucket", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: fam}, PhoenixPK: pk, Split: &splits.Split{Spec: "byte:16", Keys: splits.KeysOf([][]byte{{4}, {8}, {12}}...)}}},
			want: "format phoenix: the plan splits the byte:16 salt into 4 regions, but SALT_BUCKETS = 16 always makes 16"},
		{name: "ttl differs", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "a", TTL: 60, Qualifiers: []string{"q"}}, {Name: "b", TTL: 120, Qualifiers: []string{"q"}}}}, PhoenixPK: pk}},
			want: `format phoenix: the families' TTLs differ ("a" 60, "b" 120): Phoenix sets one TTL for every family of a table; give them one`},
		{name: "family without columns", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "a", Qualifiers: []string{"q"}}, {Name: "b"}}}, PhoenixPK: pk}},
			want: `format phoenix: family "b" has no columns`},
		{name: "row-prefix bloom", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "a", Bloom: "ROWPREFIX_FIXED_LENGTH", BloomPrefixLength: 2}}}, PhoenixPK: pk}},
			want: `format phoenix: family "a": BLOOMFILTER ROWPREFIX_FIXED_LENGTH needs the family CONFIGURATION RowPrefixBloomFilter.prefix_length, which a Phoenix table option cannot set`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			err := Phoenix(&b, tt.doc)
			var fe *FormatError
			require.ErrorAs(t, err, &fe)
			assert.True(t, strings.HasPrefix(err.Error(), tt.want), "%v", err)
			assert.Empty(t, b.String())
		})
	}
}
