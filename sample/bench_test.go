package sample

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// benchKeys is n lines of 32 random hex digits, as bench/sample.sh writes them.
func benchKeys(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	var raw [16]byte
	line := make([]byte, 33)
	line[32] = '\n'
	for range n {
		for i := range raw {
			raw[i] = byte(rng.Uint32())
		}
		hex.Encode(line, raw[:])
		b.Write(line)
	}
	return b.Bytes()
}

// BenchmarkCut reads keys and cuts 1000 regions, exact and through the sketch.
func BenchmarkCut(b *testing.B) {
	data := benchKeys(500_000)
	for _, mode := range []struct {
		name   string
		memory int64
	}{{"exact", 1 << 30}, {"sketch", 1 << 20}} {
		b.Run(fmt.Sprintf("%s/keys=500000", mode.name), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				c := NewCollector(Options{Memory: mode.memory, Holdout: -1})
				if _, err := Read(bytes.NewReader(data), ReadOptions{}, c); err != nil {
					b.Fatal(err)
				}
				if _, err := c.Sample().Cut(1000, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReadFile reads a file of 32-byte hex keys in parts (as `--sample FILE` does)
// and cuts 1000 regions, exact and through the sketch.
func BenchmarkReadFile(b *testing.B) {
	data := benchKeys(1_000_000)
	path := filepath.Join(b.TempDir(), "keys.txt")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = f.Close() }() // read only
	for _, mode := range []struct {
		name   string
		memory int64
	}{{"exact", 1 << 30}, {"sketch", 8 << 20}} {
		b.Run(fmt.Sprintf("%s/keys=1000000", mode.name), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				c := NewCollector(Options{Memory: mode.memory, Holdout: -1})
				if _, err := ReadFile(f, int64(len(data)), ReadOptions{}, c); err != nil {
					b.Fatal(err)
				}
				if _, err := c.Sample().Cut(1000, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
