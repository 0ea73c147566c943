package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/presplit/presplit/splits"
)

// htmlBenchDoc is benchDoc with every region owning one prefix.
func htmlBenchDoc(regions int) Doc {
	d := benchDoc(regions)
	owned := make([]float64, regions)
	for i := range owned {
		owned[i] = 1
	}
	d.Split.Owned = splits.OwnedOf(owned...)
	return d
}

// A million regions: the key space in 1,000 buckets; the create statement (12 MB) is left
// out of the page, which says how to write it; the page stays under 5 MB. 200,000 keys of
// 4 bytes make a statement over 1 MiB too: left out, saying so.
func TestHTMLMillionRegions(t *testing.T) {
	d := htmlBenchDoc(1_000_000)
	d.Options.Name = func(name string) string { return map[string]string{"format": "--format"}[name] }
	var b bytes.Buffer
	start := time.Now()
	if err := HTML(&b, d); err != nil {
		t.Fatal(err)
	}
	t.Logf("1,000,000 regions: %d bytes of HTML in %v", b.Len(), time.Since(start))
	if b.Len() > 5<<20 {
		t.Errorf("the page is %d bytes, want under 5 MB", b.Len())
	}
	s := b.String()
	if !strings.Contains(s, `data-marks="1000" data-items="1000000" data-per="1000"`) {
		t.Error("the key space is not 1,000 buckets of 1,000 regions")
	}
	if !strings.Contains(s, "A statement of 999,999 split keys is more than a page carries: write it with --format shell") {
		t.Error("the page does not say where the statement is")
	}
}

// The page's create block is Shell's output, byte for byte (html/template escapes it; the
// browser test reads it back from the DOM).
func TestHTMLLongStatement(t *testing.T) {
	d := htmlBenchDoc(200_000)
	var b bytes.Buffer
	if err := HTML(&b, d); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `<p class="toolong" id="shell-left-out">The hbase shell text is `) {
		t.Error("a statement over 1 MiB is not left out")
	}
}

func TestHTMLCarriesShell(t *testing.T) {
	d := htmlBenchDoc(50)
	var page, shell bytes.Buffer
	if err := HTML(&page, d); err != nil {
		t.Fatal(err)
	}
	if err := Shell(&shell, d); err != nil {
		t.Fatal(err)
	}
	i := strings.Index(page.String(), `<pre id="shell" class="copy">`+"\n")
	if i < 0 {
		t.Fatal("no create block")
	}
	rest := page.String()[i+len(`<pre id="shell" class="copy">`+"\n"):]
	got := rest[:strings.Index(rest, "</pre>")]
	want := strings.NewReplacer("&", "&amp;", "'", "&#39;", "<", "&lt;", ">", "&gt;", `"`, "&#34;").Replace(shell.String())
	if got != want {
		t.Errorf("the create block is\n%s\nwant\n%s", got, want)
	}
}

func BenchmarkHTML(b *testing.B) {
	for _, n := range []int{1000, 1_000_000} {
		d := htmlBenchDoc(n)
		b.Run(fmt.Sprintf("regions=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := HTML(&buf, d); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes/page")
		})
	}
}

// The page's key space labels a region by its start key with a leading or trailing space
// written \x20, as the SPLITS_FILE has it (a label would hide the space).
func TestHTMLEdgeSpaces(t *testing.T) {
	d := htmlBenchDoc(3)
	d.Split.Keys = splits.KeysOf([]byte(" a"), []byte("b "))
	var b bytes.Buffer
	if err := HTML(&b, d); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`\x20a`, `b\x20`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the page has no %s", want)
		}
	}
}
