package htmlpage

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	"github.com/presplit/presplit/quote"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

func TestAggregate(t *testing.T) {
	tests := []struct {
		name      string
		n         int
		wantMarks int
		wantPer   int
	}{
		{name: "one", n: 1, wantMarks: 1, wantPer: 1},
		{name: "the most marks", n: MaxMarks, wantMarks: MaxMarks, wantPer: 1},
		{name: "one more", n: MaxMarks + 1, wantMarks: 501, wantPer: 2},
		{name: "a million", n: 1_000_000, wantMarks: MaxMarks, wantPer: 1000},
		{name: "uneven", n: 123_457, wantMarks: 996, wantPer: 124}, // ceil(123457 / 124)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			value := func(i int) float64 { return float64(i%7) + 0.5 }
			marks, per := Aggregate(Series{N: tt.n, Value: value}, nil)
			require.Equal(t, tt.wantMarks, len(marks))
			assert.Equal(t, tt.wantPer, per)
			var sum float64
			next := 1
			for _, m := range marks {
				require.Equal(t, next, m.First)
				require.LessOrEqual(t, m.Last-m.First+1, per)
				next = m.Last + 1
				// The bucket's own min, mean and max, by brute force.
				lo, hi, s := math.Inf(1), math.Inf(-1), 0.0
				for i := m.First - 1; i < m.Last; i++ {
					lo, hi, s = math.Min(lo, value(i)), math.Max(hi, value(i)), s+value(i)
				}
				require.Equal(t, lo, m.Min)
				require.Equal(t, hi, m.Max)
				require.Equal(t, s, m.Sum)
				require.InDelta(t, s/float64(m.Last-m.First+1), m.Value, 1e-12)
				sum += m.Sum
			}
			assert.Equal(t, tt.n, next-1, "every item in one bucket")
			var want float64
			for i := range tt.n {
				want += value(i)
			}
			assert.InDelta(t, want, sum, 1e-6)
		})
	}
	assert.Empty(t, must(Aggregate(Series{}, nil)))
}

func must(m []Mark, _ int) []Mark { return m }

// A bucket takes its most urgent class, and counts the classes of its items.
func TestAggregateClasses(t *testing.T) {
	n := 3 * MaxMarks
	class := func(i int) string {
		switch {
		case i == 4:
			return "split"
		case i%3 == 0:
			return "merge"
		}
		return "keep"
	}
	marks, per := Aggregate(Series{N: n, Value: func(int) float64 { return 1 }, Class: class}, []string{"split", "merge", "keep"})
	require.Equal(t, 3, per)
	assert.Equal(t, "merge", marks[0].Class, "items 1-3: merge beats keep")
	assert.Equal(t, "1 merge, 2 keep", marks[0].Classes)
	assert.Equal(t, "split", marks[1].Class, "items 4-6: split beats merge")
	assert.Equal(t, "1 merge, 1 split, 1 keep", marks[1].Classes)
	// Without a priority, the most common class.
	marks, _ = Aggregate(Series{N: n, Value: func(int) float64 { return 1 }, Class: class}, nil)
	assert.Equal(t, "keep", marks[0].Class)
}

func TestNiceStep(t *testing.T) {
	for in, want := range map[float64]float64{0: 1, 0.3: 0.5, 1: 1, 1.1: 2, 2.2: 2.5, 3: 5, 7: 10, 120: 200, 25000: 25000} {
		assert.Equal(t, want, niceStep(in), "niceStep(%v)", in)
	}
}

// Every value is text in the parsed document, whatever it holds: markup, quotes, a NUL,
// invalid UTF-8. The output is valid UTF-8 and has no element a value made.
func TestWriteEscapes(t *testing.T) {
	hostile := "x<b id=bad>&amp;\"'\x00\xff</td><script>"
	s := Series{N: 3, Value: func(i int) float64 { return float64(i) }, Key: func(int) string { return hostile },
		Label: func(int) string { return hostile }, Class: func(int) string { return hostile }}
	c := NewChart("c"+hostile, hostile, Columns, s, nil)
	c.Legend = []Class{{Name: hostile, Label: hostile}}
	c.Lines = []Line{{Label: hostile, Value: 1, Class: hostile}}
	p := Page{Title: hostile, Lead: hostile, Findings: []Finding{{Severity: hostile, Code: hostile, Message: hostile, Fix: hostile}},
		Sections: []Section{{ID: hostile, Heading: hostile, Text: []string{hostile}, Facts: []Fact{{hostile, hostile, hostile}},
			Charts: []*Chart{c}, Tables: []*Table{{Caption: hostile, Head: []string{hostile}, Rows: [][]string{{hostile}}}},
			Code: &Code{ID: "code", Caption: hostile, Text: hostile}}}}
	var b bytes.Buffer
	require.NoError(t, Write(&b, p))
	require.True(t, utf8.Valid(b.Bytes()))
	doc, err := html.Parse(bytes.NewReader(b.Bytes()))
	require.NoError(t, err)
	// Shown as the text report shows it (quote.Terminal: the NUL and the invalid byte as
	// \xNN), but in the code block, kept byte for byte (the browser's U+FFFD).
	shown := `x<b id=bad>&amp;"'\x00\xFF</td><script>`
	code := "x<b id=bad>&amp;\"'\uFFFD\uFFFD</td><script>"
	var texts int
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			assert.NotContains(t, []string{"b", "script", "td-bad"}, n.Data, "an element from a value")
			for _, a := range n.Attr {
				assert.NotEqual(t, "bad", a.Val)
			}
		}
		if n.Type == html.TextNode && strings.Contains(n.Data, "x<b") {
			texts++
			if !strings.Contains(n.Data, code) {
				assert.Contains(t, n.Data, shown)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	assert.Greater(t, texts, 20, "the value shows as text everywhere it was put")
}

// A value a reader sees is terminal text on the page too (the title twice, the lead, a
// paragraph, a fact): a bidirectional override, ESC
// and a carriage return show as \xNN, as in the text report, not as a name they spoof.
func TestWriteTerminalText(t *testing.T) {
	spoof := "prod-splits-\u202etxt.exe \x1b[31m\r"
	p := Page{Title: spoof, Lead: spoof, Sections: []Section{{Heading: "h", Text: []string{spoof},
		Facts: []Fact{{Name: "server", Value: spoof}}}}}
	var b bytes.Buffer
	require.NoError(t, Write(&b, p))
	out := b.String()
	assert.NotContains(t, out, "\u202e")
	assert.NotContains(t, out, "\x1b")
	assert.Equal(t, 5, strings.Count(out, `prod-splits-\xE2\x80\xAEtxt.exe \x1B[31m\x0D`), out)
	assert.Equal(t, spoof, p.Lead, "the caller's page is not changed")
}

// Same page, same bytes; exactly one trailing newline.
func TestWriteDeterministic(t *testing.T) {
	page := func() Page {
		s := Series{N: 5000, Value: func(i int) float64 { return float64(i % 13) }, Key: func(i int) string { return strconv.Itoa(i) }}
		return Page{Title: "t", Sections: []Section{{Heading: "h", Charts: []*Chart{NewChart("a", "A", Columns, s, nil), NewChart("b", "B", Strip, s, nil)}}}}
	}
	var a, b bytes.Buffer
	require.NoError(t, Write(&a, page()))
	require.NoError(t, Write(&b, page()))
	assert.Equal(t, a.String(), b.String())
	assert.True(t, strings.HasSuffix(a.String(), "</html>\n") && !strings.HasSuffix(a.String(), "\n\n"))
	assert.Equal(t, 2, strings.Count(a.String(), `data-marks="1000"`))
	assert.Contains(t, a.String(), "5000 regions in 1000 buckets of 5")
}

// ShareScale puts charts on one scale: the highest top among them.
func TestShareScale(t *testing.T) {
	one := NewChart("a", "A", Columns, Series{N: 2, Value: func(i int) float64 { return 3 }}, nil)
	two := NewChart("b", "B", Columns, Series{N: 2, Value: func(i int) float64 { return float64(10 * i) }}, nil)
	two.Lines = []Line{{Label: "limit", Value: 12}}
	ShareScale(one, two)
	assert.Equal(t, 12.0, one.YMax)
	assert.Equal(t, 12.0, two.YMax)
}

// Any value reads back as itself from a table cell (invalid UTF-8 and NUL as U+FFFD, line
// ends as HTML normalises them) and makes no element.
func FuzzWriteText(f *testing.F) {
	for _, s := range []string{"", "a<b>", "&amp;", "\x00\xff", "</td></tr></table><script>x</script>", "'\"", "\r\n\r", "<!--", "]]>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b bytes.Buffer
		p := Page{Title: s, Sections: []Section{{Heading: s, Tables: []*Table{{Head: []string{"h"}, Rows: [][]string{{s}}}}}}}
		if err := Write(&b, p); err != nil {
			t.Fatal(err)
		}
		doc, err := html.Parse(&b)
		if err != nil {
			t.Fatal(err)
		}
		// The cell shows the text report's form (quote.Terminal), which HTML keeps as it is.
		want := quote.Terminal(s)
		var cells []string
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				if n.Data == "td" {
					var t strings.Builder
					for c := n.FirstChild; c != nil; c = c.NextSibling {
						if c.Type != html.TextNode {
							cells = append(cells, "<element>")
						}
						t.WriteString(c.Data)
					}
					cells = append(cells, t.String())
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
		if len(cells) != 1 || cells[0] != want {
			t.Fatalf("cell of %q reads %q, want %q", s, cells, want)
		}
	})
}
