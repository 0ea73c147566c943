// Package sampleoracle is the brute-force cut of a weighted sample into regions, written
// plainly. It is the oracle that both the sample package's tests and the CLI's golden tests
// check presplit's cut against; no product code uses it.
package sampleoracle

import (
	"math"
	"sort"
	"strings"
)

// Key is a sample key with its weight (1 for a key line; the count of a KEY<TAB>WEIGHT line).
type Key struct {
	Key    string
	Weight uint64
}

// Cut sorts the sample, merges equal keys, and for each target i/regions of the weight
// takes the allowed cut (between two keys; with delim, between two leading fields) whose
// weight before it is nearest (the lower on a tie). It pushes cuts apart so they strictly
// increase, and cuts each at the shortest key that separates its neighbours. The keys come
// back as raw bytes in strings; nil when the sample allows fewer than regions-1 cuts.
func Cut(sample []Key, regions int, delim string) []string {
	keys, weights := distinct(sample)
	lead := func(s string) string {
		if delim != "" {
			if i := strings.Index(s, delim); i >= 0 {
				return s[:i]
			}
		}
		return s
	}
	var allowed []int
	var before []float64
	total := 0.0
	for j := range keys {
		if j > 0 && lead(keys[j-1]) != lead(keys[j]) {
			allowed = append(allowed, j)
			before = append(before, total)
		}
		total += float64(weights[j])
	}
	if len(allowed)+1 < regions {
		return nil
	}
	picks := pick(before, total, regions)
	out := []string{}
	for _, p := range picks {
		a, b := keys[allowed[p]-1], keys[allowed[p]]
		n := 0
		for n < len(a) && a[n] == b[n] {
			n++
		}
		out = append(out, b[:n+1])
	}
	return out
}

// distinct sorts the sample's keys and sums the weights of each distinct key.
func distinct(sample []Key) (keys []string, weights []uint64) {
	sorted := append([]Key(nil), sample...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Key < sorted[j].Key })
	for _, k := range sorted {
		if len(keys) > 0 && keys[len(keys)-1] == k.Key {
			weights[len(weights)-1] += k.Weight
			continue
		}
		keys = append(keys, k.Key)
		weights = append(weights, k.Weight)
	}
	return keys, weights
}

// pick chooses, for each of the regions-1 cuts, the allowed place (before[a] is the
// weight before place a) nearest its share of total, every cut after the one before.
func pick(before []float64, total float64, regions int) []int {
	picks := make([]int, regions-1)
	for i := range picks {
		target := total * float64(i+1) / float64(regions)
		best := 0
		for a := range before {
			if math.Abs(before[a]-target) < math.Abs(before[best]-target) {
				best = a
			}
		}
		lo, hi := i, len(before)-(regions-1)+i
		best = max(lo, min(best, hi))
		if i > 0 && best <= picks[i-1] {
			best = picks[i-1] + 1
		}
		picks[i] = best
	}
	return picks
}
