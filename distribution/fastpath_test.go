package distribution

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbytes"
)

// referenceCount is the plain locator: each line (split at \n, one \r before it removed)
// decoded on its own with hbytes.DecodeKey and placed by sort.Search. On a bad line it returns
// the 1-based line and hbytes.DecodeKey's error.
func referenceCount(splits [][]byte, text []byte, raw bool) (counts []int64, keys int64, errLine int64, err error) {
	counts = make([]int64, len(splits)+1)
	if len(text) == 0 {
		return counts, 0, 0, nil
	}
	lines := bytes.Split(text, []byte("\n"))
	if text[len(text)-1] == '\n' {
		lines = lines[:len(lines)-1]
	}
	buf := make([]byte, 0, MaxRowLength+1)
	for i, line := range lines {
		line = bytes.TrimSuffix(line, []byte("\r"))
		key := line
		if raw {
			if len(key) > MaxRowLength {
				return nil, 0, int64(i + 1), hbytes.KeyTooLong(len(key))
			}
		} else if key, err = hbytes.DecodeKey(buf, line); err != nil {
			return nil, 0, int64(i + 1), err
		}
		counts[searchRegion(splits, key)]++
		keys++
	}
	return counts, keys, 0, nil
}

// assertSameCount runs Count over text every way it can be read (a stream with one and two
// workers, a mapped file in page-sized chunks so that lines straddle chunk edges, one
// worker's loop on the bytes) and compares each with referenceCount.
func assertSameCount(t *testing.T, name string, loc *Locator, text []byte) {
	t.Helper()
	splits := loc.Keys()
	want, wantKeys, wantLine, wantErr := referenceCount(splits, text, false)
	check := func(how string, res Result, err error) {
		t.Helper()
		if wantErr != nil {
			var le *hbytes.LineError
			require.ErrorAs(t, err, &le, "%s %s", name, how)
			require.Equal(t, wantLine, le.Line, "%s %s: %v", name, how, err)
			require.True(t, errors.Is(err, errors.Unwrap(wantErr)), "%s %s: got %v, want %v", name, how, err, wantErr)
			return
		}
		require.NoError(t, err, "%s %s", name, how)
		require.Equal(t, wantKeys, res.Keys, "%s %s", name, how)
		for i := range want {
			if want[i] != res.Counts[i] {
				t.Fatalf("%s %s: region %d: got %d keys, the plain locator says %d", name, how, i, res.Counts[i], want[i])
			}
		}
	}
	for _, workers := range []int{1, 2} {
		res, err := Count(bytes.NewReader(text), loc, Options{Workers: workers, ChunkSize: 1})
		check(fmt.Sprintf("stream/%d", workers), res, err)
	}
	if len(text) > 0 {
		res, err := Count(keyFile(t, string(text)), loc, Options{Workers: 2, ChunkSize: 1})
		check("file", res, err)
	}
	c := newLineCounter(loc, false)
	n, err := c.count(text, len(text))
	if err != nil {
		err = &hbytes.LineError{Line: n + 1, Err: err} // count's error is on the line after its n
	}
	check("count", Result{Counts: mergeCounts([]*lineCounter{c}), Keys: n}, err)
}

// splitSets are split keys of every shape the prefix table meets: hex prefixes (decided by
// the table, extended by one and three more digits), UniformSplit's binary keys, keys that
// share a prefix and go on for dozens of bytes, more extensions of one prefix than the
// table compares, and random keys over every byte value.
func splitSets(t testing.TB) map[string][][]byte {
	rng := rand.New(rand.NewPCG(21, 14))
	many := [][]byte{[]byte("a")}
	for i := range 100 {
		many = append(many, fmt.Appendf(nil, "ab%03d", i), fmt.Appendf(nil, "ab%03d\x00", i))
	}
	many = append(many, []byte("ab\xFF"), []byte("b"))
	slices.SortFunc(many, bytes.Compare)
	return map[string][][]byte{
		"hex 1000":           prefixSplits(t, "hex", 1000),
		"hex 100000":         prefixSplits(t, "hex", 100000),
		"HEX 300":            prefixSplits(t, "HEX", 300),
		"dec 50":             prefixSplits(t, "dec", 50),
		"UniformSplit 1000":  algoSplits(t, "UniformSplit", 1000),
		"UniformSplit 10":    algoSplits(t, "UniformSplit", 10),
		"user 300":           userSplits(rng, 300),
		"many extensions":    many,
		"one key":            keys("m"),
		"one long key":       keys("user-0000000000000000000000000000000000000042"),
		"random every byte":  randomSplits(rng, 400, 4, allBytes),
		"random zero and ff": randomSplits(rng, 300, 12, []byte{0, 1, 0x7F, 0x80, 0xFE, 0xFF, '\\', 'x', 'A'}),
	}
}

// Every fast path (the fixed stride, the plain blocks, the escaped blocks, the prefix table
// with and without extending keys) counts what the plain locator counts, on random,
// adversarial and malformed input.
func TestFastPathsMatchPlainLocator(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 21))
	inputs := map[string][]byte{
		"hex fixed":        hexText(rng, 6000),
		"hex CRLF":         bytes.ReplaceAll(hexText(rng, 3000), []byte("\n"), []byte("\r\n")),
		"binary escaped":   binaryText(rng, 5000),
		"user variable":    userText(rng, 6000),
		"every length":     everyLength(rng),
		"every byte value": everyByte(rng),
		"split keys":       nil, // filled per split set: the keys themselves and their neighbours
	}
	// A fixed stride broken once, late: the block's count of newlines still matches.
	hex := hexText(rng, 3000)
	broken := slices.Clone(hex)
	copy(broken[33*2000:], "0123456789abcdef0123456789abcde\n0123456789abcdef0123456789abcdef0\n")
	inputs["stride broken"] = broken
	inputs["no final newline"] = hex[:len(hex)-5]
	inputs["escapes in hex"] = bytes.ReplaceAll(hex, []byte("a"), []byte(`\x61`))
	inputs["literal backslashes"] = bytes.ReplaceAll(hex, []byte("b"), []byte(`\`))
	// A raw byte >= 0x80 in plain text (no backslash in the block): an error on its line.
	user := userText(rng, 4000)
	mid := bytes.IndexByte(user[len(user)/2:], '\n') + len(user)/2 + 3
	inputs["plain with a raw high byte"] = slices.Concat(user[:mid], []byte("\xC3\xA9"), user[mid:])
	// A bad escape at each offset from a line's start (so at each byte of a word, and in the
	// word of the line end before it) and just before a line's end.
	small := binaryText(rng, 300)
	for _, bad := range []string{`\xab`, `\x4`, `\xZZ`, `\xAg`, `\x0\x41`, "\xC3\xA9", `\x`} {
		line := bytes.IndexByte(small[len(small)/2:], '\n') + len(small)/2 + 1
		for off := range 12 {
			inputs[fmt.Sprintf("bad %s at %d", bad, off)] = slices.Concat(small[:line+off], []byte(bad), small[line+off:])
		}
		end := bytes.IndexByte(small[line:], '\n') + line
		inputs["bad "+bad+" at the end"] = slices.Concat(small[:end], []byte(bad), small[end:])
	}
	// A bad escape just past a span's edge (countPlain and countEscaped take 4 KiB spans)
	// in a line that began before it.
	for at := plainSpan - 6; at < plainSpan+10; at++ {
		inputs[fmt.Sprintf("bad escape at byte %d", at)] = slices.Concat(small[:at], []byte(`\xZZ`), small[at:])
	}
	// With the line-end kernel where this CPU has it, and with the word loop.
	defer func() { haveLineEnds = cpuHasLineEnds }()
	for _, kernel := range []bool{true, false} {
		if kernel && !cpuHasLineEnds {
			continue
		}
		haveLineEnds = kernel
		for sname, splits := range splitSets(t) {
			inputs["split keys"] = splitKeyLines(splits)
			loc, err := NewLocator(splits)
			require.NoError(t, err, sname)
			for iname, text := range inputs {
				assertSameCount(t, fmt.Sprintf("kernel=%v/%s/%s", kernel, sname, iname), loc, text)
			}
		}
	}
}

// lineEndsReference is lineEnds by a plain loop: the offsets of data[from:from+n]'s \n in
// data, and whether a byte there is >= 0x80.
func lineEndsReference(data []byte, from, n int) (ends []uint32, high bool) {
	for i := from; i < from+n; i++ {
		if data[i] == '\n' {
			ends = append(ends, uint32(i))
		}
		high = high || data[i] >= 0x80
	}
	return ends, high
}

// checkLineEnds compares lineEnds with lineEndsReference on every 32-byte multiple of data
// from a few offsets, writing into ends with garbage in it, and blockStats with three
// plain passes on every prefix and suffix of data.
func checkLineEnds(t *testing.T, data []byte) {
	t.Helper()
	for cut := range len(data) + 1 {
		for _, b := range [][]byte{data[:cut], data[cut:]} {
			newlines, backslash, high := blockStats(b)
			require.Equal(t, bytes.Count(b, []byte{'\n'}), newlines, "cut %d", cut)
			require.Equal(t, bytes.IndexByte(b, '\\') >= 0, backslash, "cut %d", cut)
			require.Equal(t, slices.ContainsFunc(b, func(c byte) bool { return c >= 0x80 }), high, "cut %d", cut)
		}
	}
	ends := make([]uint32, len(data)+4)
	for from := 0; from < min(len(data), 40); from += 7 {
		for n := 32; from+n <= len(data); n += 32 {
			for i := range ends {
				ends[i] = 0xDEADBEEF
			}
			k, high := lineEnds(data, from, n, ends)
			want, wantHigh := lineEndsReference(data, from, n)
			require.Equal(t, len(want), k, "from %d n %d", from, n)
			if k > 0 {
				require.Equal(t, want, ends[:k], "from %d n %d", from, n)
			}
			// Garbage in ends[k:k+4] at most, nothing past it (one search, not a require an
			// entry: those made this test 30 s).
			past := slices.IndexFunc(ends[min(k+4, len(ends)):], func(e uint32) bool { return e != 0xDEADBEEF })
			require.Equal(t, -1, past, "from %d n %d: an entry past k+3 = %d written", from, n, k+3)
			require.Equal(t, wantHigh, high, "from %d n %d", from, n)
		}
	}
}

// The AVX2 kernels against plain loops: line ends of every density (a \n in every byte,
// more than four in a step, none for a long way), and a byte >= 0x80 at every offset of
// a step.
func TestLineEnds(t *testing.T) {
	if !cpuHasLineEnds {
		t.Skip("this CPU has no AVX2 line-end kernel: countPlain takes the word loop, tested above")
	}
	rng := rand.New(rand.NewPCG(8, 31))
	for _, density := range []int{1, 2, 3, 5, 8, 9, 17, 31, 33, 64, 1000} {
		data := make([]byte, 4096+rng.IntN(64))
		for i := range data {
			data[i] = byte('a' + rng.IntN(26))
			if rng.IntN(density) == 0 {
				data[i] = '\n'
			}
		}
		checkLineEnds(t, data)
	}
	for at := range 64 {
		data := bytes.Repeat([]byte("user-123\n"), 16)
		data[at] = 0x80 | byte(at)
		checkLineEnds(t, data)
	}
	checkLineEnds(t, bytes.Repeat([]byte{'\n'}, 4096))
	// blockStats folds its per-lane counts every 255 steps: a block of line ends only,
	// longer than that.
	all := bytes.Repeat([]byte{'\n'}, 32*255*3+77)
	n, _, _ := blockStats(all)
	require.Equal(t, len(all), n)
	for at := range 64 {
		data := bytes.Repeat([]byte("user-123\n"), 16)
		data[at] = '\\'
		checkLineEnds(t, data)
	}
}

// escapedEndsReference is escapedEnds by a plain loop.
func escapedEndsReference(data []byte, from, n int) (ends, bads []uint32) {
	hex := func(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' }
	for i := from; i < from+n; i++ {
		if data[i] == '\n' {
			ends = append(ends, uint32(i))
		}
		if data[i] >= 0x80 || data[i] == '\\' && data[i+1] == 'x' && !(hex(data[i+2]) && hex(data[i+3])) {
			bads = append(bads, uint32(i))
		}
	}
	return ends, bads
}

// checkEscapedEnds compares escapedEnds with escapedEndsReference on every 32-byte
// multiple of data from a few offsets that leave three bytes after.
func checkEscapedEnds(t *testing.T, data []byte) {
	t.Helper()
	ends, bads := make([]uint32, len(data)+4), make([]uint32, len(data))
	for from := 0; from < min(len(data), 40); from += 5 {
		for n := 32; from+n+3 <= len(data); n += 32 {
			k, nbad := escapedEnds(data, from, n, ends, bads)
			wantEnds, wantBads := escapedEndsReference(data, from, n)
			require.Equal(t, len(wantEnds), k, "from %d n %d", from, n)
			require.Equal(t, len(wantBads), nbad, "from %d n %d", from, n)
			if k > 0 {
				require.Equal(t, wantEnds, ends[:k], "from %d n %d", from, n)
			}
			if nbad > 0 {
				require.Equal(t, wantBads, bads[:nbad], "from %d n %d", from, n)
			}
		}
	}
}

// The escaped-text kernel against a plain loop: escapes good and bad at every offset of a
// step and across steps, every character that a hex digit's range tests border.
func TestEscapedEnds(t *testing.T) {
	if !cpuHasLineEnds {
		t.Skip("this CPU has no AVX2 kernels: countEscaped takes the word loop, tested above")
	}
	rng := rand.New(rand.NewPCG(9, 2))
	edge := []byte("/09:@AFG`afgx\\\n ~\x80\xC3\xFF")
	for range 40 {
		data := make([]byte, 2048+rng.IntN(64))
		for i := range data {
			data[i] = edge[rng.IntN(len(edge))]
		}
		checkEscapedEnds(t, data)
	}
	for at := range 70 {
		for _, esc := range []string{`\x4F`, `\x4`, `\xG0`, `\x0g`, `\x`, `\\x41`, `\xFF`} {
			data := bytes.Repeat([]byte("abcdefg\n"), 16)
			copy(data[at:], esc)
			checkEscapedEnds(t, data)
		}
	}
	checkEscapedEnds(t, binaryText(rng, 500))
}

// FuzzEscapedEnds: any bytes, the kernel against the plain loop (a byte >= 0x80 is a bad
// one too).
func FuzzEscapedEnds(f *testing.F) {
	f.Add([]byte(`\x41\x4\xZZ\n\xAB\x0G` + "\n0123456789abcdef0123456789abcdef"))
	f.Add([]byte(`\x4\xC3\xA9` + "caf\xC3\xA9\n\\x\xFF\xFF0123456789abcdef0123456789abcdef"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !cpuHasLineEnds || len(data) < 35 {
			return
		}
		checkEscapedEnds(t, data)
	})
}

// FuzzLineEnds: any bytes, the kernel against the plain loop.
func FuzzLineEnds(f *testing.F) {
	f.Add(bytes.Repeat([]byte("ab\ncd\n\xff"), 10))
	f.Add(bytes.Repeat([]byte{'\n'}, 64))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !cpuHasLineEnds || len(data) < 32 {
			return
		}
		checkLineEnds(t, data)
	})
}

// everyLength is lines of every length from 0 to 300 bytes, some of them CRLF, some
// escaped, most of them hex.
func everyLength(rng *rand.Rand) []byte {
	var b []byte
	for n := range 301 {
		for k := range 3 {
			line := randomKey(rng, n, []byte("0123456789abcdef"))
			if k == 1 && n >= 4 {
				copy(line, `\x41`)
			}
			b = append(b, line...)
			if k == 2 {
				b = append(b, '\r')
			}
			b = append(b, '\n')
		}
	}
	return b
}

// everyByte is lines holding each byte value below 0x80 at each of the first positions,
// written raw where toStringBinary text may hold it and as \xNN too.
func everyByte(rng *rand.Rand) []byte {
	var b []byte
	for c := range 0x80 {
		if c == '\n' {
			continue
		}
		for pos := range 6 {
			line := randomKey(rng, 12, []byte("0123456789abcdef"))
			line[pos] = byte(c)
			b = append(append(b, line...), '\n')
			b = append(b, line[:pos]...)
			b = fmt.Appendf(b, `\x%02X`, c)
			b = append(append(b, line[pos+1:]...), '\n')
		}
	}
	for c := 0x80; c < 0x100; c++ {
		b = fmt.Appendf(b, `ab\x%02X\x%02Xcd`+"\n", c, 0xFF-c)
	}
	return b
}

// splitKeyLines is each split key, its prefixes and its neighbours (a 0x00 and a 0xFF
// after it), in toStringBinary text.
func splitKeyLines(splits [][]byte) []byte {
	var b []byte
	for _, s := range splits[:min(len(splits), 2000)] {
		for _, k := range [][]byte{s, s[:len(s)-1], append(slices.Clone(s), 0), append(slices.Clone(s), 0xFF), append(slices.Clone(s), "0123456789abcdef"...)} {
			b = append(appendStringBinary(b, k), '\n')
		}
	}
	return b
}

func appendStringBinary(dst, k []byte) []byte {
	for _, c := range k {
		if c >= 0x20 && c <= 0x7E && c != '\\' {
			dst = append(dst, c)
		} else {
			dst = fmt.Appendf(dst, `\x%02X`, c)
		}
	}
	return dst
}

// Locate, prefix table first, agrees with sort.Search on every split set for keys around
// each split key and random keys.
func TestLocateTableMatchesSortSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 21))
	for name, splits := range splitSets(t) {
		loc, err := NewLocator(splits)
		require.NoError(t, err)
		probe := func(key []byte) {
			if got, want := loc.Locate(key), searchRegion(splits, key); got != want {
				t.Fatalf("%s: Locate(%q) = %d, sort.Search says %d", name, key, got, want)
			}
		}
		for _, s := range splits[:min(len(splits), 3000)] {
			probe(s)
			probe(s[:len(s)-1])
			probe(append(slices.Clone(s), 0))
			probe(append(slices.Clone(s), 0xFF))
			probe(append(slices.Clone(s), s...))
			if n := len(s); s[n-1] > 0 {
				probe(append(slices.Clone(s[:n-1]), s[n-1]-1, 0xFF, 0xFF))
			}
		}
		for range 20000 {
			probe(randomKey(rng, rng.IntN(20), allBytes))
			probe(randomKey(rng, rng.IntN(20), []byte("0123456789abcdefu-ser\x00\xFF")))
		}
	}
}

// FuzzCount: any split keys and any key text count the same through Count's fast paths as
// through the plain locator, or fail on the same line.
func FuzzCount(f *testing.F) {
	f.Add([]byte("10\n20\n30"), []byte("05\n15\r\n\\x32\n3\\x30\n"))
	f.Add([]byte("0041\n0083\n00c4"), []byte("0042aaaa\n0040aaaa\n00c4aaaa\n"))
	f.Add([]byte("user-1\nuser-5"), []byte("user-0\nuser-50\nuser-\\x35\nuser"))
	f.Add([]byte("\\x00A\n\\x80\\x00"), []byte("\\x80\\x00\\x00\n\\x7F\\xFF\n\\xab\n"))
	f.Fuzz(func(t *testing.T, splitText, text []byte) {
		var splits [][]byte
		for _, line := range bytes.Split(splitText, []byte("\n")) {
			if k, err := hbytes.DecodeKey(nil, line); err == nil && len(k) > 0 {
				splits = append(splits, slices.Clone(k))
			}
		}
		slices.SortFunc(splits, bytes.Compare)
		splits = slices.CompactFunc(splits, bytes.Equal)
		if len(splits) > 200 || len(text) > 1<<16 {
			return
		}
		loc, err := NewLocator(splits)
		if err != nil {
			t.Fatal(err)
		}
		want, wantKeys, wantLine, wantErr := referenceCount(splits, text, false)
		for _, workers := range []int{1, 2} {
			res, err := Count(bytes.NewReader(text), loc, Options{Workers: workers, ChunkSize: 1})
			if wantErr != nil {
				var le *hbytes.LineError
				if !errors.As(err, &le) || le.Line != wantLine {
					t.Fatalf("workers %d: got %v, want line %d: %v", workers, err, wantLine, wantErr)
				}
				continue
			}
			if err != nil || res.Keys != wantKeys || !slices.Equal(res.Counts, want) {
				t.Fatalf("workers %d: got %v %d keys %v, want %d keys %v", workers, err, res.Keys, res.Counts, wantKeys, want)
			}
		}
	})
}

// A worker's 32-bit counts move to 64-bit totals once flushAt/2 lines are counted (a count
// is at most the lines counted since the last flush, and a block adds at most plainBlock
// lines, so none reaches 2^32), and the totals and what is counted after add up.
func TestCountFlushes(t *testing.T) {
	loc, err := NewLocator(keys("5"))
	require.NoError(t, err)
	for _, raw := range []bool{false, true} {
		c := newLineCounter(loc, raw)
		c.counts[1] = flushAt/2 - 2 // as if that many lines had been counted, all in region 1
		c.pending = flushAt/2 - 2
		n, err := c.count([]byte("7\n8\n9\n1\n"), 8)
		require.NoError(t, err)
		require.Equal(t, int64(4), n)
		require.NotNil(t, c.totals, "raw=%v", raw)
		require.Equal(t, []int64{1, flushAt/2 + 1}, mergeCounts([]*lineCounter{c}), "raw=%v", raw)
		if !raw {
			require.Equal(t, int64(0), c.pending)
		}
	}
}

// Keys that tie with an extending split key on the four bytes after the table's depth
// take the full comparison, in every loop: split keys that share a long prefix, and lines
// that are those keys, their prefixes and their extensions, of varying lengths, with \n
// and \r\n line ends.
func TestTableTailTies(t *testing.T) {
	base := "user-1234567890abcdef"
	// base[:15]+"\x01" sorts between base[:15] and base[:15]+"\r": a line's \r is not its key's.
	// "user-" is a split key that a shorter line ("user") sorts below, though its padding
	// with zero bytes sorts above it.
	splits := keys("user-", base[:15]+"\x01", base+"AAAA1", base+"AAAA2", base+"AAAB", base+"AAAC\x00", "user-2")
	var text []byte
	for _, k := range splits {
		for _, line := range [][]byte{k, append(slices.Clone(k), '0'), append(slices.Clone(k), "\x00\x00"...)} {
			text = append(append(text, line...), '\n')
		}
		for n := 1; n < len(k); n++ { // every prefix: lengths around the depth and four past it
			text = append(append(text, k[:n]...), '\n')
		}
	}
	text = bytes.ReplaceAll(text, []byte{0}, []byte(`\x00`))
	text = bytes.Repeat(text, 50)
	defer func() { haveLineEnds = cpuHasLineEnds }()
	for _, kernel := range []bool{true, false} {
		if kernel && !cpuHasLineEnds {
			continue
		}
		haveLineEnds = kernel
		loc, err := NewLocator(splits)
		require.NoError(t, err)
		assertSameCount(t, fmt.Sprintf("kernel=%v/escaped", kernel), loc, text)
		plain := bytes.ReplaceAll(text, []byte(`\x00`), []byte("~"))
		plainSplits := make([][]byte, len(splits))
		for i, k := range splits {
			plainSplits[i] = bytes.ReplaceAll(k, []byte{0}, []byte("~"))
		}
		slices.SortFunc(plainSplits, bytes.Compare)
		loc, err = NewLocator(plainSplits)
		require.NoError(t, err)
		assertSameCount(t, fmt.Sprintf("kernel=%v/plain", kernel), loc, plain)
		// A \r before each \n is not the key's: the lengths near the table's depth and
		// the four bytes after it are the key's own.
		crlf := bytes.ReplaceAll(plain, []byte("\n"), []byte("\r\n"))
		assertSameCount(t, fmt.Sprintf("kernel=%v/CRLF", kernel), loc, crlf)
	}
}
