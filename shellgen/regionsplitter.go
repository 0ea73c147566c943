package shellgen

import (
	"fmt"
	"io"
	"strings"

	"github.com/presplit/presplit/splits"
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
	a := d.Split.Algorithm
	if a == nil {
		return &FormatError{Format: "regionsplitter", Reason: "RegionSplitter cannot express prefix-aligned or salted keys, only its own algorithms (--algo HexStringSplit, DecimalStringSplit, UniformSplit); use --format shell or splits-file"}
	}
	if d.Split.Regions() < 2 {
		return &FormatError{Format: "regionsplitter", Reason: "RegionSplitter needs at least 2 regions (-c must be greater than 1)"}
	}
	fams := make([]string, len(d.Table.Families))
	for i, f := range d.Table.Families {
		fams[i] = f.Name
	}
	args := []string{"hbase", "org.apache.hadoop.hbase.util.RegionSplitter", d.Table.Name, a.Name,
		"-c", fmt.Sprint(d.Split.Regions()), "-f", strings.Join(fams, ":")}
	if a.FirstRow != "" {
		args = append(args, "--firstrow", a.FirstRow)
	}
	if a.LastRow != "" {
		args = append(args, "--lastrow", a.LastRow)
	}
	for i, s := range args {
		args[i] = shQuote(s)
	}
	out := strings.Join(args, " ") + "\n"
	if d.Table.CreateNamespace {
		// RegionSplitter creates the table only; its namespace must exist first.
		out = "hbase shell -n <<'" + heredocEnd + "'\ncreate_namespace " + rubyQuote(d.Table.Namespace()) + "\n" + heredocEnd + "\n" + out
	}
	if alter, ok := regionSplitterAlter(d); ok {
		out += "# RegionSplitter creates every family with HBase's defaults and the table without its\n" +
			"# attributes; this alter applies the plan's (the table's regions reopen, its splits stay):\n" +
			"hbase shell -n <<'" + heredocEnd + "'\n" + alter + heredocEnd + "\n"
	}
	_, err := io.WriteString(w, out)
	return err
}

// heredocEnd ends the here-document that feeds the alter to hbase shell: no statement line
// can be it (each starts with alter, a space or a bracket).
const heredocEnd = "PRESPLIT_ALTER"

// regionSplitterAlter is the `alter` statement that gives the table what RegionSplitter
// cannot: the families' settings and the table's attributes (MAX_FILESIZE, the split
// policy, ...); false when the plan has none.
func regionSplitterAlter(d Doc) (string, bool) {
	a := d
	a.Split = splits.Split{}
	a.SplitsFile = ""
	a.Table.Families = nil
	for _, f := range d.Table.Families {
		if len(familyAttrs(f)) > 1 { // more than NAME
			a.Table.Families = append(a.Table.Families, f)
		}
	}
	attrs, config := a.Table.TableAttrs()
	if len(a.Table.Families) == 0 && len(attrs) == 0 && len(config) == 0 {
		return "", false
	}
	return statement("alter", a), true
}

// shQuote quotes s for a POSIX shell: bare when every byte is safe, otherwise in single
// quotes with each ' written as '\”.
func shQuote(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("_-.,:/=@%+", c) >= 0) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
