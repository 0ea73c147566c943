package hbase

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseVersion(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Version
		err  string
	}{
		{name: "line", in: "2.6", want: Version{Major: 2, Minor: 6}},
		{name: "release", in: "1.3.1", want: Version{Major: 1, Minor: 3, Patch: 1, HasPatch: true}},
		{name: "3.0", in: "3.0", want: Version{Major: 3}},
		{name: "unknown line", in: "2.7", err: "is not a release line presplit knows"},
		{name: "one number", in: "2", err: "must be an HBase release line"},
		{name: "letters", in: "2.x", err: "must be an HBase release line"},
		{name: "four parts", in: "2.6.1.1", err: "must be an HBase release line"},
		{name: "sign", in: "+2.6", err: "must be an HBase release line"},
		{name: "empty", in: "", err: "must be an HBase release line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseVersion(tt.in)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestVersionMatrix is the value x version table: accepted, or the message. The oracle is
// the release tags read by hand (see the comments of the version table).
func TestVersionMatrix(t *testing.T) {
	check := map[string]func(Version, string) error{
		"compression": CheckCompression, "encoding": CheckEncoding, "bloom": CheckBloom, "algo": CheckAlgorithm,
	}
	tests := []struct {
		name    string
		kind    string
		value   string
		version string
		err     string // "" = accepted
	}{
		{name: "lzma 2.4", kind: "compression", value: "LZMA", version: "2.4", err: "HBase 2.4 has no COMPRESSION LZMA (added in 2.5)"},
		{name: "lzma 2.5", kind: "compression", value: "LZMA", version: "2.5"},
		{name: "brotli 2.4.7", kind: "compression", value: "BROTLI", version: "2.4.7", err: "HBase 2.4.7 has no COMPRESSION BROTLI (added in 2.5)"},
		{name: "brotli 3.0", kind: "compression", value: "BROTLI", version: "3.0"},
		{name: "bzip2 1.2", kind: "compression", value: "BZIP2", version: "1.2", err: "HBase 1.2 has no COMPRESSION BZIP2 (added in 1.3)"},
		{name: "bzip2 1.3", kind: "compression", value: "BZIP2", version: "1.3"},
		{name: "zstd 1.2", kind: "compression", value: "ZSTD", version: "1.2", err: "HBase 1.2 has no COMPRESSION ZSTD (added in 1.2.5 and 1.3.1); if the cluster runs a release of 1.2 that has it, target that release"},
		{name: "zstd 1.2.4", kind: "compression", value: "ZSTD", version: "1.2.4", err: "HBase 1.2.4 has no COMPRESSION ZSTD (added in 1.2.5 and 1.3.1)"},
		{name: "zstd 1.2.5", kind: "compression", value: "ZSTD", version: "1.2.5"},
		{name: "zstd 1.3.0", kind: "compression", value: "ZSTD", version: "1.3.0", err: "HBase 1.3.0 has no COMPRESSION ZSTD (added in 1.2.5 and 1.3.1)"},
		{name: "zstd 1.3.1", kind: "compression", value: "ZSTD", version: "1.3.1"},
		{name: "zstd 1.4", kind: "compression", value: "ZSTD", version: "1.4"},
		{name: "zstd 2.0", kind: "compression", value: "ZSTD", version: "2.0"},
		{name: "snappy 1.2", kind: "compression", value: "SNAPPY", version: "1.2"},
		{name: "row_index_v1 1.3", kind: "encoding", value: "ROW_INDEX_V1", version: "1.3", err: "HBase 1.3 has no DATA_BLOCK_ENCODING ROW_INDEX_V1 (added in 1.4)"},
		{name: "row_index_v1 1.4", kind: "encoding", value: "ROW_INDEX_V1", version: "1.4"},
		{name: "fast_diff 1.2", kind: "encoding", value: "FAST_DIFF", version: "1.2"},
		{name: "rowprefix 2.1", kind: "bloom", value: "ROWPREFIX_FIXED_LENGTH", version: "2.1", err: "HBase 2.1 has no BLOOMFILTER ROWPREFIX_FIXED_LENGTH (added in 2.2)"},
		{name: "rowprefix 2.2", kind: "bloom", value: "ROWPREFIX_FIXED_LENGTH", version: "2.2"},
		{name: "decimal 1.3", kind: "algo", value: "DecimalStringSplit", version: "1.3", err: "HBase 1.3 has no RegionSplitter algorithm DecimalStringSplit (added in 1.4)"},
		{name: "decimal 1.4", kind: "algo", value: "DecimalStringSplit", version: "1.4"},
		{name: "hex 1.2", kind: "algo", value: "HexStringSplit", version: "1.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := ParseVersion(tt.version)
			require.NoError(t, err)
			err = check[tt.kind](v, tt.value)
			if tt.err == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tt.err, err.Error())
		})
	}
}

func TestVersionBehaviours(t *testing.T) {
	v := func(s string) Version {
		x, err := ParseVersion(s)
		require.NoError(t, err)
		return x
	}
	tests := []struct {
		name    string
		feature Feature
		version string
		want    bool
	}{
		{name: "chomp 1.2", feature: SplitsFileChomp, version: "1.2", want: false},
		{name: "chomp 1.2.7", feature: SplitsFileChomp, version: "1.2.7", want: true},
		{name: "chomp 1.3.1", feature: SplitsFileChomp, version: "1.3.1", want: false},
		{name: "chomp 1.4", feature: SplitsFileChomp, version: "1.4", want: true},
		{name: "chomp 2.0", feature: SplitsFileChomp, version: "2.0", want: true},
		{name: "truncated 2.4", feature: TruncatedEscapeKept, version: "2.4", want: false},
		{name: "truncated 2.6", feature: TruncatedEscapeKept, version: "2.6", want: false},
		{name: "truncated 2.6.7", feature: TruncatedEscapeKept, version: "2.6.7", want: true},
		{name: "truncated 2.5.16", feature: TruncatedEscapeKept, version: "2.5.16", want: true},
		{name: "truncated 3.0.0", feature: TruncatedEscapeKept, version: "3.0.0", want: false},
		{name: "truncated 3.0.1", feature: TruncatedEscapeKept, version: "3.0.1", want: true},
		{name: "split enabled 2.1", feature: SplitEnabled, version: "2.1", want: false},
		{name: "split enabled 2.2", feature: SplitEnabled, version: "2.2", want: true},
		{name: "overall 2.6", feature: SplitOnOverall, version: "2.6", want: false},
		{name: "overall 3.0", feature: SplitOnOverall, version: "3.0", want: true},
		{name: "online replicas 1.4", feature: OnlineReplicaChange, version: "1.4", want: false},
		{name: "online replicas 2.3.7", feature: OnlineReplicaChange, version: "2.3.7", want: false},
		{name: "online replicas 2.4", feature: OnlineReplicaChange, version: "2.4", want: true},
		{name: "online replicas 3.0", feature: OnlineReplicaChange, version: "3.0", want: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.feature.In(v(tt.version)))
		})
	}
	assert.Equal(t, 2, MergeRegionArity(v("1.4")))
	assert.Equal(t, 2, MergeRegionArity(v("2.2.3")))
	assert.Equal(t, 0, MergeRegionArity(v("2.2.4")))
	assert.Equal(t, 0, MergeRegionArity(v("2.3")))
	assert.Equal(t, 0, MergeRegionArity(Version{}), "the default, 2.6")
}

func TestInNewestAndLacking(t *testing.T) {
	v := func(s string) Version {
		x, err := ParseVersion(s)
		require.NoError(t, err)
		return x
	}
	f := SplitCountsPrimaries // 2.5.10, 2.6.1, 3.0.0
	tests := []struct {
		in      string
		first   bool
		newest  bool
		lacking string
	}{
		{"2.6", false, true, "2.6.0"},
		{"2.6.0", false, false, ""},
		{"2.6.1", true, true, ""},
		{"2.5", false, true, "2.5.0-2.5.9"},
		{"2.4", false, false, ""},
		{"3.0", true, true, ""},
		{"1.4", false, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			assert.Equal(t, tt.first, f.In(v(tt.in)), "In")
			assert.Equal(t, tt.newest, f.InNewest(v(tt.in)), "InNewest")
			assert.Equal(t, tt.lacking, f.Lacking(v(tt.in)), "Lacking")
		})
	}
	// The default target is the 2.6 line, read as its newest release here.
	assert.True(t, f.InNewest(Version{}))
	assert.Equal(t, "1.2.0-1.2.4", Feature{Since: []Version{rel(1, 2, 5), rel(1, 3, 1)}}.Lacking(v("1.2")))
}
