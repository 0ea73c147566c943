package distribution

import (
	"bytes"
	"sync"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// keyTexts is what the writers need to know of the split keys' texts before their first
// row, found in one pass over the keys on every core: how wide the key columns are, and
// whether every key can go into a row as its bytes are. Most splits (hex, decimal, user
// ids) are printable ASCII, and a row that copies its two keys costs a third of one that
// makes their toStringBinary text and then quotes it.
type keyTexts struct {
	// width is the longest key's text in the table (hbytes.AppendKeyText: toStringBinary,
	// a leading or trailing space \x20), as long as its toStringBinary text or longer.
	width int
	// edges: a key starts or ends with a space, which the table writes \x20.
	edges bool
	// plain: every key is its own toStringBinary text. csv: and its own CSV cell (as
	// quote.AppendCSVKey writes it); json: and its own JSON string's body (as
	// quote.AppendJSONString writes it, between the quotes).
	plain, csv, json bool
}

// What a byte of a key needs, learnt once from the functions that own each rule (so the
// rules stay stated in hbytes and quote alone): whether a key holding it is not its own
// toStringBinary text, CSV cell or JSON string body, and whether a key starting with it is
// not its own CSV cell (a formula's lead, a space).
const (
	notPlain = 1 << iota
	notCSV
	notJSON
	notCSVLead
	space // a space: at a key's edge, the table writes it \x20
)

var byteFlags = func() (t [256]uint8) {
	for c := range 256 {
		b := []byte{byte(c)}
		if !bytes.Equal(hbytes.AppendStringBinary(nil, b), b) {
			t[c] |= notPlain
		}
		if inner := []byte{'a', byte(c)}; !bytes.Equal(quote.AppendCSVKey(nil, inner), inner) {
			t[c] |= notCSV
		}
		if !bytes.Equal(quote.AppendCSVKey(nil, b), b) {
			t[c] |= notCSVLead
		}
		if !bytes.Equal(quote.AppendJSONString(nil, b), []byte{'"', byte(c), '"'}) {
			t[c] |= notJSON
		}
		if c == ' ' {
			t[c] |= space
		}
	}
	return t
}()

// scanKeyTexts finds the keyTexts of keys. A part's bytes are looked at once, for their
// flags, as one span; when they are all plain, a key's text is as long as the key and only
// its first byte's lead flag is looked at again; else each key's text is measured. (A
// loop over each key's slice took 6.4-7.3 ms a million keys of 6 to 8 bytes, the span
// 2.5-2.7: BenchmarkScanKeyTexts.)
func scanKeyTexts(keys splits.Keys) keyTexts {
	var mu sync.Mutex
	width, flags, edges := 0, uint8(0), false
	inParts(keys.Len(), func(lo, hi int) {
		w, f, e := scanPart(keys, lo, hi)
		mu.Lock()
		width, flags, edges = max(width, w), flags|f, edges || e
		mu.Unlock()
	})
	plain := flags&notPlain == 0
	return keyTexts{
		width: width,
		edges: edges,
		plain: plain,
		csv:   plain && flags&(notCSV|notCSVLead) == 0,
		json:  plain && flags&notJSON == 0,
	}
}

// scanPart is scanKeyTexts of keys lo to hi-1: the longest key's text, the keys' flags
// (notCSVLead of their first bytes) and whether a key has a space at an edge. (Keys is a
// copy of its own here: through a closure's keys, each inlined At copied all of Keys to
// the stack, a store-forwarding stall a key, and the scan took twice as long.)
func scanPart(keys splits.Keys, lo, hi int) (width int, flags uint8, edge bool) {
	f := spanFlags(keys.Span(lo, hi))
	var text []byte // scratch for a key that is not its own text
	if f&notPlain == 0 {
		lead := uint8(0)
		for i := lo; i < hi; i++ {
			if k := keys.At(i); len(k) > 0 {
				n := len(k)
				if f&space != 0 && hbytes.HasEdgeSpace(k) {
					text, edge = hbytes.AppendKeyText(text[:0], k), true
					n = len(text)
				}
				width, lead = max(width, n), lead|byteFlags[k[0]]
			}
		}
		return width, f&^notCSVLead | lead&notCSVLead, edge
	}
	for i := lo; i < hi; i++ {
		k := keys.At(i)
		if len(k) == 0 {
			continue
		}
		kf := uint8(0)
		for _, c := range k {
			kf |= byteFlags[c]
		}
		kf = kf&^notCSVLead | byteFlags[k[0]]&notCSVLead
		n := len(k)
		if kf&notPlain != 0 || hbytes.HasEdgeSpace(k) {
			text = hbytes.AppendKeyText(text[:0], k)
			n, edge = len(text), edge || hbytes.HasEdgeSpace(k)
		}
		width, flags = max(width, n), flags|kf
	}
	return width, flags, edge
}

// spanFlags is the OR of the byteFlags of span's bytes, eight at a time into four
// accumulators (one OR chain a byte ran at a byte every 2.6 cycles).
func spanFlags(span []byte) uint8 {
	var f0, f1, f2, f3 uint8
	for len(span) >= 8 {
		s := span[:8:8]
		f0 |= byteFlags[s[0]] | byteFlags[s[4]]
		f1 |= byteFlags[s[1]] | byteFlags[s[5]]
		f2 |= byteFlags[s[2]] | byteFlags[s[6]]
		f3 |= byteFlags[s[3]] | byteFlags[s[7]]
		span = span[8:]
	}
	for _, c := range span {
		f0 |= byteFlags[c]
	}
	return f0 | f1 | f2 | f3
}
