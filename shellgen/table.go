// Package shellgen renders a plan (capacity result, split keys, table settings) in the
// formats users take it to: hbase shell DDL, SPLITS_FILE, RegionSplitter, CSV, JSON, Java.
package shellgen

import (
	"fmt"
	"github.com/presplit/presplit/hbase"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Table is the table's settings as they go into the create statement.
type Table struct {
	Name        string // [namespace:]name
	Families    []Family
	MaxFileSize int64 // MAX_FILESIZE: the planned region size in bytes; 0 = leave out
}

// Family is one column family. Zero values mean "unset": left out of the DDL so HBase's
// defaults apply.
type Family struct {
	Name        string
	Versions    int    // VERSIONS
	TTL         int64  // TTL in seconds (HBase FOREVER = 2147483647)
	Compression string // COMPRESSION, HBase's case: SNAPPY, ZSTD, ...
	Bloom       string // BLOOMFILTER: NONE, ROW, ROWCOL
	BlockSize   int64  // BLOCKSIZE bytes
	Encoding    string // DATA_BLOCK_ENCODING: NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1
	InMemory    bool   // IN_MEMORY => true
}

// SettingError is a table setting HBase would reject or misread.
type SettingError struct {
	Family  string // the family it belongs to; "" for a table setting
	Setting string // HBase's name: COMPRESSION, BLOCKSIZE, NAME, ...
	Value   string // the value as given
	Rule    string // what HBase accepts
}

func (e *SettingError) Error() string {
	switch {
	case e.Family != "":
		return fmt.Sprintf("family %q: %s %q: %s", e.Family, e.Setting, e.Value, e.Rule)
	case e.Setting == "NAME" || e.Setting == "MAX_FILESIZE":
		return fmt.Sprintf("table: %s %q: %s", e.Setting, e.Value, e.Rule)
	}
	return fmt.Sprintf("%s %q: %s", e.Setting, e.Value, e.Rule)
}

// CheckTableName reports whether name is a legal HBase table name: an optional namespace
// of letters, digits and '_' then ':', and a qualifier of letters, digits, '_', '-' and '.'
// that does not start with '.' or '-' (TableName.isLegalFullyQualifiedTableNameBytes).
func CheckTableName(name string) error {
	bad := func(rule string) error {
		return &SettingError{Setting: "NAME", Value: name, Rule: rule}
	}
	if !utf8.ValidString(name) {
		return bad("not valid UTF-8")
	}
	ns, qual, found := strings.Cut(name, ":")
	if !found {
		ns, qual = "", name
	} else if ns == "" {
		return bad("the namespace before ':' must not be empty")
	}
	for _, r := range ns {
		if !(isLetterOrDigit(r) || r == '_') {
			return bad("a namespace may contain only letters, digits and '_'")
		}
	}
	if qual == "" {
		return bad("the table name must not be empty")
	}
	if qual[0] == '.' || qual[0] == '-' {
		return bad("a table name must not start with '.' or '-'")
	}
	for _, r := range qual {
		if !(isLetterOrDigit(r) || r == '_' || r == '-' || r == '.') {
			return bad("a table name may contain only letters, digits, '_', '-' and '.'")
		}
	}
	if qual == "zookeeper" {
		return bad("HBase reserves the name zookeeper")
	}
	return nil
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// CheckFamilyName reports whether name is a legal column family name
// (ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName): not empty, not starting with
// '.', no control characters, ':', '\' or '/', and not "recovered.edits".
func CheckFamilyName(name string) error {
	bad := func(rule string) error {
		return &SettingError{Family: name, Setting: "NAME", Value: name, Rule: rule}
	}
	switch {
	case name == "":
		return bad("a column family name must not be empty")
	case !utf8.ValidString(name):
		return bad("not valid UTF-8")
	case name[0] == '.':
		return bad("a column family name must not start with '.'")
	case name == "recovered.edits":
		return bad("HBase reserves the name recovered.edits")
	}
	for _, r := range name {
		if unicode.IsControl(r) || r == ':' || r == '\\' || r == '/' {
			return bad("a column family name must not contain control characters, ':', '\\' or '/'")
		}
	}
	return nil
}

// Validate checks every setting of the table against what HBase accepts, so a renderer
// never writes DDL that HBase would reject or silently misread. Unset (zero) settings pass.
func (t Table) Validate() error {
	if err := CheckTableName(t.Name); err != nil {
		return err
	}
	if len(t.Families) == 0 {
		return &SettingError{Setting: "NAME", Value: t.Name, Rule: "a table needs at least one column family"}
	}
	if t.MaxFileSize < 0 {
		return &SettingError{Setting: "MAX_FILESIZE", Value: fmt.Sprint(t.MaxFileSize), Rule: "must not be negative"}
	}
	seen := map[string]bool{}
	for _, f := range t.Families {
		if err := CheckFamilyName(f.Name); err != nil {
			return err
		}
		if seen[f.Name] {
			return &SettingError{Family: f.Name, Setting: "NAME", Value: f.Name, Rule: "column family names must be unique"}
		}
		seen[f.Name] = true
		if err := f.validate(); err != nil {
			return err
		}
	}
	return nil
}

func (f Family) validate() error {
	bad := func(setting, value, rule string) error {
		return &SettingError{Family: f.Name, Setting: setting, Value: value, Rule: rule}
	}
	enum := func(setting string, set []string, v string) error {
		if v == "" {
			return nil
		}
		if c, ok := hbase.Canonical(set, v); !ok || c != v {
			return bad(setting, v, "must be one of "+strings.Join(set, ", "))
		}
		return nil
	}
	if f.Versions < 0 || f.Versions > hbase.MaxInt {
		return bad("VERSIONS", fmt.Sprint(f.Versions), "must be at least 1")
	}
	if f.TTL < 0 || f.TTL > hbase.MaxInt {
		return bad("TTL", fmt.Sprint(f.TTL), "must be 1..2147483647 seconds (FOREVER)")
	}
	if f.BlockSize != 0 {
		if err := hbase.CheckBlockSize(f.BlockSize); err != nil {
			return bad("BLOCKSIZE", fmt.Sprint(f.BlockSize), err.Error())
		}
	}
	if err := enum("COMPRESSION", hbase.Compressions, f.Compression); err != nil {
		return err
	}
	if err := enum("BLOOMFILTER", hbase.Blooms, f.Bloom); err != nil {
		return err
	}
	return enum("DATA_BLOCK_ENCODING", hbase.Encodings, f.Encoding)
}
