package sample

import (
	"encoding/binary"
	"errors"
	"fmt"
	input "github.com/presplit/presplit/field"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync/atomic"
)

// DefaultMemory is --memory's default: 256 MiB.
const DefaultMemory = 256 << 20

// DefaultHoldout is the fraction held out when the sample has at least HoldoutMinKeys keys
// and no fraction is given.
const (
	DefaultHoldout = 0.2
	HoldoutMinKeys = 10_000
)

// Options tune a Collector.
type Options struct {
	// Memory bounds the exact keys: their bytes plus 24 bytes each stay under half of it
	// (the other half is room for sorting). Beyond it the keys stream into a sketch. 0
	// means DefaultMemory.
	Memory int64
	// Holdout is the fraction of keys held out of the cut to measure it on; negative means
	// the default (DefaultHoldout from HoldoutMinKeys keys, else none).
	Holdout float64
}

// Collector is a Sink that keeps keys exactly while they fit Options.Memory and streams
// them into sketches from then on. Several readers may feed it at once (ReadFile).
//
// Its keys are kept in parts: one per reader. A part owns an arena (a chunk of the
// exact sample) and its keys' refs, the held-out keys apart; it reserves its memory from
// the collector's budget before it grows, and when the budget is spent every part turns
// to its own pair of sketches (keys cut on, keys held out), fed its keys in the order it
// read them. Sample merges the parts in order: the same files give the same sample.
type Collector struct {
	opt        Options
	fraction   float64 // the fraction held out while reading
	threshold  uint64  // a key is held out when its hash is below it; 0: none
	limit      int64   // Memory/2: what the parts' arenas and refs may reserve
	used       atomic.Int64
	over       atomic.Bool // the budget is spent: every part turns to sketches
	parts      []*part
	cur        *part // the part sequential reads feed
	sketches   *Sketch
	sketchRows uint64
	// skLeft is the memory left for the parts' level-0 sketch buffers (the other half of
	// Memory, less sketchReserve): each part is given its share as it is made, so which
	// part gets how much does not depend on the readers' timing.
	skLeft int64
}

// sketchReserve is the part of Memory kept back from the sketch buffers: the sketches'
// upper levels (about 3K keys each, four per two parts, and the two Sample merges them
// into), the readers' 1 MiB buffers, and the Go runtime's own.
const sketchReserve = 16 << 20

// NewCollector returns an empty collector.
func NewCollector(opt Options) *Collector {
	if opt.Memory <= 0 {
		opt.Memory = DefaultMemory
	}
	c := &Collector{opt: opt, limit: opt.Memory / 2}
	c.skLeft = max(opt.Memory-c.limit-sketchReserve, 0)
	// Keys are held out while they are read: with the default, tentatively (a sample
	// below HoldoutMinKeys keys gets its held keys back in Sample).
	c.fraction = opt.Holdout
	if c.fraction < 0 {
		c.fraction = DefaultHoldout
	}
	if c.fraction > 0 {
		c.threshold = uint64(min(c.fraction, 1) * math.Exp2(64))
	}
	return c
}

// mapping owns a file mapping that arenas lie in (see mapFile).
type mapping struct{ _ byte }

// part is the keys one reader read.
type part struct {
	c          *Collector
	owner      *mapping // the mapping its arena lies in, if any
	id         int      // its chunk in the exact sample
	arena      []byte
	cut, held  []ref
	reserved   int64 // bytes reserved from c.used
	hint       int64 // bytes the part will read, when known
	lineLen    int   // the average line length seen, for sizing the refs
	rows       uint64
	sk, heldSk *Sketch
	skBudget   int64 // bytes its sketches' level-0 buffers may take (see Collector.skLeft)
	share      int64 // bytes of the exact budget it may take at once when its hint is too big
}

// newPart makes a part, giving it 1/of of the sketch buffers' memory left.
func (c *Collector) newPart(hint int64, lineLen, of int) *part {
	p := &part{c: c, id: len(c.parts), hint: hint, lineLen: lineLen}
	p.skBudget = c.skLeft / int64(of)
	p.share = c.limit / int64(of)
	c.skLeft -= p.skBudget
	c.parts = append(c.parts, p)
	return p
}

// Add adds a key of weight w (sequential reads).
func (c *Collector) Add(key []byte, w uint64) {
	if c.cur == nil || (c.cur.sk == nil && len(c.cur.arena) >= maxArena-hbaseMaxRow) {
		c.cur = c.newPart(0, 0, 1)
	}
	c.cur.Add(key, w)
}

// hbaseMaxRow bounds one key: a part whose arena comes near maxArena starts another.
const hbaseMaxRow = 1 << 15

// canSplit says whether n more parts can be made.
func (c *Collector) canSplit(n int) bool { return len(c.parts)+n <= maxChunks }

// streamParts returns a Sink for each of the readers that read at once, sized bytes each
// (a hint: 0 when unknown), lineLen bytes a line on average. Sequential Adds after them
// start another part.
func (c *Collector) streamParts(sizes []int64, lineLen int) []Sink {
	c.cur = nil
	out := make([]Sink, len(sizes))
	for i, n := range sizes {
		out[i] = c.newPart(n, lineLen, len(sizes)-i)
	}
	return out
}

// AddSketch merges a sketch in. A sketch's keys cannot be held out: with any sketch among
// the inputs, nothing is.
func (c *Collector) AddSketch(s *Sketch) error {
	c.over.Store(true)
	if c.sketches == nil {
		c.sketches = NewSketch(K)
	}
	c.sketchRows += s.Rows()
	return c.sketches.Merge(s)
}

func (p *part) AddSketch(s *Sketch) error { return p.c.AddSketch(s) }

// Add adds a key of weight w.
func (p *part) Add(key []byte, w uint64) {
	p.rows++
	held := p.c.threshold != 0 && keyHash(key) < p.c.threshold
	if p.sk == nil && p.c.over.Load() {
		p.toSketch()
	}
	if p.sk != nil {
		// The sketch chosen, then one call: a branch on held mispredicts for about a
		// fifth of the keys, each time after waiting on the hash's chain of multiplies.
		sk, heldSk := p.sk, p.heldSk
		if held {
			sk = heldSk
		}
		sk.Add(key, w)
		return
	}
	list := &p.cut
	if held {
		list = &p.held
	}
	need := len(key)
	if w != 1 {
		need += binary.MaxVarintLen64
	}
	if (len(p.arena)+need > cap(p.arena) || len(*list) == cap(*list)) && !p.grow(need) {
		p.toSketch()
		p.rows-- // counted again
		p.Add(key, w)
		return
	}
	*list = append(*list, ref{pre: prefix(key), loc: packLoc(p.id, len(p.arena), len(key), w)})
	p.arena = append(p.arena, key...)
	if w != 1 {
		p.arena = binary.AppendUvarint(p.arena, w)
	}
}

// grow makes room for a key of n bytes, reserving the memory first; false when the budget
// is spent (then every part turns to sketches).
func (p *part) grow(n int) bool {
	arenaCap, cutCap, heldCap := cap(p.arena), cap(p.cut), cap(p.held)
	if arenaCap == 0 && p.hint > 0 {
		// First growth of a part of known size: room for all of it at once (a key is at
		// most its line), so nothing is copied as the arrays grow.
		lines := p.hint/int64(max(p.lineLen, 1)) + 64
		arenaCap = int(min(p.hint, maxArena))
		heldCap = int(float64(lines)*p.c.fraction*1.05) + 64
		cutCap = int(float64(lines)*(1-p.c.fraction)*1.02) + 64
		if p.reserve(arenaCap, cutCap, heldCap) {
			p.realloc(arenaCap, cutCap, heldCap)
			return true
		}
		// Too big for the budget: its share of the budget at once.
		if p.growToShare(n) {
			return true
		}
		arenaCap, cutCap, heldCap = 0, 0, 0 // else step by step
	}
	if len(p.arena)+n > arenaCap {
		arenaCap = max(2*arenaCap, len(p.arena)+n, 1<<16)
	}
	if len(p.cut) == cutCap {
		cutCap = max(2*cutCap, 1024)
	}
	if len(p.held) == heldCap {
		heldCap = max(2*heldCap, 256)
	}
	if int64(arenaCap) > p.share/4 && p.growToShare(n) {
		// Past a quarter of its share: the rest at once, so what doubling leaves to the
		// garbage collector stays under a quarter of the share.
		return true
	}
	if arenaCap > maxArena {
		p.c.over.Store(true)
		return false
	}
	if !p.reserve(arenaCap, cutCap, heldCap) {
		return false
	}
	p.realloc(arenaCap, cutCap, heldCap)
	return true
}

// growToShare gives the part arrays for its whole share of the exact budget (so nothing
// is copied, and no garbage left, as it fills), if the other parts leave that free and
// that is more than it holds and needs.
func (p *part) growToShare(n int) bool {
	lineLen := int64(max(p.lineLen, 32))
	if len(p.cut)+len(p.held) > 0 {
		lineLen = int64(max(len(p.arena)/(len(p.cut)+len(p.held)), 1))
	}
	// lines such that the arrays below (refs 3% over the lines, 64 spare each) fit it.
	lines := (p.share-128*refCost)*100/(100*lineLen+103*refCost) - 1
	if lines <= 0 {
		return false
	}
	arenaCap := int(min(lines*lineLen, maxArena))
	heldCap := int(float64(lines)*p.c.fraction*1.05) + 64
	cutCap := int(float64(lines)*(1-p.c.fraction)*1.02) + 64
	if arenaCap < len(p.arena)+n || cutCap <= len(p.cut) || heldCap <= len(p.held) ||
		(arenaCap <= cap(p.arena) && cutCap <= cap(p.cut) && heldCap <= cap(p.held)) ||
		!p.tryReserve(arenaCap, cutCap, heldCap) {
		return false
	}
	p.realloc(max(arenaCap, cap(p.arena)), max(cutCap, cap(p.cut)), max(heldCap, cap(p.held)))
	return true
}

func (p *part) reserve(arenaCap, cutCap, heldCap int) bool {
	if !p.tryReserve(arenaCap, cutCap, heldCap) {
		p.c.over.Store(true)
		return false
	}
	return true
}

// tryReserve reserves the memory of arrays of these capacities, if the budget has room.
func (p *part) tryReserve(arenaCap, cutCap, heldCap int) bool {
	want := int64(arenaCap) + refCost*int64(cutCap+heldCap)
	delta := want - p.reserved
	if p.c.used.Add(delta) > p.c.limit {
		p.c.used.Add(-delta)
		return false
	}
	p.reserved = want
	return true
}

// reserveParts reserves room for parts that hold their bytes of a file whole (sizes[i]
// bytes each), with refs for lines of about lineLen bytes; nil when that does not fit the
// budget or there are too many parts. attachParts gives them their arenas.
func (c *Collector) reserveParts(sizes []int64, lineLen int) []*part {
	if c.over.Load() || !c.canSplit(len(sizes)) {
		return nil
	}
	parts := make([]*part, len(sizes))
	for i, n := range sizes {
		p := &part{c: c, id: len(c.parts) + i}
		lines := n/int64(max(lineLen, 1)) + 64
		held := int(float64(lines)*c.fraction*1.05) + 64
		cut := int(float64(lines)*(1-c.fraction)*1.02) + 64
		if n > maxArena || !p.tryReserve(int(n), cut, held) {
			for _, q := range parts[:i] {
				c.used.Add(-q.reserved)
			}
			return nil
		}
		parts[i] = p
	}
	return parts
}

// attachParts gives reserved parts their arenas: windows of data, one after another, when
// the file is mapped (data non-nil), else memory to read their bytes into.
func (c *Collector) attachParts(parts []*part, sizes []int64, data []byte, owner *mapping) {
	c.cur = nil
	at := int64(0)
	for i, p := range parts {
		if data != nil {
			p.arena, p.owner = data[at:at+sizes[i]:at+sizes[i]], owner
		} else {
			p.arena = make([]byte, sizes[i])
		}
		at += sizes[i]
		lines := (p.reserved - sizes[i]) / refCost
		held := int(float64(lines) * c.fraction)
		p.cut, p.held = make([]ref, 0, int(lines)-held), make([]ref, 0, held)
	}
	c.parts = append(c.parts, parts...)
}

// addAt adds a key that already lies in the part's arena at off (a part loaded whole).
func (p *part) addAt(off int, key []byte, w uint64) {
	held := p.c.threshold != 0 && keyHash(key) < p.c.threshold
	if p.sk == nil && p.c.over.Load() {
		p.toSketch()
	}
	list := &p.cut
	if held {
		list = &p.held
	}
	if p.sk == nil && len(*list) == cap(*list) && !p.grow(0) {
		p.toSketch()
	}
	p.rows++
	switch {
	case p.sk == nil:
		if w != 1 {
			// The line's tab and digits follow the key: room for the uvarint.
			binary.PutUvarint(key[len(key):cap(key)], w)
		}
		*list = append(*list, ref{pre: prefix(key), loc: packLoc(p.id, off, len(key), w)})
	case held:
		p.heldSk.Add(key, w)
	default:
		p.sk.Add(key, w)
	}
}

func (p *part) realloc(arenaCap, cutCap, heldCap int) {
	if arenaCap != cap(p.arena) {
		p.arena = append(make([]byte, 0, arenaCap), p.arena...)
	}
	if cutCap != cap(p.cut) {
		p.cut = append(make([]ref, 0, cutCap), p.cut...)
	}
	if heldCap != cap(p.held) {
		p.held = append(make([]ref, 0, heldCap), p.held...)
	}
}

// toSketch moves the part's exact keys into its sketches, in the order they came, and
// gives their memory back: from here on its memory stays bounded.
func (p *part) toSketch() {
	if p.sk != nil {
		return
	}
	// The level-0 buffers: the part's budget, in the shares of its keys cut on and held
	// out, sized for keys as long as those it kept exactly.
	keyLen := 32
	if p.lineLen > 0 {
		keyLen = p.lineLen
	}
	if n := len(p.cut) + len(p.held); n > 0 {
		keyLen = max(len(p.arena)/n, 1)
	}
	// The upper levels (about 3K keys a sketch) of keys longer than 32 bytes take more
	// than sketchReserve allows them: the difference comes out of the buffers.
	budget := p.skBudget - 2*3*K*int64(max(keyLen-32, 0))
	if budget > 0 {
		// The buffers are allocated while the exact keys are still held: collect what the
		// exact arrays' growth left first, so the buffers take its room rather than more
		// (the Go heap may otherwise grow to twice what is held before it collects).
		runtime.GC()
	}
	f := min(max(p.c.fraction, 0), 1)
	p.sk = newBufferedSketch(int(float64(budget)*(1-f)), keyLen)
	p.heldSk = newBufferedSketch(int(float64(budget)*f), keyLen)
	chunks := [][]byte{p.arena}
	for _, r := range p.cut {
		r.loc &^= 0xFF << 56
		p.sk.Add(keyAt(chunks, r), weightAt(chunks, r))
	}
	for _, r := range p.held {
		r.loc &^= 0xFF << 56
		p.heldSk.Add(keyAt(chunks, r), weightAt(chunks, r))
	}
	p.arena, p.cut, p.held, p.owner = nil, nil, nil, nil
	p.c.used.Add(-p.reserved)
	p.reserved = 0
	if budget > 0 {
		// And collect the exact arrays now: the next collection is due at twice what was
		// held when it last ran, which counted them (without this, the sketch levels'
		// growth and Sample's merges took the heap to 62 MB at --memory 64MiB).
		runtime.GC()
	}
}

// Sample is a read sample, ready to cut.
type Sample struct {
	Exact       bool    // every key kept; else a sketch with rank error Epsilon
	Rows        uint64  // keys read, sketches' keys included
	CutRows     uint64  // keys cut on
	HoldoutRows uint64  // keys held out
	Holdout     float64 // the fraction held out; 0 when none
	// NoHoldout says why nothing is held out, when nothing is; it names the holdout as
	// input.Ref("splits.holdout").
	NoHoldout string
	// Sketched says an input was a sketch (AddSketch): the cut is a sketch's because a
	// sketch keeps no exact keys, whatever the memory budget.
	Sketched  bool
	cut, held *Weighted
}

// Sample finishes the collection: the held-out keys are set apart, and the keys cut on
// sorted. The collector is spent.
func (c *Collector) Sample() *Sample {
	s := &Sample{Rows: c.sketchRows, Sketched: c.sketches != nil}
	for _, p := range c.parts {
		s.Rows += p.rows
	}
	if c.over.Load() {
		c.sketchSample(s)
		return s
	}
	s.Exact = true
	var f float64
	f, s.NoHoldout = holdoutFraction(c.opt.Holdout, s.Rows)
	chunks := make([][]byte, len(c.parts))
	var cutRuns [][]ref
	var owners []*mapping
	for _, p := range c.parts {
		if p.owner != nil && !slices.Contains(owners, p.owner) {
			owners = append(owners, p.owner)
		}
	}
	held := &Weighted{chunks: chunks, owners: owners}
	cut := &Weighted{chunks: chunks, owners: owners}
	for i, p := range c.parts {
		chunks[i] = p.arena
		cutRuns = append(cutRuns, p.cut)
		if f == 0 {
			cutRuns = append(cutRuns, p.held) // held out tentatively: the default came to none
		} else {
			held.refs = append(held.refs, p.held...)
		}
		c.parts[i] = nil
	}
	c.parts = nil
	for _, r := range held.refs {
		held.total += weightAt(chunks, r)
	}
	for _, run := range cutRuns {
		s.CutRows += uint64(len(run))
	}
	s.HoldoutRows = uint64(len(held.refs))
	cut.refs, cut.cum = mergeEqual(chunks, sortRefs(chunks, cutRuns))
	cut.total = cut.cum[len(cut.cum)-1]
	s.Holdout = f
	if len(held.refs) == 0 {
		s.Holdout = 0
	}
	s.cut, s.held = cut, held
	return s
}

// sketchSample fills s from the parts' sketches, once the keys are over the memory: the
// cut is every sketch, the held-out keys one sketch unless sketches were read.
func (c *Collector) sketchSample(s *Sample) {
	sk, held := NewSketch(K), NewSketch(K)
	for _, p := range c.parts {
		p.toSketch()
		_ = sk.Merge(p.sk) // same K
		_ = held.Merge(p.heldSk)
	}
	if c.sketches != nil {
		_ = sk.Merge(c.sketches)
		_ = sk.Merge(held)
		held = NewSketch(K)
		s.NoHoldout = "the sample includes sketches, whose keys cannot be held out"
	} else if c.fraction == 0 {
		s.NoHoldout = input.Ref("splits.holdout") + " 0"
	}
	s.Holdout = c.fraction
	if held.Rows() == 0 {
		s.Holdout = 0
	}
	s.cut, s.held = sk.Weighted(), held.Weighted()
	s.CutRows, s.HoldoutRows = sk.Rows(), held.Rows()
}

// holdoutFraction is the share of an exact sample of rows keys to hold out, given f (< 0
// for the default), and why none is, "" when some is.
func holdoutFraction(f float64, rows uint64) (float64, string) {
	switch {
	case f < 0 && rows >= HoldoutMinKeys:
		return DefaultHoldout, ""
	case f < 0:
		return 0, fmt.Sprintf("fewer than %d keys: all of them are cut on (give %s to hold some out)", HoldoutMinKeys, input.Ref("splits.holdout"))
	case f == 0:
		return 0, input.Ref("splits.holdout") + " 0"
	}
	return f, ""
}

// keyHash is a fixed 64-bit hash of the key's bytes, 8 at a time (a multiply-rotate mix of
// each word, then murmur3's finaliser): the same key always hashes the same, so a run is
// reproducible.
func keyHash(key []byte) uint64 {
	const m1, m2 = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F
	h := uint64(len(key)) * m1
	for len(key) >= 8 {
		h = bits.RotateLeft64(h^binary.LittleEndian.Uint64(key)*m2, 31) * m1
		key = key[8:]
	}
	var tail uint64
	for i, b := range key {
		tail |= uint64(b) << (8 * i)
	}
	h = bits.RotateLeft64(h^tail*m2, 31) * m1
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// Distinct is the number of distinct keys cut on (for a sketch: retained).
func (s *Sample) Distinct() int { return s.cut.Len() }

// CutKeys are the keys cut on, sorted, with their weights (for a sketch: retained).
func (s *Sample) CutKeys() *Weighted { return s.cut }

// Cut is a sample's boundaries for a region count.
type Cut struct {
	Keys   [][]byte
	Shares []float64 // the weight cut on, per region
	Held   []float64 // the held-out weight per region; nil when none is held out
}

// Cut chooses the split keys for regions regions; with delim, never inside a leading
// field. A *TooFewError when the sample cannot give that many regions.
func (s *Sample) Cut(regions int, delim []byte) (*Cut, error) {
	keys, shares, err := Boundaries(s.cut, regions, delim)
	if err != nil {
		if tf := (*TooFewError)(nil); errors.As(err, &tf) {
			tf.Sketch = !s.Exact
		}
		return nil, err
	}
	c := &Cut{Keys: keys, Shares: shares}
	if s.held.Len() > 0 {
		c.Held = Shares(s.held, keys)
	}
	return c, nil
}
