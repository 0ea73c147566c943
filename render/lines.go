package render

import (
	"io"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

// Lines writes the split keys in toStringBinary form, one per line (what `presplit splits`
// prints by default). One region has no keys and writes nothing.
func Lines(w io.Writer, d Doc) error {
	if err := CheckKeys(d.split().Keys); err != nil {
		return err
	}
	return writeKeyLines(w, d.split().Keys)
}

// SplitsFile writes a file for `create 't1', 'cf', SPLITS_FILE => 'FILE'`: one toStringBinary
// key per line, '\n' endings, a final newline, never a blank line (admin.rb reads it with
// File.foreach + chomp and would pass a blank line on as an empty key, which HBase rejects).
// One region has no keys: an empty SPLITS_FILE is refused rather than written.
func SplitsFile(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	if d.split().Keys.Len() == 0 {
		return &FormatError{Format: "splits-file", Reason: "one region has no split keys and a SPLITS_FILE would be empty; use {format} shell"}
	}
	return writeKeyLines(w, d.split().Keys)
}

// writeKeyLines writes one key a line in SPLITS_FILE form: toStringBinary, with the
// key's leading and trailing spaces written \x20 (hbytes.AppendKeyText). Shells before
// HBASE-18125 (1.2.0-1.2.6, 1.3.0-1.3.1, 2.0.0-alpha-1/2) strip each line, later ones
// chomp it: toStringBinary escapes every other byte Ruby's strip removes (NUL, \t, \n,
// \v, \f, \r), so with the spaces escaped too every version reads the same bytes.
func writeKeyLines(w io.Writer, keys splits.Keys) error {
	// One buffer of about 64 KiB, written whenever it fills: a key is formatted in place.
	const flushAt = 64 << 10
	buf := make([]byte, 0, flushAt+1024)
	for _, k := range keys.All() {
		buf = append(hbytes.AppendKeyText(buf, k), '\n')
		if len(buf) >= flushAt {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	_, err := w.Write(buf)
	return err
}
