package render

// The shell and json renderers before they streamed, kept as the oracles the streaming
// ones must match byte for byte (stream_test.go).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/quote"
)

func oracleShell(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	if d.Options.NumRegions {
		if err := CheckNumRegions(d); err != nil {
			return &FormatError{Format: "shell", Reason: err.Error()}
		}
	}
	var b strings.Builder
	end := hbase.ScriptEndFor(d.Table.Target)
	b.WriteString(end.Comment())
	for _, f := range d.Findings {
		// A comment ends at the line's end: a finding's values (a qualifier, a part name)
		// must not end it and turn the rest into Ruby code.
		fmt.Fprintf(&b, "# %s %s: %s\n", f.Severity, f.Code, quote.RubyComment(f.Message))
	}
	q := &quoter{format: "shell"}
	b.WriteString(oracleShellStatement(q, d))
	b.WriteString(end.Ending())
	if q.err != nil {
		return q.err
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func oracleShellStatement(q *quoter, d Doc) string {
	out := oracleStatement(q, "create", d)
	if d.Table.CreateNamespace {
		out = "create_namespace " + q.ruby("namespace", d.Table.Namespace()) + "\n" + out
	}
	return out
}

func oracleStatement(q *quoter, verb string, d Doc) string {
	head := verb + " " + q.ruby("table", d.Table.Name)
	var families []string
	for _, f := range d.Table.Families {
		families = append(families, "{"+strings.Join(familyAttrs(q, f), ", ")+"}")
	}
	var opts []string
	attrs, config := d.Table.TableAttrs()
	for _, a := range attrs {
		v := a.Value
		if a.IsString {
			v = q.ruby(a.Key, v)
		}
		opts = append(opts, a.Key+" => "+v)
	}
	if len(config) > 0 {
		opts = append(opts, "CONFIGURATION => {"+rubyHash(q, config)+"}")
	}
	keys := make([]string, d.Split.Keys.Len())
	for i, k := range d.Split.Keys.All() {
		keys[i] = q.ruby(fmt.Sprintf("split key %d", i+1), hbytes.ToStringBinary(k))
	}
	switch {
	case d.Options.NumRegions && d.Split.Algorithm != nil:
		opts = append(opts, fmt.Sprintf("NUMREGIONS => %d", d.Split.Regions()), "SPLITALGO => "+q.ruby("SPLITALGO", d.Split.Algorithm.Name))
		keys = nil
	case d.Options.SplitsFile != "":
		opts = append(opts, "SPLITS_FILE => "+q.ruby("SPLITS_FILE", d.Options.SplitsFile))
	case len(keys) > 0:
		opts = append(opts, "SPLITS => ["+strings.Join(keys, ", ")+"]")
	}

	if len(families) == 0 && len(opts) == 0 {
		return head + "\n"
	}
	line := head + ", " + strings.Join(append(append([]string{}, families...), opts...), ", ")
	if utf8.RuneCountInString(line) <= shellWidth {
		return line + "\n"
	}

	// Wrapped: every line but the last ends with ',', '[' or inside '{...}', so Ruby (and
	// the shell's statement reader) keeps reading.
	var b strings.Builder
	b.WriteString(head + ",\n")
	nargs := len(d.Table.Families) + len(opts)
	arg := 0
	sep := func() string {
		arg++
		if arg < nargs {
			return ","
		}
		return ""
	}
	for _, f := range d.Table.Families {
		attrs := familyAttrs(q, f)
		items := make([]string, len(attrs))
		for i, a := range attrs {
			items[i] = a + ","
		}
		items[len(items)-1] = attrs[len(attrs)-1] + "}" + sep()
		oracleFill(&b, items, "  {", "   ")
	}
	for _, o := range opts {
		if strings.HasPrefix(o, "CONFIGURATION => ") && utf8.RuneCountInString("  "+o+",") > shellWidth {
			b.WriteString("  CONFIGURATION => {\n")
			for i, kv := range config {
				end := ","
				if i == len(config)-1 {
					end = ""
				}
				b.WriteString("    " + rubyKV(q, kv) + end + "\n")
			}
			b.WriteString("  }" + sep() + "\n")
			continue
		}
		if strings.HasPrefix(o, "SPLITS => ") && utf8.RuneCountInString("  "+o+",") > shellWidth {
			b.WriteString("  SPLITS => [\n")
			items := make([]string, len(keys))
			for i, k := range keys {
				items[i] = k + ","
			}
			items[len(items)-1] = keys[len(keys)-1]
			oracleFill(&b, items, "    ", "    ")
			b.WriteString("  ]" + sep() + "\n")
			continue
		}
		b.WriteString("  " + o + sep() + "\n")
	}
	return b.String()
}

func oracleFill(b *strings.Builder, items []string, first, cont string) {
	line, n := first, 0
	cols := utf8.RuneCountInString(first)
	for _, it := range items {
		w := utf8.RuneCountInString(it)
		if n > 0 && cols+1+w > shellWidth {
			b.WriteString(line + "\n")
			line, n, cols = cont, 0, utf8.RuneCountInString(cont)
		}
		if n > 0 {
			line += " "
			cols++
		}
		line += it
		cols += w
		n++
	}
	b.WriteString(line + "\n")
}

// oracleJSON is JSON as it was: the whole JSONDoc through encoding/json.
func oracleJSON(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(NewJSONDoc(d)); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}
