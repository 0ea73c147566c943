package htmlpage

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// A heat map's keys and labels are user data (a region's start key, a reading's file
// name): read back by an HTML5 parser, they are text in the cells' titles, the labels and
// the table view, never an element, and a bidirectional override or ESC shows as \xNN.
func TestHeatEscapes(t *testing.T) {
	hostile := "k</title><script>x</script>\x1b[31m\u202e\xff"
	shown := `k</title><script>x</script>\x1B[31m\xE2\x80\xAE\xFF`
	h := &Heat{ID: "load", Title: hostile, Item: "region", Unit: "requests/s", Keys: []string{hostile, "b"},
		Rows: []HeatRow{{Label: hostile, Values: []float64{3, math.NaN()}}}}
	var b bytes.Buffer
	require.NoError(t, Write(&b, Page{Title: "t", Sections: []Section{{Heading: "h", Heat: h}}}))
	out := b.String()
	assert.NotContains(t, out, "\x1b")
	assert.NotContains(t, out, "\u202e")
	doc, err := html.Parse(strings.NewReader(out))
	require.NoError(t, err)
	var texts int
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			assert.NotEqual(t, "script", n.Data, "an element from a value")
		}
		if n.Type == html.TextNode && strings.Contains(n.Data, "k</title>") {
			texts++
			assert.Contains(t, n.Data, shown)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	// the figure's title, the row's label, its two cells' titles, the table's key cell and
	// its column head: every place the values were put shows them as text
	assert.GreaterOrEqual(t, texts, 5)
	assert.Contains(t, out, `class="heat5"`, "the one known value is the darkest")
	assert.Contains(t, out, `class="heat-none"`, "the unknown value is blank")
}
