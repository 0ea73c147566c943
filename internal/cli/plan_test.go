package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlanBadInput(t *testing.T) {
	ok := []string{"plan", "--rows", "1e10", "--kv", "300B"}
	with := func(extra ...string) []string { return append(append([]string{}, ok...), extra...) }
	tests := []struct {
		name string
		args []string
		want string // the whole stderr line, without "presplit: " and the newline
	}{
		{name: "nothing", args: []string{"plan"}, want: "the table's volume is missing: give --rows N --kv SIZE (like --rows 1e10 --kv 300B) or --daily SIZE --retention DURATION"},
		{name: "rows zero", args: []string{"plan", "--rows", "0", "--kv", "300B"}, want: "--rows 0: must be positive"},
		{name: "rows negative", args: []string{"plan", "--rows", "-5", "--kv", "300B"}, want: "--rows -5: must be positive"},
		{name: "rows NaN", args: []string{"plan", "--rows", "NaN", "--kv", "300B"}, want: "--rows NaN: must be a number like 1e10, 10k or 1000"},
		{name: "rows Inf", args: []string{"plan", "--rows", "Inf", "--kv", "300B"}, want: "--rows Inf: must be a number like 1e10, 10k or 1000"},
		{name: "rows garbage", args: []string{"plan", "--rows", "lots", "--kv", "300B"}, want: "--rows lots: must be a number like 1e10, 10k or 1000"},
		{name: "rows unknown unit", args: []string{"plan", "--rows", "10X", "--kv", "300B"}, want: "--rows 10X: must be a number like 1e10, 10k or 1000"},
		{name: "rows too large", args: []string{"plan", "--rows", "5e18", "--kv", "300B"}, want: "--rows 5e18: too large (at most 1e18)"},
		{name: "rows fractional", args: []string{"plan", "--rows", "2.5", "--kv", "300B"}, want: "--rows 2.5: must be a whole number"},
		{name: "kv zero", args: []string{"plan", "--rows", "1e10", "--kv", "0B"}, want: "--kv 0B: must be positive"},
		{name: "kv negative", args: []string{"plan", "--rows", "1e10", "--kv", "-3B"}, want: "--kv -3B: must be positive"},
		{name: "kv too large", args: []string{"plan", "--rows", "1e10", "--kv", "2E"}, want: "--kv 2E: too large (at most 1EiB)"},
		{name: "kv exponent", args: []string{"plan", "--rows", "1e10", "--kv", "3e2"}, want: "--kv 3e2: must be a size like 300B, 64K or 10g"},
		{name: "kv unknown unit", args: []string{"plan", "--rows", "1e10", "--kv", "300XB"}, want: "--kv 300XB: must be a size like 300B, 64K or 10g"},
		{name: "rows without kv", args: []string{"plan", "--rows", "1e10"}, want: "--rows needs --kv (average bytes per row, like 300B) or --cells"},
		{name: "kv without rows", args: []string{"plan", "--kv", "300B"}, want: "--kv needs --rows: the number of rows, like 1e10"},
		{name: "rows with daily", args: with("--daily", "500GB", "--retention", "30d"), want: "--rows and --daily cannot be combined: give --rows with --kv (or --cells), or --daily with --retention"},
		{name: "kv with cells", args: with("--cells", "6"), want: "--kv and --cells cannot be combined: give the row size, or describe the row by its cells"},
		{name: "daily without retention", args: []string{"plan", "--daily", "500GB"}, want: "--daily needs --retention: how long the data is kept, like 30d"},
		{name: "retention without daily", args: []string{"plan", "--retention", "30d"}, want: "--retention needs --daily: the raw ingest per day, like 500GB"},
		{name: "daily with kv", args: []string{"plan", "--daily", "5GB", "--retention", "30d", "--kv", "3B"}, want: "--daily cannot be combined with --kv or --cells: daily ingest is already bytes"},
		{name: "retention garbage", args: []string{"plan", "--daily", "500GB", "--retention", "a month"}, want: "--retention \"a month\": must be a duration like 30d, 52w, 1y or 720h"},
		{name: "retention partial day", args: []string{"plan", "--daily", "500GB", "--retention", "36h"}, want: "--retention 36h: must be a whole number of days"},
		{name: "cells missing part", args: []string{"plan", "--rows", "1e6", "--cells", "6", "--row-len", "16"}, want: "--cells needs --family-len (and --row-len, --family-len, --qualifier-len, --value-len)"},
		{name: "cell part without cells", args: with("--value-len", "100"), want: "--value-len describes a cell and needs --cells"},
		{name: "cells zero", args: []string{"plan", "--rows", "1e6", "--cells", "0", "--row-len", "16", "--family-len", "1", "--qualifier-len", "4", "--value-len", "8"}, want: "--cells 0: too small (at least 1)"},
		{name: "cells garbage", args: []string{"plan", "--rows", "1e6", "--cells", "six", "--row-len", "16", "--family-len", "1", "--qualifier-len", "4", "--value-len", "8"}, want: "--cells six: must be a number like 1e10, 10k or 1000"},
		{name: "compression zero", args: with("--compression-ratio", "0"), want: "--compression-ratio 0: too small (above 0)"},
		{name: "compression above 2", args: with("--compression-ratio", "2.5"), want: "--compression-ratio 2.5: too large (at most 2)"},
		{name: "compression NaN", args: with("--compression-ratio", "NaN"), want: "--compression-ratio NaN: must be a number like 0.35"},
		{name: "redundancy below 1", args: with("--redundancy", "0.5"), want: "--redundancy 0.5: too small (at least 1)"},
		{name: "redundancy Inf", args: with("--redundancy", "+Inf"), want: "--redundancy +Inf: must be a number like 0.35"},
		{name: "region size zero", args: with("--region-size", "0"), want: "--region-size 0: must be positive"},
		{name: "region size tiny", args: with("--region-size", "1KB"), want: "--region-size 1KB: too small (at least 1MiB)"},
		{name: "region size garbage", args: with("--region-size", "big"), want: "--region-size big: must be a size like 300B, 64K or 10g"},
		{name: "replication zero", args: with("--replication", "0"), want: "--replication 0: too small (at least 1)"},
		{name: "region servers zero", args: with("--region-servers", "0"), want: "--region-servers 0: too small (at least 1)"},
		{name: "region servers fraction", args: with("--region-servers", "2.5"), want: "--region-servers 2.5: must be a whole number"},
		{name: "heap garbage", args: with("--heap", "16 gigs"), want: "--heap \"16 gigs\": must be a size like 300B, 64K or 10g"},
		{name: "memstore fraction high", args: with("--memstore-fraction", "0.9"), want: "--memstore-fraction 0.9: too large (at most 0.8)"},
		{name: "flush size zero", args: with("--flush-size", "0B"), want: "--flush-size 0B: must be positive"},
		{name: "families zero", args: with("--families", "0"), want: "--families 0: too small (at least 1)"},
		{name: "too many regions", args: []string{"plan", "--rows", "1e15", "--kv", "1MB"}, want: "the table needs 1.465e+11 regions of 1.074e+10 bytes, more than the 10000000 presplit plans for; raise the region size"},
		{name: "prefix too small for the plan", args: with("--prefix", "hex:2"), want: "the plan needs 420 regions, more than the 256 prefixes of hex:2; use --prefix hex:3 (4096), or --region-size 17GiB for at most 256 regions"},
		// The advice never contradicts RG005 (5..50 GiB).
		{name: "salt byte too small for the plan", args: with("--prefix", "byte:16"), want: "the plan needs 420 regions, more than the 16 prefixes of byte:16; use --prefix byte:256 (the most buckets one salt byte holds) with --region-size 17GiB for 256 regions"},
		// The salt is kept, never another alphabet.
		{name: "salt byte far too small", args: []string{"plan", "--rows", "1e11", "--kv", "1KB", "--prefix", "byte:16"}, want: "the plan needs 14306 regions, more than the 16 prefixes of byte:16; use --prefix byte:256 (the most buckets one salt byte holds) with --region-size 559GiB for 256 regions, above the 5..50 GiB HBase recommends (RG005): one salt byte cannot hold this table in regions of a recommended size"},
		{name: "salt byte of 105 regions", args: []string{"plan", "--rows", "7.3e8", "--kv", "1KB", "--prefix", "byte:16"}, want: "the plan needs 105 regions, more than the 16 prefixes of byte:16; use --prefix byte:105 (a salt bucket per region): 16 regions would need --region-size 66GiB, above the 5..50 GiB HBase recommends (RG005)"},
		{name: "salt byte within the recommended sizes", args: []string{"plan", "--rows", "2e8", "--kv", "1KB", "--prefix", "byte:16"}, want: "the plan needs 29 regions, more than the 16 prefixes of byte:16; use --prefix byte:29 (a salt bucket per region), or --region-size 18GiB for at most 16 regions"},
		{name: "dec:2 far too small", args: []string{"plan", "--rows", "1e10", "--kv", "1KB", "--prefix", "dec:2"}, want: "the plan needs 1431 regions, more than the 100 prefixes of dec:2; use --prefix dec:4 (10000): 100 regions would need --region-size 144GiB, above the 5..50 GiB HBase recommends (RG005)"},
		{name: "unknown flag", args: with("--rowz", "1"), want: "unknown flag --rowz: see --help for the command's flags"},
		// 42 regions on 7 servers: no divisor of 100 is a multiple of 7 (it went to 50, 7 to 8 a server).
		{name: "balance and even alignment", args: []string{"plan", "--rows", "1e9", "--kv", "300B", "--region-servers", "7", "--balance", "--prefix", "dec:2", "--align", "even"},
			want: "--align even and --balance: no count of 42 regions or more divides the 100 prefixes of dec:2 evenly and is a multiple of the 7 RegionServers: drop one of the two: with exact alignment the balanced count stays (its regions differ by one prefix at most), without balance even alignment makes the regions equal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out, "nothing on stdout")
			assert.Equal(t, "presplit: "+tt.want+"\n", errOut)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line")
		})
	}
}

// TestPlanTooManyRegionsAdvice: the region size the refusal advises is accepted when
// given, with at most the regions it states. It is weighed as the sizing weighs: the fill
// (419.1 GiB / (0.875 x 42 GiB) is 11.4 regions, so 48 GiB), and with stores the one the
// split rule weighs (2.6: family b, 0.4 of a row at 3 VERSIONS, 503 GiB, so 51 GiB for
// 10 regions, not the 76 GiB of every store; 3.0 weighs every store).
func TestPlanTooManyRegionsAdvice(t *testing.T) {
	base := []string{"plan", "--rows", "1e9", "--kv", "300B", "--prefix", "dec:1"}
	stores := []string{"--family", "a:share=0.6,versions=1", "--family", "b:share=0.4,versions=3"}
	tests := []struct {
		name string
		args []string
		size string
	}{
		{name: "fill", args: []string{"--fill", "0.875"}, size: "48GiB"},
		{name: "stores on 2.6: the largest", args: stores, size: "51GiB"},
		{name: "stores of equal versions", args: []string{"--family", "a:share=0.6,versions=1", "--family", "b:share=0.4,versions=1"}, size: "26GiB"},
		{name: "stores on 3.0: all", args: append(slices.Clone(stores), "--hbase-version", "3.0"), size: "76GiB"},
		{name: "stores and fill", args: append(slices.Clone(stores), "--fill", "0.875"), size: "58GiB"},
	}
	advice := regexp.MustCompile(`(\d+) regions would need --region-size (\S+),|--region-size (\S+) for at most (\d+) regions`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(slices.Clone(base), tt.args...)
			_, errOut, code := runCLI(t, "", args...)
			require.Equal(t, 2, code, errOut)
			m := advice.FindStringSubmatch(errOut)
			require.NotNil(t, m, errOut)
			size, regions := m[2]+m[3], m[1]+m[4]
			assert.Equal(t, tt.size, size, errOut)
			out, errOut, code := runCLI(t, "", append(args, "--region-size", size, "--format", "json")...)
			require.Equal(t, 0, code, errOut)
			var doc struct {
				Split struct {
					Regions int `json:"regions"`
				} `json:"split"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &doc))
			want, err := strconv.Atoi(regions)
			require.NoError(t, err)
			assert.LessOrEqual(t, doc.Split.Regions, want, "--region-size %s", size)
			// The smallest whole GiB: one less is refused again.
			gibs, err := strconv.Atoi(strings.TrimSuffix(size, "GiB"))
			require.NoError(t, err)
			_, _, code = runCLI(t, "", append(args, "--region-size", strconv.Itoa(gibs-1)+"GiB")...)
			assert.Equal(t, 2, code, "--region-size %dGiB", gibs-1)
		})
	}
}

func TestPlanFittingRegionSize(t *testing.T) {
	for _, planned := range []float64{4.5e12, 22.5e12, 1e9, 7.3e14} {
		for _, regions := range []uint64{1, 16, 256, 4096} {
			s := planFittingRegionSize(planned, regions)
			gibs, err := strconv.ParseFloat(strings.TrimSuffix(s, "GiB"), 64)
			assert.NoError(t, err)
			size := gibs * (1 << 30)
			assert.LessOrEqual(t, math.Ceil(planned/size), float64(regions), "%g bytes in %s regions", planned, s)
			assert.Greater(t, math.Ceil(planned/(size-(1<<30))), float64(regions), "%s is the smallest whole GiB", s)
		}
	}
}

// The memstore ceiling divides by the table's families: --families defaults to them.
func TestPlanFamiliesFromTable(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{name: "one default family", args: nil, want: "51.2 regions per server = 16 GiB heap x 0.4 / (128 MiB flush x 1 family)"},
		{name: "comma list", args: []string{"--family", "a,b,c"}, want: "17.1 regions per server = 16 GiB heap x 0.4 / (128 MiB flush x 3 families)"},
		{name: "repeated", args: []string{"--family", "a", "--family", "b"}, want: "25.6 regions per server"},
		{name: "explicit wins", args: []string{"--family", "a,b", "--families", "4"}, want: "12.8 regions per server"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"plan", "--rows", "1e10", "--kv", "300B", "--heap", "16GiB"}, tt.args...)
			out, errOut, code := runCLI(t, "", args...)
			assert.Equal(t, 0, code, errOut)
			assert.Contains(t, out, tt.want)
		})
	}
}

// TestPlanSizesAreBinary: the bugs of the issue, end to end. Sizes follow Hadoop's
// convention (10g = 10GB = 10GiB = 10737418240) and --kv keeps its fraction.
func TestPlanSizesAreBinary(t *testing.T) {
	tests := []struct {
		name string
		args string
		want string // the capacity-csv row
	}{
		{name: "kv keeps its fraction", args: "--rows 1e10 --kv 300.7B",
			want: ",10000000000,3007000000000,3007000000000,4510500000000,10737418240,421,13531500000000"},
		{name: "region size 10g is 10 GiB", args: "--rows 1e10 --kv 300B --region-size 10g",
			want: ",10000000000,3000000000000,3000000000000,4500000000000,10737418240,420,13500000000000"},
		{name: "region size 10GB is 10 GiB", args: "--rows 1e10 --kv 300B --region-size 10GB",
			want: ",10000000000,3000000000000,3000000000000,4500000000000,10737418240,420,13500000000000"},
		{name: "kv 1KB is 1024 bytes", args: "--rows 1e9 --kv 1KB",
			want: ",1000000000,1024000000000,1024000000000,1536000000000,10737418240,144,4608000000000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"plan", "--format", "capacity-csv"}, strings.Fields(tt.args)...)...)
			require.Equal(t, 0, code, errOut)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.Len(t, lines, 2)
			assert.True(t, strings.HasPrefix(lines[1], tt.want+","), "%s starts with %s", lines[1], tt.want)
		})
	}
}

// TestCellLengthsAreSizes: the cells' byte lengths read as --kv reads a size (1k is 1024
// bytes, 1KiB too, 1.5k 1536), a bare number as bytes (1e3 is 1000): one rule for every
// byte count of the command line.
func TestCellLengthsAreSizes(t *testing.T) {
	tests := []struct {
		name, value string
		cell        string // the report's bytes per cell
		err         string
	}{
		{name: "k is 1024", value: "1k", cell: "20 overhead + 16 row + 1 family + 4 qualifier + 1024 value"},
		{name: "KiB", value: "1KiB", cell: "+ 1024 value"},
		{name: "a fraction of a k", value: "1.5k", cell: "+ 1536 value"},
		{name: "bare bytes", value: "1e3", cell: "+ 1000 value"},
		{name: "zero", value: "0", cell: "+ 0 value"},
		{name: "not a size", value: "abc", err: "presplit: --value-len abc: must be a number of bytes like 40, or a size like 1k (1024) or 2KiB\n"},
		{name: "above the range", value: "3GB", err: "presplit: --value-len 3GB: too large (at most 2147483647)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", "plan", "--rows", "1e6", "--cells", "6", "--row-len", "16", "--family-len", "1", "--qualifier-len", "4", "--value-len", tt.value)
			if tt.err != "" {
				assert.Equal(t, 2, code)
				assert.Equal(t, tt.err, errOut)
				return
			}
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, tt.cell)
		})
	}
	// --kv and --value-len agree on 1k.
	kv, _, _ := runCLI(t, "", "plan", "--rows", "1e6", "--kv", "1k", "--format", "json")
	assert.Contains(t, kv, `"row_bytes": 1024,`)
}

// TestPlanBalanceEvenAlign: --balance and --align even together give a count that is both
// (the smallest), where one exists; the split note says alignment raised it, not that the
// design set the count.
func TestPlanBalanceEvenAlign(t *testing.T) {
	tests := []struct {
		args    []string
		regions int
		note    string
	}{
		{[]string{"--region-servers", "5", "--prefix", "dec:2"}, 50, "--align even raised 45 regions to 50: 2 prefixes of dec:2 each"},
		{[]string{"--region-servers", "4", "--prefix", "dec:2"}, 100, "--align even raised 44 regions to 100: 1 prefix of dec:2 each"},
		{[]string{"--region-servers", "7", "--prefix", "dec:2", "--prefix-values", "70"}, 70, "--align even raised 42 regions to 70: 1 prefix each"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			args := append([]string{"plan", "--rows", "1e9", "--kv", "300B", "--balance", "--align", "even"}, tt.args...)
			out, errOut, code := runCLI(t, "", args...)
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, fmt.Sprintf("  regions    %d (%d split keys)\n", tt.regions, tt.regions-1))
			assert.Contains(t, out, "  note       "+tt.note+"\n")
			assert.NotContains(t, out, "where the sizing asks for")
			servers := tt.args[1]
			assert.Contains(t, out, fmt.Sprintf("on every server (%d regions on %s servers)", tt.regions, servers))
		})
	}
}
