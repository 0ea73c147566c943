package plan_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/distribution"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

// randomDesign is one random table design: a prefix of some kind and width, perhaps only
// its first N values, perhaps a delimiter and a suffix, a region count, a split policy and a
// target version.
type randomDesign struct {
	prefix    string
	values    int // 0: all
	delimiter string
	suffix    string
	regions   int
	policy    string
	version   string
}

func (d randomDesign) yaml() string {
	var b strings.Builder
	fmt.Fprintf(&b, "families: [{name: cf, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW}]\n")
	fmt.Fprintf(&b, "table: {hbase_version: %q, split_policy: %s}\n", d.version, d.policy)
	fmt.Fprintf(&b, "rowkey:\n  prefix: %q\n", d.prefix)
	if d.values > 0 {
		fmt.Fprintf(&b, "  prefix_values: %d\n", d.values)
	}
	if d.delimiter != "" {
		fmt.Fprintf(&b, "  delimiter: %q\n", d.delimiter)
	}
	if d.suffix != "" {
		fmt.Fprintf(&b, "  suffix: %q\n", d.suffix)
	}
	fmt.Fprintf(&b, "splits: {regions: %d}\n", d.regions)
	return b.String()
}

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

func newDesign(r *rand.Rand) randomDesign {
	d := randomDesign{
		prefix: pick(r,
			fmt.Sprintf("hex:%d", 1+r.IntN(3)), fmt.Sprintf("HEX:%d", 1+r.IntN(2)), fmt.Sprintf("dec:%d", 1+r.IntN(3)),
			fmt.Sprintf("chars:abcxyz:%d", 1+r.IntN(3)), fmt.Sprintf("byte:%d", 2+r.IntN(63))),
		delimiter: pick(r, "", "", "|", "#", "~", "_"),
		suffix:    pick(r, "", "", "|", "~", "#", "_"),
		policy:    pick(r, "default", "constant", "prefix", "delimited", "disabled"),
	}
	if strings.HasPrefix(d.prefix, "byte") {
		d.suffix = "" // a salt byte's split keys are the bytes themselves
	}
	if d.policy == "delimited" && d.delimiter == "" && d.suffix == "" {
		d.policy = "default"
	}
	v := hbase.Lines[r.IntN(len(hbase.Lines))]
	d.version = v.String()
	p, _ := splits.ParsePrefix(d.prefix)
	count, _ := p.Count()
	if r.IntN(3) == 0 {
		d.values = 1 + r.IntN(int(count))
		count = uint64(d.values)
	}
	d.regions = 1 + r.IntN(int(min(count, 300)))
	return d
}

// rowkeys are keys shaped like the design's rowkey, drawn independently of presplit's
// placement: every prefix value the keys take, the delimiter, then random tails of the
// prefix's alphabet (any bytes after a salt byte, any printable text after a delimiter).
func rowkeys(r *rand.Rand, d randomDesign, p splits.Prefix) map[string][][]byte {
	count, _ := p.Count()
	if d.values > 0 {
		count = uint64(d.values)
	}
	a := uint64(len(p.Alphabet))
	delim := d.delimiter
	if d.policy == "delimited" && delim == "" {
		// The delimited policy takes the suffix as its delimiter: the rows hold it after
		// the prefix, or the policy has nothing to keep whole.
		delim = d.suffix
	}
	keys := map[string][][]byte{}
	for i := uint64(0); i < count; i++ {
		bucket := make([]byte, p.Width)
		for j, x := p.Width-1, i; j >= 0; j-- {
			bucket[j] = p.Alphabet[x%a]
			x /= a
		}
		for range 4 {
			k := append(append([]byte{}, bucket...), delim...)
			for range 1 + r.IntN(12) {
				switch {
				case p.Name == "byte":
					k = append(k, byte(r.IntN(256)))
				case delim != "":
					k = append(k, byte(0x21+r.IntN(0x7E-0x21)))
				default:
					k = append(k, p.Alphabet[r.IntN(len(p.Alphabet))])
				}
			}
			keys[string(bucket)] = append(keys[string(bucket)], k)
		}
	}
	return keys
}

// TestPlacementProperty: for random designs, presplit's own split places keys shaped like
// the rowkey so that no region is empty and none holds more than its share of the prefix
// values, unless a finding says so (RG014, RG015, or RG002 for the suffix's cause); and a
// prefix policy over regions of one prefix value each is SP001's.
func TestPlacementProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 6))
	checked, flagged := 0, 0
	for i := range 400 {
		d := newDesign(r)
		spec, err := tablespec.Parse("t.yaml", []byte(d.yaml()))
		require.NoError(t, err, d.yaml())
		p, err := plan.Build(spec, plan.Options{})
		if err != nil || p.Split == nil {
			continue // a design the plan refuses (a suffix inside the alphabet, a policy it cannot write)
		}
		codes := map[string]bool{}
		for _, f := range lint.Run(p) {
			codes[f.Code] = true
		}
		pre := *p.Prefix
		keysOf := rowkeys(r, d, pre)
		splitKeys := slices.Collect(func(yield func([]byte) bool) {
			for _, k := range p.Split.Keys.All() {
				if !yield(k) {
					return
				}
			}
		})
		if len(splitKeys) == 0 {
			continue
		}
		loc, err := distribution.NewLocator(splitKeys)
		require.NoError(t, err)
		regions := loc.Regions()
		reached := make([]bool, regions)
		owned := make([]map[string]bool, regions)
		for b, ks := range keysOf {
			for _, k := range ks {
				at := loc.Locate(k)
				reached[at] = true
				if owned[at] == nil {
					owned[at] = map[string]bool{}
				}
				owned[at][b] = true
			}
		}
		share := (len(keysOf) + regions - 1) / regions
		empty, over := -1, -1
		for reg := range regions {
			if !reached[reg] && empty < 0 {
				empty = reg
			}
			// A bucket whose keys straddle a split key counts in both regions: one more.
			if len(owned[reg]) > share+1 && over < 0 {
				over = reg
			}
		}
		what := fmt.Sprintf("design %d:\n%s\nfindings %v", i, d.yaml(), codes)
		if empty >= 0 {
			require.True(t, codes["RG014"] || codes["RG002"], "region %d is empty and no finding says so\n%s", empty+1, what)
		}
		if over >= 0 {
			require.True(t, codes["RG015"] || codes["RG002"], "region %d holds %d prefix values (share %d) and no finding says so\n%s", over+1, len(owned[over]), share, what)
		}
		if empty >= 0 || over >= 0 {
			flagged++
		}
		// And the findings are no false alarm: an empty region RG014 names is empty here.
		if codes["RG014"] {
			require.GreaterOrEqual(t, empty, 0, "RG014 but every region holds keys\n%s", what)
		}
		if d.policy == "prefix" && len(keysOf) <= regions {
			require.True(t, codes["SP001"], "a prefix policy over one prefix value per region and no SP001\n%s", what)
		}
		checked++
	}
	require.Greater(t, checked, 250, "most random designs make a split")
	require.Greater(t, flagged, 5, "some random designs are caught, so the property can fail")
	t.Logf("%d random designs checked, %d caught by a finding", checked, flagged)
}
