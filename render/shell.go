package render

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// shellWidth is the widest line Shell writes when it wraps (under 100 columns). A single
// key longer than that still gets a line of its own.
const shellWidth = 99

// Shell writes the findings as Ruby comments, one line each (`# warning RG003: ...`), so a
// saved or pasted script carries them, then the create statement (Statement).
func Shell(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	if d.NumRegions {
		if err := CheckNumRegions(d); err != nil {
			return &FormatError{Format: "shell", Reason: err.Error()}
		}
	}
	var b strings.Builder
	for _, f := range d.Findings {
		// A comment ends at the line's end: a finding's values (a qualifier, a part name)
		// must not end it and turn the rest into Ruby code.
		fmt.Fprintf(&b, "# %s %s: %s\n", f.Severity, f.Code, quote.RubyComment(f.Message))
	}
	q := &quoter{format: "shell"}
	b.WriteString(shellStatement(q, d))
	if q.err != nil {
		return q.err
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Statement writes one `create` statement for `hbase shell` and `hbase shell -n FILE`:
//
//	create 'ns:t1', {NAME => 'cf', VERSIONS => 1, TTL => 2592000}, MAX_FILESIZE => 10737418240, SPLITS => ['10', '20']
//
// Split keys are Ruby single-quoted strings in toStringBinary form, which admin.rb passes
// to Bytes.toBytesBinary: the bytes HBase gets are exactly the planned bytes. Unset family
// settings are left out (HBase's defaults apply); there is no SPLITS for one region. A
// statement wider than 99 columns is wrapped at commas and brackets, which Ruby and the
// hbase shell read as one statement.
func Statement(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	q := &quoter{format: "shell"}
	out := shellStatement(q, d)
	if q.err != nil {
		return q.err
	}
	_, err := io.WriteString(w, out)
	return err
}

// familyAttrs are the `KEY => value` pairs of one family, in a fixed order.
func familyAttrs(q *quoter, f Family) []string {
	attrs := []string{"NAME => " + q.ruby("family", f.Name)}
	if f.Versions > 0 {
		attrs = append(attrs, fmt.Sprintf("VERSIONS => %d", f.Versions))
	}
	if f.TTL > 0 {
		attrs = append(attrs, fmt.Sprintf("TTL => %d", f.TTL))
	}
	if f.Compression != "" {
		attrs = append(attrs, "COMPRESSION => "+q.ruby("compression", f.Compression))
	}
	if f.Bloom != "" {
		attrs = append(attrs, "BLOOMFILTER => "+q.ruby("bloom", f.Bloom))
	}
	if f.BlockSize > 0 {
		attrs = append(attrs, fmt.Sprintf("BLOCKSIZE => %d", f.BlockSize))
	}
	if f.Encoding != "" {
		attrs = append(attrs, "DATA_BLOCK_ENCODING => "+q.ruby("data block encoding", f.Encoding))
	}
	if f.InMemory {
		attrs = append(attrs, "IN_MEMORY => true")
	}
	if f.BlockCache != nil {
		attrs = append(attrs, fmt.Sprintf("BLOCKCACHE => %t", *f.BlockCache))
	}
	if f.MinVersions > 0 {
		attrs = append(attrs, fmt.Sprintf("MIN_VERSIONS => %d", f.MinVersions))
	}
	switch f.KeepDeletedCells {
	case "":
	case "TTL": // the shell upcases the value's text: 'TTL', true and false all read
		attrs = append(attrs, "KEEP_DELETED_CELLS => 'TTL'")
	default:
		attrs = append(attrs, "KEEP_DELETED_CELLS => "+strings.ToLower(f.KeepDeletedCells))
	}
	if cfg := f.Config(); len(cfg) > 0 {
		attrs = append(attrs, "CONFIGURATION => {"+rubyHash(q, cfg)+"}")
	}
	return attrs
}

// rubyHash is the entries of a CONFIGURATION hash: 'key' => 'value', ...
func rubyHash(q *quoter, kvs []KV) string {
	s := make([]string, len(kvs))
	for i, kv := range kvs {
		s[i] = rubyKV(q, kv)
	}
	return strings.Join(s, ", ")
}

// rubyKV is one CONFIGURATION entry: 'key' => 'value'.
func rubyKV(q *quoter, kv KV) string {
	return q.ruby("CONFIGURATION key", kv.Key) + " => " + q.ruby("CONFIGURATION "+kv.Key, kv.Value)
}

// shellStatement is the create, after `create_namespace 'ns'` when the table asks for it.
func shellStatement(q *quoter, d Doc) string {
	out := statement(q, "create", d)
	if d.Table.CreateNamespace {
		out = "create_namespace " + q.ruby("namespace", d.Table.Namespace()) + "\n" + out
	}
	return out
}

// CheckNumRegions reports why d cannot be written as `NUMREGIONS => n, SPLITALGO =>
// 'Algo'`: the shell then splits with the algorithm's default first and last row
// (admin.rb: RegionSplitter.newSplitAlgoInstance(conf, algo).split(n)), so only a split
// made by that algorithm over its default range, of at least 2 regions, is the same.
func CheckNumRegions(d Doc) error {
	a := d.Split.Algorithm
	if a == nil {
		return errors.New("NUMREGIONS splits with a RegionSplitter algorithm (SPLITALGO); this plan's keys are not one's: give --algo, or leave --shell-style out to write SPLITS")
	}
	n := d.Split.Regions()
	if n < 2 {
		return errors.New("the shell refuses NUMREGIONS below 2 (\"Number of regions must be greater than 1\"); leave --shell-style out")
	}
	def, err := splits.RegionSplitter(a.Name, n, "", "")
	if err != nil || !def.Keys.Equal(d.Split.Keys) {
		return fmt.Errorf("NUMREGIONS splits over %s's default range only, and --first-row/--last-row moved it; leave --shell-style out to write SPLITS", a.Name)
	}
	return nil
}

// statement writes `verb 'table', {family}..., ATTR => v, ..., SPLITS => [...]`: create,
// or alter (no keys) for what RegionSplitter leaves out.
func statement(q *quoter, verb string, d Doc) string {
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
	case d.NumRegions && d.Split.Algorithm != nil:
		opts = append(opts, fmt.Sprintf("NUMREGIONS => %d", d.Split.Regions()), "SPLITALGO => "+q.ruby("SPLITALGO", d.Split.Algorithm.Name))
		keys = nil
	case d.SplitsFile != "":
		opts = append(opts, "SPLITS_FILE => "+q.ruby("SPLITS_FILE", d.SplitsFile))
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
		fill(&b, items, "  {", "   ")
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
			fill(&b, items, "    ", "    ")
			b.WriteString("  ]" + sep() + "\n")
			continue
		}
		b.WriteString("  " + o + sep() + "\n")
	}
	return b.String()
}

// fill writes items separated by spaces, as many per line as fit in shellWidth columns;
// first prefixes the first line, cont the others.
func fill(b *strings.Builder, items []string, first, cont string) {
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
