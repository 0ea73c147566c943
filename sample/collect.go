package sample

import (
	"fmt"
	"math"
)

// DefaultMemory is --memory's default: 256 MiB.
const DefaultMemory = 256 << 20

// DefaultHoldout is the fraction held out when the sample has at least HoldoutMinKeys keys
// and no fraction is given.
const (
	DefaultHoldout = 0.2
	HoldoutMinKeys = 10_000
)

// Options tune a Collector.
type Options struct {
	// Memory bounds the exact keys: their bytes plus 24 bytes each stay under half of it
	// (the other half is room for the arrays to grow and for sorting). Beyond it the keys
	// stream into a sketch. 0 means DefaultMemory.
	Memory int64
	// Holdout is the fraction of keys held out of the cut to measure it on; negative means
	// the default (DefaultHoldout from HoldoutMinKeys keys, else none).
	Holdout float64
}

// Collector is a Sink that keeps keys exactly while they fit Options.Memory and streams
// them into a sketch from then on.
type Collector struct {
	opt       Options
	exact     *Weighted
	sk, held  *Sketch // sketch mode: the keys cut on, and those held out
	fraction  float64 // sketch mode: the fraction held out
	rows      uint64
	sawSketch bool
}

// NewCollector returns an empty collector.
func NewCollector(opt Options) *Collector {
	if opt.Memory <= 0 {
		opt.Memory = DefaultMemory
	}
	return &Collector{opt: opt, exact: &Weighted{}}
}

// Add adds a key of weight w.
func (c *Collector) Add(key []byte, w uint64) {
	c.rows++
	if c.sk != nil {
		if c.fraction > 0 && heldOut(key, c.fraction) {
			c.held.Add(key, w)
		} else {
			c.sk.Add(key, w)
		}
		return
	}
	c.exact.add(key, w)
	if int64(cap(c.exact.arena))+refSize*int64(cap(c.exact.refs)) > c.opt.Memory/2 {
		c.toSketch()
	}
}

// AddSketch merges a sketch in. A sketch's keys cannot be held out: with any sketch among
// the inputs, nothing is.
func (c *Collector) AddSketch(s *Sketch) error {
	if c.sk == nil {
		c.toSketch()
	}
	c.sawSketch = true
	c.rows += s.Rows()
	return c.sk.Merge(s)
}

// toSketch moves the exact keys into sketches: from here on memory stays bounded. The
// sample is at least half the memory budget by now, so the default holdout applies.
func (c *Collector) toSketch() {
	c.fraction = c.opt.Holdout
	if c.fraction < 0 {
		c.fraction = DefaultHoldout
	}
	c.sk, c.held = NewSketch(K), NewSketch(K)
	ex := c.exact
	c.exact = nil
	for _, r := range ex.refs {
		key := ex.keyOf(r)
		if c.fraction > 0 && heldOut(key, c.fraction) {
			c.held.Add(key, r.w)
		} else {
			c.sk.Add(key, r.w)
		}
	}
}

// Sample is a read sample, ready to cut.
type Sample struct {
	Exact       bool    // every key kept; else a sketch with rank error Epsilon
	Rows        uint64  // keys read, sketches' keys included
	CutRows     uint64  // keys cut on
	HoldoutRows uint64  // keys held out
	Holdout     float64 // the fraction held out; 0 when none
	// NoHoldout says why nothing is held out, when nothing is.
	NoHoldout string
	cut, held *Weighted
}

// Sample finishes the collection: the held-out keys are set apart, and both parts sorted.
func (c *Collector) Sample() *Sample {
	s := &Sample{Rows: c.rows}
	if c.sk != nil {
		if c.sawSketch {
			_ = c.sk.Merge(c.held) // same K
			c.held = NewSketch(K)
			s.NoHoldout = "the sample includes sketches, whose keys cannot be held out"
		} else if c.fraction == 0 {
			s.NoHoldout = "--holdout 0"
		}
		s.Holdout = c.fraction
		if c.held.Rows() == 0 {
			s.Holdout = 0
		}
		s.cut, s.held = c.sk.Weighted(), c.held.Weighted()
		s.CutRows, s.HoldoutRows = c.sk.Rows(), c.held.Rows()
		return s
	}
	s.Exact = true
	f := c.opt.Holdout
	switch {
	case f < 0 && c.rows >= HoldoutMinKeys:
		f = DefaultHoldout
	case f < 0:
		f = 0
		s.NoHoldout = fmt.Sprintf("fewer than %d keys: all of them are cut on (give --holdout to hold some out)", HoldoutMinKeys)
	case f == 0:
		s.NoHoldout = "--holdout 0"
	}
	ex := c.exact
	held := &Weighted{arena: ex.arena}
	if f > 0 {
		kept := ex.refs[:0]
		var heldRefs []ref
		for _, r := range ex.refs {
			if heldOut(ex.keyOf(r), f) {
				heldRefs = append(heldRefs, r)
				held.total += r.w
			} else {
				kept = append(kept, r)
			}
		}
		ex.refs = kept
		ex.total -= held.total
		held.refs = heldRefs
	}
	s.Holdout = f
	if len(held.refs) == 0 {
		s.Holdout = 0
	}
	s.CutRows, s.HoldoutRows = uint64(len(ex.refs)), uint64(len(held.refs))
	ex.sortMerge()
	held.sortMerge()
	s.cut, s.held = ex, held
	return s
}

// heldOut decides, from the key's bytes alone, whether it is held out: a fixed hash (FNV-1a,
// then a 64-bit finaliser) below fraction x 2^64. The same key always lands on the same
// side, so a run is reproducible.
func heldOut(key []byte, fraction float64) bool {
	h := uint64(14695981039346656037)
	for _, b := range key {
		h ^= uint64(b)
		h *= 1099511628211
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return float64(h) < fraction*math.Exp2(64)
}

// Distinct is the number of distinct keys cut on (for a sketch: retained).
func (s *Sample) Distinct() int { return s.cut.Len() }

// Cut is a sample's boundaries for a region count.
type Cut struct {
	Keys   [][]byte
	Shares []float64 // the weight cut on, per region
	Held   []float64 // the held-out weight per region; nil when none is held out
}

// Cut chooses the split keys for regions regions; with delim, never inside a leading
// field. A *TooFewError when the sample cannot give that many regions.
func (s *Sample) Cut(regions int, delim []byte) (*Cut, error) {
	keys, shares, err := Boundaries(s.cut, regions, delim)
	if err != nil {
		if tf, ok := err.(*TooFewError); ok {
			tf.Sketch = !s.Exact
		}
		return nil, err
	}
	c := &Cut{Keys: keys, Shares: shares}
	if s.held.Len() > 0 {
		c.Held = Shares(s.held, keys)
	}
	return c, nil
}
