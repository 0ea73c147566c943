package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/presplit/presplit/internal/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// planGoldens are the plan goldens: testdata/plan/NAME.golden is `presplit plan ARGS`.
// TestXLSXLibreOffice renders each as a workbook too.
var planGoldens = []struct {
	name     string
	args     string
	contains []string // figures the issue states, asserted besides the golden file
}{
	{name: "family-shares", args: "-f testdata/plan/shares.yaml",
		contains: []string{"split on  = the largest store's planned   = family d", "ceil(773.1 GB / 10 GiB) = ceil(72.0)  = 72"}},
	{name: "family-shares-3.0", args: "-f testdata/plan/shares.yaml --hbase-version 3.0",
		contains: []string{"regions  = ceil(planned / region size)", "= 90", "sized on every family's store"}},
	// Per-family VERSIONS: a row of 300 B a version holds 270 B of d (1 version) and 30 B x 10
	// of h. 2.x splits on h's store: 1e9 x 300 B x 1.5 / 10 GiB = 41.9; 3.0 on both: 79.6.
	{name: "store-versions", args: "--rows 1e9 --kv 300B --family d:versions=1,share=0.9 --family h:versions=10,share=0.1",
		contains: []string{"h       0.1    10        300 GB  1      300 GB  450 GB   42  split on: the largest store", "ceil(41.9)  = 42"}},
	{name: "store-versions-3.0", args: "--rows 1e9 --kv 300B --family d:versions=1,share=0.9 --family h:versions=10,share=0.1 --hbase-version 3.0",
		contains: []string{"ceil(855 GB / 10 GiB) = ceil(79.6)  = 80"}},
	// Case 2: a keeps 7 days of 90% of 100 GiB a day, b 30 days of 10%: a's store is
	// 100 GiB x 0.9 x 7 x 0.5 x 1.5 / 10 GiB = 47.25 regions; both together 69.75.
	{name: "store-ttl", args: "--daily 100GB --retention 30d --compression-ratio 0.5 --family a:ttl=7d,share=0.9,compression=snappy --family b:ttl=30d,share=0.1,compression=snappy",
		contains: []string{"a       0.9    7 (TTL)", "ceil(47.2)  = 48"}},
	{name: "store-ttl-3.0", args: "--daily 100GB --retention 30d --compression-ratio 0.5 --family a:ttl=7d,share=0.9,compression=snappy --family b:ttl=30d,share=0.1,compression=snappy --hbase-version 3.0",
		contains: []string{"ceil(69.8)  = 70"}},
	{name: "rows-kv", args: "--rows 1e10 --kv 300B",
		contains: []string{"= 2.7 TiB (3.0 TB)", "= 4.1 TiB (4.5 TB)", "ceil(419.1)  = 420"}},
	// 500GB is 500 GiB (Hadoop's convention): 500 x 2^30 x 30 days x 1.5 / 10 GiB = 2250.
	{name: "daily-30d", args: "--daily 500GB --retention 30d",
		contains: []string{"daily ingest       500 GiB (536.9 GB)", "= 14.6 TiB (16.1 TB)", "= 22 TiB (24.2 TB)", "ceil(2250.0)  = 2250"}},
	{name: "daily-1y-cluster", args: "--daily 50GB --retention 1y --compression-ratio 0.35 --region-servers 12 --heap 16GiB --prefix dec:3",
		contains: []string{"days  raw", "memstore ceiling    51.2 regions per server"}},
	{name: "cells", args: "--rows 2.5e9 --cells 6 --row-len 16 --family-len 1 --qualifier-len 24 --value-len 40 --versions 2",
		contains: []string{"bytes per cell     101 B = 20 overhead + 16 row + 1 family + 24 qualifier + 40 value", "qualifiers         288 B per row (23.8% of the row)"}},
	{name: "small-table", args: "--rows 1e6 --kv 300B",
		contains: []string{"no pre-split needed"}},
	{name: "prefix-dec2-table", args: "--rows 1e10 --kv 300B --compression-ratio 0.35 --region-size 20GiB --prefix dec:2 --table ns:orders --family d --ttl 30d --compression snappy --bloom row",
		contains: []string{"= 74", "create 'ns:orders'"}},
	// 1KB is 1024 bytes: 1e9 x 1024 x 3 / 10 GiB = 286.1.
	{name: "redundancy-warning", args: "--rows 1e9 --kv 1KB --redundancy 3",
		contains: []string{"warning  CP001: redundancy 3 looks like it counts HDFS replication", "bytes per row      1.0 KiB (1.0 kB)", "ceil(286.1)  = 287"}},
	// The access pattern: 50,000 rows/s x 1024 B = 51.2 MB/s over 20 servers, 2.56 MB/s a
	// region, 2.56e6 x 60 / 128 MiB = 1.14 flushes a minute.
	{name: "access-hot", args: "--table hot --rows 1e7 --kv 1KB --region-servers 20 --write-rate 50k/s",
		contains: []string{"= max(size 2, write spread 20)", "= 20", "writes per region   2.4 MiB/s (2.6 MB/s)", "memstore flushes    1.14 per region per minute"}},
	// 29 regions on 20 servers balanced to 40; a 100-bucket salt with scans fans out.
	{name: "access-balance-salted", args: "--table orders --rows 2e8 --kv 1KB --region-servers 20 --write-rate 50k/s --read-rate 2k/s --scan-share 0.8 --prefix dec:2 --balance --heap 16GiB",
		contains: []string{"ceil(29 / 20) x 20", "= 40", "1,600 scans/s become 160,000 region scans/s", "AC002"}},
}

// TestPlanGolden runs presplit plan end to end and compares stdout with
// testdata/plan/NAME.golden (rewrite with go test . -update).
func TestPlanGolden(t *testing.T) {
	for _, tt := range planGoldens {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"plan"}, strings.Fields(tt.args)...)...)
			require.Equal(t, 0, code, errOut)
			assert.Empty(t, errOut)
			for _, c := range tt.contains {
				assert.Contains(t, out, c)
			}
			golden.Check(t, filepath.Join("testdata", "plan", tt.name+".golden"), []byte(out))
		})
	}
}
