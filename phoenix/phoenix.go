// Package phoenix states Apache Phoenix's vocabulary as presplit needs it: the primary key
// column types and their widths in the row key, how Phoenix treats a split point given to
// CREATE TABLE (SchemaUtil.processSplit pads it to the key's fixed-width columns), and the
// split points of a salted table (SaltingUtil). Read from apache/phoenix (PDataType's
// getByteSize, SchemaUtil, SaltingUtil, PhoenixSQL.g, SQLExceptionCode).
package phoenix

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/presplit/presplit/quote"
)

// MaxSaltBuckets is the largest SALT_BUCKETS Phoenix accepts (INVALID_BUCKET_NUM, 1021:
// "Salt bucket numbers should be with 1 and 256").
const MaxSaltBuckets = 256

// Separator is the byte Phoenix writes after a variable-width key column that is not the
// last one (QueryConstants.SEPARATOR_BYTE, for ascending columns).
const Separator = 0x00

// Type is a primary key column's type: Name in Phoenix's spelling (upper case), Len the
// declared length of CHAR(n), BINARY(n), VARCHAR(n), DECIMAL(p[,s]) (0 when none), and
// Width its bytes in the row key: the fixed width, or 0 for a variable-width type.
type Type struct {
	Name  string
	Len   int
	Scale int // DECIMAL(p,s); -1 when not given
	Width int
}

// String is the type as written in DDL: CHAR(2), BIGINT, DECIMAL(10,2).
func (t Type) String() string {
	switch {
	case t.Len > 0 && t.Scale >= 0:
		return fmt.Sprintf("%s(%d,%d)", t.Name, t.Len, t.Scale)
	case t.Len > 0:
		return fmt.Sprintf("%s(%d)", t.Name, t.Len)
	}
	return t.Name
}

// Fixed reports whether the type has a fixed width in the row key.
func (t Type) Fixed() bool { return t.Width > 0 }

// fixedTypes are Phoenix's fixed-width scalar types and their bytes (PDataType.getByteSize).
var fixedTypes = map[string]int{
	"TINYINT": 1, "UNSIGNED_TINYINT": 1, "BOOLEAN": 1,
	"SMALLINT": 2, "UNSIGNED_SMALLINT": 2,
	"INTEGER": 4, "UNSIGNED_INT": 4, "FLOAT": 4, "UNSIGNED_FLOAT": 4,
	"BIGINT": 8, "UNSIGNED_LONG": 8, "DOUBLE": 8, "UNSIGNED_DOUBLE": 8,
	"TIME": 8, "DATE": 8, "UNSIGNED_TIME": 8, "UNSIGNED_DATE": 8,
	"TIMESTAMP": 12, "UNSIGNED_TIMESTAMP": 12,
}

// Types lists the type names ParseType accepts, for messages.
const Types = "CHAR(n), BINARY(n), VARCHAR, VARBINARY, DECIMAL, TINYINT, SMALLINT, INTEGER, BIGINT, " +
	"FLOAT, DOUBLE, BOOLEAN, TIME, DATE, TIMESTAMP and their UNSIGNED_ forms (UNSIGNED_LONG, UNSIGNED_INT, ...)"

// ParseType reads a primary key column type: CHAR(2), varchar, BIGINT, UNSIGNED_LONG,
// DECIMAL(10,2). Case is ignored; spaces around the parentheses are allowed.
func ParseType(s string) (Type, error) {
	text := strings.TrimSpace(s)
	name, args, hasArgs := strings.Cut(text, "(")
	name = strings.ToUpper(strings.TrimSpace(name))
	t := Type{Name: name, Scale: -1}
	if hasArgs {
		var err error
		if t.Len, t.Scale, err = typeArgs(s, name, args); err != nil {
			return Type{}, err
		}
	}
	switch {
	case name == "CHAR" || name == "BINARY":
		if t.Len == 0 {
			// MISSING_MAX_LENGTH (207): "Max length must be specified for type."
			return Type{}, fmt.Errorf("type %q: Phoenix needs a length for %s, like %s(2)", s, name, name)
		}
		t.Width = t.Len
	case name == "VARCHAR" || name == "VARBINARY" || name == "DECIMAL":
		if name == "VARBINARY" && hasArgs {
			return Type{}, fmt.Errorf("type %q: VARBINARY takes no length", s)
		}
	case fixedTypes[name] > 0:
		if hasArgs {
			return Type{}, fmt.Errorf("type %q: %s takes no length", s, name)
		}
		t.Width = fixedTypes[name]
	default:
		return Type{}, fmt.Errorf("type %q is not a Phoenix primary key type; use one of %s", s, Types)
	}
	return t, nil
}

// typeArgs reads the length and the scale (-1 when none) of type s, whose name is name,
// from args, the text after its "(".
func typeArgs(s, name, args string) (n, scale int, _ error) {
	inner, ok := strings.CutSuffix(strings.TrimSpace(args), ")")
	if !ok {
		return 0, 0, fmt.Errorf("type %q: a length needs a closing parenthesis", s)
	}
	lenText, scaleText, hasScale := strings.Cut(inner, ",")
	n, err := strconv.Atoi(strings.TrimSpace(lenText))
	if err != nil || n < 1 || n > 1<<20 {
		return 0, 0, fmt.Errorf("type %q: the length must be a whole number from 1, got %q", s, strings.TrimSpace(lenText))
	}
	if !hasScale {
		return n, -1, nil
	}
	if name != "DECIMAL" {
		return 0, 0, fmt.Errorf("type %q: only DECIMAL takes a scale", s)
	}
	sc, err := strconv.Atoi(strings.TrimSpace(scaleText))
	if err != nil || sc < 0 || sc > n {
		return 0, 0, fmt.Errorf("type %q: the scale must be a whole number from 0 to the precision", s)
	}
	return n, sc, nil
}

// Column is one primary key column.
type Column struct {
	Name string // as given; Phoenix upper-cases an unquoted name
	Type Type
}

// PKError is a primary key list Phoenix would refuse; Index is the 0-based column, -1 for
// the list as a whole.
type PKError struct {
	Index int
	Rule  string
}

func (e *PKError) Error() string {
	if e.Index < 0 {
		return e.Rule
	}
	return fmt.Sprintf("column %d: %s", e.Index+1, e.Rule)
}

// ParsePK reads `name TYPE, name TYPE, ...` (the --phoenix-pk grammar) and checks it with
// CheckPK.
func ParsePK(s string) ([]Column, error) {
	if strings.TrimSpace(s) == "" {
		return nil, &PKError{Index: -1, Rule: "the primary key needs at least one column, like 'bucket CHAR(2), user_id VARCHAR'"}
	}
	var cols []Column
	for i, item := range splitTopLevel(s) {
		item = strings.TrimSpace(item)
		name, typ, ok := strings.Cut(item, " ")
		if !ok || strings.TrimSpace(typ) == "" {
			return nil, &PKError{Index: i, Rule: fmt.Sprintf("%q needs a name and a type, like user_id VARCHAR", item)}
		}
		t, err := ParseType(typ)
		if err != nil {
			return nil, &PKError{Index: i, Rule: err.Error()}
		}
		cols = append(cols, Column{Name: name, Type: t})
	}
	return cols, CheckPK(cols)
}

// splitTopLevel splits at the commas outside parentheses (DECIMAL(10,2) stays whole).
func splitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// CheckPK checks the names and the order Phoenix requires: identifiers, unique without
// case (Phoenix upper-cases them), VARBINARY only last (VARBINARY_IN_ROW_KEY, 1005).
func CheckPK(cols []Column) error {
	seen := map[string]bool{}
	for i, c := range cols {
		if err := CheckName(c.Name); err != nil {
			return &PKError{Index: i, Rule: err.Error()}
		}
		up := strings.ToUpper(c.Name)
		if seen[up] {
			return &PKError{Index: i, Rule: fmt.Sprintf("column %s is named twice (Phoenix ignores the case of unquoted names)", c.Name)}
		}
		seen[up] = true
		if c.Type.Name == "VARBINARY" && i < len(cols)-1 {
			return &PKError{Index: i, Rule: fmt.Sprintf("column %s: VARBINARY can only be the last primary key column", c.Name)}
		}
	}
	return nil
}

// CheckName accepts a name Phoenix reads as an unquoted identifier (PhoenixSQL.g NAME:
// a letter, then letters, digits and underscores).
func CheckName(name string) error {
	if name == "" {
		return fmt.Errorf("a column name must not be empty")
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '_')) {
			return fmt.Errorf("column name %q must start with a letter and hold only letters, digits and _", name)
		}
	}
	return nil
}

// reserved are PhoenixSQL.g's keywords: a column of that name must be quoted.
var reserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`SELECT FROM WHERE NOT AND OR NULL TRUE FALSE LIKE ILIKE AS OUTER ON OFF IN
		GROUP HAVING ORDER BY ASC DESC NULLS LIMIT FIRST LAST CASE WHEN THEN ELSE END EXISTS IS
		DISTINCT JOIN INNER LEFT RIGHT FULL BETWEEN UPSERT INTO VALUES DELETE CREATE DROP PRIMARY
		KEY ALTER COLUMN SESSION TABLE SCHEMA SCHEMAS ADD SPLIT EXPLAIN VIEW IF CONSTRAINT TABLES
		CDC PRE POST CHANGE IDX_MUTATIONS DATA_ROW_STATE LATEST ALL INDEX INCLUDE WITHIN SET CAST
		ACTIVE USABLE UNUSABLE DISABLE REBUILD ARRAY SEQUENCE START WITH INCREMENT NEXT CURRENT
		VALUE FOR CACHE LOCAL ANY SOME MINVALUE MAXVALUE CYCLE CASCADE UPDATE UPDATE_ONLY
		STATISTICS COLUMNS TRACE ASYNC SAMPLING TABLESAMPLE UNION FUNCTION TO TEMPORARY RETURNS
		USING JAR DEFAULTVALUE CONSTANT REPLACE LIST JARS ROW_TIMESTAMP ENCODED_QUALIFIER
		COLUMN_QUALIFIER_COUNTER USE OFFSET FETCH DECLARE CURSOR OPEN CLOSE ROW ROWS ONLY EXECUTE
		UPGRADE DEFAULT DUPLICATE IGNORE IMMUTABLE GRANT REVOKE SHOW UNCOVERED REGIONS NOVERIFY
		RETURNING TRUNCATE PRESERVE SPLITS`) {
		reserved[w] = true
	}
}

// ColumnName is a primary key column's name as DDL writes it: upper case, as Phoenix
// stores an unquoted name, and double-quoted when it is one of Phoenix's keywords.
func ColumnName(name string) string {
	up := strings.ToUpper(name)
	if reserved[up] {
		return `"` + up + `"`
	}
	return up
}

// QuoteName writes a name that must keep its case (an HBase table, namespace or family
// name, a qualifier) as a Phoenix double-quoted identifier, through quote.SQLIdent.
// PhoenixSQL.g's quoted NAME cannot hold a double quote, hence an error, as for a control
// byte or invalid UTF-8.
func QuoteName(name string) (string, error) { return quote.SQLIdent(name) }

// Pad is the split point HBase gets when Phoenix creates a table with split point k over
// the primary key cols (SchemaUtil.processSplit): walking the columns, a split that ends
// inside a fixed-width column, or inside a variable-width column that is not the last
// (no separator yet), is extended with zero bytes to the end of that column plus the
// width of every following column (their fixed width, or one separator byte each). Salted
// keys walk the salt byte (BINARY(1)) first.
func Pad(k []byte, cols []Column, salted bool) []byte {
	if salted {
		cols = append([]Column{{Name: "_SALT", Type: Type{Name: "BINARY", Len: 1, Scale: -1, Width: 1}}}, cols...)
	}
	offset := 0
	rest := func(from int) int {
		n := 0
		for _, c := range cols[from:] {
			if c.Type.Fixed() {
				n += c.Type.Width
			} else {
				n++ // the separator byte
			}
		}
		return n
	}
	for i, c := range cols {
		if c.Type.Fixed() {
			if len(k)-offset < c.Type.Width {
				return fill(k, len(k)+c.Type.Width-(len(k)-offset)+rest(i+1))
			}
			offset += c.Type.Width
			continue
		}
		if i == len(cols)-1 {
			break
		}
		for offset < len(k) && k[offset] != Separator {
			offset++
		}
		if offset == len(k) {
			return fill(k, len(k)+1+rest(i+1))
		}
		offset++
	}
	return k
}

func fill(k []byte, n int) []byte {
	out := make([]byte, n)
	copy(out, k)
	return out
}

// ColumnAt is the column whose bytes start at offset, when the columns before it are all
// fixed-width (a variable-width one ends where its data does); ok is false otherwise.
func ColumnAt(offset int, cols []Column) (col Column, ok bool) {
	at := 0
	for _, c := range cols {
		if at == offset {
			return c, true
		}
		if !c.Type.Fixed() || at > offset {
			return Column{}, false
		}
		at += c.Type.Width
	}
	return Column{}, false
}

// HighFirstByte reports whether values of t are written starting with a byte of 0x80 or
// more: Phoenix flips the sign bit of a signed number, date, time or timestamp (every
// value >= 0 starts at 0x80), writes a positive DECIMAL's exponent above 0x80, and a
// binary column holds any byte. Unsigned numbers, booleans and text start lower (text
// as its own characters).
func HighFirstByte(t Type) bool {
	switch t.Name {
	case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "FLOAT", "DOUBLE", "DECIMAL",
		"DATE", "TIME", "TIMESTAMP", "BINARY", "VARBINARY":
		return true
	}
	return false
}

// Inside reports the column a split point ends inside, when it ends strictly within a
// fixed-width column (neither at its start nor at its end): the case where Phoenix pads
// the point with zero bytes to the column's width. ok is false otherwise.
func Inside(k []byte, cols []Column) (col Column, ok bool) {
	offset := 0
	for i, c := range cols {
		if offset >= len(k) {
			return Column{}, false
		}
		if c.Type.Fixed() {
			if len(k) < offset+c.Type.Width {
				return c, true
			}
			offset += c.Type.Width
			continue
		}
		if i == len(cols)-1 {
			return Column{}, false
		}
		for offset < len(k) && k[offset] != Separator {
			offset++
		}
		if offset == len(k) {
			return Column{}, false
		}
		offset++
	}
	return Column{}, false
}

// SaltSplits are the split points Phoenix creates for SALT_BUCKETS = b before padding
// (SaltingUtil.getSalteByteSplitPoints): the single bytes 1 .. b-1.
func SaltSplits(b int) [][]byte {
	keys := make([][]byte, 0, b-1)
	for i := 1; i < b; i++ {
		keys = append(keys, []byte{byte(i)})
	}
	return keys
}
