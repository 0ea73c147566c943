package distribution

import (
	"bytes"
	"io"

	"github.com/presplit/presplit/hbytes"
)

// A generated split cuts the key space on its prefix's alphabet: hex splits at 0..9a..f.
// Keys whose leading bytes are not of that alphabet (uppercase MD5 prefixes under
// lowercase hex, hex under decimal) sort between its values and crowd into the few
// regions there, and the counts show only a skew, not why. PrefixCheck looks at a sample
// of the key lines for that.

// PrefixCheck is what CheckPrefixes found in a sample of key lines.
type PrefixCheck struct {
	Lines   int    // the sampled keys (lines that decode)
	Outside int    // those not beginning with Width bytes of the alphabet
	Example []byte // the first of them, decoded
	// OtherCase says every outside key's prefix is of the alphabet but for letters in the
	// other case (uppercase hex under hex, lowercase under HEX): the fix is the other case.
	OtherCase bool
}

// CheckPrefixes checks the whole lines of text (a partial line at either end is the
// caller's to cut off) against the first width bytes of a key of alphabet: each line is
// a key (its \r\n or \n removed), toStringBinary text unless raw; a line that does not
// decode is left to the count, which reports it.
func CheckPrefixes(text, alphabet []byte, width int, raw bool) PrefixCheck {
	var in, folded [256]bool
	for _, c := range alphabet {
		in[c] = true
	}
	for c := range 256 {
		folded[c] = in[c] || in[otherCase(byte(c))]
	}
	var pc PrefixCheck
	pc.OtherCase = true
	var buf []byte // a decoded key
	for line := range bytes.Lines(text) {
		line = trimCR(bytes.TrimSuffix(line, []byte{'\n'}))
		key := line
		if !raw && bytes.IndexByte(line, '\\') >= 0 { // else the text is its bytes (or not ASCII: the count's to report)
			var err error
			if buf, err = hbytes.AppendBytesBinary(buf[:0], line); err != nil {
				continue
			}
			key = buf
		}
		pc.Lines++
		ok, fold := len(key) >= width, len(key) >= width
		for _, c := range key[:min(width, len(key))] {
			ok, fold = ok && in[c], fold && folded[c]
		}
		if !ok {
			if pc.Outside == 0 {
				pc.Example = bytes.Clone(key)
			}
			pc.Outside++
			pc.OtherCase = pc.OtherCase && fold
		}
	}
	pc.OtherCase = pc.OtherCase && pc.Outside > 0
	return pc
}

// otherCase is an ASCII letter in the other case, any other byte as it is.
func otherCase(c byte) byte {
	switch {
	case c >= 'a' && c <= 'z':
		return c - 'a' + 'A'
	case c >= 'A' && c <= 'Z':
		return c - 'A' + 'a'
	}
	return c
}

// Sample windows for CheckPrefixes: a file's keys may be sorted, so its first bytes are
// its smallest keys; sampleWindows windows spread over it see the whole key space.
const (
	sampleWindows = 16
	sampleWindow  = 64 << 10
	// SampleBytes is the most a sample holds: all of a smaller file, the first of a stream.
	SampleBytes = sampleWindows * sampleWindow
)

// SampleLines reads whole key lines from ra's bytes [from, size): all of them up to
// SampleBytes, else sampleWindows windows spread evenly, each cut to the lines it holds
// whole. A read error ends the sample where it is.
func SampleLines(ra io.ReaderAt, from, size int64) []byte {
	if size <= from {
		return nil
	}
	if size-from <= SampleBytes {
		buf := make([]byte, size-from)
		n, _ := ra.ReadAt(buf, from)
		return WholeLines(buf[:n], false, int64(n) == size-from)
	}
	var out []byte
	buf := make([]byte, sampleWindow)
	for i := range int64(sampleWindows) {
		at := from + i*(size-from-sampleWindow)/(sampleWindows-1)
		n, _ := ra.ReadAt(buf, at)
		out = append(out, WholeLines(buf[:n], at > from, at+int64(n) == size)...)
	}
	return out
}

// WholeLines is b without a partial line at its start (when cut, b starts inside the
// input) and at its end (unless atEnd: the input's last line may have no \n).
func WholeLines(b []byte, cut, atEnd bool) []byte {
	if cut {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			return nil
		}
		b = b[i+1:]
	}
	if !atEnd {
		b = b[:bytes.LastIndexByte(b, '\n')+1]
	}
	return b
}
