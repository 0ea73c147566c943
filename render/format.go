package render

import (
	"fmt"
	"io"

	"github.com/presplit/presplit/plan"
)

// format is one --format: its renderer and what the CLI needs to know of its output.
type format struct {
	name   string
	render func(io.Writer, Doc) error
	binary bool // not text: refused on a terminal
	// streams: the renderer checks the whole Doc before it writes a byte, so an error
	// comes only before its first write (or from the writer). Its output can go straight
	// to stdout, which has no temp file to throw away.
	streams bool
	// findings: the output carries the findings itself (report and json); with any
	// other format the CLI writes them on stderr.
	findings bool
	// keysFile: the output is a file of split keys a create statement reads (Options
	// SplitsFile), written beside it when the file is named.
	keysFile bool
	// numRegions: the output can give the regions as NUMREGIONS (Options NumRegions).
	numRegions bool
	// noHeader: the output can leave its header row out (Options NoHeader).
	noHeader bool
	// notes: the output shows the plan's Notes itself (report, json, xlsx, html).
	notes bool
	// bigtable: the output creates a Bigtable table, not an HBase one (cbt, terraform):
	// notes about what HBase stores (a codec the create statement lacks) do not apply.
	bigtable bool
	// leftOut names the set settings the output has no place for and leaves out (the
	// caller says them on stderr); nil: the format writes or refuses every setting.
	leftOut func(plan.Table) []string
}

// formats are the --format names and their renderers, in the order FormatNames lists them.
var formats = []format{
	{name: "report", render: func(w io.Writer, d Doc) error { return Report(w, d) }, findings: true, notes: true},
	{name: "shell", render: Shell, streams: true, numRegions: true},
	{name: "lines", render: Lines, streams: true},
	{name: "splits-file", render: SplitsFile, streams: true, keysFile: true},
	{name: "regionsplitter", render: RegionSplitter},
	{name: "csv", render: CSV},
	{name: "capacity-csv", render: CapacityCSV, noHeader: true},
	{name: "json", render: JSON, streams: true, findings: true, notes: true},
	{name: "java", render: Java},
	{name: "xlsx", render: XLSX, binary: true, notes: true},
	{name: "phoenix", render: Phoenix, streams: true},
	{name: "cbt", render: CBT, bigtable: true, leftOut: bigtableLeftOut},
	{name: "terraform", render: Terraform, streams: true, bigtable: true, leftOut: bigtableLeftOut},
	{name: "html", render: HTML, notes: true},
}

// Format returns the renderer of a --format name.
func Format(name string) (func(io.Writer, Doc) error, bool) {
	f, ok := lookup(name)
	return f.render, ok
}

// Binary reports whether a --format writes bytes that are not text (xlsx): the CLI does
// not write them to a terminal.
func Binary(name string) bool { f, _ := lookup(name); return f.binary }

// Streams reports whether a --format's renderer fails only before its first write (it
// checks the whole Doc first), so that its output need not be held back until it is
// complete.
func Streams(name string) bool { f, _ := lookup(name); return f.streams }

// CarriesFindings reports whether a --format's output carries the findings itself
// (report, json); the others leave them to the caller (the CLI writes them on stderr).
func CarriesFindings(name string) bool { f, _ := lookup(name); return f.findings }

// StatesUnstated reports whether the CLI must say a Doc's Unstated notes beside a
// --format's output: the output neither shows the Notes itself nor creates a Bigtable
// table, which has no codec to give.
func StatesUnstated(name string) bool { f, _ := lookup(name); return !f.notes && !f.bigtable }

// KeysFile reports whether a --format writes a file of split keys that a create statement
// reads with SPLITS_FILE (splits-file): Statement with Options.SplitsFile is that statement.
func KeysFile(name string) bool { f, _ := lookup(name); return f.keysFile }

// TakesNumRegions reports whether a --format can give the regions as NUMREGIONS =>
// n, SPLITALGO => 'Algo' (Options.NumRegions).
func TakesNumRegions(name string) bool { f, _ := lookup(name); return f.numRegions }

func lookup(name string) (format, bool) {
	for _, f := range formats {
		if f.name == name {
			return f, true
		}
	}
	return format{}, false
}

// TakesNoHeader reports whether a --format can leave its header row out
// (Options.NoHeader), so that the rows of several runs append to one file.
func TakesNoHeader(name string) bool { f, _ := lookup(name); return f.noHeader }

// LeftOut are the notes of a --format about the settings of t it leaves out, having no
// place for them (cbt and terraform: Bigtable has no MAX_FILESIZE or COMPRESSION): the CLI
// says them on stderr, so that no setting vanishes without a word.
func LeftOut(name string, t plan.Table) []string {
	f, _ := lookup(name)
	if f.leftOut == nil {
		return nil
	}
	return f.leftOut(t)
}

// FormatNames lists the --format names, report first.
func FormatNames() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.name
	}
	return names
}

// FormatError is a format that cannot express this Doc, e.g. regionsplitter for a
// prefix-aligned split or capacity-csv without a capacity plan.
type FormatError struct {
	Format string // the --format name
	Reason string
}

func (e *FormatError) Error() string { return fmt.Sprintf("format %s: %s", e.Format, e.Reason) }
