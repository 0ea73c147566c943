package render

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// Phoenix writes one CREATE TABLE statement for Apache Phoenix (sqlline, or any JDBC
// client), in PhoenixSQL.g's grammar:
//
//	CREATE TABLE "ns"."t" (BUCKET CHAR(2) NOT NULL, ..., CONSTRAINT PK PRIMARY KEY (BUCKET, ...))
//	DEFAULT_COLUMN_FAMILY = 'cf', TTL = 2592000, ... SPLIT ON ('01', '02', ...);
//
// The split: a byte:B plan (one region per salt bucket) becomes SALT_BUCKETS = B, which
// makes Phoenix split on the bytes 1 .. B-1 itself; it never carries SPLIT ON (Phoenix
// refuses both, error 1022). Any other plan becomes SPLIT ON with SQL string literals ('
// doubled, \ doubled: Phoenix's lexer reads \ as an escape), whose UTF-8 bytes are the
// split points; a key that is not printable UTF-8 text is refused. HBase, Phoenix and
// DEFAULT_COLUMN_FAMILY names keep their case as double-quoted identifiers; primary key
// columns are written unquoted in upper case, as Phoenix stores them.
func Phoenix(w io.Writer, d Doc) error {
	if err := d.validate(); err != nil {
		return err
	}
	head, splitOn, err := phoenixStatement(d)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString(head)
	if splitOn {
		bw.WriteString("\nSPLIT ON (\n")
		fill(bw, phoenixItems(d.split().Keys), "    ", "    ")
		bw.WriteString(")")
	}
	bw.WriteString(";\n")
	return bw.Flush()
}

func phoenixError(format string, args ...any) error {
	return &FormatError{Format: "phoenix", Reason: fmt.Sprintf(format, args...)}
}

// SaltBuckets is B when the split is Phoenix's own for SALT_BUCKETS = B: a byte:B prefix
// with one region per bucket and no suffix. ok is false for a split on something else;
// err says why a byte:B split is not one SALT_BUCKETS can make.
func SaltBuckets(d Doc) (b int, ok bool, err error) {
	s := d.split()
	spec, isByte := strings.CutPrefix(s.Spec, "byte:")
	if !isByte {
		return 0, false, nil
	}
	b, convErr := strconv.Atoi(spec)
	if convErr != nil || b < 1 || b > phoenix.MaxSaltBuckets {
		return 0, false, nil
	}
	want := phoenix.SaltSplits(b)
	same := len(s.Suffix) == 0 && len(want) == s.Keys.Len()
	for i := 0; same && i < len(want); i++ {
		same = bytes.Equal(want[i], s.Keys.At(i))
	}
	if !same {
		return b, true, fmt.Errorf("the plan splits the byte:%d salt into %d regions, but SALT_BUCKETS = %d always makes %d and Phoenix refuses SPLIT ON for a salted table (error 1022): plan %d regions ({splits.regions} %d), or salt with {rowkey.prefix} byte:%d",
			b, s.Regions(), b, b, b, b, s.Regions())
	}
	return b, true, nil
}

// phoenixStatement is the CREATE TABLE up to its SPLIT ON clause, and whether it has one
// (written by Phoenix from the keys, as they are written: every key is checked here,
// none is held).
func phoenixStatement(d Doc) (string, bool, error) { //nolint:gocyclo // the CREATE TABLE clauses in the order Phoenix's grammar fixes (columns, PRIMARY KEY, options, SPLIT ON), each optional or refused with its reason
	if len(d.PhoenixPK) == 0 {
		return "", false, noPhoenixPK(d)
	}
	buckets, salted, err := SaltBuckets(d)
	if err != nil {
		return "", false, phoenixError("%v", err)
	}

	if d.Table.CreateNamespace {
		return "", false, phoenixError("{table.create_namespace} is an hbase shell create_namespace; Phoenix maps a schema to a namespace only with phoenix.schema.isNamespaceMappingEnabled: create the schema or namespace yourself")
	}
	name, err := phoenixTableName(d.Table.Name)
	if err != nil {
		return "", false, err
	}
	cols, err := phoenixColumns(d)
	if err != nil {
		return "", false, err
	}

	opts, err := phoenixOptions(d.Table)
	if err != nil {
		return "", false, err
	}
	if salted {
		opts = append(opts, fmt.Sprintf("SALT_BUCKETS = %d", buckets))
	}

	var b strings.Builder
	b.WriteString("CREATE TABLE " + name + " (\n")
	for i, c := range cols {
		b.WriteString("    " + c)
		if i < len(cols)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString(")")
	for i, o := range opts {
		sep := ","
		if i == len(opts)-1 {
			sep = ""
		}
		b.WriteString("\n" + o + sep)
	}
	splitOn := !salted && d.split().Keys.Len() > 0
	if splitOn {
		for i, k := range d.split().Keys.All() {
			if _, err := phoenixLiteral(i, k); err != nil {
				return "", false, err
			}
		}
	}
	return b.String(), splitOn, nil
}

// noPhoenixPK is the error of a statement without primary key columns: why they are
// missing, or how to give them.
func noPhoenixPK(d Doc) error {
	why := d.PhoenixPKMissing
	if why == "" {
		why = "give {phoenix_pk} 'bucket CHAR(2), user_id VARCHAR, ...'"
	}
	return phoenixError("the primary key columns are not known: %s", why)
}

// phoenixItems are SPLIT ON's items, each key's literal with a comma but the last, made as
// they are written. phoenixStatement checked the keys: an error here cannot happen.
func phoenixItems(keys splits.Keys) iter.Seq[string] {
	return func(yield func(string) bool) {
		last := keys.Len() - 1
		for i, k := range keys.All() {
			lit, _ := phoenixLiteral(i, k) // checked before the first write
			if i < last {
				lit += ","
			}
			if !yield(lit) {
				return
			}
		}
	}
}

// phoenixColumns are the table's column definitions: the primary key's columns, a VARCHAR
// column per family qualifier, and the PRIMARY KEY constraint.
func phoenixColumns(d Doc) ([]string, error) {
	var cols, pk []string
	for _, c := range d.PhoenixPK {
		n := phoenix.ColumnName(c.Name)
		cols = append(cols, fmt.Sprintf("%s %s NOT NULL", n, c.Type))
		pk = append(pk, n)
	}
	// Phoenix creates the families its columns use, or only the default family when no
	// column names one: a family without columns would be missing from the table.
	withCols := 0
	for _, f := range d.Table.Families {
		if len(f.Qualifiers) > 0 {
			withCols++
		}
	}
	for _, f := range d.Table.Families {
		if len(f.Qualifiers) == 0 && (withCols > 0 || len(d.Table.Families) > 1) {
			return nil, phoenixError("family %q has no columns: Phoenix creates only the families its columns use; list the family's qualifiers in the spec", f.Name)
		}
		fam, err := phoenix.QuoteName(f.Name)
		if err != nil {
			return nil, phoenixError("family %v", err)
		}
		for _, q := range f.Qualifiers {
			qn, err := phoenix.QuoteName(q)
			if err != nil {
				return nil, phoenixError("family %q: qualifier %v", f.Name, err)
			}
			cols = append(cols, fmt.Sprintf("%s.%s VARCHAR", fam, qn))
		}
	}
	cols = append(cols, "CONSTRAINT PK PRIMARY KEY ("+strings.Join(pk, ", ")+")")
	return cols, nil
}

// phoenixTableName is [namespace:]name as "namespace"."name": with
// phoenix.schema.isNamespaceMappingEnabled a Phoenix schema is the HBase namespace.
func phoenixTableName(name string) (string, error) {
	ns, t, hasNS := strings.Cut(name, ":")
	if !hasNS {
		ns, t = "", name
	}
	qt, err := phoenix.QuoteName(t)
	if err != nil {
		return "", phoenixError("table %v", err)
	}
	if ns == "" {
		return qt, nil
	}
	qns, err := phoenix.QuoteName(ns)
	if err != nil {
		return "", phoenixError("namespace %v", err)
	}
	return qns + "." + qt, nil
}

// phoenixLiteral is split key i as a Phoenix string literal: the key must be printable
// UTF-8 (Phoenix encodes the literal's text as UTF-8 and decodes no \xNN); ' is doubled
// and \ doubled (PhoenixSQL.g's CHAR_ESC reads \ as an escape).
func phoenixLiteral(i int, k []byte) (string, error) {
	if !utf8.Valid(k) {
		return "", phoenixError("split key %d \"%s\" is not valid UTF-8 text: Phoenix takes a SPLIT ON literal's own characters as UTF-8 and does not decode \\xNN", i+1, hbytes.ToStringBinary(k))
	}
	for _, c := range k {
		if c < 0x20 || c == 0x7F {
			return "", phoenixError("split key %d \"%s\" holds a control byte, which a pasted SQL statement cannot carry", i+1, hbytes.ToStringBinary(k))
		}
	}
	lit, err := quote.SQLString(string(k))
	if err != nil {
		return "", phoenixError("split key %d %v", i+1, err)
	}
	return lit, nil
}

// phoenixOptions are the table's HBase settings as Phoenix table options. A family
// setting every family shares is written once without a family (Phoenix applies it to
// all); one that differs is written per family ("cf".VERSIONS = 3). TTL must be the same
// for every family (Phoenix refuses a per-family TTL, error 1050).
func phoenixOptions(t plan.Table) ([]string, error) { //nolint:gocyclo // the table options Phoenix takes from the families' settings (IN_MEMORY, BLOCKCACHE, configuration), each written only when set
	var opts []string
	if len(t.Families) > 0 {
		lit, err := quote.SQLString(t.Families[0].Name)
		if err != nil {
			return nil, phoenixError("family %v", err)
		}
		opts = append(opts, "DEFAULT_COLUMN_FAMILY = "+lit)
	}
	type setting struct {
		name  string
		value func(plan.Family) string // "" = unset
	}
	settings := []setting{
		{"TTL", func(f plan.Family) string { return intIf(f.TTL) }},
		{"VERSIONS", func(f plan.Family) string { return intIf(int64(f.Versions)) }},
		{"COMPRESSION", func(f plan.Family) string { return strIf(f.Compression) }},
		{"DATA_BLOCK_ENCODING", func(f plan.Family) string { return strIf(f.Encoding) }},
		{"BLOOMFILTER", func(f plan.Family) string { return strIf(f.Bloom) }},
		{"BLOCKSIZE", func(f plan.Family) string { return intIf(f.BlockSize) }},
		{"IN_MEMORY", func(f plan.Family) string {
			if f.InMemory {
				return "true"
			}
			return ""
		}},
		{"BLOCKCACHE", func(f plan.Family) string {
			if f.BlockCache != nil {
				return strconv.FormatBool(*f.BlockCache)
			}
			return ""
		}},
		{"MIN_VERSIONS", func(f plan.Family) string { return intIf(int64(f.MinVersions)) }},
		{"KEEP_DELETED_CELLS", func(f plan.Family) string { return strIf(f.KeepDeletedCells) }},
	}
	for _, f := range t.Families {
		if len(f.Config()) > 0 {
			return nil, phoenixError("family %q: BLOOMFILTER ROWPREFIX_FIXED_LENGTH needs the family CONFIGURATION %s, which a Phoenix table option cannot set; use {format} shell", f.Name, hbase.RowPrefixBloomLengthKey)
		}
	}
	for _, s := range settings {
		first := s.value(t.Families[0])
		same := true
		for _, f := range t.Families[1:] {
			same = same && s.value(f) == first
		}
		switch {
		case same && first != "":
			opts = append(opts, s.name+" = "+first)
		case same:
		case s.name == "TTL":
			var each []string
			for _, f := range t.Families {
				v := s.value(f)
				if v == "" {
					v = "none"
				}
				each = append(each, fmt.Sprintf("%q %s", f.Name, v))
			}
			return nil, phoenixError("the families' TTLs differ (%s): Phoenix sets one TTL for every family of a table; give them one", strings.Join(each, ", "))
		default:
			for _, f := range t.Families {
				if v := s.value(f); v != "" {
					fam, _ := phoenix.QuoteName(f.Name)
					opts = append(opts, fam+"."+s.name+" = "+v)
				}
			}
		}
	}
	tableOpts, err := phoenixTableOptions(t)
	if err != nil {
		return nil, err
	}
	return append(opts, tableOpts...), nil
}

// phoenixTableOptions are the table's own attributes (Table.TableAttrs: MAX_FILESIZE,
// MEMSTORE_FLUSHSIZE, REGION_REPLICATION, DURABILITY, NORMALIZATION_ENABLED, SPLIT_ENABLED,
// SPLIT_POLICY) as Phoenix table options. Phoenix hands a property that is neither a column
// family's nor its own to HBase's table descriptor as key and value text
// (MetaDataUtil.isHTableProperty, then TableDescriptorBuilder.setValue), which is where
// HBase reads each of them. A split policy's CONFIGURATION (the prefix length, the
// delimiter, 3.x's split restriction) is refused: its dotted keys are not Phoenix property
// names (PhoenixSQL.g reads a dot as family.property).
func phoenixTableOptions(t plan.Table) ([]string, error) {
	attrs, config := t.TableAttrs()
	if len(config) > 0 {
		return nil, phoenixError("{table.split_policy} %s needs the table CONFIGURATION %s, which a Phoenix table option cannot set; use {format} shell, or alter the table after the CREATE TABLE", t.SplitPolicy.Kind, config[0].Key)
	}
	opts := make([]string, 0, len(attrs))
	for _, a := range attrs {
		v := a.Value
		if a.IsString {
			lit, err := quote.SQLString(a.Value)
			if err != nil {
				return nil, phoenixError("%s %v", a.Key, err)
			}
			v = lit
		}
		opts = append(opts, a.Key+" = "+v)
	}
	return opts, nil
}

func intIf(n int64) string {
	if n <= 0 {
		return ""
	}
	return strconv.FormatInt(n, 10)
}

// strIf is a setting's value (an HBase enum name: SNAPPY, ROW, ...) as a SQL literal.
func strIf(s string) string {
	if s == "" {
		return ""
	}
	lit, err := quote.SQLString(s)
	if err != nil {
		return "" // not an enum name: Table.Validate has refused it already
	}
	return lit
}
