package distribution

import (
	"bytes"
	"math"
	"path/filepath"
	"testing"

	"github.com/presplit/presplit/internal/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var sample = Distribution{
	Splits: keysValue(keys("10", "20", "30\x00", "40 ")),
	Counts: []int64{1200, 300, 0, 2, 498},
}

func TestWrite(t *testing.T) {
	tests := []struct {
		name   string
		write  func(*bytes.Buffer) error
		golden string
	}{
		{"plain table", func(b *bytes.Buffer) error { return WriteTable(b, sample, 0) }, "table.txt"},
		{"table with bars", func(b *bytes.Buffer) error { return WriteTable(b, sample, 72) }, "bars.txt"},
		{"csv", func(b *bytes.Buffer) error { return WriteCSV(b, sample) }, "table.csv"},
		{"json", func(b *bytes.Buffer) error { return WriteJSON(b, sample) }, "table.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, tt.write(&b))
			golden.Check(t, filepath.Join("testdata", tt.golden), b.Bytes())
			assert.True(t, bytes.HasSuffix(b.Bytes(), []byte("\n")) && !bytes.HasSuffix(b.Bytes(), []byte("\n\n")))
		})
	}
}

func TestBar(t *testing.T) {
	tests := []struct {
		name       string
		n, largest int64
		width      int
		want       string
	}{
		{"largest fills the width", 10, 10, 4, "████"},
		{"half", 5, 10, 4, "██"},
		{"eighths", 1, 8, 1, "▏"},
		{"three eighths", 3, 8, 1, "▍"},
		{"tiny share still shows", 1, 1000000, 10, "▏"},
		{"empty region", 0, 10, 10, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, bar(tt.n, tt.largest, tt.width))
		})
	}
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		name   string
		counts []int64
		want   Summary
	}{
		{"even", []int64{5, 5, 5, 5}, Summary{Keys: 20, Regions: 4, Mean: 5, Largest: 1, LargestKeys: 5, LargestShare: 0.25, Skew: 1, CV: 0}},
		{"one hot region", []int64{0, 0, 12, 0}, Summary{Keys: 12, Regions: 4, Mean: 3, Largest: 3, LargestKeys: 12, LargestShare: 1, Skew: 4, CV: math.Sqrt(3), Empty: 3}},
		{"no keys", []int64{0, 0}, Summary{Regions: 2, Largest: 1, Empty: 2}},
		{"first largest wins a tie", []int64{2, 4, 4}, Summary{Keys: 10, Regions: 3, Mean: 10.0 / 3, Largest: 2, LargestKeys: 4, LargestShare: 0.4, Skew: 1.2,
			CV: math.Sqrt(((2-10.0/3)*(2-10.0/3)+2*(4-10.0/3)*(4-10.0/3))/3) / (10.0 / 3)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Summarize(tt.counts)
			assert.InDelta(t, tt.want.CV, got.CV, 1e-12)
			assert.InDelta(t, tt.want.Skew, got.Skew, 1e-12)
			got.CV, got.Skew = tt.want.CV, tt.want.Skew
			assert.Equal(t, tt.want, got)
		})
	}
}
