package splits

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"github.com/presplit/presplit/hbase"
)

// plainRun reads run, the whole lines from line n on that the lineReader knows to be plain
// (each ends in \n), and returns the line after them. A line that is a key as it stands is
// appended here, a few comparisons each; any other goes through line, one at a time, so
// that each line is read as line reads it and the first bad line is still the one refused.
// (Taking a million short lines one call of line each, with its checks, spent most of
// their reading on the calls.)
//
// A line is taken here when it is its key: not blank, no longer than hbase.MaxRowLength,
// the same chomped as stripped when the shell strips, not the first key nor past
// MaxFileKeys, and after the key above while the keys are in order (so it sets no warning,
// no duplicate, no error).
func (fr *fileReader) plainRun(n int, run []byte) (int, error) {
	k := fr.runKeys()
	for p := 0; p < len(run); n++ {
		line := p
		// A line of up to 7 bytes and its \n are one word: the word finds the \n, is
		// the key to compare, and is stored whole (the bytes after the key are
		// overwritten by the next one).
		if p+8 <= cap(run) && cap(k.arena)-len(k.arena) >= 8 {
			w := binary.LittleEndian.Uint64(run[p : p+8])
			if j := newlineAt(w); j < 8 {
				p += j + 1
				if k.takeWord(w, j) {
					continue
				}
				if err := fr.slowLine(n, run[line:p], &k); err != nil {
					return n, err
				}
				continue
			}
		}
		p += bytes.IndexByte(run[p:], '\n') + 1
		if !k.takeText(run[line : p-1]) {
			if err := fr.slowLine(n, run[line:p], &k); err != nil {
				return n, err
			}
		}
	}
	fr.keepRun(&k)
	return n, nil
}

// runKeys are the keys plainRun appends to: the fileReader's, in a local while a run is
// read (a store into the fileReader each line was a write barrier each while the collector
// ran), and the last key as a number, which the next is compared with.
type runKeys struct {
	arena     []byte
	ends      keyEnds
	width, n  int
	maxKeys   uint // one less than the fileReader's: k.n-1 is compared with it
	last      int  // where the last key starts in arena
	unsorted  bool
	strips    bool // the shell strips the line (ReadStrip, ReadEither)
	lastWord  uint64
	lastShort bool // the last key is at most 8 bytes, lastWord its bytes big-endian
	fr        *fileReader
}

// runKeys are fr's keys, for plainRun.
func (fr *fileReader) runKeys() runKeys {
	k := runKeys{arena: fr.arena, ends: fr.ends, width: fr.width, n: fr.n, last: fr.last,
		unsorted: fr.unsorted != 0, strips: fr.how != ReadChomp, maxKeys: uint(fr.maxKeys - 1), fr: fr}
	k.noteLast()
	return k
}

// keepRun stores k back into fr.
func (fr *fileReader) keepRun(k *runKeys) {
	fr.arena, fr.ends, fr.width, fr.n, fr.last = k.arena, k.ends, k.width, k.n, k.last
}

// slowLine reads line n through line, with k's keys stored in fr meanwhile and taken
// back after. A line longer than MaxFileLine is refused here, as the lineReader refuses
// one before line sees it.
func (fr *fileReader) slowLine(n int, line []byte, k *runKeys) error {
	if len(line) > MaxFileLine {
		return longLineError(n)
	}
	fr.keepRun(k)
	if err := fr.line(n, line, true); err != nil {
		return err
	}
	*k = fr.runKeys()
	return nil
}

// noteLast sets lastWord and lastShort for the key at arena[last:].
func (k *runKeys) noteLast() {
	prev := k.arena[k.last:]
	k.lastShort = k.n > 0 && len(prev) <= 8
	if k.lastShort {
		k.lastWord = shortWord(prev)
	}
}

// shortWord is b, at most 8 bytes, as a big-endian number, padded with zero bytes.
func shortWord(b []byte) uint64 {
	var w uint64
	for i, c := range b {
		w |= uint64(c) << (56 - 8*i)
	}
	return w
}

// takeWord takes the line whose first j bytes, before its \n, are the low bytes of w
// (little-endian), when the line is its key (see plainRun), and reports whether it did.
// The arena has room for 8 bytes more.
func (k *runKeys) takeWord(w uint64, j int) bool {
	l := j
	if l > 0 && byte(w>>(8*(l-1))) == '\r' {
		l--
	}
	if l == 0 || uint(k.n-1) >= k.maxKeys ||
		k.strips && (isStripSpace(byte(w)) || isStripSpace(byte(w>>(8*(l-1)))) || byte(w>>(8*(l-1))) == 0) {
		return false
	}
	word := bits.ReverseBytes64(w) & lengthMask(l)
	if !k.unsorted {
		if k.lastShort {
			if word < k.lastWord || word == k.lastWord && l <= len(k.arena)-k.last {
				return false
			}
		} else {
			var cur [8]byte
			binary.BigEndian.PutUint64(cur[:], word)
			if bytes.Compare(cur[:l], k.arena[k.last:]) <= 0 {
				return false
			}
		}
	}
	start := len(k.arena)
	binary.LittleEndian.PutUint64(k.arena[start:start+8], w)
	k.arena = k.arena[:start+l]
	k.lastWord, k.lastShort = word, true
	k.appended(start)
	return true
}

// takeText takes line, chomped of its \n, when it is its key (see plainRun), and reports
// whether it did.
func (k *runKeys) takeText(text []byte) bool {
	if i := len(text); i > 0 && text[i-1] == '\r' {
		text = text[:i-1]
	}
	l := len(text)
	if l == 0 || l > hbase.MaxRowLength || uint(k.n-1) >= k.maxKeys ||
		k.strips && stripped(text) ||
		!k.unsorted && bytes.Compare(text, k.arena[k.last:]) <= 0 {
		return false
	}
	start := len(k.arena)
	k.arena = append(double(k.arena, l), text...)
	if k.lastShort = l <= 8; k.lastShort {
		k.lastWord = shortWord(text)
	}
	k.appended(start)
	return true
}

// appended records the key just appended at arena[start:], as end does.
func (k *runKeys) appended(start int) {
	if l := len(k.arena) - start; k.ends.none() && l != k.width {
		k.ends = k.fr.firstEnds(k.n)
	}
	if !k.ends.none() {
		k.ends.add(len(k.arena))
	}
	k.last = start
	k.n++
}

// newlineAt is the index of the first \n among the 8 bytes of w (little-endian), or 8.
func newlineAt(w uint64) int {
	x := w ^ 0x0A0A0A0A0A0A0A0A // a \n's byte is zero in x
	// The lowest byte flagged is the first zero byte: a false flag is only ever above
	// a true one.
	return bits.TrailingZeros64((x-0x0101010101010101)&^x&0x8080808080808080) >> 3
}

// stripped reports whether Ruby's String#strip would take anything off text (a line
// chomped), or leave it as it is.
func stripped(text []byte) bool {
	return isStripSpace(text[0]) || isStripSpace(text[len(text)-1]) || text[len(text)-1] == 0
}

// isStripSpace reports whether String#strip takes c off either end of a line.
func isStripSpace(c byte) bool {
	return c == ' ' || c-'\t' <= '\r'-'\t'
}

// firstEnds are the ends of the keys (the first keys keys, each width bytes) at the first
// key of another length, with room for as many keys as the file is likely to hold: the
// lines the reader's buffer holds per byte times the file's size, and an eighth more. Grown
// by doubling from the keys so far, the ends of a million keys were allocated, cleared and
// copied at twice their size, each fresh page a fault. A guess too small grows by doubling
// from there; one too large is at most MaxFileKeys ends, and the file's size.
func (fr *fileReader) firstEnds(keys int) keyEnds {
	room := max(2*keys, 1024)
	if fr.size > 0 && fr.lr != nil && fr.lr.end > 0 {
		buf := fr.lr.buf[:fr.lr.end]
		perByte := float64(bytes.Count(buf, []byte{'\n'})+1) / float64(len(buf))
		guess := min(perByte*float64(fr.size)*9/8, float64(fr.size)+1, MaxFileKeys)
		room = max(int(guess), keys+1024)
	}
	return fixedEnds(keys, fr.width, room)
}
