package main

// Owned by the table-spec and lint work (issue 5). Placeholder until it lands.

import (
	"github.com/presplit/presplit/shellgen"
	"github.com/urfave/cli/v2"
)

// specFlag is -f/--spec FILE: a YAML table spec whose fields act as flag defaults.
func specFlag() cli.Flag {
	return &cli.StringFlag{Name: "spec", Aliases: []string{"f"}, Usage: "table spec `FILE` (YAML)"}
}

// applySpec reads the -f spec, when given, sets every capacity and split flag the user did
// not set from it (c.Set), and returns the table settings it describes (zero without -f).
func applySpec(c *cli.Context) (shellgen.Table, error) { return shellgen.Table{}, nil }

func lintCommand() *cli.Command {
	return &cli.Command{Name: "lint", Usage: "review a table spec against the HBase design guides"}
}
