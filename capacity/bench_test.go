package capacity

import "testing"

func BenchmarkCompute(b *testing.B) {
	inputs := map[string]Input{
		"rows":  {Volume: Volume{Rows: 1e10, RowBytes: 300}, Cluster: Cluster{RegionServers: 10, Heap: 16 << 30}},
		"daily": {Volume: Volume{Daily: 500e9, RetentionDays: 730}},
	}
	for _, name := range []string{"rows", "daily"} {
		in := inputs[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Compute(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
