package tablespec

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/duration"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/quantity"
	"github.com/presplit/presplit/splits"
	"go.yaml.in/yaml/v3"
)

// The value sets of the spec's enumerated fields. HBase's own (compression, bloom,
// encoding) come from package family and are matched case-insensitively, stored in HBase's
// case, as the shell does for COMPRESSION and BLOOMFILTER.
var (
	Aligns      = []string{"exact", "even"}
	AccessKinds = []string{AccessGet, AccessScan}
)

// Parse reads the spec in data; name is the file name used in positions and messages.
func Parse(name string, data []byte) (*Spec, error) {
	d := &decoder{file: name}
	if err := CheckSize(name, int64(len(data))); err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &Error{File: name, Msg: "file is empty; a table spec is a YAML mapping with at least table and families"}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); errors.Is(err, io.EOF) {
		return nil, &Error{File: name, Msg: "file has no YAML content; a table spec is a mapping with at least table and families"}
	} else if err != nil {
		return nil, d.yamlError(err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, d.errf(&extra, "a spec is one YAML document; found a second one")
	} else if !errors.Is(err, io.EOF) {
		return nil, d.yamlError(err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, &Error{File: name, Msg: "file has no YAML content; a table spec is a mapping with at least table and families"}
	}
	if err := d.checkAliases(&doc); err != nil {
		return nil, err
	}
	s := &Spec{File: name}
	if err := d.spec(doc.Content[0], s); err != nil {
		return nil, err
	}
	return s, nil
}

// MaxAliasNodes bounds what YAML aliases may repeat: the nodes reached through aliases,
// counted as if each alias were written out. A few anchors for shared settings stay far
// below it; an anchored list of 5,000 qualifiers aliased by 3,000 families (15 million
// nodes from a 130 KB file) is refused before the spec is read.
const MaxAliasNodes = 10_000

// checkAliases counts the nodes that aliases add to doc, each alias standing for the
// whole node it names (nested aliases included, each anchor counted once and reused), and
// refuses doc at the alias that takes the count past MaxAliasNodes, or at an alias inside
// the node it names.
func (d *decoder) checkAliases(doc *yaml.Node) error {
	sizes := map[*yaml.Node]int{} // expanded size of a node; -1 while it is being counted
	var added int
	var size func(n *yaml.Node) (int, error)
	size = func(n *yaml.Node) (int, error) {
		if s, ok := sizes[n]; ok {
			if s < 0 {
				return 0, d.errf(n, "YAML alias refers to a node that contains it")
			}
			return s, nil
		}
		sizes[n] = -1
		total := 1
		if n.Kind == yaml.AliasNode && n.Alias != nil {
			s, err := size(n.Alias)
			if err != nil {
				return 0, err
			}
			total = s
		}
		for _, c := range n.Content {
			s, err := size(c)
			if err != nil {
				return 0, err
			}
			if c.Kind == yaml.AliasNode {
				if added += s; added > MaxAliasNodes {
					return 0, d.errf(c, "YAML aliases repeat more than %d nodes: write the repeated values out, or repeat less", MaxAliasNodes)
				}
			}
			total += s
		}
		sizes[n] = total
		return total, nil
	}
	_, err := size(doc)
	return err
}

type decoder struct {
	file string
	key  *yaml.Node // the key whose value is being read: sections are placed at their key
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlError turns the YAML library's syntax error into an *Error (it gives a line only).
func (d *decoder) yamlError(err error) error {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &Error{File: d.file, Line: line, Msg: "not valid YAML: " + m[2]}
	}
	return &Error{File: d.file, Msg: "not valid YAML: " + strings.TrimPrefix(msg, "yaml: ")}
}

func (d *decoder) errf(n *yaml.Node, format string, args ...any) error {
	return &Error{File: d.file, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)}
}

func pos(n *yaml.Node) Pos { return Pos{Line: n.Line, Col: n.Column} }

// resolve follows an alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "nothing"
		case "!!str":
			return fmt.Sprintf("the string %q", clip(n.Value))
		case "!!int":
			return "the integer " + n.Value
		case "!!float":
			return "the number " + n.Value
		case "!!bool":
			return "the boolean " + n.Value
		}
		return fmt.Sprintf("%q", clip(n.Value))
	}
	return "an alias"
}

// clip shortens a value quoted in a message to one readable line.
func clip(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
		cut--
	}
	return s[:cut] + "..."
}

// fields walks a mapping: each key must be one of handlers' and appear once.
func (d *decoder) fields(n *yaml.Node, what string, handlers map[string]func(v *yaml.Node) error) error {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		return d.errf(n, "%s must be a mapping, got %s", what, kindName(n))
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], resolve(n.Content[i+1])
		h, ok := handlers[k.Value]
		if k.Kind != yaml.ScalarNode || !ok {
			return d.errf(k, "unknown key %q in %s; known keys: %s", k.Value, what, knownKeys(handlers))
		}
		if line, dup := seen[k.Value]; dup {
			return d.errf(k, "key %q appears twice in %s (first on line %d)", k.Value, what, line)
		}
		seen[k.Value] = k.Line
		d.key = k
		if err := h(v); err != nil {
			return err
		}
	}
	return nil
}

func knownKeys(h map[string]func(*yaml.Node) error) string {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

// list walks a sequence.
func (d *decoder) list(n *yaml.Node, what string, each func(item *yaml.Node) error) error {
	if n.Kind != yaml.SequenceNode {
		return d.errf(n, "%s must be a list, got %s", what, kindName(n))
	}
	for _, item := range n.Content {
		if err := each(resolve(item)); err != nil {
			return err
		}
	}
	return nil
}

func (d *decoder) scalar(n *yaml.Node, what, want string) error {
	if n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" {
		return d.errf(n, "%s must be %s, got %s", what, want, kindName(n))
	}
	return nil
}

func (d *decoder) str(dst *Value[string], what string) func(*yaml.Node) error {
	return func(n *yaml.Node) error {
		if err := d.scalar(n, what, "a string"); err != nil {
			return err
		}
		if n.ShortTag() != "!!str" {
			return d.errf(n, "%s must be a string, got %s; quote it", what, kindName(n))
		}
		*dst = Value[string]{V: n.Value, Set: true, Pos: pos(n), Raw: n.Value}
		return nil
	}
}

// delimiter reads a delimiter: a string HBase's rules take (hbase.CheckDelimiter).
func (d *decoder) delimiter(dst *Value[string], what string) func(*yaml.Node) error {
	return func(n *yaml.Node) error {
		if err := d.str(dst, what)(n); err != nil {
			return err
		}
		if dst.V == "" {
			return nil // no delimiter (rowkey), or refused with its own message (splits)
		}
		if err := hbase.CheckDelimiter(dst.V); err != nil {
			return d.errf(n, "%s %q: %v", what, dst.V, err)
		}
		return nil
	}
}

// enum reads a string that must be one of allowed, matched without case; stored as allowed
// spells it.
func (d *decoder) enum(dst *Value[string], what string, allowed []string) func(*yaml.Node) error {
	return func(n *yaml.Node) error {
		if err := d.str(dst, what)(n); err != nil {
			return err
		}
		for _, a := range allowed {
			if strings.EqualFold(a, dst.V) {
				dst.V = a
				return nil
			}
		}
		hint := ""
		if what == "compression" && strings.EqualFold(dst.V, "GZIP") {
			hint = " (HBase calls gzip GZ)"
		}
		return d.errf(n, "%s %q is not one of %s%s", what, n.Value, strings.Join(allowed, ", "), hint)
	}
}

func (d *decoder) boolean(dst *Value[bool], what string) func(*yaml.Node) error {
	return func(n *yaml.Node) error {
		if err := d.scalar(n, what, "true or false"); err != nil {
			return err
		}
		if n.ShortTag() != "!!bool" {
			return d.errf(n, "%s must be true or false, got %s", what, kindName(n))
		}
		b, _ := strconv.ParseBool(strings.ToLower(n.Value))
		*dst = Value[bool]{V: b, Set: true, Pos: pos(n), Raw: n.Value}
		return nil
	}
}

// integer reads a whole number in [lo, hi].
func (d *decoder) integer(dst *Value[int64], what string, lo, hi int64) func(*yaml.Node) error {
	return func(n *yaml.Node) error {
		if err := d.scalar(n, what, "an integer"); err != nil {
			return err
		}
		if n.ShortTag() != "!!int" {
			return d.errf(n, "%s must be an integer, got %s", what, kindName(n))
		}
		if err := leadingZero(n.Value); err != nil {
			return d.errf(n, "%s %s: %v", what, n.Value, err)
		}
		v, err := strconv.ParseInt(n.Value, 10, 64)
		if err != nil || v < lo || v > hi {
			if hi == math.MaxInt64 {
				return d.errf(n, "%s must be at least %d, got %s", what, lo, n.Value)
			}
			return d.errf(n, "%s must be between %d and %d, got %s", what, lo, hi, n.Value)
		}
		*dst = Value[int64]{V: v, Set: true, Pos: pos(n), Raw: n.Value}
		return nil
	}
}

// number reads a number in (lo, hi] (loOpen) or [lo, hi].
func (d *decoder) number(dst *Value[float64], what string, lo, hi float64, loOpen bool) func(*yaml.Node) error {
	return func(n *yaml.Node) error {
		if err := d.scalar(n, what, "a number"); err != nil {
			return err
		}
		tag := n.ShortTag()
		if tag != "!!int" && tag != "!!float" {
			return d.errf(n, "%s must be a number, got %s", what, kindName(n))
		}
		v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v > hi || v < lo || (loOpen && v == lo) {
			open := "["
			if loOpen {
				open = "("
			}
			return d.errf(n, "%s must be in %s%g, %g], got %s", what, open, lo, hi, n.Value)
		}
		*dst = Value[float64]{V: v, Set: true, Pos: pos(n), Raw: n.Value}
		return nil
	}
}

// size reads a byte size the way the flags do (quantity.Size, Hadoop's convention: 300B,
// 64K = 64KB = 64KiB = 65536, 10g; a bare number is bytes) and checks it is in [lo, hi].
func (d *decoder) size(dst *Value[float64], what string, lo, hi float64) func(*yaml.Node) error {
	return d.sizeRule(dst, what, lo, hi, false, false)
}

// wholeSize is size for the sizes that become HBase attributes (MAX_FILESIZE,
// MEMSTORE_FLUSHSIZE): whole bytes, as HBase stores them in a long.
func (d *decoder) wholeSize(dst *Value[float64], what string, lo, hi float64) func(*yaml.Node) error {
	return d.sizeRule(dst, what, lo, hi, true, false)
}

// unitSize is size for a size that must name its unit (capacity daily, as --daily): a
// bare number is refused, not read as bytes.
func (d *decoder) unitSize(dst *Value[float64], what string, lo, hi float64) func(*yaml.Node) error {
	return d.sizeRule(dst, what, lo, hi, false, true)
}

func (d *decoder) sizeRule(dst *Value[float64], what string, lo, hi float64, whole, unit bool) func(*yaml.Node) error {
	return func(n *yaml.Node) error {
		if err := d.scalar(n, what, "a size"); err != nil {
			return err
		}
		if unit && quantity.Bare(n.Value) {
			return d.errf(n, "%s %s: %s", what, n.Value, quantity.RuleSizeUnit)
		}
		v, err := quantity.Size(n.Value)
		switch {
		case err == nil && whole && v != math.Trunc(v):
			return d.errf(n, "%s must be whole bytes, got %q", what, n.Value)
		case err == nil && (v < lo || v > hi), errors.Is(err, quantity.ErrTooLarge), errors.Is(err, quantity.ErrNotPositive):
			return d.errf(n, "%s must be between %s and %s, got %q", what, humanize.IBytes(uint64(lo)), humanize.IBytes(uint64(hi)), n.Value)
		case err != nil:
			return d.errf(n, "%s must be a size like 300B, 64K or 10g, got %q", what, n.Value)
		}
		*dst = Value[float64]{V: v, Set: true, Pos: pos(n), Raw: n.Value}
		return nil
	}
}

// ParseSize reads a byte size as the flags do, in Hadoop's convention (quantity.Size): K M G
// T P E in any case, with or without B or iB, are powers of 1024 (10g = 10GB = 10GiB); a
// bare number is bytes. It returns false for anything else, zero, negative or too large.
func ParseSize(s string) (float64, bool) { return parseSize(s) }

func parseSize(s string) (float64, bool) {
	v, err := quantity.Size(s)
	return v, err == nil
}

// CheckSize is the size rule of Parse for a file of size bytes, for callers that can refuse
// a file before reading it.
func CheckSize(name string, size int64) error {
	if size > MaxSize {
		return &Error{File: name, Msg: fmt.Sprintf("file is %d bytes; a table spec is at most %d bytes (1 MiB)", size, MaxSize)}
	}
	return nil
}

// ParseCount reads a row count with the flags' grammar (quantity.Count): a whole number
// (10000000000, 1e10, 1.5e9) optionally followed by k, M, G or T.
func ParseCount(s string) (float64, bool) {
	v, err := quantity.Count(s)
	return v, err == nil
}

func (d *decoder) spec(n *yaml.Node, s *Spec) error {
	if n.Kind != yaml.MappingNode {
		return d.errf(n, "a table spec must be a mapping with at least table and families, got %s", kindName(n))
	}
	var famNode *yaml.Node
	err := d.fields(n, "the spec", map[string]func(*yaml.Node) error{
		"table": func(v *yaml.Node) error {
			if v.Kind == yaml.MappingNode {
				return d.table(v, s)
			}
			return d.str(&s.Table, "table")(v)
		},
		"families": func(v *yaml.Node) error {
			famNode = v
			return d.list(v, "families", func(item *yaml.Node) error {
				f := Family{Pos: pos(item)}
				if err := d.family(item, &f); err != nil {
					return err
				}
				s.Families = append(s.Families, f)
				return nil
			})
		},
		"rowkey": func(v *yaml.Node) error {
			s.Rowkey = &Rowkey{Pos: pos(d.key)}
			return d.rowkey(v, s.Rowkey)
		},
		"capacity": func(v *yaml.Node) error {
			s.Capacity = &Capacity{Pos: pos(d.key)}
			return d.capacity(v, s.Capacity)
		},
		"cluster": func(v *yaml.Node) error {
			s.Cluster = &Cluster{Pos: pos(d.key)}
			return d.cluster(v, s.Cluster)
		},
		"splits": func(v *yaml.Node) error {
			s.Splits = &Splits{Pos: pos(d.key)}
			return d.splits(v, s.Splits)
		},
		"access": func(v *yaml.Node) error {
			return d.list(v, "access", func(item *yaml.Node) error {
				a := Access{Pos: pos(item)}
				if err := d.access(item, &a); err != nil {
					return err
				}
				s.Access = append(s.Access, a)
				return nil
			})
		},
	})
	if err != nil {
		return err
	}
	if s.Table.Set {
		if err := hbase.CheckTableName(s.Table.V); err != nil {
			return &Error{File: d.file, Line: s.Table.Pos.Line, Col: s.Table.Pos.Col, Msg: fmt.Sprintf("table: %v, got %q", err, s.Table.V)}
		}
	}
	if len(s.Families) == 0 {
		where := n
		if famNode != nil {
			where = famNode
		}
		return d.errf(where, "families must list at least one column family")
	}
	return d.crossChecks(s)
}

// table reads `table` given as a mapping: the name and the table's settings.
func (d *decoder) table(n *yaml.Node, s *Spec) error {
	handlers := map[string]func(*yaml.Node) error{"name": d.str(&s.Table, "table name")}
	for _, ts := range TableSettings {
		handlers[ts.Key] = ts.read(d, &s.Settings)
	}
	return d.fields(n, "table", handlers)
}

func (d *decoder) family(n *yaml.Node, f *Family) error {
	handlers := map[string]func(*yaml.Node) error{
		"name": d.str(&f.Name, "family name"),
		"qualifiers": func(v *yaml.Node) error {
			return d.list(v, "qualifiers", func(item *yaml.Node) error {
				var q Value[string]
				if err := d.str(&q, "a qualifier")(item); err != nil {
					return err
				}
				f.Qualifiers = append(f.Qualifiers, q)
				return nil
			})
		},
		"dynamic_qualifiers": d.boolean(&f.DynamicQualifiers, "dynamic_qualifiers"),
	}
	for _, st := range FamilySettings {
		handlers[st.Key] = d.familySetting(st, f)
	}
	if err := d.fields(n, "a family", handlers); err != nil {
		return err
	}
	if !f.Name.Set || f.Name.V == "" {
		return d.errf(n, "a family needs a non-empty name")
	}
	if err := hbase.CheckFamilyName(f.Name.V); err != nil {
		return &Error{File: d.file, Line: f.Name.Pos.Line, Col: f.Name.Pos.Col, Msg: fmt.Sprintf("family name: %v, got %q", err, f.Name.V)}
	}
	seen := map[string]Pos{}
	for _, q := range f.Qualifiers {
		if first, dup := seen[q.V]; dup {
			return &Error{File: d.file, Line: q.Pos.Line, Col: q.Pos.Col, Msg: fmt.Sprintf("qualifier %q is listed twice in family %q (first on line %d)", q.V, f.Name.V, first.Line)}
		}
		seen[q.V] = q.Pos
	}
	return nil
}

// familySetting reads one family setting through its entry in FamilySettings: the YAML
// scalar it must be, then the setting's own parser (the one --family and the flags use).
func (d *decoder) familySetting(st FamilySetting, f *Family) func(*yaml.Node) error {
	return func(v *yaml.Node) error {
		if err := d.scalar(v, st.Key, st.yamlWant); err != nil {
			return err
		}
		if len(st.yamlTags) > 0 && !slices.Contains(st.yamlTags, v.ShortTag()) {
			quote := ""
			if st.yamlWant == "a string" {
				quote = "; quote it"
			}
			return d.errf(v, "%s must be %s, got %s%s", st.Key, st.yamlWant, kindName(v), quote)
		}
		set, err := st.Parse(v.Value)
		if err != nil && !st.SpecKeeps {
			return d.errf(v, "%s %q: %v", st.Key, v.Value, err)
		}
		set(f, Origin{Pos: pos(v), Raw: v.Value})
		return nil
	}
}

func (d *decoder) rowkey(n *yaml.Node, r *Rowkey) error {
	return d.fields(n, "rowkey", map[string]func(*yaml.Node) error{
		"prefix": d.str(&r.Prefix, "rowkey prefix"),
		"algo":   d.enum(&r.Algo, "rowkey algo", splits.Algorithms),
		"suffix": func(v *yaml.Node) error {
			if err := d.str(&r.Suffix, "rowkey suffix")(v); err != nil {
				return err
			}
			// Read as --suffix is: HBase's toBytesBinary, where a truncated \x throws.
			if _, err := hbytes.ToBytesBinary(r.Suffix.V); err != nil {
				return d.errf(v, "rowkey suffix %q: \\x needs two uppercase hex digits", r.Suffix.V)
			}
			return nil
		},
		"delimiter":     d.delimiter(&r.Delimiter, "rowkey delimiter"),
		"prefix_values": d.integer(&r.PrefixValues, "rowkey prefix_values", 1, 1<<62),
		"prefix_column": func(v *yaml.Node) error {
			pc := &PrefixColumn{Pos: pos(d.key)}
			err := d.fields(v, "rowkey prefix_column", map[string]func(*yaml.Node) error{
				"name":         d.str(&pc.Name, "prefix_column name"),
				"phoenix_type": d.phoenixType(&pc.PhoenixType, "prefix_column phoenix_type"),
			})
			if err != nil {
				return err
			}
			if !pc.Name.Set || !pc.PhoenixType.Set {
				return d.errf(v, "rowkey prefix_column needs a name and a phoenix_type, like {name: bucket, phoenix_type: CHAR(2)}")
			}
			if err := phoenix.CheckName(pc.Name.V); err != nil {
				return &Error{File: d.file, Line: pc.Name.Pos.Line, Col: pc.Name.Pos.Col, Msg: "prefix_column name: " + err.Error()}
			}
			r.PrefixColumn = pc
			return nil
		},
		"prefix_from": func(v *yaml.Node) error {
			return d.list(v, "rowkey prefix_from", func(item *yaml.Node) error {
				var f Value[string]
				if err := d.str(&f, "a rowkey prefix_from entry")(item); err != nil {
					return err
				}
				r.PrefixFrom = append(r.PrefixFrom, f)
				return nil
			})
		},
		"parts": func(v *yaml.Node) error {
			return d.list(v, "rowkey parts", func(item *yaml.Node) error {
				p := Part{Pos: pos(item)}
				err := d.fields(item, "a rowkey part", map[string]func(*yaml.Node) error{
					"name":         d.str(&p.Name, "part name"),
					"kind":         d.enum(&p.Kind, "part kind", PartKinds),
					"width":        d.integer(&p.Width, "part width", 1, hbase.MaxRowLength),
					"phoenix_type": d.phoenixType(&p.PhoenixType, "part phoenix_type"),
				})
				if err != nil {
					return err
				}
				if !p.Name.Set || p.Name.V == "" {
					return d.errf(item, "a rowkey part needs a non-empty name")
				}
				if !p.Kind.Set {
					return d.errf(item, "rowkey part %q needs a kind: one of %s", p.Name.V, strings.Join(PartKinds, ", "))
				}
				r.Parts = append(r.Parts, p)
				return nil
			})
		},
	})
}

// phoenixType reads a Phoenix primary key column type (phoenix.ParseType).
func (d *decoder) phoenixType(dst *Value[string], what string) func(*yaml.Node) error {
	return func(v *yaml.Node) error {
		if err := d.str(dst, what)(v); err != nil {
			return err
		}
		t, err := phoenix.ParseType(dst.V)
		if err != nil {
			return d.errf(v, "%s: %v", what, err)
		}
		dst.V = t.String()
		return nil
	}
}

// days reads a duration of whole days (30d, 52w, 1y) into seconds.
func (d *decoder) days(dst *Value[int64], what string) func(*yaml.Node) error {
	return func(v *yaml.Node) error {
		if err := d.scalar(v, what, "a duration"); err != nil {
			return err
		}
		secs, err := duration.Parse(v.Value)
		var ue *duration.UnitError
		if errors.As(err, &ue) {
			return d.errf(v, "%s %s: %s", what, v.Value, ue.Rule)
		}
		if err == nil && secs%86400 != 0 && quantity.Bare(v.Value) {
			return d.errf(v, "%s %s: %s", what, v.Value, duration.RuleDaysUnit)
		}
		if err != nil || secs <= 0 {
			return d.errf(v, "%s must be a duration like 30d, 52w or 1y, got %q", what, v.Value)
		}
		if secs%86400 != 0 {
			return d.errf(v, "%s must be a whole number of days, got %q", what, v.Value)
		}
		*dst = Value[int64]{V: secs, Set: true, Pos: pos(v), Raw: v.Value}
		return nil
	}
}

func (d *decoder) capacity(n *yaml.Node, c *Capacity) error {
	count := func(dst *Value[float64], what string) func(*yaml.Node) error {
		return func(v *yaml.Node) error {
			if err := d.scalar(v, what, "a count"); err != nil {
				return err
			}
			x, ok := ParseCount(v.Value)
			if !ok {
				return d.errf(v, "%s must be a count like 1e10, 5000000 or 10G, got %q", what, v.Value)
			}
			*dst = Value[float64]{V: x, Set: true, Pos: pos(v), Raw: v.Value}
			return nil
		}
	}
	const maxBytes = quantity.MaxSize
	return d.fields(n, "capacity", map[string]func(*yaml.Node) error{
		"rows":      count(&c.Rows, "capacity rows"),
		"kv":        d.size(&c.KV, "capacity kv", 1, maxBytes),
		"daily":     d.unitSize(&c.Daily, "capacity daily", 1, maxBytes),
		"retention": d.days(&c.Retention, "capacity retention"),
		"horizon":   d.days(&c.Horizon, "capacity horizon"),
		"cells": func(v *yaml.Node) error {
			c.Cells = &Cells{Pos: pos(d.key)}
			cl := c.Cells
			err := d.fields(v, "capacity cells", map[string]func(*yaml.Node) error{
				"count":         d.integer(&cl.Count, "cells count", 1, hbase.MaxInt),
				"row_len":       d.integer(&cl.RowLen, "cells row_len", 1, hbase.MaxRowLength),
				"family_len":    d.integer(&cl.FamilyLen, "cells family_len", 1, hbase.MaxFamilyLength),
				"qualifier_len": d.integer(&cl.QualifierLen, "cells qualifier_len", 0, hbase.MaxInt),
				"value_len":     d.integer(&cl.ValueLen, "cells value_len", 0, hbase.MaxInt),
				"versions":      d.integer(&cl.Versions, "cells versions", 1, hbase.MaxInt),
			})
			if err != nil {
				return err
			}
			if !cl.Count.Set || !cl.RowLen.Set || !cl.ValueLen.Set {
				return d.errf(v, "capacity cells needs at least count, row_len and value_len")
			}
			return nil
		},
		"compression_ratio":  d.number(&c.CompressionRatio, "capacity compression_ratio", 0, capacity.MaxCompressionRatio, true),
		"redundancy":         d.number(&c.Redundancy, "capacity redundancy", capacity.MinRedundancy, capacity.MaxRedundancy, false),
		"region_size":        d.wholeSize(&c.RegionSize, "capacity region_size", capacity.MinRegionSize, maxBytes),
		"fill":               d.number(&c.Fill, "capacity fill", 0, 1, true),
		"replication":        d.integer(&c.Replication, "capacity replication", capacity.MinReplication, capacity.MaxReplication),
		"write_rate":         d.rate(&c.WriteRate, "capacity write_rate"),
		"read_rate":          d.rate(&c.ReadRate, "capacity read_rate"),
		"scan_share":         d.number(&c.ScanShare, "capacity scan_share", 0, 1, false),
		"region_write_limit": d.rate(&c.RegionWriteLimit, "capacity region_write_limit"),
		"balance":            d.boolean(&c.Balance, "capacity balance"),
	})
}

// rate reads a load per second the way the flags do (quantity.ParseRate): rows/s as a
// count (50k/s), bytes/s as a size with its B (20MiB/s).
func (d *decoder) rate(dst *Value[quantity.Rate], what string) func(*yaml.Node) error {
	return func(n *yaml.Node) error {
		if err := d.scalar(n, what, "a rate"); err != nil {
			return err
		}
		r, err := quantity.ParseRate(n.Value)
		if err != nil {
			return d.errf(n, "%s must be a positive rate like 50k/s (rows) or 20MiB/s (bytes), got %q", what, n.Value)
		}
		*dst = Value[quantity.Rate]{V: r, Set: true, Pos: pos(n), Raw: n.Value}
		return nil
	}
}

func (d *decoder) cluster(n *yaml.Node, c *Cluster) error {
	return d.fields(n, "cluster", map[string]func(*yaml.Node) error{
		"region_servers":     d.integer(&c.RegionServers, "cluster region_servers", 1, capacity.MaxRegionServers),
		"heap":               d.size(&c.Heap, "cluster heap", 1<<20, 1<<50),
		"memstore_fraction":  d.number(&c.MemstoreFraction, "cluster memstore_fraction", 0, capacity.MaxMemstoreFraction, true),
		"flush_size":         d.wholeSize(&c.FlushSize, "cluster flush_size", capacity.MinFlushSize, 1<<40),
		"split_overallfiles": d.boolean(&c.SplitOverallFiles, "cluster split_overallfiles"),
		"region_split_limit": d.integer(&c.SplitLimit, "cluster region_split_limit", 1, 1_000_000),
		"other_regions":      d.integer(&c.OtherRegions, "cluster other_regions", 0, 1_000_000_000),
		"initial_size":       d.wholeSize(&c.InitialSize, "cluster initial_size", 1<<20, 1<<50),
		"split_policy":       d.enum(&c.SplitPolicy, "cluster split_policy", hbase.ClusterSplitPolicies),
	})
}

func (d *decoder) splits(n *yaml.Node, s *Splits) error {
	return d.fields(n, "splits", map[string]func(*yaml.Node) error{
		"regions":   d.integer(&s.Regions, "splits regions", 1, hbase.MaxRegions),
		"align":     d.enum(&s.Align, "splits align", Aligns),
		"algo":      d.enum(&s.Algo, "splits algo", splits.Algorithms),
		"first_row": d.str(&s.FirstRow, "splits first_row"),
		"last_row":  d.str(&s.LastRow, "splits last_row"),
		"file":      d.str(&s.File, "splits file"),
		"sample":    d.str(&s.Sample, "splits sample"),
		"delimiter": d.delimiter(&s.Delimiter, "splits delimiter"),
		"holdout":   d.number(&s.Holdout, "splits holdout", 0, 0.9, false),
	})
}

func (d *decoder) access(n *yaml.Node, a *Access) error {
	err := d.fields(n, "an access pattern", map[string]func(*yaml.Node) error{
		"name": d.str(&a.Name, "access name"),
		"kind": d.enum(&a.Kind, "access kind", AccessKinds),
		"by": func(v *yaml.Node) error {
			return d.list(v, "access by", func(item *yaml.Node) error {
				var b Value[string]
				if err := d.str(&b, "an access by entry")(item); err != nil {
					return err
				}
				a.By = append(a.By, b)
				return nil
			})
		},
	})
	if err != nil {
		return err
	}
	if !a.Kind.Set {
		return d.errf(n, "an access pattern needs a kind: get or scan")
	}
	return nil
}

// crossChecks are the rules of the file's structure that span fields: one split source,
// unique names. The rules of the design as a whole (one volume form, the values the target
// lacks) are Spec.Validate's, checked once the CLI's flags are merged in too.
func (d *decoder) crossChecks(s *Spec) error {
	if dup, first, ok := firstDuplicate(s.Families, func(f Family) Value[string] { return f.Name }); ok {
		return d.at(dup.Pos, "family %q is defined twice (first on line %d)", dup.V, first.Line)
	}
	if r := s.Rowkey; r != nil {
		if err := d.rowkeyChecks(r); err != nil {
			return err
		}
	}
	if sp := s.Splits; sp != nil {
		return d.splitsChecks(s, sp)
	}
	return nil
}

// firstDuplicate is the first item's name that an earlier item has too, and where that
// earlier one is; ok false when the names are distinct.
func firstDuplicate[T any](items []T, name func(T) Value[string]) (dup Value[string], first Pos, ok bool) {
	seen := map[string]Pos{}
	for _, it := range items {
		n := name(it)
		if p, dup := seen[n.V]; dup {
			return n, p, true
		}
		seen[n.V] = n.Pos
	}
	return Value[string]{}, Pos{}, false
}

// at is an error at p in the spec's file.
func (d *decoder) at(p Pos, format string, args ...any) error {
	return &Error{File: d.file, Line: p.Line, Col: p.Col, Msg: fmt.Sprintf(format, args...)}
}

// rowkeyChecks checks the rowkey's settings against each other: prefix or algo, the parts,
// prefix_from and prefix_column.
func (d *decoder) rowkeyChecks(r *Rowkey) error {
	if r.Prefix.Set && r.Algo.Set {
		return d.at(r.Algo.Pos, "rowkey has both prefix and algo; give one")
	}
	if err := d.partNameChecks(r); err != nil {
		return err
	}
	if pc := r.PrefixColumn; pc != nil && strings.HasPrefix(r.Prefix.V, "byte:") {
		return d.at(pc.Pos, "rowkey prefix_column: a byte:B prefix is Phoenix's salt byte (SALT_BUCKETS), which has no column of its own")
	}
	if pc := r.PrefixColumn; pc != nil && !r.Prefix.Set && !r.Algo.Set {
		return d.at(pc.Pos, "rowkey prefix_column needs a rowkey prefix or algo")
	}
	if err := d.phoenixPartChecks(r); err != nil {
		return err
	}
	if len(r.PrefixFrom) > 0 && !r.Prefix.Set && !r.Algo.Set {
		return d.at(r.PrefixFrom[0].Pos, "rowkey prefix_from needs a rowkey prefix or algo")
	}
	return nil
}

// partNameChecks checks that the parts' names are distinct and that prefix_from names
// parts.
func (d *decoder) partNameChecks(r *Rowkey) error {
	if dup, first, ok := firstDuplicate(r.Parts, func(p Part) Value[string] { return p.Name }); ok {
		return d.at(dup.Pos, "rowkey part %q is defined twice (first on line %d)", dup.V, first.Line)
	}
	parts := map[string]bool{}
	for _, p := range r.Parts {
		parts[p.Name.V] = true
	}
	for _, f := range r.PrefixFrom {
		if !parts[f.V] {
			return d.at(f.Pos, "rowkey prefix_from names %q, which is not a rowkey part", f.V)
		}
	}
	return nil
}

// phoenixPartChecks checks the parts' Phoenix types: every part has one or none does, and
// with types each part's name is a Phoenix column name.
func (d *decoder) phoenixPartChecks(r *Rowkey) error {
	typed := 0
	for _, p := range r.Parts {
		if p.PhoenixType.Set {
			typed++
		}
	}
	if typed > 0 && typed < len(r.Parts) {
		for _, p := range r.Parts {
			if !p.PhoenixType.Set {
				return d.at(p.Pos, "rowkey part %q has no phoenix_type: give every part one, or none", p.Name.V)
			}
		}
	}
	if typed > 0 {
		for _, p := range r.Parts {
			if err := phoenix.CheckName(p.Name.V); err != nil {
				return d.at(p.Name.Pos, "rowkey part %q: %v (it is a Phoenix column)", p.Name.V, err)
			}
		}
	}
	return nil
}

// splitsChecks checks the splits settings against each other and the rowkey: one source of
// keys (file, algo or sample) with the settings that go with it.
func (d *decoder) splitsChecks(s *Spec, sp *Splits) error {
	if err := d.splitsAlgoChecks(s, sp); err != nil {
		return err
	}
	if sp.Sample.Set && (sp.File.Set || sp.Algo.Set || sp.Align.Set) {
		return d.at(sp.Sample.Pos, "splits sample chooses the keys from the sample; drop file, algo and align")
	}
	if (sp.Delimiter.Set || sp.Holdout.Set) && !sp.Sample.Set {
		p := sp.Delimiter.Pos
		if !sp.Delimiter.Set {
			p = sp.Holdout.Pos
		}
		return d.at(p, "splits delimiter and holdout go with splits sample")
	}
	return d.splitsEmptyChecks(sp)
}

// splitsAlgoChecks checks the settings that go with splits algo: not with a file, first_row
// and last_row only with it, and the same algo as the rowkey's.
func (d *decoder) splitsAlgoChecks(s *Spec, sp *Splits) error {
	if sp.File.Set && (sp.Algo.Set || sp.Regions.Set || sp.Align.Set) {
		return d.at(sp.File.Pos, "splits file lists the keys itself; drop regions, align and algo")
	}
	if (sp.FirstRow.Set || sp.LastRow.Set) && !sp.Algo.Set {
		p := sp.FirstRow.Pos
		if !sp.FirstRow.Set {
			p = sp.LastRow.Pos
		}
		return d.at(p, "splits first_row and last_row go with splits algo")
	}
	if sp.Algo.Set && s.Rowkey != nil && s.Rowkey.Algo.Set && sp.Algo.V != s.Rowkey.Algo.V {
		return d.at(sp.Algo.Pos, "splits algo %s differs from rowkey algo %s", sp.Algo.V, s.Rowkey.Algo.V)
	}
	return nil
}

// splitsEmptyChecks refuses an empty sample, delimiter or file name.
func (d *decoder) splitsEmptyChecks(sp *Splits) error {
	if sp.Sample.Set && strings.TrimSpace(sp.Sample.V) == "" {
		return d.at(sp.Sample.Pos, "splits sample must not be empty")
	}
	if sp.Delimiter.Set && sp.Delimiter.V == "" {
		return d.at(sp.Delimiter.Pos, "splits delimiter must not be empty")
	}
	if sp.File.Set && strings.TrimSpace(sp.File.V) == "" {
		return d.at(sp.File.Pos, "splits file must not be empty")
	}
	return nil
}
