package distribution

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
)

// Options tune Count.
type Options struct {
	// Raw reads each line as the key's raw bytes instead of toStringBinary text.
	Raw bool
	// Workers is the number of goroutines locating keys; 0 means GOMAXPROCS (at most 8).
	Workers int
	// ChunkSize is the size of each read; 0 means 1 MiB. It is raised to hold the longest
	// line a valid key can have.
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
// decoded with DecodeKey unless opt.Raw. Errors on a line are *LineError (1-based line in
// the whole input) wrapping a *SyntaxError.
//
// Memory is O(regions): the input is read in chunks by one goroutine and counted by
// opt.Workers others, each with its own counts, and nothing is allocated per key.
func Count(r io.Reader, loc *Locator, opt Options) (Result, error) {
	workers := opt.Workers
	if workers <= 0 {
		workers = min(runtime.GOMAXPROCS(0), 8)
	}
	size := max(opt.ChunkSize, 1<<20)
	if opt.ChunkSize > 0 {
		size = max(opt.ChunkSize, 2*(maxLine+1))
	}

	type chunk struct {
		seq  int64
		buf  []byte // the whole buffer, returned to free
		data []byte // complete lines (the last chunk may end without \n)
	}
	type result struct {
		seq   int64
		lines int64 // lines counted (up to the error, if any)
		bytes int64
		err   error // *SyntaxError on line lines+1 of the chunk
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
					readErr = err
					return
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
				return
			}
			if eof {
				if n > 0 {
					work <- chunk{seq: seq, buf: buf, data: buf[:n]}
				} else {
					free <- buf
				}
				return
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
	}()

	counts := make([][]int64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		counts[w] = make([]int64, loc.Regions())
		wg.Add(1)
		go func(c []int64) {
			defer wg.Done()
			keyBuf := make([]byte, 0, MaxRowLength+1)
			for ch := range work {
				res := result{seq: ch.seq, bytes: int64(len(ch.data))}
				if !stop.Load() {
					res.lines, res.err = countLines(ch.data, loc, c, keyBuf, opt.Raw)
				}
				free <- ch.buf
				results <- res
			}
		}(counts[w])
	}
	go func() { wg.Wait(); close(results) }()

	// Collect in input order so progress and line numbers are exact.
	var out Result
	var firstErr error
	pending := make(map[int64]result, nbuf)
	next := int64(0)
	for res := range results {
		pending[res.seq] = res
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if firstErr != nil {
				continue
			}
			if r.err != nil {
				firstErr = &LineError{Line: out.Keys + r.lines + 1, Err: r.err}
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
	if firstErr != nil {
		return Result{}, firstErr
	}
	if readErr != nil {
		return Result{}, fmt.Errorf("reading keys: %w", readErr)
	}
	out.Counts = counts[0]
	for _, c := range counts[1:] {
		for i, n := range c {
			out.Counts[i] += n
		}
	}
	return out, nil
}

// countLines counts every line of data into counts; on a bad line it returns the number of
// good lines before it and the error.
func countLines(data []byte, loc *Locator, counts []int64, keyBuf []byte, raw bool) (int64, error) {
	var lines int64
	for len(data) > 0 {
		var line []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			line, data = data, nil
		}
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		key := line
		if raw {
			if len(key) > MaxRowLength {
				return lines, tooLong(len(key))
			}
		} else {
			var err error
			if key, err = DecodeKey(keyBuf, line); err != nil {
				return lines, err
			}
		}
		counts[loc.Locate(key)]++
		lines++
	}
	return lines, nil
}
