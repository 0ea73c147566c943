package capacity

import "testing"

func BenchmarkCompute(b *testing.B) {
	inputs := map[string]Input{
		"rows":  {Volume: Volume{Rows: 1e10, RowBytes: 300}, Cluster: Cluster{RegionServers: 10, Heap: 16 << 30}},
		"daily": {Volume: Volume{Daily: 500e9, RetentionDays: 730}},
		"daily-stores": {Volume: Volume{Daily: 500e9, RetentionDays: 730}, Stores: []Store{
			{Name: "a", Share: 0.7, TTLDays: 7}, {Name: "b", Share: 0.2, TTLDays: 90}, {Name: "c", Share: 0.1}}},
	}
	for _, name := range []string{"rows", "daily", "daily-stores"} {
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
