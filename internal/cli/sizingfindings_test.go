package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSizingFindings: plans whose sizing the design itself contradicts, or whose servers
// open more than the plan's regions (replicas), say so on the command line, in the
// flags' words.
func TestSizingFindings(t *testing.T) {
	tests := []struct {
		name string
		args string
		want []string // lines of stdout
		not  []string // codes that must not be reported
	}{
		{name: "family_len below the named family",
			// 20 + 16 + 1 + 4 + 8 = 49 B against 64 B with the family's 16 bytes:
			// 1e9 x 20 x 49 x 1.5 / 10 GiB = 136.9, 1e9 x 20 x 64 x 1.5 / 10 GiB = 178.8.
			args: "plan --rows 1e9 --cells 20 --row-len 16 --family-len 1 --qualifier-len 4 --value-len 8 --family measurements_raw:versions=1,ttl=30d,compression=snappy,bloom=row",
			want: []string{"  warning  CP006: cells family_len is 1 but every cell stores the family measurements_raw (16 bytes): the sizing prices a cell at 49 B where the design's is 64 B, 137 regions where the design's needs 179"}},
		{name: "the fix in the flags' words",
			args: "plan --format json --rows 1e9 --cells 20 --row-len 16 --family-len 1 --qualifier-len 4 --value-len 8 --family measurements_raw:versions=1,ttl=30d,compression=snappy,bloom=row",
			want: []string{`      "fix": "make the length what the design says: --family-len 16"`}},
		{name: "replicas per server",
			// 420 regions x 3 replicas / 3 servers: each server opens 420, the primaries are 140.
			args: "plan --rows 1e10 --kv 300B --region-servers 3 --region-replication 3",
			want: []string{
				"  regions per server   140.0  primaries; x 3 replicas --region-replication",
				"  replicas per server  420.0  20..200 recommended",
				"  warning  RG007: 420 regions x 3 replicas (REGION_REPLICATION) on 3 RegionServers is 420.0 region replicas per server, above the 20..200 HBase recommends",
			}},
		{name: "replicas per server in json",
			args: "plan --format json --rows 1e10 --kv 300B --region-servers 3 --region-replication 3",
			want: []string{`    "regions_per_server": 140,`, `    "replicas_per_server": 420,`}},
		{name: "no replicas line without replicas",
			args: "plan --rows 1e10 --kv 300B --region-servers 3",
			want: []string{"  regions per server  140.0  20..200 recommended"},
			not:  []string{"RG007"}},
		{name: "a region count below the volume's",
			// 1e8 x 1400 B x 1.5 = 195.6 GiB: 20 regions sized, 10 created of 19.6 GiB.
			args: "plan --rows 1e8 --kv 1400B --regions 10 --region-servers 10",
			want: []string{"  warning  RG016: the split creates 10 regions (the count --regions sets) where the volume it is sized for (196 GiB) needs 20: each grows to 20 GiB, 1.96x MAX_FILESIZE 10 GiB, so HBase splits every one of them (with 1 per RegionServer, SteppingSplitPolicy splits them first at 256 MiB, from the first flushes), once, and the table ends with about 20 regions of 9.8 GiB at HBase's midkeys, not the split created"}},
		{name: "the sizing's own count",
			args: "plan --rows 1e8 --kv 1400B --region-servers 10",
			not:  []string{"RG016"}},
		{name: "family_len of presplit's stand-in family",
			args: "plan --rows 1e9 --cells 20 --row-len 16 --family-len 1 --qualifier-len 4 --value-len 8 --versions 1",
			not:  []string{"CP006"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", strings.Fields(tt.args)...)
			assert.Equal(t, 0, code, errOut)
			lines := strings.Split(out, "\n")
			for _, w := range tt.want {
				assert.Contains(t, lines, w)
			}
			for _, c := range tt.not {
				assert.NotContains(t, out, c+":")
			}
		})
	}
}
