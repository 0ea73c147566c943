package splits

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
)

// readLineByLine is the reading the runs must agree with: the file cut after each \n, each
// line handed to line on its own (its plainness worked out there), a line longer than
// MaxFileLine refused as the lineReader refuses it, no lineReader and no run.
func readLineByLine(file []byte, how LineRead, size int64, slices bool, maxKeys int) (*File, error) {
	fr := &fileReader{how: how, slices: slices, maxKeys: maxKeys}
	if size > 0 {
		fr.arena = make([]byte, 0, size)
	}
	if err := fr.lineByLine(file); err != nil {
		return nil, err
	}
	return fr.file()
}

// lineByLine hands each line of file to line, the first error (in file order) the one
// returned.
func (fr *fileReader) lineByLine(file []byte) error {
	for i, line := range bytes.SplitAfter(file, []byte{'\n'}) {
		if len(line) > MaxFileLine {
			return longLineError(i + 1)
		}
		if len(line) == 0 { // after the last \n
			break
		}
		if err := fr.line(i+1, line, false); err != nil {
			return err
		}
	}
	return nil
}

// readers are the ways a file's bytes come in: whole, a byte at a time, in halves.
var readers = []struct {
	name string
	mk   func([]byte) io.Reader
}{
	{"whole", func(b []byte) io.Reader { return bytes.NewReader(b) }},
	{"one byte", func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) }},
	{"half", func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) }},
	{"data+EOF", func(b []byte) io.Reader { return iotest.DataErrReader(bytes.NewReader(b)) }},
}

// sameAsLineByLine checks ReadFileKeys and ReadFileSized (the runs) against readLineByLine
// on one file: the same error, or the same keys (held alike), lines and warnings.
func sameAsLineByLine(t *testing.T, name string, file []byte, how LineRead, maxKeys int) {
	t.Helper()
	for _, slices := range []bool{false, true} {
		for _, size := range []int64{int64(len(file)), 0, int64(len(file) / 3), int64(len(file)) * 3} {
			want, wantErr := readLineByLine(file, how, size, slices, maxKeys)
			for _, rd := range readers {
				if rd.name == "one byte" && len(file) > 100_000 {
					continue // as the others, only slower
				}
				at := fmt.Sprintf("%s as %d, size %d, slices %v, %s", name, how, size, slices, rd.name)
				got, err := readFile(rd.mk(file), &fileReader{how: how, slices: slices, maxKeys: maxKeys}, size)
				if wantErr != nil {
					require.Error(t, err, at)
					require.Equal(t, wantErr.Error(), err.Error(), at)
					var wantLE, gotLE *hbytes.LineError
					require.True(t, errors.As(wantErr, &wantLE) == errors.As(err, &gotLE), at)
					require.Nil(t, got, at)
					continue
				}
				require.NoError(t, err, at)
				sameFile(t, at, want, got)
			}
		}
	}
}

// sameFile checks that got holds what want holds, in the same form.
func sameFile(t *testing.T, at string, want, got *File) {
	t.Helper()
	require.Equal(t, want.Len(), got.Len(), at)
	require.Equal(t, want.Keys, got.Keys, at)
	wk, gk := want.SplitKeys(), got.SplitKeys()
	require.True(t, wk.Equal(gk), at)
	ww, wok := wk.Width()
	gw, gok := gk.Width()
	require.Equal(t, [2]any{ww, wok}, [2]any{gw, gok}, "%s: width", at)
	require.Equal(t, want.Lines, got.Lines, at)
	require.Equal(t, want.Warnings, got.Warnings, at)
	require.Equal(t, want.MoreWarnings, got.MoreWarnings, at)
}

// TestRunsMatchLineByLine: files of sorted hex keys (the runs' common case) spoilt at
// random lines by each thing a run must leave to line, read through each reader, at each
// LineRead and size, give what reading them line by line gives.
func TestRunsMatchLineByLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range 60 {
		file := randomRunFile(rng, 1+rng.IntN(30_000))
		how := LineRead(rng.IntN(3))
		maxKeys := MaxFileKeys
		if rng.IntN(4) == 0 {
			maxKeys = 1 + rng.IntN(30_000)
		}
		sameAsLineByLine(t, fmt.Sprintf("file %d (%d bytes)", i, len(file)), file, how, maxKeys)
	}
}

// spoilers are the lines randomRunFile puts in among the sorted keys: escapes good, bogus
// and truncated, CRLF and a CR kept, blank lines, whitespace and NULs a strip takes off,
// non-ASCII, a key of 8 bytes (one word with no room for its \n), keys that end in zero
// bytes after the key above, the key above again, one sorting first, and keys too long.
var spoilers = []string{
	`\x41\x42`, `k\xab`, `z\x4`, `\`, "\r", "", " ", "\t", "\x00", "caf\xc3\xa9", "\xff",
	"01234567", "0123456\r", "zzzzzzzzzzzzzzzzzzzzzz", "zzzzzzzzzzzz\r",
	strings.Repeat("z", hbase.MaxRowLength), strings.Repeat("z", hbase.MaxRowLength+1),
	strings.Repeat("z", MaxFileLine),
}

// randomRunFile is a file of about lines lines: increasing hex keys of 1 to 10 digits (the
// shortest prefix of a 10-digit count after the key above, as a cut writes them), one in
// three longer, each ending in \n or \r\n, and between them now and then a spoilt line: a
// spoiler after or before the key above, that key again, or a key that goes back.
func randomRunFile(rng *rand.Rand, lines int) []byte {
	var b bytes.Buffer
	crlf := rng.IntN(5) == 0
	spoil := []int{0, 50, 1000, 20_000}[rng.IntN(4)] // one line in spoil is spoilt (0: none)
	prev, prevHex := "", ""
	for i := range lines {
		key := ""
		if spoil > 0 && rng.IntN(spoil) == 0 {
			key = spoilt(rng, prev)
		} else {
			full := fmt.Sprintf("%010x", (uint64(i)+1)<<40/uint64(lines+1))
			key = full
			for w := 1; w < len(full); w++ {
				if full[:w] > prevHex {
					key = full[:w]
					break
				}
			}
			if rng.IntN(3) == 0 { // any width, most of all around a word's 8 bytes
				key += full[:rng.IntN(len(full))]
			}
			prevHex = key
		}
		b.WriteString(key)
		if crlf || rng.IntN(100) == 0 {
			b.WriteByte('\r')
		}
		if i < lines-1 || rng.IntN(2) == 0 {
			b.WriteByte('\n')
		}
		prev = key
	}
	return b.Bytes()
}

// spoilt is a line to put after the key prev: a spoiler after it or before it, prev
// again, prev with a zero byte after it, or a key that goes back.
func spoilt(rng *rand.Rand, prev string) string {
	switch r := rng.IntN(len(spoilers) + 3); {
	case r < len(spoilers) && rng.IntN(2) == 0:
		return prev + spoilers[r]
	case r < len(spoilers):
		return spoilers[r] + prev
	case r == len(spoilers):
		return prev
	case r == len(spoilers)+1:
		return prev + "\x00"
	}
	return "0"
}

// TestRunsReaderError: a reader that fails after some of a file gives the first line
// refused in file order among the whole lines before, as reading them line by line does,
// and else its error (a blank line or a duplicate is found only at the end, not reached).
func TestRunsReaderError(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	boom := errors.New("boom")
	for i := range 40 {
		file := randomRunFile(rng, 1+rng.IntN(30_000))
		cut := rng.IntN(len(file) + 1)
		whole := file[:bytes.LastIndexByte(file[:cut], '\n')+1]
		wantErr := (&fileReader{how: ReadChomp, maxKeys: MaxFileKeys}).lineByLine(whole)
		if wantErr == nil {
			wantErr = boom
		}
		for _, rd := range readers {
			r := io.MultiReader(rd.mk(file[:cut]), iotest.ErrReader(boom))
			got, err := ReadFileKeys(r, ReadChomp, int64(len(file)))
			require.Nil(t, got, "file %d, %s", i, rd.name)
			require.Equal(t, wantErr.Error(), err.Error(), "file %d, %s", i, rd.name)
		}
	}
}

// TestRunsAdversarial: the cases at the edges of the runs' shortcuts, each against reading
// line by line: keys at and around the 8 bytes of a word, zero bytes after a key, CRs next
// to the \n, whitespace a strip takes, the last line without \n, and the key limit met in
// a run.
func TestRunsAdversarial(t *testing.T) {
	cases := map[string]string{
		"words":               "a\nab\nabc\nabcd\nabcde\nabcdef\nabcdefg\nabcdefgh\nabcdefghi\nb\n",
		"nine, then a run":    "a\nabcdefgh\\x69\nabcdefgj\nb\n",
		"zero after":          "a\na\x00\na\x00\x00\nb\nb\x00\x00\x00\x00\x00\x00\nb\x00\x00\x00\x00\x00\x00\x00\n",
		"long then short":     "aaaaaaaaaaaaaaaaaa\nab\nabc\naaaaaaaaaaaaaaaaab\nb\n",
		"long, zero after":    "abcdefghij\nabcdefghij\x00\nabcdefghij\x00\x00\nabcdefghijklmnop\nabcdefghijklmnop\x00\nb\n",
		"long, zero before":   "abcdefghij\x00\nabcdefghij\nb\n",
		"long, 16 then 15":    "abcdefghijklmnop\nabcdefghijklmno\nz\n",
		"eight then seven":    "a\nabcdefgh\nabcdefg\nz\n",
		"eight then eight":    "a\nabcdefgh\nabcdefgi\nabcdefgi\n",
		"long strip":          "a\nabcdefghij\nabcdefghij \nabcdefghijk\t\nabcdefghijl\x00\nabcdefghijm\r\r\nabcdefghijn\r\nz\n",
		"long strip, leading": "a\nb\n abcdefghij\n\tbcdefghijk\nc\n",
		"equal words":         "abcdefg\nabcdefg\n",
		"equal long":          "abcdefghijk\nabcdefghijk\n",
		"CRs":                 "a\r\nb\r\r\nc\rd\n\r\n",
		"strip":               "a\n b\nc \nd\t\ne\x00\nf\x00\r\n\vg\nh\f\n",
		"no last \\n":         "a\nb\nc",
		"0xFF order":          "\x7f\n\x7f\x7f\n",
		"descending":          "h\ng\nf\ne\nd\nc\nb\na\n",
		"blank first":         "\na\nb\n",
		"blank at end":        "a\nb\n\n",
	}
	for name, file := range cases {
		for _, how := range []LineRead{ReadChomp, ReadStrip, ReadEither} {
			for _, maxKeys := range []int{MaxFileKeys, 1, 2, 3, 5} {
				sameAsLineByLine(t, name, []byte(file), how, maxKeys)
			}
		}
	}
	// Keys that fill a buffer of lines: runs end and start mid-file, the lines cross the
	// reads, and words are read up to the buffer's end.
	var b bytes.Buffer
	for i := range 100_000 {
		fmt.Fprintf(&b, "%07x\n", i)
	}
	sameAsLineByLine(t, "a buffer's worth", b.Bytes(), ReadChomp, MaxFileKeys)
	sameAsLineByLine(t, "a buffer's worth, limited", b.Bytes(), ReadChomp, 77_777)
	// A line longer than the buffer grows it to hold a line too long whole, in a run.
	grown := strings.Repeat(`\xFF`, 17_000) + "\n" + strings.Repeat("z", 30) + "\n"
	for _, long := range []int{MaxFileLine - 1, MaxFileLine, MaxFileLine + 5} {
		sameAsLineByLine(t, fmt.Sprintf("grown, then %d bytes", long+1), []byte(grown+strings.Repeat("z", long)+"\n"), ReadChomp, MaxFileKeys)
	}
}

// TestRunLongLine: a run holding a line longer than MaxFileLine refuses it at its line, as
// the lineReader refuses one (the lineReader hands out no such run: it reads 64 KiB past
// the line it fills for, so the lines after it are shorter).
func TestRunLongLine(t *testing.T) {
	file := []byte("a\nb\n" + strings.Repeat("z", MaxFileLine) + "\nzz\n")
	want, wantErr := readLineByLine(file, ReadChomp, 0, false, MaxFileKeys)
	require.Error(t, wantErr)
	require.Nil(t, want)
	fr := &fileReader{how: ReadChomp, maxKeys: MaxFileKeys}
	_, err := fr.plainRun(1, file)
	require.Equal(t, wantErr, err)
}

// TestMaxFileKeys: a file of one key more than MaxFileKeys is refused at the line after
// the last it takes, whether a run or line reads it.
func TestMaxFileKeys(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 10 million lines")
	}
	var b bytes.Buffer
	b.Grow(8 * (MaxFileKeys + 1))
	for i := range MaxFileKeys + 1 {
		fmt.Fprintf(&b, "%07x\n", i)
	}
	_, err := ReadFileKeys(bytes.NewReader(b.Bytes()), ReadChomp, int64(b.Len()))
	var le *hbytes.LineError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, int64(MaxFileKeys+1), le.Line)
	assert.Contains(t, err.Error(), fmt.Sprintf("more than %d split keys", MaxFileKeys))
}

// TestFirstSpecial: firstSpecial finds the first backslash or byte >= 0x80 wherever it
// is in the words it reads together, or none, as a byte at a time finds it.
func TestFirstSpecial(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for range 20_000 {
		b := []byte(strings.Repeat("k", rng.IntN(100)))
		for range rng.IntN(3) {
			if len(b) > 0 {
				b[rng.IntN(len(b))] = []byte{'\\', 0x80, 0xFF, 0x5B, 0x7F, 0xDC}[rng.IntN(6)]
			}
		}
		want := len(b)
		for i, c := range b {
			if c == '\\' || c >= 0x80 {
				want = i
				break
			}
		}
		require.Equal(t, want, firstSpecial(b), "%q", b)
	}
}

// BenchmarkFirstSpecial looks through a reader's buffer of plain text.
func BenchmarkFirstSpecial(b *testing.B) {
	buf := bytes.Repeat([]byte("user-1234567\n"), lineReadSize/13)
	b.SetBytes(int64(len(buf)))
	for b.Loop() {
		if firstSpecial(buf) != len(buf) {
			b.Fatal("found one")
		}
	}
}

// FuzzRunsMatchLineByLine: any file, read at any LineRead, gives what reading it line by
// line gives.
func FuzzRunsMatchLineByLine(f *testing.F) {
	for _, s := range fileKeysCases {
		f.Add([]byte(s), uint8(0), uint8(0))
	}
	f.Add([]byte("a\nabcdefgh\nabcdefg\nz\n"), uint8(1), uint8(2))
	f.Fuzz(func(t *testing.T, file []byte, how, maxKeys uint8) {
		limit := MaxFileKeys
		if maxKeys > 0 {
			limit = int(maxKeys)
		}
		sameAsLineByLine(t, fmt.Sprintf("%q", file[:min(len(file), 60)]), file, LineRead(how%3), limit)
	})
}
