package lint_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

// BenchmarkRun: building the plan of a spec and reviewing it.
func BenchmarkRun(b *testing.B) {
	for _, name := range []string{"example.yaml", "guide_orders_splits.yaml"} {
		b.Run(name, func(b *testing.B) {
			file := "../testdata/lint/" + name
			data, err := os.ReadFile(file)
			if err != nil {
				b.Fatal(err)
			}
			var opt plan.Options
			s, err := tablespec.Parse(file, data)
			if err != nil {
				b.Fatal(err)
			}
			if sp := s.Splits; sp != nil && sp.File.Set {
				keys, _ := os.ReadFile("../testdata/lint/" + sp.File.V)
				opt.SplitsFile, opt.SplitsFileErr = splits.ReadFile(bytes.NewReader(keys))
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s, _ := tablespec.Parse(file, data)
				p, err := plan.Build(s, opt)
				if err != nil {
					b.Fatal(err)
				}
				lint.Run(p)
			}
		})
	}
}
