package distribution

import "syscall"

// threadCPU is the calling thread's CPU time in nanoseconds (0 where it cannot be read).
func threadCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// rusageThread is Linux's RUSAGE_THREAD.
const rusageThread = 1
