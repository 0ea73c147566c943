package render

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/presplit/presplit/access"
	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/splits"
)

// Doc is everything a renderer may show: the table settings, the capacity plan (nil when no
// capacity model ran, as in `presplit splits`) and the split.
type Doc struct {
	Table Table
	Plan  *capacity.Sizing
	Split splits.Split

	// Findings are the review of the plan as created (lint's codes); report and json show
	// them, shell carries them as comments, the pure data formats leave them out.
	Findings []finding.Finding
	// Notes are decisions the plan took where its inputs were silent.
	Notes []string
	// Unstated are the notes about what HBase stores that the output's language has no
	// place for (a compression ratio below 1 and no codec in the create statement): the
	// formats that show no Notes (shell, java, terraform, ...) have them said on stderr.
	Unstated []string

	// Options are how to render the Doc, not what it holds: kept apart from the plan's
	// data, which they never change.
	Options Options

	// PhoenixPK is the table's primary key for --format phoenix (the rowkey's columns in
	// order); nil when the design does not give it, and then PhoenixPKMissing says what
	// would (a flag or a spec key), for the message.
	PhoenixPK        []phoenix.Column
	PhoenixPKMissing string

	// Access is the access pattern's sizing and the load of the regions created; nil
	// when the plan was sized on bytes alone (every format then reads as before).
	Access *access.Sizing
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
	return CheckKeys(d.Split.Keys)
}
