package regions

import "fmt"

// splitterSeries is a RegionSplitter pre-split the layout's keys show: HexStringSplit or
// DecimalStringSplit at its default rows (00000000..ffffffff, 00000000..99999999: keys of
// 8 lowercase digits), n regions: key i is floor(range / n) x i, i = 1..n-1.
type splitterSeries struct {
	Algo  string
	N     int
	radix uint64
	size  uint64
	Keys  int // the layout's keys of the series
}

func (s *splitterSeries) String() string {
	return fmt.Sprintf("%s key of %d regions", s.Algo, s.N)
}

// splitterWidth is the width of RegionSplitter's default rows.
const splitterWidth = 8

// digits reads k as 8 digits of radix (lowercase), ok false otherwise.
func digits(k []byte, radix uint64) (uint64, bool) {
	if len(k) != splitterWidth {
		return 0, false
	}
	var v uint64
	for _, c := range k {
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		default:
			return 0, false
		}
		if d >= radix {
			return 0, false
		}
		v = v*radix + d
	}
	return v, true
}

// has reports whether k is a key of the series.
func (s *splitterSeries) has(k []byte) bool {
	v, ok := digits(k, s.radix)
	return ok && v > 0 && v%s.size == 0 && v/s.size < uint64(s.N)
}

// findSplitter looks for the series the keys come from: the smallest key of 8 digits is
// the first split, floor(range / n); the series is kept when some n gives that size and at
// least two keys (or all of n = 2's one) belong to it. Of HexStringSplit and
// DecimalStringSplit (whose keys are hex digits too) the more complete series wins, then
// the one with more of the layout's keys.
func findSplitter(keys [][]byte) *splitterSeries {
	var best *splitterSeries
	for _, c := range []struct {
		algo  string
		radix uint64
		rng   uint64
	}{{"DecimalStringSplit", 10, 100000000}, {"HexStringSplit", 16, 1 << 32}} {
		first := uint64(0)
		for _, k := range keys {
			if v, ok := digits(k, c.radix); ok && v > 0 && (first == 0 || v < first) {
				first = v
			}
		}
		if first == 0 {
			continue
		}
		n := c.rng / first
		if n < 2 || c.rng/n != first {
			continue
		}
		s := &splitterSeries{Algo: c.algo, N: int(n), radix: c.radix, size: first}
		for _, k := range keys {
			if s.has(k) {
				s.Keys++
			}
		}
		if s.Keys < min(2, s.N-1) {
			continue
		}
		if best == nil || s.complete() > best.complete() || s.complete() == best.complete() && s.Keys > best.Keys {
			best = s
		}
	}
	return best
}

// complete is the share of the series' n-1 keys the layout has.
func (s *splitterSeries) complete() float64 { return float64(s.Keys) / float64(s.N-1) }
