package sample

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/internal/sampleoracle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wkey is a key of the oracle's plain sample.
type wkey = sampleoracle.Key

// oracleCut is the brute-force cut: sampleoracle.Cut.
var oracleCut = sampleoracle.Cut

func weightedOf(sample []wkey) *Weighted {
	w := &Weighted{}
	for _, k := range sample {
		w.add([]byte(k.Key), k.Weight)
	}
	w.sortMerge()
	return w
}

func strs(keys [][]byte) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = string(k)
	}
	return out
}

func TestSeparator(t *testing.T) {
	tests := []struct{ name, a, b, want string }{
		{name: "composite", a: "user0042|1700000000", b: "user0043|1600000000", want: "user0043"},
		{name: "prefix", a: "ab", b: "abc", want: "abc"},
		{name: "first byte", a: "a", b: "zzz", want: "z"},
		{name: "empty a", a: "", b: "q", want: "q"},
		{name: "binary", a: "\x00\xff", b: "\x01", want: "\x01"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, string(Separator([]byte(tt.a), []byte(tt.b))))
		})
	}
}

// genSample draws n keys of a kind: composite user|ts keys (Zipf users), short random
// binary keys, or keys with many duplicates; weights 1 or random.
func genSample(rng *rand.Rand, kind string, n int, weighted bool) []wkey {
	zipf := rand.NewZipf(rng, 1.2, 1, 500)
	out := make([]wkey, n)
	for i := range out {
		var k string
		switch kind {
		case "composite":
			k = fmt.Sprintf("user%04d|%d", zipf.Uint64(), 1_600_000_000+rng.IntN(1e8))
		case "binary":
			b := make([]byte, 1+rng.IntN(4))
			for j := range b {
				b[j] = byte(rng.IntN(256))
			}
			k = string(b)
		case "dups":
			k = fmt.Sprintf("k%02d", rng.IntN(40))
		}
		w := uint64(1)
		if weighted {
			w = 1 + uint64(rng.IntN(5000))
		}
		out[i] = wkey{Key: k, Weight: w}
	}
	return out
}

// TestBoundariesOracle: the cut agrees with the brute-force cut, and the invariants hold
// (n-1 keys, strictly increasing, each between its neighbours, delimiter fields whole).
func TestBoundariesOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for _, kind := range []string{"composite", "binary", "dups"} {
		for _, weighted := range []bool{false, true} {
			for _, regions := range []int{1, 2, 7, 33, 200} {
				for _, delim := range []string{"", "|"} {
					name := fmt.Sprintf("%s/weighted=%v/regions=%d/delim=%q", kind, weighted, regions, delim)
					t.Run(name, func(t *testing.T) {
						sample := genSample(rng, kind, 3000, weighted)
						want := oracleCut(sample, regions, delim)
						w := weightedOf(sample)
						var d []byte
						if delim != "" {
							d = []byte(delim)
						}
						keys, shares, err := Boundaries(w, regions, d)
						if want == nil {
							var tf *TooFewError
							require.ErrorAs(t, err, &tf)
							assert.Equal(t, regions, tf.Regions)
							return
						}
						require.NoError(t, err)
						if regions == 1 {
							assert.Empty(t, keys)
						} else {
							assert.Equal(t, want, strs(keys))
						}
						total := 0.0
						for _, s := range shares {
							total += s
						}
						assert.Equal(t, float64(w.Total()), total)
						assert.Equal(t, shares, Shares(w, keys))
						for i := 1; i < len(keys); i++ {
							assert.Less(t, string(keys[i-1]), string(keys[i]))
						}
						if delim != "" {
							// Rows sharing a leading field land in one region.
							region := map[string]int{}
							for i := range w.Len() {
								k := string(w.Key(i))
								var f string
								if j := strings.Index(k, delim); j >= 0 {
									f = k[:j+1] // keys of field F with the delimiter
								} else {
									continue
								}
								r := sort.Search(len(keys), func(x int) bool { return string(keys[x]) > k })
								if r0, ok := region[f]; ok {
									assert.Equal(t, r0, r, "field %q split", f)
								}
								region[f] = r
							}
						}
					})
				}
			}
		}
	}
}

func TestTooFew(t *testing.T) {
	w := weightedOf([]wkey{{Key: "a|1", Weight: 1}, {Key: "a|2", Weight: 1}, {Key: "b|1", Weight: 1}})
	_, _, err := Boundaries(w, 3, []byte("|"))
	assert.EqualError(t, err, `the sample has 2 distinct leading fields (before "|"), fewer than the 3 regions asked for: each region needs at least one`)
	_, _, err = Boundaries(w, 4, nil)
	assert.EqualError(t, err, "the sample has 3 distinct keys, fewer than the 4 regions asked for: each region needs at least one")
	keys, _, err := Boundaries(w, 3, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"a|2", "b"}, strs(keys))
}

// rankError is the largest |true rank(boundary) - target| over the boundaries cut from a
// sketch, beyond the exact cut's own error at that boundary, as a fraction of the weight.
func rankError(t *testing.T, sample []wkey, sk *Sketch, regions int) float64 {
	t.Helper()
	keys, _, err := Boundaries(sk.Weighted(), regions, nil)
	require.NoError(t, err)
	exact, _, err := Boundaries(weightedOf(sample), regions, nil)
	require.NoError(t, err)
	sorted := append([]wkey(nil), sample...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Key < sorted[j].Key })
	cum := make([]uint64, len(sorted)+1)
	for i, s := range sorted {
		cum[i+1] = cum[i] + s.Weight
	}
	rank := func(k []byte) uint64 {
		i := sort.Search(len(sorted), func(i int) bool { return sorted[i].Key >= string(k) })
		return cum[i]
	}
	total := float64(cum[len(sorted)])
	worst := 0.0
	for i := range keys {
		target := total * float64(i+1) / float64(regions)
		e := math.Abs(float64(rank(keys[i]))-target) - math.Abs(float64(rank(exact[i]))-target)
		worst = max(worst, e/total)
	}
	return worst
}

// TestSketchErrorBound: boundaries cut from sketches sit within Epsilon of the weight of
// where the exact cut puts them, on uniform, Zipf-skewed and sorted input, alone and
// merged from 2, 7 and 16 sketches in shuffled orders.
func TestSketchErrorBound(t *testing.T) {
	if testing.Short() {
		t.Skip("300,000 keys per case")
	}
	const n = 300_000
	rng := rand.New(rand.NewPCG(3, 4))
	zipf := rand.NewZipf(rng, 1.1, 1, 1<<20)
	inputs := map[string][]wkey{}
	for _, kind := range []string{"uniform", "zipf", "sorted", "weighted"} {
		s := make([]wkey, n)
		for i := range s {
			switch kind {
			case "uniform":
				s[i] = wkey{Key: fmt.Sprintf("%016x", rng.Uint64()), Weight: 1}
			case "zipf":
				s[i] = wkey{Key: fmt.Sprintf("user%07d|%d", zipf.Uint64(), i), Weight: 1}
			case "sorted":
				s[i] = wkey{Key: fmt.Sprintf("%010d", i), Weight: 1}
			case "weighted":
				s[i] = wkey{Key: fmt.Sprintf("%016x", rng.Uint64()), Weight: 1 + uint64(rng.IntN(1000))}
			}
		}
		inputs[kind] = s
	}
	for _, kind := range []string{"uniform", "zipf", "sorted", "weighted"} {
		sample := inputs[kind]
		for _, shards := range []int{1, 2, 7, 16} {
			t.Run(fmt.Sprintf("%s/shards=%d", kind, shards), func(t *testing.T) {
				sketches := make([]*Sketch, shards)
				for i := range sketches {
					sketches[i] = NewSketch(K)
				}
				for i, k := range sample {
					sketches[i*shards/len(sample)].Add([]byte(k.Key), k.Weight)
				}
				rng.Shuffle(len(sketches), func(i, j int) { sketches[i], sketches[j] = sketches[j], sketches[i] })
				merged := sketches[0]
				for _, s := range sketches[1:] {
					require.NoError(t, merged.Merge(s))
				}
				assert.Equal(t, uint64(n), merged.Rows())
				e := rankError(t, sample, merged, 100)
				t.Logf("worst boundary rank error %.5f%%", 100*e)
				assert.LessOrEqual(t, e, Epsilon)
			})
		}
	}
}

// allBytes is a sample whose keys hold every byte value.
func allBytes() []wkey {
	var out []wkey
	for b := range 256 {
		out = append(out, wkey{Key: string([]byte{byte(b), 'k', byte(255 - b)}), Weight: uint64(b + 1)})
	}
	return out
}

type recorder struct {
	keys []wkey
	sk   []*Sketch
}

func (r *recorder) Add(key []byte, w uint64) {
	r.keys = append(r.keys, wkey{Key: string(key), Weight: w})
}
func (r *recorder) AddSketch(s *Sketch) error {
	r.sk = append(r.sk, s)
	return nil
}

// TestFormatsRoundTrip: a sample with every byte value in its keys reads back the same in
// every format, and auto detects each.
func TestFormatsRoundTrip(t *testing.T) {
	sample := allBytes()
	var lines, tsv, scan bytes.Buffer
	scan.WriteString("ROW                                COLUMN+CELL\n")
	for _, k := range sample {
		text := hbytes.ToStringBinary([]byte(k.Key))
		fmt.Fprintf(&lines, "%s\n", text)
		fmt.Fprintf(&tsv, "%s\t%d\r\n", text, k.Weight)
		fmt.Fprintf(&scan, " %s column=cf:a, timestamp=1700000000000, value=\n", text)
		fmt.Fprintf(&scan, " %s column=cf:b, timestamp=1700000000000, value=\n", text)
	}
	fmt.Fprintf(&scan, "%d row(s)\nTook 0.0420 seconds\n", len(sample))
	sk := NewSketch(K)
	for _, k := range sample {
		sk.Add([]byte(k.Key), k.Weight)
	}
	var sketch bytes.Buffer
	_, err := sk.WriteTo(&sketch)
	require.NoError(t, err)
	unit := func(s []wkey) []wkey {
		out := append([]wkey(nil), s...)
		for i := range out {
			out[i].Weight = 1
		}
		return out
	}
	tests := []struct {
		name   string
		format string
		in     []byte
		want   []wkey
	}{
		{name: "lines", format: FormatLines, in: lines.Bytes(), want: unit(sample)},
		{name: "tsv", format: FormatTSV, in: tsv.Bytes(), want: sample},
		{name: "scan", format: FormatScan, in: scan.Bytes(), want: unit(sample)},
	}
	for _, tt := range tests {
		for _, format := range []string{tt.format, FormatAuto} {
			t.Run(tt.name+"/"+format, func(t *testing.T) {
				var r recorder
				got, err := Read(bytes.NewReader(tt.in), ReadOptions{Format: format}, &r)
				require.NoError(t, err)
				assert.Equal(t, tt.format, got)
				assert.Equal(t, tt.want, r.keys)
			})
		}
	}
	t.Run("sketch", func(t *testing.T) {
		var r recorder
		twice := append(append([]byte{}, sketch.Bytes()...), sketch.Bytes()...)
		got, err := Read(bytes.NewReader(twice), ReadOptions{}, &r)
		require.NoError(t, err)
		assert.Equal(t, FormatSketch, got)
		require.Len(t, r.sk, 2)
		w := r.sk[1].Weighted()
		want := weightedOf(sample)
		require.Equal(t, want.Len(), w.Len())
		for i := range want.Len() {
			assert.Equal(t, want.Key(i), w.Key(i))
			assert.Equal(t, want.Weight(i), w.Weight(i))
		}
		var again bytes.Buffer
		_, err = r.sk[0].WriteTo(&again)
		require.NoError(t, err)
		assert.Equal(t, sketch.String(), again.String())
	})
	t.Run("raw", func(t *testing.T) {
		var raw bytes.Buffer
		for _, k := range sample {
			if !strings.ContainsAny(k.Key, "\n") && !strings.HasSuffix(k.Key, "\r") {
				fmt.Fprintf(&raw, "%s\n", k.Key)
			}
		}
		var r recorder
		_, err := Read(bytes.NewReader(raw.Bytes()), ReadOptions{Format: FormatLines, Raw: true}, &r)
		require.NoError(t, err)
		// Not the two keys holding \n, nor the one ending in \r (read as a \r\n line end).
		assert.Len(t, r.keys, 253)
	})
}

// TestReadErrors: bad input names its line.
func TestReadErrors(t *testing.T) {
	sk := NewSketch(K)
	for i := range 50 {
		sk.Add(fmt.Appendf(nil, "key%03d", i), 1)
	}
	var whole bytes.Buffer
	_, _ = sk.WriteTo(&whole)
	truncated := whole.String()[:whole.Len()/2] + "\n"
	tests := []struct {
		name   string
		format string
		in     string
		line   int64
		want   string
	}{
		{name: "empty", in: "", line: 1, want: "the sample has no keys"},
		{name: "empty tsv", format: FormatTSV, in: "", line: 1, want: "the sample has no keys"},
		{name: "bad escape", in: "a\nb\\xZZ\n", line: 2, want: `invalid escape "\xZZ"`},
		{name: "weight not a number", in: "a\t12\nb\tlots\n", line: 2, want: `weight must be a whole number of bytes from 1 to 2147483648, got "lots"`},
		{name: "weight zero", in: "a\t0\n", line: 1, want: "weight must be"},
		{name: "negative weight", in: "a\t-3\n", line: 1, want: "weight must be"},
		{name: "tsv without tab", format: FormatTSV, in: "a\t1\nb\n", line: 2, want: "no tab"},
		{name: "malformed scan line", in: "ROW  COLUMN+CELL\n r1 column=cf:a, timestamp=1, value=\nr2 cf:a\n", line: 3, want: "not a line of hbase shell scan output"},
		{name: "scan cell without column", in: "ROW  COLUMN+CELL\n r1 timestamp=1\n", line: 2, want: "a cell line is"},
		{name: "scan cut off", in: "ROW  COLUMN+CELL\n r1 column=cf:a, timestamp=1, value=\n", line: 2, want: "no `N row(s)` line"},
		{name: "scan count mismatch", in: "ROW  COLUMN+CELL\n r1 column=cf:a, timestamp=1, value=\n2 row(s)\n", line: 3, want: "the scan says 2 row(s) but 1 were read"},
		{name: "scan empty", in: "ROW  COLUMN+CELL\n0 row(s)\nTook 0.01 seconds\n", line: 3, want: "the sample has no keys"},
		{name: "truncated sketch", in: whole.String() + truncated, line: 2, want: "not a whole presplit sketch"},
		{name: "sketch without end", in: strings.TrimSuffix(whole.String(), "\tend\n") + "\n", line: 1, want: "no end field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r recorder
			_, err := Read(strings.NewReader(tt.in), ReadOptions{Format: tt.format}, &r)
			var le *hbytes.LineError
			require.ErrorAs(t, err, &le)
			assert.Equal(t, tt.line, le.Line)
			assert.Contains(t, le.Error(), tt.want)
		})
	}
}

// TestCollectorExactVsSketch: a collector over its memory switches to the sketch, and its
// boundaries stay within the bound of the exact ones; holdout shares add up.
func TestCollectorExactVsSketch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	sample := genSample(rng, "composite", 200_000, false)
	exact := NewCollector(Options{Holdout: -1})
	small := NewCollector(Options{Holdout: -1, Memory: 1 << 20})
	for _, k := range sample {
		exact.Add([]byte(k.Key), k.Weight)
		small.Add([]byte(k.Key), k.Weight)
	}
	es, ss := exact.Sample(), small.Sample()
	assert.True(t, es.Exact)
	assert.False(t, ss.Exact)
	for _, s := range []*Sample{es, ss} {
		assert.Equal(t, uint64(len(sample)), s.Rows)
		assert.Equal(t, s.Rows, s.CutRows+s.HoldoutRows)
		assert.InDelta(t, 0.2, float64(s.HoldoutRows)/float64(s.Rows), 0.01)
		c, err := s.Cut(20, []byte("|"))
		require.NoError(t, err)
		assert.Len(t, c.Keys, 19)
		// One Zipf user holds a large share and cannot be split: the held-out keys show the
		// same imbalance as the keys cut on.
		assert.InDelta(t, Imbalance(c.Shares), Imbalance(c.Held), 0.25)
	}
}

func TestHoldoutDefault(t *testing.T) {
	c := NewCollector(Options{Holdout: -1})
	for i := range 100 {
		c.Add(fmt.Appendf(nil, "%03d", i), 1)
	}
	s := c.Sample()
	assert.Equal(t, 0.0, s.Holdout)
	assert.Equal(t, uint64(100), s.CutRows)
	assert.Contains(t, s.NoHoldout, "fewer than 10000 keys")
	if errors.Is(nil, ErrEmpty) {
		t.Fatal("unreachable")
	}
}

// TestBufferedSketchErrorBound: a sketch whose level 0 is a buffer (as the collector's
// parts use, sized from --memory) keeps the total weight exactly and the bound of
// TestSketchErrorBound, alone and merged, whatever the buffer's size; and the same input
// gives the same sketch, byte for byte.
func TestBufferedSketchErrorBound(t *testing.T) {
	const n = 300_000
	rng := rand.New(rand.NewPCG(5, 6))
	zipf := rand.NewZipf(rng, 1.1, 1, 1<<20)
	for _, kind := range []string{"uniform", "zipf", "sorted", "weighted"} {
		sample := make([]wkey, n)
		for i := range sample {
			switch kind {
			case "uniform":
				sample[i] = wkey{Key: fmt.Sprintf("%016x", rng.Uint64()), Weight: 1}
			case "zipf":
				sample[i] = wkey{Key: fmt.Sprintf("user%07d|%d", zipf.Uint64(), i), Weight: 1}
			case "sorted":
				sample[i] = wkey{Key: fmt.Sprintf("%010d", i), Weight: 1}
			case "weighted":
				sample[i] = wkey{Key: fmt.Sprintf("%016x", rng.Uint64()), Weight: 1 + uint64(rng.IntN(1000))}
			}
		}
		var total uint64
		for _, k := range sample {
			total += k.Weight
		}
		for _, buf := range []int{64 << 10, 1 << 20, 4 << 20} {
			for _, shards := range []int{1, 2} {
				t.Run(fmt.Sprintf("%s/buf=%d/shards=%d", kind, buf, shards), func(t *testing.T) {
					build := func() *Sketch {
						sketches := make([]*Sketch, shards)
						for i := range sketches {
							sketches[i] = newBufferedSketch(buf, 16)
							require.Positive(t, sketches[i].buf0)
						}
						for i, k := range sample {
							sketches[i*shards/len(sample)].Add([]byte(k.Key), k.Weight)
						}
						merged := NewSketch(K)
						for _, s := range sketches {
							require.NoError(t, merged.Merge(s))
						}
						return merged
					}
					merged := build()
					assert.Equal(t, uint64(n), merged.Rows())
					assert.Equal(t, total, merged.Weighted().total)
					e := rankError(t, sample, merged, 100)
					t.Logf("worst boundary rank error %.5f%%", 100*e)
					assert.LessOrEqual(t, e, Epsilon)
					var a, b bytes.Buffer
					_, err := merged.WriteTo(&a)
					require.NoError(t, err)
					_, err = build().WriteTo(&b)
					require.NoError(t, err)
					assert.True(t, bytes.Equal(a.Bytes(), b.Bytes()), "the same input gave different sketches")
				})
			}
		}
	}
}
