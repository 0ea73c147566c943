// Package shellgen renders a plan (capacity result, split keys, table settings) in the
// formats users take it to: hbase shell DDL, SPLITS_FILE, RegionSplitter, CSV, JSON, Java.
package shellgen

import (
	"fmt"
	"strings"

	"github.com/presplit/presplit/hbase"
)

// Table is the table's settings as they go into the create statement.
type Table struct {
	Name        string // [namespace:]name
	Families    []Family
	MaxFileSize int64 // MAX_FILESIZE: the planned region size in bytes; 0 = leave out
	// Target is the HBase version the output is written for; zero means
	// hbase.DefaultVersion.
	Target hbase.Version
}

// Family is one column family. Zero values mean "unset": left out of the DDL so HBase's
// defaults apply.
type Family struct {
	Name        string
	Versions    int    // VERSIONS
	TTL         int64  // TTL in seconds (hbase.Forever = 2147483647)
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

// Validate checks every setting of the table against what HBase accepts, so a renderer
// never writes DDL that HBase would reject or silently misread. Unset (zero) settings pass.
func (t Table) Validate() error {
	if err := hbase.CheckTableName(t.Name); err != nil {
		return &SettingError{Setting: "NAME", Value: t.Name, Rule: err.Error()}
	}
	if len(t.Families) == 0 {
		return &SettingError{Setting: "NAME", Value: t.Name, Rule: "a table needs at least one column family"}
	}
	if t.MaxFileSize < 0 {
		return &SettingError{Setting: "MAX_FILESIZE", Value: fmt.Sprint(t.MaxFileSize), Rule: "must not be negative"}
	}
	seen := map[string]bool{}
	for _, f := range t.Families {
		if err := hbase.CheckFamilyName(f.Name); err != nil {
			return &SettingError{Family: f.Name, Setting: "NAME", Value: f.Name, Rule: err.Error()}
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
	if f.TTL < 0 || f.TTL > hbase.Forever {
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
