package main

// Owned by the verify/simulate work (issue 6). Placeholder until it lands.

import "github.com/urfave/cli/v2"

func verifyCommand() *cli.Command {
	return &cli.Command{Name: "verify", Usage: "count how sample rowkeys fall into the regions"}
}

func simulateCommand() *cli.Command {
	return &cli.Command{Name: "simulate", Usage: "compare how rowkey schemes spread writes"}
}

func keysCommand() *cli.Command {
	return &cli.Command{Name: "keys", Usage: "generate rowkeys of a scheme, one per line"}
}
