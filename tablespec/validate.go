package tablespec

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/splits"
)

// FieldError is a value of the design outside a rule. Field is the design's name for it
// (capacity.region_size); Pos is where the spec file sets it, Src where else it came from
// (the CLI's flag), Raw its text as written. Rule may name other inputs as field.Ref
// ({capacity.retention}), which each front end expands with its own name for them.
//
// A Sentence rule is the whole message and names its field itself ("{capacity.daily}
// needs {capacity.retention}: ..."); any other is worded after the field and its value.
type FieldError struct {
	Field    string
	Pos      Pos
	Src      string
	Raw      string
	Rule     string
	Sentence bool
}

// Error is the message with every input named by the design's name.
func (e *FieldError) Error() string {
	rule := field.Expand(e.Rule, field.Design)
	if e.Sentence {
		return rule
	}
	return fmt.Sprintf("%s %q: %s", e.Field, e.Raw, rule)
}

func valueError[T any](name string, v Value[T], rule string) *FieldError {
	return &FieldError{Field: name, Pos: v.Pos, Src: v.Src, Raw: v.Raw, Rule: rule}
}

func sentence[T any](name string, v Value[T], rule string) *FieldError {
	return &FieldError{Field: name, Pos: v.Pos, Src: v.Src, Raw: v.Raw, Rule: rule, Sentence: true}
}

// Validate checks the design as a whole, once, after everything that fills it (the spec
// file, then the CLI's flags) has: the volume's form, the values the target HBase version
// lacks, and the rules between settings. Each value was read by its own parser already;
// the error is a *FieldError on the value that breaks the rule. plan.Build takes a
// design that passed Validate.
func (s *Spec) Validate() error {
	for _, check := range []func() error{s.validateVolume, s.validateTarget, s.validateFamilies, s.validateTable, s.validateRowkey} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

var (
	refRows      = field.Ref("capacity.rows")
	refKV        = field.Ref("capacity.kv")
	refCells     = field.Ref("capacity.cells")
	refDaily     = field.Ref("capacity.daily")
	refRetention = field.Ref("capacity.retention")
	refHorizon   = field.Ref("capacity.horizon")
)

// validateVolume: one form of volume, whole: rows with kv or cells, or daily with
// retention (and a horizon within it).
func (s *Spec) validateVolume() error {
	c := s.Capacity
	if c == nil {
		return nil
	}
	if err := volumeMode(c); err != nil {
		return err
	}
	if err := volumePlausible(c); err != nil {
		return err
	}
	// The cells' versions size the table; a family keeping another count would make the
	// create statement disagree with the sizing.
	if cl := c.Cells; cl != nil && cl.Versions.Set {
		for _, f := range s.Families {
			if f.Versions.Set && f.Versions.V != cl.Versions.V {
				return valueError("capacity.cells.versions", cl.Versions, fmt.Sprintf("differs from family %s versions %d; give one count", field.Quote(f.Name.V), f.Versions.V))
			}
		}
	}
	return nil
}

// volumePlausible refuses a volume no table stores: rows smaller than a KeyValue's fixed
// part, or a horizon past the retention (a table never holds more ingest than it keeps;
// capping it silently would plan another horizon than the one given).
func volumePlausible(c *Capacity) error {
	if c.KV.Set && c.KV.V < capacity.CellOverhead {
		// capacity.CellOverhead is KeyValue.java's KEYVALUE_INFRASTRUCTURE_SIZE 8 + KEY_INFRASTRUCTURE_SIZE 12.
		return valueError("capacity.kv", c.KV, fmt.Sprintf("must be at least %d bytes: a row stores at least one KeyValue, whose fixed part alone (key length 4, value length 4, row length 2, family length 1, timestamp 8, type 1) is %d bytes before its row, family, qualifier and value", capacity.CellOverhead, capacity.CellOverhead))
	}
	if c.Horizon.Set && c.Retention.Set && c.Horizon.V > c.Retention.V {
		return valueError("capacity.horizon", c.Horizon, fmt.Sprintf("must be at most %s (%s days): the table never holds more ingest than it keeps; leave the horizon out to pre-split for the whole retention", refRetention, strconv.FormatInt(c.Retention.V/86400, 10)))
	}
	return nil
}

// volumeMode checks that the capacity gives one volume: rows with kv or cells, or daily
// with retention (and a horizon only with daily).
func volumeMode(c *Capacity) error { //nolint:gocyclo // one case per rule of the two volume modes, in the order they are reported: a table of rules, read top to bottom
	cellsAt := Value[int64]{Pos: c.Pos}
	if c.Cells != nil {
		cellsAt = c.Cells.Count
		if cellsAt.Src == "" {
			cellsAt.Pos = c.Cells.Pos
		}
	}
	perRow := c.KV.Set || c.Cells != nil
	switch {
	case c.Rows.Set && c.Daily.Set:
		return sentence("capacity.rows", c.Rows, refRows+" and "+refDaily+" cannot be combined: give "+refRows+" with "+refKV+" (or "+refCells+"), or "+refDaily+" with "+refRetention)
	case c.KV.Set && c.Cells != nil:
		return sentence("capacity.kv", c.KV, refKV+" and "+refCells+" cannot be combined: give the row size, or describe the row by its cells")
	case c.Daily.Set && perRow:
		return sentence("capacity.daily", c.Daily, refDaily+" cannot be combined with "+refKV+" or "+refCells+": daily ingest is already bytes")
	case c.Daily.Set && !c.Retention.Set:
		return sentence("capacity.daily", c.Daily, refDaily+" needs "+refRetention+": how long the data is kept, like 30d")
	case c.Retention.Set && !c.Daily.Set:
		return sentence("capacity.retention", c.Retention, refRetention+" needs "+refDaily+": the raw ingest per day, like 500GB")
	case c.Horizon.Set && !c.Daily.Set:
		return sentence("capacity.horizon", c.Horizon, refHorizon+" needs "+refDaily+" and "+refRetention+": it is days of ingest to pre-split for")
	case c.Rows.Set && !perRow:
		return sentence("capacity.rows", c.Rows, refRows+" needs "+refKV+" (average bytes per row, like 300B) or "+refCells)
	case c.KV.Set && !c.Rows.Set:
		return sentence("capacity.kv", c.KV, refKV+" needs "+refRows+": the number of rows, like 1e10")
	case c.Cells != nil && !c.Rows.Set:
		return sentence("capacity.cells", cellsAt, refCells+" needs "+refRows+": the number of rows, like 1e10")
	case !c.Rows.Set && !c.Daily.Set:
		return sentence("capacity", Value[int64]{Pos: c.Pos}, field.Ref("capacity")+" needs a volume: "+refRows+" with "+refKV+" or "+refCells+", or "+refDaily+" with "+refRetention)
	}
	return nil
}

// Target is the HBase version the design targets: its hbase_version, else
// hbase.DefaultVersion.
func (s *Spec) Target() (hbase.Version, error) {
	v := s.Settings.HBaseVersion
	if !v.Set {
		return hbase.DefaultVersion, nil
	}
	t, err := hbase.ParseVersion(v.V)
	if err != nil {
		return hbase.Version{}, valueError("table.hbase_version", v, err.Error())
	}
	return t, nil
}

// Algo is the RegionSplitter algorithm the design names (splits algo, else rowkey algo)
// and the field that names it.
func (s *Spec) Algo() (Value[string], string) {
	if sp := s.Splits; sp != nil && sp.Algo.Set {
		return sp.Algo, "splits.algo"
	}
	if r := s.Rowkey; r != nil && r.Algo.Set {
		return r.Algo, "rowkey.algo"
	}
	return Value[string]{}, ""
}

// validateTarget refuses every value the target version lacks (a compression, encoding,
// bloom filter or RegionSplitter algorithm added in a later release), naming the release
// that added it.
func (s *Spec) validateTarget() error {
	target, err := s.Target()
	if err != nil {
		return err
	}
	for _, f := range s.Families {
		for _, c := range []struct {
			field string
			v     Value[string]
			check func(hbase.Version, string) error
		}{
			{"compression", f.Compression, hbase.CheckCompression},
			{"encoding", f.Encoding, hbase.CheckEncoding},
			{"bloom", f.Bloom, hbase.CheckBloom},
		} {
			if !c.v.Set {
				continue
			}
			if err := c.check(target, c.v.V); err != nil {
				return valueError("family "+field.Quote(f.Name.V)+" "+c.field, c.v, err.Error())
			}
		}
	}
	if a, name := s.Algo(); a.Set {
		if err := hbase.CheckAlgorithm(target, a.V); err != nil {
			return valueError(name, a, err.Error())
		}
	}
	return nil
}

// validateFamilies: the rules between a family's settings, and the families' shares.
func (s *Spec) validateFamilies() error {
	for _, f := range s.Families {
		// TableDescriptorChecker refuses MIN_VERSIONS above VERSIONS (1 when unset).
		if mv := f.MinVersions; mv.Set && mv.V > max(f.Versions.V, 1) {
			return valueError("family "+field.Quote(f.Name.V)+" min_versions", mv, fmt.Sprintf("must not exceed the family's VERSIONS (%d): HBase refuses MIN_VERSIONS above VERSIONS", max(f.Versions.V, 1)))
		}
	}
	var given []Family
	for _, f := range s.Families {
		if f.Share.Set {
			given = append(given, f)
		}
	}
	if len(given) == 0 {
		return nil
	}
	for _, f := range s.Families {
		if !f.Share.Set {
			return valueError("families.share", given[0].Share, fmt.Sprintf("every family gives its share of the row when one does; family %s has none", field.Quote(f.Name.V)))
		}
	}
	sum := 0.0
	for _, f := range given {
		sum += f.Share.V
	}
	if math.Abs(sum-1) > 0.001 {
		return valueError("families.share", given[0].Share, fmt.Sprintf("the families' shares of a row must add up to 1, they add up to %.4g", sum))
	}
	return nil
}

// validateTable: the table's settings against each other and the capacity section.
func (s *Spec) validateTable() error {
	st := s.Settings
	if cn := st.CreateNamespace; cn.V {
		if ns, _, ok := cutNamespace(s.Table.V); !ok || ns == "default" {
			return sentence("table.create_namespace", cn, field.Ref("table.create_namespace")+" needs "+field.Ref("table")+" in a namespace of its own (ns:table); the default namespace always exists")
		}
	}
	if c := s.Capacity; c != nil && c.RegionSize.Set && c.RegionSize.V < hbase.MinMaxFileSize && (!st.MaxFileSize.Set || st.MaxFileSize.V) {
		return valueError("capacity.region_size", c.RegionSize, "MAX_FILESIZE "+hbase.ErrMaxFileSize.Error()+"; or leave MAX_FILESIZE to the cluster")
	}
	if s.PhoenixPK.Set {
		if _, err := phoenix.ParsePK(s.PhoenixPK.V); err != nil {
			return valueError("phoenix_pk", s.PhoenixPK, err.Error())
		}
	}
	return nil
}

func cutNamespace(table string) (ns, name string, ok bool) {
	for i := 0; i < len(table); i++ {
		if table[i] == ':' {
			return table[:i], table[i+1:], true
		}
	}
	return "", table, false
}

// validateRowkey: the rowkey prefix in the --prefix grammar, the suffix in HBase's
// toBytesBinary.
func (s *Spec) validateRowkey() error {
	r := s.Rowkey
	if r == nil {
		return nil
	}
	if r.Prefix.Set {
		if _, err := ParsePrefix("rowkey.prefix", r.Prefix); err != nil {
			return err
		}
	}
	if r.Suffix.Set {
		if _, err := hbytes.ToBytesBinary(r.Suffix.V); err != nil {
			return valueError("rowkey.suffix", r.Suffix, `\x needs two uppercase hex digits`)
		}
	}
	return nil
}

// ParsePrefix reads a rowkey prefix in the --prefix grammar (splits.ParsePrefix); its
// error is a *FieldError on v, the field named name, so every reader of a prefix words a
// bad one alike.
func ParsePrefix(name string, v Value[string]) (splits.Prefix, error) {
	p, err := splits.ParsePrefix(v.V)
	if err != nil {
		var pe *splits.PrefixError
		if errors.As(err, &pe) {
			return p, valueError(name, v, pe.Reason)
		}
		return p, valueError(name, v, err.Error())
	}
	return p, nil
}
