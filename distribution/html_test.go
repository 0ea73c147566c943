package distribution

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
	"time"
)

func bigDistribution(n int) Distribution {
	keys := make([][]byte, n-1)
	for i := range keys {
		keys[i] = binary.BigEndian.AppendUint32(nil, uint32((i+1)*(1<<32/n)))
	}
	d := Distribution{Splits: keysValue(keys), Counts: make([]int64, n)}
	for i := range d.Counts {
		d.Counts[i] = int64(100 + i*7919%50)
	}
	d.Counts[n/3] = 1000 // the hottest region
	return d
}

// A million regions: one chart of 1,000 buckets, the hottest region listed first, a page
// well under 5 MB.
func TestWriteHTMLMillionRegions(t *testing.T) {
	d := bigDistribution(1_000_000)
	var b bytes.Buffer
	start := time.Now()
	if err := WriteHTML(&b, d, HTMLOptions{MaxSkew: 2}); err != nil {
		t.Fatal(err)
	}
	t.Logf("1,000,000 regions: %d bytes of HTML in %v", b.Len(), time.Since(start))
	if b.Len() > 5<<20 {
		t.Errorf("the page is %d bytes, want under 5 MB", b.Len())
	}
	s := b.String()
	if !strings.Contains(s, `data-marks="1000" data-items="1000000" data-per="1000"`) {
		t.Error("the chart does not have 1,000 buckets of 1,000 regions")
	}
	if !strings.Contains(s, fmt.Sprintf("<tr><td>%d</td>", 1_000_000/3+1)) {
		t.Error("the hottest region is not listed")
	}
}

func TestTopRegions(t *testing.T) {
	counts := []int64{5, 9, 1, 9, 7, 0, 9}
	for n, want := range map[int][]int{1: {1}, 3: {1, 3, 6}, 5: {1, 3, 6, 4, 0}, 7: {1, 3, 6, 4, 0, 2, 5}} {
		got := topRegions(counts, n)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("topRegions(%d) = %v, want %v", n, got, want)
		}
	}
}

func BenchmarkWriteHTML(b *testing.B) {
	for _, n := range []int{1000, 1_000_000} {
		d := bigDistribution(n)
		b.Run(fmt.Sprintf("regions=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := WriteHTML(&buf, d, HTMLOptions{MaxSkew: 2}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes/page")
		})
	}
}
