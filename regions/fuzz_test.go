package regions

import (
	"os"
	"path/filepath"
	"testing"
)

// seedForms adds every fixture of testdata/regions/forms as a seed.
func seedForms(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "regions", "forms", "*.txt"))
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
}

// FuzzListRegionsForms starts from every printing form: no input panics; a layout read is
// in key order, and a plan of it keeps its invariants.
func FuzzListRegionsForms(f *testing.F) {
	seedForms(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ReadListRegions(data)
		if err != nil || !l.Exact || !l.HasSize {
			return
		}
		if err := l.Check(); err != nil {
			t.Fatalf("an exact layout that fails Check: %v", err)
		}
		p, err := NewPlan(l, Options{RegionSize: 10 << 30, Batch: 2})
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Check(); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzGetSplitsForms starts from every printing form: no input panics; the keys read are ascending and unique.
func FuzzGetSplitsForms(f *testing.F) {
	seedForms(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		keys, lines, err := ReadGetSplits(data)
		if err != nil {
			return
		}
		if len(lines) != len(keys) {
			t.Fatalf("%d keys, %d lines", len(keys), len(lines))
		}
		for i := 1; i < len(keys); i++ {
			if string(keys[i-1]) >= string(keys[i]) {
				t.Fatalf("keys out of order: %q, %q", keys[i-1], keys[i])
			}
		}
	})
}
