//go:build !amd64

package distribution

// haveLineEnds is false: only amd64 has the kernel; countPlain takes its word loop.
const haveLineEnds = false

func lineEnds(data []byte, from, n int, ends []uint32) (k int, high bool) {
	panic("lineEnds without a kernel")
}
