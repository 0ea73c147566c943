package distribution

import (
	"runtime"
	"sync"
)

// Building the locator of a million listed split keys is a few passes over them, 80 ms on
// one core where counting a 256 MiB key file on two takes twice that; the passes that do
// not depend on each other run on every core, and the long ones in parts.

// partFrom is the number of items from which inParts splits a pass: below it a pass takes
// less than starting the goroutines.
const partFrom = 1 << 16

// inParts calls f on [0, n) cut into parts, one goroutine each (on every core, at most 8),
// and returns once every part is done.
func inParts(n int, f func(lo, hi int)) {
	parts := min(runtime.GOMAXPROCS(0), max(1, n/partFrom), 8)
	if parts == 1 {
		f(0, n)
		return
	}
	var wg sync.WaitGroup
	wg.Add(parts)
	for part := range parts {
		go func() {
			defer wg.Done()
			f(part*n/parts, (part+1)*n/parts)
		}()
	}
	wg.Wait()
}

// together runs fs at once, one goroutine each, and returns once all are done.
func together(fs ...func()) {
	var wg sync.WaitGroup
	wg.Add(len(fs) - 1)
	for _, f := range fs[1:] {
		go func() {
			defer wg.Done()
			f()
		}()
	}
	fs[0]()
	wg.Wait()
}

// eachPart calls f(p) for p in [0, n), one goroutine each, and returns once all are done.
func eachPart(n int, f func(p int)) {
	var wg sync.WaitGroup
	wg.Add(n)
	for p := range n {
		go func() {
			defer wg.Done()
			f(p)
		}()
	}
	wg.Wait()
}
