package distribution

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// CheckPrefixes counts the keys whose first width bytes are not all of the alphabet, and
// says when the other case would fix every one of them.
func TestCheckPrefixes(t *testing.T) {
	const hex, upper, dec = "0123456789abcdef", "0123456789ABCDEF", "0123456789"
	for _, c := range []struct {
		name, text, alphabet string
		width                int
		raw                  bool
		want                 PrefixCheck
	}{
		{"lowercase keys, lowercase split", "00ab_1\n9f00_2\nffff\n", hex, 4, false, PrefixCheck{Lines: 3}},
		{"uppercase keys, lowercase split", "00AB_1\n9F00_2\n1234_3\n", hex, 4, false,
			PrefixCheck{Lines: 3, Outside: 2, Example: []byte("00AB_1"), OtherCase: true}},
		{"lowercase keys, uppercase split", "ab\r\n12\r\n", upper, 2, false,
			PrefixCheck{Lines: 2, Outside: 1, Example: []byte("ab"), OtherCase: true}},
		{"a letter no case fixes", "00AB\n00AG\n", hex, 4, false,
			PrefixCheck{Lines: 2, Outside: 2, Example: []byte("00AB"), OtherCase: false}},
		{"hex keys under decimal", "12\n3a\n", dec, 2, false,
			PrefixCheck{Lines: 2, Outside: 1, Example: []byte("3a"), OtherCase: false}},
		{"past the width does not count", "12zz\n", dec, 2, false, PrefixCheck{Lines: 1}},
		{"too short", "1\n\n12\n", dec, 2, false,
			PrefixCheck{Lines: 3, Outside: 2, Example: []byte("1"), OtherCase: false}},
		{"escapes decoded", "\\x00\\x01k\n\\x41\n", "\x00\x01\x02\x03", 2, false,
			PrefixCheck{Lines: 2, Outside: 1, Example: []byte("A"), OtherCase: false}},
		{"a bad escape is the count's", "\\x4\n01\n", dec, 2, false, PrefixCheck{Lines: 1}},
		{"raw bytes", "\\x00\n", "\\x", 2, true, PrefixCheck{Lines: 1}},
		{"no lines", "", hex, 2, false, PrefixCheck{}},
	} {
		got := CheckPrefixes([]byte(c.text), []byte(c.alphabet), c.width, c.raw)
		require.Equal(t, c.want, got, c.name)
	}
}

// A sample of a megabyte of hex keys, checked: what verify adds to a generated split's run.
func BenchmarkCheckPrefixes(b *testing.B) {
	text := hexText(rand.New(rand.NewPCG(9, 9)), SampleBytes/33)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if pc := CheckPrefixes(text, []byte("0123456789abcdef"), 4, false); pc.Outside != 0 {
			b.Fatal(pc)
		}
	}
}

// A window keeps the lines it holds whole; a file no larger than the sample is read whole.
func TestSampleLines(t *testing.T) {
	require.Equal(t, "b\nc\n", string(WholeLines([]byte("xa\nb\nc\nd"), true, false)))
	require.Equal(t, "xa\nb\nc\nd", string(WholeLines([]byte("xa\nb\nc\nd"), false, true)))
	require.Empty(t, WholeLines([]byte("no line end"), true, false))
	small := []byte("k1\nk2\nk3")
	require.Equal(t, "k2\nk3", string(SampleLines(bytes.NewReader(small), 3, int64(len(small)))))
	var big []byte
	for i := range 200_000 {
		big = fmt.Appendf(big, "%06d\n", i)
	}
	got := SampleLines(bytes.NewReader(big), 0, int64(len(big)))
	require.LessOrEqual(t, len(got), SampleBytes)
	require.Greater(t, len(got), SampleBytes*9/10)
	lines := bytes.Split(bytes.TrimSuffix(got, []byte("\n")), []byte("\n"))
	for _, l := range lines {
		require.Len(t, l, 6, "a whole line")
	}
	require.Equal(t, "000000", string(lines[0]))
	require.Equal(t, "199999", string(lines[len(lines)-1]), "the last window ends at the file's end")
}
