package distribution

import (
	"bytes"

	"golang.org/x/sys/cpu"
)

// lineEndsAVX2 is written in lineends_amd64.s: see there.
//
//go:noescape
func lineEndsAVX2(p *byte, n int, base uint32, ends *uint32) (k int, high uint32)

// haveLineEnds says lineEnds has the AVX2 kernel: AVX2 for the compares, BMI1 and POPCNT
// for taking the line ends out of their masks.
// The tests set it to false to run the word loop too.
var haveLineEnds = cpuHasLineEnds

// cpuHasLineEnds is what haveLineEnds starts as: what this CPU has.
var cpuHasLineEnds = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT

// lineEnds takes the line ends of data[from:from+n] (n a multiple of 32, data at most 4 GiB)
// into ends, as offsets in data, and reports whether those bytes hold one >= 0x80. ends
// must have room for the line ends and four more entries.
func lineEnds(data []byte, from, n int, ends []uint32) (k int, high bool) {
	_ = data[from+n-1]
	_ = ends[n+3] // n line ends at most, and four spare entries (a step's garbage)
	k, h := lineEndsAVX2(&data[from], n, uint32(from), &ends[0])
	return k, h != 0
}

// blockStatsAVX2 is written in lineends_amd64.s: see there.
//
//go:noescape
func blockStatsAVX2(p *byte, n int) (newlines int, backslash, high uint32)

// blockStats is the number of line ends in b and whether it has a backslash or a byte
// >= 0x80, in one pass where the kernel is taken (haveLineEnds), in three otherwise.
func blockStats(b []byte) (newlines int, backslash, high bool) {
	n := 0
	if haveLineEnds && len(b) >= 32 {
		n = len(b) &^ 31
		nl, bs, h := blockStatsAVX2(&b[0], n)
		newlines, backslash, high = nl, bs != 0, h != 0
	}
	rest := b[n:]
	return newlines + bytes.Count(rest, []byte{'\n'}), backslash || bytes.IndexByte(rest, '\\') >= 0, high || hasHighByte(rest)
}

// escapedEndsAVX2 is written in lineends_amd64.s: see there.
//
//go:noescape
func escapedEndsAVX2(p *byte, n int, base uint32, ends, bads *uint32) (k, nbad int)

// escapedEnds takes the line ends of data[from:from+n] (n a multiple of 32, data at most
// 4 GiB and readable three bytes further) into ends and the offsets of its bad escapes (a
// \x not followed by two uppercase hex digits) and of its bytes >= 0x80 into bads, as
// countEscaped's word loop does. ends must have room for the line ends and three more
// entries, bads for n entries.
func escapedEnds(data []byte, from, n int, ends, bads []uint32) (k, nbad int) {
	_ = data[from+n+2]
	_ = ends[n+3]
	_ = bads[n-1]
	return escapedEndsAVX2(&data[from], n, uint32(from), &ends[0], &bads[0])
}

// tableLinesAsm is written in lineends_amd64.s: see there.
//
//go:noescape
func tableLinesAsm(data *byte, ends *uint32, nends, start, to int, cls, entries *uint32, nentries int, tails, counts *uint32, depth, skip int, skipMask, skipWord uint64, rare *uint64, short int) (used, next, nrare, tooLong int)

// tableLines is countEnds' loop for the prefix table t over the plain lines of data from
// start that end at ends: the lines the table places are counted into counts, the others
// noted in rare (start | end<<32, the key without a trailing \r) for Locate. It stops
// after the line that starts before to and ends last, or at a key over MaxRowLength
// (tooLong its length). used is the line ends consumed, next where the next line starts.
func tableLines(t *prefixTable, data []byte, ends []uint32, start, to int, counts []uint32, rare []uint64) (used, next, nrare, tooLong int) {
	if len(ends) == 0 {
		return 0, start, 0, 0
	}
	_ = data[ends[len(ends)-1]] // every end is in data: countPlain found them there
	_ = rare[len(ends)-1]
	_ = t.tails[len(t.tails)-1]
	if len(counts) < len(t.tails)-3 || len(t.cls) < t.depth<<8 || len(data) >= 1<<32 {
		panic("tableLines: tables out of shape")
	}
	return tableLinesAsm(&data[0], &ends[0], len(ends), start, to, &t.cls[0], &t.entries[0], len(t.entries),
		&t.tails[0], &counts[0], t.depth, t.skip, t.skipMask, t.skipWord, &rare[0], b2i(t.shortByBase))
}

// gridEndsAsm is written in lineends_amd64.s: see there.
//
//go:noescape
func gridEndsAsm(data *byte, ends *uint32, nends, start, to, last int, tabs *[4]*[1 << 16]uint32, corr *[16]uint32, masks *[16]uint64, from, shortest int, skipMask, skipWord uint64, idxs, starts *uint32, amb *uint64) (n, next int)

// gridEnds is endsCells in registers (the kernel needs no more than amd64 has; it is
// taken with the other kernels, haveLineEnds, so that the tests run both).
func gridEnds(g *cellGrid, data []byte, ends []uint32, start, to int, idxs, starts *[gridBatch]uint32) (n, next int) {
	last := len(data) - g.from - 8
	if len(ends) == 0 || start > last {
		return 0, start
	}
	ends = ends[:min(len(ends), gridBatch)]
	if int(ends[len(ends)-1]) >= len(data) || len(data) >= 1<<32 || g.pairTabs[3] == nil || g.from > g.ends || g.ends < 1 {
		panic("gridEnds: line ends or grid out of shape")
	}
	return gridEndsAsm(&data[0], &ends[0], len(ends), start, to, last, &g.pairTabs, &g.corr, &lineMasks, g.from, g.ends, g.skipMask, g.skipWord, &idxs[0], &starts[0], &g.amb[0])
}

// gridStrideAsm is written in lineends_amd64.s: see there.
//
//go:noescape
func gridStrideAsm(p *byte, stride, n int, tabs *[4]*[1 << 16]uint32, idxs *uint32)

// noteLinesAsm is written in lineends_amd64.s: see there.
//
//go:noescape
func noteLinesAsm(idxs *uint32, n int, amb *uint64, size uint32, fill *[gridBinsMax]uint32, held *uint16, ambAt *[gridBatch]uint16) (i, m int)

// The constants tableLinesAsm is written with: a change here that the assembly does not
// follow fails to compile.
const (
	_ = uint(entryBase - 0x7ffffff)
	_ = uint(0x7ffffff - entryBase)
	_ = uint(entryShift - 27)
	_ = uint(27 - entryShift)
	_ = uint(MaxRowLength - 32767)
	_ = uint(32767 - MaxRowLength)
	_ = uint(miss - 0x4000000) // and gridEndsAsm
	_ = uint(0x4000000 - miss)
	_ = uint(gridBinShift - 16) // and noteLinesAsm
	_ = uint(16 - gridBinShift)
	_ = uint(gridHeldBits - 13)
	_ = uint(13 - gridHeldBits)
	_ = uint(gridBinsMax - 256)
	_ = uint(256 - gridBinsMax)
)
