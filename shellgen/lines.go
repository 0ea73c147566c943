package shellgen

import (
	"bufio"
	"io"

	"github.com/presplit/presplit/hbytes"
)

// Lines writes the split keys in toStringBinary form, one per line (what `presplit splits`
// prints by default). One region has no keys and writes nothing.
func Lines(w io.Writer, d Doc) error {
	if err := CheckKeys(d.Split.Keys); err != nil {
		return err
	}
	return writeKeyLines(w, d.Split.Keys)
}

// SplitsFile writes a file for `create 't1', 'cf', SPLITS_FILE => 'FILE'`: one toStringBinary
// key per line, '\n' endings, a final newline, never a blank line (admin.rb reads it with
// File.foreach + chomp and would pass a blank line on as an empty key, which HBase rejects).
// One region has no keys: an empty SPLITS_FILE is refused rather than written.
func SplitsFile(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	if len(d.Split.Keys) == 0 {
		return &FormatError{Format: "splits-file", Reason: "one region has no split keys and a SPLITS_FILE would be empty; use --format shell"}
	}
	return writeKeyLines(w, d.Split.Keys)
}

func writeKeyLines(w io.Writer, keys [][]byte) error {
	bw := bufio.NewWriter(w)
	var buf []byte
	for _, k := range keys {
		buf = hbytes.AppendStringBinary(buf[:0], k)
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}
