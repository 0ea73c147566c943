package plan

import (
	"bytes"

	"github.com/presplit/presplit/sample"
	"github.com/presplit/presplit/splits"
)

// sampleFields fills p.SampleFields for an exact sample cut under the delimited split
// policy: the regions whose sample keys all hold one leading field, the bytes before the
// policy's delimiter. DelimitedKeyPrefixRegionSplitPolicy cuts the
// midkey of such a region to that field, which is the region's start key (refused:
// "Split row is equal to startkey"), so HBase never splits it; the first region, whose
// start key is ”, splits once at its field into an empty region and no more. A sketch
// keeps no exact keys, so it cannot show that a region holds one field: none is named.
func (p *Plan) sampleFields(s *sample.Sample) {
	if !s.Exact || p.Design.Settings.SplitPolicy.V != PolicyDelimited {
		return
	}
	pol, err := p.splitPolicy()
	if err != nil || pol.Delimiter == "" {
		return // the table's policy is refused later, with its reason
	}
	p.SampleFields = singleFields(s.CutKeys(), p.Split.Keys, []byte(pol.Delimiter))
}

// singleFields walks the sorted sample keys once, region by region of the split keys, and
// names each region whose keys all hold one leading field. A key without the delimiter is
// its own field: the policy leaves such a split point whole.
func singleFields(w *sample.Weighted, keys splits.Keys, delim []byte) []SampleField {
	var out []SampleField
	r, n := 0, keys.Len()
	var field []byte
	seen, one := false, true
	closeRegion := func() {
		if seen && one {
			out = append(out, SampleField{Region: r, Field: bytes.Clone(field)})
		}
		r++
		seen, one = false, true
	}
	for i := 0; i < w.Len(); i++ {
		k := w.Key(i)
		for r < n && bytes.Compare(k, keys.At(r)) >= 0 {
			closeRegion()
		}
		f := k
		if at := bytes.Index(k, delim); at >= 0 {
			f = k[:at]
		}
		switch {
		case !seen:
			field, seen = f, true
		case one && !bytes.Equal(f, field):
			one = false
		}
	}
	closeRegion() // the last region
	return out
}
