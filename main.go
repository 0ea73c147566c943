// Command presplit sizes an HBase table, generates split keys aligned with its rowkey
// prefix, and renders the result for hbase shell, RegionSplitter, spreadsheets and Java.
// The command line lives in internal/cli; this is only the entry point.
package main

import (
	"os"

	"github.com/presplit/presplit/internal/cli"
)

func main() { os.Exit(cli.Run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
