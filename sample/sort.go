package sample

import (
	"bytes"
	"cmp"
	"math/bits"
	"runtime"
	"slices"
	"sync"
)

// The exact sample is sorted by a most-significant-digit radix sort on each key's first 8
// bytes (ref.pre, big-endian, so its numeric order is the keys' unsigned byte order), one
// byte per pass, on every core: the first pass histograms and scatters the runs in
// parallel, then the buckets are sorted by whichever goroutine is free. Buckets of at most
// smallSort keys, and keys whose first 8 bytes are all equal, are sorted by comparing
// whole keys. Equal keys stay adjacent, so mergeEqual can merge them after.

const (
	smallSort   = 32      // at most this many keys: insertion sort
	parallelMin = 1 << 14 // a bucket at least this big may go to another goroutine
)

func compareRefs(chunks [][]byte, a, b ref) int {
	if a.pre != b.pre {
		return cmp.Compare(a.pre, b.pre)
	}
	return bytes.Compare(keyAt(chunks, a), keyAt(chunks, b))
}

func sortSmall(chunks [][]byte, a []ref) {
	if len(a) > smallSort {
		slices.SortFunc(a, func(x, y ref) int { return compareRefs(chunks, x, y) })
		return
	}
	for i := 1; i < len(a); i++ {
		r := a[i]
		j := i
		for ; j > 0 && (a[j-1].pre > r.pre || (a[j-1].pre == r.pre && compareRefs(chunks, a[j-1], r) > 0)); j-- {
			a[j] = a[j-1]
		}
		a[j] = r
	}
}

// sortRefs returns the refs of all runs in one sorted slice. The runs' memory is used as
// scratch: their contents are lost.
func sortRefs(chunks [][]byte, runs [][]ref) []ref {
	n := 0
	for _, r := range runs {
		n += len(r)
	}
	if n == 0 {
		return nil
	}
	if len(runs) == 1 && n <= smallSort {
		sortSmall(chunks, runs[0])
		return runs[0]
	}
	workers := runtime.GOMAXPROCS(0)
	// Segments: the runs cut into pieces, so the first pass uses every core even for one run.
	segs := segments(runs, max(n/workers+1, parallelMin))
	// The first byte where any two keys differ.
	p0 := segs[0][0].pre
	diff := make([]uint64, len(segs))
	eachSeg(segs, func(i int, seg []ref) {
		var x uint64
		for _, r := range seg {
			x |= r.pre ^ p0
		}
		diff[i] = x
	})
	var x uint64
	for _, d := range diff {
		x |= d
	}
	all := make([]ref, 0, n)
	if x == 0 { // every key starts with the same 8 bytes
		for _, r := range runs {
			all = append(all, r...)
		}
		slices.SortFunc(all, func(a, b ref) int { return bytes.Compare(keyAt(chunks, a), keyAt(chunks, b)) })
		return all
	}
	all = all[:n]
	shift := (63 - bits.LeadingZeros64(x)) &^ 7
	start, size := scatter(segs, all, shift)
	s := &radix{chunks: chunks, sem: make(chan struct{}, workers-1)}
	for d := range 256 {
		if size[d] > 1 {
			lo, hi := start[d], start[d]+size[d]
			s.bucket(all[lo:hi], scratch(runs, lo, hi), shift-8, true)
		}
	}
	s.wg.Wait()
	return all
}

// segments cuts the runs into pieces of at most piece refs.
func segments(runs [][]ref, piece int) [][]ref {
	var segs [][]ref
	for _, r := range runs {
		for len(r) > piece {
			segs = append(segs, r[:piece])
			r = r[piece:]
		}
		if len(r) > 0 {
			segs = append(segs, r)
		}
	}
	return segs
}

// eachSeg runs f on every segment, each in its own goroutine, and waits for them.
func eachSeg(segs [][]ref, f func(i int, seg []ref)) {
	var wg sync.WaitGroup
	for i, seg := range segs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i, seg)
		}()
	}
	wg.Wait()
}

// scatter places the segments' refs into all by the byte at shift of their first 8 bytes,
// in segment order within a bucket; it returns where each bucket starts and its size.
func scatter(segs [][]ref, all []ref, shift int) (start, size [256]int) {
	counts := make([][256]int, len(segs))
	eachSeg(segs, func(i int, seg []ref) {
		c := &counts[i]
		for _, r := range seg {
			c[byte(r.pre>>shift)]++
		}
	})
	offs := make([][256]int, len(segs))
	at := 0
	for d := range 256 {
		start[d] = at
		for i := range segs {
			offs[i][d] = at
			at += counts[i][d]
		}
		size[d] = at - start[d]
	}
	eachSeg(segs, func(i int, seg []ref) {
		pos := &offs[i]
		for _, r := range seg {
			d := byte(r.pre >> shift)
			all[pos[d]] = r
			pos[d]++
		}
	})
	return start, size
}

// scratch is scratch space for the bucket all[lo:hi]: the run memory at the same place
// when one run spans it.
func scratch(runs [][]ref, lo, hi int) []ref {
	base := 0
	for _, r := range runs {
		if lo >= base && hi <= base+len(r) {
			return r[lo-base : hi-base]
		}
		base += len(r)
	}
	return make([]ref, hi-lo)
}

type radix struct {
	chunks [][]byte
	sem    chan struct{} // a token per extra goroutine
	wg     sync.WaitGroup
}

// bucket sorts src (dst: scratch of the same length) from the byte at shift, leaving the
// keys in src when toSrc, else in dst; in another goroutine when src is big and one is free.
func (s *radix) bucket(src, dst []ref, shift int, toSrc bool) {
	if len(src) >= parallelMin {
		select {
		case s.sem <- struct{}{}:
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				s.sort(src, dst, shift, toSrc)
				<-s.sem
			}()
			return
		default:
		}
	}
	s.sort(src, dst, shift, toSrc)
}

// sort scatters src into dst by one byte, then sorts each bucket from dst back the other
// way: the buffers swap roles at each pass, nothing is copied back.
func (s *radix) sort(src, dst []ref, shift int, toSrc bool) {
	for {
		if len(src) <= smallSort || shift < 0 {
			sortSmall(s.chunks, src)
			if !toSrc {
				copy(dst, src)
			}
			return
		}
		var count [256]int
		for i := range src {
			count[byte(src[i].pre>>shift)]++
		}
		if count[byte(src[0].pre>>shift)] == len(src) {
			shift -= 8 // all share this byte
			continue
		}
		var next [256]int
		sum := 0
		for d := range 256 {
			next[d] = sum
			sum += count[d]
		}
		pos := next
		for _, r := range src {
			d := byte(r.pre >> shift)
			dst[pos[d]] = r
			pos[d]++
		}
		for d := range 256 {
			lo, c := next[d], count[d]
			switch {
			case c > 1:
				s.bucket(dst[lo:lo+c], src[lo:lo+c], shift-8, !toSrc)
			case c == 1 && toSrc:
				src[lo] = dst[lo]
			}
		}
		return
	}
}
