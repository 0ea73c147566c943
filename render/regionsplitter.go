package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/quote"
)

// RegionSplitter writes the command that makes HBase's own RegionSplitter create the table
// with the same keys:
//
//	hbase org.apache.hadoop.hbase.util.RegionSplitter t1 HexStringSplit -c 16 -f cf1:cf2
//
// plus --firstrow/--lastrow when the split set them; every argument is quoted for a POSIX
// shell where it needs to be. Only a split made by an --algo (Split.Algorithm) can be
// expressed: RegionSplitter knows nothing of prefix-aligned or salted keys. RegionSplitter
// creates the families with HBase's default settings.
func RegionSplitter(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	a := d.split().Algorithm
	if a == nil {
		return &FormatError{Format: "regionsplitter", Reason: "RegionSplitter cannot express prefix-aligned or salted keys, only its own algorithms ({splits.algo} HexStringSplit, DecimalStringSplit, UniformSplit); use {format} shell or splits-file"}
	}
	if d.split().Regions() < 2 {
		return &FormatError{Format: "regionsplitter", Reason: "RegionSplitter needs at least 2 regions (-c must be greater than 1)"}
	}
	q := &quoter{format: "regionsplitter"}
	fams := make([]string, len(d.Table.Families))
	for i, f := range d.Table.Families {
		fams[i] = f.Name
	}
	famArg := strings.Join(fams, ":")
	if reason := gnuParserLoses(famArg); reason != "" {
		return &FormatError{Format: "regionsplitter", Reason: fmt.Sprintf("-f %s would not reach RegionSplitter as written: %s; rename the family or use {format} shell", shQuote(famArg), reason)}
	}
	// Every argument after the class is a value, a bash word; what names it in an error.
	args := []string{"hbase", "org.apache.hadoop.hbase.util.RegionSplitter",
		q.bash("table", d.Table.Name), q.bash("algorithm", a.Name),
		"-c", fmt.Sprint(d.split().Regions()), "-f", q.bash("-f", famArg)}
	for _, r := range []struct{ opt, row string }{{"--firstrow", a.FirstRow}, {"--lastrow", a.LastRow}} {
		if r.row == "" {
			continue // the algorithm's default (UniformSplit's first row is the empty row)
		}
		v, err := regionSplitterRow(a.Name, r.row)
		if err != nil {
			return &FormatError{Format: "regionsplitter", Reason: fmt.Sprintf("%s %s: %v", r.opt, shQuote(r.row), err)}
		}
		args = append(args, r.opt, q.bash(r.opt, v))
	}
	out := strings.Join(args, " ") + "\n"
	if d.Table.CreateNamespace {
		// RegionSplitter creates the table only; its namespace must exist first.
		doc, err := quote.BashHeredoc("hbase shell -n", "create_namespace "+q.ruby("namespace", d.Table.Namespace())+"\n")
		if err != nil {
			q.fail("create_namespace", err)
		}
		out = doc + out
	}
	out += regionSplitterAlterDoc(q, d)
	if q.err != nil {
		return q.err
	}
	_, err := io.WriteString(w, out)
	return err
}

// regionSplitterAlterDoc is the here-document that runs the plan's alter after
// RegionSplitter, with the comment that says why; "" when there is nothing to apply.
func regionSplitterAlterDoc(q *quoter, d Doc) string {
	alter, ok := regionSplitterAlter(q, d)
	if !ok {
		return ""
	}
	comment := "# RegionSplitter creates every family with HBase's defaults and the table without its\n" +
		"# attributes; this alter applies the plan's (the table's regions reopen, its splits stay):\n"
	if d.Table.RegionReplication > 1 && !hbase.OnlineReplicaChange.In(d.Table.Target) {
		// RegionSplitter leaves the table enabled, and before 2.4.0 the master refuses to
		// change an enabled table's REGION_REPLICATION: the whole alter would fail (on 2.x
		// one modifyTable carries the families too), so it runs disabled.
		table := q.ruby("table", d.Table.Name)
		alter = "disable " + table + "\n" + alter + "enable " + table + "\n"
		comment += "# before HBase 2.4.0 REGION_REPLICATION changes only on a disabled table (HBASE-25124):\n" +
			"# the new, empty table is disabled for the alter and enabled after it.\n"
	}
	// The here-document's terminator is one no line of the alter holds (a value such as a
	// delimiter is data, never the end of the here-document).
	doc, err := quote.BashHeredoc("hbase shell -n", alter)
	if err != nil {
		q.fail("alter", err)
	}
	return comment + doc
}

// RegionSplitter reads its command line with commons-cli's GnuParser (GnuParser.flatten,
// Parser.processArgs, Util.stripLeadingAndTrailingQuotes): an option's value wrapped in
// double quotes loses them, and a value that names one of RegionSplitter's options
// (-c, --risky, -risky), starts with one of its one-letter options (-c5, -Dx: flatten
// splits it) or is --opt=... leaves the option without its argument ("Missing argument
// for option"). gnuParserLoses says why a value would not arrive as written; "" when it
// does. Older commons-cli releases strip a leading and a trailing quote separately, so
// either one alone counts.
func gnuParserLoses(v string) string {
	strip := func(s string) string {
		if strings.HasPrefix(s, "--") {
			return s[2:]
		}
		return strings.TrimPrefix(s, "-")
	}
	opt := strip(v)
	name, _, hasEq := strings.Cut(opt, "=")
	switch {
	case strings.HasPrefix(v, "-") && v != "-" &&
		(regionSplitterOptions[opt] || hasEq && regionSplitterOptions[name] || len(v) >= 2 && regionSplitterOptions[strip(v[:2])]):
		return fmt.Sprintf("GnuParser reads %s as RegionSplitter's option", shQuote(v))
	case strings.HasPrefix(v, `"`) || strings.HasSuffix(v, `"`):
		return "GnuParser strips the double quotes around a value"
	}
	return ""
}

// regionSplitterOptions are RegionSplitter.main's options (branch-2.6 and branch-3.0).
var regionSplitterOptions = map[string]bool{"D": true, "c": true, "f": true, "h": true, "r": true, "o": true,
	"firstrow": true, "lastrow": true, "risky": true}

// regionSplitterRow writes a --firstrow/--lastrow value that reaches the algorithm as
// the same row. UniformSplit decodes its rows with Bytes.toBytesBinary, so the row is
// written in toStringBinary form with every '"' as \x22 and a leading '-' as \x2D: the
// same bytes, nothing GnuParser touches. HexStringSplit and DecimalStringSplit read the
// row as a number (BigInteger), with no escapes: a row GnuParser would change is refused.
func regionSplitterRow(algo, row string) (string, error) {
	if algo != "UniformSplit" {
		if reason := gnuParserLoses(row); reason != "" {
			return "", fmt.Errorf("%s, and %s reads its rows as numbers, with no escape to write it otherwise", reason, algo)
		}
		return row, nil
	}
	b, err := hbytes.ToBytesBinary(row)
	if err != nil {
		return "", fmt.Errorf("not a row Bytes.toBytesBinary reads: %w", err)
	}
	v := strings.ReplaceAll(hbytes.ToStringBinary(b), `"`, `\x22`)
	if strings.HasPrefix(v, "-") {
		v = `\x2D` + v[1:]
	}
	return v, nil
}

// regionSplitterAlter is the `alter` statement that gives the table what RegionSplitter
// cannot: the families' settings and the table's attributes (MAX_FILESIZE, the split
// policy, ...); false when the plan has none.
func regionSplitterAlter(q *quoter, d Doc) (string, bool) {
	a := d.own()
	a.Split = nil
	a.Options.SplitsFile = ""
	a.Table.Families = nil
	for _, f := range d.Table.Families {
		if len(familyAttrs(q, f)) > 1 { // more than NAME
			a.Table.Families = append(a.Table.Families, f)
		}
	}
	attrs, config := a.Table.TableAttrs()
	if len(a.Table.Families) == 0 && len(attrs) == 0 && len(config) == 0 {
		return "", false
	}
	return statement(q, "alter", a), true
}

// shQuote is s as a shell word for an error message: the word the script would hold, or
// Go's quoted form when s cannot be one.
func shQuote(s string) string {
	if w, err := quote.BashWord(s); err == nil {
		return w
	}
	return strconv.Quote(s)
}
