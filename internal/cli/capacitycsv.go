package cli

import (
	"github.com/urfave/cli/v2"
)

// noHeaderFlag leaves capacity-csv's header out, so runs append to one file.
func noHeaderFlag() cli.Flag {
	return &cli.BoolFlag{Name: "no-header", Usage: "--format capacity-csv without its header row, to append the rows of several runs to one file"}
}
