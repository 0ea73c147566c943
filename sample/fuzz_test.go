package sample

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/presplit/presplit/hbytes"
)

// FuzzRead: every sample format reads any input without panicking; what it reads is
// consistent (a read sample has keys; a failed one names a line within the input); and a
// file read in parallel parts (ReadFile, kept in place or streamed) reads exactly what one
// sequential read does: the same format, error line, rows and exact cut.
func FuzzRead(f *testing.F) {
	seeds := []string{
		"user01|1\nuser02|2\r\nuser03\\x00\\xFF\n\n",
		"a\t10\nb\t20\n\\x5C\t1\n",
		"a\tlots\n",
		"ROW  COLUMN+CELL\n r1 column=d:a, timestamp=1, value=\n r1 column=d:b, timestamp=1, value=x\n r2 column=d:a, timestamp=2, value=\n2 row(s)\nTook 0.1 seconds\n",
		"ROW  COLUMN+CELL\n r1 column=d:a, timestamp=1, value=\n5 row(s)\n",
		"presplit-sketch/1\tk=8\trows=3\tweight=3\tlevels=1\t3\ta\tb\tc\tend\n",
		"presplit-sketch/1\tk=8\trows=3\tweight=3\tlevels=1\t3\ta\tb\n",
		"caf\xC3\xA9\n",
		"\\x4",
	}
	for _, s := range seeds {
		for format := range len(Formats) {
			f.Add([]byte(s), uint8(format), false)
		}
		f.Add([]byte(s), uint8(1), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, format uint8, raw bool) {
		opt := ReadOptions{Format: Formats[int(format)%len(Formats)], Raw: raw}
		one := NewCollector(Options{Holdout: -1})
		got, err := Read(bytes.NewReader(data), opt, one)
		var le *hbytes.LineError
		if err != nil {
			if !errors.As(err, &le) {
				t.Fatalf("%q: not a *hbytes.LineError: %v", data, err)
			}
			if lines := int64(bytes.Count(data, []byte("\n")) + 1); le.Line < 1 || le.Line > lines {
				t.Fatalf("%q: line %d of %d", data, le.Line, lines)
			}
		}
		s := one.Sample()
		if err == nil && s.Rows == 0 {
			t.Fatalf("%q: read as %s without a key", data, got)
		}
		old := parallelMinBytes
		parallelMinBytes = 0
		defer func() { parallelMinBytes = old }()
		// In memory, and from a file: streamed parts read its mapping in place.
		path := filepath.Join(t.TempDir(), "sample")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		file, err3 := os.Open(path)
		if err3 != nil {
			t.Fatal(err3)
		}
		defer func() { _ = file.Close() }() // read only
		for _, tc := range []struct {
			r      io.ReaderAt
			memory int64
		}{{bytes.NewReader(data), 1 << 30}, {bytes.NewReader(data), 1 << 20}, {file, 1 << 30}, {file, 1 << 20}} {
			memory := tc.memory
			parts := NewCollector(Options{Holdout: -1, Memory: memory})
			got2, err2 := ReadFile(tc.r, int64(len(data)), opt, parts)
			if got2 != got || (err == nil) != (err2 == nil) {
				t.Fatalf("%q: Read %s %v, ReadFile %s %v", data, got, err, got2, err2)
			}
			if err != nil {
				var le2 *hbytes.LineError
				if !errors.As(err2, &le2) || le2.Line != le.Line || le2.Err.Error() != le.Err.Error() {
					t.Fatalf("%q: Read: %v; ReadFile: %v", data, err, err2)
				}
				continue
			}
			s2 := parts.Sample()
			if s2.Rows != s.Rows || s2.CutRows != s.CutRows || s2.Exact != s.Exact {
				t.Fatalf("%q: rows %d/%d cut %d/%d", data, s.Rows, s2.Rows, s.CutRows, s2.CutRows)
			}
			if !s.Exact || s.Distinct() < 3 {
				continue
			}
			c1, err1 := s.Cut(3, nil)
			c2, err2 := s2.Cut(3, nil)
			if err1 != nil || err2 != nil || !bytes.Equal(bytes.Join(c1.Keys, []byte{0}), bytes.Join(c2.Keys, []byte{0})) {
				t.Fatalf("%q: cut %q %v, in parts %q %v", data, c1.Keys, err1, c2.Keys, err2)
			}
		}
	})
}

// FuzzParseSketch: any line parses or is refused without panicking, and a sketch that
// parses writes back to a line that parses to the same sketch (the text form is canonical
// after one write).
func FuzzParseSketch(f *testing.F) {
	f.Add([]byte("presplit-sketch/1\tk=8\trows=3\tweight=5\tlevels=2\t1\ta\t2\tb\tc\tend"))
	f.Add([]byte("presplit-sketch/1\tk=8192\trows=0\tweight=0\tlevels=1\t0\tend"))
	f.Add([]byte("presplit-sketch/1\tk=8\trows=1\tweight=1\tlevels=1\t1\t\\x00\\xFF\tend"))
	f.Add([]byte("presplit-sketch/1\tk=8\trows=3\tweight=3\tlevels=1\t3\ta\tb"))
	f.Fuzz(func(t *testing.T, line []byte) {
		s, err := ParseSketch(line)
		if err != nil {
			if !errors.Is(err, ErrSketch) {
				t.Fatalf("%q: %v does not wrap ErrSketch", line, err)
			}
			return
		}
		var a, b bytes.Buffer
		if _, err := s.WriteTo(&a); err != nil {
			t.Fatal(err)
		}
		s2, err := ParseSketch(bytes.TrimSuffix(a.Bytes(), []byte("\n")))
		if err != nil {
			t.Fatalf("%q wrote %q, which does not parse: %v", line, a.Bytes(), err)
		}
		if _, err := s2.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) || s2.Rows() != s.Rows() || s2.Weight() != s.Weight() {
			t.Fatalf("%q: %q then %q", line, a.Bytes(), b.Bytes())
		}
	})
}
