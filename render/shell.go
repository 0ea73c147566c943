package render

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// shellWidth is the widest line Shell writes when it wraps (under 100 columns). A single
// key longer than that still gets a line of its own.
const shellWidth = 99

// Shell writes a script for the target's hbase shell: the comment that says how to run
// it (hbase.ScriptEnd), the findings as Ruby comments, one line each (`# warning RG003:
// ...`), so a saved or pasted script carries them, the create statement (Statement), and
// `exit` where the target's shell ends a script with exit code 0 that way.
func Shell(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	if d.Options.NumRegions {
		if err := CheckNumRegions(d); err != nil {
			return &FormatError{Format: "shell", Reason: err.Error()}
		}
	}
	if err := checkShellValues(d); err != nil {
		return err
	}
	// Everything is checked: from here on only the writer can fail, and the statement
	// streams through one buffer (a million keys are never held as text).
	bw := bufio.NewWriterSize(w, 64<<10)
	end := hbase.ScriptEndFor(d.Table.Target)
	bw.WriteString(end.Comment())
	for _, f := range d.Findings {
		// A comment ends at the line's end: a finding's values (a qualifier, a part name)
		// must not end it and turn the rest into Ruby code.
		fmt.Fprintf(bw, "# %s %s: %s\n", f.Severity, f.Code, quote.RubyComment(f.Message))
	}
	writeShellStatement(&quoter{format: "shell"}, bw, d)
	bw.WriteString(end.Ending())
	return bw.Flush()
}

// checkShellValues quotes every value of the statement but the split keys, whose
// toStringBinary form is printable ASCII, which a Ruby single-quoted string always takes:
// a value it refuses is refused before the first byte is written.
func checkShellValues(d Doc) error {
	q := &quoter{format: "shell"}
	noKeys := d.split()
	noKeys.Keys = splits.Keys{}
	d = d.own()
	d.Split = &noKeys
	writeShellStatement(q, bufio.NewWriter(io.Discard), d)
	return q.err
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
	if err := checkShellValues(d); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	writeShellStatement(&quoter{format: "shell"}, bw, d)
	return bw.Flush()
}

// familyAttrs are the `KEY => value` pairs of one family, in a fixed order.
func familyAttrs(q *quoter, f plan.Family) []string {
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
func rubyHash(q *quoter, kvs []plan.KV) string {
	s := make([]string, len(kvs))
	for i, kv := range kvs {
		s[i] = rubyKV(q, kv)
	}
	return strings.Join(s, ", ")
}

// rubyKV is one CONFIGURATION entry: 'key' => 'value'.
func rubyKV(q *quoter, kv plan.KV) string {
	return q.ruby("CONFIGURATION key", kv.Key) + " => " + q.ruby("CONFIGURATION "+kv.Key, kv.Value)
}

// writeShellStatement writes the create, after `create_namespace 'ns'` when the table asks
// for it.
func writeShellStatement(q *quoter, w *bufio.Writer, d Doc) {
	if d.Table.CreateNamespace {
		w.WriteString("create_namespace " + q.ruby("namespace", d.Table.Namespace()) + "\n")
	}
	writeStatement(q, w, "create", d)
}

// CheckNumRegions reports why d cannot be written as `NUMREGIONS => n, SPLITALGO =>
// 'Algo'`: the shell then splits with the algorithm's default first and last row
// (admin.rb: RegionSplitter.newSplitAlgoInstance(conf, algo).split(n)), so only a split
// made by that algorithm over its default range, of at least 2 regions, is the same.
func CheckNumRegions(d Doc) error {
	a := d.split().Algorithm
	if a == nil {
		return errors.New("NUMREGIONS splits with a RegionSplitter algorithm (SPLITALGO); this plan's keys are not one's: give {splits.algo}, or leave {render.shell_style} out to write SPLITS")
	}
	n := d.split().Regions()
	if n < 2 {
		return errors.New("the shell refuses NUMREGIONS below 2 (\"Number of regions must be greater than 1\"); leave {render.shell_style} out")
	}
	def, err := splits.RegionSplitter(a.Name, n, "", "")
	if err != nil || !def.Keys.Equal(d.split().Keys) {
		return fmt.Errorf("NUMREGIONS splits over %s's default range only, and {splits.first_row}/{splits.last_row} moved it; leave {render.shell_style} out to write SPLITS", a.Name)
	}
	return nil
}

// statement is writeStatement as a string, for statements without keys (the alter beside
// RegionSplitter).
func statement(q *quoter, verb string, d Doc) string {
	var b strings.Builder
	w := bufio.NewWriter(&b)
	writeStatement(q, w, verb, d)
	_ = w.Flush() // a strings.Builder does not fail
	return b.String()
}

// shellKey is split key i (from 1) as the shell statement writes it: a Ruby single-quoted
// string of its toStringBinary form.
func shellKey(q *quoter, i int, k []byte) string {
	return q.rubyKey(i, hbytes.ToStringBinary(k))
}

// writeStatement writes `verb 'table', {family}..., ATTR => v, ..., SPLITS => [...]`:
// create, or alter (no keys) for what RegionSplitter leaves out. The keys are quoted one
// at a time as they are written, never held as a list of strings; w's first error sticks
// (bufio) and is the caller's to read from Flush.
func writeStatement(q *quoter, w *bufio.Writer, verb string, d Doc) {
	head := verb + " " + q.ruby("table", d.Table.Name)
	var families []string
	for _, f := range d.Table.Families {
		families = append(families, "{"+strings.Join(familyAttrs(q, f), ", ")+"}")
	}
	opts, config, listKeys := statementOptions(q, d)
	keys := d.split().Keys

	if len(families) == 0 && len(opts) == 0 && !listKeys {
		w.WriteString(head + "\n")
		return
	}
	items := append(append([]string{}, families...), opts...)
	if line, fits := oneLineStatement(q, head, items, keys, listKeys); fits {
		w.WriteString(line + "\n")
		return
	}

	// Wrapped: every line but the last ends with ',', '[' or inside '{...}', so Ruby (and
	// the shell's statement reader) keeps reading.
	w.WriteString(head + ",\n")
	nargs := len(d.Table.Families) + len(opts)
	if listKeys {
		nargs++
	}
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
		fill(w, slices.Values(items), "  {", "   ")
	}
	for _, o := range opts {
		writeWrappedOption(q, w, o, config, sep)
	}
	if listKeys {
		writeWrappedSplits(q, w, keys, sep)
	}
}

// writeWrappedOption writes option o of a wrapped statement on its line, CONFIGURATION
// (config) one entry a line when it is too wide; sep ends the argument.
func writeWrappedOption(q *quoter, w *bufio.Writer, o string, config []plan.KV, sep func() string) {
	if !strings.HasPrefix(o, "CONFIGURATION => ") || utf8.RuneCountInString("  "+o+",") <= shellWidth {
		w.WriteString("  " + o + sep() + "\n")
		return
	}
	w.WriteString("  CONFIGURATION => {\n")
	for i, kv := range config {
		end := ","
		if i == len(config)-1 {
			end = ""
		}
		w.WriteString("    " + rubyKV(q, kv) + end + "\n")
	}
	w.WriteString("  }" + sep() + "\n")
}

// writeWrappedSplits writes the SPLITS option of a wrapped statement: on one line when it
// fits, else the keys filled onto lines; sep ends the argument.
func writeWrappedSplits(q *quoter, w *bufio.Writer, keys splits.Keys, sep func() string) {
	if opt, fits := splitsOneLine(q, keys); fits {
		w.WriteString("  " + opt + sep() + "\n")
		return
	}
	w.WriteString("  SPLITS => [\n")
	last := keys.Len() - 1
	fill(w, func(yield func(string) bool) {
		for i, k := range keys.All() {
			k := shellKey(q, i+1, k)
			if i < last {
				k += ","
			}
			if !yield(k) {
				return
			}
		}
	}, "    ", "    ")
	w.WriteString("  ]" + sep() + "\n")
}

// statementOptions are the create statement's options after the families: the table
// attributes, CONFIGURATION (config, its entries), and the split's option; listKeys is
// whether the split is SPLITS => [...], the last of the options, which the caller writes.
func statementOptions(q *quoter, d Doc) (opts []string, config []plan.KV, listKeys bool) {
	attrs, config := d.Table.TableAttrs()
	for _, a := range attrs {
		v := a.Value
		if a.IsString {
			v = q.ruby(a.Key, v)
		}
		opts = append(opts, a.Key+" => "+v)
	}
	if len(config) > 0 {
		opts = append(opts, d.Table.ConfigAttr()+" => {"+rubyHash(q, config)+"}")
	}
	switch {
	case d.Options.NumRegions && d.split().Algorithm != nil:
		opts = append(opts, fmt.Sprintf("NUMREGIONS => %d", d.split().Regions()), "SPLITALGO => "+q.ruby("SPLITALGO", d.split().Algorithm.Name))
	case d.Options.SplitsFile != "":
		opts = append(opts, "SPLITS_FILE => "+q.ruby("SPLITS_FILE", d.Options.SplitsFile))
	case d.split().Keys.Len() > 0:
		listKeys = true
	}
	return opts, config, listKeys
}

// oneLineStatement is the statement on one line, head and items (and with listKeys the
// SPLITS option of keys), and whether it fits in shellWidth columns.
func oneLineStatement(q *quoter, head string, items []string, keys splits.Keys, listKeys bool) (string, bool) {
	line := head + ", " + strings.Join(items, ", ")
	cols := utf8.RuneCountInString(line)
	if listKeys {
		// The SPLITS option's width, counted only until the line is too wide anyway.
		const open = "SPLITS => ["
		if len(items) > 0 {
			cols += len(", ")
		}
		cols += len(open) + len("]")
		for i, k := range keys.All() {
			if cols > shellWidth {
				break
			}
			if i > 0 {
				cols += len(", ")
			}
			cols += utf8.RuneCountInString(shellKey(q, i+1, k))
		}
		if cols <= shellWidth {
			quoted := make([]string, keys.Len())
			for i, k := range keys.All() {
				quoted[i] = shellKey(q, i+1, k)
			}
			opt := open + strings.Join(quoted, ", ") + "]"
			if len(items) > 0 {
				line += ", " + opt
			} else {
				line += opt
			}
		}
	}
	return line, cols <= shellWidth
}

// splitsOneLine is `SPLITS => [...]` on one line, and whether that line ("  " + it + ",")
// fits in shellWidth columns; it stops quoting keys as soon as it cannot fit.
func splitsOneLine(q *quoter, keys splits.Keys) (string, bool) {
	var b strings.Builder
	b.WriteString("SPLITS => [")
	cols := len("  SPLITS => [") + len("],")
	for i, k := range keys.All() {
		s := shellKey(q, i+1, k)
		if i > 0 {
			b.WriteString(", ")
			cols += len(", ")
		}
		b.WriteString(s)
		if cols += utf8.RuneCountInString(s); cols > shellWidth {
			return "", false
		}
	}
	b.WriteString("]")
	return b.String(), true
}

// fill writes items separated by spaces, as many per line as fit in shellWidth columns;
// first prefixes the first line, cont the others. A line is written as soon as it is
// full, so items may be a stream of a million keys.
func fill(w io.StringWriter, items iter.Seq[string], first, cont string) {
	// Nothing is held: a line's width is all it takes to know where the next item goes.
	_, _ = w.WriteString(first)
	n := 0
	cols := utf8.RuneCountInString(first)
	for it := range items {
		iw := utf8.RuneCountInString(it)
		if n > 0 && cols+1+iw > shellWidth {
			_, _ = w.WriteString("\n")
			_, _ = w.WriteString(cont)
			n, cols = 0, utf8.RuneCountInString(cont)
		}
		if n > 0 {
			_, _ = w.WriteString(" ")
			cols++
		}
		_, _ = w.WriteString(it)
		cols += iw
		n++
	}
	_, _ = w.WriteString("\n")
}
