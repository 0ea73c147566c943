package regions

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
	"time"
)

// bigLayout is n regions of 8-byte keys on 20 servers, sizes from empty to 3 x the
// target: some merge, some split.
func bigLayout(n int) *Layout {
	l := &Layout{Table: "ns:big", HasSize: true, HasServer: true, HasEncoded: true, Exact: true, Adjacent: true}
	l.Regions = make([]Region, n)
	key := func(i int) []byte {
		if i == 0 || i == n {
			return nil
		}
		return binary.BigEndian.AppendUint64(nil, uint64(i)*(1<<63/uint64(n))*2)
	}
	for i := range l.Regions {
		l.Regions[i] = Region{Start: key(i), End: key(i + 1), Encoded: fmt.Sprintf("%032x", i),
			Server: fmt.Sprintf("rs%02d.example.com,16020,1700000000000", i%20), Size: int64(i*7919%30000) << 20}
	}
	return l
}

// A million regions make a page of a few megabytes: every chart has at most 1,000 marks.
func TestWriteHTMLMillionRegions(t *testing.T) {
	l := bigLayout(1_000_000)
	p, err := NewPlan(l, Options{RegionSize: 10 << 30, MergeArity: 2})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	start := time.Now()
	flag := func(name string) string { return map[string]string{"format": "--format"}[name] }
	if err := WriteHTML(&b, Doc{Layout: l, Plan: p, Inputs: []string{"synthetic"}, Name: flag}); err != nil {
		t.Fatal(err)
	}
	t.Logf("1,000,000 regions: %d bytes of HTML in %v", b.Len(), time.Since(start))
	if b.Len() > 5<<20 {
		t.Errorf("the page is %d bytes, want under 5 MB", b.Len())
	}
	// The script (334,668 statements, 34 MB) is left out, and the page says how to get it.
	if !strings.Contains(b.String(), "334,668 statements are more than a page carries: write it with --format shell.") {
		t.Error("the page does not say where the script is")
	}
	if n := strings.Count(b.String(), `data-marks="1000"`); n != 2 {
		t.Errorf("%d charts of 1,000 buckets, want 2 (now and after)", n)
	}
}

func BenchmarkWriteHTML(b *testing.B) {
	for _, n := range []int{1000, 1_000_000} {
		l := bigLayout(n)
		p, err := NewPlan(l, Options{RegionSize: 10 << 30, MergeArity: 2})
		if err != nil {
			b.Fatal(err)
		}
		d := Doc{Layout: l, Plan: p, Inputs: []string{"synthetic"}}
		b.Run(fmt.Sprintf("regions=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := WriteHTML(&buf, d); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes/page")
		})
	}
}
