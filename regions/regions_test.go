package regions

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fixtures are written by testdata/regions/gen.rb, which prints as HBase's shell does;
// its NAME.expect.json lists the regions it printed, as bytes: the oracle here.

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "regions", name))
	require.NoError(t, err)
	return data
}

type expected struct {
	Start, End, Encoded, Server string
	Size, Requests              int64
}

func expectedRegions(t *testing.T, name string) []expected {
	var out []expected
	require.NoError(t, json.Unmarshal(fixture(t, name), &out))
	return out
}

func unhex(t *testing.T, s string) []byte {
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

func TestReadListRegions(t *testing.T) {
	for _, tc := range []struct {
		name, file, expect string
		regions, skipped   int
	}{
		{name: "special keys and a replica", file: "special.txt", expect: "special.expect.json", regions: 7, skipped: 1},
		{name: "worked example", file: "worked.txt", expect: "worked.expect.json", regions: 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ReadListRegions(fixture(t, tc.file))
			require.NoError(t, err)
			want := expectedRegions(t, tc.expect)
			require.Len(t, l.Regions, tc.regions)
			require.Len(t, want, tc.regions)
			assert.Equal(t, tc.skipped, l.Skipped)
			assert.True(t, l.Exact && l.Adjacent && l.HasEncoded && l.HasSize && l.HasRequests && l.HasServer)
			for i, r := range l.Regions {
				w := want[i]
				assert.Equal(t, unhex(t, w.Start), nonNil(r.Start), "region %d start", i)
				assert.Equal(t, unhex(t, w.End), nonNil(r.End), "region %d end", i)
				assert.Equal(t, w.Encoded, r.Encoded)
				assert.Equal(t, w.Server, r.Server)
				assert.Equal(t, w.Size, r.Size)
				assert.Equal(t, w.Requests, r.Requests)
			}
		})
	}
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// A subset of columns without REGION_NAME: START_KEY is stripped (" lead" reads "lead");
// get_splits restores the exact key.
func TestSubsetAndGetSplits(t *testing.T) {
	l, err := ReadListRegions(fixture(t, "special.subset.txt"))
	require.NoError(t, err)
	assert.False(t, l.Exact)
	assert.False(t, l.HasEncoded)
	assert.Equal(t, "lead", string(l.Regions[2].Start))
	keys, lines, err := ReadGetSplits(fixture(t, "special.splits.txt"))
	require.NoError(t, err)
	require.ErrorContains(t, l.Check(), "list_regions strips its keys")
	require.NoError(t, l.ApplySplits(keys, lines))
	require.NoError(t, l.Check())
	want := expectedRegions(t, "special.expect.json")
	for i, r := range l.Regions {
		assert.Equal(t, unhex(t, want[i].Start), nonNil(r.Start))
		assert.Equal(t, unhex(t, want[i].End), nonNil(r.End))
	}
	assert.True(t, l.Exact)
}

func TestApplyJMX(t *testing.T) {
	l, err := ReadListRegions(fixture(t, "special.txt"))
	require.NoError(t, err)
	var files []*JMX
	for _, f := range []string{"special.rs1.json", "special.rs2.json"} {
		j, err := ReadJMX(fixture(t, f))
		require.NoError(t, err)
		assert.Equal(t, []string{"t1"}, j.TableNames())
		files = append(files, j)
	}
	require.NoError(t, l.ApplyJMX("t1", files, []string{"rs1", "rs2"}))
	want := expectedRegions(t, "special.expect.json")
	for i, r := range l.Regions {
		// gen.rb: store files = SIZE MB + 12345 bytes, memstore = 1000 x index
		assert.Equal(t, want[i].Size+12345+int64(i)*1000, r.Size, "region %d", i)
		assert.Equal(t, want[i].Requests, r.Requests)
	}
	assert.ErrorContains(t, l.ApplyJMX("t1", files[:1], []string{"rs1"}), "has no metrics in the {regions.jmx} files")
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		read       func([]byte) error
		line       int
		msg        string
	}{
		{"truncated", "truncated.txt", listRegions, 7, "truncated: no ` N rows` line"},
		{"row width", "badwidth.txt", listRegions, 4, "row is 264 characters wide, the header's columns make 263"},
		{"duplicate", "dup.txt", listRegions, 5, "duplicate region"},
		{"overlap", "overlap.txt", listRegions, 5, `END_KEY "b" but the next region starts at the end of the table`},
		{"in transition", "transition.txt", listRegions, 1, "it may be disabled or in transition"},
		{"not list_regions", "special.splits.txt", listRegions, 1, "not list_regions output"},
		{"get_splits truncated", "splits.truncated.txt", getSplits, 3, "promises 4 keys, the file has 2"},
		{"no Regions bean", "nobean.json", jmx, 2, "no Hadoop:service=HBase,name=RegionServer,sub=Regions bean"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.read(fixture(t, tc.file))
			var le *LineError
			require.True(t, errors.As(err, &le), "%v", err)
			assert.Equal(t, tc.line, le.Line, "%v", err)
			assert.Contains(t, le.Err.Error(), tc.msg)
		})
	}
}

func listRegions(b []byte) error { _, err := ReadListRegions(b); return err }
func getSplits(b []byte) error   { _, _, err := ReadGetSplits(b); return err }
func jmx(b []byte) error         { _, err := ReadJMX(b); return err }

func TestReadListRegionsLines(t *testing.T) {
	row := func(cells ...string) string {
		return " " + strings.Join(cells, " | ") + " |"
	}
	hdr := row("  START_KEY", "    END_KEY", " SIZE") + "\n" + row("-----------", "-----------", "-----") + "\n"
	for _, tc := range []struct {
		name, text, err string
	}{
		{"shell banner and Took", "HBase Shell\n" + hdr + row("           ", "          a", "    1") + "\n" + row("          a", "           ", "    2") + "\n 2 rows\nTook 0.0420 seconds\n", ""},
		{"count mismatch", hdr + row("           ", "           ", "    1") + "\n 2 rows\n", "line 4: truncated or edited: list_regions says 2 rows, the table has 1"},
		{"text after rows", hdr + row("           ", "           ", "    1") + "\n 1 rows\nextra\n", `line 5: unexpected line after ` + "` 1 rows`"},
		{"bad size", hdr + row("           ", "           ", "  1.5") + "\n 1 rows\n", `line 3: SIZE "1.5": must be whole megabytes`},
		{"lowercase escape", hdr + row("           ", "       \\xff", "    1") + "\n" + row("       \\xff", "           ", "    1") + "\n 2 rows\n", `line 4: START_KEY "\xff": not a key as toStringBinary prints it`},
		{"first not empty", hdr + row("          a", "           ", "    1") + "\n 1 rows\n", "line 3: the first region starts at \"a\""},
		{"shell error", "ERROR: Table t1 must be enabled.\n", "line 1: the shell printed an error instead of regions"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ReadListRegions([]byte(tc.text))
			if err == nil {
				err = l.Check()
			}
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tc.err)
		})
	}
}

func FuzzReadListRegions(f *testing.F) {
	for _, name := range []string{"special.txt", "special.subset.txt", "overlap.txt", "badwidth.txt"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "regions", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ReadListRegions(data)
		if err != nil || !l.Exact {
			return // stripped keys may sort out of order: Check refuses them
		}
		for i := 1; i < len(l.Regions); i++ {
			if string(l.Regions[i-1].Start) >= string(l.Regions[i].Start) || string(l.Regions[i-1].End) != string(l.Regions[i].Start) {
				t.Fatalf("regions %d and %d are not in order and contiguous", i-1, i)
			}
		}
	})
}

func FuzzReadGetSplits(f *testing.F) {
	f.Add([]byte("Total number of splits = 3\na\nb\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		keys, _, err := ReadGetSplits(data)
		if err != nil {
			return
		}
		for i := 1; i < len(keys); i++ {
			if string(keys[i-1]) >= string(keys[i]) {
				t.Fatal("keys not increasing")
			}
		}
	})
}

func FuzzReadJMX(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "regions", "special.rs1.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	for _, seed := range jmxStreamCases {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) { jmxSameAsWhole(t, data) })
}
