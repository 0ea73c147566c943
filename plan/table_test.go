package plan

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbase"
)

func TestValidate(t *testing.T) {
	ok := Family{Name: "cf"}
	tests := []struct {
		name  string
		table Table
		err   string
	}{
		{name: "minimal", table: Table{Name: "t1", Families: []Family{ok}}},
		{name: "namespace and unicode family", table: Table{Name: "ns_2:tAble-1.v2", Families: []Family{{Name: "données"}}}},
		{name: "unicode table", table: Table{Name: "ns_2:tÄble", Families: []Family{ok}}, err: `table: NAME "ns_2:tÄble": a table name may contain only ASCII letters`},
		{name: "system namespace", table: Table{Name: "hbase:t", Families: []Family{ok}}, err: "the namespace hbase holds HBase's system tables"},
		{name: "all settings", table: Table{Name: "t1", MaxFileSize: 2 << 20, Families: []Family{{Name: "cf", Versions: 1, TTL: hbase.MaxInt,
			Compression: "BROTLI", Bloom: "ROWCOL", BlockSize: hbase.MaxBlockSize, Encoding: "ROW_INDEX_V1", InMemory: true}}}},
		{name: "no families", table: Table{Name: "t1"}, err: `table: NAME "t1": a table needs at least one column family`},
		{name: "empty name", table: Table{Families: []Family{ok}}, err: "a table name must not be empty"},
		{name: "reserved table", table: Table{Name: "zookeeper", Families: []Family{ok}}, err: "HBase refuses a table named zookeeper"},
		{name: "namespace dash", table: Table{Name: "a-b:t", Families: []Family{ok}}, err: "a namespace may contain only"},
		{name: "qualifier leading dash", table: Table{Name: "ns:-t", Families: []Family{ok}}, err: "must not start with '.' or '-'"},
		{name: "duplicate family", table: Table{Name: "t", Families: []Family{ok, ok}}, err: "column family names must be unique"},
		{name: "family slash", table: Table{Name: "t", Families: []Family{{Name: "a/b"}}}, err: "must not contain control characters"},
		{name: "family newline", table: Table{Name: "t", Families: []Family{{Name: "a\nb"}}}, err: "must not contain control characters"},
		{name: "recovered.edits", table: Table{Name: "t", Families: []Family{{Name: "recovered.edits"}}}, err: `family "recovered.edits": NAME "recovered.edits": HBase refuses a column family named recovered.edits`},
		{name: "lowercase enum from a spec", table: Table{Name: "t", Families: []Family{{Name: "cf", Encoding: "fast_diff"}}},
			err: `family "cf": DATA_BLOCK_ENCODING "fast_diff": must be one of NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1`},
		{name: "gzip", table: Table{Name: "t", Families: []Family{{Name: "cf", Compression: "GZIP"}}}, err: `COMPRESSION "GZIP"`},
		{name: "bloom", table: Table{Name: "t", Families: []Family{{Name: "cf", Bloom: "ROWPREFIX_FIXED_LENGTH"}}}, err: `BLOOMFILTER "ROWPREFIX_FIXED_LENGTH"`},
		{name: "negative versions", table: Table{Name: "t", Families: []Family{{Name: "cf", Versions: -1}}}, err: `VERSIONS "-1"`},
		{name: "ttl beyond forever", table: Table{Name: "t", Families: []Family{{Name: "cf", TTL: hbase.MaxInt + 1}}}, err: `TTL "2147483648"`},
		{name: "block size", table: Table{Name: "t", Families: []Family{{Name: "cf", BlockSize: 100}}}, err: `BLOCKSIZE "100"`},
		{name: "negative max filesize", table: Table{Name: "t", MaxFileSize: -1, Families: []Family{ok}}, err: `MAX_FILESIZE "-1"`},
		{name: "max filesize below 2 MiB", table: Table{Name: "t", MaxFileSize: 2<<20 - 1, Families: []Family{ok}}, err: `table: MAX_FILESIZE "2097151": must be at least 2 MiB`},
		{name: "durability", table: Table{Name: "t", Durability: "async_wal", Families: []Family{ok}}, err: `DURABILITY "async_wal": must be one of`},
		{name: "prefix policy without length", table: Table{Name: "t", SplitPolicy: SplitPolicy{Kind: PolicyPrefix}, Families: []Family{ok}}, err: `SPLIT_POLICY "prefix"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.table.Validate()
			if tt.err == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
			var se *SettingError
			assert.ErrorAs(t, err, &se)
		})
	}
}
