package tablespec

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// aliasBomb is an alias bomb's shape: one anchored list of q qualifiers, aliased by f families.
func aliasBomb(q, f int) string {
	var b strings.Builder
	b.WriteString("table: t1\nqualifier_list: &q [")
	for i := range q {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "q%d", i)
	}
	b.WriteString("]\nfamilies:\n")
	for i := range f {
		fmt.Fprintf(&b, "  - {name: f%d, qualifiers: *q}\n", i)
	}
	return b.String()
}

// TestParseAliasAmplification: a 130 KB spec whose aliases stand for 15 million nodes is
// refused at the alias that crosses the limit, in bounded time and memory (main took lint
// to 2.0 GB RSS on it), with one line.
func TestParseAliasAmplification(t *testing.T) {
	in := aliasBomb(5000, 3000)
	require.Less(t, len(in), MaxSize)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := Parse("bomb.yaml", []byte(in))
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	// The second family's alias takes the count past 10,000 (5,001 nodes each: the list and its items).
	assert.Equal(t, "bomb.yaml:5:28: YAML aliases repeat more than 10000 nodes: write the repeated values out, or repeat less", err.Error())
	assert.NotContains(t, err.Error(), "\n")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<20), "bytes allocated")
	assert.Less(t, elapsed, 5*time.Second)
}

func TestParseAliasLimit(t *testing.T) {
	for _, tc := range []struct {
		name, in, err string
	}{
		{name: "shared settings", in: "table: t1\nfamilies:\n  - &f {name: cf, versions: 1}\n  - *f\n"},
		{name: "two lists of 5000 within the limit", in: aliasBomb(4999, 2)},
		{name: "past the limit", in: aliasBomb(5000, 3),
			err: "s.yaml:5:28: YAML aliases repeat more than 10000 nodes: write the repeated values out, or repeat less"},
		{name: "nested anchors (billion laughs)", in: "a: &a [x, x, x, x, x, x, x, x, x, x]\n" +
			"b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n" +
			"d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
			err: "s.yaml:4:36: YAML aliases repeat more than 10000 nodes: write the repeated values out, or repeat less"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("s.yaml", []byte(tc.in))
			if tc.err == "" {
				// Other rules may refuse the spec; the alias rule must not.
				if err != nil {
					assert.NotContains(t, err.Error(), "alias")
				}
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
		})
	}
}
