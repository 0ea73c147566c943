package lint

import (
	"errors"
	"path/filepath"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/hbytes"
)

// MaxSplitsFileWarnings is the most SF002 findings on one splits file; a summary counts
// the rest.
const MaxSplitsFileWarnings = 10

// SF001: a splits file that cannot create the table. It runs with or without a rowkey
// prefix: the file is read as hbase shell reads it (splits.ReadFile), and what the HBase
// client refuses (a blank line, a duplicate key) or presplit cannot read as the key meant
// (a truncated escape, a key over 32,767 bytes) is the same answer plan, splits and
// verify give.
var SF001 = &Analyzer{
	Code: "SF001", Severity: finding.Error,
	Doc: "a splits file HBase refuses: a blank line, a duplicate, a truncated escape, a key over 32,767 bytes",
	Run: func(p *Pass) {
		sp := p.Design.Splits
		var le *hbytes.LineError
		if sp == nil || !sp.File.Set || !errors.As(p.SplitsFileErr, &le) {
			return
		}
		p.Report(sp.File.Pos, "write one toStringBinary key a line, each once, none empty (presplit splits "+field.Set("format", "splits-file")+" writes such a file)",
			"splits file %s:%d: %s", p.splitsFilePath(), le.Line, le.For(p.Target))
	},
}

// SF002: keys HBase reads other than they look; up to MaxSplitsFileWarnings findings.
var SF002 = &Analyzer{
	Code: "SF002", Severity: finding.Warning,
	Doc: "a splits file HBase reads other than it looks: `\\xab` read as text, non-ASCII text, keys out of order",
	Run: func(p *Pass) {
		sp := p.Design.Splits
		if sp == nil || !sp.File.Set {
			return
		}
		fix := "write each key in toStringBinary form (uppercase \\xNN for bytes outside printable ASCII), in unsigned byte order"
		ws := p.SplitsFileWarnings
		for i, w := range ws[:min(len(ws), MaxSplitsFileWarnings)] {
			p.Report(sp.File.Pos, fix, "splits file %s:%d: %s", p.splitsFilePath(), w.Line, w.Msg)
			if i == MaxSplitsFileWarnings-1 || i == len(ws)-1 {
				if more := len(ws) - i - 1 + p.SplitsFileMore; more > 0 {
					p.Report(sp.File.Pos, fix, "splits file %s: %d more warnings after line %d", p.splitsFilePath(), more, w.Line)
				}
			}
		}
	},
}

// splitsFilePath is the spec's splits file as the commands name it: relative to the spec's
// folder.
func (p *Pass) splitsFilePath() string {
	f := p.Design.Splits.File.V
	if filepath.IsAbs(f) || p.Design.File == "" {
		return f
	}
	return filepath.Join(filepath.Dir(p.Design.File), f)
}
