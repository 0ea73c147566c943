// Package render renders a plan (capacity result, split keys, table settings) in the
// formats users take it to, one renderer per --format, registered in format.go: the
// report, hbase shell DDL, the keys as lines, a SPLITS_FILE, a RegionSplitter command
// line, CSV of the regions and of the capacity, JSON, a Java snippet, an xlsx workbook,
// Phoenix's CREATE TABLE, Bigtable's cbt and Terraform, and an html page.
package render

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/splits"
)

// Doc is a plan as a renderer takes it: the plan itself (its table settings, its capacity
// sizing, nil when no capacity model ran as in `presplit splits`, its split, findings and
// notes), and how to render it. Doc never copies the plan's values: a renderer reads them
// through the plan, and one that writes a variant of the plan works on its own copy (own).
type Doc struct {
	*plan.Plan

	// Options are how to render the Doc, not what it holds: kept apart from the plan's
	// data, which they never change.
	Options Options
}

// split is the plan's split, or the empty one (one region, no keys) when the plan has
// none: a plan without a split renders as a table of one region.
func (d Doc) split() splits.Split {
	if d.Split == nil {
		return splits.Split{}
	}
	return *d.Split
}

// own is d with a copy of its plan, for a renderer that writes a variant of it (no keys,
// fewer families) and must leave the caller's plan as it was.
func (d Doc) own() Doc {
	c := *d.Plan
	d.Plan = &c
	return d
}

// Options choose how the renderers write a Doc.
type Options struct {
	// SplitsFile, when set, makes Shell write SPLITS_FILE => 'SplitsFile' instead of the
	// SPLITS list: the create line printed beside a splits-file written with -o.
	SplitsFile string

	// NumRegions makes Shell write `NUMREGIONS => n, SPLITALGO => 'Algo'` instead of the
	// SPLITS list (--shell-style numregions): only for an algorithm's split over its
	// default range (CheckNumRegions).
	NumRegions bool

	// NoHeader leaves capacity-csv's header row out (--no-header), so that the rows of
	// several runs can be appended to one file.
	NoHeader bool

	// Name words an input the text names by field ref ({capacity.rows}): the CLI's is its
	// flag (--rows); nil names it by the field's own name (capacity.rows).
	Name func(field string) string
}

// word expands the field refs in s with d.Options.Name.
func (d Doc) word(s string) string {
	if d.Options.Name == nil {
		return field.Expand(s, field.Design)
	}
	return field.Expand(s, d.Options.Name)
}

// KeyError is a split key list HBase would reject: createTable refuses an empty key and
// duplicates, and keys out of order mean the plan is not what it claims.
type KeyError struct {
	Index int // 0-based index of the offending key
	Key   []byte
	Rule  string
}

func (e *KeyError) Error() string {
	return fmt.Sprintf("split key %d %q: %s", e.Index+1, hbytes.ToStringBinary(e.Key), e.Rule)
}

const ruleAscending = "split keys must be unique and in ascending unsigned byte order"

// CheckKeys reports the first key that is empty or not strictly greater (unsigned bytes)
// than the one before it.
func CheckKeys(keys splits.Keys) error {
	if w, same := keys.Width(); same && w >= 1 && w <= 8 {
		// Keys of one width of at most 8 bytes compare as big-endian integers, without a
		// call to bytes.Compare for each of a million keys.
		var prev uint64
		for i, k := range keys.All() {
			var v uint64
			if w == 8 {
				v = binary.BigEndian.Uint64(k) // HexStringSplit's and DecimalStringSplit's keys
			} else {
				for _, c := range k {
					v = v<<8 | uint64(c)
				}
			}
			if i > 0 && v <= prev {
				return &KeyError{Index: i, Key: k, Rule: ruleAscending}
			}
			prev = v
		}
		return nil
	}
	var prev []byte
	for i, k := range keys.All() {
		if len(k) == 0 {
			return &KeyError{Index: i, Key: k, Rule: "HBase rejects an empty split key"}
		}
		if i > 0 && bytes.Compare(prev, k) >= 0 {
			return &KeyError{Index: i, Key: k, Rule: ruleAscending}
		}
		prev = k
	}
	return nil
}

// validate is what every DDL renderer checks before it writes a byte.
func (d Doc) validate() error {
	if err := d.Table.Validate(); err != nil {
		return err
	}
	return CheckKeys(d.split().Keys)
}
