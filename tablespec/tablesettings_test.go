package tablespec

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTableSettingsRegistry: every field of Settings has one entry in TableSettings, and each
// entry's key, read from a spec, sets the same field to the same value as its Parse.
func TestTableSettingsRegistry(t *testing.T) {
	st := reflect.TypeOf(Settings{})
	byField := map[string]int{}
	for _, ts := range TableSettings {
		byField[ts.Field]++
		_, ok := st.FieldByName(ts.Field)
		assert.True(t, ok, "TableSettings %s names the field %s, which Settings lacks", ts.Key, ts.Field)
		assert.Equal(t, ts.Key, strings.ReplaceAll(ts.Flag, "-", "_"), "%s: the spec key is the flag with _", ts.Key)
	}
	for i := 0; i < st.NumField(); i++ {
		assert.Equal(t, 1, byField[st.Field(i).Name], "Settings.%s has %d TableSettings entries, want 1", st.Field(i).Name, byField[st.Field(i).Name])
	}
	for _, ts := range TableSettings {
		t.Run(ts.Key, func(t *testing.T) {
			spec, err := Parse("t.yaml", []byte("table: {name: t, "+ts.Key+": "+ts.Example+"}\nfamilies: [{name: cf}]\n"))
			require.NoError(t, err)
			set, err := ts.Parse(ts.Example)
			require.NoError(t, err)
			var want Settings
			set(&want, Origin{Raw: ts.Example})
			got := reflect.ValueOf(spec.Settings).FieldByName(ts.Field)
			w := reflect.ValueOf(want).FieldByName(ts.Field)
			assert.True(t, got.FieldByName("Set").Bool(), "the spec sets %s", ts.Field)
			assert.Equal(t, w.FieldByName("V").Interface(), got.FieldByName("V").Interface(), "spec and Parse read %q alike", ts.Example)
			found, ok := TableSettingByKey(ts.Key)
			assert.True(t, ok)
			assert.Equal(t, ts.Flag, found.Flag)
		})
	}
}

// TestTableSettingsParseRefuses: each parser states its rule for a value it refuses.
func TestTableSettingsParseRefuses(t *testing.T) {
	bad := map[string]struct{ value, rule string }{
		"hbase_version":      {"two", ""},
		"split_policy":       {"sometimes", "must be one of prefix, delimited, disabled, constant, default"},
		"normalization":      {"yes", "must be true or false"},
		"region_replication": {"0", ""},
		"durability":         {"async", "must be one of USE_DEFAULT, SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL"},
		"max_filesize":       {"1", "must be true or false"},
		"create_namespace":   {"no", "must be true or false"},
		"memstore_flushsize": {"1k", "must be between 1.0 MiB and 1.0 TiB"},
	}
	for _, ts := range TableSettings {
		b, ok := bad[ts.Key]
		require.True(t, ok, "no refused value for %s", ts.Key)
		_, err := ts.Parse(b.value)
		require.Error(t, err, "%s %q", ts.Key, b.value)
		if b.rule != "" {
			assert.Equal(t, b.rule, err.Error(), ts.Key)
		}
	}
	_, err := parseMemstoreFlushSize("1.1m")
	assert.EqualError(t, err, "must be whole bytes")
	set, err := parseMemstoreFlushSize("128m")
	require.NoError(t, err)
	var s Settings
	set(&s, Origin{})
	assert.Equal(t, float64(128<<20), s.MemstoreFlushSize.V)
}

// TestSpecMemstoreFlushSizeWhole: a spec's MEMSTORE_FLUSHSIZE is whole bytes, as the flag's
// is (HBase stores a long): 1.1m is refused, not cut to 1153433.
func TestSpecMemstoreFlushSizeWhole(t *testing.T) {
	_, err := Parse("t.yaml", []byte("table: {name: t, memstore_flushsize: 1.1m}\nfamilies: [{name: cf}]\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `table memstore_flushsize must be whole bytes, got "1.1m"`)
	s, err := Parse("t.yaml", []byte("table: {name: t, memstore_flushsize: 1.5m}\nfamilies: [{name: cf}]\n"))
	require.NoError(t, err)
	assert.Equal(t, float64(1572864), s.Settings.MemstoreFlushSize.V)
}
