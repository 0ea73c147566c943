package splits

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fileKeysCases are SPLITS_FILEs for each of the reader's paths: plain and escaped keys, one
// width and then another, in order and not, duplicates in order and not, blank lines, bad
// escapes, non-ASCII text, CR endings and the strip rules.
var fileKeysCases = []string{
	"", "\n", "a\n", "aa\nbb\ncc\n", "aa\nbb\nccc\nd\n", "a\nbb\nc\\x00cc\nd\n",
	"cc\naa\nbb\n", "a\na\n", "a\nb\nb\nc\n", "b\na\nb\n", "a\n\nb\n", "\\xFF\n\\x7F\nb\na\n",
	"10\r\r\n20\n", "10\r20\n", "10\n20\r", " 10\n20 \n", "a\\b\n", "10\n\\xab\n", "\\x4\n",
	"caf\xc3\xa9\n", "a\xff\n", "k\\xAB\nk\\xab\n", "a\nb\n\\x61\n", "\\x61\na\n", "a\t\n b\n",
	"x\x00\n", strings.Repeat("z", 40000) + "\n",
}

// TestReadFileKeysMatchesReadFileSized: ReadFileKeys reads every file as ReadFileSized does
// (the same error, or the same keys, lines and warnings), holding its keys only as Keys.
func TestReadFileKeysMatchesReadFileSized(t *testing.T) {
	files := append([]string(nil), fileKeysCases...)
	rng := rand.New(rand.NewPCG(38, 1))
	for range 300 {
		files = append(files, randomSplitsFile(rng))
	}
	for _, file := range files {
		for _, how := range []LineRead{ReadChomp, ReadStrip, ReadEither} {
			sameRead(t, file, how)
		}
	}
}

// FuzzReadFileKeys: ReadFileKeys reads any file as ReadFileSized does.
func FuzzReadFileKeys(f *testing.F) {
	for _, s := range fileKeysCases {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, file []byte, how uint8) {
		sameRead(t, string(file), LineRead(how%3))
	})
}

// sameRead checks ReadFileKeys against ReadFileSized on one file.
func sameRead(t *testing.T, file string, how LineRead) {
	t.Helper()
	name := fmt.Sprintf("%q as %d", file[:min(len(file), 60)], how)
	want, wantErr := ReadFileSized(strings.NewReader(file), how, int64(len(file)))
	got, err := ReadFileKeys(strings.NewReader(file), how, int64(len(file)))
	if wantErr != nil {
		require.Error(t, err, name)
		assert.Equal(t, wantErr.Error(), err.Error(), name)
		assert.Nil(t, got, name)
		_, err = readFileKeysAt(strings.NewReader(file), int64(len(file)), how, 0)
		require.Error(t, err, name)
		assert.Equal(t, wantErr.Error(), err.Error(), name)
		return
	}
	require.NoError(t, err, name)
	assert.Nil(t, got.Keys, name)
	require.Equal(t, len(want.Keys), got.Len(), name)
	assert.True(t, KeysOf(want.Keys...).Equal(got.SplitKeys()), name)
	assert.Equal(t, want.Lines, got.LineNumbers(), name)
	assert.Equal(t, want.Warnings, got.Warnings, name)
	assert.Equal(t, want.MoreWarnings, got.MoreWarnings, name)
	// In two halves read at once (ReadFileKeysAt, from any size): the same, whether the
	// halves were put together or the file read again.
	halves, err := readFileKeysAt(strings.NewReader(file), int64(len(file)), how, 0)
	require.NoError(t, err, name)
	assert.True(t, got.SplitKeys().Equal(halves.SplitKeys()), name)
	assert.Equal(t, got.LineNumbers(), halves.LineNumbers(), name)
	assert.Equal(t, got.Warnings, halves.Warnings, name)
	hw, hsame := halves.SplitKeys().Width()
	gw, gsame := got.SplitKeys().Width()
	assert.Equal(t, [2]any{gw, gsame}, [2]any{hw, hsame}, name)
	k := got.SplitKeys()
	w, same := k.Width()
	for i, key := range k.All() {
		if i > 0 {
			assert.Negative(t, bytes.Compare(k.At(i-1), key), "%s: keys %d and %d", name, i-1, i)
		}
		if same {
			assert.Len(t, key, w, name)
		}
	}
}

// randomSplitsFile is a file of up to 40 lines drawn from a small alphabet, so that keys
// repeat, sort out of order, differ in width, escape and end lines in each way.
func randomSplitsFile(rng *rand.Rand) string {
	parts := []string{"a", "b", "0", "\\x00", "\\xFF", "\\xab", "\\x4", "\\", "\r", " ", "\t", "\xc3\xa9", "\xff"}
	var b strings.Builder
	n := rng.IntN(40)
	sorted := rng.IntN(2) == 0
	for i := range n {
		if sorted {
			fmt.Fprintf(&b, "k%04d", i*(1+rng.IntN(2)))
		}
		for range rng.IntN(4) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		b.WriteString([]string{"\n", "\r\n", "\n", "\n"}[rng.IntN(4)])
	}
	return b.String()
}

// ReadFileKeys keeps no line numbers for keys written in order (LineNumbers makes them),
// and the sorted keys' lines for keys that are not.
func TestReadFileKeysLineNumbers(t *testing.T) {
	f, err := ReadFileKeys(strings.NewReader("a\nb\nc\n"), ReadChomp, 6)
	require.NoError(t, err)
	assert.Nil(t, f.Lines)
	assert.Equal(t, []int{1, 2, 3}, f.LineNumbers())
	f, err = ReadFileKeys(strings.NewReader("b\nc\na\n"), ReadChomp, 6)
	require.NoError(t, err)
	assert.Equal(t, []int{3, 1, 2}, f.Lines)
	assert.Equal(t, []int{3, 1, 2}, f.LineNumbers())
}

// ReadFileKeysAt puts two halves together when each is keys in order with nothing to warn
// of and the cut is between keys in order; else (keys the same or out of order across the
// cut, a warning or an error after it) the file is read again, and what it says names the
// line as ReadFileKeys does.
func TestReadHalves(t *testing.T) {
	for _, c := range []struct {
		name, file string
		cut        int64 // where the second half starts
		together   bool
		width      int // of every key, 0 when they differ
		warnLine   int // of the one warning, 0 for none
	}{
		{"one width", "aaa\nbbb\nccc\nddd\n", 12, true, 3, 0},
		{"another width after the cut", "aaa\nbbb\nccc\ndddd\n", 12, true, 0, 0},
		{"another width before it", "aa\nbbb\nccc\nddd\n", 11, true, 0, 0},
		{"widths differ on both sides", "aa\nbbb\nc\ndd\neee\nf\n", 12, true, 0, 0},
		{"one width each side, two widths", "aa\nbb\ncc\ndd\neee\nfff\n", 12, true, 0, 0},
		{"no line end at the end", "aaa\nbbb\nccc\nddd", 8, true, 3, 0},
		{"crlf", "aaa\r\nbbb\r\nccc\r\nddd\r\n", 15, true, 3, 0},
		{"the same key across the cut", "aaa\nbbb\nccc\nccc\n", 12, false, 0, 0},
		{"out of order across the cut", "aaa\nbbb\nddd\nccc\n", 12, false, 0, 0},
		{"a warning after the cut", "aaa\nbbb\nccc\nd\\xab\n", 12, false, 0, 4},
		{"non-ASCII text after the cut", "aaa\nbbb\nccc\nd\xc3\xa9\n", 12, false, 0, 4},
		{"a bad escape after the cut", "aaa\nbbb\nccc\nd\\x4\n", 12, false, 0, 0},
		{"a blank line after the cut", "aaa\nbbb\nccc\n\n", 8, false, 0, 0},
		{"one line", "aaaaaaaaaaaa\n", 0, false, 12, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			ra := strings.NewReader(c.file)
			size := int64(len(c.file))
			cut, found := lineEndNear(ra, size/2, size)
			assert.Equal(t, c.cut, cut)
			assert.Equal(t, c.cut > 0, found)
			f, ok := readHalves(ra, size, ReadChomp)
			require.Equal(t, c.together, ok)
			want, wantErr := ReadFileKeys(strings.NewReader(c.file), ReadChomp, size)
			got, err := readFileKeysAt(ra, size, ReadChomp, 0)
			if wantErr != nil {
				require.Error(t, err)
				assert.Equal(t, wantErr.Error(), err.Error())
				return
			}
			require.NoError(t, err)
			assert.True(t, want.SplitKeys().Equal(got.SplitKeys()))
			assert.Equal(t, want.LineNumbers(), got.LineNumbers())
			assert.Equal(t, want.Warnings, got.Warnings)
			if c.warnLine > 0 {
				require.Len(t, got.Warnings, 1)
				assert.Equal(t, c.warnLine, got.Warnings[0].Line)
			}
			if ok {
				assert.True(t, want.SplitKeys().Equal(f.SplitKeys()))
				w, same := f.SplitKeys().Width()
				assert.Equal(t, c.width > 0, same)
				if same {
					assert.Equal(t, c.width, w)
				}
			}
		})
	}
}
