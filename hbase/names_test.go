package hbase

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The examples of TableName's javadoc and TestTableName (legal and illegal names), with
// the reserved names HBase adds.
func TestCheckTableName(t *testing.T) {
	tests := []struct {
		name string
		in   string
		kind string // "" when legal
		err  string
	}{
		{name: "plain", in: "t1"},
		{name: "namespace", in: "ns:t"},
		{name: "javadoc foo:bar", in: "foo:bar"},
		{name: "javadoc org:foo.bar", in: "org:foo.bar"},
		{name: "default namespace", in: "default:t"},
		{name: "dots and dashes inside", in: "a.b-c_d"},
		{name: "trailing dot", in: "t."},
		{name: "leading underscore", in: "_t"},
		{name: "leading digit", in: "1t"},
		{name: "long names have no limit", in: strings.Repeat("t", 300)},
		{name: "zookeeper inside a name", in: "zookeeper2"},
		{name: "empty", in: "", kind: "table", err: "a table name must not be empty"},
		{name: "leading dot", in: ".t", kind: "table", err: "a table name must not start with '.' or '-'"},
		{name: "leading dash", in: "-t", kind: "table", err: "a table name must not start with '.' or '-'"},
		{name: "old meta", in: ".META.", kind: "table", err: "must not start with '.' or '-'"},
		{name: "old root", in: "-ROOT-", kind: "table", err: "must not start with '.' or '-'"},
		{name: "leading dot after namespace", in: "ns:.t", kind: "table", err: "must not start with '.' or '-'"},
		{name: "space and bang", in: "bad name!", kind: "table", err: "a table name may contain only ASCII letters, digits, '_', '-' and '.'"},
		{name: "unicode letter", in: "über", kind: "table", err: "may contain only ASCII letters"},
		{name: "unicode after namespace", in: "ns:tüb", kind: "table", err: "may contain only ASCII letters"},
		{name: "slash", in: "a/b", kind: "table", err: "may contain only ASCII letters"},
		{name: "two colons", in: "a:b:c", kind: "table", err: "at most one ':'"},
		{name: "empty qualifier", in: "ns:", kind: "table", err: "the table name after ':' must not be empty"},
		{name: "zookeeper table", in: "zookeeper", kind: "table", err: "HBase refuses a table named zookeeper"},
		{name: "zookeeper table in namespace", in: "ns:zookeeper", kind: "table", err: "named zookeeper"},
		{name: "empty namespace", in: ":t", kind: "namespace", err: "the namespace before ':' must not be empty"},
		{name: "namespace with dot", in: "a.b:t", kind: "namespace", err: "a namespace may contain only ASCII letters, digits and '_'"},
		{name: "namespace with dash", in: "a-b:t", kind: "namespace", err: "may contain only ASCII letters, digits and '_'"},
		{name: "unicode namespace", in: "ñs:t", kind: "namespace", err: "may contain only ASCII letters"},
		{name: "zookeeper namespace", in: "zookeeper:t", kind: "namespace", err: "HBase refuses a namespace named zookeeper"},
		{name: "system namespace meta", in: "hbase:meta", kind: "namespace", err: "the namespace hbase holds HBase's system tables"},
		{name: "system namespace user table", in: "hbase:t", kind: "namespace", err: "holds HBase's system tables"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckTableName(tt.in)
			if tt.kind == "" {
				assert.NoError(t, err)
				return
			}
			var ne *NameError
			require.True(t, errors.As(err, &ne), "want a *NameError, got %v", err)
			assert.Equal(t, tt.kind, ne.Kind)
			assert.Contains(t, err.Error(), tt.err)
			assertRuleText(t, err)
		})
	}
}

func TestCheckNamespace(t *testing.T) {
	tests := []struct {
		name string
		in   string
		err  string
	}{
		{name: "plain", in: "ns"},
		{name: "default", in: "default"},
		{name: "underscore and digits", in: "_ns_2"},
		{name: "empty", in: "", err: "must not be empty"},
		{name: "hbase", in: "hbase", err: "holds HBase's system tables"},
		{name: "zookeeper", in: "zookeeper", err: "named zookeeper"},
		{name: "dot", in: "a.b", err: "only ASCII letters, digits and '_'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckNamespace(tt.in)
			if tt.err == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
			assertRuleText(t, err)
		})
	}
}

func TestCheckFamilyName(t *testing.T) {
	tests := []struct {
		name string
		in   string
		err  string
	}{
		{name: "plain", in: "cf"},
		{name: "one letter", in: "d"},
		{name: "dot inside", in: "a.b"},
		{name: "dash and space", in: "a- b"},
		{name: "utf-8 letters", in: "données"},
		{name: "C1 control in UTF-8 is bytes 0xC2 0x85 to HBase", in: "a\u0085b"},
		{name: "recovered.edits inside a longer name", in: "recovered.edits2"},
		{name: "127 bytes", in: strings.Repeat("f", 127)},
		{name: "empty", in: "", err: "a column family name must not be empty"},
		{name: "leading dot", in: ".cf", err: "a column family name must not start with '.'"},
		{name: "colon", in: "a:b", err: "must not contain control characters, ':', '\\' or '/'"},
		{name: "backslash", in: `a\b`, err: "must not contain control characters"},
		{name: "slash", in: "a/b", err: "must not contain control characters"},
		{name: "tab", in: "a\tb", err: "must not contain control characters"},
		{name: "NUL", in: "a\x00", err: "must not contain control characters"},
		{name: "DEL", in: "a\x7F", err: "must not contain control characters"},
		{name: "recovered.edits", in: "recovered.edits", err: "HBase refuses a column family named recovered.edits"},
		{name: "128 bytes", in: strings.Repeat("f", 128), err: "at most 127 bytes"},
		{name: "invalid UTF-8", in: "a\xFFb", err: "must be valid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckFamilyName(tt.in)
			if tt.err == "" {
				assert.NoError(t, err)
				return
			}
			var ne *NameError
			require.True(t, errors.As(err, &ne), "want a *NameError, got %v", err)
			assert.Equal(t, "family", ne.Kind)
			assert.Contains(t, err.Error(), tt.err)
			assertRuleText(t, err)
		})
	}
}

// assertRuleText checks the house rule for error text: the rule alone, no final period.
func assertRuleText(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	assert.False(t, strings.HasSuffix(msg, "."), "final period: %q", msg)
	assert.NotContains(t, msg, "got", "the caller quotes the value: %q", msg)
}

func TestCheckDelimiter(t *testing.T) {
	tests := []struct{ name, in, err string }{
		{name: "hash", in: "#"},
		{name: "pipe", in: "|"},
		{name: "several bytes", in: "::"},
		{name: "utf-8", in: "§"},
		{name: "toStringBinary text", in: `\x00`},
		{name: "empty", in: "", err: "a delimiter must not be empty"},
		{name: "newline", in: "\n", err: "a delimiter must be printable: no control bytes (0x00-0x1F, 0x7F)"},
		{name: "del", in: "\x7f", err: "must be printable"},
		{name: "substitute then pipe", in: "\x1a|", err: "must be printable"},
		{name: "here-document breakout", in: "|\nPRESPLIT_ALTER\ntouch /tmp/p\n", err: "must be printable"},
		{name: "esc", in: "\x1b[31m", err: "must be printable"},
		{name: "invalid utf-8", in: "\xff", err: "a delimiter must be valid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckDelimiter(tt.in)
			if tt.err == "" {
				assert.NoError(t, err)
				return
			}
			var ne *NameError
			require.True(t, errors.As(err, &ne), "%v", err)
			assert.Equal(t, "delimiter", ne.Kind)
			assert.Contains(t, err.Error(), tt.err)
		})
	}
}
