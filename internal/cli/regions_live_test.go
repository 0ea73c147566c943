package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRegionsFloorWithReplicas: 32 regions of 100 MB on 4 servers, REGION_REPLICATION 2
// (each region's _0001 replica on the next server). However n is counted, a table merged
// to one region has that primary alone on its server (n = 1: its replica is elsewhere),
// and HBase splits it again at 256 MiB. Where replicas count in n, each server holds 2 of
// the table once there are 4 primaries (8 regions with the replicas); where only
// primaries count, once there are 8. 1.x needs n = 3 for 3.2 GiB (2 GiB at n = 2).
func TestRegionsFloorWithReplicas(t *testing.T) {
	for _, tc := range []struct {
		version, want, note string
	}{
		{"2.5.9", "32 now, 4 after this script, 4 after all rounds", "merges stop at 4 regions, 2 a server with their replicas (REGION_REPLICATION 2; 2.5.9 counts replicas in n) on 4 servers"},
		{"2.6.0", "32 now, 4 after this script, 4 after all rounds", "merges stop at 4 regions, 2 a server with their replicas"},
		{"2.5.10", "32 now, 8 after this script, 8 after all rounds", "merges stop at 8 regions, 2 a server on 4 servers"},
		{"2.6", "32 now, 8 after this script, 8 after all rounds", "merges stop at 8 regions, 2 a server on 4 servers"},
		{"3.0", "32 now, 8 after this script, 8 after all rounds", "merges stop at 8 regions, 2 a server on 4 servers"},
		{"1.4", "6 after all rounds", "merges stop at 6 regions, 3 a server with their replicas (REGION_REPLICATION 2; 1.4 counts replicas in n) on 4 servers: with fewer, IncreasingToUpperBoundRegionSplitPolicy (min(MAX_FILESIZE, 2 x flush size x n^3), on 1.4) splits a merged region of up to 3.2 GiB again once it passes 2.0 GiB"},
	} {
		t.Run(tc.version, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", "regions", "--list-regions", regionsDir+"replicas.txt",
				"--hbase-version", tc.version, "--taken-at", "2026-12-01T10:00:00Z")
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, tc.want)
			assert.Contains(t, out, tc.note)
		})
	}
}

// TestRegionsMaxFileSizeBoundsMerges: 16 regions of 3000 MB on 2 servers, a target of
// 20 GiB on a table whose MAX_FILESIZE is 10 GiB. HBase splits at MAX_FILESIZE, drawn
// from 0.875..1.125 x it at each open, so no merge may go past 8.75 GiB: two regions
// (5.9 GiB) a merge, not three (8.79 GiB) or four (11.7 GiB), and a note says the target
// is out of reach until MAX_FILESIZE is raised.
func TestRegionsMaxFileSizeBoundsMerges(t *testing.T) {
	args := []string{"regions", "--list-regions", regionsDir + "large-2rs.txt", "--taken-at", "2026-12-01T10:00:00Z"}
	out, errOut, code := runCLI(t, "", append(args, "--region-size", "20g", "--max-filesize", "10g")...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "up to 8.8 GiB each (0.875 x MAX_FILESIZE, the low end of HBase's jittered split size)")
	assert.Contains(t, out, "16 now, 8 after this script, 8 after all rounds")
	assert.Contains(t, out, "note: the target region size 20 GiB is above the table's MAX_FILESIZE 10 GiB")
	// Either flag alone is both the target and MAX_FILESIZE.
	for _, flag := range []string{"--region-size", "--max-filesize"} {
		out, errOut, code = runCLI(t, "", append(args, flag, "10g")...)
		require.Equal(t, 0, code, errOut)
		assert.Contains(t, out, "up to 8.8 GiB each (0.875 x MAX_FILESIZE", flag)
		assert.NotContains(t, out, "above the table's MAX_FILESIZE", flag)
	}
	// A target below MAX_FILESIZE sets the mark itself.
	out, errOut, code = runCLI(t, "", append(args, "--region-size", "5g", "--max-filesize", "10g")...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "up to 4.5 GiB each (0.9 x target)")
}

// TestRegionsEarlierAcrossAReopen: load-1000.txt edited so that region 4 (REQ 1,700,000,
// 1,150,600 at 09:00) moved to rs3, or so that rs1 restarted (a new startcode). Either
// reopens the region and starts its counter again: 1,700,000 - 1,150,600 is no count of
// the hour's requests, and no rate is given, with a note.
func TestRegionsEarlierAcrossAReopen(t *testing.T) {
	for _, tc := range []struct{ file, unknown, note string }{
		{"load-1000-moved.txt", "rate unknown       1 ", "note: region 4 is on another server in " + regionsDir + "load-1000-moved.txt than in " + regionsDir + "load-0900.txt (SERVER_NAME host,port,startcode)"},
		{"load-1000-restart.txt", "rate unknown       3 ", "note: regions 1, 4 and 7 are on another server"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", "regions", "--list-regions", regionsDir+tc.file, "--taken-at", "2026-12-01T10:00:00Z",
				"--earlier", regionsDir+"load-0900.txt@2026-12-01T09:00:00Z", "--prefix", "hex:1")
			require.Equal(t, 0, code, errOut)
			assert.NotContains(t, out, "153/s", "a rate from a reset counter")
			assert.Contains(t, out, tc.unknown)
			assert.Contains(t, out, tc.note)
		})
	}
}

// TestRegionsFloorWithoutServers: 16 regions of 100 MB, no SERVER_NAME column. However
// many servers there are, a table merged to one region has n = 1 on its server, and HBase
// splits the 1.6 GiB region again at 256 MiB (SteppingSplitPolicy, and 1.x's policy): the
// merges keep one server's floor of two regions, and a note says why.
func TestRegionsFloorWithoutServers(t *testing.T) {
	for _, version := range []string{"2.6", "1.4", "3.0"} {
		t.Run(version, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", "regions", "--list-regions", regionsDir+"noserver.txt",
				"--taken-at", "2026-12-01T10:00:00Z", "--hbase-version", version)
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, "2 after all rounds")
			assert.Contains(t, out, "note: merges stop at 2 regions, one server's floor: the input names no servers (no SERVER_NAME column)")
		})
	}
	out, errOut, code := runCLI(t, "", "regions", "--list-regions", regionsDir+"noserver.txt",
		"--taken-at", "2026-12-01T10:00:00Z", "--split-policy", "constant")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "16 now, 1 after this script, 1 after all rounds", "ConstantSizeRegionSplitPolicy splits at MAX_FILESIZE only")
	assert.NotContains(t, out, "SERVER_NAME")
}
