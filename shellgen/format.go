package shellgen

import (
	"fmt"
	"io"
)

// formats maps each --format name to its renderer, in the order FormatNames lists them.
var formats = []struct {
	name   string
	render func(io.Writer, Doc) error
	binary bool // not text: refused on a terminal
}{
	{name: "report", render: func(w io.Writer, d Doc) error { return Report(w, d) }},
	{name: "shell", render: Shell},
	{name: "lines", render: Lines},
	{name: "splits-file", render: SplitsFile},
	{name: "regionsplitter", render: RegionSplitter},
	{name: "csv", render: CSV},
	{name: "capacity-csv", render: CapacityCSV},
	{name: "json", render: JSON},
	{name: "java", render: Java},
	{name: "xlsx", render: XLSX, binary: true},
	{name: "phoenix", render: Phoenix},
	{name: "cbt", render: CBT},
	{name: "terraform", render: Terraform},
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
