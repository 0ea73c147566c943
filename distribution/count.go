package distribution

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/presplit/presplit/hbytes"
)

// Eight bytes at a time: each byte 0x01, each byte 0x80.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// Options tune Count.
type Options struct {
	// Raw reads each line as the key's raw bytes instead of toStringBinary text.
	Raw bool
	// Workers is the number of goroutines locating keys; 0 means GOMAXPROCS (at most 8).
	Workers int
	// ChunkSize is the size of each read; 0 means 1 MiB. It is raised to hold the longest
	// line a valid key can have. For a mapped file it is the part each worker counts at a
	// time, rounded up to whole pages; 0 means 4 MiB.
	ChunkSize int
	// Progress, when set, is called from Count's goroutine after each chunk is counted, with
	// the input bytes and keys counted so far (in input order).
	Progress func(bytes, keys int64)
}

// Result is what Count found.
type Result struct {
	Counts []int64 // keys per region, len == Locator.Regions()
	Keys   int64   // lines read
	Bytes  int64   // input bytes read
}

// maxLine is the longest line a valid key can take: every byte escaped, plus \r.
const maxLine = 4*MaxRowLength + 1

// Count reads keys from r, one per line, and counts them per region of loc.
//
// A line ends at \n; one \r before it is removed as well, so \n and \r\n files read the
// same. A last line without \n counts; an empty line is the empty key (region 0). Lines are
// decoded with hbytes.DecodeKey unless opt.Raw. Errors on a line are *hbytes.LineError (1-based line in
// the whole input) wrapping a *hbytes.SyntaxError.
//
// Memory is O(regions), and nothing is allocated per key. When r is a regular *os.File
// (on Linux), the rest of the file is mapped read-only and opt.Workers goroutines count
// chunks of it in place, each with its own counts; the pages of counted chunks are released
// as they go, so the resident set stays a few chunks. Any other reader is read in
// chunks by one goroutine and counted by opt.Workers others. The file must not shrink while
// it is counted: that is reported as an error.
func Count(r io.Reader, loc *Locator, opt Options) (Result, error) {
	workers := opt.Workers
	if workers <= 0 {
		workers = min(runtime.GOMAXPROCS(0), 8)
	}
	if f, ok := r.(*os.File); ok {
		if m, off, ok := mapFile(f); ok {
			defer unmapFile(m)
			chunk := mapChunk
			if opt.ChunkSize > 0 {
				page := os.Getpagesize()
				chunk = (opt.ChunkSize + page - 1) / page * page
			}
			return countMapped(m, off, chunk, loc, opt, workers)
		}
	}
	return countStream(r, loc, opt, workers)
}

// result is what a worker found in one chunk of the input.
type result struct {
	seq   int64
	lines int64 // lines counted (up to the error, if any)
	bytes int64
	err   error // *hbytes.SyntaxError on line lines+1 of the chunk
}

// collect receives the chunks' results, in any order, and adds them up in input order so
// that progress and line numbers are exact. It sets stop at the first bad line. done, when
// set, is called with each chunk's seq once it and every chunk before it are counted.
func collect(results <-chan result, opt Options, stop *atomic.Bool, done func(seq int64)) (Result, error) {
	var out Result
	var firstErr error
	pending := make(map[int64]result)
	next := int64(0)
	for res := range results {
		pending[res.seq] = res
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			if done != nil {
				done(next)
			}
			next++
			if firstErr != nil {
				continue
			}
			if r.err != nil {
				firstErr = &hbytes.LineError{Line: out.Keys + r.lines + 1, Err: r.err}
				stop.Store(true)
				continue
			}
			out.Keys += r.lines
			out.Bytes += r.bytes
			if opt.Progress != nil {
				opt.Progress(out.Bytes, out.Keys)
			}
		}
	}
	return out, firstErr
}

// mapChunk is the part of a mapped file a worker counts at a time: small enough that the
// pages in use stay a few MiB per worker and a busy core delays the end little, large
// enough that handing chunks out costs nothing.
const mapChunk = 4 << 20

// countMapped counts m[off:], a mapped file. Chunks are cut at multiples of size in m;
// a chunk counts the lines that start in it, reading the last one to its end in the next
// chunk, so no line is copied.
func countMapped(m []byte, off, size int, loc *Locator, opt Options, workers int) (Result, error) {
	first := off / size
	chunks := (len(m)+size-1)/size - first
	var next atomic.Int64
	var stop, faulted atomic.Bool
	results := make(chan result, workers)
	counters := make([]*lineCounter, workers)
	var wg sync.WaitGroup
	for w := range workers {
		counters[w] = newLineCounter(loc, opt.Raw)
		counters[w].gridCounts = counters[0].gridCounts // one count's cells
		wg.Add(1)
		go func(c *lineCounter) {
			defer wg.Done()
			// A page of a file that shrank under the mapping faults (SIGBUS): make that a
			// panic here, and an error, rather than a crash.
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(interface{ Addr() uintptr }); !ok {
						panic(r)
					}
					faulted.Store(true)
					stop.Store(true)
				}
			}()
			for !stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= chunks {
					return
				}
				base := (first + i) * size
				lo, hi := max(base, off), min(base+size, len(m))
				res := result{seq: int64(i), bytes: int64(hi - lo)}
				if start, ok := chunkStart(m, lo, off); ok {
					res.lines, res.err = c.count(m[start:], hi-start)
				} else {
					res.err = errChunkStart
				}
				dropPages(m[base:hi]) // most of them now; see release for the edges
				results <- res
			}
		}(counters[w])
	}
	go func() { wg.Wait(); close(results) }()
	// A chunk's pages are released again once the chunks on both sides are counted too: the
	// one before reads its last line into it, the one after looks at its last byte, and the
	// kernel maps more than the page a fault asks for. Releasing them keeps the resident set
	// a few chunks, not the whole file.
	release := func(seq int64) {
		if seq > 0 {
			base := (first + int(seq) - 1) * size
			dropPages(m[base:min(base+size, len(m))])
		}
	}
	out, err := collect(results, opt, &stop, release)
	defer releaseAll(counters) // collect returns once every worker is done
	if faulted.Load() {
		return Result{}, errors.New("reading keys: the file shrank while it was read")
	}
	if err != nil {
		return Result{}, err
	}
	out.Counts = mergeCounts(counters)
	return out, nil
}

// errChunkStart is a chunk that starts inside a line longer than any valid key line. The
// chunk where that line starts reports it (or an earlier bad line), so this error is never
// the first one.
var errChunkStart = errors.New("chunk starts inside an over-long line")

// chunkStart is where the first line that starts at or after lo begins (len(m) when none
// does). It looks at most maxLine+1 bytes ahead: a line that runs further is bad anyway.
func chunkStart(m []byte, lo, off int) (int, bool) {
	if lo == off || m[lo-1] == '\n' {
		return lo, true
	}
	limit := min(lo+maxLine+1, len(m))
	if k := bytes.IndexByte(m[lo:limit], '\n'); k >= 0 {
		return lo + k + 1, true
	}
	return len(m), limit == len(m)
}

// countStream counts r read in chunks: one goroutine reads, workers count.
func countStream(r io.Reader, loc *Locator, opt Options, workers int) (Result, error) {
	size := max(opt.ChunkSize, 1<<20)
	if opt.ChunkSize > 0 {
		size = max(opt.ChunkSize, 2*(maxLine+1))
	}

	nbuf := 2*workers + 2
	free := make(chan []byte, nbuf)
	for range nbuf {
		free <- make([]byte, size)
	}
	work := make(chan chunk, nbuf)
	results := make(chan result, nbuf)
	var stop atomic.Bool
	var readErr error

	// The reader fills buffers, cuts them after the last \n and carries the partial line
	// over to the next buffer.
	go func() {
		defer close(work)
		readErr = readChunks(r, free, work, &stop)
	}()

	counters := make([]*lineCounter, workers)
	var wg sync.WaitGroup
	for w := range workers {
		counters[w] = newLineCounter(loc, opt.Raw)
		counters[w].gridCounts = counters[0].gridCounts // one count's cells
		wg.Add(1)
		go func(c *lineCounter) {
			defer wg.Done()
			for ch := range work {
				res := result{seq: ch.seq, bytes: int64(len(ch.data))}
				if !stop.Load() {
					res.lines, res.err = c.count(ch.data, len(ch.data))
				}
				free <- ch.buf
				results <- res
			}
		}(counters[w])
	}
	go func() { wg.Wait(); close(results) }()

	out, err := collect(results, opt, &stop, nil)
	defer releaseAll(counters) // collect returns once every worker is done
	if err != nil {
		return Result{}, err
	}
	if readErr != nil {
		return Result{}, fmt.Errorf("reading keys: %w", readErr)
	}
	out.Counts = mergeCounts(counters)
	return out, nil
}

// chunk is a buffer of whole lines the reader hands to a counter.
type chunk struct {
	seq  int64
	buf  []byte // the whole buffer, returned to free
	data []byte // complete lines (the last chunk may end without \n)
}

// readChunks fills the buffers from free with r's bytes, cuts each after its last \n and
// sends it on work, carrying the partial line over to the next buffer; it returns at the
// end of r, when stop is set, or with r's error.
func readChunks(r io.Reader, free chan []byte, work chan<- chunk, stop *atomic.Bool) error {
	carry := make([]byte, 0, maxLine+1)
	for seq := int64(0); ; seq++ {
		buf := <-free
		n := copy(buf, carry)
		eof := false
		for n < len(buf) {
			m, err := r.Read(buf[n:])
			n += m
			if err == io.EOF {
				eof = true
				break
			}
			if err != nil {
				return err
			}
			if m == 0 {
				continue
			}
			// Hand over what we have once a good part of the buffer is full: pipes
			// deliver small reads.
			if n >= len(buf)/2 {
				break
			}
		}
		if stop.Load() {
			return nil
		}
		if eof {
			if n > 0 {
				work <- chunk{seq: seq, buf: buf, data: buf[:n]}
			} else {
				free <- buf
			}
			return nil
		}
		cut := bytes.LastIndexByte(buf[:n], '\n') + 1
		if n-cut > maxLine {
			// A line longer than any valid key: send it as is, the counter reports it.
			cut = n
		}
		// Copy the partial line out before a worker may reuse buf.
		carry = append(carry[:0], buf[cut:n]...)
		work <- chunk{seq: seq, buf: buf, data: buf[:cut]}
	}
}

// lineCounter counts lines into one worker's counts.
//
// The counts are 32-bit, half the cache a region takes while counting (with 100,000
// regions the worker's counts, the prefix table and the split keys' tails then fit in a
// core's L2 cache); they move into 64-bit totals before any of them could overflow.
type lineCounter struct {
	loc        *Locator
	counts     []uint32
	totals     []int64     // counts flushed so far; nil until the first flush
	pending    int64       // lines counted into counts since the last flush
	low        []uint8     // the counts' low bytes, for many regions (lowCounts); nil until used
	gridCounts *gridCounts // the grid's cells, which the count's workers share
	gbins      *gridBins   // the lines the grid's bins hold; nil until used
	data       []byte      // the data count counts: gbins holds lines of it (placeHeld)
	bins       *binCounter // keys not yet counted, for very many regions (binCounts); nil until used
	keyBuf     []byte      // room for one decoded key
	raw        bool
	ends       [plainSpan + 4]uint32 // line ends in a span (three spare entries: see lineEnds)
	rare       [plainSpan + 4]uint64 // tableLines' lines for Locate
	crowded    [plainSpan + 4]uint32 // their crowdTable entries (countRare)
	touched    uint32                // countRare's reads ahead, kept so that they are made
	bads       [plainSpan]uint32     // countEscaped's bad escapes in a span
	hexBatch   [hexBatch]uint32      // hexRun's regions not yet counted
	frees      []func()              // unmaps the counts' own mappings (zeroed)
}

func newLineCounter(loc *Locator, raw bool) *lineCounter {
	c := &lineCounter{loc: loc, keyBuf: make([]byte, 0, MaxRowLength+1), raw: raw, gridCounts: new(gridCounts)}
	c.counts = zeroed[uint32](c, loc.Regions())
	return c
}

// zeroed returns n zeroed Ts for c's counts: from ownMappingFrom bytes up in a mapping of
// their own, in huge pages where the kernel gives them (mapZeroed), which c.release
// unmaps; below that, or where the mapping fails, a Go slice.
func zeroed[T uint8 | uint16 | uint32](c *lineCounter, n int) []T {
	if n*int(unsafe.Sizeof(T(0))) >= ownMappingFrom {
		if s, free, ok := mapZeroed[T](n); ok {
			c.frees = append(c.frees, free)
			return s
		}
	}
	return make([]T, n)
}

// ownMappingFrom is the size from which zeroed maps counts of their own: two huge pages
// (1,000,000 regions' 32-bit counts, and 10,000,000 regions' bytes). A variable: the tests
// lower it, to count through mappings on small splits.
var ownMappingFrom = 4 << 20

// release unmaps the counts' own mappings, once mergeCounts has added them up; c is not
// used after.
func (c *lineCounter) release() {
	for _, free := range c.frees {
		free()
	}
	c.counts, c.low, c.bins, c.gbins, c.frees = nil, nil, nil, nil, nil
}

// lowCounts is the worker's low byte of each region's count, made on first use, when the
// counts outgrow a core's L2 cache: with 1,000,000 regions a worker's counts take 4 MB, and
// a random key's increment then misses the cache; a byte a region takes a quarter of that.
// A low byte that wraps adds 256 to counts; mergeCounts adds the rest. nil when the counts
// are small enough as they are.
func (c *lineCounter) lowCounts() []uint8 {
	if c.low == nil && len(c.counts) >= lowCountsFrom {
		c.low = zeroed[uint8](c, len(c.counts))
	}
	return c.low
}

// lowCountsFrom is the region count from which lowCounts takes a byte a region: 2^18
// regions' 32-bit counts are 1 MiB, a core's L2 cache here. A variable: the tests lower
// it, to count a byte a region on small splits.
var lowCountsFrom = 1 << 18

// binCounts is the worker's held keys, made on first use, when even a byte a region
// outgrows the caches: with 10,000,000 regions each worker's bytes take 10 MB, and a random
// key's increment then waits on memory (a key cost five times what it does at 1,000
// regions). Neighbouring regions share a bin, 2^binShift of them, whose bytes (64 KiB) fit
// a core's L2 cache; a key is noted in its bin, and a bin that has held 2^binHeldBits keys
// counts them at once, while its bytes stay in the cache. Each bin's notes are written in
// address order, 153 streams at ten million regions, which the caches keep track of. (A
// counting sort of a batch of keys by bin, which this replaced, spent twice as long a key:
// its scatter wrote 4,096 streams.) nil below binCountsFrom regions.
func (c *lineCounter) binCounts() *binCounter {
	if c.bins == nil && c.low != nil && len(c.counts) >= binCountsFrom && len(c.counts) <= binsMax<<binShift { // the bins drain into low
		bins := (len(c.counts) + 1<<binShift - 1) >> binShift
		c.bins = &binCounter{bins: bins, fill: new([binsMax]uint32), held: zeroed[uint16](c, bins<<binHeldBits), heldBits: binHeldBits}
	}
	return c.bins
}

// binCountsFrom is the region count from which binCounts holds the keys: 2^22 regions'
// bytes are 4 MiB a worker, more than a core's share of the L3 cache here. (Variables:
// the tests lower it, and binHeldBits, to check the bins on small splits.)
var (
	binCountsFrom = 1 << 22
	binHeldBits   = uint(14) // a bin counts its keys every 2^14 (32 KiB of notes)
)

// binShift sets a bin's regions, 2^16: their byte counts are 64 KiB, and a region's
// offset in its bin is a uint16. On regions in memory (10,000,000 of them, one core) bins
// of 2^15 regions were the fastest (3.7-4.2 ns a key, 2^16 4.1-4.6 ns, the sort 6.7-8.9
// ns), but in Count 2^16 is: a bin of 2^15 regions fills the L1 cache when it is counted,
// and the decode's tables and the block it reads are read again from L2. Count on 512 MiB
// at 10,000,000 regions (BenchmarkCountRegions, medians of 5 to 6): 2^15 regions counting
// every 2^14 keys 148 ms, every 2^13 155 ms; 2^16 every 2^14 131 ms, 2^13 155 ms, 2^15
// 149 ms.
const binShift = 16

// binsMax bounds the bins, so that note's index into fill needs no check: 2^9 bins of 2^16
// regions take splits.MaxRegions and more (TestBinCounts).
const binsMax = 1 << 9

// binCounter is binCounts' bins.
type binCounter struct {
	fill     *[binsMax]uint32 // the keys each bin holds
	held     []uint16         // bin b's keys, as offsets from its first region, from b<<heldBits on
	heldBits uint
	bins     int // the bins used, of binsMax
}

// add notes the regions ids in their bins, counting a bin into small and counts when it
// is full.
func (b *binCounter) add(ids []uint32, counts []uint32, small []uint8) {
	for len(ids) > 0 {
		var bin uint32
		if ids, bin = b.note(ids); bin != noBin {
			b.countBin(bin, counts, small)
		}
	}
}

// noBin is note's bin when none is full.
const noBin = ^uint32(0)

// note notes the regions ids in their bins, up to the first that fills its bin; it returns
// the regions not noted and the full bin, or noBin. (A loop with no call, so that the
// compiler keeps its values in registers: with countBin called in it, it kept them on the
// stack.)
func (b *binCounter) note(ids []uint32) ([]uint32, uint32) {
	fill, held, heldBits := b.fill, b.held, b.heldBits&31
	full := uint32(1) << heldBits
	for i, r := range ids {
		bin := r >> binShift & (binsMax - 1)
		f := fill[bin] + 1
		held[bin<<heldBits|(f-1)] = uint16(r & (1<<binShift - 1))
		fill[bin] = f
		if f == full {
			return ids[i+1:], bin
		}
	}
	return nil, noBin
}

// countBin counts the keys bin holds into small (a byte a region, carried into counts
// every 256) and empties it.
func (b *binCounter) countBin(bin uint32, counts []uint32, small []uint8) {
	first := int(bin) << binShift
	last := min(first+1<<binShift, len(small))
	bytes, carried := small[first:last], counts[first:last]
	from := int(bin) << b.heldBits
	for _, off := range b.held[from : from+int(b.fill[bin])] {
		bytes[off]++
		if bytes[off] == 0 {
			carried[off] += 256
		}
	}
	b.fill[bin] = 0
}

// drain counts every bin's keys.
func (b *binCounter) drain(counts []uint32, small []uint8) {
	for bin := range b.bins {
		b.countBin(uint32(bin), counts, small)
	}
}

// flushAt is how many lines counts may take before they move to totals: no count can
// reach 2^32 before.
const flushAt = 1 << 31

// added notes n more lines in counts and flushes them to totals when they could overflow
// soon; the counting loops call it at least every flushAt/2 lines.
func (c *lineCounter) added(n int64) {
	if c.pending += n; c.pending >= flushAt/2 {
		c.flush()
	}
}

// flush moves counts into totals.
func (c *lineCounter) flush() {
	if c.totals == nil {
		c.totals = make([]int64, len(c.counts))
	}
	for i, n := range c.counts {
		c.totals[i] += int64(n)
		c.counts[i] = 0
	}
	c.pending = 0
}

// count counts the lines of data that start before offset to; the last of them may run
// past to, up to the next \n or the end of data. On a bad line it returns the number of
// good lines before it and the error.
func (c *lineCounter) count(data []byte, to int) (int64, error) {
	// The grid holds lines of data in ambiguous cells to place them together (placeHeld):
	// they are placed before count returns, while data is at hand.
	c.data = data
	defer func() { c.placeHeld(); c.data = nil }()
	if c.raw {
		return c.countRaw(data, to)
	}
	return c.countText(data, to)
}

// plainBlock is how much text countText checks at once for bytes that need decoding: small
// enough to still be in the L2 cache when its lines are counted.
const plainBlock = 64 << 10

// countText is count for toStringBinary text, a block of whole lines at a time. Sample keys
// are nearly always plain text, with no backslash and no byte >= 0x80, so each line is its
// own key; checking that once for a block (the assembly IndexByte, and a word-at-a-time OR
// folded into the pass that finds line ends) costs far less than checking every line. A
// plain block whose lines all have one length (fixed-width keys, the usual sample) needs no
// search for line ends at all: one bytes.Count and a look at every expected end prove the
// stride (countFixed). A block with escapes but no byte >= 0x80 decodes only the bytes the
// lookup needs and checks the rest (countEscaped). Anything else, and every bad line, goes
// line by line through hbytes.DecodeKey (countMixed).
func (c *lineCounter) countText(data []byte, to int) (int64, error) { //nolint:gocyclo // the per-block dispatch to the fast paths the comment above lists, one branch each, in the hot loop
	var lines int64
	for start := 0; start < to; {
		end := min(start+plainBlock, len(data))
		if end < len(data) {
			end = start + bytes.LastIndexByte(data[start:end], '\n') + 1
		}
		var n int64
		var err error
		block := data[start:end]
		var k blockKind
		if end > start {
			k = kindOf(block)
		}
		switch {
		case end == start: // a line longer than the block
			n, start, err = c.countMixed(data, start, start+1)
		case !k.backslash && k.stride > 0 && !k.high && c.gridOK(k.stride):
			n, start = c.countGrid(data[:end], start, min(to, end), k.stride)
		case !k.backslash && k.stride > 0 && !k.high && c.fixedOK(k.stride):
			n, start = c.countFixed(data[:end], start, min(to, end), k.stride)
		case !k.backslash && k.stride > 0 && !k.high && c.loc.rule != nil && c.loc.rule.fixedStride(k.stride):
			n, start = c.countFixedRule(data[:end], start, min(to, end), k.stride)
		case !k.backslash:
			// countPlain checks for bytes >= 0x80 as it reads, and stops before them.
			var plain bool
			n, start, plain, err = c.countPlain(data[:end], start, min(to, end))
			if !plain && err == nil {
				var more int64
				more, start, err = c.countMixed(data[:end], start, min(to, end))
				n += more
			}
		case !k.high:
			n, start, err = c.countEscaped(data[:end], start, min(to, end))
		default:
			n, start, err = c.countMixed(data[:end], start, min(to, end))
		}
		lines += n
		c.added(n) // a block holds at most plainBlock lines; a long line, one
		if err != nil {
			return lines, err
		}
	}
	return lines, nil
}

// hasHighByte reports whether b has a byte >= 0x80, 32 bytes at a time.
func hasHighByte(b []byte) bool {
	var acc uint64
	for len(b) >= 32 {
		acc |= binary.LittleEndian.Uint64(b[0:8]) | binary.LittleEndian.Uint64(b[8:16]) |
			binary.LittleEndian.Uint64(b[16:24]) | binary.LittleEndian.Uint64(b[24:32])
		b = b[32:]
	}
	for _, c := range b {
		acc |= uint64(c)
	}
	return acc&highs != 0
}

// blockKind is what countText needs to know of a block to choose its loop.
type blockKind struct {
	backslash bool // some byte is \
	// high says some byte is >= 0x80; known only when backslash is or stride > 0
	// (countPlain finds them itself).
	high bool
	// stride is the length of every line, \n included, when they all have one; 0
	// otherwise.
	stride int
}

// kindOf looks at block, which holds whole lines. A block whose length is a multiple of
// its first line's takes one pass (blockStats): it is fixed-stride when it has as many
// line ends as lines of that length and each of them ends one, for then there is no other.
// Any other block is looked at for a backslash only (the assembly IndexByte): countPlain
// and countEscaped find bytes >= 0x80 as they read.
func kindOf(block []byte) blockKind {
	var k blockKind
	if stride := bytes.IndexByte(block, '\n') + 1; stride > 0 && len(block)%stride == 0 {
		newlines, backslash, high := blockStats(block)
		k.backslash, k.high = backslash, high
		if newlines == len(block)/stride && endsEvery(block, stride) {
			k.stride = stride
		}
		return k
	}
	k.backslash = bytes.IndexByte(block, '\\') >= 0
	return k
}

// endsEvery reports whether every stride-th byte of block, from its stride-1st, is \n.
func endsEvery(block []byte, stride int) bool {
	for i := stride - 1; i < len(block); i += stride {
		if block[i] != '\n' {
			return false
		}
	}
	return true
}

// fixedOK reports whether countFixed can count lines of stride bytes: keys (the line
// without \n, and without a \r before it) long enough for the prefix table and short
// enough to be valid.
func (c *lineCounter) fixedOK(stride int) bool {
	t := c.loc.table()
	return t != nil && stride-2 >= t.depth && stride-1 <= MaxRowLength
}

// countFixed counts the plain lines of data that start in [from, to), every one of them
// stride bytes long; it returns where the next line starts. A line's region is one table
// read away unless its first bytes are not in the table or split keys extend them.
func (c *lineCounter) countFixed(data []byte, from, to, stride int) (int64, int) {
	if c.loc.list.Len() >= batchFrom {
		return c.countFixedBatched(data, from, to, stride)
	}
	t, counts := c.loc.table(), c.counts
	cls, entries, tails := t.cls, t.entries, t.tails
	depth := t.depth
	// Every key holds the four bytes after the table's depth: up to four extending split
	// keys are compared here, as prefixTable.locate does.
	withTail := stride-2 >= depth+4
	lines := int64(0)
	p := from
	for ; p < to; p += stride {
		line := data[p : p+stride-1]
		var idx uint32
		for j, b := range line[:depth] {
			idx += cls[j<<8|int(b)]
		}
		if idx < uint32(len(entries)) {
			e := entries[idx]
			if e <= entryBase {
				counts[e]++
				lines++
				continue
			}
			if withTail {
				if r, ok := tailRegion(tails, e, binary.BigEndian.Uint32(line[depth:])); ok {
					counts[r]++
					lines++
					continue
				}
			}
		}
		if line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		counts[c.locateFrom(idx, line)]++
		lines++
	}
	return lines, p
}

// countFixedRule is countFixed for a generated split's rule: each line's region follows
// from its first bytes (ruleLocator.value and starts), and a line they do not decode
// takes Locate.
func (c *lineCounter) countFixedRule(data []byte, from, to, stride int) (int64, int) {
	r, counts := c.loc.rule, c.counts
	lines := int64(0)
	p := from
	if w := r.rule.Width; r.wordWide() && stride-1 >= 8 {
		h := hexRun{
			stride: stride, to: to, pairs: w / 2, odd: w%2 == 1,
			regions: uint64(r.rule.Regions), shift: r.shift, batch: c.hexBatch[:],
		}
		h.one, h.pair = hexTables()
		small, bins := c.lowCounts(), c.binCounts()
		for p < to {
			var n int64
			switch {
			case bins != nil:
				n, p = h.countBinned(data, p, bins, counts, small)
			case small != nil:
				n, p = h.countLow(data, p, counts, small)
			default:
				n, p = h.count(data, p, counts)
			}
			lines += n
			if p < to { // a line the word loop does not decode
				line := data[p : p+stride-1]
				if line[len(line)-1] == '\r' {
					line = line[:len(line)-1]
				}
				counts[r.locate(line)]++
				lines++
				p += stride
			}
		}
		return lines, p
	}
	for ; p < to; p += stride {
		line := data[p : p+stride-1]
		lines++
		if v, ok := r.value(line); ok {
			counts[r.starts(v)]++
			continue
		}
		if line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		counts[r.locate(line)]++
	}
	return lines, p
}

// hexRun is countFixedRule's word loop for lowercase hex of at most one word (8 digits)
// over a power of two of prefixes: a line's first word is read once, its digits decoded
// two at a time by a table (32 of its cache lines are ever read, for the 256 digit pairs;
// hexTables), and starts is written out in the loop, which is all a line costs. (A
// word-at-a-time decode took 25 operations a line; two table reads take 8.)
//
// decode is the one loop that reads the lines, and it only notes their regions in a
// batch; count, countLow and countBinned add a batch up. A decoding function called every
// line (the compiler does not inline one this size), or the decode written into each
// counting loop, kept the digits' value and bad flags on the stack; split so, each loop
// holds fewer values (the decode still reloads some of its constants from the stack), and
// one core counts 20 to 45% faster.
type hexRun struct {
	stride, to int
	pairs      int  // digit pairs in the prefix, 0 to 4
	odd        bool // and one digit more
	regions    uint64
	shift      uint
	pair       *[1 << 16]uint16
	one        *[256]uint16
	batch      []uint32 // count's and countLow's regions not yet added (hexBatch of them)
}

// hexBatch is how many regions count and countLow note before adding them up: 2 KiB,
// which stays in the L1 cache between the two loops.
const hexBatch = 512

// hexBad flags a byte, or a pair of bytes, that is not lowercase hex in hexTables.
const hexBad = 0x100

// hexTables returns hexOne[b], the value of the lowercase hex digit b or hexBad, and
// hexPairs[b0|b1<<8], hex(b0)<<4 | hex(b1) or hexBad when either is no lowercase hex
// digit; made on first use (128 KiB), not by every command at start.
var hexTables = sync.OnceValues(func() (*[256]uint16, *[1 << 16]uint16) {
	var one [256]uint16
	for b := range one {
		one[b] = hexBad
	}
	for i, c := range "0123456789abcdef" {
		one[c] = uint16(i)
	}
	pairs := new([1 << 16]uint16)
	for i := range pairs {
		hi, lo := one[i&0xFF], one[i>>8]
		pairs[i] = hi<<4 | lo
		if (hi|lo)&hexBad != 0 {
			pairs[i] = hexBad
		}
	}
	return &one, pairs
})

// decode appends to ids the regions of the lines from p on, up to h.to, cap(ids) regions
// or the first line whose prefix is not lowercase hex; it returns them and where it
// stopped. A line's first word x holds its prefix's digits from its low byte up; the
// pairs are read unrolled (pairs is 0 to 4, the same every line, so the branches are
// predicted): a loop over them kept its values on the stack.
func (h *hexRun) decode(data []byte, p int, ids []uint32) ([]uint32, int) {
	pair, one, pairs, odd := h.pair, h.one, h.pairs, h.odd
	regions, shift, to, stride := h.regions, h.shift&63, h.to, h.stride
	oddAt := uint(16*pairs) & 63
	for ; p < to && len(ids) < cap(ids); p += stride {
		x := binary.LittleEndian.Uint64(data[p:])
		var v, bad uint64
		if pairs > 0 {
			t := uint64(pair[uint16(x)])
			bad, v = t, t&0xFF
			if pairs > 1 {
				t = uint64(pair[uint16(x>>16)])
				bad |= t
				v = v<<8 | t&0xFF
				if pairs > 2 {
					t = uint64(pair[uint16(x>>32)])
					bad |= t
					v = v<<8 | t&0xFF
					if pairs > 3 {
						t = uint64(pair[uint16(x>>48)])
						bad |= t
						v = v<<8 | t&0xFF
					}
				}
			}
		}
		if odd {
			t := uint64(one[uint8(x>>oddAt)])
			bad |= t
			v = v<<4 | t&0xF
		}
		if bad&hexBad != 0 {
			break
		}
		// The region is floor((v+1) x Regions - 1) >> shift: v < Size, so the quotient is
		// below Regions (Starts' bound holds); the masks tell the compiler the shifts are
		// under 64 (shift is 4..32).
		hi, lo := bits.Mul64(v+1, regions)
		lo, borrow := bits.Sub64(lo, 1, 0)
		ids = append(ids, uint32((hi-borrow)<<((64-shift)&63)|lo>>shift))
	}
	return ids, p
}

// count counts the lines from p on into counts, up to h.to or the first line decode does
// not decode; it returns the lines counted and where it stopped.
func (h *hexRun) count(data []byte, p int, counts []uint32) (int64, int) {
	lines := int64(0)
	for {
		ids, next := h.decode(data, p, h.batch[:0])
		for _, r := range ids {
			counts[r]++
		}
		lines += int64(len(ids))
		if p = next; len(ids) < cap(ids) {
			return lines, p
		}
	}
}

// countBinned is count through the bins b (see binCounts).
func (h *hexRun) countBinned(data []byte, p int, b *binCounter, counts []uint32, small []uint8) (int64, int) {
	lines := int64(0)
	for {
		ids, next := h.decode(data, p, h.batch[:0])
		b.add(ids, counts, small)
		lines += int64(len(ids))
		if p = next; len(ids) < cap(ids) {
			return lines, p
		}
	}
}

// countLow is count with a byte a region in small (see lowCounts), carried into counts
// every 256 keys.
func (h *hexRun) countLow(data []byte, p int, counts []uint32, small []uint8) (int64, int) {
	lines := int64(0)
	for {
		ids, next := h.decode(data, p, h.batch[:0])
		for _, r := range ids {
			small[r]++
			if small[r] == 0 {
				counts[r] += 256
			}
		}
		lines += int64(len(ids))
		if p = next; len(ids) < cap(ids) {
			return lines, p
		}
	}
}

// locateFrom is Locate for a key of at least the table's depth whose index is idx.
func (c *lineCounter) locateFrom(idx uint32, key []byte) int {
	t := c.loc.table()
	if idx < uint32(len(t.entries)) {
		if r := t.locate(c.loc.keys, idx, key); r >= 0 {
			return r
		}
	}
	return c.loc.locateTwoByte(key)
}

// countPlain counts the lines of data that start in [from, to), knowing that data has no
// backslash; it returns where the next line starts. It checks that data has no byte >= 0x80
// in the same pass that finds the line ends; when a span has one it stops before the span's
// first line and returns plain false.
//
// Lines of varying length make a branch on "does this word end a line" unpredictable, and
// mispredicting it once a line costs as much as the lookup. So each span of plainSpan bytes
// goes in two passes: one takes the line ends from the words' \n bits into ends, without a
// branch unless a word ends two lines; the other counts the lines ending there, in a loop
// whose branches are predictable. The common lookup (one table read) is inlined.
func (c *lineCounter) countPlain(data []byte, from, to int) (lines int64, next int, plain bool, err error) {
	ends := c.ends[:]
	start := from // of the current line
	i := from
	for i+8 <= len(data) {
		span := min(i+plainSpan, len(data))
		k := 0
		var high uint64
		if haveLineEnds && span-i >= 32 {
			// The kernel takes the line ends of the span's 32-byte steps, the words below
			// take the rest.
			n := (span - i) &^ 31
			var h bool
			if k, h = lineEnds(data, i, n, ends); h {
				return lines, start, false, nil
			}
			i += n
		}
		for ; i+8 <= span; i += 8 {
			// If every byte is below 0x80, adding 0x7F to each byte of x carries into its
			// high bit exactly when the byte is not zero, and never into the next byte.
			w := binary.LittleEndian.Uint64(data[i:])
			high |= w
			x := w ^ (ones * '\n')
			m := ^(x + ones*0x7F) & highs
			ends[k] = uint32(i + bits.TrailingZeros64(m)>>3) // i+8 when m is 0: overwritten
			k += b2i(m != 0)
			for m &= m - 1; m != 0; m &= m - 1 {
				ends[k] = uint32(i + bits.TrailingZeros64(m)>>3)
				k++
			}
		}
		if high&highs != 0 { // the line ends found may be wrong
			return lines, start, false, nil
		}
		n, next, done, err := c.countEnds(data, ends[:k], start, to)
		lines += n
		if start = next; done || err != nil {
			return lines, start, true, err
		}
	}
	// The last bytes, fewer than eight: the line-at-a-time loop does.
	n, next, err := c.countMixed(data, start, to)
	return lines + n, next, true, err
}

// countEnds counts the plain lines of data from start that end at ends (the offsets of
// their \n), stopping after the one that starts before to and ends last (done true) or at
// a bad line; it returns where the next line starts.
//
// It is countPlain's second pass, on its own so that its values stay in registers: in the
// one function with the first pass, the compiler kept most of them on the stack, and a
// line cost a dozen loads and stores more.
func (c *lineCounter) countEnds(data []byte, ends []uint32, start, to int) (lines int64, next int, done bool, err error) { //nolint:gocyclo // the lookup inlined: the one table read, then up to four extending keys' tails, without a call
	if c.loc.grid != nil {
		return c.countEndsGrid(data, ends, start, to)
	}
	if t := c.loc.table(); haveLineEnds && t != nil {
		return c.countEndsKernel(t, data, ends, start, to)
	}
	counts := c.counts
	var cls, entries, tails []uint32
	depth := maxRowPlusOne // no table: every key takes Locate
	skip, skipMask, skipWord := 0, uint64(0), uint64(0)
	if t := c.loc.table(); t != nil {
		cls, entries, tails, depth = t.cls, t.entries, t.tails, t.depth
		skip, skipMask, skipWord = t.skip, t.skipMask, t.skipWord
	}
	for _, e := range ends {
		end := int(e)
		key := data[start:end]
		start = end + 1
		if n := len(key); n > 0 && key[n-1] == '\r' {
			key = key[:n-1]
		}
		if len(key) > MaxRowLength {
			return lines, start, true, hbytes.KeyTooLong(len(key))
		}
		lines++
		if len(key) >= depth {
			var idx uint32
			j := 0
			if skip > 0 && len(key) >= 8 {
				if binary.LittleEndian.Uint64(key)&skipMask != skipWord {
					idx = miss
				}
				j = skip
			}
			for ; j < depth; j++ {
				idx += cls[j<<8|int(key[j])]
			}
			if idx < uint32(len(entries)) {
				e := entries[idx]
				if e <= entryBase {
					counts[e]++
					goto next
				}
				// Up to four split keys extend the key's first depth bytes: their next
				// four bytes against the key's (zero-padded, as the kernel pads them).
				if r, ok := tailRegion(tails, e, tail4(key, depth)); ok {
					counts[r]++
					goto next
				}
			}
			counts[c.locateFrom(idx, key)]++
			goto next
		}
		counts[c.loc.Locate(key)]++
	next:
		if start >= to {
			return lines, start, true, nil
		}
	}
	return lines, start, false, nil
}

// countEndsKernel is countEnds through the assembly loop (tableLines), which keeps the
// lookup's values in registers; the lines it leaves go through Locate after it.
func (c *lineCounter) countEndsKernel(t *prefixTable, data []byte, ends []uint32, start, to int) (lines int64, next int, done bool, err error) {
	used, next, nrare, tooLong := tableLines(t, data, ends, start, to, c.counts, c.rare[:])
	c.countRare(data, c.rare[:nrare])
	if tooLong > 0 {
		return int64(used - 1), next, true, hbytes.KeyTooLong(tooLong)
	}
	return int64(used), next, used > 0 && next >= to, nil
}

// countRare counts the lines tableLines left (start | end<<32 in data), through Locate.
//
// With a crowdTable, most of them are its blocks' (a million split keys from a sample),
// and the reads that place a line miss the caches: its block's entry, the split keys'
// tails, its count. One line at a time, each read waits for the one before and the
// branch on it. So the lines go in passes, each a short loop whose reads do not wait on
// each other: the block indexes (in the cache), the block entries, the regions (the
// tails), then the counts.
func (c *lineCounter) countRare(data []byte, rare []uint64) {
	t := c.loc.table()
	cr := t.crowd
	if cr == nil {
		for _, r := range rare {
			c.counts[c.loc.Locate(data[uint32(r):r>>32])]++
		}
		return
	}
	got := c.crowded[:len(rare)]
	crowdIndexes(t, data, rare, got)
	entries, tails := cr.entries, cr.tails
	for i, idx := range got {
		e := uint32(manyExtend << entryShift)
		if idx < uint32(len(entries)) {
			e = entries[idx]
		}
		got[i] = e
	}
	// The tails into the cache for the next pass, in a pass of their own: read in the
	// pass above, each waited on its entry's read, and a line's two misses came one after
	// the other.
	var touched uint32
	for _, e := range got {
		touched += tails[e&entryBase]
	}
	c.touched += touched
	crowdRegions(cr, data, rare, got)
	c.addRare(data, rare, got)
}

// crowdIndexes is countRare's first pass: got[i] is the crowd table's index of line
// rare[i], or miss (crowdTable.indexOf, written out here: called a line, it was not
// inlined, and the loop kept its values on the stack).
func crowdIndexes(t *prefixTable, data []byte, rare []uint64, got []uint32) {
	cr := t.crowd
	for i, r := range rare {
		key := data[uint32(r) : r>>32]
		got[i] = miss
		if len(key) < t.depth || len(key) < cr.depth && !t.shortByBase {
			continue
		}
		if e := t.index(key); e < uint32(len(t.entries)) && t.entries[e]>>entryShift == manyExtend {
			got[i] = cr.index(e, key)
		}
	}
}

// crowdRegions is countRare's region pass: from each line's block entry (got[i]), its
// region, or leave for Locate. A key shorter than the blocks' depth is in its padded
// entry's region (crowdIndexes padded it only where that holds); a longer one is compared
// on its next four bytes with the entry's 1 to manyExtend-1 extending keys' tails, in the
// five fixed steps of tailRegions, and left on a tie. (Through tailRegion, a call a line,
// only entries of up to four such keys were compared here, the rest left to Locate.)
func crowdRegions(cr *crowdTable, data []byte, rare []uint64, got []uint32) {
	const leave = math.MaxUint32
	tails, depth := cr.tails, cr.depth
	for i, r := range rare {
		key := data[uint32(r) : r>>32]
		e := got[i]
		got[i] = leave
		base, ext := int(e&entryBase), int(e>>entryShift)
		switch {
		case ext == manyExtend: // the block's own crowded entries, and misses
			continue
		case len(key) < depth || ext == 0:
			got[i] = uint32(base)
			continue
		}
		k4 := tail4(key, depth)
		ts := tails[base : base+ext]
		n := rankStep(ts, 0, 16, k4)
		n = rankStep(ts, n, 8, k4)
		n = rankStep(ts, n, 4, k4)
		n = rankStep(ts, n, 2, k4)
		n = rankStep(ts, n, 1, k4)
		if n == len(ts) || ts[n] != k4 {
			got[i] = uint32(base + n)
		}
	}
}

// addRare counts countRare's lines: got[i] is line rare[i]'s region, or leave for Locate.
// From lowCountsFrom regions on, into the counts' low bytes (a quarter of the cache the
// 32-bit counts take: a million regions' are 4 MB, and each line's increment missed it).
func (c *lineCounter) addRare(data []byte, rare []uint64, got []uint32) {
	const leave = math.MaxUint32
	counts, small := c.counts, c.lowCounts()
	for i, r := range rare {
		if g := got[i]; g != leave {
			countRegion(counts, small, g)
		} else {
			counts[c.loc.Locate(data[uint32(r):r>>32])]++
		}
	}
}

// countRegion counts a line into region r: into its low byte when small is not nil (a
// wrap adds 256 to counts; see lowCounts), else into counts.
func countRegion(counts []uint32, small []uint8, r uint32) {
	if small != nil {
		small[r]++
		if small[r] == 0 {
			counts[r] += 256
		}
		return
	}
	counts[r]++
}

// plainSpan is how many bytes countPlain takes the line ends of at once: their offsets fit
// the L1 cache.
const plainSpan = 4 << 10

// maxRowPlusOne is longer than any valid key.
const maxRowPlusOne = MaxRowLength + 1

// countEscaped counts the lines of data that start in [from, to), knowing that data has no
// byte >= 0x80 but has backslashes; it returns where the next line starts. A key's region
// depends only on its first bytes, so only those are decoded (up to the prefix table's
// depth); the rest of the line is only checked: every \x must be followed by two uppercase
// hex digits. The check runs on eight bytes at a time, without a branch per escape, in the
// same pass that finds the line ends. A line that fails the check, is too short for the
// table or is not decided by it goes through countMixed, which decodes it whole and
// reports its error.
func (c *lineCounter) countEscaped(data []byte, from, to int) (int64, int, error) { //nolint:gocyclo // the hot loop: the escape check and the line ends in one branch-light pass over eight bytes at a time (see above)
	t := c.loc.table()
	if t == nil {
		return c.countMixed(data, from, to)
	}
	var lines int64
	counts, ends, bads := c.counts, c.ends[:], c.bads[:]
	start := from    // of the current line
	carried := false // the current line has a bad escape in an earlier span
	i := from
	// The check needs the three bytes after each word: the loop carries the next word's
	// flags over.
	var x, h uint64 // x and hex digit flags of the word at i
	if i+8 <= len(data) {
		w := binary.LittleEndian.Uint64(data[i:])
		x, h = equalBytes(w, 'x'), hexDigits(w)
	}
	// As in countPlain, each span goes in two passes: the line ends and bad escapes first,
	// then the lines.
	for i+16 <= len(data) {
		span := min(i+plainSpan, len(data)-8)
		k, nbad := 0, 0
		if haveLineEnds && span-i >= 32 {
			// The kernel takes the span's 32-byte steps (reading three bytes past them:
			// span is 8 short of the end), the words below the rest, from the flags of
			// the word where it stopped.
			n := (span - i) &^ 31
			k, nbad = escapedEnds(data, i, n, ends, bads)
			i += n
			w := binary.LittleEndian.Uint64(data[i:])
			x, h = equalBytes(w, 'x'), hexDigits(w)
		}
		var high bool
		k, nbad, i, x, h, high = escapedWords(data, i, span, x, h, ends, bads, k, nbad)
		b := 0 // the first bad escape not before start
		for _, e := range ends[:k] {
			p := int(e)
			bad := carried
			for ; b < nbad && int(bads[b]) < p; b++ {
				bad = true
			}
			carried = false
			end := p
			if end > start && data[end-1] == '\r' {
				end--
			}
			if r, ok := escapedRegion(t, data, start, end); ok && !bad && end-start <= MaxRowLength {
				counts[r]++
				lines++
			} else {
				n, next, err := c.countMixed(data, start, p+1)
				lines += n
				if err != nil {
					return lines, next, err
				}
			}
			start = p + 1
			if start >= to {
				return lines, start, nil
			}
		}
		carried = carried || b < nbad
		if high { // a byte >= 0x80 in the word at i: countMixed reports its line
			break
		}
	}
	n, next, err := c.countMixed(data, start, to)
	return lines + n, next, err
}

// escapedWords is countEscaped's first pass on the words of data[i:span] (eight bytes a
// step, reading the next word too), from the x and hex digit flags x, h of the word at i:
// it adds their line ends to ends[k:] and their bad escapes to bads[nbad:], and returns
// the new counts, where it stopped and the flags of the word there. It stops, high, at a
// word with a byte >= 0x80 (or before one), whose flags the word arithmetic cannot take:
// the lines from there are countMixed's.
func escapedWords(data []byte, i, span int, x, h uint64, ends, bads []uint32, k, nbad int) (int, int, int, uint64, uint64, bool) {
	for ; i+8 <= span; i += 8 {
		w, wn := binary.LittleEndian.Uint64(data[i:]), binary.LittleEndian.Uint64(data[i+8:])
		if (w|wn)&highs != 0 {
			return k, nbad, i, x, h, true
		}
		xn, hn := equalBytes(wn, 'x'), hexDigits(wn)
		// esc flags each \ followed by x; bad those of them not followed by two uppercase
		// hex digits.
		esc := equalBytes(w, '\\') & (x>>8 | xn<<56)
		for bad := esc &^ ((h>>16 | hn<<48) & (h>>24 | hn<<40)); bad != 0; bad &= bad - 1 {
			bads[nbad] = uint32(i + bits.TrailingZeros64(bad)>>3)
			nbad++
		}
		x, h = xn, hn
		m := equalBytes(w, '\n')
		ends[k] = uint32(i + bits.TrailingZeros64(m)>>3) // i+8 when m is 0: overwritten
		k += b2i(m != 0)
		for m &= m - 1; m != 0; m &= m - 1 {
			ends[k] = uint32(i + bits.TrailingZeros64(m)>>3)
			k++
		}
	}
	return k, nbad, i, x, h, false
}

// escapedRegion is the region of the line data[start:end] (toStringBinary text without
// bytes >= 0x80, whose escapes are known to be valid) when the prefix table places it:
// its entry has no extending split key, or up to four that its next four bytes (decoded,
// zero-padded) tell apart from it, as the table kernel compares them. ok is false for any
// other line.
func escapedRegion(t *prefixTable, data []byte, start, end int) (region int, ok bool) {
	idx, at, ok := headIndex(data, start, end, t.depth, t.cls)
	if !ok || idx >= uint32(len(t.entries)) {
		return 0, false
	}
	e := t.entries[idx]
	if e <= entryBase {
		return int(e), true
	}
	return tailRegion(t.tails, e, escapedTail(data, at, end))
}

// escapedTail is the four key bytes the toStringBinary text data[i:end] (escapes valid)
// starts with, big-endian, zero-padded when it holds fewer: tail4 of the decoded key.
func escapedTail(data []byte, i, end int) uint32 {
	var k4 uint32
	n := 0
	for ; n < 4 && i < end; n++ {
		b := data[i]
		if b == '\\' && i+3 < end && data[i+1] == 'x' {
			b = unhex[data[i+2]]<<4 | unhex[data[i+3]]
			i += 3
		}
		k4 = k4<<8 | uint32(b)
		i++
	}
	return k4 << (8 * (4 - n))
}

// headIndex decodes the first depth key bytes of the line data[start:end] (toStringBinary
// text without bytes >= 0x80, whose escapes are known to be valid) and sums their ranks in
// cls as prefixTable.index does; at is where the text of the key's next byte starts. ok is
// false when the line is shorter. It reads up to three bytes past the line, so data must
// go on at least that far, and it takes no branch on whether a byte is escaped.
func headIndex(data []byte, start, end, depth int, cls []uint32) (idx uint32, at int, ok bool) {
	i := start
	for j := range depth {
		if i+3 >= len(data) {
			return 0, 0, false
		}
		// The escape's byte is computed whether or not there is one, and chosen by a mask:
		// in random binary keys most bytes are escaped, and a branch on it mispredicted
		// about every other byte.
		b := data[i]
		esc := b2i(b == '\\') & b2i(data[i+1] == 'x')
		m := byte(-esc) // 0xFF when escaped
		b = b&^m | (unhex[data[i+2]]<<4|unhex[data[i+3]])&m
		idx += cls[j<<8|int(b)]
		i += 1 + 3*esc
	}
	return idx, i, i <= end
}

// equalBytes flags, in the high bit of each byte, the bytes of w equal to c; every byte of
// w must be below 0x80 (adding 0x7F to a byte of w^c carries into its high bit exactly when
// it is not zero, and never into the next byte).
func equalBytes(w uint64, c byte) uint64 {
	x := w ^ (ones * uint64(c))
	return ^(x + ones*0x7F) & highs
}

// hexDigits flags, in the high bit of each byte, the bytes of w that are uppercase hex
// digits; every byte of w must be below 0x80. Adding 0x80-c to a byte sets its high bit
// exactly when the byte is at least c.
func hexDigits(w uint64) uint64 {
	atLeast := func(c uint64) uint64 { return w + ones*(0x80-c) }
	return (atLeast('0')&^atLeast('9'+1) | atLeast('A')&^atLeast('F'+1)) & highs
}

// unhex is the value of an uppercase hex digit, 0xFF for any other byte.
var unhex = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	for i, c := range "0123456789ABCDEF" {
		t[c] = byte(i)
	}
	return t
}()

// countMixed is countPlain for lines that may need decoding. Each line is scanned once,
// eight bytes at a time, for its \n, a \ or a byte >= 0x80 together; only a line that has
// one of the last two goes through hbytes.DecodeKey.
func (c *lineCounter) countMixed(data []byte, from, to int) (int64, int, error) {
	var lines int64
	start := from
	for start < to {
		end, plain, ok := mixedLineEnd(data, start)
		if !ok {
			return lines, end, hbytes.KeyTooLongUnmeasured()
		}
		line := data[start:end]
		start = end + 1
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		key := line
		if !plain {
			var err error
			if key, err = hbytes.DecodeKey(c.keyBuf, line); err != nil {
				return lines, start, err
			}
		} else if len(key) > MaxRowLength {
			return lines, start, hbytes.KeyTooLong(len(key))
		}
		c.countKey(key)
		lines++
	}
	return lines, start, nil
}

// mixedLineEnd is where the line of data that starts at start ends (its \n, or the end of
// data) and whether it is plain (no \ and no byte >= 0x80), its bytes scanned eight at a
// time for all three together. A line is looked at no further than the longest valid key
// line: one that runs past that is too long whatever it holds (ok false), and reading on
// to its end would touch (in a mapped file) or decode as much as the input claims.
func mixedLineEnd(data []byte, start int) (end int, plain, ok bool) {
	limit := min(len(data), start+maxLine+1)
	i := start
	plain = true
	for i+8 <= limit {
		m := specialBytes(binary.LittleEndian.Uint64(data[i:]))
		if m == 0 {
			i += 8
			continue
		}
		j := i + bits.TrailingZeros64(m)>>3
		if b := data[j]; b == '\n' {
			return j, true, true
		} else if b == '\\' || b >= 0x80 {
			plain = false
			break
		}
		i = j + 1 // a byte just above a match can be flagged too
	}
	// The line's last bytes (fewer than eight), or the rest of a line to decode.
	end, ok = boundedLineEnd(data, start, i)
	if !ok {
		return end, false, false
	}
	return end, plain && hbytes.PlainASCII(data[i:end]), true
}

// boundedLineEnd is where the line of data that starts at start ends, its \n searched for
// from i: that \n, or the end of data. ok is false when the line runs past the longest
// valid key line (maxLine) first: it is too long whatever it holds, and is not read on.
func boundedLineEnd(data []byte, start, i int) (end int, ok bool) {
	limit := min(len(data), start+maxLine+1)
	if k := bytes.IndexByte(data[i:limit], '\n'); k >= 0 {
		return i + k, true
	}
	return limit, limit == len(data)
}

// specialBytes flags, in the high bit of each byte of w, the bytes that are \n, \ or >= 0x80.
// The lowest flag is always exact; a byte just above a \n or \ may be flagged falsely.
func specialBytes(w uint64) uint64 {
	n := w ^ (ones * '\n')
	b := w ^ (ones * '\\')
	return ((n-ones)&^n | (b-ones)&^b | w) & highs
}

// countRaw is count for --raw: every line is its own key.
func (c *lineCounter) countRaw(data []byte, to int) (int64, error) {
	var lines int64
	for start := 0; start < to; {
		end, ok := boundedLineEnd(data, start, start)
		if !ok {
			return lines, hbytes.KeyTooLongUnmeasured()
		}
		key := data[start:end]
		start = end + 1
		if n := len(key); n > 0 && key[n-1] == '\r' {
			key = key[:n-1]
		}
		if len(key) > MaxRowLength {
			return lines, hbytes.KeyTooLong(len(key))
		}
		c.countKey(key)
		lines++
		c.added(1)
	}
	return lines, nil
}

// releaseAll releases every counter (lineCounter.release).
func releaseAll(counters []*lineCounter) {
	for _, c := range counters {
		c.release()
	}
}

// mergeCounts adds up the workers' counts (the keys their bins still hold counted first).
// With many regions that is most of what is left after the count (ten million regions: up
// to 5 million held keys a worker, and 80 MB of totals from 100 MB of counts), so the bins
// are counted on one goroutine each and the regions are added up in parts on every core.
func mergeCounts(counters []*lineCounter) []int64 {
	out := make([]int64, len(counters[0].counts))
	var wg sync.WaitGroup
	for _, c := range counters {
		if c.bins != nil {
			wg.Add(1)
			go func() { defer wg.Done(); c.bins.drain(c.counts, c.low) }()
		}
		if c.gbins != nil {
			wg.Add(1)
			go func() { defer wg.Done(); c.gbins.drain(c) }()
		}
	}
	wg.Wait()
	var next atomic.Int64
	parts := (len(out) + mergePart - 1) / mergePart
	for range min(runtime.GOMAXPROCS(0), parts) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := int(next.Add(1) - 1); p < parts; p = int(next.Add(1) - 1) {
				lo, hi := p*mergePart, min((p+1)*mergePart, len(out))
				part := out[lo:hi]
				if g := counters[0].loc.grid; g != nil {
					g.addCells(out, lo, hi, counters)
				}
				for _, c := range counters {
					if c.totals != nil {
						for i, n := range c.totals[lo:hi] {
							part[i] += n
						}
					}
					for i, n := range c.counts[lo:hi] {
						part[i] += int64(n)
					}
					if c.low != nil {
						for i, n := range c.low[lo:hi] {
							part[i] += int64(n)
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	return out
}

// mergePart is how many regions mergeCounts adds up at a time: their totals (512 KiB)
// stay in the cache while each worker's counts are added.
const mergePart = 1 << 16
