// Package lint reviews a table design against the HBase design guides. Each check is an
// Analyzer with a stable code (CF001, RK002, ...), a one-line doc and a severity, in the
// style of go/analysis and atlas's sqlcheck: Run gives every analyzer a Pass over the Input
// (the design, and the capacity plan and split the plan package derived from it) and each
// reports findings on it. `presplit plan` and `presplit lint` both review through it.
package lint

import (
	"fmt"
	"sort"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbytes"

	"github.com/presplit/presplit/access"
	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/splitpolicy"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

// Analyzer is one check.
type Analyzer struct {
	Code     string // stable: CF001
	Doc      string // one line: what it finds
	Severity finding.Severity
	Run      func(*Pass)
}

// Input is what the analyzers review: the table's design and what the plan package derived
// from it. Findings are judged on the plan as it will be created: Regions is the count
// after --regions, a spec's splits and prefix snapping, not the sizing's.
type Input struct {
	Spec *tablespec.Spec
	// Plan is the capacity model's answer; nil without a volume.
	Plan *capacity.Sizing
	// Prefix is the shape of the rowkey's leading bytes (rowkey prefix, or the keys of
	// rowkey algo HexStringSplit/DecimalStringSplit); nil when the key has none.
	Prefix *splits.Prefix
	// Split is the table's split: generated from the prefix, made by a RegionSplitter
	// algorithm, or read from splits file (SplitSource says which); nil when unknown.
	Split       *splits.Split
	SplitSource splits.Source // where Split came from
	SplitLines  []int         // with splits file: the line of each key in the file
	// SplitsFileErr is why the splits file cannot create the table (an *hbytes.LineError;
	// Split is nil then), SplitsFileWarnings what HBase reads in it that was likely not
	// meant: SF001 and SF002 report them.
	SplitsFileErr      error
	SplitsFileWarnings []splits.FileWarning
	SplitsFileMore     int // warnings past those kept (splits.File.MoreWarnings)
	// SplitKeyErr is a split key over HBase's row limit (a *splits.KeyTooLongError: a long
	// suffix, first or last row); Split is nil then. RK001 reports it.
	SplitKeyErr error
	// Target is the HBase release the design is written for: it words SF001.
	Target hbase.Version
	// SampleKeys is the number of sample keys the split was cut on (SplitSource splits.SourceSample).
	SampleKeys uint64
	// SampleFields are the regions of an exact sample cut under the delimited split policy
	// whose sample keys all hold one leading field (the bytes before the policy's
	// delimiter), in region order; SP008 reports those past MAX_FILESIZE.
	SampleFields []SampleField
	// PrefixOfSplit says Prefix was read off the split's own algorithm (HexStringSplit's
	// keys are hex of their width), not declared: the split's keys match it by construction.
	PrefixOfSplit bool
	// PrefixValues is how many of the prefix's values the keys take (the first ones in
	// order); 0 means all of them.
	PrefixValues uint64
	// Suffix is the rowkey suffix as bytes (toBytesBinary of its text).
	Suffix []byte
	// Delimiter is the rowkey delimiter as bytes (toBytesBinary of its text, as the
	// suffix): the key's bytes after its prefix and between its parts.
	Delimiter []byte
	// Regions is the number of regions the table is created with: the split's, else splits
	// regions, else the plan's; 0 when unknown.
	Regions int
	// Families is the number of column families that flush together (the memstore
	// ceiling's divisor): the table's, unless the command line says otherwise.
	Families int
	// NoPrefix is set when the design gives nothing to split on: a rowkey without a prefix
	// part, no RegionSplitter algorithm and no splits file.
	NoPrefix bool
	// TTLDays is set when a TTL shorter than the retention sized the table (data expires
	// before the retention ends).
	TTLDays float64
	// Format is the output format the plan is rendered in; "" when lint reviews a spec.
	Format string
	// PlaceholderFamilies: the families are presplit's stand-in for a table the user did
	// not describe (`presplit plan --rows 1e10 --kv 300B` creates family cf with HBase's
	// defaults on purpose); "not set explicitly" is no finding then.
	PlaceholderFamilies bool
	// PhoenixPK is the table's Phoenix primary key, when the design gives one.
	PhoenixPK []phoenix.Column
	// Phoenix is set when the table is created through Phoenix: the design gives a
	// Phoenix primary key, or the plan is rendered as --format phoenix.
	Phoenix bool
	// Policy is the split policy the table runs at the target version, with the regions as
	// created and their servers; nil when there are no regions to judge.
	Policy *splitpolicy.Model
	// PolicyBytes is what the table holds at its largest planned volume, weighed as the
	// split rule weighs it; 0 without a volume.
	PolicyBytes float64
	// PolicyVolumes are the table's volumes over time (the growth horizons; the one
	// planned volume without them), weighed as PolicyBytes.
	PolicyVolumes []Volume
	// PolicyPrefixLength is the prefix length a prefix policy cuts split points to.
	PolicyPrefixLength int
	// Access is the access pattern's sizing and the load of the regions created; nil
	// when the design gives no rate.
	Access *access.Sizing

	// cache holds what several analyzers derive alike (the rowkey's placement), once per Run.
	cache *runCache
}

// Volume is what the table holds after Days of ingest (0: the planned volume).
type Volume struct {
	Days  int
	Bytes float64
}

// Pass is one analyzer's run over the input.
type Pass struct {
	Input
	Analyzer *Analyzer

	reports *[]finding.Finding
}

// Report adds a finding with the analyzer's code and severity.
func (p *Pass) Report(pos tablespec.Pos, fix, format string, args ...any) {
	p.ReportSeverity(p.Analyzer.Severity, pos, fix, format, args...)
}

// ReportSeverity adds a finding with its own severity (a warning that becomes an error at
// an extreme, like CF004 at 2147483647 versions).
func (p *Pass) ReportSeverity(sev finding.Severity, pos tablespec.Pos, fix, format string, args ...any) {
	*p.reports = append(*p.reports, finding.Finding{
		Pos: pos.Finding(), Code: p.Analyzer.Code, Severity: sev,
		Message: fmt.Sprintf(format, args...), Fix: fix,
	})
}

// Run reviews the input with the analyzers (all of Analyzers when none are named) and
// returns the findings ordered by line, column and code.
func Run(in Input, analyzers ...*Analyzer) []finding.Finding {
	if len(analyzers) == 0 {
		analyzers = Analyzers
	}
	reports := []finding.Finding{}
	in.cache = &runCache{}
	for _, a := range analyzers {
		p := Pass{Input: in, Analyzer: a, reports: &reports}
		a.Run(&p)
	}
	sort.SliceStable(reports, func(i, j int) bool {
		a, b := reports[i], reports[j]
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Col != b.Pos.Col {
			return a.Pos.Col < b.Pos.Col
		}
		return a.Code < b.Code
	})
	return reports
}

// keyText is a key as a finding shows it: in toStringBinary form, as field.KeyText writes
// it (a brace escaped, so no key reads as an input's name).
func keyText(b []byte) string { return field.KeyText(hbytes.ToStringBinary(b)) }

// SampleField is a region (0-based) of a sample cut whose sample keys all hold one leading
// field: DelimitedKeyPrefixRegionSplitPolicy cuts its every split point to that field.
type SampleField struct {
	Region int
	Field  []byte
}
