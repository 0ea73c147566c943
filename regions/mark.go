package regions

import (
	"fmt"

	"github.com/presplit/presplit/splitpolicy"
)

// The merge mark: the most bytes a merged region may hold. Two sizes bound it. The target
// (Options.RegionSize) is what the operator wants each region to be: a merged region stays
// at most UpperMark of it, as RegionsMerger does. MAX_FILESIZE (Options.MaxFileSize) is
// what HBase splits at: a merged region above it is split again by HBase once its merge
// compaction ends, whatever the target says, and its split size is drawn with a jitter
// (maxFileMark). The mark is the lower of the two: at a target of MAX_FILESIZE, the
// jitter's low end.

// maxFileSize is the table's MAX_FILESIZE the plan is judged against: Options.MaxFileSize,
// else the target (the target is MAX_FILESIZE when only one is known).
func (o Options) maxFileSize() int64 {
	if o.MaxFileSize > 0 {
		return o.MaxFileSize
	}
	return o.RegionSize
}

// maxFileMark is the share of MAX_FILESIZE a merged region may reach: the low end of the
// split size HBase draws when it opens a region, MAX_FILESIZE x (1 - jitter / 2) with
// hbase.hregion.max.filesize.jitter 0.25 (ConstantSizeRegionSplitPolicy), 0.875. A merged
// region is newly opened and draws its own: a merge at 0.9 x MAX_FILESIZE is above it one
// time in ten, and HBase splits that region again as soon as its merge compaction ends.
const maxFileMark = 1 - splitpolicy.DefaultJitter/2

// upperMark is the merge mark of opt, and whether MAX_FILESIZE, not the target, sets it.
func upperMark(opt Options) (upper int64, byMaxFileSize bool) {
	target := int64(float64(opt.RegionSize) * UpperMark)
	byFile := int64(float64(opt.maxFileSize()) * maxFileMark)
	if byFile < target {
		return byFile, true
	}
	return target, false
}

// UpperByMaxFileSize says MAX_FILESIZE, not the target, sets the merge mark.
func (p *Plan) UpperByMaxFileSize() bool {
	_, byFile := upperMark(p.Options)
	return byFile
}

// UpperRule says what sets the merge mark, in words: "0.9 x target", or the jitter's low
// end of MAX_FILESIZE when that is lower.
func (p *Plan) UpperRule() string {
	if p.UpperByMaxFileSize() {
		return fmt.Sprintf("%g x MAX_FILESIZE, the low end of HBase's jittered split size", maxFileMark)
	}
	return fmt.Sprintf("%g x target", UpperMark)
}

// markNote says when the target is above MAX_FILESIZE: HBase splits a region long before
// it reaches the target, so the merges stop below MAX_FILESIZE instead.
func (p *Plan) markNote() {
	opt := p.Options
	if opt.MaxFileSize <= 0 || opt.MaxFileSize >= opt.RegionSize {
		return
	}
	p.Notes = append(p.Notes, fmt.Sprintf("the target region size %s is above the table's MAX_FILESIZE %s: HBase splits a region once it passes MAX_FILESIZE, so merges stop at %s (%s); to keep regions of %s, alter the table's MAX_FILESIZE first",
		size(opt.RegionSize), size(opt.MaxFileSize), size(p.Upper), p.UpperRule(), size(opt.RegionSize)))
}
