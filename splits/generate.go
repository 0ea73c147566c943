package splits

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
)

// MaxRegions is the largest region count Generate and RegionSplitter accept,
// hbase.MaxRegions: small enough that a typo cannot exhaust memory.
const MaxRegions = hbase.MaxRegions

// MaxImbalance is the imbalance (largest run / mean run) a width-less hex, HEX or dec prefix
// stays within: Generate picks the smallest width that keeps it.
const MaxImbalance = 1.01

// Align values.
const (
	AlignExact = "exact"
	AlignEven  = "even"
)

// TooManyRegionsError is a region count larger than the number of prefixes: some regions
// would own no prefix at all.
type TooManyRegionsError struct {
	Regions  int    // the count asked for
	Prefix   Prefix // the prefix that cannot hold it
	Capacity uint64 // Prefix's number of prefixes (< Regions, so it always fits)
	// Wider is the narrowest wider prefix of the same alphabet that holds Regions; nil when
	// there is none (byte:B is one byte).
	Wider         *Prefix
	WiderCapacity uint64
}

// Detail is the error without its leading count: "the 256 prefixes of hex:2; use hex:3
// (4096) or at most 256 regions". Callers that name the count themselves (the --regions
// flag) start their message with it.
func (e *TooManyRegionsError) Detail() string {
	s := fmt.Sprintf("the %d prefixes of %s; use ", e.Capacity, e.Prefix)
	if e.Wider != nil {
		s += fmt.Sprintf("%s (%d) or ", e.Wider, e.WiderCapacity)
	}
	return s + fmt.Sprintf("at most %d regions", e.Capacity)
}

func (e *TooManyRegionsError) Error() string {
	return fmt.Sprintf("%d regions exceed %s", e.Regions, e.Detail())
}

// RegionsError is a region count outside 1..MaxRegions.
type RegionsError struct{ Regions int }

func (e *RegionsError) Error() string { return "regions " + e.Rule() }

// Field is the input the error is about (field.Error).
func (e *RegionsError) Field() string { return "splits.regions" }

// Rule is what is wrong with the count.
func (e *RegionsError) Rule() string {
	if e.Regions < 1 {
		return fmt.Sprintf("must be at least 1, got %d", e.Regions)
	}
	return fmt.Sprintf("must be at most %d, got %d", MaxRegions, e.Regions)
}

// MultipleError is Align "even" with Options.Multiple when no count of at least Regions
// both divides the prefixes evenly and is a multiple of Multiple: a dec prefix's 10^w
// prefixes have no divisor that 7 RegionServers divide.
type MultipleError struct {
	Prefix   Prefix // Width 0: the prefix at every width
	Values   uint64 // Options.Values (0: all the prefix's values)
	Regions  int    // the count asked for
	Multiple int
}

// Prefixes says which prefixes the count was to divide.
// (The prefix quoted when it is not plain: a chars alphabet's braces are no field ref.)
func (e *MultipleError) Prefixes() string {
	name := field.Quote(e.Prefix.String())
	switch {
	case e.Values > 0:
		return fmt.Sprintf("the first %d values of %s", e.Values, name)
	case e.Prefix.Width == 0:
		return fmt.Sprintf("the prefixes of %s at any width", name)
	}
	return fmt.Sprintf("the %s prefixes of %s", e.Prefix.Size(), name)
}

func (e *MultipleError) Error() string {
	return fmt.Sprintf("no count of %d regions or more divides %s evenly and is a multiple of %d", e.Regions, e.Prefixes(), e.Multiple)
}

// MaxKeyBytes is the most bytes of split keys Generate makes: they are held in one buffer
// until written, and a long suffix times many regions (30,000 bytes x 1,000,000) would ask
// for more memory than the machine has.
const MaxKeyBytes = 1 << 30

// KeyBytesError is a split whose keys would take more than MaxKeyBytes.
type KeyBytesError struct {
	Regions, KeyLen int
	Why             string // what makes the keys long, and the fix
}

func (e *KeyBytesError) Error() string { return "regions " + e.Rule() }

// Field is the input the error is about (field.Error).
func (e *KeyBytesError) Field() string { return "splits.regions" }

// Rule is the keys' size and the bound.
func (e *KeyBytesError) Rule() string {
	return fmt.Sprintf("%d split keys of %d bytes (%s) take %.4g bytes, more than the %d (1 GiB) presplit holds",
		e.Regions-1, e.KeyLen, e.Why, float64(e.Regions-1)*float64(e.KeyLen), MaxKeyBytes)
}

// checkKeyBytes refuses a split of keys of keyLen bytes that would take more than
// MaxKeyBytes; why says what makes them that long.
func checkKeyBytes(regions, keyLen int, why string) error {
	if float64(regions-1)*float64(keyLen) > MaxKeyBytes {
		return &KeyBytesError{Regions: regions, KeyLen: keyLen, Why: why}
	}
	return nil
}

// suffixKeyBytes is checkKeyBytes for a prefix of width and a suffix.
func suffixKeyBytes(regions, width int, suffix []byte) error {
	return checkKeyBytes(regions, width+len(suffix), fmt.Sprintf("%d of them the suffix: give fewer regions or a shorter suffix", len(suffix)))
}

// SuffixError is a --suffix that does not close its region: some key of the region before
// the split key would sort after it.
type SuffixError struct {
	Suffix []byte
	Prefix Prefix
	Reason string
}

func (e *SuffixError) Error() string { return "suffix " + e.Rule() }

// Field is the input the error is about (field.Error).
func (e *SuffixError) Field() string { return "rowkey.suffix" }

// Rule is the suffix and why it does not close its region.
func (e *SuffixError) Rule() string {
	return fmt.Sprintf("%q %s", hbytes.ToStringBinary(e.Suffix), e.Reason)
}

// generate is Generate's body: see api.go.
func generate(p Prefix, regions int, opt Options) (Split, error) {
	align, err := checkGenerate(p, regions, opt)
	if err != nil {
		return Split{}, err
	}
	var notes []string
	if opt.Values > 0 {
		return generateValues(p, regions, opt, align)
	}
	multiple := uint64(1)
	if align == AlignEven && opt.Multiple > 1 {
		multiple = uint64(opt.Multiple)
	}
	if p.Width == 0 {
		if multiple > 1 && !smoothOver(uint64(len(p.Alphabet)), multiple) {
			return Split{}, &MultipleError{Prefix: p, Regions: regions, Multiple: opt.Multiple}
		}
		var note string
		p, note = chooseWidth(p, regions, align == AlignEven, multiple)
		if regions > 1 {
			notes = append(notes, note)
		}
	} else if size := p.Size(); size.Cmp(big.NewInt(int64(regions))) < 0 {
		return Split{}, tooMany(p, regions)
	}
	size := p.Size()
	if align == AlignEven {
		d, note, err := evenCount(p, size, regions, multiple)
		if err != nil {
			return Split{}, err
		}
		if note != "" {
			notes = append(notes, note)
		}
		regions = d
	}
	if err := suffixKeyBytes(regions, p.Width, opt.Suffix); err != nil {
		return Split{}, err
	}
	keys, owned := edges(p, size, regions, opt.Suffix)
	count, ok := p.Count()
	return Split{
		Spec:   p.String(),
		Suffix: clone(opt.Suffix),
		Keys:   keys,
		Owned:  owned,
		Rule:   rule(p, count, ok, regions, opt.Suffix),
		Notes:  notes,
	}, nil
}

// evenCount is the count Align "even" makes of regions over the size prefixes of p (a
// width chosen): the smallest from regions on that divides them and is a multiple of
// multiple, and the note that says so when it is not regions.
func evenCount(p Prefix, size *big.Int, regions int, multiple uint64) (int, string, error) {
	c, ok := p.Count()
	if !ok || c > math.MaxInt64 {
		c = math.MaxInt64 // every count up to MaxRegions is below it
	}
	d := smallestDivisorAtLeast(len(p.Alphabet), p.Width, regions, c, multiple)
	switch {
	case d == 0:
		return 0, "", &MultipleError{Prefix: p, Regions: regions, Multiple: int(multiple)}
	case d > MaxRegions:
		return 0, "", &RegionsError{Regions: d}
	case d == regions:
		return d, "", nil
	}
	per := new(big.Int).Quo(size, big.NewInt(int64(d)))
	return d, fmt.Sprintf("%s even raised %d regions to %d: %s of %s each", field.Ref("splits.align"), regions, d, prefixesText(per.String()), p), nil
}

// prefixesText is n prefixes, or 1 prefix.
func prefixesText(n string) string {
	if n == "1" {
		return "1 prefix"
	}
	return n + " prefixes"
}

// checkGenerate checks generate's arguments and returns the alignment, AlignExact when
// opt gives none.
func checkGenerate(p Prefix, regions int, opt Options) (string, error) {
	if err := p.validate(); err != nil {
		return "", err
	}
	align := opt.Align
	if align == "" {
		align = AlignExact
	}
	if align != AlignExact && align != AlignEven {
		return "", fmt.Errorf("align must be %q or %q, got %q", AlignExact, AlignEven, opt.Align)
	}
	if regions < 1 || regions > MaxRegions {
		return "", &RegionsError{Regions: regions}
	}
	return align, checkSuffix(p, opt.Suffix)
}

func clone(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return append([]byte(nil), b...)
}

func tooMany(p Prefix, regions int) error {
	c, _ := p.Count() // smaller than regions, so it fits
	e := &TooManyRegionsError{Regions: regions, Prefix: p, Capacity: c}
	if w, wc, ok := p.wider(regions); ok {
		e.Wider, e.WiderCapacity = &w, wc
	}
	return e
}

// checkSuffix: every key of a region is its prefix followed by bytes of the alphabet (true
// of hash-hex and zero-padded decimal keys), so the suffix must sort after any run of
// alphabet bytes: after skipping leading copies of the largest alphabet byte, the next suffix
// byte must be larger than it. After a byte:B salt the next byte can be anything.
func checkSuffix(p Prefix, s []byte) error {
	if len(s) == 0 {
		return nil
	}
	if p.Name == "byte" {
		return &SuffixError{Suffix: s, Prefix: p, Reason: fmt.Sprintf(
			"cannot close a bucket of %s: the byte after a salt can be anything; leave the suffix out", p)}
	}
	top := p.Alphabet[len(p.Alphabet)-1]
	i := 0
	for i < len(s) && s[i] == top {
		i++
	}
	if i < len(s) && s[i] > top {
		return nil
	}
	reason := fmt.Sprintf("does not sort after every key of its region: bytes up to %q can follow a %s prefix",
		hbytes.ToStringBinary([]byte{top}), p)
	switch {
	case top < '|':
		reason += `; use "|"`
	case top < '~':
		reason += `; use "~"`
	case top < 0xFF:
		reason += `; use "\xFF"`
	}
	return &SuffixError{Suffix: s, Prefix: p, Reason: reason}
}

// chooseWidth resolves a width-less hex, HEX or dec prefix: the smallest width whose
// imbalance stays within MaxImbalance (with even, the smallest width some count >= regions
// divides exactly; the even alignment itself then raises the count).
func chooseWidth(p Prefix, regions int, even bool, multiple uint64) (Prefix, string) {
	a := uint64(len(p.Alphabet))
	n := uint64(regions)
	if even {
		// The smallest count >= regions whose prime factors all divide the alphabet size
		// (and a multiple of multiple, itself made of them: the caller checked), then the
		// narrowest width it divides.
		d := multiple * smallestSmooth(a, (n+multiple-1)/multiple)
		w := 1
		for {
			c, _ := powUint64(a, w)
			if c%d == 0 {
				break
			}
			w++
		}
		p.Width = w
		return p, fmt.Sprintf("%s %s: width %d chosen so %d regions own equal runs", field.Ref("rowkey.prefix"), p.Name, w, d)
	}
	for w := 1; ; w++ {
		c, ok := powUint64(a, w)
		if !ok {
			// Cannot happen for regions <= MaxRegions; stay correct anyway.
			p.Width = w
			return p, fmt.Sprintf("%s %s: width %d chosen", field.Ref("rowkey.prefix"), p.Name, w)
		}
		if c < n {
			continue
		}
		hiRun := (c + n - 1) / n
		// hiRun / (c/n) <= MaxImbalance  <=>  100*hiRun*n <= 101*c
		hi, lo := bits.Mul64(hiRun*100, n)
		h2, l2 := bits.Mul64(c, 101)
		if hi < h2 || (hi == h2 && lo <= l2) {
			p.Width = w
			imb := float64(hiRun) * float64(n) / float64(c)
			return p, fmt.Sprintf("%s %s: width %d keeps the imbalance within 1%% (%s)", field.Ref("rowkey.prefix"),
				p.Name, w, strconv.FormatFloat(imb, 'f', 4, 64))
		}
	}
}

// primes of n (n <= 256).
func primeFactors(n uint64) []uint64 {
	var ps []uint64
	for f := uint64(2); f*f <= n; f++ {
		if n%f == 0 {
			ps = append(ps, f)
			for n%f == 0 {
				n /= f
			}
		}
	}
	if n > 1 {
		ps = append(ps, n)
	}
	return ps
}

// smallestSmooth is the smallest number >= n made of the primes of a (a >= 2).
func smallestSmooth(a, n uint64) uint64 {
	ps := primeFactors(a)
	best := uint64(math.MaxUint64)
	var walk func(i int, v uint64)
	walk = func(i int, v uint64) {
		if v >= n {
			if v < best {
				best = v
			}
			return
		}
		if i == len(ps) {
			return
		}
		for ; v < best; v *= ps[i] {
			walk(i+1, v)
			if v > math.MaxUint64/ps[i] {
				return
			}
		}
	}
	walk(0, 1)
	return best
}

// smallestDivisorAtLeast is the smallest divisor of a^w that is >= n and a multiple of m
// (m >= 1), limit being a^w capped (a^w is itself a divisor, so the answer never exceeds
// it); 0 when m divides no divisor of a^w, as 7 divides no power of 10. A divisor that m
// divides is m times a divisor of a^w / m at least ceil(n / m).
func smallestDivisorAtLeast(a, w, n int, limit, m uint64) int {
	if a == 1 {
		if m > 1 {
			return 0
		}
		return 1
	}
	ps := primeFactors(uint64(a))
	caps := make([]int, len(ps))
	rest := m
	for i, p := range ps {
		e, x := 0, uint64(a)
		for x%p == 0 {
			x /= p
			e++
		}
		caps[i] = e * w
		for ; rest%p == 0; rest /= p {
			if caps[i]--; caps[i] < 0 {
				return 0 // m has more of p than a^w
			}
		}
	}
	if rest != 1 {
		return 0 // a prime of m's that a does not have
	}
	least := (uint64(n) + m - 1) / m
	best := limit / m
	var walk func(i int, v uint64)
	walk = func(i int, v uint64) {
		if v >= least {
			if v < best {
				best = v
			}
			return
		}
		if i == len(ps) {
			return
		}
		for e := 0; e <= caps[i] && v < best; e++ {
			walk(i+1, v)
			if v > math.MaxUint64/ps[i] {
				return
			}
			v *= ps[i]
		}
	}
	walk(0, 1)
	return int(best * m)
}

// smoothOver reports whether every prime of m divides a: only then does some power of a
// have a divisor that m divides.
func smoothOver(a, m uint64) bool {
	for _, p := range primeFactors(a) {
		for m%p == 0 {
			m /= p
		}
	}
	return m == 1
}

// edges computes the keys: region i owns the prefixes [start(i), start(i+1)) with
// start(i) = i*q + floor(i*r/n) where size = q*n + r, so runs are q or q+1 long and the
// longer ones are spread evenly. The start is kept as W digits in base len(alphabet) and
// advanced digit by digit: O(n*W), the size of the output, with one buffer for the keys.
func edges(p Prefix, size *big.Int, n int, suffix []byte) (Keys, Owned) {
	if keys, owned, ok := edgesPow2(p, size, n, suffix); ok {
		return keys, owned
	}
	return edgesDigits(p, size, n, suffix)
}

// edgesPow2 is edges for an alphabet of a power of two characters (hex, byte:2^k) and
// fewer than 2^64 prefixes: the start is one 64-bit number, floor(i*size/n), stepped from
// one region to the next by Rule.Edges, and its digits are its bits taken a digit's width
// at a time. ok false otherwise.
func edgesPow2(p Prefix, size *big.Int, n int, suffix []byte) (keys Keys, owned Owned, ok bool) {
	a := len(p.Alphabet)
	if a < 2 || a&(a-1) != 0 || !size.IsUint64() {
		return Keys{}, Owned{}, false
	}
	sz, un := size.Uint64(), uint64(n)
	q, rem := sz/un, sz%un
	digitBits, mask := uint(bits.TrailingZeros(uint(a))), uint64(a-1)
	w := p.Width
	keyLen := w + len(suffix)
	buf := make([]byte, (n-1)*keyLen)
	for i, v := range (Rule{Size: sz, Regions: n}).Edges(1, n) { // start(i)
		x := v
		if len(suffix) > 0 {
			x-- // the key before the next prefix, then the suffix
		}
		k := buf[(i-1)*keyLen : i*keyLen : i*keyLen]
		for j := w - 1; j >= 0; j-- {
			k[j] = p.Alphabet[x&mask]
			x >>= digitBits
		}
		copy(k[w:], suffix)
	}
	qf := float64(q)
	return Keys{data: buf, width: keyLen, n: n - 1}, ownedSpread(n, qf, rem), true
}

// edgesDigits is edges for any alphabet and size: the start is kept as W digits in base
// len(alphabet) and advanced digit by digit.
func edgesDigits(p Prefix, size *big.Int, n int, suffix []byte) (Keys, Owned) {
	a := len(p.Alphabet)
	w := p.Width
	q, r := new(big.Int).QuoRem(size, big.NewInt(int64(n)), new(big.Int))
	rem := r.Uint64()
	qd := digitsOf(q, a, w)
	qf, _ := new(big.Float).SetInt(q).Float64()

	keyLen := w + len(suffix)
	buf := make([]byte, (n-1)*keyLen)
	cur := make([]int, w)
	tmp := make([]int, w)
	un := uint64(n)
	prevExtra := uint64(0) // floor((i-1)*r/n)
	for i := 1; i <= n; i++ {
		hi, lo := bits.Mul64(uint64(i), rem)
		extra, _ := bits.Div64(hi, lo, un) // hi < n because rem < n
		step := extra - prevExtra          // 0 or 1
		prevExtra = extra
		if i == n {
			break
		}
		addDigits(cur, qd, int(step), a)
		k := buf[(i-1)*keyLen : i*keyLen : i*keyLen]
		src := cur
		if len(suffix) > 0 {
			copy(tmp, cur)
			subOne(tmp, a)
			src = tmp
		}
		for j, d := range src {
			k[j] = p.Alphabet[d]
		}
		copy(k[w:], suffix)
	}
	return Keys{data: buf, width: keyLen, n: n - 1}, ownedSpread(n, qf, rem)
}

// digitsOf writes x (< a^w) as w digits in base a, most significant first.
func digitsOf(x *big.Int, a, w int) []int {
	d := make([]int, w)
	x = new(big.Int).Set(x)
	base := big.NewInt(int64(a))
	m := new(big.Int)
	for j := w - 1; j >= 0; j-- {
		x.QuoRem(x, base, m)
		d[j] = int(m.Int64())
	}
	return d
}

// addDigits does cur += add + carry in base a.
func addDigits(cur, add []int, carry, a int) {
	for j := len(cur) - 1; j >= 0; j-- {
		v := cur[j] + add[j] + carry
		if v >= a {
			cur[j], carry = v-a, 1
		} else {
			cur[j], carry = v, 0
		}
	}
}

// subOne does cur -= 1 in base a (cur > 0).
func subOne(cur []int, a int) {
	for j := len(cur) - 1; j >= 0; j-- {
		if cur[j] > 0 {
			cur[j]--
			return
		}
		cur[j] = a - 1
	}
}

// Share is region i's fraction of the prefixes (or, for --algo, of the numeric range).
func (s Split) Share(i int) float64 {
	sum := s.Owned.Total()
	if i < 0 || i >= s.Owned.Len() || sum == 0 {
		return 0
	}
	return s.Owned.At(i) / sum
}

// Imbalance is the largest run over the mean run: 1 when every region owns the same number
// of prefixes. 0 when Owned is empty.
func (s Split) Imbalance() float64 {
	if s.Owned.Len() == 0 {
		return 0
	}
	var sum, hi float64
	for _, o := range s.Owned.All() {
		sum += o
		hi = math.Max(hi, o)
	}
	if sum == 0 {
		return 0
	}
	return hi / (sum / float64(s.Owned.Len()))
}

// ValuesError is a value count the prefix cannot hold, or one given to a prefix without a
// width.
type ValuesError struct {
	Prefix Prefix
	Values uint64
}

func (e *ValuesError) Error() string {
	if e.Prefix.Width == 0 {
		return fmt.Sprintf("prefix values %d need a prefix width (%s:W): the values are the first ones of that width", e.Values, e.Prefix.Name)
	}
	c, ok := e.Prefix.Count()
	if ok && e.Values > c {
		return fmt.Sprintf("prefix values %d is more than the %d values of %s", e.Values, c, e.Prefix)
	}
	return fmt.Sprintf("prefix values %d: must be at least 1", e.Values)
}

// generateValues splits the first opt.Values values of the prefix into regions: the same
// edges as the whole alphabet, over a range of Values.
func generateValues(p Prefix, regions int, opt Options, align string) (Split, error) {
	if p.Width == 0 {
		return Split{}, &ValuesError{Prefix: p, Values: opt.Values}
	}
	if c, ok := p.Count(); ok && opt.Values > c {
		return Split{}, &ValuesError{Prefix: p, Values: opt.Values}
	}
	if uint64(regions) > opt.Values {
		return Split{}, &TooManyRegionsError{Prefix: p, Regions: regions, Capacity: opt.Values}
	}
	var notes []string
	if align == AlignEven {
		m := max(opt.Multiple, 1)
		d := (regions + m - 1) / m * m
		for uint64(d) <= opt.Values && opt.Values%uint64(d) != 0 {
			d += m
		}
		if uint64(d) > opt.Values {
			return Split{}, &MultipleError{Prefix: p, Values: opt.Values, Regions: regions, Multiple: m}
		}
		if d != regions {
			each := prefixesText(strconv.FormatUint(opt.Values/uint64(d), 10))
			notes = append(notes, fmt.Sprintf("%s even raised %d regions to %d: %s each", field.Ref("splits.align"), regions, d, each))
			regions = d
		}
	}
	size := new(big.Int).SetUint64(opt.Values)
	if err := suffixKeyBytes(regions, p.Width, opt.Suffix); err != nil {
		return Split{}, err
	}
	keys, owned := edges(p, size, regions, opt.Suffix)
	return Split{
		Spec:   fmt.Sprintf("%s, its first %d values", p, opt.Values),
		Suffix: clone(opt.Suffix),
		Keys:   keys,
		Owned:  owned,
		Notes:  notes,
	}, nil
}
