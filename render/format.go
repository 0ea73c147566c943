package render

import (
	"fmt"
	"io"
)

// formats maps each --format name to its renderer, in the order FormatNames lists them.
var formats = []struct {
	name   string
	render func(io.Writer, Doc) error
	binary bool // not text: refused on a terminal
	// streams: the renderer checks the whole Doc before it writes a byte, so an error
	// comes only before its first write (or from the writer). Its output can go straight
	// to stdout, which has no temp file to throw away.
	streams bool
}{
	{name: "report", render: func(w io.Writer, d Doc) error { return Report(w, d) }},
	{name: "shell", render: Shell, streams: true},
	{name: "lines", render: Lines, streams: true},
	{name: "splits-file", render: SplitsFile, streams: true},
	{name: "regionsplitter", render: RegionSplitter},
	{name: "csv", render: CSV},
	{name: "capacity-csv", render: CapacityCSV},
	{name: "json", render: JSON, streams: true},
	{name: "java", render: Java},
	{name: "xlsx", render: XLSX, binary: true},
	{name: "phoenix", render: Phoenix},
	{name: "cbt", render: CBT},
	{name: "terraform", render: Terraform},
	{name: "html", render: HTML},
}

// Format returns the renderer of a --format name.
func Format(name string) (func(io.Writer, Doc) error, bool) {
	for _, f := range formats {
		if f.name == name {
			return f.render, true
		}
	}
	return nil, false
}

// Binary reports whether a --format writes bytes that are not text (xlsx): the CLI does
// not write them to a terminal.
func Binary(name string) bool {
	for _, f := range formats {
		if f.name == name {
			return f.binary
		}
	}
	return false
}

// Streams reports whether a --format's renderer fails only before its first write (it
// checks the whole Doc first), so that its output need not be held back until it is
// complete.
func Streams(name string) bool {
	for _, f := range formats {
		if f.name == name {
			return f.streams
		}
	}
	return false
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
