//go:build !amd64

package distribution

import "bytes"

// haveLineEnds is false: only amd64 has the kernel; countPlain takes its word loop. (A
// variable, as on amd64, so that the tests can set it.)
var haveLineEnds = false

// cpuHasLineEnds is what haveLineEnds starts as.
const cpuHasLineEnds = false

func lineEnds(data []byte, from, n int, ends []uint32) (k int, high bool) {
	panic("lineEnds without a kernel")
}

// blockStats is the number of line ends in b and whether it has a backslash or a byte
// >= 0x80, in three passes.
func blockStats(b []byte) (newlines int, backslash, high bool) {
	return bytes.Count(b, []byte{'\n'}), bytes.IndexByte(b, '\\') >= 0, hasHighByte(b)
}

func escapedEnds(data []byte, from, n int, ends, bads []uint32) (k, nbad int) {
	panic("escapedEnds without a kernel")
}

func tableLines(*prefixTable, []byte, []uint32, int, int, []uint32, []uint64) (used, next, nrare, tooLong int) {
	panic("tableLines without a kernel")
}

func gridEnds(*cellGrid, []byte, []uint32, int, int, *[gridBatch]uint32, *[gridBatch]uint32) (n, next int) {
	panic("gridEnds without a kernel")
}

func gridStrideAsm(*byte, int, int, *[4]*[1 << 16]uint32, *uint32) {
	panic("gridStrideAsm without a kernel")
}

func noteLinesAsm(*uint32, int, *uint64, uint32, *[gridBinsMax]uint32, *uint16, *[gridBatch]uint16) (i, m int) {
	panic("noteLinesAsm without a kernel")
}
