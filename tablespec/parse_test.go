package tablespec

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const full = `table: ns:orders
families:
  - name: cf
    versions: 1
    ttl: 30d
    compression: snappy
    bloom: ROW
    block_size: 64KiB
    encoding: FAST_DIFF
    in_memory: false
    qualifiers: [order_id, user_id]
    dynamic_qualifiers: false
rowkey:
  prefix: dec:2
  suffix: "|"
  parts:
    - {name: user_id, kind: id, width: 10}
    - {name: ts, kind: reverse_timestamp, width: 19}
  delimiter: ""
capacity: {rows: 1e10, kv: 300B, redundancy: 1.5, region_size: 10GiB, compression_ratio: 0.35, replication: 3}
cluster: {region_servers: 10, heap: 16GiB, memstore_fraction: 0.4, flush_size: 128MiB}
splits: {regions: 100, align: even}
access:
  - {name: recent_by_user, kind: scan, by: [user_id]}
`

func TestParseFull(t *testing.T) {
	s, err := Parse("orders.yaml", []byte(full))
	require.NoError(t, err)
	assert.Equal(t, "ns:orders", s.Table.V)
	assert.Equal(t, Pos{1, 8}, s.Table.Pos)
	require.Len(t, s.Families, 1)
	f := s.Families[0]
	assert.Equal(t, Pos{3, 5}, f.Pos)
	assert.Equal(t, "cf", f.Name.V)
	assert.Equal(t, int64(1), f.Versions.V)
	assert.Equal(t, "30d", f.TTL.Raw)
	secs, err := f.TTLSeconds()
	require.NoError(t, err)
	assert.Equal(t, int64(30*86400), secs)
	assert.Equal(t, "SNAPPY", f.Compression.V, "stored in HBase's case")
	assert.Equal(t, "snappy", f.Compression.Raw)
	assert.Equal(t, int64(65536), f.BlockSize.V)
	assert.Equal(t, 8, f.BlockSize.Pos.Line)
	assert.True(t, f.InMemory.Set)
	assert.False(t, f.InMemory.V)
	assert.Equal(t, []string{"order_id", "user_id"}, []string{f.Qualifiers[0].V, f.Qualifiers[1].V})
	require.NotNil(t, s.Rowkey)
	assert.Equal(t, "dec:2", s.Rowkey.Prefix.V)
	assert.Equal(t, "|", s.Rowkey.Suffix.V)
	assert.True(t, s.Rowkey.Delimiter.Set)
	require.Len(t, s.Rowkey.Parts, 2)
	assert.Equal(t, KindReverseTimestamp, s.Rowkey.Parts[1].Kind.V)
	assert.Equal(t, int64(19), s.Rowkey.Parts[1].Width.V)
	assert.Equal(t, 1e10, s.Capacity.Rows.V)
	assert.Equal(t, 300.0, s.Capacity.KV.V)
	assert.Equal(t, float64(10<<30), s.Capacity.RegionSize.V)
	assert.Equal(t, 0.35, s.Capacity.CompressionRatio.V)
	assert.Equal(t, int64(10), s.Cluster.RegionServers.V)
	assert.Equal(t, float64(16<<30), s.Cluster.Heap.V)
	assert.Equal(t, int64(100), s.Splits.Regions.V)
	assert.Equal(t, "even", s.Splits.Align.V)
	require.Len(t, s.Access, 1)
	assert.Equal(t, "scan", s.Access[0].Kind.V)
	assert.Equal(t, 24, s.Access[0].Pos.Line)
}

func TestParseErrors(t *testing.T) {
	fam := "families: [{name: cf}]\n"
	tests := []struct {
		name string
		in   string
		want string // the whole error text
	}{
		{name: "empty", in: "", want: "s.yaml: file is empty; a table spec is a YAML mapping with at least table and families"},
		{name: "blank", in: "\n  \n", want: "s.yaml: file is empty; a table spec is a YAML mapping with at least table and families"},
		{name: "comments only", in: "# nothing\n", want: "s.yaml: file has no YAML content; a table spec is a mapping with at least table and families"},
		{name: "not yaml", in: "table: [a\n", want: "s.yaml:1: not valid YAML: did not find expected ',' or ']'"},
		{name: "tab indent", in: "table: t\n\tfamilies: []\n", want: "s.yaml:2: not valid YAML: found a tab character that violates indentation"},
		{name: "a list", in: "- a\n- b\n", want: "s.yaml:1:1: a table spec must be a mapping with at least table and families, got a list"},
		{name: "a string", in: "hello\n", want: "s.yaml:1:1: a table spec must be a mapping with at least table and families, got the string \"hello\""},
		{name: "two documents", in: fam + "---\n" + fam, want: "s.yaml:2:1: a spec is one YAML document; found a second one"},
		{name: "unknown top key", in: fam + "tabel: t\n", want: "s.yaml:2:1: unknown key \"tabel\" in the spec; known keys: access, capacity, cluster, families, rowkey, splits, table"},
		{name: "unknown family key", in: "families:\n  - name: cf\n    ttll: 30d\n", want: "s.yaml:3:5: unknown key \"ttll\" in a family; known keys: block_size, blockcache, bloom, compression, compression_ratio, dynamic_qualifiers, encoding, in_memory, keep_deleted_cells, min_versions, name, qualifiers, share, ttl, versions"},
		{name: "duplicate key", in: "table: a\ntable: b\n" + fam, want: "s.yaml:2:1: key \"table\" appears twice in the spec (first on line 1)"},
		{name: "no families", in: "table: t\n", want: "s.yaml:1:1: families must list at least one column family"},
		// 010 is 8 to YAML 1.1 and Go's base prefixes, 10 to YAML 1.2 and the other inputs.
		{name: "leading zero", in: "families: [{name: cf, versions: 010}]\n", want: "s.yaml:1:33: versions \"010\": a leading zero is octal to some readers and decimal to others: write 10"},
		{name: "leading zero in splits", in: fam + "splits: {regions: -012}\n", want: "s.yaml:2:19: splits regions -012: a leading zero is octal to some readers and decimal to others: write -12"},
		{name: "rowkey delimiter newline", in: fam + "rowkey: {delimiter: \"|\\nPRESPLIT_ALTER\\n\"}\n",
			want: `s.yaml:2:21: rowkey delimiter "|\nPRESPLIT_ALTER\n": a delimiter must be printable: no control bytes (0x00-0x1F, 0x7F)`},
		{name: "rowkey delimiter del", in: fam + "rowkey: {delimiter: \"\\x7f\"}\n",
			want: `s.yaml:2:21: rowkey delimiter "\x7f": a delimiter must be printable: no control bytes (0x00-0x1F, 0x7F)`},
		{name: "splits delimiter substitute", in: fam + "splits: {sample: k.txt, delimiter: \"\\x1a|\"}\n",
			want: `s.yaml:2:36: splits delimiter "\x1a|": a delimiter must be printable: no control bytes (0x00-0x1F, 0x7F)`},
		{name: "empty families", in: "table: t\nfamilies: []\n", want: "s.yaml:2:11: families must list at least one column family"},
		{name: "families not a list", in: "families: cf\n", want: "s.yaml:1:11: families must be a list, got the string \"cf\""},
		{name: "duplicate family", in: "families:\n  - name: cf\n  - name: d\n  - name: cf\n", want: "s.yaml:4:11: family \"cf\" is defined twice (first on line 2)"},
		{name: "family without name", in: "families:\n  - versions: 1\n", want: "s.yaml:2:5: a family needs a non-empty name"},
		{name: "family name colon", in: "families: [{name: 'a:b'}]\n", want: `s.yaml:1:19: family name: a column family name must not contain control characters, ':', '\' or '/', got "a:b"`},
		{name: "family recovered.edits", in: "table: t\nfamilies:\n  - name: d\n  - name: recovered.edits\n", want: `s.yaml:4:11: family name: HBase refuses a column family named recovered.edits (a region's folder of edits to replay), got "recovered.edits"`},
		{name: "family leading dot", in: "families: [{name: .d}]\n", want: `s.yaml:1:19: family name: a column family name must not start with '.', got ".d"`},
		{name: "family 128 bytes", in: "families: [{name: " + strings.Repeat("f", 128) + "}]\n", want: `s.yaml:1:19: family name: a column family name must be at most 127 bytes (a cell stores its length in one byte), got "` + strings.Repeat("f", 128) + `"`},
		{name: "versions string", in: "families: [{name: cf, versions: one}]\n", want: "s.yaml:1:33: versions must be an integer, got the string \"one\""},
		{name: "versions float", in: "families: [{name: cf, versions: 1.5}]\n", want: "s.yaml:1:33: versions must be an integer, got the number 1.5"},
		{name: "versions zero", in: "families: [{name: cf, versions: 0}]\n", want: "s.yaml:1:33: versions \"0\": too small (at least 1)"},
		{name: "versions quoted", in: "families: [{name: cf, versions: '1'}]\n", want: "s.yaml:1:33: versions must be an integer, got the string \"1\""},
		{name: "ttl list", in: "families: [{name: cf, ttl: [1]}]\n", want: "s.yaml:1:28: ttl must be a duration (30d), seconds or FOREVER, got a list"},
		{name: "compression gzip", in: "families: [{name: cf, compression: GZIP}]\n", want: "s.yaml:1:36: compression \"GZIP\": must be one of NONE, SNAPPY, LZ4, ZSTD, GZ, LZO, BZIP2, LZMA, BROTLI (HBase calls gzip GZ)"},
		{name: "bloom", in: "families: [{name: cf, bloom: ROWS}]\n", want: "s.yaml:1:30: bloom \"ROWS\": must be one of NONE, ROW, ROWCOL or rowprefix_fixed_length:W (W the prefix length in bytes)"},
		{name: "block size unit", in: "families: [{name: cf, block_size: 64 kilos}]\n", want: "s.yaml:1:35: block_size \"64 kilos\": must be a size like 65536, 64K or 64KB"},
		{name: "block size too small", in: "families: [{name: cf, block_size: 512B}]\n", want: "s.yaml:1:35: block_size \"512B\": must be between 1K and 16MB (1024..16777216 bytes)"},
		{name: "block size not whole", in: "families: [{name: cf, block_size: 1.1K}]\n", want: "s.yaml:1:35: block_size \"1.1K\": must be whole bytes, like 65536 or 64K"},
		{name: "in_memory yes", in: "families: [{name: cf, in_memory: yes}]\n", want: "s.yaml:1:34: in_memory must be true or false, got the string \"yes\""},
		{name: "qualifier twice", in: "families: [{name: cf, qualifiers: [a, b, a]}]\n", want: "s.yaml:1:42: qualifier \"a\" is listed twice in family \"cf\" (first on line 1)"},
		{name: "part kind", in: fam + "rowkey: {parts: [{name: a, kind: uuid}]}\n", want: "s.yaml:2:34: part kind \"uuid\" is not one of id, sequence, timestamp, reverse_timestamp, hash, text"},
		{name: "part without kind", in: fam + "rowkey: {parts: [{name: a}]}\n", want: "s.yaml:2:18: rowkey part \"a\" needs a kind: one of id, sequence, timestamp, reverse_timestamp, hash, text"},
		{name: "part twice", in: fam + "rowkey: {parts: [{name: a, kind: id}, {name: a, kind: id}]}\n", want: "s.yaml:2:46: rowkey part \"a\" is defined twice (first on line 2)"},
		{name: "prefix and algo", in: fam + "rowkey: {prefix: hex:2, algo: HexStringSplit}\n", want: "s.yaml:2:31: rowkey has both prefix and algo; give one"},
		{name: "rows bad", in: fam + "capacity: {rows: lots, kv: 1KB}\n", want: "s.yaml:2:18: capacity rows must be a count like 1e10, 5000000 or 10G, got \"lots\""},
		{name: "daily without unit", in: fam + "capacity:\n  daily: 500\n  retention: 30d\n", want: "s.yaml:3:10: capacity daily 500: the unit is missing: give a size like 500GB or 2TB (500B for bytes)"},
		{name: "daily decimal without unit", in: fam + "capacity: {daily: 1.5, retention: 30d}\n", want: "s.yaml:2:19: capacity daily 1.5: the unit is missing: give a size like 500GB or 2TB (500B for bytes)"},
		{name: "retention without unit", in: fam + "capacity: {daily: 1GB, retention: 30}\n", want: "s.yaml:2:35: capacity retention 30: a unit is missing: give days, weeks or years like 30d, 52w or 1y (a bare number is seconds)"},
		{name: "retention bad", in: fam + "capacity: {daily: 1GB, retention: 1 month}\n", want: "s.yaml:2:35: capacity retention must be a duration like 30d, 52w or 1y, got \"1 month\""},
		{name: "ratio zero", in: fam + "capacity: {rows: 1, kv: 1B, compression_ratio: 0}\n", want: "s.yaml:2:48: capacity compression_ratio must be in (0, 2], got 0"},
		{name: "ratio string", in: fam + "capacity: {rows: 1, kv: 1B, compression_ratio: high}\n", want: "s.yaml:2:48: capacity compression_ratio must be a number, got the string \"high\""},
		{name: "cells partial", in: fam + "capacity: {rows: 1, cells: {count: 3}}\n", want: "s.yaml:2:28: capacity cells needs at least count, row_len and value_len"},
		{name: "fraction", in: fam + "cluster: {memstore_fraction: 0.9}\n", want: "s.yaml:2:30: cluster memstore_fraction must be in (0, 0.8], got 0.9"},
		{name: "splits file and regions", in: fam + "splits: {file: s.txt, regions: 3}\n", want: "s.yaml:2:16: splits file lists the keys itself; drop regions, align and algo"},
		{name: "first row without algo", in: fam + "splits: {first_row: '00'}\n", want: "s.yaml:2:21: splits first_row and last_row go with splits algo"},
		{name: "algo mismatch", in: fam + "rowkey: {algo: HexStringSplit}\nsplits: {algo: DecimalStringSplit}\n", want: "s.yaml:3:16: splits algo DecimalStringSplit differs from rowkey algo HexStringSplit"},
		{name: "access kind", in: fam + "access: [{name: a, kind: put}]\n", want: "s.yaml:2:26: access kind \"put\" is not one of get, scan"},
		{name: "access without kind", in: fam + "access: [{name: a}]\n", want: "s.yaml:2:10: an access pattern needs a kind: get or scan"},
		{name: "suffix truncated escape", in: fam + "rowkey: {prefix: dec:2, suffix: '|\\x4'}\n", want: `s.yaml:2:33: rowkey suffix "|\\x4": \x needs two uppercase hex digits`},
		{name: "table empty", in: "table: ''\n" + fam, want: `s.yaml:1:8: table: a table name must not be empty, got ""`},
		{name: "table with space and bang", in: fam + "table: bad name!\n", want: `s.yaml:2:8: table: a table name may contain only ASCII letters, digits, '_', '-' and '.', got "bad name!"`},
		{name: "table unicode", in: "table: über\n" + fam, want: `s.yaml:1:8: table: a table name may contain only ASCII letters, digits, '_', '-' and '.', got "über"`},
		{name: "table leading dot", in: "table: .t\n" + fam, want: `s.yaml:1:8: table: a table name must not start with '.' or '-', got ".t"`},
		{name: "table leading dash", in: "table: -t\n" + fam, want: `s.yaml:1:8: table: a table name must not start with '.' or '-', got "-t"`},
		{name: "table two colons", in: "table: 'a:b:c'\n" + fam, want: `s.yaml:1:8: table: a table name has at most one ':', between namespace and table, got "a:b:c"`},
		{name: "table zookeeper namespace", in: "table: 'zookeeper:t'\n" + fam, want: `s.yaml:1:8: table: HBase refuses a namespace named zookeeper (ZooKeeper reserves that znode), got "zookeeper:t"`},
		{name: "table system namespace", in: "table: 'hbase:meta'\n" + fam, want: `s.yaml:1:8: table: the namespace hbase holds HBase's system tables; put the table in default or a namespace of its own, got "hbase:meta"`},
		{name: "table blank", in: "table: ' '\n" + fam, want: `s.yaml:1:8: table: a table name may contain only ASCII letters, digits, '_', '-' and '.', got " "`},
		{name: "table number", in: "table: 12\n" + fam, want: "s.yaml:1:8: table must be a string, got the integer 12; quote it"},
		{name: "merge key", in: "x: &x {name: cf}\n" + fam, want: "s.yaml:1:1: unknown key \"x\" in the spec; known keys: access, capacity, cluster, families, rowkey, splits, table"},
		{name: "too big", in: "table: t\n" + strings.Repeat("#", 10<<20), want: "s.yaml: file is 10485769 bytes; a table spec is at most 1048576 bytes (1 MiB)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse("s.yaml", []byte(tt.in))
			require.Error(t, err, "parsed %+v", s)
			var pe *Error
			require.True(t, errors.As(err, &pe))
			assert.Equal(t, tt.want, err.Error())
			assert.NotContains(t, err.Error(), "\n")
		})
	}
}

func TestParseAliases(t *testing.T) {
	in := "families:\n  - &f {name: cf, versions: 1}\n  - {name: d, versions: 2}\n"
	s, err := Parse("s.yaml", []byte(in))
	require.NoError(t, err)
	assert.Len(t, s.Families, 2)
}

// TestParseSizes: the spec reads sizes as the flags do, in Hadoop's convention (K M G T =
// powers of 1024, any case, with or without B or iB); HBase attributes are whole bytes.
func TestParseSizes(t *testing.T) {
	fam := "families: [{name: cf}]\n"
	tests := []struct {
		name string
		in   string
		get  func(*Spec) float64
		want float64
		err  string
	}{
		{name: "kv KB is 1024", in: "capacity: {rows: 1e9, kv: 1KB}", get: kv, want: 1024},
		{name: "kv fraction kept", in: "capacity: {rows: 1e9, kv: 300.7B}", get: kv, want: 300.7},
		{name: "daily GB is GiB", in: "capacity: {daily: 500GB, retention: 30d}", get: daily, want: 500 << 30},
		{name: "region size g", in: "capacity: {rows: 1, kv: 1, region_size: 10g}", get: regionSize, want: 10 << 30},
		{name: "region size spaced GB", in: "capacity: {rows: 1, kv: 1, region_size: 10 GB}", get: regionSize, want: 10 << 30},
		{name: "region size whole fraction", in: "capacity: {rows: 1, kv: 1, region_size: 1.5G}", get: regionSize, want: 3 << 29},
		{name: "heap g", in: "cluster: {heap: 16g}", get: func(s *Spec) float64 { return s.Cluster.Heap.V }, want: 16 << 30},
		{name: "flush size MB", in: "cluster: {flush_size: 128MB}", get: func(s *Spec) float64 { return s.Cluster.FlushSize.V }, want: 128 << 20},
		{name: "region size not whole", in: "capacity: {rows: 1, kv: 1, region_size: 1048576.5}", err: `s.yaml:2:41: capacity region_size must be whole bytes, got "1048576.5"`},
		{name: "region size below 1 MiB", in: "capacity: {rows: 1, kv: 1, region_size: 1023K}", err: `s.yaml:2:41: capacity region_size must be between 1.0 MiB and 1.0 EiB, got "1023K"`},
		{name: "kv too large", in: "capacity: {rows: 1, kv: 2E}", err: `s.yaml:2:25: capacity kv must be between 1 B and 1.0 EiB, got "2E"`},
		{name: "kv zero", in: "capacity: {rows: 1, kv: 0B}", err: `s.yaml:2:25: capacity kv must be between 1 B and 1.0 EiB, got "0B"`},
		{name: "kv exponent", in: "capacity: {rows: 1, kv: 3e2}", err: `s.yaml:2:25: capacity kv must be a size like 300B, 64K or 10g, got "3e2"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse("s.yaml", []byte(fam+tt.in+"\n"))
			if tt.err != "" {
				require.Error(t, err)
				assert.Equal(t, tt.err, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, tt.get(s))
		})
	}
}

func kv(s *Spec) float64         { return s.Capacity.KV.V }
func daily(s *Spec) float64      { return s.Capacity.Daily.V }
func regionSize(s *Spec) float64 { return s.Capacity.RegionSize.V }

func TestParseCount(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"1e10", 1e10, true}, {"10G", 1e10, true}, {"5000000", 5e6, true}, {"1.5M", 1.5e6, true},
		{"2k", 2000, true}, {"3T", 3e12, true}, {"0", 0, false}, {"-5", 0, false}, {"NaN", 0, false},
		{"Inf", 0, false}, {"0x10", 0, false}, {"", 0, false}, {"G", 0, false}, {"1e30", 0, false}, {"5e18", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := ParseCount(tt.in)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

// FuzzParse: Parse never panics, and either returns a spec with at least one family or a
// one-line *Error naming the file.
func FuzzParse(f *testing.F) {
	f.Add([]byte(full))
	f.Add([]byte("families: [{name: cf}]\n"))
	f.Add([]byte("families:\n  - name: cf\n    ttl: 1 WEEK\n"))
	f.Add([]byte("a: &a [*a]\n"))
	f.Add([]byte("families: [{name: cf, block_size: 64KB}]\ncapacity: {daily: 1GB, retention: 1y}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("f.yaml", data)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is %T, not *Error", err, err)
			}
			if !strings.HasPrefix(err.Error(), "f.yaml:") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if len(s.Families) == 0 {
			t.Fatalf("spec without families accepted")
		}
	})
}

func TestParseLongValueClipped(t *testing.T) {
	_, err := Parse("s.yaml", []byte(strings.Repeat("0000 ", 30)+"\n"))
	require.Error(t, err)
	assert.Equal(t, `s.yaml:1:1: a table spec must be a mapping with at least table and families, got the string "0000 0000 0000 0000 0000 0000 0000 0000 ..."`, err.Error())
}

// TestParseFamilySettings: the family keys beside the --family settings of the same
// meaning (blockcache, keep_deleted_cells, min_versions, the row-prefix bloom).
func TestParseFamilySettings(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want func(t *testing.T, f Family)
		err  string
	}{
		{name: "all", in: "families:\n  - {name: d, bloom: rowprefix_fixed_length:4, blockcache: false, keep_deleted_cells: true, min_versions: 1, versions: 3}\n",
			want: func(t *testing.T, f Family) {
				assert.Equal(t, "ROWPREFIX_FIXED_LENGTH", f.Bloom.V)
				assert.Equal(t, Value[int64]{V: 4, Set: true, Pos: Pos{2, 22}, Raw: "rowprefix_fixed_length:4"}, f.BloomPrefixLength)
				assert.Equal(t, Value[bool]{V: false, Set: true, Pos: Pos{2, 60}, Raw: "false"}, f.BlockCache)
				assert.Equal(t, "TRUE", f.KeepDeletedCells.V)
				assert.Equal(t, int64(1), f.MinVersions.V)
			}},
		{name: "keep_deleted_cells TTL", in: "families: [{name: d, keep_deleted_cells: ttl}]\n",
			want: func(t *testing.T, f Family) { assert.Equal(t, "TTL", f.KeepDeletedCells.V) }},
		{name: "row bloom has no length", in: "families: [{name: d, bloom: row}]\n",
			want: func(t *testing.T, f Family) { assert.False(t, f.BloomPrefixLength.Set) }},
		{name: "bloom length missing", in: "families: [{name: d, bloom: rowprefix_fixed_length}]\n",
			err: `s.yaml:1:29: bloom "rowprefix_fixed_length": rowprefix_fixed_length needs its prefix length, 1..32767 bytes: rowprefix_fixed_length:W`},
		{name: "bloom length zero", in: "families: [{name: d, bloom: rowprefix_fixed_length:0}]\n",
			err: `s.yaml:1:29: bloom "rowprefix_fixed_length:0": rowprefix_fixed_length needs its prefix length, 1..32767 bytes: rowprefix_fixed_length:W`},
		{name: "keep_deleted_cells bad", in: "families: [{name: d, keep_deleted_cells: yes please}]\n",
			err: `s.yaml:1:42: keep_deleted_cells "yes please": must be true, false or TTL`},
		{name: "min_versions negative", in: "families: [{name: d, min_versions: -1}]\n",
			err: "s.yaml:1:36: min_versions \"-1\": too small (at least 0)"},
		{name: "blockcache string", in: "families: [{name: d, blockcache: no}]\n",
			err: `s.yaml:1:34: blockcache must be true or false, got the string "no"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse("s.yaml", []byte(tt.in))
			if tt.err != "" {
				require.Error(t, err)
				assert.Equal(t, tt.err, err.Error())
				return
			}
			require.NoError(t, err)
			tt.want(t, s.Families[0])
		})
	}
}
