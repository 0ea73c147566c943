package cli

import (
	"io"
	"testing"
)

func BenchmarkSplitsCLIHex(b *testing.B) {
	for b.Loop() {
		if Run([]string{"presplit", "splits", "--algo", "HexStringSplit", "--regions", "1000000"}, nil, io.Discard, io.Discard) != 0 {
			b.Fatal("fail")
		}
	}
}
func BenchmarkSplitsCLIDec(b *testing.B) {
	for b.Loop() {
		if Run([]string{"presplit", "splits", "--algo", "DecimalStringSplit", "--regions", "1000000"}, nil, io.Discard, io.Discard) != 0 {
			b.Fatal("fail")
		}
	}
}
