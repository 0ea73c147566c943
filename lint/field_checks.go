package lint

import (
	"fmt"
	"strings"

	"github.com/dustin/go-humanize"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/plan"
)

// fieldsNamed is how many single-field regions SP008 names before it counts the rest.
const fieldsNamed = 5

// SP008: regions of a sample cut under the delimited policy that hold a single leading
// field and pass MAX_FILESIZE at the table's largest planned volume. The policy cuts every
// split point to the field before the delimiter: in such a region that is its start key,
// which SplitTableRegionProcedure refuses ("Split row is equal to startkey"), so the region
// never splits and grows with its field (a cut inside a field, from a sample cut without
// the delimiter, starts a region after its field: the cut point is outside it, refused too). The first region (start key ”) splits once, at
// its field, into an empty region and the field's, which then never splits either.
var SP008 = &Analyzer{
	Code: "SP008", Severity: finding.Warning,
	Doc: "regions of a sample cut under the delimited policy that hold a single leading field past MAX_FILESIZE: HBase can never split them",
	Run: func(p *Pass) {
		m, s := p.Policy, p.Split
		if m == nil || s == nil || len(p.SampleFields) == 0 || p.PolicyBytes <= 0 || m.MaxFileSize <= 0 {
			return
		}
		total := s.Owned.Total()
		if total <= 0 {
			return
		}
		var named []string
		count := 0
		for _, f := range p.SampleFields {
			size := s.Owned.At(f.Region) / total * p.PolicyBytes
			if size <= m.MaxFileSize*(1+1e-9) {
				continue
			}
			count++
			if len(named) < fieldsNamed {
				named = append(named, singleFieldText(s.Keys.Len(), splitRegionText(s, f.Region), f, size))
			}
		}
		if count == 0 {
			return
		}
		more := ""
		if count > len(named) {
			more = fmt.Sprintf("; and %d more", count-len(named))
		}
		p.Report(p.splitPos(), "spread the large fields over regions: put a salt or hash prefix before the field, or run split_policy default or constant, which may cut inside a field",
			"%d of the %d regions cut from the sample hold a single leading field (before the delimiter) and pass MAX_FILESIZE %s at the planned %s: %s%s: %s cuts every split point to the field, at or before the region's start key, which HBase refuses (SplitTableRegionProcedure: \"Split row is equal to startkey\"; HRegion.checkSplit: a row outside the region)",
			count, s.Owned.Len(), humanize.IBytes(uint64(m.MaxFileSize)), humanize.IBytes(uint64(p.PolicyBytes)), strings.Join(named, "; "), more, m.Describe())
	},
}

// singleFieldText names region r's field and size: "region 3 ['user0003', 'user0004')
// holds the one field user0003: 11.3 GiB, HBase can never split it".
func singleFieldText(keys int, region string, f plan.SampleField, size float64) string {
	never := "HBase can never split it"
	if f.Region == 0 && keys > 0 && len(f.Field) > 0 {
		// The first region starts at '': a cut at its field is inside it, once.
		never = fmt.Sprintf("HBase splits it once, at '%s', into an empty region, and never again", keyText(f.Field))
	}
	return fmt.Sprintf("%s holds the one field '%s': %s, %s", region, keyText(f.Field), fieldBytes(size), never)
}

// fieldBytes is a region's size as preciseBytes gives it, below 1000 GiB (2.5 TiB, not
// 2.5e+03 GiB, above).
func fieldBytes(b float64) string {
	if b >= 1000*(1<<30) {
		return humanize.IBytes(uint64(b))
	}
	return preciseBytes(b)
}
