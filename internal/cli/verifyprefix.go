package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/dustin/go-humanize"
	"github.com/presplit/presplit/distribution"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

// verifySample keeps a sample of the key lines verify counts, to check them against the
// generated split's prefix alphabet (verifyPrefixFinding): windows of a regular file, read
// after the count (distribution.SampleLines), or the first bytes of a stream as the count
// reads them (headReader). None for a listed split, whose alphabet presplit does not
// know, or one of all 256 bytes (UniformSplit, byte:256), which every key begins with.
type verifySample struct {
	file *os.File
	from int64 // where the count starts reading the file
	size int64
	head *headReader
}

// newVerifySample is the sample of in and the reader the count takes in its place: in
// itself when it is a regular file (a --keys FILE, or stdin from one), read from where the
// count starts; else the stream through head.
func newVerifySample(in io.Reader, rule *splits.Rule) (*verifySample, io.Reader) {
	if rule == nil || len(rule.Alphabet) >= 256 {
		return nil, in
	}
	if f, ok := in.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			if from, err := f.Seek(0, io.SeekCurrent); err == nil {
				return &verifySample{file: f, from: from, size: st.Size()}, in
			}
		}
	}
	h := &headReader{r: in}
	return &verifySample{head: h}, h
}

// lines is the sample's whole lines.
func (s *verifySample) lines() []byte {
	if s.head != nil {
		return distribution.WholeLines(s.head.buf, false, s.head.eof)
	}
	return distribution.SampleLines(s.file, s.from, s.size)
}

// verifyPrefixFinding is VF001 when a share of the sampled keys (1% or more) does not begin
// with the rule's prefix alphabet: the split is cut on that alphabet, so those keys sort
// between its values and crowd into the regions there, which the counts show only as
// skew. expand words the fix as the split was given (flags or a spec's keys).
func verifyPrefixFinding(s *verifySample, rule *splits.Rule, raw bool, expand func(string) string) []finding.Finding {
	if s == nil {
		return nil
	}
	pc := distribution.CheckPrefixes(s.lines(), rule.Alphabet, rule.Width, raw)
	if pc.Outside == 0 || pc.Outside*100 < pc.Lines {
		return nil
	}
	msg := fmt.Sprintf("%s of %s sampled keys (%.1f%%) do not begin with %d %s of the split's prefix alphabet %s (the first: %s): the split keys are cut on that alphabet, so these keys sort between its values and crowd into the regions there",
		humanize.Comma(int64(pc.Outside)), humanize.Comma(int64(pc.Lines)), 100*float64(pc.Outside)/float64(pc.Lines),
		rule.Width, pluralWord(rule.Width, "byte"), hbytes.Quote(string(rule.Alphabet)), hbytes.Quote(hbytes.ToStringBinary(pc.Example)))
	fix := expand("give {rowkey.prefix} the alphabet the keys begin with")
	if other, ok := otherCasePrefix(rule); ok && pc.OtherCase {
		fix = expand(fmt.Sprintf("their prefixes are hex in the other case: use {rowkey.prefix=%s}", other))
	}
	// verify prints a finding's message alone: the fix goes in it.
	return []finding.Finding{{Code: "VF001", Severity: finding.Warning, Message: msg + "; " + fix, Fix: fix}}
}

// otherCasePrefix is the prefix of a hex rule in the other case (HEX:4 for hex:4).
func otherCasePrefix(rule *splits.Rule) (string, bool) {
	switch string(rule.Alphabet) {
	case "0123456789abcdef":
		return fmt.Sprintf("HEX:%d", rule.Width), true
	case "0123456789ABCDEF":
		return fmt.Sprintf("hex:%d", rule.Width), true
	}
	return "", false
}

// headReader is r, keeping the first distribution.SampleBytes it reads.
type headReader struct {
	r   io.Reader
	buf []byte
	eof bool // r ended within the bytes kept
}

func (h *headReader) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	if room := distribution.SampleBytes - len(h.buf); room > 0 {
		h.buf = append(h.buf, p[:min(n, room)]...)
		if err == io.EOF && n <= room {
			h.eof = true
		}
	}
	return n, err
}
