package main

// Owned by the split-keys work (issue 3). Placeholder until it lands.

import (
	"errors"

	"github.com/presplit/presplit/splits"
	"github.com/urfave/cli/v2"
)

// splitFlags are the flags that choose the split: --regions, --prefix, --algo, --first-row,
// --last-row, --suffix, --align. Shared by plan, splits and verify.
func splitFlags() []cli.Flag { return nil }

// splitFromFlags builds the split. regions is the count the capacity model asks for (0 when
// no model ran); --regions, when set, wins.
func splitFromFlags(c *cli.Context, regions int) (splits.Split, error) {
	return splits.Split{}, errors.New("split keys are not implemented yet")
}

func splitsCommand() *cli.Command {
	return &cli.Command{Name: "splits", Usage: "print split keys aligned with the rowkey prefix"}
}
