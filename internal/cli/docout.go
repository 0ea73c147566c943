package cli

// The output flags of a command that writes a document but not a plan (verify, simulate,
// lint): -F/--format and -o/--output, the same two names and the same -o rules as plan's
// and splits' (outfile.go). --fail-on goes where findings exist: plan, splits and lint;
// verify and simulate make no findings (verify's gates are --max-skew and --fail-empty).

import (
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// documentFlags are -F/--format (one of formats, def by default) and -o/--output.
func documentFlags(formats []string, def string) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "format", Aliases: []string{"F"}, Value: def, Usage: "output `FORMAT`: " + strings.Join(formats, ", ")},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"},
			Usage: "write to `FILE` atomically (temp file and rename; a link's target, a device or FIFO in place); - is stdout"},
	}
}

// documentOutput is -F and -o as read by documentOutputFrom.
type documentOutput struct {
	Format string // one of the command's formats
	Path   string // -o; "-" is stdout
}

// documentOutputFrom reads -F and -o: a format not in formats, or an -o that cannot be
// written (a directory, a missing folder, an empty name), is a usage error found before
// anything is read or written.
func documentOutputFrom(c *cli.Context, formats []string) (documentOutput, error) {
	o := documentOutput{Format: c.String("format"), Path: "-"}
	if !slices.Contains(formats, o.Format) {
		return o, usageErrorf("--format must be one of %s, got %q", strings.Join(formats, ", "), o.Format)
	}
	if isSet(c, "output") {
		o.Path = c.String("output")
	}
	return o, checkOutputFile("-o", o.Path)
}
