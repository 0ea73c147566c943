package lint_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbytes"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
)

// checkCase is one row of an analyzer's test table: a spec and the findings expected, each
// as "LINE SEVERITY: a substring of the message".
type checkCase struct {
	name string
	src  string
	want []string
	// For checks that read the rowkey prefix and the split, the pass gets these directly,
	// so the analyzer is tested apart from the split generator.
	prefix *splits.Prefix
	keys   []string
	lines  []int
	source splits.Source
}

func runCases(t *testing.T, a *lint.Analyzer, cases []checkCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tablespec.Parse("t.yaml", []byte(tc.src))
			require.NoError(t, err)
			var in *plan.Plan
			if tc.prefix != nil || tc.keys != nil {
				in = &plan.Plan{Design: s, Prefix: tc.prefix, SplitLines: tc.lines, SplitSource: tc.source, Families: len(s.Families)}
				if r := s.Rowkey; r != nil && r.Suffix.Set {
					in.Suffix, err = hbytes.ToBytesBinary(r.Suffix.V)
					require.NoError(t, err)
				}
				if r := s.Rowkey; r != nil && r.Delimiter.V != "" {
					in.Delimiter, err = hbytes.ToBytesBinary(r.Delimiter.V) // as plan.Build does
					require.NoError(t, err)
				}
				if sp := s.Splits; sp != nil && sp.Regions.Set {
					in.Regions = int(sp.Regions.V)
				}
				if tc.keys != nil {
					var keys splits.KeysBuilder
					for _, k := range tc.keys {
						keys.Append([]byte(k))
					}
					split := splits.Split{Spec: string(tc.source), Keys: keys.Keys()}
					in.Split = &split
					in.Regions = split.Regions()
				}
			} else {
				in, err = plan.Build(s, plan.Options{})
				require.NoError(t, err)
			}
			reports := lint.Run(in, a)
			require.Len(t, reports, len(tc.want), "%v", reports)
			for i, w := range tc.want {
				r := reports[i]
				assert.Equal(t, a.Code, r.Code)
				head := fmt.Sprintf("%d %s: ", r.Pos.Line, r.Severity)
				wantHead, wantMsg, _ := strings.Cut(w, ": ")
				assert.Equal(t, wantHead+": ", head, "finding %d: %s", i, r.Message)
				assert.Contains(t, r.Message, wantMsg)
				assert.NotEmpty(t, r.Fix)
				assert.NotContains(t, r.Message, "\n")
			}
		})
	}
}

// fams builds a families section from one-line family mappings.
func fams(fs ...string) string {
	var b strings.Builder
	b.WriteString("families:\n")
	for _, f := range fs {
		b.WriteString("  - {" + f + "}\n")
	}
	return b.String()
}

func TestCF001(t *testing.T) {
	twelve := []string{}
	for i := 0; i < 12; i++ {
		twelve = append(twelve, fmt.Sprintf("name: f%d", i))
	}
	runCases(t, lint.CF001, []checkCase{
		{name: "three", src: fams("name: a", "name: b", "name: c")},
		{name: "four", src: fams("name: a", "name: b", "name: c", "name: d"), want: []string{"5 error: 4 column families"}},
		{name: "twelve", src: fams(twelve...), want: []string{"5 error: 12 column families"}},
	})
}

func TestCF002(t *testing.T) {
	runCases(t, lint.CF002, []checkCase{
		{name: "one", src: fams("name: a")},
		{name: "different ttl", src: fams("name: a, ttl: 30d, compression: SNAPPY", "name: b, ttl: 1y, compression: SNAPPY")},
		{name: "different compression", src: fams("name: a, ttl: 30d, compression: SNAPPY", "name: b, ttl: 30d, compression: ZSTD")},
		{name: "same", src: fams("name: a, ttl: 30d, compression: SNAPPY", "name: b, ttl: 720h, compression: snappy"),
			want: []string{"3 warning: families a and b have the same TTL (2592000s), compression (SNAPPY) and versions (1)"}},
		{name: "both unset", src: fams("name: a", "name: b"), want: []string{"3 warning: families a and b have the same TTL (FOREVER), compression (NONE) and versions (1)"}},
		// Each family is a store: one keeping 10 versions beside one keeping 1 stores
		// differently (a history family beside the current values).
		{name: "different versions", src: fams("name: d, versions: 1", "name: h, versions: 10")},
		{name: "versions 1 and unset", src: fams("name: d, versions: 1", "name: h"), want: []string{"3 warning: families d and h have the same TTL (FOREVER), compression (NONE) and versions (1)"}},
		{name: "three, two alike", src: fams("name: a, ttl: 1d", "name: b, ttl: 2d", "name: c, ttl: 86400"),
			want: []string{"4 warning: families a and c"}},
		{name: "four is CF001's", src: fams("name: a", "name: b", "name: c", "name: d")},
	})
}

func TestCF003(t *testing.T) {
	runCases(t, lint.CF003, []checkCase{
		{name: "set", src: fams("name: a, versions: 1")},
		{name: "unset", src: fams("name: a, versions: 1", "name: b"), want: []string{"3 warning: family b does not set versions: it gets HBase's default (1 since HBase 0.96, HBASE-8450; 3 before)"}},
	})
}

func TestCF004(t *testing.T) {
	runCases(t, lint.CF004, []checkCase{
		{name: "ten", src: fams("name: a, versions: 10")},
		{name: "eleven", src: fams("name: a, versions: 11"), want: []string{"2 warning: family a keeps 11 versions"}},
		{name: "max int", src: fams("name: a, versions: 2147483647"), want: []string{"2 error: family a keeps 2147483647 versions"}},
	})
}

func TestCF005(t *testing.T) {
	runCases(t, lint.CF005, []checkCase{
		{name: "forever is explicit", src: fams("name: a, ttl: FOREVER")},
		{name: "unset", src: fams("name: a"), want: []string{"2 warning: family a does not set ttl"}},
	})
}

func TestCF006(t *testing.T) {
	runCases(t, lint.CF006, []checkCase{
		{name: "duration", src: fams("name: a, ttl: 30d")},
		{name: "hbase form", src: fams("name: a, ttl: '1 DAY 2 HOURS'")},
		{name: "seconds", src: fams("name: a, ttl: 86400")},
		{name: "week", src: fams("name: a, ttl: 1 WEEK"), want: []string{`2 error: family a ttl "1 WEEK" is read by HBase as 0`}},
		{name: "wrong order", src: fams("name: a, ttl: 2 HOURS 1 DAY"), want: []string{`2 error: family a ttl "2 HOURS 1 DAY" is read by HBase as 0`}},
		{name: "zero", src: fams("name: a, ttl: 0"), want: []string{"2 error: family a has ttl 0"}},
		{name: "too big", src: fams("name: a, ttl: 25000 DAYS"), want: []string{`2 error: family a ttl "25000 DAYS" is refused by HBase (java.lang.NumberFormatException: For input string: "2160000000")`}},
		{name: "mismatch", src: fams("name: a, ttl: 100 SECONDS (1 DAY)"), want: []string{"2 error: family a ttl \"100 SECONDS (1 DAY)\" is refused by HBase"}},
		// presplit reads HBase's form with HBase's own reader (hbase.ShellInterval), so a
		// form HBase reads is one presplit reads (two readers disagreed here before).
		{name: "hbase leading seconds", src: fams("name: a, ttl: 86400 SECONDS (1 DAY)")},
		{name: "java space", src: fams("name: a, ttl: \"1\\vDAY\"")},
		{name: "hbase only", src: fams("name: a, ttl: '+60'"), want: []string{"2 error: is 60 seconds to HBase, but presplit cannot read that form"}},
	})
}

func TestCF007(t *testing.T) {
	runCases(t, lint.CF007, []checkCase{
		{name: "snappy", src: fams("name: a, compression: SNAPPY")},
		{name: "unset", src: fams("name: a"), want: []string{"2 warning: family a does not set compression"}},
		{name: "none with plan", src: fams("name: a, compression: NONE") + "capacity: {rows: 1e9, kv: 1KiB}\n",
			want: []string{"2 warning: family a has compression NONE: data is stored uncompressed (the plan stores 954 GiB uncompressed)"}},
		// Each family's own store: 1e9 x 1 KiB x 0.6 is 572 GiB, x 0.4 is 381 GiB.
		{name: "each store its own bytes", src: fams("name: a, compression: NONE, share: 0.6", "name: b, compression: NONE, share: 0.4") + "capacity: {rows: 1e9, kv: 1KiB}\n",
			want: []string{"2 warning: family a has compression NONE: data is stored uncompressed (the plan stores 572 GiB uncompressed)",
				"3 warning: family b has compression NONE: data is stored uncompressed (the plan stores 381 GiB uncompressed)"}},
	})
}

func TestCF012(t *testing.T) {
	fam := func(attrs string) string {
		return "families:\n  - {name: a, versions: 1, compression: SNAPPY, bloom: ROW" + attrs + "}\n"
	}
	want := func(mode string) []string {
		return []string{"2 warning: family a sets keep_deleted_cells " + mode + " with no ttl to end it: HBase keeps every deleted cell (up to VERSIONS a column) for ever, so deleting a row frees nothing and the table holds every row ever written, not the rows it is sized on"}
	}
	runCases(t, lint.CF012, []checkCase{
		{name: "true, no ttl", src: fam(", keep_deleted_cells: true"), want: want("true")},
		{name: "true, ttl forever", src: fam(", keep_deleted_cells: true, ttl: FOREVER"), want: want("true")},
		{name: "ttl mode, no ttl", src: fam(", keep_deleted_cells: TTL"), want: want("ttl")},
		{name: "true, a ttl", src: fam(", keep_deleted_cells: true, ttl: 30d")},
		{name: "ttl mode, a ttl", src: fam(", keep_deleted_cells: TTL, ttl: 7d")},
		{name: "false", src: fam(", keep_deleted_cells: false")},
		{name: "unset", src: fam("")},
	})
}

func TestCF011(t *testing.T) {
	runCases(t, lint.CF011, []checkCase{
		{name: "in memory, no block cache", src: fams("name: a, in_memory: true, blockcache: false"),
			want: []string{"2 warning: family a sets in_memory true and blockcache false: IN_MEMORY is a priority inside the block cache, and with BLOCKCACHE false its data blocks are never cached, so every get reads them from the store files"}},
		{name: "in memory, block cache", src: fams("name: a, in_memory: true, blockcache: true")},
		{name: "in memory alone", src: fams("name: a, in_memory: true")},
		{name: "no block cache alone", src: fams("name: a, blockcache: false")},
		{name: "not in memory", src: fams("name: a, in_memory: false, blockcache: false")},
	})
}

func TestCF008(t *testing.T) {
	runCases(t, lint.CF008, []checkCase{
		{name: "row", src: fams("name: a, bloom: ROW")},
		{name: "unset", src: fams("name: a"), want: []string{"2 warning: family a does not set bloom"}},
		{name: "none", src: fams("name: a, bloom: NONE"), want: []string{"2 warning: family a has bloom NONE"}},
	})
}

func TestCF009(t *testing.T) {
	gets := "access: [{name: g, kind: get, by: [id]}]\n"
	scans := "access: [{name: s, kind: scan, by: [id]}, {name: g, kind: get, by: [id]}, {name: t, kind: scan, by: [id]}]\n"
	runCases(t, lint.CF009, []checkCase{
		{name: "no access", src: fams("name: a, block_size: 8KiB")},
		{name: "gets small blocks", src: fams("name: a, block_size: 16KiB") + gets},
		{name: "gets default blocks", src: fams("name: a") + gets, want: []string{"2 warning: family a has 64 KiB (HBase's default) blocks but every access pattern is a get"}},
		{name: "gets big blocks", src: fams("name: a, block_size: 128KiB") + gets, want: []string{"2 warning: family a has 128 KiB blocks"}},
		{name: "scans small blocks", src: fams("name: a, block_size: 16KiB") + scans, want: []string{"2 warning: family a has 16 KiB blocks but 2 of 3 access patterns are scans"}},
		{name: "scans default", src: fams("name: a") + scans},
	})
}

func TestQL001(t *testing.T) {
	runCases(t, lint.QL001, []checkCase{
		{name: "short", src: fams("name: a, qualifiers: [sixteen_bytes_ok]")},
		{name: "long no plan", src: fams("name: a, qualifiers: [q, seventeen_bytes_x]"), want: []string{"2 warning: qualifier seventeen_bytes_x of family a is 17 bytes: it is stored in every cell"}},
		{name: "long with plan", src: fams("name: a, versions: 2, qualifiers: [customer_shipping_address]") + "capacity: {rows: 1e10, kv: 300B}\n",
			want: []string{"2 warning: qualifier customer_shipping_address of family a is 25 bytes: stored in every cell, it costs 466 GiB over 1e10 rows before compression"}},
	})
}

func TestQL002(t *testing.T) {
	runCases(t, lint.QL002, []checkCase{
		{name: "static", src: fams("name: a, dynamic_qualifiers: false")},
		{name: "dynamic", src: fams("name: a, dynamic_qualifiers: true"), want: []string{"2 warning: family a builds qualifiers from data"}},
	})
}

func TestQL003(t *testing.T) {
	runCases(t, lint.QL003, []checkCase{
		{name: "snake", src: fams("name: a, qualifiers: [order_id, user_id, amount]")},
		{name: "camel", src: fams("name: a, qualifiers: [orderId, userId, amount]")},
		{name: "mixed across families", src: fams("name: a, qualifiers: [order_id]", "name: b, qualifiers: [x, userId]"),
			want: []string{"3 info: qualifier userId is camelCase but order_id is snake_case"}},
	})
}

func TestRK001(t *testing.T) {
	runCases(t, lint.RK001, []checkCase{
		{name: "short", src: fams("name: a") + "rowkey: {parts: [{name: id, kind: id, width: 16}, {name: ts, kind: timestamp, width: 8}]}\n"},
		{name: "variable", src: fams("name: a") + "rowkey: {parts: [{name: id, kind: id}]}\n"},
		{name: "long", src: fams("name: a") + "rowkey: {delimiter: '#', parts: [{name: id, kind: text, width: 60}, {name: ts, kind: timestamp, width: 8}]}\n",
			want: []string{"3 warning: the rowkey is 69 bytes, above 64"}},
		{name: "cells row_len", src: fams("name: a") + "capacity: {rows: 1e6, cells: {count: 1, row_len: 100, value_len: 10}}\n",
			want: []string{"3 warning: the rowkey is 100 bytes, above 64: it is stored in every cell and every index entry; 95 MiB over 1000000 rows for the keys alone (1000000 rows x 1 cells x 1 versions x 100 bytes)"}},
		// 1e6 rows x 6 cells x 3 versions x 100 bytes = 1.8e9 bytes = 1.7 GiB.
		{name: "every cell and version", src: fams("name: a") + "capacity: {rows: 1e6, cells: {count: 6, row_len: 100, value_len: 10, versions: 3}}\n",
			want: []string{"3 warning: the rowkey is 100 bytes, above 64: it is stored in every cell and every index entry; 1.7 GiB over 1000000 rows for the keys alone (1000000 rows x 6 cells x 3 versions x 100 bytes)"}},
		// 1e7 rows x 69 bytes = 6.9e8 bytes = 658 MiB, a floor: the kv form does not say the cells.
		{name: "kv form is a floor", src: fams("name: a") + "rowkey: {delimiter: '#', parts: [{name: id, kind: text, width: 60}, {name: ts, kind: timestamp, width: 8}]}\ncapacity: {rows: 1e7, kv: 1KiB}\n",
			want: []string{"3 warning: the rowkey is 69 bytes, above 64: it is stored in every cell and every index entry; at least 658 MiB over 1e07 rows for the keys alone (rows x key length; each further cell or version per row stores the key again)"}},
		{name: "too long", src: fams("name: a") + "rowkey: {parts: [{name: id, kind: text, width: 32767}, {name: ts, kind: timestamp, width: 8}]}\n",
			want: []string{"3 error: the rowkey is 32775 bytes: HBase refuses row keys above 32767 bytes"}},
	})
}

func TestRK002(t *testing.T) {
	runCases(t, lint.RK002, []checkCase{
		{name: "id first", src: fams("name: a") + "rowkey: {parts: [{name: user, kind: id}, {name: ts, kind: timestamp}]}\n"},
		{name: "timestamp behind prefix", prefix: &splits.Prefix{Name: "hex", Alphabet: []byte("0123456789abcdef"), Width: 2}, src: fams("name: a") + "rowkey: {prefix: hex:2, parts: [{name: ts, kind: timestamp}]}\n"},
		{name: "timestamp behind hash part", src: fams("name: a") + "rowkey: {parts: [{name: h, kind: hash, width: 4}, {name: ts, kind: timestamp}]}\n"},
		{name: "timestamp first", src: fams("name: a") + "rowkey: {parts: [{name: ts, kind: timestamp}, {name: user, kind: id}]}\n",
			want: []string{"3 error: the rowkey leads with ts, a timestamp, and has no prefix"}},
		{name: "sequence first", src: fams("name: a") + "rowkey:\n  parts:\n    - {name: user_id, kind: sequence}\n",
			want: []string{"5 error: the rowkey leads with user_id, a sequence"}},
		{name: "reverse timestamp first", src: fams("name: a") + "rowkey: {parts: [{name: rts, kind: reverse_timestamp}]}\n",
			want: []string{"3 error: the rowkey leads with rts, a reversed timestamp"}},
	})
}

func TestRK003(t *testing.T) {
	runCases(t, lint.RK003, []checkCase{
		{name: "fixed widths", src: fams("name: a") + "rowkey: {parts: [{name: u, kind: id, width: 10}, {name: ts, kind: timestamp}]}\n"},
		{name: "delimiter", src: fams("name: a") + "rowkey: {delimiter: '#', parts: [{name: u, kind: id}, {name: ts, kind: timestamp}]}\n"},
		{name: "last part variable", src: fams("name: a") + "rowkey: {parts: [{name: u, kind: id, width: 4}, {name: t, kind: text}]}\n"},
		{name: "user1 user10", src: fams("name: a") + "rowkey: {parts: [{name: u, kind: id}, {name: ts, kind: timestamp, width: 8}]}\n",
			want: []string{"3 error: part u has no fixed width and ts follows it with no delimiter: keys of different u lengths interleave and can collide (u 1 then ts 0... and u 10 then ts ... are the same bytes)"}},
		{name: "empty delimiter", src: fams("name: a") + "rowkey: {delimiter: '', parts: [{name: u, kind: id}, {name: v, kind: id}, {name: w, kind: id}]}\n",
			want: []string{"3 error: part u has no fixed width", "3 error: part v has no fixed width"}},
	})
}

func TestRK004(t *testing.T) {
	key := "rowkey: {prefix: dec:2, %sparts: [{name: user_id, kind: id, width: 10}, {name: ts, kind: reverse_timestamp, width: 19}]}\n"
	dec2 := &splits.Prefix{Name: "dec", Alphabet: []byte("0123456789"), Width: 2}
	runCases(t, lint.RK004, []checkCase{
		{name: "hashed from user", prefix: dec2, src: fams("name: a") + fmt.Sprintf(key, "prefix_from: [user_id], ") + "access: [{name: r, kind: scan, by: [user_id]}]\n"},
		{name: "by a qualifier", prefix: dec2, src: fams("name: a") + fmt.Sprintf(key, "") + "access: [{name: r, kind: get, by: [order_id]}]\n"},
		{name: "salted", prefix: dec2, src: fams("name: a") + fmt.Sprintf(key, "") + "access: [{name: recent, kind: scan, by: [user_id]}]\n",
			want: []string{"4 warning: scan recent by user_id must read all 100 buckets of prefix dec:2"}},
		{name: "hashed from something else", prefix: dec2, src: fams("name: a") + fmt.Sprintf(key, "prefix_from: [ts], ") + "access: [{name: recent, kind: scan, by: [user_id]}]\n",
			want: []string{"4 warning: scan recent by user_id must read all 100 buckets"}},
	})
}

var dec2 = &splits.Prefix{Name: "dec", Alphabet: []byte("0123456789"), Width: 2}

func decKeys(width, from, to int) []string {
	var keys []string
	for i := from; i <= to; i++ {
		keys = append(keys, fmt.Sprintf("%0*d", width, i))
	}
	return keys
}

func TestRG001(t *testing.T) {
	orders := fams("name: a") + "rowkey: {prefix: dec:2}\nsplits: {file: splits.txt}\n"
	hexUpper := &splits.Prefix{Name: "HEX", Alphabet: []byte("0123456789ABCDEF"), Width: 2}
	runCases(t, lint.RG001, []checkCase{
		{name: "aligned", src: orders, prefix: dec2, keys: decKeys(2, 1, 99), source: "file"},
		{name: "orders 0000..0100", src: orders, prefix: dec2, keys: decKeys(4, 1, 100), lines: seq(1, 100), source: "file",
			want: []string{"4 error: 99 of 100 split keys of the splits file do not match the rowkey prefix dec:2: line 1: '0001' is 4 bytes, longer than the 2 of dec:2, and cuts inside the prefix 00; also lines 2, 3, 4, ...; 98 of the 100 prefix buckets sort after the last key and share the last region, whose share is 1"}},
		// HexStringSplit's zero-padded keys and a file 10..f0 lie on edges
		// of hex:4; the last region's own share is no finding; the wrong-case keys are cited.
		{name: "HexStringSplit keys on hex:4 edges", src: fams("name: a") + "rowkey: {prefix: hex:4}\nsplits: {file: s.txt}\n", prefix: hex4, keys: hexKeys(8, 16), source: "file"},
		{name: "file 10..f0 on hex:4 edges", src: fams("name: a") + "rowkey: {prefix: hex:4}\nsplits: {file: s.txt}\n", prefix: hex4, keys: hexKeys(2, 16), source: "file"},
		{name: "zero padding past a cut inside a prefix", src: fams("name: a") + "rowkey: {prefix: hex:4}\nsplits: {file: s.txt}\n", prefix: hex4, keys: []string{"10000000", "20018000"}, lines: []int{1, 2}, source: "file",
			want: []string{"4 error: 1 of 2 split keys of the splits file do not match the rowkey prefix hex:4: line 2: '20018000' is 8 bytes, longer than the 4 of hex:4, and cuts inside the prefix 2001"}},
		{name: "uppercase keys cited", src: fams("name: a") + "rowkey: {prefix: hex:4}\nsplits: {file: s.txt}\n", prefix: hex4, keys: strings.Fields("10 20 30 40 50 60 70 80 90 A0 B0 C0 D0 E0 F0"), lines: seq(1, 15), source: "file",
			want: []string{"4 error: 6 of 15 split keys of the splits file do not match the rowkey prefix hex:4: line 10: 'A0' has A where the prefix hex:4 has the other case; also lines 11, 12, 13, ..."}},
		{name: "case", src: fams("name: a") + "rowkey: {prefix: HEX:2}\nsplits: {file: s.txt}\n", prefix: hexUpper, keys: []string{"40", "80", "c0"}, source: "file",
			want: []string{"4 error: 1 of 3 split keys of the splits file do not match the rowkey prefix HEX:2: 'c0' has c where the prefix HEX:2 has the other case"}},
		{name: "alphabet", src: orders, prefix: dec2, keys: []string{"10", "2x"}, source: "file", want: []string{"4 error: 1 of 2 split keys of the splits file do not match the rowkey prefix dec:2: '2x' has x, outside the alphabet of dec:2"}},
		{name: "empty line and duplicate", src: orders, prefix: dec2, keys: []string{"10", "", "10"}, lines: []int{1, 2, 3}, source: "file",
			want: []string{"4 error: 2 of 3 split keys of the splits file do not match the rowkey prefix dec:2: line 2: '' is empty"}},
		{name: "suffix keys match", src: fams("name: a") + "rowkey: {prefix: dec:2, suffix: '|'}\nsplits: {file: s.txt}\n", prefix: dec2, keys: []string{"09|", "19|"}, source: "file"},
	})
}

var hex4 = &splits.Prefix{Name: "hex", Alphabet: []byte("0123456789abcdef"), Width: 4}

// hexKeys are the keys of HexStringSplit into n regions at a width: i * 16^w / n, zero
// padded, lower case.
func hexKeys(w, n int) []string {
	var keys []string
	size := uint64(1) << (4 * w)
	for i := 1; i < n; i++ {
		keys = append(keys, fmt.Sprintf("%0*x", w, uint64(i)*(size/uint64(n))))
	}
	return keys
}

func seq(from, to int) []int {
	var s []int
	for i := from; i <= to; i++ {
		s = append(s, i)
	}
	return s
}

func TestRG002(t *testing.T) {
	withSuffix := func(sfx string) string {
		return fams("name: a") + "rowkey: {prefix: dec:2, suffix: '" + sfx + "'}\nsplits: {file: s.txt}\n"
	}
	var closing []string
	for i := 0; i <= 99; i += 10 {
		closing = append(closing, fmt.Sprintf("%02d|", i+9))
	}
	runCases(t, lint.RG002, []checkCase{
		{name: "pipe", src: withSuffix("|"), prefix: dec2, keys: []string{"09|", "19|"}},
		{name: "no suffix", src: fams("name: a") + "rowkey: {prefix: dec:2}\n", prefix: dec2, keys: decKeys(2, 1, 99)},
		{name: "99| leaves an empty region", src: withSuffix("|"), prefix: dec2, keys: closing, lines: seq(1, 10), source: "file",
			want: []string{"4 error: split key '99|' (line 10 of the splits file) closes the last prefix bucket 99"}},
		{name: "suffix inside alphabet", src: withSuffix("0"), prefix: dec2, keys: []string{"090"},
			want: []string{"3 error: suffix '0' sorts inside the alphabet of dec:2"}},
	})
	withDelimiter := func(delim, sfx string) string {
		return fams("name: a") + "rowkey: {prefix: dec:2, delimiter: '" + delim + "', suffix: '" + sfx + "', parts: [{name: user, kind: id}, {name: ts, kind: timestamp}]}\n"
	}
	runCases(t, lint.RG002, []checkCase{
		{name: "suffix equals delimiter", src: withDelimiter("#", "#"), prefix: dec2,
			want: []string{"3 error: suffix '#' sorts at or below the delimiter '#' that follows the prefix dec:2 in every key: each bucket's rows sort at or after its closing key, so every region's rows shift one bucket up: region 1 loses its first bucket (and stays empty when it has only one) and the last region holds one bucket more"}},
		{name: "suffix below delimiter", src: withDelimiter("|", "#"), prefix: dec2,
			want: []string{"3 error: suffix '#' sorts at or below the delimiter '|'"}},
		{name: "suffix a prefix of the delimiter", src: withDelimiter("##", "#"), prefix: dec2,
			want: []string{"3 error: suffix '#' sorts at or below the delimiter '##'"}},
		// \x00 is the byte 0 (toBytesBinary, as --suffix), not the text \x00, which sorts above #.
		{name: "escaped byte 0", src: withDelimiter("#", `\x00`), prefix: dec2,
			want: []string{"3 error: suffix '\\x00' sorts at or below the delimiter '#'"}},
		// The delimiter too is toBytesBinary text: '\xFF' is the byte 0xFF, above '|'.
		{name: "escaped delimiter above the suffix", src: withDelimiter(`\xFF`, "|"), prefix: dec2,
			want: []string{"3 error: suffix '|' sorts at or below the delimiter '\\xFF'"}},
		{name: "escaped delimiter below the suffix", src: withDelimiter(`\x00`, "["), prefix: dec2},
		// Above the delimiter but starting with it: rows NN|... sort on both sides of NN|\x00.
		{name: "suffix extends the delimiter", src: withDelimiter("|", `|\x00`), prefix: dec2,
			want: []string{"3 error: suffix '|\\x00' begins with the delimiter '|' that follows the prefix dec:2 in every key: a bucket's rows (the prefix, '|', then the rest) sort on both sides of its closing key, as their rest sorts below or above '\\x00'"}},
		{name: "pipe after delimiter", src: withDelimiter("#", "|"), prefix: dec2},
		// Below the alphabet but above the delimiter: every row of a bucket sorts before its key.
		{name: "dollar after hash", src: withDelimiter("#", "$"), prefix: dec2},
		{name: "no parts: no delimiter in the key", src: fams("name: a") + "rowkey: {prefix: dec:2, delimiter: '#', suffix: '|'}\n", prefix: dec2},
	})
}

func TestRG003(t *testing.T) {
	runCases(t, lint.RG003, []checkCase{
		{name: "below", src: fams("name: a") + "cluster: {region_servers: 10, heap: 16GiB}\nsplits: {regions: 500}\n"},
		{name: "no heap", src: fams("name: a") + "cluster: {region_servers: 1}\nsplits: {regions: 500}\n"},
		{name: "above", src: fams("name: a", "name: b") + "cluster: {region_servers: 10, heap: 16GiB}\nsplits: {regions: 500}\n",
			want: []string{"4 warning: 500 regions on 10 RegionServers is 50.0 per server, above the memstore ceiling of 25.6 (heap 16 GiB x 0.4 / (flush size 128 MiB x 2 families))"}},
		// The table's MEMSTORE_FLUSHSIZE is what its regions flush at, over the cluster's.
		{name: "the table's flush size", src: fams("name: a") + "table: {memstore_flushsize: 1GiB}\ncluster: {region_servers: 10, heap: 16GiB, flush_size: 128MiB}\nsplits: {regions: 100}\n",
			want: []string{"4 warning: 100 regions on 10 RegionServers is 10.0 per server, above the memstore ceiling of 6.4 (heap 16 GiB x 0.4 / (MEMSTORE_FLUSHSIZE 1.0 GiB x 1 family))"}},
	})
}

func TestRG004(t *testing.T) {
	runCases(t, lint.RG004, []checkCase{
		{name: "enough", src: fams("name: a") + "cluster: {region_servers: 10}\nsplits: {regions: 10}\n"},
		{name: "too few", src: fams("name: a") + "cluster: {region_servers: 10}\nsplits: {regions: 4}\n", want: []string{"3 warning: 4 regions for 10 RegionServers: 6 servers take no writes"}},
		{name: "from the plan", src: fams("name: a") + "cluster: {region_servers: 10}\ncapacity: {rows: 1e6, kv: 1KiB}\n", want: []string{"3 warning: 1 regions for 10 RegionServers"}},
	})
}

func TestRG005(t *testing.T) {
	runCases(t, lint.RG005, []checkCase{
		{name: "default", src: fams("name: a") + "capacity: {rows: 1e6, kv: 1KiB}\n"},
		{name: "20GiB", src: fams("name: a") + "capacity: {rows: 1e6, kv: 1KiB, region_size: 20GiB}\n"},
		{name: "1GiB", src: fams("name: a") + "capacity: {rows: 1e6, kv: 1KiB, region_size: 1GiB}\n", want: []string{"3 warning: region_size 1GiB is outside the 5..50 GiB"}},
		{name: "100GiB", src: fams("name: a") + "capacity: {rows: 1e6, kv: 1KiB, region_size: 100GiB}\n", want: []string{"3 warning: region_size 100GiB is outside"}},
	})
}

func TestRG006(t *testing.T) {
	runCases(t, lint.RG006, []checkCase{
		{name: "fits", src: fams("name: a") + "rowkey: {prefix: dec:2}\nsplits: {regions: 100}\n", prefix: dec2},
		{name: "too many", src: fams("name: a") + "rowkey: {prefix: dec:2}\nsplits: {regions: 150}\n", prefix: dec2,
			want: []string{"4 error: 150 regions but the prefix dec:2 has only 100 distinct values"}},
		{name: "no width", src: fams("name: a") + "rowkey: {prefix: hex}\nsplits: {regions: 5000}\n", prefix: &splits.Prefix{Name: "hex", Alphabet: []byte("0123456789abcdef")}},
		{name: "salt byte", src: fams("name: a") + "rowkey: {prefix: 'byte:16'}\nsplits: {regions: 20}\n", prefix: byteN(16),
			want: []string{"4 error: 20 regions but the salt byte byte:16 has only 16 buckets: a region needs at least one bucket of its own"}},
		{name: "salt byte beyond 256", src: fams("name: a") + "rowkey: {prefix: 'byte:16'}\nsplits: {regions: 300}\n", prefix: byteN(16),
			want: []string{"4 error: 300 regions but the salt byte byte:16 has only 16 buckets"}},
	})
	// The fix of a salt byte names a bucket count, never a width (a salt byte has none).
	s, err := tablespec.Parse("t.yaml", []byte(fams("name: a")+"rowkey: {prefix: 'byte:16'}\nsplits: {regions: 20}\n"))
	require.NoError(t, err)
	p, err := plan.Build(s, plan.Options{})
	require.NoError(t, err)
	reports := lint.Run(p)
	var fixes []string
	for _, r := range reports {
		if r.Code == "RG006" {
			fixes = append(fixes, r.Fix)
		}
	}
	assert.Equal(t, []string{"use {rowkey.prefix=byte:20} (a bucket per region), or at most 16 regions"}, fixes)
	s, err = tablespec.Parse("t.yaml", []byte(fams("name: a")+"rowkey: {prefix: 'byte:16'}\nsplits: {regions: 300}\n"))
	require.NoError(t, err)
	p, err = plan.Build(s, plan.Options{})
	require.NoError(t, err)
	reports = lint.Run(p)
	fixes = nil
	for _, r := range reports {
		if r.Code == "RG006" {
			fixes = append(fixes, r.Fix)
		}
	}
	// The salt byte is kept (0x00.. bytes are another rowkey than hex).
	assert.Equal(t, []string{"keep the salt byte at its most buckets, {rowkey.prefix=byte:256}, and at most 256 regions ({splits.regions=256}, larger regions): one byte holds no more"}, fixes)
}

func byteN(n int) *splits.Prefix {
	p, err := splits.ParsePrefix("byte:" + fmt.Sprint(n))
	if err != nil {
		panic(err)
	}
	return &p
}

func TestRW001(t *testing.T) {
	runCases(t, lint.RW001, []checkCase{
		{name: "small", src: fams("name: a") + "capacity: {rows: 1e6, kv: 1KiB}\n"},
		{name: "big", src: fams("name: a") + "capacity: {rows: 1e6, kv: 20MiB}\n", want: []string{"3 warning: a row holds 20 MiB, above 10 MiB: a get reads and returns a row as one unit, and a region never splits inside a row, so a big row cannot be spread (HBase caps a cell, not a row: hbase.server.keyvalue.maxsize and the client's hbase.client.keyvalue.maxsize, 10 MB by default)"}},
		{name: "big cells", src: fams("name: a") + "capacity:\n  rows: 1e3\n  cells: {count: 1000, row_len: 10, value_len: 20000}\n", want: []string{"5 warning: a row holds 19 MiB"}},
	})
}

func TestCF010(t *testing.T) {
	fam := func(attrs string) string {
		return "families:\n  - {name: a, versions: 3, compression: SNAPPY, bloom: ROW" + attrs + "}\n"
	}
	runCases(t, lint.CF010, []checkCase{
		{name: "min versions and a ttl", src: fam(", ttl: 30d, min_versions: 1"),
			want: []string{"2 warning: family a keeps min_versions 1 past its ttl 30d: HBase keeps the newest 1 versions of every cell after the TTL, so a cell written once never expires and the table grows past the TTL it is sized on"}},
		{name: "no min versions", src: fam(", ttl: 30d")},
		{name: "min versions 0", src: fam(", ttl: 30d, min_versions: 0")},
		{name: "min versions for ever", src: fam(", ttl: FOREVER, min_versions: 1")},
		{name: "min versions without a ttl", src: fam(", min_versions: 1")},
	})
}

// TestCP007 runs the check on plans Build makes of daily designs whose families keep their
// data as long as the retention, shorter, longer or for ever, or give no TTL (and get the
// retention's).
func TestCP007(t *testing.T) {
	two := func(a, b, capacity string) string {
		return "families:\n  - {name: d, versions: 1, compression: SNAPPY, bloom: ROW" + a + "}\n" +
			"  - {name: h, versions: 1, compression: SNAPPY, bloom: ROW" + b + "}\n" + capacity
	}
	const daily = "capacity: {daily: 100GB, retention: 30d}\n"
	const fix = "set the family's ttl to the retention (30 days), or the retention to the TTL when HBase is to keep the data that long"
	runCases(t, lint.CP007, []checkCase{
		{name: "longer", src: two(", ttl: 60d", ", ttl: 30d", daily),
			want: []string{"2 warning: family d keeps its data for 60 days (TTL 60d) but the retention is 30 days: the table is sized on 30 days of ingest, and HBase expires none of it before the TTL (only the application's deletes remove it sooner)"}},
		{name: "for ever", src: two(", ttl: 7d", ", ttl: FOREVER", daily),
			want: []string{"3 warning: family h keeps its data forever (TTL FOREVER) but the retention is 30 days: the table is sized on 30 days of ingest, and HBase expires none of it before the TTL (only the application's deletes remove it sooner)"}},
		{name: "a second past", src: two(", ttl: 2592001", "", daily),
			want: []string{"2 warning: family d keeps its data for 2592001 seconds (TTL 2592001) but the retention is 30 days: the table is sized on 30 days of ingest, and HBase expires none of it before the TTL (only the application's deletes remove it sooner)"}},
		{name: "at and before the retention", src: two(", ttl: 30d", ", ttl: '2 DAYS'", daily)},
		{name: "no ttl: the retention's", src: two(", ttl: 7d", "", daily)},
		{name: "rows, no retention", src: two(", ttl: 60d", ", ttl: FOREVER", "capacity: {rows: 1e9, kv: 300B}\n")},
	})
	s, err := tablespec.Parse("t.yaml", []byte(two(", ttl: 60d", "", daily)))
	require.NoError(t, err)
	p, err := plan.Build(s, plan.Options{})
	require.NoError(t, err)
	got := lint.Run(p, lint.CP007)
	require.Len(t, got, 1)
	assert.Equal(t, fix, got[0].Fix)
}

// TestAnalyzers keeps the registry honest: unique codes in order, every one with a doc.
func TestAnalyzers(t *testing.T) {
	require.Len(t, lint.Analyzers, 65)
	seen := map[string]bool{}
	for _, a := range lint.Analyzers {
		assert.False(t, seen[a.Code], a.Code)
		seen[a.Code] = true
		assert.Regexp(t, `^(CF|QL|RK|RG|RW|SP|CP|AC|PX|BT|SF)[0-9]{3}$`, a.Code)
		assert.NotEmpty(t, a.Doc, a.Code)
		assert.NotNil(t, a.Run, a.Code)
	}
}

// TestRG017: more replicas than servers, as many, fewer, and no cluster to judge by.
func TestRG017(t *testing.T) {
	design := func(replicas, servers string) string {
		s := "table: {name: t, region_replication: " + replicas + "}\n" + fams("name: a") + "rowkey: {prefix: 'dec:2'}\nsplits: {regions: 40}\n"
		if servers != "" {
			s += "cluster: {region_servers: " + servers + "}\n"
		}
		return s
	}
	const lost = ": HBase places a region's replicas on different servers while there are servers for them, so each region's "
	runCases(t, lint.RG017, []checkCase{
		{name: "one past", src: design("3", "2"),
			want: []string{"1 warning: REGION_REPLICATION 3 on 2 RegionServers" + lost + "1 replica past the servers shares a server with another replica of that region and is lost with it: memory and open files, no read availability"}},
		{name: "two past, one server", src: design("3", "1"),
			want: []string{"1 warning: REGION_REPLICATION 3 on 1 RegionServer" + lost + "2 replicas past the servers share a server with other replicas of that region and are lost with it: memory and open files, no read availability"}},
		{name: "as many", src: design("3", "3")},
		{name: "fewer", src: design("2", "10")},
		{name: "no cluster", src: design("3", "")},
	})
}

// TestRG018: even alignment with balance, where a count meets both, where none does, and
// with the count the spec gives itself (not balanced: the user's).
func TestRG018(t *testing.T) {
	design := func(servers, splits string) string {
		return fams("name: a, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW") + "rowkey: {prefix: 'dec:2'}\n" +
			"capacity: {rows: 1e10, kv: 30B, balance: true}\ncluster: {region_servers: " + servers + "}\nsplits: {" + splits + "}\n"
	}
	runCases(t, lint.RG018, []checkCase{
		{name: "none", src: design("7", "align: even"),
			want: []string{"6 error: {splits.align} even and {capacity.balance}: no count of 42 regions or more divides the 100 prefixes of dec:2 evenly and is a multiple of the 7 RegionServers"}},
		{name: "fifty on five", src: design("5", "align: even")},
		{name: "exact", src: design("7", "align: exact")},
		{name: "the spec's count", src: design("7", "align: even, regions: 42")},
	})
}

func TestRG013(t *testing.T) {
	runCases(t, lint.RG013, []checkCase{
		{name: "on, pre-split", src: "table: {name: t, normalization: true}\n" + fams("name: a") + "rowkey: {prefix: 'dec:2'}\nsplits: {regions: 4}\n",
			want: []string{"1 warning: NORMALIZATION_ENABLED => true on a table pre-split into 4 regions: the normalizer merges empty regions once they are older than hbase.normalizer.merge.min_region_age.days (3 by default; at any age before HBase 2.3), undoing the pre-split"}},
		{name: "off", src: "table: {name: t, normalization: false}\n" + fams("name: a") + "rowkey: {prefix: 'dec:2'}\nsplits: {regions: 4}\n"},
		{name: "on, one region", src: "table: {name: t, normalization: true}\n" + fams("name: a") + "rowkey: {prefix: 'dec:2'}\nsplits: {regions: 1}\n"},
		{name: "unset", src: fams("name: a") + "rowkey: {prefix: 'dec:2'}\nsplits: {regions: 4}\n"},
	})
}

// TestSF002Bounded: at most MaxSplitsFileWarnings findings, then one that counts the rest
// (kept by the reader or only counted).
func TestSF002Bounded(t *testing.T) {
	s, err := tablespec.Parse("s.yaml", []byte("table: t1\nfamilies: [{name: cf}]\nsplits: {file: k.txt}\n"))
	require.NoError(t, err)
	var ws []splits.FileWarning
	for i := range 15 {
		ws = append(ws, splits.FileWarning{Line: i + 1, Msg: "w"})
	}
	got := lint.Run(&plan.Plan{Design: s, SplitsFileWarnings: ws, SplitsFileMore: 7}, lint.SF002)
	require.Len(t, got, lint.MaxSplitsFileWarnings+1)
	assert.Equal(t, "splits file k.txt:10: w", got[9].Message)
	assert.Equal(t, "splits file k.txt: 12 more warnings after line 10", got[10].Message)

	got = lint.Run(&plan.Plan{Design: s, SplitsFileWarnings: ws[:2]}, lint.SF002)
	require.Len(t, got, 2)
}

// TestCP005 runs the check on plans Build makes of designs whose families keep their
// data differently, with and without the shares that size each store apart.
func TestCP005(t *testing.T) {
	two := func(a, b, capacity string) string {
		return "families:\n  - {name: d, versions: 1, compression: SNAPPY, bloom: ROW" + a + "}\n" +
			"  - {name: h, versions: 10, compression: SNAPPY, bloom: ROW" + b + "}\n" + capacity
	}
	volume := func(v string) string { return "capacity: {" + v + "}\n" }
	runCases(t, lint.CP005, []checkCase{
		{name: "versions without shares", src: two(", ttl: 30d", ", ttl: 30d", volume("rows: 1e9, kv: 300B")),
			want: []string{"2 warning: families d (VERSIONS 1), h (VERSIONS 10) give no share of a row: the table is sized as 10 versions of the whole row (420 regions), up to 10x what it holds"}},
		{name: "versions with shares", src: two(", ttl: 30d, share: 0.9", ", ttl: 30d, share: 0.1", volume("rows: 1e9, kv: 300B"))},
		{name: "cells without their own versions", src: two("", "", volume("rows: 1e9, cells: {count: 10, row_len: 16, family_len: 1, qualifier_len: 8, value_len: 100}")),
			want: []string{"2 warning: families d (VERSIONS 1), h (VERSIONS 10) give no share of a row: the table is sized as 10 versions of the whole row (2026 regions), up to 10x what it holds"}},
		{name: "the cells' own versions", src: two("", "", volume("rows: 1e9, cells: {count: 10, row_len: 16, family_len: 1, qualifier_len: 8, value_len: 100, versions: 3}"))},
		{name: "ttls with daily ingest", src: two(", ttl: 7d", ", ttl: 30d", volume("daily: 100GB, retention: 30d")),
			want: []string{"2 warning: families d (keeps 7 days), h (keeps 30 days) give no share of a row: the table is sized as 30 days of all the ingest (450 regions), up to 4.29x what it holds"}},
		{name: "a family without a ttl keeps the retention", src: two(", ttl: 7d", "", volume("daily: 100GB, retention: 14d")),
			want: []string{"2 warning: families d (keeps 7 days), h (keeps 14 days) give no share of a row: the table is sized as 14 days of all the ingest (210 regions), up to 2x what it holds"}},
		{name: "versions do not multiply daily ingest", src: two(", ttl: 30d", ", ttl: 30d", volume("daily: 100GB, retention: 30d"))},
		{name: "a horizon within both ttls", src: two(", ttl: 7d", ", ttl: 30d", volume("daily: 100GB, retention: 30d, horizon: 7d"))},
		{name: "no volume", src: two(", ttl: 7d", ", ttl: 30d", "")},
	})
}

// TestCP006 runs the check on plans Build makes of cells sizings whose lengths say
// something else than the design's rowkey, family names and qualifiers. The figures are
// worked by hand: a cell is 20 + row + family + qualifier + value bytes, the regions
// rows x cells x cell x 1.5 / 10 GiB rounded up.
func TestCP006(t *testing.T) {
	design := func(fam, rowkey, cells string) string {
		return "families:\n" + fam + rowkey + "capacity: {rows: 1e10, cells: {count: 4, value_len: 8" + cells + "}}\n"
	}
	d := "  - {name: d, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW, qualifiers: [v]}\n"
	key := "rowkey:\n  prefix: hex:4\n  parts:\n    - {name: device_id, kind: id, width: 48}\n    - {name: ts, kind: reverse_timestamp, width: 19}\n"
	runCases(t, lint.CP006, []checkCase{
		// 20 + 8 + 1 + 1 + 8 = 38 B: 1e10 x 4 x 38 x 1.5 / 10 GiB = 212.3; with the key's
		// 71 bytes, 101 B and 564.4.
		{name: "row_len below the rowkey's widths", src: design(d, key, ", row_len: 8"),
			want: []string{"8 warning: cells row_len is 8 but the rowkey is 71 bytes (4 prefix + 48 device_id + 19 ts): the sizing prices a cell at 38 B where the design's is 101 B, 213 regions where the design's needs 565"}},
		{name: "row_len the rowkey's widths", src: design(d, key, ", row_len: 71")},
		{name: "a delimiter counts", src: design(d, strings.Replace(key, "prefix: hex:4\n", "prefix: hex:4\n  delimiter: '|'\n", 1), ", row_len: 71"),
			want: []string{"9 warning: cells row_len is 71 but the rowkey is 73 bytes (4 prefix + 48 device_id + 19 ts + 2 delimiters)"}},
		{name: "a variable-width part says nothing", src: design(d, strings.Replace(key, ", width: 48", "", 1), ", row_len: 8")},
		// 20 + 8 + 1 + 1 + 8 = 38 B against 20 + 8 + 16 + 1 + 8 = 53 B: 212.3 and 296.1.
		{name: "family_len below the family's name", src: design(strings.Replace(d, "name: d,", "name: measurements_raw,", 1), "", ", row_len: 8, family_len: 1"),
			want: []string{"3 warning: cells family_len is 1 but every cell stores the family measurements_raw (16 bytes): the sizing prices a cell at 38 B where the design's is 53 B, 213 regions where the design's needs 297"}},
		{name: "family_len between the families' names", src: design(d+"  - {name: hh, versions: 3, ttl: 30d, compression: SNAPPY, bloom: ROW}\n", "", ", row_len: 8, family_len: 2")},
		{name: "family_len past the families' names", src: design(d+"  - {name: hh, versions: 3, ttl: 30d, compression: SNAPPY, bloom: ROW}\n", "", ", row_len: 8, family_len: 4"),
			want: []string{"4 warning: cells family_len is 4 but the families d (1 bytes), hh (2 bytes) average 2 bytes"}},
		// The qualifiers 19 and 16 bytes average 18 (17.5 rounded up): 20 + 8 + 1 + 18 + 8 = 55 B,
		// 307.3 regions, where the sizing's 39 B give 217.9.
		{name: "qualifier_len below the listed qualifiers", src: design(strings.Replace(d, "[v]", "[temperature_celsius, humidity_percent]", 1), "", ", row_len: 8, qualifier_len: 2"),
			want: []string{"3 warning: cells qualifier_len is 2 but the qualifiers temperature_celsius (19 bytes), humidity_percent (16 bytes) average 18 bytes: the sizing prices a cell at 39 B where the design's is 55 B, 218 regions where the design's needs 308"}},
		{name: "no qualifiers listed", src: design(strings.Replace(d, ", qualifiers: [v]", "", 1), "", ", row_len: 8, qualifier_len: 2")},
		{name: "lengths left to the design", src: design(strings.Replace(d, "name: d,", "name: measurements_raw,", 1), "", ", row_len: 8")},
	})
}

// TestRG007 judges the regions each server opens: the regions created, and with
// REGION_REPLICATION every replica of them (420 regions x 3 replicas over 3 servers is
// 420 a server, where the primaries alone are 140).
func TestRG007(t *testing.T) {
	design := func(replicas string, servers int) string {
		return "table: {name: t1" + replicas + "}\n" + fams("name: cf, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW") +
			fmt.Sprintf("capacity: {rows: 1e10, kv: 300B}\ncluster: {region_servers: %d}\n", servers)
	}
	runCases(t, lint.RG007, []checkCase{
		{name: "primaries within the range", src: design("", 3)},
		{name: "replicas past it", src: design(", region_replication: 3", 3),
			want: []string{"5 warning: 420 regions x 3 replicas (REGION_REPLICATION) on 3 RegionServers is 420.0 region replicas per server, above the 20..200 HBase recommends"}},
		{name: "replicas within it", src: design(", region_replication: 3", 9)},
		{name: "one replica is the primary", src: design(", region_replication: 1", 2),
			want: []string{"5 warning: 420 regions on 2 RegionServers is 210.0 per server, above the 20..200 HBase recommends"}},
		// 420 x 2 / 50 = 16.8, below 20; the primaries alone were 8.4.
		{name: "replicas below the range", src: design(", region_replication: 2", 50),
			want: []string{"5 warning: 420 regions x 2 replicas (REGION_REPLICATION) on 50 RegionServers is 16.8 region replicas per server, below the 20..200"}},
	})
}

// TestRG016 judges a split of fewer regions than the volume needs: past 1.125 x
// MAX_FILESIZE a region splits whatever its jitter draw, and the model of the policy says
// what HBase ends with (5 regions of 838 GiB halved 7 times: 640 of 6.5 GiB).
func TestRG016(t *testing.T) {
	design := func(table, capacity, splits string) string {
		return table + fams("name: d, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW") +
			"rowkey: {prefix: 'dec:3'}\ncapacity: {" + capacity + "}\nsplits: {" + splits + "}\n"
	}
	runCases(t, lint.RG016, []checkCase{
		{name: "a region count far below the sizing's", src: design("", "rows: 1e10, kv: 300B", "regions: 5"),
			want: []string{"5 warning: the split creates 5 regions (the count {splits.regions} sets) where the volume it is sized for (4.1 TiB) needs 420: each grows to 838 GiB, 83.8x MAX_FILESIZE 10 GiB, so HBase splits every one of them, about 7 times, and the table ends with about 640 regions of 6.5 GiB"}},
		// 1e8 x 1400 B x 1.5 = 195.6 GiB: 20 regions sized, 10 created of 19.6 GiB, halved once.
		{name: "halved once", src: design("", "rows: 1e8, kv: 1400B", "regions: 10"),
			want: []string{"5 warning: the split creates 10 regions (the count {splits.regions} sets) where the volume it is sized for (196 GiB) needs 20: each grows to 20 GiB, 1.96x MAX_FILESIZE 10 GiB, so HBase splits every one of them, once, and the table ends with about 20 regions of 9.8 GiB"}},
		{name: "within the jitter", src: design("", "rows: 1e10, kv: 300B", "regions: 400")},
		{name: "the sizing's own count", src: design("", "rows: 1e10, kv: 300B", "regions: 420")},
		{name: "more than the sizing's", src: design("", "rows: 1e10, kv: 300B", "regions: 900")},
		{name: "a policy that splits none is SP003's", src: design("table: {name: t1, split_policy: disabled}\n", "rows: 1e10, kv: 300B", "regions: 5")},
		// The horizon's 7 days of 100 GiB a day (Hadoop's GB), x 1.5: 1050 GiB, 105 regions;
		// 10 created, not the 30 days' (the TTL's) 450.
		{name: "sized for the horizon", src: design("", "daily: 100GB, retention: 30d, horizon: 7d", "regions: 10"),
			want: []string{"5 warning: the split creates 10 regions (the count {splits.regions} sets) where the volume it is sized for (1.0 TiB, the first 7 days) needs 105: each grows to 105 GiB"}},
	})
}
