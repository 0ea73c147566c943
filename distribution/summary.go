package distribution

import (
	"math"
	"sync"
)

// Summary describes how evenly keys fell into regions.
type Summary struct {
	Keys    int64   `json:"keys"`
	Regions int     `json:"regions"`
	Mean    float64 `json:"mean"` // keys per region
	// Largest is the number (from 1) of the region with the most keys (the first on a tie).
	Largest      int     `json:"largest_region"`
	LargestKeys  int64   `json:"largest_keys"`
	LargestShare float64 `json:"largest_share"` // LargestKeys / Keys, 0..1
	// Skew is LargestKeys / Mean: 1 is perfectly even, Regions means one region has all.
	Skew float64 `json:"skew"`
	// CV is the coefficient of variation: population standard deviation / mean.
	CV    float64 `json:"cv"`
	Empty int     `json:"empty_regions"` // regions with no key
}

// Summarize computes the summary of per-region counts. With no keys, Mean, LargestShare,
// Skew and CV are 0 and every region is empty.
func Summarize(counts []int64) Summary {
	s := Summary{Regions: len(counts)}
	if len(counts) == 0 {
		return s
	}
	s.Largest = 1
	// The sums, the largest and the empty regions of a million counts, in parts on every
	// core: integer sums do not depend on their order, and the largest of two parts with
	// the same count is the first. The squares below are summed in order, one at a time:
	// a float sum in parts would round otherwise, and change the CV the reports print.
	var mu sync.Mutex
	inParts(len(counts), func(lo, hi int) {
		var keys, largestKeys int64
		largest, empty := -1, 0
		for i, c := range counts[lo:hi] {
			keys += c
			if c > largestKeys {
				largest, largestKeys = lo+i, c
			}
			if c == 0 {
				empty++
			}
		}
		mu.Lock()
		defer mu.Unlock()
		s.Keys += keys
		s.Empty += empty
		if largest >= 0 && (largestKeys > s.LargestKeys || largestKeys == s.LargestKeys && largest+1 < s.Largest) {
			s.Largest, s.LargestKeys = largest+1, largestKeys
		}
	})
	s.derive(counts)
	return s
}

// derive sets the figures that follow from the counts and s's keys and largest region:
// the mean, the largest region's share, the skew and the coefficient of variation (its
// squares summed in order, so that it prints the same however the counts were added up).
func (s *Summary) derive(counts []int64) {
	if s.Keys == 0 {
		return
	}
	s.Mean = float64(s.Keys) / float64(len(counts))
	s.LargestShare = float64(s.LargestKeys) / float64(s.Keys)
	s.Skew = float64(s.LargestKeys) / s.Mean
	var sq float64
	for _, c := range counts {
		d := float64(c) - s.Mean
		sq += d * d
	}
	s.CV = math.Sqrt(sq/float64(len(counts))) / s.Mean
}

// OverSkew reports whether a region of count keys is above maxSkew x mean, the one test
// of the --max-skew gate and of the page's hot regions: count / mean, as Skew is computed,
// against maxSkew with a relative 1e-12 allowance, so that a skew exactly at the limit
// (3 of 15 keys over 7 regions is 1.4, 1.4000000000000001 in float64) is within it.
func OverSkew(count int64, mean, maxSkew float64) bool {
	return maxSkew > 0 && mean > 0 && float64(count)/mean > maxSkew*(1+1e-12)
}
