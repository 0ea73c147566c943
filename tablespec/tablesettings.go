package tablespec

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/quantity"
)

// TableSetter puts one parsed table setting into a table's Settings, marked with where it
// came from.
type TableSetter func(t *Settings, at Origin)

// TableSetting is one of the table's own settings (Settings), stated once for every way it
// is written, as FamilySetting is for a family: its key in a spec's `table` mapping
// (region_replication), its flag (region-replication), the HBase attribute it becomes
// (REGION_REPLICATION; "" for what presplit reads itself: the target version, the
// create_namespace command) and its parser. The spec's reader reads a table mapping's keys
// through TableSettings; the renderers' test (render's TestEverySettingWrittenOrRefused)
// takes every entry and fails when a format neither writes nor refuses one.
type TableSetting struct {
	Key   string // in a spec's table mapping
	Field string // the Settings field it sets
	Flag  string // on the command line
	Attr  string // the HBase attribute (SPLIT_POLICY stands for the policy's attributes and CONFIGURATION)
	// Parse reads the setting's text as the command line gives it. Its error states the
	// rule, not the setting's name.
	Parse func(s string) (TableSetter, error)
	// Example is a value Parse and the spec's reader accept, for tests and docs.
	Example string

	// read is the spec reader's handler of the key, with the spec's messages.
	read func(d *decoder, t *Settings) func(*yaml.Node) error
}

// Bounds of MEMSTORE_FLUSHSIZE presplit takes: 1 MiB (below it HBase's flushes are
// pathological) to 1 TiB.
const (
	minMemstoreFlushSize = 1 << 20
	maxMemstoreFlushSize = 1 << 40
)

// TableSettings are the table's settings, in the order the docs list them.
var TableSettings = []TableSetting{
	{Key: "hbase_version", Field: "HBaseVersion", Flag: "hbase-version", Parse: parseHBaseVersion, Example: "2.6",
		read: func(d *decoder, t *Settings) func(*yaml.Node) error { return d.hbaseVersion(t) }},
	{Key: "split_policy", Field: "SplitPolicy", Flag: "split-policy", Attr: "SPLIT_POLICY", Example: "disabled",
		Parse: tableEnum(hbase.SplitPolicies, func(t *Settings, v Value[string]) { t.SplitPolicy = v }),
		read: func(d *decoder, t *Settings) func(*yaml.Node) error {
			return d.enum(&t.SplitPolicy, "table split_policy", hbase.SplitPolicies)
		}},
	{Key: "normalization", Field: "Normalization", Flag: "normalization", Attr: "NORMALIZATION_ENABLED", Example: "false",
		Parse: tableBool(func(t *Settings, v Value[bool]) { t.Normalization = v }),
		read: func(d *decoder, t *Settings) func(*yaml.Node) error {
			return d.boolean(&t.Normalization, "table normalization")
		}},
	{Key: "region_replication", Field: "RegionReplication", Flag: "region-replication", Attr: "REGION_REPLICATION", Example: "3",
		Parse: parseRegionReplication,
		read: func(d *decoder, t *Settings) func(*yaml.Node) error {
			return d.integer(&t.RegionReplication, "table region_replication", 1, hbase.MaxInt)
		}},
	{Key: "durability", Field: "Durability", Flag: "durability", Attr: "DURABILITY", Example: "ASYNC_WAL",
		Parse: tableEnum(hbase.Durabilities, func(t *Settings, v Value[string]) { t.Durability = v }),
		read: func(d *decoder, t *Settings) func(*yaml.Node) error {
			return d.enum(&t.Durability, "table durability", hbase.Durabilities)
		}},
	{Key: "max_filesize", Field: "MaxFileSize", Flag: "max-filesize", Attr: "MAX_FILESIZE", Example: "false",
		Parse: tableBool(func(t *Settings, v Value[bool]) { t.MaxFileSize = v }),
		read: func(d *decoder, t *Settings) func(*yaml.Node) error {
			return d.boolean(&t.MaxFileSize, "table max_filesize")
		}},
	{Key: "create_namespace", Field: "CreateNamespace", Flag: "create-namespace", Example: "true",
		Parse: tableBool(func(t *Settings, v Value[bool]) { t.CreateNamespace = v }),
		read: func(d *decoder, t *Settings) func(*yaml.Node) error {
			return d.boolean(&t.CreateNamespace, "table create_namespace")
		}},
	{Key: "memstore_flushsize", Field: "MemstoreFlushSize", Flag: "memstore-flushsize", Attr: "MEMSTORE_FLUSHSIZE", Example: "256m",
		Parse: parseMemstoreFlushSize,
		read: func(d *decoder, t *Settings) func(*yaml.Node) error {
			return d.wholeSize(&t.MemstoreFlushSize, "table memstore_flushsize", minMemstoreFlushSize, maxMemstoreFlushSize)
		}},
}

// TableSettingByKey is the setting a spec's table mapping names key (region_replication).
func TableSettingByKey(key string) (TableSetting, bool) {
	i := slices.IndexFunc(TableSettings, func(s TableSetting) bool { return s.Key == key })
	if i < 0 {
		return TableSetting{}, false
	}
	return TableSettings[i], true
}

// hbaseVersion is the spec reader's handler of table hbase_version.
func (d *decoder) hbaseVersion(t *Settings) func(*yaml.Node) error {
	return func(v *yaml.Node) error {
		if err := d.scalar(v, "table hbase_version", "a version like \"2.6\""); err != nil {
			return err
		}
		if _, err := hbase.ParseVersion(v.Value); err != nil {
			return d.errf(v, "table hbase_version %q %v", v.Value, err)
		}
		t.HBaseVersion = Value[string]{V: v.Value, Set: true, Pos: pos(v), Raw: v.Value}
		return nil
	}
}

func parseHBaseVersion(s string) (TableSetter, error) {
	if _, err := hbase.ParseVersion(s); err != nil {
		return nil, err
	}
	return func(t *Settings, at Origin) { t.HBaseVersion = valueAt(s, at) }, nil
}

func tableEnum(set []string, put func(*Settings, Value[string])) func(string) (TableSetter, error) {
	return func(s string) (TableSetter, error) {
		v, ok := hbase.Canonical(set, s)
		if !ok {
			return nil, fmt.Errorf("must be one of %s", strings.Join(set, ", "))
		}
		return func(t *Settings, at Origin) { put(t, valueAt(v, at)) }, nil
	}
}

func tableBool(put func(*Settings, Value[bool])) func(string) (TableSetter, error) {
	return func(s string) (TableSetter, error) {
		b, err := parseBool(s)
		if err != nil {
			return nil, err
		}
		return func(t *Settings, at Origin) { put(t, valueAt(b, at)) }, nil
	}
}

// parseRegionReplication: a whole number in [1, hbase.MaxInt], read as --versions is.
func parseRegionReplication(s string) (TableSetter, error) {
	v, err := quantity.Whole(s, 1, hbase.MaxInt)
	if err != nil {
		return nil, err
	}
	return func(t *Settings, at Origin) { t.RegionReplication = valueAt(v, at) }, nil
}

// parseMemstoreFlushSize: a size in Hadoop's convention, whole bytes (HBase stores a
// long), 1 MiB to 1 TiB.
func parseMemstoreFlushSize(s string) (TableSetter, error) {
	v, err := quantity.Size(s)
	switch {
	case err != nil && !errors.Is(err, quantity.ErrTooLarge) && !errors.Is(err, quantity.ErrNotPositive):
		return nil, errors.New("must be a size like 128m")
	case err != nil, v < minMemstoreFlushSize, v > maxMemstoreFlushSize:
		return nil, errors.New("must be between 1.0 MiB and 1.0 TiB")
	case v != math.Trunc(v):
		return nil, errors.New("must be whole bytes")
	}
	return func(t *Settings, at Origin) { t.MemstoreFlushSize = valueAt(v, at) }, nil
}
