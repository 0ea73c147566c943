// Package simulate shows, before any data exists, how the rowkey patterns of the HBase
// design guides spread writes: it generates ids (sequential, random, timestamps), builds
// each scheme's rowkeys in arrival order, places them in the regions presplit would plan
// for the scheme, and measures the skew overall and over the newest writes.
package simulate

import (
	"bufio"
	"crypto/md5"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/presplit/presplit/field"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/presplit/presplit/distribution"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/splits"
)

// IDs is how ids arrive.
type IDs string

// The id kinds. Every id is 13 decimal digits, so plain keys sort like the numbers.
const (
	Sequential IDs = "sequential" // 1000000000000, 1000000000001, ... (an auto-increment)
	Random     IDs = "random"     // uniform in 0..9999999999999, zero-padded
	Timestamp  IDs = "timestamp"  // epoch milliseconds from 1700000000000, 0-2 ms apart
)

// IDKinds lists the id kinds in the order help shows them.
var IDKinds = []IDs{Sequential, Random, Timestamp}

// ParseIDs reads an id kind.
func ParseIDs(s string) (IDs, error) {
	for _, k := range IDKinds {
		if string(k) == s {
			return k, nil
		}
	}
	return "", field.Errorf("simulate.ids", "must be sequential, random or timestamp, got %q", s)
}

const (
	idDigits  = 13
	idBase    = 1_000_000_000_000
	tsBase    = 1_700_000_000_000
	longMax   = 1<<63 - 1
	maxSaltB  = 10
	maxHashW  = 8
	maxModW   = 8
	hotWindow = 0.10 // the newest share of writes that makes the write hotspot
)

// Scheme is a rowkey pattern.
type Scheme struct {
	Kind  string // plain, salt, hash, mod, reverse, composite
	Param int    // salt buckets B, hash or mod width W; 0 otherwise
}

// String is the scheme in the --scheme grammar: plain, salt:10, hash:2, ...
func (s Scheme) String() string {
	if s.Param > 0 {
		return s.Kind + ":" + strconv.Itoa(s.Param)
	}
	return s.Kind
}

// DefaultSchemes is every scheme with the design guides' parameters.
var DefaultSchemes = []Scheme{{"plain", 0}, {"salt", 10}, {"hash", 2}, {"mod", 2}, {"reverse", 0}, {"composite", 0}}

// ParseScheme reads plain, salt:B (2..10), hash:W (1..8), mod:W (1..8), reverse or composite.
func ParseScheme(s string) (Scheme, error) {
	kind, param, hasParam := strings.Cut(s, ":")
	bounds := map[string][2]int{"salt": {2, maxSaltB}, "hash": {1, maxHashW}, "mod": {1, maxModW}}
	switch kind {
	case "plain", "reverse", "composite":
		if hasParam {
			return Scheme{}, field.Errorf("simulate.scheme", "%s takes no parameter, got %q", kind, s)
		}
		return Scheme{Kind: kind}, nil
	case "salt", "hash", "mod":
		b := bounds[kind]
		what := "W"
		if kind == "salt" {
			what = "B"
		}
		n, err := strconv.Atoi(param)
		if !hasParam || err != nil || n < b[0] || n > b[1] {
			return Scheme{}, field.Errorf("simulate.scheme", "%s:%s needs %s from %d to %d, got %q", kind, what, what, b[0], b[1], s)
		}
		return Scheme{Kind: kind, Param: n}, nil
	}
	return Scheme{}, field.Errorf("simulate.scheme", "must be plain, salt:B, hash:W, mod:W, reverse or composite, got %q", s)
}

// Prefix is the --prefix presplit plans this scheme's keys with.
func (s Scheme) Prefix() string {
	switch s.Kind {
	case "salt":
		return "chars:" + "0123456789"[:s.Param] + ":1"
	case "hash":
		return "hex:" + strconv.Itoa(s.Param)
	case "mod":
		return "dec:" + strconv.Itoa(s.Param)
	case "composite":
		return "dec:2"
	}
	return "dec" // plain and reverse: decimal digits, as wide as the region count needs
}

// PointRead is what reading one id costs over a split of regions regions. A salt of B
// buckets reads the id once per bucket, B gets, and they reach every region that holds a
// bucket: all B when each bucket has its own region, all of them when there are fewer
// regions than buckets (each region then holds whole buckets, at least one).
func (s Scheme) PointRead(regions int) string {
	if s.Kind == "salt" {
		if regions < s.Param {
			return fmt.Sprintf("%d gets, %d %s", s.Param, regions, pluralRegion(regions))
		}
		return fmt.Sprintf("%d regions", s.Param)
	}
	return "1 region"
}

// pluralRegion is "region" or "regions" for n.
func pluralRegion(n int) string {
	if n == 1 {
		return "region"
	}
	return "regions"
}

// RangeScan says whether ids a..b can be read with a scan.
func (s Scheme) RangeScan() string {
	switch s.Kind {
	case "plain":
		return "yes"
	case "salt":
		return fmt.Sprintf("yes, %d scans", s.Param)
	case "composite":
		return "one id's rows only"
	}
	return "no"
}

// Write is one generated write: everything a scheme's key is made of.
type Write struct {
	ID     [idDigits]byte // decimal digits
	Digest [md5.Size]byte // md5 of ID
	TS     int64          // arrival time, epoch milliseconds
	Salt   uint32         // random; salt:B uses Salt % B as the bucket
}

// Generator produces writes in arrival order; the same seed gives the same writes.
type Generator struct {
	ids IDs
	rng *rand.Rand
	n   int64
	ts  int64
}

// NewGenerator returns a generator of ids of the given kind.
func NewGenerator(ids IDs, seed uint64) *Generator {
	return &Generator{ids: ids, rng: rand.New(rand.NewPCG(seed, 0x9E3779B97F4A7C15)), ts: tsBase}
}

// Next fills w with the next write.
func (g *Generator) Next(w *Write) {
	var id int64
	switch g.ids {
	case Random:
		id = g.rng.Int64N(10 * idBase)
	case Timestamp:
		id = g.ts
	default:
		id = idBase + g.n
	}
	w.TS = g.ts
	g.ts += g.rng.Int64N(3)
	g.n++
	for i := idDigits - 1; i >= 0; i-- {
		w.ID[i] = byte('0' + id%10)
		id /= 10
	}
	w.Digest = md5.Sum(w.ID[:])
	w.Salt = g.rng.Uint32()
}

// AppendKey appends the scheme's rowkey for w to dst.
func (s Scheme) AppendKey(dst []byte, w *Write) []byte {
	switch s.Kind {
	case "salt":
		dst = append(dst, byte('0'+w.Salt%uint32(s.Param)), '_')
		return append(dst, w.ID[:]...)
	case "hash":
		const hexDigits = "0123456789abcdef"
		for i := range s.Param {
			b := w.Digest[i/2]
			if i%2 == 0 {
				b >>= 4
			}
			dst = append(dst, hexDigits[b&0xF])
		}
		return append(dst, w.ID[:]...)
	case "mod":
		dst = appendDigits(dst, binary.BigEndian.Uint64(w.Digest[:8])%pow10(s.Param), s.Param)
		return append(dst, w.ID[:]...)
	case "reverse":
		for i := idDigits - 1; i >= 0; i-- {
			dst = append(dst, w.ID[i])
		}
		return dst
	case "composite":
		dst = appendDigits(dst, binary.BigEndian.Uint64(w.Digest[:8])%100, 2)
		dst = append(dst, w.ID[:]...)
		return appendDigits(dst, uint64(longMax-w.TS), 19)
	}
	return append(dst, w.ID[:]...)
}

func pow10(n int) uint64 {
	p := uint64(1)
	for range n {
		p *= 10
	}
	return p
}

// appendDigits appends v as exactly width decimal digits.
func appendDigits(dst []byte, v uint64, width int) []byte {
	var buf [20]byte
	for i := width - 1; i >= 0; i-- {
		buf[i] = byte('0' + v%10)
		v /= 10
	}
	return append(dst, buf[:width]...)
}

// Config is one simulation.
type Config struct {
	IDs     IDs
	Count   int // writes
	Regions int // regions asked for; a scheme with fewer prefixes gets as many as it has
	Seed    uint64
	Schemes []Scheme
}

// Result is one scheme's row.
type Result struct {
	Scheme    string  `json:"scheme"`
	Prefix    string  `json:"prefix"`   // the --prefix its split keys were planned with
	Regions   int     `json:"regions"`  // regions of its split
	Skew      float64 `json:"skew"`     // largest region / mean, all writes
	HotSkew   float64 `json:"hot_skew"` // largest region / mean, newest 10% of writes
	HotShare  float64 `json:"hot_share"`
	PointRead string  `json:"point_read"`
	RangeScan string  `json:"range_scan"`
	Counts    []int64 `json:"-"` // writes per region, all
	HotCounts []int64 `json:"-"` // writes per region, newest 10%
}

// Run simulates every scheme on the same writes.
func Run(cfg Config) ([]Result, error) {
	if cfg.Count < 1 {
		return nil, errors.New("count must be at least 1")
	}
	type plan struct {
		scheme Scheme
		loc    *distribution.Locator
		res    Result
	}
	plans := make([]plan, len(cfg.Schemes))
	for i, s := range cfg.Schemes {
		p, err := splits.ParsePrefix(s.Prefix())
		if err != nil {
			return nil, fmt.Errorf("scheme %s: %w", s, err)
		}
		split, err := splits.Generate(p, cfg.Regions, splits.Options{})
		var tooMany *splits.TooManyRegionsError
		if errors.As(err, &tooMany) {
			// The prefix has fewer values than regions: one region per value.
			split, err = splits.Generate(p, int(tooMany.Capacity), splits.Options{})
		}
		if err != nil {
			return nil, fmt.Errorf("scheme %s: %w", s, err)
		}
		loc, err := distribution.NewKeysLocator(split.Keys)
		if err != nil {
			return nil, fmt.Errorf("scheme %s: %w", s, err)
		}
		n := loc.Regions()
		plans[i] = plan{scheme: s, loc: loc, res: Result{Scheme: s.String(), Prefix: s.Prefix(), Regions: n,
			PointRead: s.PointRead(n), RangeScan: s.RangeScan(), Counts: make([]int64, n), HotCounts: make([]int64, n)}}
	}
	hotFrom := cfg.Count - max(int(float64(cfg.Count)*hotWindow), 1)
	g := NewGenerator(cfg.IDs, cfg.Seed)
	var w Write
	key := make([]byte, 0, 64)
	for i := range cfg.Count {
		g.Next(&w)
		for j := range plans {
			p := &plans[j]
			key = p.scheme.AppendKey(key[:0], &w)
			r := p.loc.Locate(key)
			p.res.Counts[r]++
			if i >= hotFrom {
				p.res.HotCounts[r]++
			}
		}
	}
	out := make([]Result, len(plans))
	for i, p := range plans {
		all, hot := distribution.Summarize(p.res.Counts), distribution.Summarize(p.res.HotCounts)
		p.res.Skew, p.res.HotSkew, p.res.HotShare = all.Skew, hot.Skew, hot.LargestShare
		out[i] = p.res
	}
	return out, nil
}

// WriteKeys writes count keys of the scheme, in arrival order, one toStringBinary line each.
func WriteKeys(out io.Writer, s Scheme, ids IDs, count int, seed uint64) error {
	bw := bufio.NewWriterSize(out, 1<<16)
	g := NewGenerator(ids, seed)
	var w Write
	key := make([]byte, 0, 64)
	line := make([]byte, 0, 256)
	for range count {
		g.Next(&w)
		key = s.AppendKey(key[:0], &w)
		line = append(hbytes.AppendStringBinary(line[:0], key), '\n')
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}
