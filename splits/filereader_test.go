package splits

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// lineReader hands out what splitting after each \n gives (the last line without one,
// then io.EOF), each said plain exactly when plainText says so, whatever sizes the reads
// come in, with lines up to MaxFileLine bytes long
// whole; a longer line is errLongLine at that line, and an error of the reader comes after
// the lines read before it.
func TestLineReader(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 3))
	long := strings.Repeat("x", MaxFileLine-1) + "\n" // the longest line taken
	inputs := []string{"", "\n", "a", "a\n", "a\r\n\nb", "\n\n\n", "a\\\nb\n\xffc\n", "\\", "\x80", long, long + "b\n" + long, long[:MaxFileLine-1] + "yz\n"}
	for range 20 {
		var b strings.Builder
		for range rng.IntN(100) {
			line := []byte(strings.Repeat("k", rng.IntN(3)*rng.IntN(40_000)))
			for range rng.IntN(3) { // a backslash or a byte >= 0x80 now and then
				if len(line) > 0 {
					line[rng.IntN(len(line))] = []byte{'\\', 0x80, 0xC3, 0xFF}[rng.IntN(4)]
				}
			}
			b.Write(line)
			b.WriteString([]string{"\n", "\r\n", "\r", "\\\n"}[rng.IntN(4)])
		}
		inputs = append(inputs, b.String())
	}
	readers := map[string]func(string) io.Reader{
		"whole":    func(s string) io.Reader { return strings.NewReader(s) },
		"one byte": func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		"half":     func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) },
		"data+EOF": func(s string) io.Reader { return iotest.DataErrReader(strings.NewReader(s)) },
	}
	for _, in := range inputs {
		want := strings.SplitAfter(in, "\n") // the last element: after the last \n
		for name, mk := range readers {
			lr := lineReader{r: mk(in)}
			for i, w := range want {
				line, plain, err := lr.next()
				if len(w) > MaxFileLine {
					require.ErrorIs(t, err, errLongLine, "%s: line %d of %d bytes", name, i+1, len(w))
					break
				}
				require.Equal(t, w, string(line), "%s: line %d", name, i+1)
				require.Equal(t, plainText(line), plain, "%s: line %d %q", name, i+1, line)
				if i < len(want)-1 {
					require.NoError(t, err, "%s: line %d", name, i+1)
				} else {
					require.ErrorIs(t, err, io.EOF, "%s: the end", name)
				}
			}
		}
	}
	boom := errors.New("boom")
	lr := lineReader{r: io.MultiReader(strings.NewReader("a\nb\nc"), iotest.ErrReader(boom))}
	for _, w := range []string{"a\n", "b\n"} {
		line, _, err := lr.next()
		require.NoError(t, err)
		require.Equal(t, w, string(line))
	}
	_, _, err := lr.next()
	require.ErrorIs(t, err, boom)
	lr = lineReader{r: bytes.NewReader(nil)}
	for range 3 { // at the end it stays at the end
		line, _, err := lr.next()
		require.ErrorIs(t, err, io.EOF)
		require.Empty(t, line)
	}
}

// compareLast is bytes.Compare of a key and the one before it in the arena: for keys of up
// to 8 bytes (compared as numbers), with zero bytes, 0xFF and one the other's prefix, and
// for longer ones, with the arena's capacity ending right after the key and further on.
func TestCompareLast(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 4))
	alphabet := []byte{0, 1, 'a', 0x7F, 0x80, 0xFF}
	for range 20000 {
		a := make([]byte, rng.IntN(11))
		b := make([]byte, rng.IntN(11))
		for i := range a {
			a[i] = alphabet[rng.IntN(len(alphabet))]
		}
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if rng.IntN(3) == 0 {
			b = append(append([]byte{}, a[:rng.IntN(len(a)+1)]...), b[:min(len(b), rng.IntN(3))]...)
		}
		spare := rng.IntN(12)
		arena := append(append(make([]byte, 0, len(a)+len(b)+spare), a...), b...)
		copy(arena[len(arena):cap(arena)], bytes.Repeat([]byte{0xAA}, spare)) // not zero past the length
		fr := fileReader{arena: arena, last: 0}
		require.Equal(t, bytes.Compare(b, a), fr.compareLast(len(a)), "%x after %x, %d spare", b, a, spare)
	}
}
