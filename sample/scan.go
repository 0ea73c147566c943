package sample

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
)

// The scan format is what hbase shell prints for
//
//	scan 't', {FILTER => "KeyOnlyFilter()"}
//
// when its output is not a terminal (hbase-shell's formatter.rb with width 0, table.rb's
// _scan_internal): the header `ROW  COLUMN+CELL`, then one line per cell,
// ` KEY column=FAMILY:QUALIFIER, timestamp=TS, value=VALUE` with KEY in toStringBinary form,
// then `N row(s)` (older shells: `N row(s) in S seconds`) and `Took S seconds`. A row is
// repeated once per cell; it counts once, with weight 1: KeyOnlyFilter leaves no value
// sizes to weigh it by. The trailer's row count must match the rows read, so a cut-off
// scan is refused rather than read short.

var (
	scanTrailer = regexp.MustCompile(`^([0-9]+) row\(s\)(?: in [0-9.]+ seconds)?$`)
	scanTook    = regexp.MustCompile(`^Took [0-9.]+ seconds$`)
	scanColumn  = []byte(" column=")
)

func isScanHeader(line []byte) bool {
	f := bytes.Fields(line)
	return len(f) == 2 && string(f[0]) == "ROW" && string(f[1]) == "COLUMN+CELL"
}

// scanPreamble reads a line above the first row: the header (header true), or a blank line,
// as a saved session may have above it (ok, header false); ok is false for anything else.
func scanPreamble(line []byte) (header, ok bool) {
	if isScanHeader(line) {
		return true, true
	}
	return false, len(bytes.TrimSpace(line)) == 0
}

func readScan(s *lineScanner, sink Sink) (int64, error) {
	buf := make([]byte, 0, hbase.MaxRowLength+1)
	var prev []byte
	var rows int64
	havePrev, header, trailer := false, false, false
	bad := func(format string, args ...any) error {
		return &hbytes.LineError{Line: s.line, Err: fmt.Errorf("%w: "+format, append([]any{ErrScan}, args...)...)}
	}
	for {
		line, err := s.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return rows, err
		}
		switch {
		case !header:
			h, ok := scanPreamble(line)
			if !ok {
				return rows, bad("the first line must be the header %q", "ROW  COLUMN+CELL")
			}
			header = h
		case trailer:
			if scanTail(line) {
				continue
			}
			return rows, bad("%q after the row count", clip(line))
		case len(line) > 0 && line[0] == ' ':
			key, err := cellKey(buf, line, s.line, bad)
			if err != nil {
				return rows, err
			}
			if havePrev && bytes.Equal(key, prev) {
				continue // the same row's next cell
			}
			prev, havePrev = append(prev[:0], key...), true
			sink.Add(key, 1)
			rows++
		default:
			if err := checkRowCount(line, rows, bad); err != nil {
				return rows, err
			}
			trailer = true
		}
	}
	return rows, scanEnd(header, trailer, s.line)
}

// scanEnd is the error at the end of a scan, on line n: a header with no `N row(s)` line
// after it.
func scanEnd(header, trailer bool, n int64) error {
	if header && !trailer {
		return &hbytes.LineError{Line: n, Err: fmt.Errorf("%w: no `N row(s)` line at the end: is the output cut off?", ErrScan)}
	}
	return nil
}

// checkRowCount checks the `N row(s)` line after the cells: N is the rows read.
func checkRowCount(line []byte, rows int64, bad func(format string, args ...any) error) error {
	m := scanTrailer.FindSubmatch(line)
	if m == nil {
		return bad("%q", clip(line))
	}
	n, err := strconv.ParseInt(string(m[1]), 10, 64)
	if err != nil || n != rows {
		return bad("the scan says %s row(s) but %d were read: is the output cut off?", m[1], rows)
	}
	return nil
}

// scanTail says whether line may follow the row count: blank, `Took S seconds` or the
// shell's "(possible stale results)".
func scanTail(line []byte) bool {
	return len(bytes.TrimSpace(line)) == 0 || scanTook.Match(line) || string(bytes.TrimSpace(line)) == "(possible stale results)"
}

// cellKey decodes into buf the row key of line n, a cell line:
// ` KEY column=FAMILY:QUALIFIER, timestamp=...`.
func cellKey(buf, line []byte, n int64, bad func(format string, args ...any) error) ([]byte, error) {
	i := bytes.Index(line, scanColumn)
	if i < 1 || !bytes.Contains(line[i:], []byte(", timestamp=")) || !bytes.Contains(line[i:], []byte(":")) {
		return nil, bad("a cell line is ` KEY column=FAMILY:QUALIFIER, timestamp=..., value=...`, got %q", clip(line))
	}
	key, err := decodeKey(buf, line[1:i], false)
	if err != nil {
		return nil, &hbytes.LineError{Line: n, Err: err}
	}
	return key, nil
}

// clip shortens a line for a message.
func clip(b []byte) string {
	if len(b) > 60 {
		return string(b[:60]) + "..."
	}
	return string(b)
}
