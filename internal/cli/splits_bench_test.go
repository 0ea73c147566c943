package cli

import (
	"io"
	"testing"
)

// BenchmarkSplitsCommand runs `presplit splits --algo ALGO --regions 1000000` in process,
// output discarded: flags, plan, lint, the key check and the lines renderer (the target: 3x
// faster than math/big's RegionSplitter; bench/splits.sh times the built binary).
func BenchmarkSplitsCommand(b *testing.B) {
	for _, algo := range []string{"HexStringSplit", "DecimalStringSplit"} {
		b.Run(algo, func(b *testing.B) {
			args := []string{"presplit", "splits", "--algo", algo, "--regions", "1000000"}
			for b.Loop() {
				if code := Run(args, nil, io.Discard, io.Discard); code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
