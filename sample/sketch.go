package sample

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
)

// Sketch is a KLL quantile sketch of weighted byte keys (Karnin, Lang and Liberty, "Optimal
// Quantile Approximation in Streams", FOCS 2016), written from the paper: a stack of
// compactors, level h holding items of weight 2^h; a level over its capacity is sorted and
// every other item (from a random offset) moves up a level, so each compaction keeps the
// total weight exactly and moves any rank by at most 2^h. Capacities shrink by 2/3 per
// level below the top, which holds K items.
//
// Weighted keys: a key of weight w goes to level h for every bit h set in w (w = 5: one
// item at level 0, one at level 2). That is exact (no compaction is involved) and adds no
// error.
//
// Error: with K = 8192 the rank of every boundary is within 0.1% of the sample's weight;
// the tests measure at most about 0.02% on uniform, Zipf-skewed and sorted inputs of a
// 300,000 keys, alone and after merging 2, 7 and 16 sketches in shuffled orders. (The
// paper's bound is probabilistic: error eps with probability 1-delta for K =
// O(sqrt(log(1/delta))/eps); DataSketches' KLL, the same algorithm, measures 1.65% at K =
// 200 with 99% confidence, and the error falls as 1/K.)
//
// Memory is about 3K items: K = 8192 keys of 32 bytes take about 1.4 MB, whatever the
// sample's size. Merging sketches (Merge) appends each level to the same level and
// compacts; the bound holds for any merge order.
//
// The random offsets come from a fixed-seed generator: the same input in the same order
// gives the same sketch, byte for byte.
//
// Why not a library (checked twice; the first search read only documentation, the second
// the code too): the one maintained Go KLL is apache/datasketches-go's generic
// kll.ItemsSketch[C comparable] (README: "under development. Breaking changes may occur
// before a stable release", v0.1.0). Its source shows it does not fit: updates are
// unweighted (tsv weights would need one update per byte of weight); the compaction offset
// is fixed at 1 (`offset := 1`, the random choice commented out), which makes every
// compaction err the same way, so the randomized error bound the 0.1% rests on does not
// hold; the merge path keeps item counts in a uint8 (generalItemsCompress), which wraps at
// the K = 8192 used here; and its binary serialization is not a line that Hadoop Streaming
// and Spark's pipe carry whole. The Go module proxy reachable here also refuses the module
// ("not available"). Other Go quantile sketches (DDSketch, t-digest) summarize numbers
// with a value error, not byte strings with a rank error. Code search found KLL only in
// other languages or copied into applications. So the sketch is written here from the
// paper and tested against an exact oracle (TestSketchErrorBound).
type Sketch struct {
	k      int
	levels []level
	rows   uint64 // keys added
	weight uint64 // their total weight
	rng    uint64
	tmp    []ref  // scratch for sorting and merging levels
	keep   []byte // scratch for the item a compaction keeps
	// size is the number of items held; capTotal the levels' capacities summed, kept
	// current as levels are added, so Add checks one comparison per key. With a level-0
	// buffer (buf0 > 0) both leave level 0 out.
	size, capTotal int
	// buf0, when positive, makes level 0 a buffer of that many bytes (keys, their refs and
	// the sort's scratch, allocated once): filled, it is sorted once and compacted, the
	// promoted half carried up through every level it overfills in the same pass (flush0).
	// 0: level 0 has the standard capacity.
	buf0   int
	spare  []byte   // scratch arena flush0 rebuilds a level in
	chunks [][]byte // the levels' arenas, as flush0 reads them
}

// K is the top compactor's capacity of every sketch presplit writes.
const K = 8192

// MaxSketchWeight bounds a sketch's total weight (2^62 bytes, 4 EiB): a read or merged
// sketch that weighs more is refused, where its 64-bit weight would wrap and drop keys.
const MaxSketchWeight = 1 << 62

// Epsilon is the documented rank error bound: 0.1% of the sample's weight per boundary.
const Epsilon = 0.001

// minWidth is the smallest capacity of a level (as DataSketches: below it compacting
// costs more than it saves).
const minWidth = 8

// level is a compactor: its items are refs into its own arena (chunk 0). sorted says the
// items are in order: a level above 0 is fed sorted runs, merged in, so only level 0 and
// levels fed by Merge need sorting before a compaction.
type level struct {
	arena  []byte
	items  []ref
	sorted bool
}

func (l *level) key(r ref) []byte {
	off := r.loc >> 16 & (maxArena - 1)
	return l.arena[off : off+r.loc&lenMask]
}

// less is the items' order: unsigned bytes.
func (l *level) less(a, b ref) bool {
	if a.pre != b.pre {
		return a.pre < b.pre
	}
	return bytes.Compare(l.key(a), l.key(b)) < 0
}

// sort sorts the items (a radix sort on their first 8 bytes, as the exact sample is
// sorted, in this goroutine); tmp is scratch.
func (l *level) sort(tmp []ref) []ref {
	if l.sorted {
		return tmp
	}
	l.sorted = true
	if len(l.items) <= smallSort {
		sortSmall([][]byte{l.arena}, l.items)
		return tmp
	}
	var x uint64
	p0 := l.items[0].pre
	for _, r := range l.items {
		x |= r.pre ^ p0
	}
	shift := -1
	if x != 0 {
		shift = (63 - bits.LeadingZeros64(x)) &^ 7
	}
	if cap(tmp) < len(l.items) {
		tmp = make([]ref, len(l.items), 2*len(l.items))
	}
	r := &radix{chunks: [][]byte{l.arena}} // no semaphore: never another goroutine
	r.sort(l.items, tmp[:len(l.items)], shift, true)
	return tmp
}

// NewSketch returns an empty sketch with top capacity k (K when k <= 0).
func NewSketch(k int) *Sketch {
	if k <= 0 {
		k = K
	}
	s := &Sketch{k: k, levels: make([]level, 1), rng: 0x9E3779B97F4A7C15}
	s.capTotal = s.capacity(0)
	return s
}

// newBufferedSketch returns an empty sketch of top capacity K whose level 0 is a buffer of
// about bytes bytes for keys of about keyLen bytes: its arrays are allocated here, once,
// and never grow (a longer key than planned flushes the buffer sooner). Below 64 KiB it is
// a standard sketch.
func newBufferedSketch(bytes, keyLen int) *Sketch {
	s := NewSketch(K)
	if bytes < 64<<10 {
		return s
	}
	keyLen = max(keyLen, 1)
	items := bytes / (keyLen + 2*refSize)
	s.buf0 = bytes
	s.capTotal = 0
	s.levels[0] = level{arena: make([]byte, 0, items*keyLen), items: make([]ref, 0, items), sorted: true}
	s.tmp = make([]ref, 0, items)
	return s
}

// refSize is the bytes of one ref.
const refSize = 16

// grow adds a level on top and recomputes the total capacity.
func (s *Sketch) grow() {
	s.levels = append(s.levels, level{})
	s.capTotal = 0
	for h := range s.levels {
		if h > 0 || s.buf0 == 0 {
			s.capTotal += s.capacity(h)
		}
	}
}

// Rows is the number of keys added; Weight their total weight.
func (s *Sketch) Rows() uint64   { return s.rows }
func (s *Sketch) Weight() uint64 { return s.weight }

// Add adds key with weight w (w >= 1).
func (s *Sketch) Add(key []byte, w uint64) {
	s.rows++
	s.weight += w
	for w != 0 {
		h := bits.TrailingZeros64(w)
		w &^= 1 << h
		s.push(h, key)
	}
	s.compress()
}

func (s *Sketch) push(h int, key []byte) {
	for len(s.levels) <= h {
		s.grow()
	}
	l := &s.levels[h]
	if h == 0 && s.buf0 > 0 {
		if len(l.items) == cap(l.items) || len(l.arena)+len(key) > cap(l.arena) {
			s.flush0()
			l = &s.levels[0] // flush0 may add levels
		}
		if len(l.arena)+len(key) > cap(l.arena) {
			// A key longer than the arena's room even empty: it goes in alone, the arena
			// growing to it once (a row key is at most 32 KiB).
			l.arena = slices.Grow(l.arena, len(key))
		}
	} else {
		s.size++
	}
	r := ref{pre: prefix(key), loc: packLoc(0, len(l.arena), len(key), 1)}
	l.arena = append(l.arena, key...)
	l.items = append(l.items, r)
	n := len(l.items)
	l.sorted = n == 1 || (l.sorted && !l.less(r, l.items[n-2]))
}

// capacity of level h: K x (2/3)^(depth below the top), at least minWidth.
func (s *Sketch) capacity(h int) int {
	depth := len(s.levels) - 1 - h
	c := float64(s.k)
	for range depth {
		c *= 2.0 / 3
		if c < minWidth {
			return minWidth
		}
	}
	return int(c)
}

// compress compacts while the sketch holds more items than its capacity (the lazy rule of
// KLL's implementations: only then, and the lowest level over its own capacity).
func (s *Sketch) compress() {
	for s.size >= s.capTotal {
		h := 0
		if s.buf0 > 0 {
			h = 1
		}
		for h < len(s.levels) && len(s.levels[h].items) < s.capacity(h) {
			h++
		}
		if h == len(s.levels) {
			return
		}
		s.compact(h)
	}
}

func (s *Sketch) random() uint64 {
	// xorshift64*: fixed seed, so a sketch is a function of its input.
	s.rng ^= s.rng >> 12
	s.rng ^= s.rng << 25
	s.rng ^= s.rng >> 27
	return s.rng * 2685821657736338717
}

// compact sorts level h and moves every other item, from a random offset, to level h+1;
// with an odd count the last item stays. The moved items are in order: merged into level
// h+1 when it is in order too.
func (s *Sketch) compact(h int) {
	if h+1 == len(s.levels) {
		s.grow()
	}
	l := &s.levels[h]
	s.tmp = l.sort(s.tmp)
	items := l.items
	var keep []ref
	if len(items)%2 == 1 {
		keep = items[len(items)-1:]
		items = items[:len(items)-1]
	}
	up := &s.levels[h+1]
	had := len(up.items)
	for i := int(s.random() >> 63); i < len(items); i += 2 {
		it := items[i]
		key := l.key(it)
		up.items = append(up.items, ref{pre: it.pre, loc: packLoc(0, len(up.arena), len(key), 1)})
		up.arena = append(up.arena, key...)
	}
	switch {
	case had == 0:
		up.sorted = true
	case up.sorted && up.less(up.items[had], up.items[had-1]):
		up.mergeRuns(had, &s.tmp)
	}
	s.size -= len(items) / 2
	if len(keep) == 1 {
		k := keep[0]
		key := append(s.keep[:0], l.key(k)...)
		s.keep = key
		l.arena = append(l.arena[:0], key...)
		l.items = append(l.items[:0], ref{pre: k.pre, loc: packLoc(0, 0, len(key), 1)})
		l.sorted = true
		return
	}
	l.arena, l.items, l.sorted = l.arena[:0], l.items[:0], true
}

// mergeRuns merges the level's two sorted runs, items[:mid] and items[mid:].
func (l *level) mergeRuns(mid int, tmp *[]ref) {
	n := len(l.items)
	if cap(*tmp) < n {
		*tmp = make([]ref, n, 2*n)
	}
	out := (*tmp)[:0]
	a, b := l.items[:mid], l.items[mid:]
	for len(a) > 0 && len(b) > 0 {
		if l.less(b[0], a[0]) {
			out = append(out, b[0])
			b = b[1:]
		} else {
			out = append(out, a[0])
			a = a[1:]
		}
	}
	out = append(append(out, a...), b...)
	copy(l.items, out)
}

// Merge adds other's items, level by level, and compacts: the result summarises both
// samples with the same error bound. other is unchanged.
func (s *Sketch) Merge(other *Sketch) error {
	if other.k != s.k {
		return fmt.Errorf("sketch has K=%d, the others K=%d: sketches merge only with the same K", other.k, s.k)
	}
	if other.weight > MaxSketchWeight-s.weight {
		return fmt.Errorf("the sketches weigh more than %d together", uint64(MaxSketchWeight))
	}
	for h := range other.levels {
		o := &other.levels[h]
		for _, it := range o.items {
			s.push(h, o.key(it))
		}
	}
	s.rows += other.rows
	s.weight += other.weight
	s.compress()
	return nil
}

// Weighted is the sketch's items as a sorted run of distinct keys, each weighing the sum of
// its items' 2^level.
func (s *Sketch) Weighted() *Weighted {
	w := &Weighted{}
	for h := range s.levels {
		l := &s.levels[h]
		for _, it := range l.items {
			w.add(l.key(it), 1<<h)
		}
	}
	w.sortMerge()
	return w
}

// prefix is the first 8 bytes of key, big-endian, zero-padded: comparing prefixes orders
// keys whenever they differ; equal prefixes need the whole keys.
func prefix(key []byte) uint64 {
	if len(key) >= 8 {
		return binary.BigEndian.Uint64(key)
	}
	var b [8]byte
	copy(b[:], key)
	return binary.BigEndian.Uint64(b[:])
}

// The sketch's text form is one line, so a stream of sketches survives Hadoop Streaming's
// shuffle and Spark's pipe, which keep lines whole but not their order:
//
//	presplit-sketch/1<TAB>k=8192<TAB>rows=R<TAB>weight=W<TAB>levels=L<TAB>N0<TAB>key...<TAB>N1<TAB>key...<TAB>end
//
// Each level gives its item count, then its keys in toStringBinary form (which never holds
// a raw tab). The line ends with the field end: a line cut short is refused, as is one
// whose counts or weights do not add up.
const sketchMagic = "presplit-sketch/1"

// WriteTo writes the sketch as one line.
func (s *Sketch) WriteTo(w io.Writer) (int64, error) {
	var b []byte
	b = append(b, sketchMagic...)
	b = fmt.Appendf(b, "\tk=%d\trows=%d\tweight=%d\tlevels=%d", s.k, s.rows, s.weight, len(s.levels))
	for h := range s.levels {
		l := &s.levels[h]
		items := slices.Clone(l.items)
		sortSmall([][]byte{l.arena}, items)
		b = append(b, '\t')
		b = strconv.AppendInt(b, int64(len(items)), 10)
		for _, it := range items {
			b = append(b, '\t')
			b = hbytes.AppendStringBinary(b, l.key(it))
		}
	}
	b = append(b, "\tend\n"...)
	n, err := w.Write(b)
	return int64(n), err
}

// errNotSketch is a line that does not start as a sketch line does.
var errNotSketch = fmt.Errorf("%w: a sketch line starts %s<TAB>k=..<TAB>rows=..<TAB>weight=..<TAB>levels=..", ErrSketch, sketchMagic) //nolint:staticcheck // ST1005: "levels=.." elides the field's value as the other fields do; it ends no sentence

// ParseSketch reads one sketch line (without its newline).
func ParseSketch(line []byte) (*Sketch, error) {
	fields := bytes.Split(line, []byte("\t"))
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrSketch}, args...)...)
	}
	if len(fields) < 6 || string(fields[0]) != sketchMagic {
		return nil, errNotSketch
	}
	head, err := sketchHead(fields, bad)
	if err != nil {
		return nil, err
	}
	k, levels := head[0], head[3]
	if k < minWidth || k > 1<<20 || levels < 1 || levels > 64 {
		return nil, bad("k=%d levels=%d out of range", k, levels)
	}
	s := NewSketch(int(k))
	s.rows, s.weight = head[1], head[2]
	for len(s.levels) < int(levels) {
		s.grow()
	}
	rest, weight, items, err := s.parseLevels(fields[5:], bad)
	if err != nil {
		return nil, err
	}
	if len(rest) != 1 || string(rest[0]) != "end" {
		return nil, bad("no end field: is the line truncated?")
	}
	if weight != s.weight || (items == 0) != (s.rows == 0) {
		return nil, bad("the items weigh %d, the header says weight=%d", weight, s.weight)
	}
	return s, nil
}

// sketchHead reads the sketch line's k=, rows=, weight= and levels= fields.
func sketchHead(fields [][]byte, bad func(format string, args ...any) error) ([4]uint64, error) {
	var head [4]uint64
	for i, name := range []string{"k", "rows", "weight", "levels"} {
		v, ok := bytes.CutPrefix(fields[1+i], []byte(name+"="))
		n, err := strconv.ParseUint(string(v), 10, 64)
		if !ok || err != nil {
			return head, bad("field %d must be %s=N, got %q", 2+i, name, clip(fields[1+i]))
		}
		head[i] = n
	}
	return head, nil
}

// parseLevels reads each level's item count and keys from fields; it returns the fields
// after the last level, the items' weight and their count.
func (s *Sketch) parseLevels(fields [][]byte, bad func(format string, args ...any) error) (rest [][]byte, weight, items uint64, _ error) {
	rest = fields
	buf := make([]byte, 0, 64)
	for h := range s.levels {
		if len(rest) == 0 {
			return nil, 0, 0, bad("cut short in level %d: is the line truncated?", h)
		}
		n, err := strconv.ParseUint(string(rest[0]), 10, 32)
		if err != nil || uint64(len(rest)-1) < n {
			return nil, 0, 0, bad("level %d: item count %q: is the line truncated?", h, clip(rest[0]))
		}
		if err := s.pushLevel(h, rest[1:1+n], buf, bad); err != nil {
			return nil, 0, 0, err
		}
		if n > 0 && (h >= 63 || n > (MaxSketchWeight-weight)>>h) {
			return nil, 0, 0, bad("level %d: %d items of weight 2^%d: the sketch would weigh more than %d", h, n, h, uint64(MaxSketchWeight))
		}
		weight += n << h
		items += n
		rest = rest[1+n:]
	}
	return rest, weight, items, nil
}

// pushLevel decodes the keys of level h, texts in toStringBinary form, into buf and
// pushes them.
func (s *Sketch) pushLevel(h int, texts [][]byte, buf []byte, bad func(format string, args ...any) error) error {
	for _, text := range texts {
		key, err := hbytes.AppendBytesBinary(buf[:0], text)
		if err != nil || !bytes.Equal(hbytes.AppendStringBinary(nil, key), text) {
			return bad("level %d: key %q is not toStringBinary text", h, clip(text))
		}
		if len(key) > hbase.MaxRowLength {
			return bad("level %d: key %q is %d bytes long: HBase row keys are at most %d bytes", h, clip(text), len(key), hbase.MaxRowLength)
		}
		s.push(h, key)
	}
	return nil
}

// readSketches reads one sketch per line; blank lines are skipped.
func readSketches(s *lineScanner, sink Sink) (int64, error) {
	var n int64
	for {
		line, err := s.next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		if len(line) == 0 {
			continue
		}
		sk, err := ParseSketch(line)
		if err != nil {
			return n, &hbytes.LineError{Line: s.line, Err: err}
		}
		if err := sink.AddSketch(sk); err != nil {
			return n, &hbytes.LineError{Line: s.line, Err: err}
		}
		n++
	}
}

// flush0 empties the level-0 buffer: sorted once, it is compacted as compact would (every
// other key from a random offset moves up, an odd last key stays), and the promoted run is
// merged into level 1; when that fills level 1 to its capacity it is compacted on at once,
// and so on up, each level as compress would compact it. No key is copied on the way: the
// run holds refs into every level's arena (tagged with the level as their chunk), and only
// the level it comes to rest in is rebuilt, in the spare arena. The run and the merges use
// level 0's ref array and the sort's scratch, both allocated by newBufferedSketch.
func (s *Sketch) flush0() { //nolint:funlen,gocyclo // the KLL level-0 flush: sort, compact at a random offset and merge up the levels in one pass, kept whole on the hot path
	l0 := &s.levels[0]
	if len(l0.items) == 0 {
		return
	}
	if !l0.sorted {
		sortLSD(l0.items, s.tmp[:len(l0.items)], l0.arena)
		l0.sorted = true
	}
	s.chunks = s.chunks[:0]
	for h := range s.levels {
		s.chunks = append(s.chunks, s.levels[h].arena)
	}
	items0 := l0.items[:0]
	var keeps [64]ref // the odd item each compacted level keeps, chunk-tagged
	var hasKeep [64]bool
	run, buf := l0.items, s.tmp[:0]
	h := 0
	for {
		if len(run)%2 == 1 {
			keeps[h], hasKeep[h] = run[len(run)-1], true
			run = run[:len(run)-1]
		}
		j := 0
		for i := int(s.random() >> 63); i < len(run); i += 2 {
			run[j] = run[i]
			j++
		}
		run = run[:j]
		h++
		if h == len(s.levels) {
			s.grow()
			s.chunks = append(s.chunks, nil)
		}
		up := &s.levels[h]
		if !up.sorted {
			sortSmall([][]byte{up.arena}, up.items)
			up.sorted = true
		}
		tag := uint64(h) << 56
		out := buf[:0]
		a, b := run, up.items
		for len(a) > 0 && len(b) > 0 {
			bt := ref{pre: b[0].pre, loc: b[0].loc | tag}
			if compareRefs(s.chunks, bt, a[0]) < 0 {
				out = append(out, bt)
				b = b[1:]
			} else {
				out = append(out, a[0])
				a = a[1:]
			}
		}
		out = append(out, a...)
		for _, r := range b {
			out = append(out, ref{pre: r.pre, loc: r.loc | tag})
		}
		if len(out) < s.capacity(h) {
			// Rest here: level h is rebuilt from the run, its keys gathered in the spare
			// arena and copied back (each array keeps its capacity, so once they have
			// grown to the levels' sizes a flush allocates nothing).
			arena := s.spare[:0]
			items := up.items[:0]
			for _, r := range out {
				key := keyAt(s.chunks, r)
				items = append(items, ref{pre: r.pre, loc: packLoc(0, len(arena), len(key), 1)})
				arena = append(arena, key...)
			}
			s.spare = arena[:0]
			up.arena, up.items, up.sorted = append(up.arena[:0], arena...), items, true
			break
		}
		run, buf = out, run[:0:cap(run)]
	}
	// The levels below h keep their odd item, or nothing: their keys are copied out first,
	// as a kept key may lie in another level's arena.
	keep := s.keep[:0]
	var at [64][2]int
	for i := range h {
		if hasKeep[i] {
			key := keyAt(s.chunks, keeps[i])
			at[i] = [2]int{len(keep), len(key)}
			keep = append(keep, key...)
		}
	}
	s.keep = keep
	for i := range h {
		l := &s.levels[i]
		if i == 0 {
			l.items = items0
		}
		l.arena, l.items, l.sorted = l.arena[:0], l.items[:0], true
		if hasKeep[i] {
			key := keep[at[i][0] : at[i][0]+at[i][1]]
			l.items = append(l.items, ref{pre: keeps[i].pre, loc: packLoc(0, 0, len(key), 1)})
			l.arena = append(l.arena, key...)
		}
	}
	s.size = 0
	for i := 1; i < len(s.levels); i++ {
		s.size += len(s.levels[i].items)
	}
}

// sortLSD sorts a level-0 buffer: a least-significant-digit radix sort on the refs' 8-byte
// prefixes, one counting pass for all eight bytes and one scatter per byte that is not the
// same in every ref, then each run of equal prefixes by its whole keys. (The MSD sort the
// exact sample uses spends most of its time on the many small buckets a buffer of this
// size splits into.) tmp is scratch of the same length.
func sortLSD(items, tmp []ref, arena []byte) { //nolint:gocyclo // LSD radix sort: count every byte position in one pass, skip the positions that do not spread, scatter; kept whole on the hot path
	if len(items) <= smallSort {
		sortSmall([][]byte{arena}, items)
		return
	}
	var count [8][256]int
	for _, r := range items {
		p := r.pre
		count[0][byte(p)]++
		count[1][byte(p>>8)]++
		count[2][byte(p>>16)]++
		count[3][byte(p>>24)]++
		count[4][byte(p>>32)]++
		count[5][byte(p>>40)]++
		count[6][byte(p>>48)]++
		count[7][byte(p>>56)]++
	}
	// Only the leading bytes that tell most refs apart: from the first byte, until the
	// product of the bytes' distinct values is 64 times the refs (the rest order only the
	// few refs that share those bytes, sorted with their ties below).
	low, spread := 0, 1.0
	for d := 7; d >= 0; d-- {
		distinct := 0
		for _, n := range count[d] {
			if n > 0 {
				distinct++
			}
		}
		spread *= float64(distinct)
		if spread >= 64*float64(len(items)) {
			low = d
			break
		}
	}
	src, dst := items, tmp
	for d := low; d < 8; d++ {
		c := &count[d]
		shift := 8 * d
		if c[byte(src[0].pre>>shift)] == len(src) {
			continue // every ref has this byte
		}
		sum := 0
		for i := range 256 {
			sum, c[i] = sum+c[i], sum
		}
		for _, r := range src {
			b := byte(r.pre >> shift)
			dst[c[b]] = r
			c[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &items[0] {
		copy(items, src)
	}
	chunks := [][]byte{arena}
	mask := ^uint64(0) << (8 * low)
	for i := 0; i < len(items); {
		j := i + 1
		for j < len(items) && (items[j].pre^items[i].pre)&mask == 0 {
			j++
		}
		if j-i > 1 {
			sortSmall(chunks, items[i:j])
		}
		i = j
	}
}

// footprint is the bytes the sketch's arrays take (their capacities): what Collector
// accounts its buffers against --memory with.
func (s *Sketch) footprint() int {
	n := cap(s.tmp)*refSize + cap(s.keep) + cap(s.spare)
	for h := range s.levels {
		n += cap(s.levels[h].arena) + cap(s.levels[h].items)*refSize
	}
	return n
}
