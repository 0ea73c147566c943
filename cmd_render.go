package main

// Owned by the renderers work (issue 4). Placeholder until it lands.

import (
	"errors"

	"github.com/presplit/presplit/shellgen"
	"github.com/urfave/cli/v2"
)

// tableFlags are the table settings: --table, --family, --versions, --ttl, --compression,
// --bloom, --block-size, --encoding, --in-memory.
func tableFlags() []cli.Flag { return nil }

// outputFlags are --format (default defaultFormat) and -o/--output.
func outputFlags(defaultFormat string) []cli.Flag { return nil }

// tableFromFlags applies the table flags that are set on top of base (from a spec, or zero).
func tableFromFlags(c *cli.Context, base shellgen.Table) (shellgen.Table, error) {
	return base, nil
}

// writeOutput renders doc in the --format and writes it to stdout or, atomically, to -o.
func writeOutput(c *cli.Context, doc shellgen.Doc) error {
	return errors.New("output formats are not implemented yet")
}
