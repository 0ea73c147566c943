// Package regions reads what an HBase cluster prints about a table's regions (the shell's
// list_regions and get_splits, a RegionServer's JMX), models the region layout, and plans
// the merges and splits that bring the regions back to a target size.
//
// It is offline: nothing here talks to a cluster. Readers take the text a user saved and
// return a *LineError for any line they cannot read exactly.
package regions

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/hbytes"
)

// LineError is input that cannot be read, with the 1-based line it is on (0 when the
// input as a whole is at fault). The CLI prefixes the file name: `regions.txt:12: ...`.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string {
	if e.Line == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

func (e *LineError) Unwrap() error { return e.Err }

func lineErrorf(line int, format string, args ...any) error {
	return &LineError{Line: line, Err: fmt.Errorf(format, args...)}
}

// Region is one region of a table: the keys [Start, End), End empty for the last region.
type Region struct {
	Start, End []byte
	// Encoded is the encoded region name (the 32 hex digits merge_region and split take);
	// "" when the input did not name regions.
	Encoded string
	Server  string // SERVER_NAME (host,port,startcode) or the JMX's host; "" when unknown
	// Size is the store file size in bytes (list_regions' MB x 2^20, or JMX store files +
	// memstore); meaningful when the layout's HasSize.
	Size int64
	// Requests is read + write requests (list_regions' REQ or JMX); meaningful when the
	// layout's HasRequests.
	Requests int64
	Locality string // list_regions' LOCALITY as printed; "" when not given
	// Created is the region's creation time in ms since the epoch: the region id of its
	// REGION_NAME (RegionInfo's regionId is the master's clock when the region was made,
	// by create, a split or a merge); 0 when the input did not name regions.
	Created int64
	// Unknown: the input gave the region but not its metrics (list_regions' "Can not find
	// all details for region" and a row with blank SIZE, REQ and LOCALITY). Size and
	// Requests are 0 and mean nothing; the plan never merges or splits it.
	Unknown bool
	Line    int // the line of the input this region was read from (0: none)
}

// Layout is a table's regions in key order, contiguous: the first starts at the empty key,
// each ends where the next starts, the last ends at the empty key.
type Layout struct {
	Table       string // "ns:t", or "t" in the default namespace; "" when unknown
	Regions     []Region
	HasSize     bool
	HasRequests bool
	HasServer   bool
	HasEncoded  bool
	// Exact is whether every boundary is known byte for byte: list_regions strips the keys
	// it prints (a key's leading or trailing spaces are lost), REGION_NAME and get_splits
	// do not.
	Exact bool
	// Adjacent is whether the input proves the regions are the table's whole key range
	// with no gap: END_KEY was read, or get_splits agreed. Merge plans need it.
	Adjacent bool
	// SizeSlack is how much more than its Size a region may hold: list_regions prints
	// whole megabytes, rounded down (RegionLoad.getStorefileSizeMB), so a region of SIZE 0
	// holds up to a MiB less a byte; 0 once JMX gave the bytes. A merge is planned on
	// Size + SizeSlack per region: a thousand regions of SIZE 0 may hold a GiB.
	SizeSlack int64
	// Skipped counts the rows left out: region replicas (replica id > 0), which are never
	// merged or split on their own.
	Skipped int

	byEncoded map[string]int
}

// maxSize is the most region i may hold: its Size and the layout's SizeSlack.
func (l *Layout) maxSize(i int) int64 { return l.Regions[i].Size + l.SizeSlack }

// Keys are the split keys of the layout: each region's start but the first.
func (l *Layout) Keys() [][]byte {
	keys := make([][]byte, 0, max(len(l.Regions)-1, 0))
	for _, r := range l.Regions[1:] {
		keys = append(keys, r.Start)
	}
	return keys
}

// Check verifies the regions are in key order with no duplicate, the first at the empty
// key; errors name the input line. ReadListRegions checks exact layouts itself.
func (l *Layout) Check() error {
	if len(l.Regions) == 0 {
		return &LineError{Err: fmt.Errorf("no regions")}
	}
	if first := l.Regions[0]; len(first.Start) != 0 {
		return lineErrorf(first.Line, "the first region starts at %s, not at the empty key: the list is not the whole table (filtered by server or locality?)",
			quoted(first.Start))
	}
	for i := 1; i < len(l.Regions); i++ {
		prev, r := l.Regions[i-1], l.Regions[i]
		switch c := bytes.Compare(prev.Start, r.Start); {
		case c == 0:
			return lineErrorf(r.Line, "duplicate region: start key %s again (line %d)", quoted(r.Start), prev.Line)
		case c > 0:
			msg := "regions must be in key order"
			if !l.Exact {
				msg = "list_regions strips its keys; give {regions.get_splits} (or the REGION_NAME column) for the exact keys"
			}
			return lineErrorf(r.Line, "region start key %s sorts before the previous region's %s: %s",
				quoted(r.Start), quoted(prev.Start), msg)
		}
	}
	return nil
}

func keyText(k []byte) string { return hbytes.ToStringBinary(k) }

// quoted is a key's toStringBinary text between double quotes, unescaped: the form the
// shell prints, with its spaces visible; a '{' as \x7B (field.KeyText), so that no key
// in a message reads as the name of an input.
func quoted(k []byte) string { return `"` + field.KeyText(keyText(k)) + `"` }

// maxShown is the most bytes of an input's text an error shows: a key may be 32 KiB.
const maxShown = 64

// show is text from the input in an error: between double quotes as it reads when it is
// printable ASCII (toStringBinary text: `"\x00a"`), Go-quoted otherwise.
func show(s string) string {
	if len(s) > maxShown {
		return show(s[:maxShown]) + "..."
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7E {
			return strconv.Quote(s)
		}
	}
	return `"` + s + `"`
}

// stripKey is the key as list_regions prints it: toStringBinary, then Ruby's strip.
func stripKey(k []byte) string { return strings.Trim(hbytes.ToStringBinary(k), " ") }

// Servers is the layout's RegionServer names in sorted order ("" for regions whose server
// is unknown) and the regions each holds: the per-server counts of the report and the page.
func (l *Layout) Servers() ([]string, map[string]int) {
	per := map[string]int{}
	for _, r := range l.Regions {
		per[r.Server]++
	}
	servers := make([]string, 0, len(per))
	for s := range per {
		servers = append(servers, s)
	}
	sort.Strings(servers)
	return servers, per
}
