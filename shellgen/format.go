package shellgen

import (
	"fmt"
	"io"
)

// formats maps each --format name to its renderer, in the order FormatNames lists them.
var formats = []struct {
	name   string
	render func(io.Writer, Doc) error
}{
	{"report", func(w io.Writer, d Doc) error { return Report(w, d) }},
	{"shell", Shell},
	{"lines", Lines},
	{"splits-file", SplitsFile},
	{"regionsplitter", RegionSplitter},
	{"csv", CSV},
	{"capacity-csv", CapacityCSV},
	{"json", JSON},
	{"java", Java},
	{"phoenix", Phoenix},
	{"cbt", CBT},
	{"terraform", Terraform},
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
