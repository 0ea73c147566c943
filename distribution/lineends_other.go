//go:build !amd64

package distribution

// haveLineEnds is false: only amd64 has the kernel; countPlain takes its word loop. (A
// variable, as on amd64, so that the tests can set it.)
var haveLineEnds = false

// cpuHasLineEnds is what haveLineEnds starts as.
const cpuHasLineEnds = false

func lineEnds(data []byte, from, n int, ends []uint32) (k int, high bool) {
	panic("lineEnds without a kernel")
}
