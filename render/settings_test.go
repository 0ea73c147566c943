package render

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

// settingCase is one table or family setting set on a Doc that has none: what a renderer
// must write or refuse.
type settingCase struct {
	name string // HBase's attribute
	set  func(d *Doc)
}

// tableSettingCases are the Doc's form of each entry of tablespec.TableSettings, by key; an
// entry without an HBase attribute is presplit's own and absent here (hbase_version picks
// the output's syntax, create_namespace is its own command, checked by the shell's and
// phoenix's tests).
var tableSettingCases = map[string]settingCase{
	"split_policy":       {"SPLIT_POLICY", func(d *Doc) { d.Table.SplitPolicy = plan.SplitPolicy{Kind: plan.PolicyDisabled} }},
	"normalization":      {"NORMALIZATION_ENABLED", func(d *Doc) { f := false; d.Table.Normalization = &f }},
	"region_replication": {"REGION_REPLICATION", func(d *Doc) { d.Table.RegionReplication = 3 }},
	"durability":         {"DURABILITY", func(d *Doc) { d.Table.Durability = "ASYNC_WAL" }},
	"max_filesize":       {"MAX_FILESIZE", func(d *Doc) { d.Table.MaxFileSize = 10 << 30 }},
	"memstore_flushsize": {"MEMSTORE_FLUSHSIZE", func(d *Doc) { d.Table.MemstoreFlushSize = 256 << 20 }},
}

// familySettingCases are the Doc's form of each entry of tablespec.FamilySettings with an
// HBase attribute, by key.
var familySettingCases = map[string]settingCase{
	"versions":           {"VERSIONS", func(d *Doc) { d.Table.Families[0].Versions = 3 }},
	"ttl":                {"TTL", func(d *Doc) { d.Table.Families[0].TTL = 86400 }},
	"compression":        {"COMPRESSION", func(d *Doc) { d.Table.Families[0].Compression = "SNAPPY" }},
	"bloom":              {"BLOOMFILTER", func(d *Doc) { d.Table.Families[0].Bloom = "ROWCOL" }},
	"block_size":         {"BLOCKSIZE", func(d *Doc) { d.Table.Families[0].BlockSize = 32768 }},
	"encoding":           {"DATA_BLOCK_ENCODING", func(d *Doc) { d.Table.Families[0].Encoding = "FAST_DIFF" }},
	"in_memory":          {"IN_MEMORY", func(d *Doc) { d.Table.Families[0].InMemory = true }},
	"blockcache":         {"BLOCKCACHE", func(d *Doc) { f := false; d.Table.Families[0].BlockCache = &f }},
	"keep_deleted_cells": {"KEEP_DELETED_CELLS", func(d *Doc) { d.Table.Families[0].KeepDeletedCells = "TRUE" }},
	// MIN_VERSIONS keeps versions past a TTL only: with one, so that Bigtable's rule shows it.
	"min_versions": {"MIN_VERSIONS", func(d *Doc) { d.Table.Families[0].MinVersions = 1; d.Table.Families[0].TTL = 86400 }},
}

// keysOnly are the formats that hold the split and no table: a list of keys or regions, a
// RegionSplitter command line, the capacity's rows, the capacity workbook (xlsx: the sizing
// as live formulas, the regions and the findings, no create statement). They carry no
// setting by what they are.
var keysOnly = []string{"lines", "splits-file", "regionsplitter", "csv", "capacity-csv", "xlsx"}

func settingsBaseDoc(t *testing.T) Doc {
	pk, err := phoenix.ParsePK("k VARCHAR")
	require.NoError(t, err)
	return Doc{
		Plan: &plan.Plan{
			Table:     plan.Table{Name: "t", Families: []plan.Family{{Name: "cf"}}},
			Split:     &splits.Split{Spec: "chars", Keys: splits.KeysOf([]byte("20"), []byte("40")), Owned: splits.OwnedOf(1, 1, 1)},
			PhoenixPK: pk,
		},
	}
}

// TestEverySettingWrittenOrRefused: every format writes each table and family setting (its
// output changes when the setting is set), refuses it (a FormatError naming it), or leaves
// it out saying so (LeftOut: the note the CLI writes on stderr), or holds no table at all
// (keysOnly). A setting added to
// tablespec's registries without a case here fails, and so does a renderer that ignores one.
func TestEverySettingWrittenOrRefused(t *testing.T) {
	cases := map[string]settingCase{}
	for _, ts := range tablespec.TableSettings {
		c, ok := tableSettingCases[ts.Key]
		if ts.Attr == "" {
			assert.False(t, ok, "table setting %s has no HBase attribute but a case", ts.Key)
			continue
		}
		require.True(t, ok, "table setting %s (%s) has no case in tableSettingCases: say how a Doc carries it", ts.Key, ts.Attr)
		assert.Equal(t, ts.Attr, c.name, ts.Key)
		cases["table."+ts.Key] = c
	}
	for _, fs := range tablespec.FamilySettings {
		c, ok := familySettingCases[fs.Key]
		if fs.Attr == "" {
			continue // presplit's own (share, compression_ratio): the capacity model reads it
		}
		require.True(t, ok, "family setting %s (%s) has no case in familySettingCases", fs.Key, fs.Attr)
		assert.Equal(t, fs.Attr, c.name, fs.Key)
		cases["family."+fs.Key] = c
	}
	for _, format := range FormatNames() {
		render, _ := Format(format)
		var base bytes.Buffer
		baseErr := render(&base, settingsBaseDoc(t))
		for key, c := range cases {
			d := settingsBaseDoc(t)
			c.set(&d)
			var out bytes.Buffer
			err := render(&out, d)
			var fe *FormatError
			switch {
			case err != nil && (baseErr != nil || !errors.As(err, &fe)):
				assert.Equal(t, baseErr, err, "%s with %s: an error that is not a refusal", format, key)
			case err != nil:
				assert.Contains(t, fe.Reason, c.name, "%s refuses %s naming it", format, key)
				assert.Empty(t, out.String(), "%s refuses %s before its first byte", format, key)
			case bytes.Equal(base.Bytes(), out.Bytes()) && baseErr == nil:
				assert.True(t, keysOnlyFormat(format) || saysLeftOut(format, d.Table, c.name), "--format %s ignores %s: write it, refuse it, or say it is left out (LeftOut)", format, key)
			default:
				assert.False(t, keysOnlyFormat(format), "--format %s writes %s but is listed as holding no table", format, key)
				assert.False(t, saysLeftOut(format, d.Table, c.name), "--format %s writes %s and says it leaves it out", format, key)
			}
		}
	}
}

func keysOnlyFormat(format string) bool {
	for _, k := range keysOnly {
		if k == format {
			return true
		}
	}
	return false
}

// saysLeftOut: the format's LeftOut notes name attr for this table.
func saysLeftOut(format string, t plan.Table, attr string) bool {
	for _, n := range LeftOut(format, t) {
		if strings.Contains(n, attr) {
			return true
		}
	}
	return false
}

// TestLeftOut: cbt and terraform name each set setting they leave out, in one note, and
// nothing for a table that sets none; the other formats leave nothing out.
func TestLeftOut(t *testing.T) {
	tbl := plan.Table{Name: "t", Families: []plan.Family{{Name: "a", Compression: "SNAPPY"}, {Name: "b", Bloom: "ROW", Compression: "ZSTD"}}, MaxFileSize: 1 << 30}
	want := []string{"Bigtable has no MAX_FILESIZE, COMPRESSION, BLOOMFILTER: left out; Bigtable sizes and stores its tablets itself"}
	assert.Equal(t, want, LeftOut("cbt", tbl))
	assert.Equal(t, want, LeftOut("terraform", tbl))
	assert.Empty(t, LeftOut("cbt", plan.Table{Name: "t", Families: []plan.Family{{Name: "cf", Versions: 2, TTL: 60}}}))
	for _, f := range FormatNames() {
		if f != "cbt" && f != "terraform" {
			assert.Empty(t, LeftOut(f, tbl), f)
		}
	}
}

// TestSettingCasesCoverTheDoc: every field of Table and Family is a setting's case or one of
// the structural fields listed here, so a setting added to the Doc needs a case.
func TestSettingCasesCoverTheDoc(t *testing.T) {
	structural := map[string]bool{"Name": true, "Families": true, "Target": true, "CreateNamespace": true,
		"Qualifiers": true, "BloomPrefixLength": true}
	set := map[string]bool{}
	for _, cs := range []map[string]settingCase{tableSettingCases, familySettingCases} {
		for _, c := range cs {
			d := settingsBaseDoc(t)
			b := settingsBaseDoc(t)
			c.set(&d)
			changed(reflect.ValueOf(d.Table), reflect.ValueOf(b.Table), set)
			changed(reflect.ValueOf(d.Table.Families[0]), reflect.ValueOf(b.Table.Families[0]), set)
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeOf(plan.Table{}), reflect.TypeOf(plan.Family{})} {
		for i := 0; i < typ.NumField(); i++ {
			n := typ.Field(i).Name
			assert.True(t, set[n] || structural[n], "%s.%s is set by no setting case", typ.Name(), n)
		}
	}
	assert.False(t, strings.Contains(strings.Join(keysOnly, ","), "shell"))
}

func changed(a, b reflect.Value, set map[string]bool) {
	for i := 0; i < a.NumField(); i++ {
		if !reflect.DeepEqual(a.Field(i).Interface(), b.Field(i).Interface()) {
			set[a.Type().Field(i).Name] = true
		}
	}
}
