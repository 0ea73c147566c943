package distribution

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/presplit/presplit/hbytes"
	"github.com/stretchr/testify/require"
)

// The writers stream one region at a time; these are the versions that built every row
// first (text/tabwriter over all cells, encoding/csv and encoding/json over Regions()),
// kept as the oracle the streaming ones must match byte for byte.

func oracleWriteCSV(w io.Writer, d Distribution) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"region", "start_key", "end_key", "keys", "share"})
	for _, r := range d.Regions() {
		cw.Write([]string{strconv.Itoa(r.Index), r.StartKey, r.EndKey, strconv.FormatInt(r.Keys, 10),
			strconv.FormatFloat(r.Share, 'f', -1, 64)})
	}
	cw.Flush()
	return cw.Error()
}

func oracleWriteJSON(w io.Writer, d Distribution) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(Report{Regions: d.Regions(), Summary: d.Summary()})
}

// randomDistribution has random split keys (escapes, spaces, quotes, <&>, empty regions)
// and counts of random sizes, some all zero.
func randomDistribution(rng *rand.Rand) Distribution {
	n := rng.IntN(40)
	if rng.IntN(10) == 0 {
		n = 1000 + rng.IntN(3000)
	}
	splits := randomSplits(rng, n, 4+rng.IntN(9), []byte("ab <&>\"',\\\x00\xFF\x7F9"))
	counts := make([]int64, n+1)
	scale := []int64{0, 1, 10, 1000, 1 << 40}[rng.IntN(5)]
	for i := range counts {
		if scale > 0 && rng.IntN(4) > 0 {
			counts[i] = rng.Int64N(scale)
		}
	}
	return Distribution{Splits: keysValue(splits), Counts: counts}
}

// appendJSONFloat writes what encoding/json writes for a float64.
func TestAppendJSONFloat(t *testing.T) {
	for _, f := range []float64{0, 1, 0.5, 1e-6, 9.99e-7, 6.1e-8, 1.0 / 3, 1e20, 1e21, 123456789e-15} {
		want, err := json.Marshal(f)
		require.NoError(t, err)
		require.Equal(t, string(want), string(appendJSONFloat(nil, f)), "%v", f)
	}
}

// TestWriteTableChunks: rows long enough that the table comes in many chunks, formatted
// on several goroutines, match the oracle; a writer that fails part way stops it with the
// error, and no goroutine is left behind.
func TestWriteTableChunks(t *testing.T) {
	base := runtime.NumGoroutine()
	rng := rand.New(rand.NewPCG(5, 17))
	for i := range 4 {
		n := 2000 + rng.IntN(2000)
		splits := randomSplits(rng, n, 400, []byte("ab\x00\xFF"))
		counts := make([]int64, n+1)
		for j := range counts {
			counts[j] = rng.Int64N(5000)
		}
		d := Distribution{Splits: keysValue(splits), Counts: counts}
		for _, width := range []int{0, 200} {
			var got, want bytes.Buffer
			require.NoError(t, WriteTable(&got, d, width))
			require.NoError(t, oracleWriteTable(&want, d, width))
			require.Equal(t, want.String(), got.String(), "case %d width %d", i, width)
			require.Greater(t, got.Len(), 4*rowChunkBytes, "case %d: too few chunks to test", i)
			for _, after := range []int{0, 1, 3} {
				fw := &failingWriter{after: after}
				require.ErrorIs(t, WriteTable(fw, d, width), errWriteFailed)
			}
		}
		var got, want bytes.Buffer
		require.NoError(t, WriteJSON(&got, d))
		require.NoError(t, oracleWriteJSON(&want, d))
		require.Equal(t, want.String(), got.String(), "case %d json", i)
		got.Reset()
		want.Reset()
		require.NoError(t, WriteCSV(&got, d))
		require.NoError(t, oracleWriteCSV(&want, d))
		require.Equal(t, want.String(), got.String(), "case %d csv", i)
		for _, after := range []int{0, 1, 3} {
			require.ErrorIs(t, WriteJSON(&failingWriter{after: after}, d), errWriteFailed)
			require.ErrorIs(t, WriteCSV(&failingWriter{after: after}, d), errWriteFailed)
		}
	}
	// A worker has called wg.Done a moment before it is gone, so the count is read until it
	// settles (a leaked worker, blocked on its channel, never leaves).
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > base && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	require.LessOrEqual(t, runtime.NumGoroutine(), base, "WriteTable left goroutines running")
}

var errWriteFailed = errors.New("write failed")

// failingWriter takes after writes, then fails every one.
type failingWriter struct{ after, writes int }

func (f *failingWriter) Write(p []byte) (int, error) {
	if f.writes++; f.writes > f.after {
		return 0, errWriteFailed
	}
	return len(p), nil
}

func TestWritersMatchOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 6))
	for i := range 300 {
		d := randomDistribution(rng)
		name := fmt.Sprintf("case %d: %d regions", i, len(d.Counts))
		for _, width := range []int{0, 1, 40, 80, 200} {
			var got, want bytes.Buffer
			require.NoError(t, WriteTable(&got, d, width))
			require.NoError(t, oracleWriteTable(&want, d, width))
			require.Equal(t, want.String(), got.String(), "%s width %d", name, width)
		}
		var got, want bytes.Buffer
		require.NoError(t, WriteCSV(&got, d))
		require.NoError(t, oracleWriteCSV(&want, d))
		require.Equal(t, want.String(), got.String(), name)
		got.Reset()
		want.Reset()
		require.NoError(t, WriteJSON(&got, d))
		require.NoError(t, oracleWriteJSON(&want, d))
		require.Equal(t, want.String(), got.String(), name)
	}
	var got, want bytes.Buffer // no regions at all
	require.NoError(t, WriteJSON(&got, Distribution{}))
	require.NoError(t, oracleWriteJSON(&want, Distribution{}))
	require.Equal(t, want.String(), got.String())
}

// BenchmarkWriteTable/regions=N: the report of verify with a million regions, and
// BenchmarkWriteTable/json/regions=N its JSON.
func BenchmarkWriteTable(b *testing.B) {
	for _, n := range []int{1000, 1_000_000} {
		splits := make([][]byte, n-1)
		for i := range splits {
			splits[i] = fmt.Appendf(nil, "%07x", (i+1)*0x10000000/n)
		}
		counts := make([]int64, n)
		for i := range counts {
			counts[i] = int64(i % 37)
		}
		d := Distribution{Splits: keysValue(splits), Counts: counts}
		b.Run(fmt.Sprintf("regions=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := WriteTable(io.Discard, d, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("json/regions=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := WriteJSON(io.Discard, d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// oracleWriteTable is WriteTable as it was: text/tabwriter over every cell, each key shown
// as hbytes.AppendKeyText writes it (its edge spaces \x20: the padding would hide them).
func oracleWriteTable(w io.Writer, d Distribution, width int) error {
	rows := d.Regions()
	cells := make([][5]string, 0, len(rows)+1)
	cells = append(cells, [5]string{"region", "start key", "end key", "keys", "share"})
	shown := func(i int) string {
		if i < 0 || i >= d.Splits.Len() {
			return ""
		}
		return string(hbytes.AppendKeyText(nil, d.Splits.At(i)))
	}
	for i, r := range rows {
		cells = append(cells, [5]string{strconv.Itoa(r.Index), shown(i - 1), shown(i),
			strconv.FormatInt(r.Keys, 10), percent(r.Share)})
	}
	s := d.Summary()
	barWidth := 0
	if width > 0 {
		// tabwriter pads every column to its widest cell plus tablePadding.
		used := 0
		for col := range 5 {
			widest := 0
			for _, c := range cells {
				widest = max(widest, len(c[col]))
			}
			used += widest + tablePadding
		}
		barWidth = width - used - 1 // leave the last column free: no wrap on exact fit
	}

	// The rows go through a buffer: a region with no key has an empty bar, and the padding
	// before it is trimmed (no line ends in a space; a key never ends a line).
	var rowsText bytes.Buffer
	tw := tabwriter.NewWriter(&rowsText, 0, 8, tablePadding, ' ', 0)
	for i, c := range cells {
		line := strings.Join(c[:], "\t")
		if barWidth > 0 && i > 0 {
			line += "\t" + bar(rows[i-1].Keys, s.LargestKeys, barWidth)
		}
		if _, err := fmt.Fprintln(tw, line); err != nil {
			return err
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, line := range bytes.SplitAfter(rowsText.Bytes(), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		if _, err := w.Write(append(bytes.TrimRight(line[:len(line)-1], " "), '\n')); err != nil {
			return err
		}
	}
	// The summary is not streamed: the oracle writes it as WriteTable does.
	return writeSummaryTable(w, s)
}
