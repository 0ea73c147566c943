package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/htmlpage"
)

// The HTML pages are checked in a real browser: Debian's chromium, headless, with the
// network blocked. One chromium run per page dumps the DOM after the page has loaded and
// takes a screenshot. Without chromium the test skips, except under CI, where it fails
// (.ci/run installs it).

// chromiumPath is the browser, or a skip (a failure under CI).
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed but CI is set: .ci/run installs it; the HTML pages must be checked in a real browser")
	}
	t.Skip("chromium is not installed: skipping the browser checks of --format html (CI runs them)")
	return ""
}

// errorMarker is put first in the page's head: a script error anywhere in the page sets
// the attribute on <html>, which the dumped DOM shows. (It runs before the page's
// Content-Security-Policy, which lets no script run, is read.)
const errorMarker = `<script id="presplit-test-onerror">window.onerror=function(m){document.documentElement.setAttribute("data-js-error",String(m))};</script>`

// browserPage is a page as chromium saw it.
type browserPage struct {
	dom     *html.Node
	console []string // console messages chromium logged (errors, CSP refusals)
	png     []byte
}

// loadInChromium loads page in headless chromium with the network blocked, and returns its
// DOM, its console messages and a screenshot of width x height.
func loadInChromium(t *testing.T, page []byte, width, height int) browserPage {
	t.Helper()
	bin := chromiumPath(t)
	dir := t.TempDir()
	i := bytes.Index(page, []byte("<head>"))
	require.GreaterOrEqual(t, i, 0, "the page has a <head>")
	injected := append(append(append([]byte{}, page[:i+len("<head>")]...), errorMarker...), page[i+len("<head>"):]...)
	path := filepath.Join(dir, "page.html")
	require.NoError(t, os.WriteFile(path, injected, 0o644))
	shot := filepath.Join(dir, "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
		"--user-data-dir="+filepath.Join(dir, "profile"), `--host-resolver-rules=MAP * ~NOTFOUND`,
		"--enable-logging=stderr", "--v=0", "--hide-scrollbars", "--force-device-scale-factor=1",
		"--window-size="+strconv.Itoa(width)+","+strconv.Itoa(height),
		"--screenshot="+shot, "--dump-dom", "file://"+path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	// Headless chromium on this two-core machine crashes now and then at start (a
	// segmentation fault in one run of five of the package, with nothing of the page read
	// yet): a browser killed by a signal runs once more, anything else fails as it is.
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ProcessState.Sys().(syscall.WaitStatus).Signaled() && ctx.Err() == nil {
		t.Logf("chromium was killed by a signal (%v); running it again", err)
		stdout.Reset()
		stderr.Reset()
		_ = os.RemoveAll(filepath.Join(dir, "profile"))
		cmd = exec.CommandContext(ctx, cmd.Path, cmd.Args[1:]...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err = cmd.Run()
	}
	require.NoError(t, err, "chromium: %s", stderr.String())
	dom, err := html.Parse(&stdout)
	require.NoError(t, err)
	var console []string
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(line, ":CONSOLE") {
			console = append(console, line)
		}
	}
	img, err := os.ReadFile(shot)
	require.NoError(t, err, "chromium wrote no screenshot: %s", stderr.String())
	return browserPage{dom: dom, console: console, png: img}
}

// walk calls f for every element under n.
func walk(n *html.Node, f func(*html.Node)) {
	if n.Type == html.ElementNode {
		f(n)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func hasClass(n *html.Node, class string) bool {
	v, _ := attr(n, "class")
	for _, c := range strings.Fields(v) {
		if c == class {
			return true
		}
	}
	return false
}

// text is the text content of n.
func text(n *html.Node) string {
	var b strings.Builder
	var rec func(*html.Node)
	rec = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c)
		}
	}
	rec(n)
	return b.String()
}

func findAll(root *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	walk(root, func(n *html.Node) {
		if match(n) {
			out = append(out, n)
		}
	})
	return out
}

func byID(root *html.Node, id string) *html.Node {
	nodes := findAll(root, func(n *html.Node) bool { v, ok := attr(n, "id"); return ok && v == id })
	if len(nodes) != 1 {
		return nil
	}
	return nodes[0]
}

// urlAttrs are the attributes that make a browser fetch or navigate.
var urlAttrs = map[string]bool{"href": true, "src": true, "srcset": true, "action": true, "formaction": true,
	"poster": true, "data": true, "background": true, "xlink:href": true, "ping": true, "manifest": true}

// fetching are elements that load something or run code.
var fetching = map[string]bool{"script": true, "link": true, "img": true, "iframe": true, "object": true, "embed": true,
	"audio": true, "video": true, "source": true, "image": true, "use": true, "base": true, "form": true}

// pageChart is one chart of a page as the DOM has it: its marks and its table view.
type pageChart struct {
	marks []*html.Node // the rect.mark elements
	rows  []*html.Node // the table view's rows
	per   int
	items int
}

// sums are the table rows' data-sum values.
func (c pageChart) sums(t *testing.T) []float64 {
	out := make([]float64, len(c.rows))
	for i, r := range c.rows {
		v, _ := attr(r, "data-sum")
		f, err := strconv.ParseFloat(v, 64)
		require.NoError(t, err)
		out[i] = f
	}
	return out
}

func rowRange(t *testing.T, r *html.Node) (first, last int) {
	a, _ := attr(r, "data-first")
	b, _ := attr(r, "data-last")
	first, err1 := strconv.Atoi(a)
	last, err2 := strconv.Atoi(b)
	require.NoError(t, err1)
	require.NoError(t, err2)
	return first, last
}

// checkPage runs the checks every page must pass and returns its charts by id.
func checkPage(t *testing.T, page []byte, bp browserPage) map[string]pageChart {
	t.Helper()
	assert.NotContains(t, string(page), "<script", "the page itself has no script")
	assert.Empty(t, bp.console, "console messages (errors, refused loads)")
	htmlEl := findAll(bp.dom, func(n *html.Node) bool { return n.Data == "html" })
	require.Len(t, htmlEl, 1)
	if v, ok := attr(htmlEl[0], "data-js-error"); ok {
		t.Errorf("a script error: %s", v)
	}
	walk(bp.dom, func(n *html.Node) {
		if fetching[n.Data] {
			if id, _ := attr(n, "id"); !(n.Data == "script" && id == "presplit-test-onerror") {
				t.Errorf("element <%s> in the page", n.Data)
			}
		}
		for _, a := range n.Attr {
			k := strings.ToLower(a.Key)
			if a.Namespace != "" {
				k = a.Namespace + ":" + k
			}
			if (urlAttrs[k] && a.Val != "" && !strings.HasPrefix(a.Val, "#") && !strings.HasPrefix(a.Val, "data:")) ||
				strings.Contains(strings.ToLower(a.Val), "url(") || strings.HasPrefix(k, "on") {
				t.Errorf("<%s %s=%q>: an external URL or a handler", n.Data, a.Key, a.Val)
			}
		}
		if n.Data == "style" {
			css := strings.ToLower(text(n))
			assert.NotContains(t, css, "url(")
			assert.NotContains(t, css, "@import")
		}
	})
	checkNotBlank(t, bp.png)

	charts := map[string]pageChart{}
	for _, svg := range findAll(bp.dom, func(n *html.Node) bool { _, ok := attr(n, "data-chart"); return ok && n.Data == "svg" }) {
		id, _ := attr(svg, "data-chart")
		var c pageChart
		c.marks = findAll(svg, func(n *html.Node) bool { return n.Data == "rect" && hasClass(n, "mark") })
		want, _ := attr(svg, "data-marks")
		assert.Equal(t, want, strconv.Itoa(len(c.marks)), "chart %s: marks drawn", id)
		per, _ := attr(svg, "data-per")
		items, _ := attr(svg, "data-items")
		c.per, _ = strconv.Atoi(per)
		c.items, _ = strconv.Atoi(items)
		assert.LessOrEqual(t, len(c.marks), htmlpage.MaxMarks, "chart %s", id)
		tables := findAll(bp.dom, func(n *html.Node) bool { v, ok := attr(n, "data-table"); return ok && v == id })
		require.Len(t, tables, 1, "chart %s has one table view", id)
		c.rows = findAll(tables[0], func(n *html.Node) bool { _, ok := attr(n, "data-first"); return n.Data == "tr" && ok })
		require.Len(t, c.rows, len(c.marks), "chart %s: one table row per mark", id)
		// The rows cover the items once, in order.
		next := 1
		for _, r := range c.rows {
			first, last := rowRange(t, r)
			require.Equal(t, next, first, "chart %s", id)
			require.LessOrEqual(t, last-first+1, c.per, "chart %s", id)
			next = last + 1
		}
		assert.Equal(t, c.items, next-1, "chart %s: rows cover every item", id)
		charts[id] = c
	}
	return charts
}

// checkNotBlank decodes the screenshot and checks it is not one flat colour: the page
// drew something.
func checkNotBlank(t *testing.T, b []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	require.NoError(t, err)
	var sum, sq float64
	n := 0
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 2 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			l := (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(bl)) / 257
			sum += l
			sq += l * l
			n++
		}
	}
	mean := sum / float64(n)
	sd := math.Sqrt(sq/float64(n) - mean*mean)
	assert.Greater(t, sd, 10.0, "the screenshot's luminance varies (mean %.1f): not blank", mean)
	assert.Greater(t, bounds.Dx(), 0)
	_ = image.Point{}
}

// docsShots keeps a page's screenshot under docs/ when the tests run with -update.
func docsShot(t *testing.T, name string, shot []byte) {
	t.Helper()
	path := filepath.Join("docs", name) // TestMain runs the tests from the repository root
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		// Chromium's PNG, recompressed: the same pixels in fewer bytes.
		img, err := png.Decode(bytes.NewReader(shot))
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	}
	if st, err := os.Stat(path); err == nil {
		assert.Less(t, st.Size(), int64(200<<10), "%s stays under 200 KB", path)
	}
}

// The screenshot size: the pages' layout is 1200 px wide at most.
const (
	shotWidth  = 1100
	shotHeight = 1500
)

func cliOK(t *testing.T, stdin string, args ...string) []byte {
	t.Helper()
	out, errOut, code := runCLI(t, stdin, args...)
	require.Equal(t, 0, code, "presplit %s: %s", strings.Join(args, " "), errOut)
	return []byte(out)
}

func TestHTMLPlanInBrowser(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	args := []string{"plan", "--daily", "50GB", "--retention", "1y", "--horizon", "30d", "--compression-ratio", "0.35", "--region-servers", "12", "--heap", "16GiB", "--prefix", "dec:2"}
	page := cliOK(t, "", append(args, "--format", "html")...)
	bp := loadInChromium(t, page, shotWidth, shotHeight)
	charts := checkPage(t, page, bp)
	docsShot(t, "html-plan.png", bp.png)

	var doc struct {
		Capacity struct {
			Horizons []struct{ Regions int } `json:"horizons"`
		} `json:"capacity"`
		Split struct {
			Regions int       `json:"regions"`
			Keys    []string  `json:"keys"`
			Owned   []float64 `json:"owned"`
		} `json:"split"`
		Findings []struct{ Severity, Code string } `json:"findings"`
	}
	require.NoError(t, json.Unmarshal(cliOK(t, "", append(args, "--format", "json")...), &doc))
	ks := charts["keyspace"]
	require.Len(t, ks.marks, doc.Split.Regions, "one mark per region")
	assert.Equal(t, doc.Split.Owned, ks.sums(t), "the table view's prefixes owned are the JSON's")
	for i, r := range ks.rows {
		want := ""
		if i > 0 {
			want = doc.Split.Keys[i-1]
		}
		key := findAll(r, func(n *html.Node) bool { return hasClass(n, "key") })
		require.Len(t, key, 1)
		assert.Equal(t, want, text(key[0]), "region %d's start key", i+1)
	}
	growth := charts["growth"]
	require.Len(t, growth.marks, len(doc.Capacity.Horizons))
	for i, s := range growth.sums(t) {
		assert.Equal(t, float64(doc.Capacity.Horizons[i].Regions), s)
	}
	findings := findAll(bp.dom, func(n *html.Node) bool { return n.Data == "li" && hasClass(n, "finding") })
	require.Len(t, findings, len(doc.Findings))
	for i, f := range doc.Findings {
		assert.True(t, hasClass(findings[i], "sev-"+f.Severity), "finding %d is coloured %s", i, f.Severity)
		assert.Contains(t, text(findings[i]), f.Code)
	}
	shell, errOut, code := runCLI(t, "", append(args, "--format", "shell")...)
	require.Equal(t, 0, code, errOut)
	pre := byID(bp.dom, "shell")
	require.NotNil(t, pre)
	assert.Equal(t, shell, text(pre), "the create block is --format shell, byte for byte")
}

// TestHTMLSplitPolicyGrowthInBrowser: where HBase's split policy makes another region
// count than the data needs (HBase 1.4's IncreasingToUpperBoundRegionSplitPolicy with 2
// regions a server), the growth section draws a second chart of the regions the policy
// makes, one mark per horizon, on the first chart's scale; its table view holds the
// JSON's split_regions where set and the larger of the created and needed regions
// elsewhere, as the report's "after HBase's splits" column does.
func TestHTMLSplitPolicyGrowthInBrowser(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	args := []string{"plan", "--daily", "2GB", "--retention", "1y", "--region-servers", "10", "--hbase-version", "1.4", "--regions", "20"}
	page := cliOK(t, "", append(args, "--format", "html")...)
	bp := loadInChromium(t, page, shotWidth, shotHeight)
	charts := checkPage(t, page, bp)
	var doc struct {
		Capacity struct {
			Horizons []struct {
				Regions      int `json:"regions"`
				SplitRegions int `json:"split_regions"`
			} `json:"horizons"`
		} `json:"capacity"`
		Split struct {
			Regions int `json:"regions"`
		} `json:"split"`
	}
	require.NoError(t, json.Unmarshal(cliOK(t, "", append(args, "--format", "json")...), &doc))
	hs := doc.Capacity.Horizons
	require.NotEmpty(t, hs)
	require.Positive(t, hs[0].SplitRegions, "the case must have the policy change the count")
	policy, ok := charts["growth-policy"]
	require.True(t, ok, "no growth-policy chart")
	require.Len(t, policy.marks, len(hs))
	var want []float64
	for _, h := range hs {
		v := max(doc.Split.Regions, h.Regions)
		if h.SplitRegions > 0 {
			v = h.SplitRegions
		}
		want = append(want, float64(v))
	}
	assert.Equal(t, want, policy.sums(t))
	growth := charts["growth"]
	require.Len(t, growth.marks, len(hs))
	for i, s := range growth.sums(t) {
		assert.Equal(t, float64(hs[i].Regions), s)
	}
	// One scale: a horizon's column is as tall in both charts when the counts agree.
	for i, h := range hs {
		if h.SplitRegions == 0 && h.Regions >= doc.Split.Regions {
			a, _ := attr(growth.marks[i], "height")
			b, _ := attr(policy.marks[i], "height")
			assert.Equal(t, a, b, "horizon %d: the charts share their scale", i+1)
		}
	}
	// And none for a plan the policy leaves alone: an even split (UniformSplit's equal
	// ranges), as a hex prefix's runs of q and q+1 values are not: their larger regions
	// pass MAX_FILESIZE at the full retention.
	plain := cliOK(t, "", "plan", "--daily", "50GB", "--retention", "1y", "--region-servers", "12", "--algo", "UniformSplit", "--format", "html")
	assert.NotContains(t, string(plain), "growth-policy")
}

// Keys that are HTML's own syntax and bytes that are not text render as their
// toStringBinary text, in the table view and in the create block.
func TestHTMLHostileKeysInBrowser(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	args := []string{"splits", "--prefix", `chars:\x00"&'<\xFF:2`, "--regions", "36", "--table", "ns:t_1"}
	page := cliOK(t, "", append(args, "--format", "html")...)
	bp := loadInChromium(t, page, 800, 600)
	charts := checkPage(t, page, bp)
	keys := strings.Split(strings.TrimSuffix(string(cliOK(t, "", args...)), "\n"), "\n")
	require.Len(t, keys, 35)
	for _, k := range []string{`\x00<`, `<&`, `&"`, `'\xFF`, `\xFF\x00`} {
		assert.Contains(t, keys, k)
	}
	ks := charts["keyspace"]
	require.Len(t, ks.rows, 36)
	for i, r := range ks.rows[1:] {
		key := findAll(r, func(n *html.Node) bool { return hasClass(n, "key") })
		require.Len(t, key, 1)
		assert.Equal(t, keys[i], text(key[0]))
	}
	shell, _, _ := runCLI(t, "", append(args, "--format", "shell")...)
	assert.Equal(t, shell, text(byID(bp.dom, "shell")))

	// Raw values (a title, a fact, a cell, code) with markup, a NUL and invalid UTF-8 are
	// text too, nothing becomes an element: the text as the report shows it (the NUL and
	// the bad bytes as \xNN), the code block byte for byte (the browser's U+FFFD).
	hostile := "a<b id=x>&amp;\"'\x00\xff\xfe</td>"
	shown := `a<b id=x>&amp;"'\x00\xFF\xFE</td>`
	shownCode := "a<b id=x>&amp;\"'\uFFFD\uFFFD</td>"
	var b bytes.Buffer
	require.NoError(t, htmlpage.Write(&b, htmlpage.Page{Title: hostile,
		Findings: []htmlpage.Finding{{Severity: "error", Code: "X1", Message: hostile}},
		Sections: []htmlpage.Section{{ID: "s", Heading: hostile, Facts: []htmlpage.Fact{{Name: "n", Value: hostile}},
			Tables: []*htmlpage.Table{{Head: []string{"h"}, Rows: [][]string{{hostile}}}},
			Code:   &htmlpage.Code{ID: "code", Caption: "c", Text: hostile}}}}))
	bp = loadInChromium(t, b.Bytes(), 800, 600)
	checkPage(t, b.Bytes(), bp)
	assert.Nil(t, byID(bp.dom, "x"), "no element from a value")
	assert.Equal(t, shownCode, text(byID(bp.dom, "code")))
	title := findAll(bp.dom, func(n *html.Node) bool { return n.Data == "h1" })
	require.Len(t, title, 1)
	assert.Equal(t, shown, text(title[0]))
	cells := findAll(bp.dom, func(n *html.Node) bool { return n.Data == "td" && text(n) == shown })
	assert.Len(t, cells, 2, "the fact's value and the table cell")
}

// verify over 5,000 regions: the chart shows 1,000 buckets of 5, whose totals in the table
// view are the JSON's counts added up.
func TestHTMLVerifyInBrowser(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	keys := string(cliOK(t, "", "keys", "--scheme", "hash:4", "--ids", "random", "--count", "100000"))
	args := []string{"verify", "--prefix", "hex:4", "--regions", "5000", "--max-skew", "1.5"}
	out, errOut, code := runCLI(t, keys, append(args, "--format", "html")...)
	require.Equal(t, exitFailure, code, "the skew of 20 keys a region is above 1.5: %s", errOut)
	page := []byte(out)
	bp := loadInChromium(t, page, 800, 600)
	charts := checkPage(t, page, bp)
	out, _, _ = runCLI(t, keys, append(args, "--format", "json")...)
	var doc struct {
		Regions []struct {
			Keys     int64  `json:"keys"`
			StartKey string `json:"start_key"`
		} `json:"regions"`
		Summary struct {
			Largest int `json:"largest_region"`
		} `json:"summary"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	c := charts["keys"]
	require.Equal(t, 5, c.per)
	require.Len(t, c.marks, 1000)
	for i, s := range c.sums(t) {
		first, last := rowRange(t, c.rows[i])
		var want int64
		for _, r := range doc.Regions[first-1 : last] {
			want += r.Keys
		}
		require.Equal(t, float64(want), s, "bucket %d-%d", first, last)
	}
	hot := byID(bp.dom, "hottest")
	require.NotNil(t, hot)
	cells := findAll(hot, func(n *html.Node) bool { return n.Data == "td" })
	require.NotEmpty(t, cells)
	assert.Equal(t, strconv.Itoa(doc.Summary.Largest), text(cells[0]), "the hottest region first")
}

func TestHTMLVerifyDocsInBrowser(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	keys := string(cliOK(t, "", "keys", "--scheme", "hash:2", "--count", "20000"))
	page := cliOK(t, keys, "verify", "--prefix", "hex:2", "--regions", "40", "--max-skew", "1.2", "--format", "html")
	bp := loadInChromium(t, page, shotWidth, shotHeight)
	charts := checkPage(t, page, bp)
	docsShot(t, "html-verify.png", bp.png)
	var doc struct {
		Regions []struct {
			Keys int64 `json:"keys"`
		} `json:"regions"`
	}
	require.NoError(t, json.Unmarshal(cliOK(t, keys, "verify", "--prefix", "hex:2", "--regions", "40", "--format", "json"), &doc))
	c := charts["keys"]
	require.Len(t, c.marks, len(doc.Regions))
	for i, s := range c.sums(t) {
		assert.Equal(t, float64(doc.Regions[i].Keys), s)
	}
}

func TestHTMLSimulateInBrowser(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	args := []string{"simulate", "--count", "100000", "--regions", "16"}
	page := cliOK(t, "", append(args, "--format", "html")...)
	bp := loadInChromium(t, page, shotWidth, shotHeight)
	charts := checkPage(t, page, bp)
	docsShot(t, "html-simulate.png", bp.png)
	var results []struct {
		Scheme  string  `json:"scheme"`
		Regions int     `json:"regions"`
		Skew    float64 `json:"skew"`
	}
	require.NoError(t, json.Unmarshal(cliOK(t, "", append(args, "--format", "json")...), &results))
	require.Len(t, results, 6)
	for i, r := range results {
		for _, part := range []string{"all", "hot"} {
			c := charts[part+"-"+strconv.Itoa(i+1)]
			require.Len(t, c.marks, r.Regions, "%s %s", r.Scheme, part)
			total, largest := 0.0, 0.0
			for _, s := range c.sums(t) {
				total += s
				largest = math.Max(largest, s)
			}
			if part == "all" {
				assert.Equal(t, 100000.0, total, r.Scheme)
				assert.InDelta(t, r.Skew, largest/(total/float64(r.Regions)), 1e-9, r.Scheme)
			} else {
				assert.Equal(t, 10000.0, total, r.Scheme)
			}
		}
	}
	// One scale: every chart of a row shares its top.
	var heights []string
	for _, svg := range findAll(bp.dom, func(n *html.Node) bool { v, _ := attr(n, "data-chart"); return strings.HasPrefix(v, "all-") }) {
		grid := findAll(svg, func(n *html.Node) bool { return n.Data == "text" && hasClass(n, "axis") })
		require.NotEmpty(t, grid)
		heights = append(heights, text(grid[len(findAll(svg, func(n *html.Node) bool { return n.Data == "line" && hasClass(n, "grid") }))-1]))
	}
	require.Len(t, heights, 6)
	for _, h := range heights {
		assert.Equal(t, heights[0], h, "the top of each scheme's scale")
	}
}

func TestHTMLRegionsInBrowser(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	args := []string{"regions", "--list-regions", regionsDir + "worked.txt", "--prefix", "hex:1"}
	page := cliOK(t, "", append(args, "-F", "html")...)
	bp := loadInChromium(t, page, shotWidth, shotHeight)
	charts := checkPage(t, page, bp)
	docsShot(t, "html-regions.png", bp.png)
	var doc struct {
		Plan struct {
			After int `json:"regions_after"`
		} `json:"plan"`
		Regions []struct {
			Size   int64  `json:"size_bytes"`
			Action string `json:"action"`
		} `json:"regions"`
	}
	require.NoError(t, json.Unmarshal(cliOK(t, "", append(args, "-F", "json")...), &doc))
	now := charts["now"]
	require.Len(t, now.marks, len(doc.Regions))
	var total float64
	for i, s := range now.sums(t) {
		assert.Equal(t, float64(doc.Regions[i].Size), s, "region %d", i+1)
		assert.True(t, hasClass(now.marks[i], doc.Regions[i].Action), "region %d is coloured %s", i+1, doc.Regions[i].Action)
		total += s
	}
	after := charts["after"]
	require.Len(t, after.marks, doc.Plan.After, "the layout after the script has the regions the plan states")
	var afterTotal float64
	for _, s := range after.sums(t) {
		afterTotal += s
	}
	assert.Equal(t, total, afterTotal, "merges and splits keep the bytes")
	var histTotal float64
	for _, s := range charts["histogram"].sums(t) {
		histTotal += s
	}
	assert.Equal(t, float64(len(doc.Regions)), histTotal)
	var servers float64
	for _, s := range charts["servers"].sums(t) {
		servers += s
	}
	assert.Equal(t, float64(len(doc.Regions)), servers)
	shell, errOut, code := runCLI(t, "", append(args, "-F", "shell")...)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, shell, text(byID(bp.dom, "shell")), "the script block is --format shell, byte for byte")
}

// The HTML goldens of the render fixtures agree with the fixtures' other goldens, read by
// an HTML5 parser (the algorithm browsers use): one mark and one table row per region, the
// start keys and prefixes owned of the json golden, the create block the shell golden's
// bytes. (The browser tests above load pages of the same renderer in chromium.)
func TestHTMLGoldensAgree(t *testing.T) {
	for _, fx := range renderFixtures() {
		t.Run(fx.name, func(t *testing.T) {
			page, err := os.ReadFile(filepath.Join("testdata", "render", fx.name+".html"))
			require.NoError(t, err)
			dom, err := html.Parse(bytes.NewReader(page))
			require.NoError(t, err)
			shell, err := os.ReadFile(filepath.Join("testdata", "render", fx.name+".hbase"))
			require.NoError(t, err)
			var doc struct {
				Split struct {
					Regions int       `json:"regions"`
					Keys    []string  `json:"keys"`
					Owned   []float64 `json:"owned"`
				} `json:"split"`
				Findings []struct{ Severity string } `json:"findings"`
			}
			js, err := os.ReadFile(filepath.Join("testdata", "render", fx.name+".json"))
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(js, &doc))
			assert.Equal(t, string(shell), text(byID(dom, "shell")), "the create block")
			findings := findAll(dom, func(n *html.Node) bool { return n.Data == "li" && hasClass(n, "finding") })
			require.Len(t, findings, len(doc.Findings))
			for i, f := range doc.Findings {
				assert.True(t, hasClass(findings[i], "sev-"+f.Severity))
			}
			svg := findAll(dom, func(n *html.Node) bool { v, _ := attr(n, "data-chart"); return v == "keyspace" })
			if len(doc.Split.Owned) == 0 {
				assert.Empty(t, svg, "no key space bar without shares")
				return
			}
			require.Len(t, svg, 1)
			marks := findAll(svg[0], func(n *html.Node) bool { return n.Data == "rect" && hasClass(n, "mark") })
			require.Len(t, marks, doc.Split.Regions)
			table := findAll(dom, func(n *html.Node) bool { v, _ := attr(n, "data-table"); return v == "keyspace" })
			require.Len(t, table, 1)
			rows := findAll(table[0], func(n *html.Node) bool { _, ok := attr(n, "data-first"); return n.Data == "tr" && ok })
			c := pageChart{marks: marks, rows: rows}
			assert.Equal(t, doc.Split.Owned, c.sums(t))
			for i, r := range rows {
				want := ""
				if i > 0 {
					want = doc.Split.Keys[i-1]
				}
				key := findAll(r, func(n *html.Node) bool { return hasClass(n, "key") })
				require.Len(t, key, 1)
				// The page writes an edge space \x20, the JSON toStringBinary: the same key.
				got, err := hbytes.ToBytesBinary(text(key[0]))
				require.NoError(t, err)
				wantKey, err := hbytes.ToBytesBinary(want)
				require.NoError(t, err)
				assert.Equal(t, wantKey, got, "region %d's start key", i+1)
				assert.False(t, hbytes.HasEdgeSpace([]byte(text(key[0]))), "region %d's start key shows a space at its edge", i+1)
			}
		})
	}
}

// The load heat map of two intervals (three list_regions readings an hour apart), as
// chromium lays it out: a row per interval, a cell per region, the hot region of the
// newest interval in the darkest shade and no other there, every cell's rate the JSON's.
func TestHTMLRegionsLoadInBrowser(t *testing.T) {
	args := []string{"regions", "--list-regions", regionsDir + "load-1000.txt", "--taken-at", "2026-12-01T10:00:00Z",
		"--earlier", regionsDir + "load-0900.txt@2026-12-01T09:00:00Z", "--earlier", regionsDir + "load-0800.txt@2026-12-01T08:00:00Z", "--prefix", "hex:1"}
	page := cliOK(t, "", append(args, "-F", "html")...)
	bp := loadInChromium(t, page, shotWidth, shotHeight)
	checkPage(t, page, bp)
	var doc struct {
		Plan struct {
			LoadSplits int `json:"load_splits"`
		} `json:"plan"`
		Regions []struct {
			Rate   float64 `json:"requests_per_second"`
			Action string  `json:"action"`
		} `json:"regions"`
	}
	require.NoError(t, json.Unmarshal(cliOK(t, "", append(args, "-F", "json")...), &doc))
	assert.Equal(t, 1, doc.Plan.LoadSplits)
	svgs := findAll(bp.dom, func(n *html.Node) bool { v, ok := attr(n, "data-heat"); return ok && v == "load" && n.Data == "svg" })
	require.Len(t, svgs, 1)
	cells := findAll(svgs[0], func(n *html.Node) bool { return n.Data == "rect" })
	require.Len(t, cells, 2*len(doc.Regions), "a cell per region per interval")
	newest := cells[len(doc.Regions):]
	for i, c := range newest {
		title := text(c)
		assert.Contains(t, title, fmt.Sprintf("region %d from", i+1))
		_, shown, ok := strings.Cut(title, ": ")
		require.True(t, ok, title)
		rate, err := strconv.ParseFloat(strings.TrimSuffix(shown, " requests/s"), 64)
		require.NoError(t, err, title)
		assert.InDelta(t, doc.Regions[i].Rate, rate, 0.051, "region %d's cell shows its rate", i+1)
		dark := hasClass(c, "heat5")
		assert.Equal(t, doc.Regions[i].Action == "split", dark, "region %d: only the region split for load is the darkest", i+1)
	}
	tables := findAll(bp.dom, func(n *html.Node) bool { v, ok := attr(n, "data-table"); return ok && v == "heat-load" })
	require.Len(t, tables, 1)
	assert.Len(t, findAll(tables[0], func(n *html.Node) bool { return n.Data == "tr" }), 1+len(doc.Regions), "a header and a row per region")
}
