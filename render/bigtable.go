package render

// Cloud Bigtable: `cbt createtable` and Terraform's google_bigtable_table. Bigtable speaks
// HBase's API (java-bigtable-hbase) but names and keeps data its own way: table and family
// IDs are [_a-zA-Z0-9][-_.a-zA-Z0-9]* with no namespace, and a family's garbage-collection
// rule replaces TTL and VERSIONS. HBase removes a cell that is expired OR beyond VERSIONS,
// so the rule is the union maxage || maxversions; a family without VERSIONS keeps HBase's
// default, 1 (Bigtable's own default keeps every version). With MIN_VERSIONS HBase keeps
// the newest of them past the TTL (HBASE-4071): a cell goes when it is beyond VERSIONS, or
// expired and beyond MIN_VERSIONS: maxversions=V || (maxage=T && maxversions=M).

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// Bigtable limits presplit checks.
const (
	// MaxBigtableTableID is the longest Bigtable table ID.
	MaxBigtableTableID = 50
	// MaxCBTVersions is the largest maxversions cbt reads (strconv.ParseUint(n, 10, 16)).
	MaxCBTVersions = 65535
	// MaxArgBytes is the longest single command-line argument Linux passes to a program
	// (MAX_ARG_STRLEN, 32 pages of 4 KiB, with its terminating NUL).
	MaxArgBytes = 131072 - 1
)

// bigtableGC is one family's garbage-collection rule: MaxAge seconds (0 = none),
// MaxVersions (always set: the family's VERSIONS, else HBase's default 1) and MinVersions,
// the versions kept past MaxAge (0 = none; only with a MaxAge).
type bigtableGC struct {
	Family      string
	MaxAge      int64
	MaxVersions int
	MinVersions int
}

// bigtableTable checks the names Bigtable accepts and derives each family's GC rule.
func bigtableTable(format string, t plan.Table) ([]bigtableGC, error) {
	bad := func(f string, args ...any) error {
		return &FormatError{Format: format, Reason: fmt.Sprintf(f, args...)}
	}
	if strings.Contains(t.Name, ":") {
		return nil, bad("table %q: Bigtable table IDs have no namespace; give the table without %q", t.Name, t.Name[:strings.IndexByte(t.Name, ':')+1])
	}
	if len(t.Name) > MaxBigtableTableID {
		return nil, bad("table %q: a Bigtable table ID is at most %d characters", t.Name, MaxBigtableTableID)
	}
	if !bigtableID(t.Name) {
		return nil, bad("table %q: a Bigtable table ID is [_a-zA-Z0-9][-_.a-zA-Z0-9]*", t.Name)
	}
	if err := bigtableTableSettings(format, t); err != nil {
		return nil, err
	}
	var gcs []bigtableGC
	for _, f := range t.Families {
		if !bigtableID(f.Name) {
			return nil, bad("family %q: a Bigtable column family ID is [_a-zA-Z0-9][-_.a-zA-Z0-9]*", f.Name)
		}
		gc := bigtableGC{Family: f.Name, MaxVersions: f.Versions}
		if gc.MaxVersions == 0 {
			gc.MaxVersions = 1 // HBase's default VERSIONS
		}
		if f.TTL > 0 && f.TTL < hbase.Forever {
			gc.MaxAge, gc.MinVersions = f.TTL, f.MinVersions
		}
		gcs = append(gcs, gc)
	}
	return gcs, nil
}

// bigtableTableSettings refuses the table settings a Bigtable table has no place for and
// that change what the table does, so that no operator believes they were applied:
// DURABILITY (Bigtable writes every mutation durably, replication is the instance's),
// REGION_REPLICATION (replicas are the instance's clusters), NORMALIZATION_ENABLED and the
// split policy (Bigtable splits and merges tablets itself), MEMSTORE_FLUSHSIZE (no
// memstore). MAX_FILESIZE, which the plan sets from its region size whenever it sizes one,
// and the families' storage settings (COMPRESSION, BLOOMFILTER, ...) are left out as
// docs/formats.md says: refusing them would refuse every sized plan and every design shared
// with the HBase formats.
func bigtableTableSettings(format string, t plan.Table) error {
	var set []string
	if t.Durability != "" {
		set = append(set, "DURABILITY ({table.durability})")
	}
	if t.RegionReplication > 0 {
		set = append(set, "REGION_REPLICATION ({table.region_replication})")
	}
	if t.Normalization != nil {
		set = append(set, "NORMALIZATION_ENABLED ({table.normalization})")
	}
	if t.MemstoreFlushSize > 0 {
		set = append(set, "MEMSTORE_FLUSHSIZE ({table.memstore_flushsize})")
	}
	if t.SplitPolicy.Kind != "" && t.SplitPolicy.Kind != plan.PolicyDefault {
		set = append(set, "SPLIT_POLICY "+t.SplitPolicy.Kind+" ({table.split_policy})")
	}
	if len(set) == 0 {
		return nil
	}
	what := "it"
	if len(set) > 1 {
		what = "them"
	}
	return &FormatError{Format: format, Reason: fmt.Sprintf("Bigtable has no %s: Bigtable decides durability, replicas, splits and merges itself; leave %s out", strings.Join(set, ", "), what)}
}

// bigtableLeftOut names the set settings a Bigtable table has no counterpart for and the
// output leaves out: MAX_FILESIZE (Bigtable sizes its tablets itself) and the families'
// storage settings (Bigtable chooses its own compression, caching and file layout, and
// keeps no deleted cells). They are said, not refused: a sized plan always sets
// MAX_FILESIZE, and a design shared with the HBase formats sets the storage settings.
func bigtableLeftOut(t plan.Table) []string {
	var attrs []string
	if t.MaxFileSize > 0 {
		attrs = append(attrs, "MAX_FILESIZE")
	}
	for _, s := range bigtableStorage {
		for _, f := range t.Families {
			if s.set(f) {
				attrs = append(attrs, s.attr)
				break
			}
		}
	}
	if len(attrs) == 0 {
		return nil
	}
	return []string{"Bigtable has no " + strings.Join(attrs, ", ") + ": left out; Bigtable sizes and stores its tablets itself"}
}

// bigtableStorage are the family settings Bigtable has no counterpart for.
var bigtableStorage = []struct {
	attr string
	set  func(plan.Family) bool
}{
	{"COMPRESSION", func(f plan.Family) bool { return f.Compression != "" }},
	{"BLOOMFILTER", func(f plan.Family) bool { return f.Bloom != "" }},
	{"BLOCKSIZE", func(f plan.Family) bool { return f.BlockSize > 0 }},
	{"DATA_BLOCK_ENCODING", func(f plan.Family) bool { return f.Encoding != "" }},
	{"IN_MEMORY", func(f plan.Family) bool { return f.InMemory }},
	{"BLOCKCACHE", func(f plan.Family) bool { return f.BlockCache != nil }},
	{"KEEP_DELETED_CELLS", func(f plan.Family) bool { return f.KeepDeletedCells != "" }},
}

// cbtPolicy is the rule in cbt's gcpolicy grammar: maxage=30d||maxversions=1, or with
// MIN_VERSIONS maxversions=3||(maxage=7d&&maxversions=1).
func (gc bigtableGC) cbtPolicy() string {
	policy := fmt.Sprintf("maxversions=%d", gc.MaxVersions)
	switch {
	case gc.MaxAge > 0 && gc.MinVersions > 0:
		policy += fmt.Sprintf("||(maxage=%s&&maxversions=%d)", maxAge(gc.MaxAge), gc.MinVersions)
	case gc.MaxAge > 0:
		policy = "maxage=" + maxAge(gc.MaxAge) + "||" + policy
	}
	return policy
}

func bigtableID(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' ||
			(i > 0 && (c == '-' || c == '.'))
		if !ok {
			return false
		}
	}
	return true
}

// maxAge writes seconds in the largest unit that divides them: 30d, 36h, 90m, 45s (cbt's
// parseDuration reads digits and one unit of ms s m h d).
func maxAge(secs int64) string {
	switch {
	case secs%86400 == 0:
		return strconv.FormatInt(secs/86400, 10) + "d"
	case secs%3600 == 0:
		return strconv.FormatInt(secs/3600, 10) + "h"
	case secs%60 == 0:
		return strconv.FormatInt(secs/60, 10) + "m"
	}
	return strconv.FormatInt(secs, 10) + "s"
}

// CBT writes one `cbt createtable` command line for a POSIX shell:
//
//	cbt createtable t1 'families=cf:maxage=30d||maxversions=1' splits=1,2,3
//
// cbt reads the families and splits values each as one CSV record (encoding/csv) and
// takes the keys as typed, with no \x decoding, so a key is written as CSV (quoted when
// it holds , " or leading space) and the argument quoted for the shell. A key a command
// line cannot carry (a control byte, invalid UTF-8) is refused.
func CBT(w io.Writer, d Doc) error { //nolint:gocyclo // the cbt script in order: the checks, one GC policy per family (refused past cbt's limits), the split keys
	if err := d.validate(); err != nil {
		return err
	}
	gcs, err := bigtableTable("cbt", d.Table)
	if err != nil {
		return err
	}
	bad := func(f string, args ...any) error {
		return &FormatError{Format: "cbt", Reason: fmt.Sprintf(f, args...)}
	}
	fams := make([]string, len(gcs))
	for i, gc := range gcs {
		if gc.MaxVersions > MaxCBTVersions {
			return bad("family %q: VERSIONS %d is more than the %d cbt reads as maxversions", gc.Family, gc.MaxVersions, MaxCBTVersions)
		}
		fams[i] = gc.Family + ":" + gc.cbtPolicy()
	}
	famRecord, err := csvRecord(fams)
	if err != nil {
		return err
	}
	args := []string{"cbt", "createtable", d.Table.Name, "families=" + famRecord}
	if d.split().Keys.Len() > 0 {
		// The argument holds every key and a comma between two: past MaxArgBytes it is
		// refused before the record is built (ten million keys built 80 MB of it first).
		least := len("splits=") + d.split().Keys.Len() - 1
		for _, k := range d.split().Keys.All() {
			if least += len(k); least > MaxArgBytes {
				return bad("the splits argument is more than %d bytes, the most Linux passes in one argument; use {format} terraform", MaxArgBytes)
			}
		}
		keys := make([]string, d.split().Keys.Len())
		for i, k := range d.split().Keys.All() {
			if !utf8.Valid(k) {
				return bad("split key %d \"%s\" is not valid UTF-8 text, which a command line cannot carry", i+1, hbytes.ToStringBinary(k))
			}
			for _, c := range k {
				if c < 0x20 || c == 0x7F {
					return bad("split key %d \"%s\" holds a control byte, which a command line cannot carry", i+1, hbytes.ToStringBinary(k))
				}
			}
			keys[i] = string(k)
		}
		rec, err := csvRecord(keys)
		if err != nil {
			return err
		}
		arg := "splits=" + rec
		if len(arg) > MaxArgBytes {
			return bad("the splits argument is %d bytes, more than the %d Linux passes in one argument (its CSV quoting makes it longer than the keys); use {format} terraform", len(arg), MaxArgBytes)
		}
		args = append(args, arg)
	}
	q := &quoter{format: "cbt"}
	for i, a := range args {
		if i < 2 {
			continue // cbt createtable
		}
		what := "table"
		if i > 2 {
			what, _, _ = strings.Cut(a, "=")
		}
		args[i] = q.bash(what, a)
	}
	if q.err != nil {
		return q.err
	}
	_, err = io.WriteString(w, strings.Join(args, " ")+"\n")
	return err
}

// csvRecord is fields as one CSV record, the way encoding/csv's reader reads it back.
func csvRecord(fields []string) (string, error) {
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	if err := cw.Write(fields); err != nil {
		return "", err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// Terraform writes the table as Terraform (google provider): a variable for the instance,
// a google_bigtable_table with split_keys and one column_family block per family, and a
// google_bigtable_gc_policy per family for its TTL and VERSIONS (mode UNION when both).
// Keys are HCL string literals: \\ \" and \n \r \t, other control characters \uNNNN, and
// ${ and %{ doubled to $${ and %%{ so Terraform does not read a template; invalid UTF-8 is
// refused.
func Terraform(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	gcs, err := bigtableTable("terraform", d.Table)
	if err != nil {
		return err
	}
	// Every key is checked before the first byte, then quoted again as it is written: the
	// output streams and holds no key twice (ten million keys of 100 bytes took 8.67 GiB
	// as a slice of literals, a slice of items and the whole text in one string).
	for i, k := range d.split().Keys.All() {
		if _, err := terraformKey(i, k); err != nil {
			return err
		}
	}
	q := &quoter{format: "terraform"}
	label := hclLabel(d.Table.Name)
	var head strings.Builder
	head.WriteString("variable \"bigtable_instance\" {\n")
	head.WriteString("  type        = string\n")
	head.WriteString("  description = " + q.hcl("table", "the Bigtable instance that holds table "+d.Table.Name) + "\n")
	head.WriteString("}\n\n")
	head.WriteString("resource \"google_bigtable_table\" " + q.hcl("label", label) + " {\n")
	head.WriteString("  name          = " + q.hcl("table", d.Table.Name) + "\n")
	head.WriteString("  instance_name = var.bigtable_instance\n")
	tail, err := terraformTail(q, label, gcs)
	if err != nil {
		return err
	}
	if q.err != nil {
		return q.err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString(head.String())
	if d.split().Keys.Len() > 0 {
		bw.WriteString("  split_keys = [\n")
		fill(bw, terraformItems(d.split().Keys), "    ", "    ")
		bw.WriteString("  ]\n")
	}
	bw.WriteString(tail)
	return bw.Flush()
}

// terraformKey is split key i (from 0) as an HCL string literal, or why Terraform cannot
// hold it.
func terraformKey(i int, k []byte) (string, error) {
	if !utf8.Valid(k) {
		return "", &FormatError{Format: "terraform", Reason: fmt.Sprintf("split key %d \"%s\" is not valid UTF-8 text, which a Terraform string cannot hold", i+1, hbytes.ToStringBinary(k))}
	}
	lit, err := quote.HCLString(string(k))
	if err != nil { // the key's name is made only for the error: see quoter.rubyKey
		return "", &FormatError{Format: "terraform", Reason: fmt.Sprintf("split key %d %v", i+1, err)}
	}
	return lit, nil
}

// terraformItems are the split_keys list's items, each key's literal and its comma, made
// as they are written. The keys were checked: an error here cannot happen.
func terraformItems(keys splits.Keys) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i, k := range keys.All() {
			lit, _ := terraformKey(i, k) // checked before the first write
			if !yield(lit + ",") {
				return
			}
		}
	}
}

// terraformTail is what follows the split keys: the column families, the end of the table
// and one google_bigtable_gc_policy per family.
func terraformTail(q *quoter, label string, gcs []bigtableGC) (string, error) {
	var b strings.Builder
	for _, gc := range gcs {
		b.WriteString("\n  column_family {\n    family = " + q.hcl("family", gc.Family) + "\n  }\n")
	}
	b.WriteString("}\n")
	used := map[string]bool{}
	for _, gc := range gcs {
		gl := label + "_" + hclLabel(gc.Family)
		for n := 2; used[gl]; n++ {
			gl = fmt.Sprintf("%s_%s_%d", label, hclLabel(gc.Family), n)
		}
		used[gl] = true
		b.WriteString("\nresource \"google_bigtable_gc_policy\" " + q.hcl("label", gl) + " {\n")
		b.WriteString("  instance_name = var.bigtable_instance\n")
		b.WriteString("  table         = google_bigtable_table." + label + ".name\n")
		b.WriteString("  column_family = " + q.hcl("family", gc.Family) + "\n")
		if gc.MinVersions > 0 {
			// The rule nests an intersection in the union, which the provider's max_age and
			// max_version blocks cannot say; cbt can.
			return "", &FormatError{Format: "terraform", Reason: fmt.Sprintf("family %q keeps MIN_VERSIONS %d past its TTL, a rule google_bigtable_gc_policy's max_age and max_version blocks cannot state (%s); use {format} cbt, or write the policy's gc_rules by hand", gc.Family, gc.MinVersions, gc.cbtPolicy())}
		}
		if gc.MaxAge > 0 {
			b.WriteString("  mode          = \"UNION\"\n")
			// Terraform's duration is Go's: h m s, no d.
			fmt.Fprintf(&b, "\n  max_age {\n    duration = %q\n  }\n", goDuration(gc.MaxAge))
		}
		fmt.Fprintf(&b, "\n  max_version {\n    number = %d\n  }\n", gc.MaxVersions)
		b.WriteString("}\n")
	}
	return b.String(), nil
}

// goDuration writes seconds for Go's time.ParseDuration: whole hours, minutes or seconds.
func goDuration(secs int64) string {
	switch {
	case secs%3600 == 0:
		return strconv.FormatInt(secs/3600, 10) + "h"
	case secs%60 == 0:
		return strconv.FormatInt(secs/60, 10) + "m"
	}
	return strconv.FormatInt(secs, 10) + "s"
}

// hclLabel is name as a Terraform resource name: letters, digits, _ and -, not starting
// with a digit or -.
func hclLabel(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' {
			b.WriteByte(c)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" || s[0] >= '0' && s[0] <= '9' || s[0] == '-' {
		s = "t_" + s
	}
	return s
}
