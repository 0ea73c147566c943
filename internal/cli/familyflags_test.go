package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/tablespec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFamilySettingsInRuby: --family NAME:SETTINGS through the real CLI, the create (and
// RegionSplitter's alter) run in a Ruby that records the family hashes it receives. The
// expected hashes are written out by hand: the oracle is Ruby, not the renderer.
func TestFamilySettingsInRuby(t *testing.T) {
	t.Parallel() // waits on an external program: overlaps the others
	full := "d:ttl=30d,compression=zstd,versions=1,bloom=row,block-size=64KiB,encoding=fast_diff,in-memory=true"
	tests := []struct {
		name string
		args []string
		want []any
	}{
		{name: "every setting at once", args: []string{"--family", full},
			want: []any{map[string]any{"NAME": "d", "TTL": float64(2592000), "COMPRESSION": "ZSTD", "VERSIONS": float64(1),
				"BLOOMFILTER": "ROW", "BLOCKSIZE": float64(65536), "DATA_BLOCK_ENCODING": "FAST_DIFF", "IN_MEMORY": true}}},
		{name: "flags are every family's defaults, a family's own settings win", args: []string{
			"--ttl", "7d", "--compression", "snappy", "--blockcache", "false",
			"--family", "a", "--family", "b:ttl=forever,blockcache=true,keep-deleted-cells=ttl,min-versions=1,versions=2"},
			want: []any{
				map[string]any{"NAME": "a", "TTL": float64(604800), "COMPRESSION": "SNAPPY", "BLOCKCACHE": false},
				map[string]any{"NAME": "b", "TTL": float64(2147483647), "COMPRESSION": "SNAPPY", "BLOCKCACHE": true,
					"KEEP_DELETED_CELLS": "TTL", "MIN_VERSIONS": float64(1), "VERSIONS": float64(2)}}},
		{name: "row-prefix bloom carries its prefix length", args: []string{"--family", "e:bloom=ROWPREFIX_FIXED_LENGTH:12,keep-deleted-cells=true"},
			want: []any{map[string]any{"NAME": "e", "BLOOMFILTER": "ROWPREFIX_FIXED_LENGTH", "KEEP_DELETED_CELLS": true,
				"CONFIGURATION": map[string]any{"RowPrefixBloomFilter.prefix_length": "12"}}}},
		{name: "global flags", args: []string{"--family", "a,b", "--keep-deleted-cells", "FALSE", "--min-versions", "1", "--bloom", "rowprefix_fixed_length:2"},
			want: []any{
				map[string]any{"NAME": "a", "KEEP_DELETED_CELLS": false, "MIN_VERSIONS": float64(1), "BLOOMFILTER": "ROWPREFIX_FIXED_LENGTH",
					"CONFIGURATION": map[string]any{"RowPrefixBloomFilter.prefix_length": "2"}},
				map[string]any{"NAME": "b", "KEEP_DELETED_CELLS": false, "MIN_VERSIONS": float64(1), "BLOOMFILTER": "ROWPREFIX_FIXED_LENGTH",
					"CONFIGURATION": map[string]any{"RowPrefixBloomFilter.prefix_length": "2"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"splits", "--algo", "HexStringSplit", "--regions", "4", "--fail-on", "none"}, tt.args...)
			out, errOut, code := runCLI(t, "", append(args, "--format", "shell")...)
			require.Equal(t, exitOK, code, errOut)
			calls := renderRuby(t, out)
			require.Len(t, calls, 1)
			assert.Equal(t, "create", calls[0]["cmd"])
			assert.Equal(t, tt.want, calls[0]["families"])

			// RegionSplitter creates the families bare; the alter after it carries them.
			out, errOut, code = runCLI(t, "", append(args, "--format", "regionsplitter")...)
			require.Equal(t, exitOK, code, errOut)
			_, rest, ok := strings.Cut(out, "<<'PRESPLIT_ALTER'\n")
			require.True(t, ok, out)
			calls = renderRuby(t, strings.TrimSuffix(rest, "PRESPLIT_ALTER\n"))
			require.Len(t, calls, 1)
			assert.Equal(t, "alter", calls[0]["cmd"])
			assert.Equal(t, tt.want, calls[0]["families"])
		})
	}
}

func TestFamilySettingErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		err  string
	}{
		{name: "unknown key", args: []string{"--family", "d:colour=red"}, err: `--family d:colour=red: unknown setting "colour"; known: block-size, blockcache, bloom, compression, compression-ratio, encoding, in-memory, keep-deleted-cells, min-versions, share, ttl, versions`},
		{name: "no value", args: []string{"--family", "d:ttl"}, err: "--family d:ttl: setting ttl needs a value: ttl=VALUE"},
		{name: "twice", args: []string{"--family", "d:ttl=1d,ttl=2d"}, err: "--family d:ttl=1d,ttl=2d: setting ttl is given twice"},
		{name: "nothing after the colon", args: []string{"--family", "d:"}, err: `--family d:: no settings after "d:": give NAME:key=value,... or just NAME`},
		{name: "a name with a colon", args: []string{"--family", "a:b"}, err: `--family a:b: a column family name must not contain control characters, ':', '\' or '/'; NAME:key=value,... gives a family its own settings`},
		{name: "settings for a list", args: []string{"--family", "a,b:ttl=1d"}, err: "--family a,b:ttl=1d: settings belong to one family: give --family NAME:SETTINGS for each family, or the setting's own flag (--ttl, --compression, ...) for every family"},
		{name: "bad ttl", args: []string{"--family", "d:ttl=1 WEEK"}, err: `--family "d:ttl=1 WEEK": ttl "1 WEEK": want seconds, a duration like 30d or 720h, FOREVER, or HBase's form like '30 DAYS 2 HOURS'`},
		{name: "bad compression", args: []string{"--family", "d:compression=gzip"}, err: "--family d:compression=gzip: compression gzip: must be one of NONE, SNAPPY, LZ4, ZSTD, GZ, LZO, BZIP2, LZMA, BROTLI (HBase calls gzip GZ)"},
		{name: "bad block size", args: []string{"--family", "d:block-size=100M"}, err: "--family d:block-size=100M: block-size 100M: must be between 1K and 16MB (1024..16777216 bytes)"},
		{name: "bad bool", args: []string{"--family", "d:in-memory=yes"}, err: "--family d:in-memory=yes: in-memory yes: must be true or false"},
		{name: "row-prefix bloom without length", args: []string{"--family", "d:bloom=rowprefix_fixed_length"}, err: "--family d:bloom=rowprefix_fixed_length: bloom rowprefix_fixed_length: rowprefix_fixed_length needs its prefix length, 1..32767 bytes: rowprefix_fixed_length:W"},
		{name: "row-prefix bloom on 2.1", args: []string{"--family", "d:bloom=rowprefix_fixed_length:4", "--hbase-version", "2.1"}, err: "--family d:bloom=rowprefix_fixed_length:4: HBase 2.1 has no BLOOMFILTER ROWPREFIX_FIXED_LENGTH (added in 2.2)"},
		{name: "compression by version", args: []string{"--family", "d:compression=brotli", "--hbase-version", "2.4"}, err: "--family d:compression=brotli: HBase 2.4 has no COMPRESSION BROTLI (added in 2.5)"},
		{name: "min versions above versions", args: []string{"--family", "d:min-versions=3,versions=2"}, err: "--family d:min-versions=3: must not exceed the family's VERSIONS (2): HBase refuses MIN_VERSIONS above VERSIONS"},
		{name: "min versions flag above default", args: []string{"--min-versions", "2"}, err: "--min-versions 2: must not exceed the family's VERSIONS (1): HBase refuses MIN_VERSIONS above VERSIONS"},
		{name: "keep deleted cells", args: []string{"--keep-deleted-cells", "maybe"}, err: "--keep-deleted-cells maybe: must be true, false or TTL"},
		{name: "blockcache", args: []string{"--blockcache", "off"}, err: "--blockcache off: must be true or false"},
		// Settings with no name before a colon are refused, not made into families
		// literally named `name=p` and `compression=snappy`.
		{name: "settings without a name", args: []string{"--family", "name=p,compression=snappy"}, err: "--family name=p,compression=snappy: a family's settings follow its name and a colon: --family p:compression=snappy"},
		{name: "a setting as a name", args: []string{"--family", "ttl=30d"}, err: "--family ttl=30d: a family name must not contain '='; a family's settings follow its name and a colon, like --family d:ttl=30d,compression=zstd"},
		{name: "a name alone", args: []string{"--family", "name=p"}, err: "--family name=p: a family name must not contain '='; a family's settings follow its name and a colon, like --family d:ttl=30d,compression=zstd"},
		{name: "family twice", args: []string{"--family", "d", "--family", "d:ttl=1d"}, err: "--family d: column family names must be unique, and it is given twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append([]string{"splits", "--algo", "HexStringSplit", "--regions", "4", "--format", "shell"}, tt.args...)...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, "presplit: "+tt.err+"\n", errOut)
		})
	}
}

// FuzzFamilySettings: --family NAME:SETTINGS never panics, and what it accepts fills a
// family that HBase's rules accept (as the renderers check them).
func FuzzFamilySettings(f *testing.F) {
	for _, s := range []string{"ttl=30d,compression=zstd,versions=1,bloom=row,block-size=64KiB,encoding=fast_diff,in-memory=true",
		"bloom=rowprefix_fixed_length:4", "keep-deleted-cells=TTL,min-versions=0", "ttl=1 WEEK", "=", ",,", "bloom=rowprefix_fixed_length:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, settings string) {
		fs, err := parseFamilySettings("d", settings)
		if err != nil {
			return
		}
		fam := tablespec.Family{Name: tablespec.Value[string]{V: "d", Set: true}}
		for _, set := range fs.set {
			set(&fam)
		}
		table := plan.TableOf(&tablespec.Spec{Families: []tablespec.Family{fam}}, nil)
		if fam.MinVersions.V > max(fam.Versions.V, 1) {
			return // plan.Build refuses it, naming the setting
		}
		if err := table.Validate(); err != nil {
			t.Fatalf("%q accepted but HBase would refuse it: %v", settings, err)
		}
	})
}

// TestFamilySettingsOneRegistry: every family setting of tablespec.FamilySettings reads
// the same through the spec's YAML, --family NAME:key=value and its flag for every family
// (one parser each), and the table the plan renders carries it the same.
func TestFamilySettingsOneRegistry(t *testing.T) {
	values := map[string]struct{ yaml, cli string }{
		"versions": {"3", "3"}, "ttl": {"30d", "30d"}, "compression": {"snappy", "snappy"},
		"bloom": {"rowprefix_fixed_length:4", "rowprefix_fixed_length:4"}, "block_size": {"64K", "64K"},
		"encoding": {"fast_diff", "fast_diff"}, "in_memory": {"true", "true"}, "blockcache": {"false", "false"},
		"keep_deleted_cells": {"ttl", "ttl"}, "min_versions": {"1", "1"},
	}
	base := []string{"splits", "--algo", "HexStringSplit", "--regions", "4", "--format", "json", "--fail-on", "none"}
	families := func(t *testing.T, args ...string) any {
		t.Helper()
		out, errOut, code := runCLI(t, "", append(base, args...)...)
		require.Equal(t, exitOK, code, errOut)
		var doc struct {
			Table struct {
				Families any `json:"families"`
			} `json:"table"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &doc))
		return doc.Table.Families
	}
	for _, st := range tablespec.FamilySettings {
		t.Run(st.Key, func(t *testing.T) {
			if st.Attr == "" {
				return // share sizes the regions; it is no attribute of the table
			}
			v, ok := values[st.Key]
			require.True(t, ok, "no test value for %s", st.Key)
			spec := filepath.Join(t.TempDir(), "t.yaml")
			require.NoError(t, os.WriteFile(spec, []byte("families: [{name: d, "+st.Key+": "+v.yaml+"}]\n"), 0o644))
			fromSpec := families(t, "-f", spec)
			fromFamily := families(t, "--family", "d:"+st.Flag+"="+v.cli)
			flag := []string{"--family", "d", "--" + st.Flag, v.cli}
			if st.Flag == "in-memory" {
				flag = []string{"--family", "d", "--in-memory"}
			}
			fromFlag := families(t, flag...)
			assert.Equal(t, fromSpec, fromFamily)
			assert.Equal(t, fromSpec, fromFlag)
			assert.NotEqual(t, families(t, "--family", "d"), fromSpec, "the setting changed nothing")
		})
	}
}
