//go:build !linux

package distribution

// threadCPU reads the thread's CPU time on Linux only; elsewhere BenchmarkCountListed's
// cpu-ns/key is 0.
func threadCPU() int64 { return 0 }
