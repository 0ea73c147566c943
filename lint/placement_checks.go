package lint

// The checks of the rowkey as a whole against the split: keys shaped like the described
// rowkey (each prefix value, the delimiter, a tail) are placed into the split's regions
// (package keyshape, with distribution's Locator) before the plan is printed.

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/presplit/presplit/distribution"
	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/keyshape"
	"github.com/presplit/presplit/splits"
)

// runCache is what one Run derives once for several analyzers.
type runCache struct {
	placed  bool
	shape   keyshape.Shape
	placing keyshape.Placement
	loc     *distribution.Locator
	ok      bool
}

// placement places the rowkey's shape into the split, once per Run; ok false when there is
// nothing to place (no prefix, no split, a split cut from a sample, too many prefix values,
// keys out of order: RG001's).
func (p *Pass) placement() (keyshape.Shape, keyshape.Placement, *distribution.Locator, bool) {
	c := p.cache
	if c == nil {
		c = &runCache{}
	}
	if !c.placed {
		c.placed = true
		c.shape, c.placing, c.loc, c.ok = p.place()
	}
	return c.shape, c.placing, c.loc, c.ok
}

func (p *Pass) place() (keyshape.Shape, keyshape.Placement, *distribution.Locator, bool) {
	// A prefix read off the split's own algorithm (HexStringSplit's keys are hex of their
	// width) says nothing of the keys beyond the algorithm's range: nothing to check.
	if p.Split == nil || p.Prefix == nil || p.SplitSource == splits.SourceSample || p.PrefixOfSplit || p.Split.Keys.Len() == 0 {
		return keyshape.Shape{}, keyshape.Placement{}, nil, false
	}
	s := keyshape.Shape{Alphabet: p.Prefix.Alphabet, Width: p.Prefix.Width, Values: p.PrefixValues, Delimiter: p.delimiterAfterPrefix()}
	if s.Width == 0 {
		// A width chosen by Generate: the keys' own, less the suffix.
		w, same := p.Split.Keys.Width()
		if !same {
			return s, keyshape.Placement{}, nil, false
		}
		s.Width = w - len(p.Suffix)
	}
	if p.Prefix.Name == "byte" {
		s.Tail = []byte{0x00, 0xFF} // a salt byte is followed by any bytes
	}
	// The locator verify would use: by the split's rule when it has one, which costs no
	// tables to build.
	loc, err := distribution.NewSplitLocator(p.Split.Keys, p.Split.Rule)
	if err != nil {
		return s, keyshape.Placement{}, nil, false
	}
	if _, ok := s.Count(); !ok {
		// Too many values to place one by one (hex:6 and wider): each region's share is
		// counted from its bounds instead, so RG015 still measures it; which regions no
		// key reaches (RG014) needs each bucket placed and is not judged.
		pl, ok := keyshape.Measure(s, p.Split.Keys)
		return s, pl, loc, ok
	}
	pl, ok := keyshape.Place(s, loc)
	return s, pl, loc, ok
}

// regionText is region r (0-based) as every output numbers it, from 1, with its bounds.
func regionText(loc *distribution.Locator, r int) string {
	keys := loc.Keys()
	start, end := "", ""
	if r > 0 {
		start = "'" + keyText(keys[r-1]) + "'"
	}
	if r < len(keys) {
		end = "'" + keyText(keys[r]) + "'"
	}
	return fmt.Sprintf("region %d [%s, %s)", r+1, start, end)
}

// shapeText describes the rowkey's shape: "dec:2, then '|', then the rest".
func (p *Pass) shapeText(s keyshape.Shape) string {
	pre := p.shape()
	t := field.Quote(pre.name)
	if s.Values > 0 {
		t = fmt.Sprintf("the first %d values of %s", s.Values, field.Quote(pre.name))
	}
	if len(s.Delimiter) > 0 {
		t += fmt.Sprintf(", then '%s'", keyText(s.Delimiter))
	}
	return t + ", then the rest of the key"
}

// placementFix is how to make the split fit the keys, from what made it not fit.
func (p *Pass) placementFix(s keyshape.Shape) string {
	pre := p.shape()
	if len(p.Suffix) > 0 && len(s.Delimiter) > 0 && suffixInsideRows(p.Suffix, s.Delimiter) {
		return suffixAfterDelimiterFix(s.Delimiter)
	}
	if s.Values > 0 {
		return fmt.Sprintf("split over the %d values the prefix takes: generate the keys from %s with %s", s.Values,
			field.Set("rowkey.prefix", pre.name), field.Set("rowkey.prefix_values", fmt.Sprint(s.Values)))
	}
	return "split on the prefix itself: generate the keys from " + field.Set("rowkey.prefix", pre.name)
}

// suffixInsideRows says a bucket's closing key, prefix + suffix, does not sort after its
// rows, prefix + delim + the rest: the suffix sorts at or below the delimiter, or begins
// with it (RG002's two cases).
func suffixInsideRows(suffix, delim []byte) bool {
	return bytes.Compare(suffix, delim) <= 0 || bytes.HasPrefix(suffix, delim)
}

// suffixAfterDelimiterFix is the advice for a suffix at or below the delimiter after the
// prefix: no suffix, or one that sorts after the delimiter.
func suffixAfterDelimiterFix(delim []byte) string {
	fix := "split at the next prefix without a suffix ('01', '02', ...: the exact equivalent, no empty region)"
	if delim[0] < '~' {
		fix += fmt.Sprintf(", or use a suffix that sorts after the delimiter '%s', like '~' (0x7E)", keyText(delim))
	}
	return fix
}

// RG014: regions no key shaped like the rowkey reaches.
var RG014 = &Analyzer{
	Code: "RG014", Severity: finding.Error,
	Doc: "regions no key shaped like the rowkey (prefix, delimiter, the rest) reaches: they stay empty",
	Run: func(p *Pass) {
		s, pl, loc, ok := p.placement()
		if !ok {
			return
		}
		empty := pl.Empty()
		if len(empty) == 0 {
			return
		}
		r := empty[0]
		why := ""
		if r < len(loc.Keys()) {
			// The keys of the bucket the region was meant for sort at or after its end.
			if b := firstBucketFrom(s, pl, r); b != nil {
				why = fmt.Sprintf(": the lowest key of prefix %s, '%s', sorts at or after its end key", keyText(b), keyText(s.Low(b)))
			}
		}
		others := ""
		if len(empty) > 1 {
			names := make([]string, 0, 5)
			for _, e := range empty[1:min(len(empty), 5)] {
				names = append(names, fmt.Sprint(e+1))
			}
			more := ""
			if len(empty) > 5 {
				more = ", ..."
			}
			others = fmt.Sprintf(" (also regions %s%s)", strings.Join(names, ", "), more)
		}
		verb := "hold"
		if len(empty) == 1 {
			verb = "holds"
		}
		p.Report(p.splitPos(), p.placementFix(s),
			"%d of %d regions %s no key shaped like the rowkey (%s): %s stays empty%s%s",
			len(empty), len(pl.Own), verb, p.shapeText(s), regionText(loc, r), why, others)
	},
}

// firstBucketFrom is the first bucket whose keys sort at or after region r's start: the
// bucket r was meant to hold.
func firstBucketFrom(s keyshape.Shape, pl keyshape.Placement, r int) []byte {
	for ; r < len(pl.FirstOwn); r++ {
		if pl.FirstOwn[r] >= 0 {
			return s.Bucket(uint64(pl.FirstOwn[r]))
		}
	}
	return nil
}

// RG015: a region holding more than its share of the prefix's values.
var RG015 = &Analyzer{
	Code: "RG015", Severity: finding.Warning,
	Doc: "a region holds more than one region's share of the prefix values the keys take",
	Run: func(p *Pass) {
		s, pl, loc, ok := p.placement()
		if !ok {
			return
		}
		over := pl.Overfull()
		if len(over) == 0 {
			return
		}
		r := over[0]
		first := uint64(pl.FirstOwn[r])
		last := first + pl.Own[r] - 1
		more := ""
		if len(over) > 1 {
			more = fmt.Sprintf("; %d regions hold more than their share", len(over))
		}
		p.Report(p.splitPos(), p.placementFix(s),
			"%s holds %d prefix values (%s..%s) of the rowkey (%s), more than one region's share (%d: %d values over %d regions)%s",
			regionText(loc, r), pl.Own[r], keyText(s.Bucket(first)), keyText(s.Bucket(last)),
			p.shapeText(s), pl.Share(), pl.Buckets, len(pl.Own), more)
	},
}
