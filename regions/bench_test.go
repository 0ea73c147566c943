package regions

import (
	"io"
	"testing"
)

// BenchmarkRegions reads, plans and renders a synthetic list_regions output of 200,000
// regions (the default columns, a third empty, some above 20 GiB): the budget is
// under a second for reading and planning.
func BenchmarkRegions(b *testing.B) {
	data := SyntheticListRegions(200000)
	b.SetBytes(int64(len(data)))
	for _, format := range []string{"report", "shell"} {
		b.Run("regions=200000/"+format, func(b *testing.B) {
			b.ReportAllocs()
			render, _ := Format(format)
			for b.Loop() {
				l, err := ReadListRegions(data)
				if err != nil {
					b.Fatal(err)
				}
				p, err := NewPlan(l, Options{RegionSize: 10 << 30, Batch: 50, Pause: 30})
				if err != nil {
					b.Fatal(err)
				}
				if err := p.Check(); err != nil {
					b.Fatal(err)
				}
				if err := render(io.Discard, Doc{Layout: l, Plan: p, Inputs: []string{"list_regions bench"}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
