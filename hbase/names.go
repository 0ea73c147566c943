package hbase

import (
	"strings"
	"unicode/utf8"
)

// NameError is a table, namespace or column family name HBase refuses. Its text is the
// rule alone, lowercase with no final period: the caller names the input and quotes the
// value ("--table: <rule>, got \"t!\"").
type NameError struct {
	Kind string // "table", "namespace" or "family"
	Rule string
}

func (e *NameError) Error() string { return e.Rule }

// Names HBase keeps for itself.
const (
	// SystemNamespace holds HBase's own tables (hbase:meta, hbase:namespace, ...).
	SystemNamespace = "hbase"
	// DefaultNamespace is where a table without "ns:" goes.
	DefaultNamespace = "default"
	// ZooKeeperName is TableName.DISALLOWED_TABLE_NAME: ZooKeeper refuses a znode of that
	// name, so HBase refuses it as a table and as a namespace.
	ZooKeeperName = "zookeeper"
	// RecoveredEdits is HConstants.RECOVERED_EDITS_DIR, a folder beside the families of a
	// region: no family may take its name.
	RecoveredEdits = "recovered.edits"
)

// MaxFamilyLength is the longest family name a cell can carry: KeyValue stores the
// family's length in one byte (Byte.MAX_VALUE).
const MaxFamilyLength = 127

func tableErr(rule string) error     { return &NameError{Kind: "table", Rule: rule} }
func namespaceErr(rule string) error { return &NameError{Kind: "namespace", Rule: rule} }
func familyErr(rule string) error    { return &NameError{Kind: "family", Rule: rule} }

// isWord reports whether b is one of HBase 2's name characters [a-zA-Z_0-9]. HBase tests
// each byte with Character.isLetterOrDigit(byte): a byte of a UTF-8 sequence is negative
// there, so every non-ASCII name is refused.
func isWord(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}

// CheckTableName reports whether name is a table HBase creates for a user:
// [namespace:]qualifier (TableName.valueOf), the namespace as CheckNamespace wants it,
// the qualifier as isLegalTableQualifierName wants it: ASCII letters, digits, '_', '-'
// and '.', not starting with '.' or '-', not "zookeeper". TableName has no length rule.
func CheckTableName(name string) error {
	if name == "" {
		return tableErr("a table name must not be empty")
	}
	qual := name
	if ns, rest, found := strings.Cut(name, ":"); found {
		qual = rest
		if strings.Contains(qual, ":") {
			return tableErr("a table name has at most one ':', between namespace and table")
		}
		if err := CheckNamespace(ns); err != nil {
			return err
		}
		if qual == "" {
			return tableErr("the table name after ':' must not be empty")
		}
	}
	if qual[0] == '.' || qual[0] == '-' {
		return tableErr("a table name must not start with '.' or '-'")
	}
	if qual == ZooKeeperName {
		return tableErr("HBase refuses a table named zookeeper (ZooKeeper reserves that znode)")
	}
	for i := 0; i < len(qual); i++ {
		if c := qual[i]; !isWord(c) && c != '-' && c != '.' {
			return tableErr("a table name may contain only ASCII letters, digits, '_', '-' and '.'")
		}
	}
	return nil
}

// CheckNamespace reports whether ns is a namespace a user table may go in
// (TableName.isLegalNamespaceName): ASCII letters, digits and '_', not "zookeeper", and
// not "hbase", which holds HBase's system tables.
func CheckNamespace(ns string) error {
	if ns == "" {
		return namespaceErr("the namespace before ':' must not be empty")
	}
	for i := 0; i < len(ns); i++ {
		if !isWord(ns[i]) {
			return namespaceErr("a namespace may contain only ASCII letters, digits and '_'")
		}
	}
	switch ns {
	case ZooKeeperName:
		return namespaceErr("HBase refuses a namespace named zookeeper (ZooKeeper reserves that znode)")
	case SystemNamespace:
		return namespaceErr("the namespace hbase holds HBase's system tables; put the table in default or a namespace of its own")
	}
	return nil
}

// CheckFamilyName reports whether name is a column family name HBase accepts
// (ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName): not empty, not starting with
// '.', no control byte (0x00-0x1F, 0x7F), ':', '\' or '/', not "recovered.edits"; and at
// most MaxFamilyLength bytes, or no cell can carry it. HBase tests bytes, so UTF-8 letters
// pass; presplit also wants valid UTF-8, as it writes the name into text.
func CheckFamilyName(name string) error {
	switch {
	case name == "":
		return familyErr("a column family name must not be empty")
	case !utf8.ValidString(name):
		return familyErr("a column family name must be valid UTF-8")
	case name[0] == '.':
		return familyErr("a column family name must not start with '.'")
	case name == RecoveredEdits:
		return familyErr("HBase refuses a column family named recovered.edits (a region's folder of edits to replay)")
	case len(name) > MaxFamilyLength:
		return familyErr("a column family name must be at most 127 bytes (a cell stores its length in one byte)")
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c < 0x20 || c == 0x7F || c == ':' || c == '\\' || c == '/' {
			return familyErr("a column family name must not contain control characters, ':', '\\' or '/'")
		}
	}
	return nil
}

// CheckDelimiter reports whether d, as text, can be a rowkey delimiter: the byte string
// between a key's fields, which DelimitedKeyPrefixRegionSplitPolicy (and HBase 2.5's
// split restriction) read as a string from the table's configuration. It must not be
// empty, must be valid UTF-8 (the configuration stores text) and must be printable: no
// control byte (0x00-0x1F) or DEL (0x7F), which a shell script, a terminal or a
// here-document cannot carry as it is. Text in toStringBinary form (`\x00`) is printable
// and passes; what it stands for is the caller's business.
func CheckDelimiter(d string) error {
	switch {
	case d == "":
		return &NameError{Kind: "delimiter", Rule: "a delimiter must not be empty"}
	case !utf8.ValidString(d):
		return &NameError{Kind: "delimiter", Rule: "a delimiter must be valid UTF-8"}
	}
	for i := 0; i < len(d); i++ {
		if c := d[i]; c < 0x20 || c == 0x7F {
			return &NameError{Kind: "delimiter", Rule: "a delimiter must be printable: no control bytes (0x00-0x1F, 0x7F)"}
		}
	}
	return nil
}
