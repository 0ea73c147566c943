// Package htmlpage lays out one self-contained HTML page of presplit's output: a title, the
// findings coloured by severity, sections of facts, SVG charts, tables and copyable code,
// with all CSS inline, no script, no font and no URL. Every value enters through
// html/template, so a key (user data, shown in its toStringBinary form) is always text.
//
// A chart draws at most MaxMarks marks: a longer series is aggregated into buckets of
// consecutive items with their min, mean and max, and the page says so. Each chart has a
// table view of the same numbers in a <details> block. The renderers of plan, verify,
// simulate and regions build a Page; this package knows nothing of HBase.
package htmlpage

import (
	"bufio"
	"bytes"
	"html/template"
	"io"
	"strconv"
)

// Page is one HTML document.
type Page struct {
	Title    string // the <title> and the heading
	Lead     string // one sentence under the heading
	Findings []Finding
	// NoFindings leaves the findings block out (a page whose command has none: verify).
	NoFindings bool
	Sections   []Section
}

// Finding is one finding of a review; Severity is error, warning or info.
type Finding struct {
	Severity, Code, Message, Fix string
}

// Section is a titled part of the page; its blocks appear in the order of the fields.
type Section struct {
	ID      string // the section's id, for links within the page
	Heading string
	Text    []string // paragraphs
	Facts   []Fact
	Charts  []*Chart // side by side when there are several (on one scale: ShareScale)
	Heat    *Heat
	Tables  []*Table
	Code    *Code
}

// Fact is one row of a section's list of figures: a name, its value, and where it comes
// from or how it was derived.
type Fact struct {
	Name, Value, Note string
}

// Table is a plain table of text cells.
type Table struct {
	Caption string
	Head    []string
	Rows    [][]string
}

// Code is a block of text to copy, kept byte for byte: a click selects all of it. A text
// longer than MaxCode is left out and Instead says where to get it.
type Code struct {
	ID      string
	Caption string
	Text    string
	Instead string // shown in place of a text over MaxCode: "write it with --format shell"
}

// MaxCode is the longest text a Code block carries (1 MiB): a script of a million
// statements belongs in a file of its own, not in a page meant to be read.
const MaxCode = 1 << 20

// Fits reports whether the block carries its text.
func (c *Code) Fits() bool { return len(c.Text) <= MaxCode }

// Size is the text's length in words: "34.2 MiB".
func (c *Code) Size() string {
	return strconv.FormatFloat(float64(len(c.Text))/(1<<20), 'f', 1, 64) + " MiB"
}

type chartView struct {
	*Chart
	S    svg
	Head []string
	Rows []row
}

var funcs = template.FuncMap{
	// chart lays out c, one of n charts side by side.
	"chart": func(c *Chart, n int) chartView {
		head, rows := c.table()
		width := wideWidth
		if n > 1 {
			width = smallWidth
		}
		return chartView{Chart: c, S: c.draw(width), Head: head, Rows: rows}
	},
	"heat": func(h *Heat) heatView { return h.view(wideWidth) },
}

var page = template.Must(template.New("page").Funcs(funcs).Parse(pageTemplate))

// Write writes the page as one HTML document. Invalid UTF-8 in any value is replaced by
// U+FFFD, so the document is valid UTF-8 whatever the input held.
func Write(w io.Writer, p Page) error {
	var buf bytes.Buffer
	if err := page.Execute(&buf, terminalText(p)); err != nil {
		return err
	}
	out := bytes.ToValidUTF8(buf.Bytes(), []byte("\uFFFD"))
	bw := bufio.NewWriter(w)
	if _, err := bw.Write(out); err != nil {
		return err
	}
	return bw.Flush()
}

// CSP is the page's Content-Security-Policy: nothing may be loaded or run, only the inline
// style applies. A browser that honours it blocks any request the page might make.
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

const pageTemplate = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="` + CSP + `">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="presplit">
<title>{{.Title}}</title>
<style>
` + css + `
</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
{{- with .Lead}}
<p class="lead">{{.}}</p>
{{- end}}
</header>
<main>
{{- if not .NoFindings}}
<section id="findings" class="findings">
<h2>Findings</h2>
{{- if .Findings}}
<ul>
{{- range .Findings}}
<li class="finding sev-{{.Severity}}"><span class="sev">{{.Severity}}</span> <code>{{.Code}}</code> <span class="msg">{{.Message}}</span>
{{- with .Fix}}<div class="fix">fix: {{.}}</div>{{end}}</li>
{{- end}}
</ul>
{{- else}}
<p class="none">No findings.</p>
{{- end}}
</section>
{{- end}}
{{- range .Sections}}
<section{{with .ID}} id="{{.}}"{{end}}>
<h2>{{.Heading}}</h2>
{{- range .Text}}
<p>{{.}}</p>
{{- end}}
{{- with .Facts}}
<table class="facts">
{{- range .}}
<tr><th scope="row">{{.Name}}</th><td>{{.Value}}</td><td class="note">{{.Note}}</td></tr>
{{- end}}
</table>
{{- end}}
{{- with .Charts}}{{$n := len .}}
<div class="charts n{{$n}}">
{{- range .}}{{template "chart" chart . $n}}{{end}}
</div>
{{- end}}
{{- with .Heat}}{{template "heat" heat .}}{{end}}
{{- range .Tables}}
<table class="data">
{{- with .Caption}}<caption>{{.}}</caption>{{end}}
<thead><tr>{{range .Head}}<th scope="col">{{.}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Rows}}
<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table>
{{- end}}
{{- with .Code}}
{{- if .Fits}}
<figure class="code">
<figcaption>{{.Caption}} <span class="hint">(a click selects the whole block)</span></figcaption>
<pre id="{{.ID}}" class="copy">
{{.Text}}</pre>
</figure>
{{- else}}
<p class="toolong" id="{{.ID}}-left-out">The {{.Caption}} text is {{.Size}}, more than a page carries: {{.Instead}}</p>
{{- end}}
{{- end}}
</section>
{{- end}}
</main>
<footer>Written by presplit: one self-contained file, no script, nothing loaded from the network.</footer>
</body>
</html>
{{define "heat"}}
<figure class="chart heat" id="heat-{{.ID}}">
<style>` + heatCSS + `</style>
<figcaption><strong>{{.Title}}</strong>
{{- if gt .Per 1}} <span class="bucketed">{{len .Keys}} {{.Item}}s in {{.Cols}} columns of {{.Per}}: each cell is its column's largest</span>{{end}}</figcaption>
<svg viewBox="0 0 {{.S.Width}} {{.S.Height}}" role="img" aria-label="{{.S.Desc}}" data-heat="{{.ID}}" data-rows="{{len .Rows}}" data-cols="{{.Cols}}">
<desc>{{.S.Desc}}</desc>
{{- range .S.Rects}}
<rect class="{{.Class}}" x="{{.X}}" y="{{.Y}}" width="{{.W}}" height="{{.H}}"><title>{{.Title}}</title></rect>
{{- end}}
{{- range .S.Texts}}
<text class="{{.Class}}" x="{{.X}}" y="{{.Y}}" text-anchor="{{.Anchor}}">{{.Text}}</text>
{{- end}}
</svg>
<ul class="legend"><li><span class="swatch heat0"></span>none</li><li><span class="swatch heat3"></span>busier</li><li><span class="swatch heat5"></span>the busiest</li><li><span class="swatch heat-none"></span>unknown</li></ul>
<details>
<summary>Table view: {{len .Table}} rows</summary>
<table class="data" data-table="heat-{{.ID}}">
<thead><tr><th scope="col">{{.Item}}</th><th scope="col">start key</th>{{range .Rows}}<th scope="col">{{.Label}} ({{$.Unit}})</th>{{end}}</tr></thead>
<tbody>
{{- range .Table}}
<tr>{{range $i, $c := .}}<td{{if eq $i 1}} class="key"{{end}}>{{$c}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table>
</details>
</figure>
{{- end}}{{define "chart"}}
<figure class="chart" id="chart-{{.ID}}">
<figcaption><strong>{{.Title}}</strong>
{{- if .Bucketed}} <span class="bucketed">{{.Items}} {{.Item}}s in {{len .Marks}} buckets of {{.Per}}: each mark is a bucket's mean{{if eq .Kind 0}}, its whisker the bucket's min to max{{end}}</span>{{end}}</figcaption>
<svg viewBox="0 0 {{.S.Width}} {{.S.Height}}" role="img" aria-label="{{.S.Desc}}" data-chart="{{.ID}}" data-marks="{{.S.Marks}}" data-items="{{.Items}}" data-per="{{.Per}}">
<desc>{{.S.Desc}}</desc>
{{- range .S.Grid}}
<line class="{{.Class}}" x1="{{.X1}}" x2="{{.X2}}" y1="{{.Y}}" y2="{{.Y}}"/>
{{- end}}
{{- range .S.Ticks}}
<line class="tick" x1="{{.X}}" x2="{{.X}}" y1="{{.Y1}}" y2="{{.Y2}}"/>
{{- end}}
{{- range .S.Rects}}
<rect class="{{.Class}}" x="{{.X}}" y="{{.Y}}" width="{{.W}}" height="{{.H}}"><title>{{.Title}}</title></rect>
{{- end}}
{{- range .S.Whisker}}
<line class="whisker" x1="{{.X}}" x2="{{.X}}" y1="{{.Y1}}" y2="{{.Y2}}"/>
{{- end}}
{{- range .S.Lines}}
<line class="ref {{.Class}}" x1="{{.X1}}" x2="{{.X2}}" y1="{{.Y}}" y2="{{.Y}}"/>
{{- end}}
{{- range .S.Texts}}
<text class="{{.Class}}" x="{{.X}}" y="{{.Y}}" text-anchor="{{.Anchor}}">{{.Text}}</text>
{{- end}}
</svg>
{{- with .Legend}}
<ul class="legend">{{range .}}<li><span class="swatch {{.Name}}"></span>{{.Label}}</li>{{end}}</ul>
{{- end}}
{{- with .Note}}
<p class="note">{{.}}</p>
{{- end}}
<details>
<summary>Table view: {{len .Rows}} {{if .Bucketed}}buckets{{else}}rows{{end}}</summary>
<table class="data" data-table="{{.ID}}">
<thead><tr>{{range .Head}}<th scope="col">{{.}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Rows}}
<tr data-first="{{.First}}" data-last="{{.Last}}" data-sum="{{.Sum}}"><td>{{.Label}}</td><td class="key">{{.Key}}</td>{{range .Cells}}<td>{{.}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table>
</details>
</figure>
{{- end}}`

const css = `:root { color-scheme: light; --ink: #1d2430; --muted: #5b6577; --rule: #d5dae3; --bg: #fff;
  --mark: #3f6fb0; --alt: #86a9d9; --hot: #c8372d; --warm: #e39b2d; --ok: #5c9a5c;
  --split: #c8372d; --merge: #2f6fca; --merge-later: #9dbff0; --keep: #8fb58f; --unknown: #b4b9c2; --empty: #e3e6eb; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1200px; padding: 16px 24px 40px; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--bg); }
h1 { font-size: 24px; margin: 8px 0 4px; }
h2 { font-size: 18px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--rule); }
.lead { color: var(--muted); margin: 0 0 8px; }
code, pre, .key { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 13px; }
.key { white-space: pre-wrap; word-break: break-all; }
.findings ul { list-style: none; padding: 0; margin: 0; }
.finding { border-left: 6px solid; padding: 6px 10px; margin: 6px 0; border-radius: 3px; }
.finding .sev { font-weight: 600; text-transform: uppercase; font-size: 12px; letter-spacing: .04em; }
.finding .fix { color: var(--muted); margin-top: 2px; }
.sev-error { border-color: #c62828; background: #fdecea; }
.sev-error .sev { color: #a11d1d; }
.sev-warning { border-color: #d98200; background: #fff4e0; }
.sev-warning .sev { color: #8a5200; }
.sev-info { border-color: #2a6fc9; background: #eaf2fd; }
.sev-info .sev { color: #1c569f; }
.none { color: var(--muted); }
table { border-collapse: collapse; }
.facts th { text-align: left; font-weight: 500; padding: 3px 16px 3px 0; vertical-align: top; white-space: nowrap; }
.facts td { padding: 3px 16px 3px 0; vertical-align: top; }
.facts td.note { color: var(--muted); }
.data { margin: 8px 0; font-size: 13px; }
.data th, .data td { border: 1px solid var(--rule); padding: 2px 8px; text-align: left; vertical-align: top; }
.data thead th { background: #f3f5f8; }
.data caption { text-align: left; font-weight: 600; padding: 4px 0; }
.charts { display: grid; gap: 16px; grid-template-columns: 1fr; }
.charts.n2, .charts.n3, .charts.n4, .charts.n5, .charts.n6, .charts.n7, .charts.n8 { grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); }
figure { margin: 12px 0; }
figure.chart { break-inside: avoid; }
figcaption { margin-bottom: 4px; }
.bucketed { color: var(--muted); font-size: 13px; }
svg { width: 100%; height: auto; display: block; }
svg text { font-size: 12px; fill: var(--ink); }
svg text.label { fill: var(--muted); }
svg text.ylabel { writing-mode: vertical-rl; transform-box: fill-box; transform-origin: center; transform: rotate(180deg); }
svg .grid { stroke: #e6e9ef; stroke-width: 1; }
svg .tick { stroke: var(--muted); stroke-width: .5; }
svg .whisker { stroke: var(--ink); stroke-width: 1; opacity: .55; }
svg .ref { stroke-width: 1.5; }
svg line.line-mean { stroke: #222; stroke-dasharray: 6 4; }
svg line.line-limit { stroke: #c62828; stroke-dasharray: 2 3; stroke-width: 2; }
svg text.line-mean { fill: #222; }
svg text.line-limit { fill: #a11d1d; }
.mark, .swatch { fill: var(--mark); background: var(--mark); }
.mark.alt, .swatch.alt { fill: var(--alt); background: var(--alt); }
.mark.hot, .swatch.hot { fill: var(--hot); background: var(--hot); }
.mark.warm, .swatch.warm { fill: var(--warm); background: var(--warm); }
.mark.ok, .swatch.ok { fill: var(--ok); background: var(--ok); }
.mark.split, .swatch.split { fill: var(--split); background: var(--split); }
.mark.merge, .swatch.merge { fill: var(--merge); background: var(--merge); }
.mark.merge-later, .swatch.merge-later { fill: var(--merge-later); background: var(--merge-later); }
.mark.keep, .swatch.keep { fill: var(--keep); background: var(--keep); }
.mark.unknown, .swatch.unknown { fill: var(--unknown); background: var(--unknown); }
.mark.empty, .swatch.empty { fill: var(--empty); background: var(--empty); }
svg .mark { stroke: #fff; stroke-width: .3; }
.legend { list-style: none; padding: 0; margin: 4px 0; display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 13px; }
.swatch { display: inline-block; width: 12px; height: 12px; margin-right: 6px; vertical-align: -1px; border-radius: 2px; }
.note { color: var(--muted); font-size: 13px; margin: 4px 0; }
details summary { cursor: pointer; color: var(--muted); font-size: 13px; }
pre.copy { background: #f5f7fa; border: 1px solid var(--rule); padding: 10px 12px; overflow-x: auto; white-space: pre; user-select: all; -webkit-user-select: all; }
.hint { color: var(--muted); font-size: 13px; font-weight: normal; }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  details summary, .hint { display: none; }
  pre.copy { white-space: pre-wrap; word-break: break-all; border-color: #999; }
  section { break-inside: auto; }
  h2 { break-after: avoid; }
  .charts { grid-template-columns: 1fr !important; }
}`

// heatCSS is the heat map's shades, in the page only where a heat map is.
const heatCSS = `
.heat0, .swatch.heat0 { fill: #eef2f8; background: #eef2f8; } .heat1 { fill: #f6dcb3; } .heat2 { fill: #f0b770; }
.heat3, .swatch.heat3 { fill: #e58a3c; background: #e58a3c; } .heat4 { fill: #d65a2e; } .heat5, .swatch.heat5 { fill: #b3261e; background: #b3261e; }
.heat-none, .swatch.heat-none { fill: #fff; stroke: #d5dae3; background: #fff; border: 1px solid #d5dae3; }
`
