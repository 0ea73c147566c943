package cli

import (
	"github.com/presplit/presplit/render"
	"github.com/urfave/cli/v2"
)

// noHeaderFlag leaves capacity-csv's header out, so runs append to one file.
func noHeaderFlag() cli.Flag {
	return &cli.BoolFlag{Name: "no-header", Usage: "--format capacity-csv without its header row, to append the rows of several runs to one file"}
}

// applyNoHeader reads --no-header, which only capacity-csv takes.
func applyNoHeader(c *cli.Context, format string, doc *render.Doc) error {
	if !has(c, "no-header") || !c.Bool("no-header") {
		return nil
	}
	if format != "capacity-csv" {
		return usageErrorf("--no-header applies to --format capacity-csv, not %s", format)
	}
	doc.NoHeader = true
	return nil
}
