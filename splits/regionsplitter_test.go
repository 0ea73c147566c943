package splits

import (
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/internal/refdata"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRegionSplitterRefdata checks every row of shared/refdata/regionsplitter.tsv, produced by
// HBase's own SplitAlgorithm code: the keys, the effective first and last rows, and for error
// rows the Java exception class and message, word for word.
func TestRegionSplitterRefdata(t *testing.T) {
	rows, err := refdata.Read("regionsplitter.tsv")
	require.NoError(t, err)
	require.Greater(t, len(rows), 30)
	arg := func(s string) string {
		if s == "(default)" {
			return ""
		}
		return s
	}
	var ok, failed int
	for _, row := range rows {
		f := row.Fields
		require.GreaterOrEqual(t, len(f), 7, "line %d", row.Line)
		name := fmt.Sprintf("line%d/%s/n=%s/%s..%s", row.Line, f[0], f[1], f[2], f[3])
		t.Run(name, func(t *testing.T) {
			n, err := strconv.Atoi(f[1])
			require.NoError(t, err)
			// The effective first and last rows, as HBase prints them once set.
			a, aerr := newAlgorithm(f[0], arg(f[2]), arg(f[3]))
			if f[4] == "(n/a)" {
				require.Error(t, aerr)
			} else {
				require.NoError(t, aerr)
				assert.Equal(t, f[4], hbytes.ToStringBinary(a.firstRow()), "eff_firstrow")
				assert.Equal(t, f[5], hbytes.ToStringBinary(a.lastRow()), "eff_lastrow")
			}

			got, err := RegionSplitter(f[0], n, arg(f[2]), arg(f[3]))
			if f[6] == "ERROR" {
				failed++
				require.Len(t, f, 8)
				var ae *AlgorithmError
				require.True(t, errors.As(err, &ae), "want an AlgorithmError, got %v", err)
				assert.Equal(t, f[7], ae.Exception+": "+ae.Message)
				assert.Equal(t, ae.Message, err.Error())
				return
			}
			ok++
			require.NoError(t, err)
			count, err := strconv.Atoi(f[6])
			require.NoError(t, err)
			want := f[7:]
			require.Len(t, want, count)
			gotText := make([]string, got.Keys.Len())
			for i, k := range got.Keys.All() {
				gotText[i] = hbytes.ToStringBinary(k)
			}
			assert.Equal(t, want, gotText)
			assert.Equal(t, n, got.Regions())
			require.Equal(t, n, got.Owned.Len())
			require.NotNil(t, got.Algorithm)
			assert.Equal(t, f[0], got.Algorithm.Name)
			assert.Equal(t, f[0], got.Spec)
		})
	}
	assert.Greater(t, ok, 20)
	assert.Greater(t, failed, 5)
}

// TestRegionSplitterJavaEdges covers HBase behaviour beyond regionsplitter.tsv: how Java's
// BigInteger reads a row, Bytes.split's own checks, and counts below one.
func TestRegionSplitterJavaEdges(t *testing.T) {
	tests := []struct {
		name        string
		algo        string
		n           int
		first, last string
		want        []string
		wantErr     string // Exception: Message
	}{
		{name: "uppercase last row", algo: "HexStringSplit", n: 2, first: "00", last: "FF", want: []string{"80"}},
		{name: "plus sign", algo: "DecimalStringSplit", n: 2, first: "+0", last: "10", want: []string{"05"}},
		{name: "negative first row pads after the sign", algo: "DecimalStringSplit", n: 2, first: "-10", last: "10", want: []string{"00"}},
		{name: "fullwidth and Devanagari digits", algo: "DecimalStringSplit", n: 2, first: "０", last: "१०", want: []string{"05"}},
		{name: "embedded sign", algo: "HexStringSplit", n: 2, first: "1-2", wantErr: "java.lang.NumberFormatException: Illegal embedded sign character"},
		{name: "sign only", algo: "HexStringSplit", n: 2, last: "-", wantErr: "java.lang.NumberFormatException: Zero length BigInteger"},
		{name: "bad digit reported with its group (15 digits: groups of 1, 7, 7)", algo: "HexStringSplit", n: 2, last: "fffffffffzfffff", wantErr: `java.lang.NumberFormatException: For input string: "fzfffff" under radix 16`},
		{name: "bad decimal group", algo: "DecimalStringSplit", n: 2, last: "12345678901x", wantErr: `java.lang.NumberFormatException: For input string: "45678901x"`},
		{name: "equal rows", algo: "DecimalStringSplit", n: 2, first: "5", last: "5", wantErr: "java.lang.IllegalArgumentException: last row (5) is configured less than first row (5)"},
		{name: "zero regions", algo: "HexStringSplit", n: 0, wantErr: "java.lang.NegativeArraySizeException: -1"},
		{name: "uniform padded equal", algo: "UniformSplit", n: 2, first: "a", last: `a\x00`, wantErr: "java.lang.IllegalArgumentException: b <= a"},
		{name: "uniform zero regions", algo: "UniformSplit", n: 0, wantErr: "java.lang.IllegalArgumentException: num cannot be <= 0"},
		{name: "uniform minus two", algo: "UniformSplit", n: -2, wantErr: "java.lang.NegativeArraySizeException: -1"},
		{name: "uniform truncated escape", algo: "UniformSplit", n: 2, first: `\x4`, wantErr: "java.lang.StringIndexOutOfBoundsException: String index out of range: 3"},
		{name: "uniform retries with a zero byte", algo: "UniformSplit", n: 4, first: "a", last: "b", want: []string{"a@", `a\x80`, `a\xC0`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := RegionSplitter(tt.algo, tt.n, tt.first, tt.last)
			if tt.wantErr != "" {
				var ae *AlgorithmError
				require.True(t, errors.As(err, &ae), "got %v", err)
				assert.Equal(t, tt.wantErr, ae.Exception+": "+ae.Message)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, keyTexts(s.Keys.Slices()))
		})
	}
	_, err := RegionSplitter("MD5Split", 4, "", "")
	var ue *UnknownAlgorithmError
	assert.True(t, errors.As(err, &ue))
}

// FuzzRegionSplitter: --first-row and --last-row are user input; any of them either fails
// with an HBase exception or gives n-1 keys, never a panic.
func FuzzRegionSplitter(f *testing.F) {
	f.Add(uint8(0), 10, "", "")
	f.Add(uint8(1), 4, "1000", "2000")
	f.Add(uint8(2), 5, `\x00`, `\xFF`)
	f.Add(uint8(0), 3, "-5", "+ff")
	f.Fuzz(func(t *testing.T, algo uint8, n int, first, last string) {
		if n > 2000 || n < -3 {
			return
		}
		name := Algorithms[int(algo)%len(Algorithms)]
		s, err := RegionSplitter(name, n, first, last)
		if err != nil {
			var ae *AlgorithmError
			if !errors.As(err, &ae) {
				t.Fatalf("%s: error %v is not an AlgorithmError", name, err)
			}
			return
		}
		if s.Keys.Len() != n-1 || s.Owned.Len() != n {
			t.Fatalf("%s n=%d: %d keys, %d owned", name, n, s.Keys.Len(), s.Owned.Len())
		}
	})
}
