package regions

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestListRegionsForms reads list_regions as each HBase line prints it (gen.rb's forms,
// after list_regions.rb and the shell around it at each tag) and checks the regions against
// gen.rb's list; a region without metrics is Unknown, never a size of 0.
func TestListRegionsForms(t *testing.T) {
	want := expectedRegions(t, "forms/small.expect.json")
	for _, tc := range []struct {
		file    string
		unknown int // the index of the region without metrics, -1: none
		err     string
	}{
		{file: "list_regions-2.4-n.txt", unknown: -1},
		{file: "list_regions-2.4-interactive.txt", unknown: -1},
		{file: "list_regions-2.4-missing.txt", unknown: 2},
		{file: "list_regions-3.0.txt", unknown: -1},
		{file: "list_regions-3.0-missing.txt", unknown: 2},
		{file: "list_regions-1.4.txt", unknown: -1},
		{file: "list_regions-1.4.0-missing.txt", err: "line 1: the shell printed an error instead of regions: ERROR: undefined method `getDataLocality' for nil:NilClass (HBase 1.4.0-1.4.10's list_regions fails on a region without metrics"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			l, err := ReadListRegions(fixture(t, "forms/"+tc.file))
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			require.Len(t, l.Regions, len(want))
			assert.True(t, l.HasSize)
			for i, r := range l.Regions {
				assert.Equal(t, want[i].Encoded, r.Encoded)
				assert.Equal(t, unhex(t, want[i].Start), []byte(r.Start), "region %d", i)
				assert.Equal(t, i == tc.unknown, r.Unknown, "region %d", i)
				if i != tc.unknown {
					assert.Equal(t, want[i].Size, r.Size, "region %d", i)
					assert.Equal(t, want[i].Requests, r.Requests, "region %d", i)
				} else {
					assert.Zero(t, r.Size)
				}
			}
		})
	}
}

// TestGetSplitsForms reads get_splits as each line prints it: the keys once, twice (hbase
// shell -n from stdin), as irb's echo, with or without the count.
func TestGetSplitsForms(t *testing.T) {
	want := expectedRegions(t, "forms/small.expect.json")
	for _, tc := range []struct {
		file string
		keys int
		err  string
	}{
		{file: "get_splits-2.4-n.txt", keys: 3},
		{file: "get_splits-2.4-file.txt", keys: 3},
		{file: "get_splits-2.4-interactive.txt", keys: 3},
		{file: "get_splits-1.4.13-n.txt", keys: 3},
		{file: "get_splits-1.4.13-interactive.txt", keys: 3},
		{file: "get_splits-1.4.0-interactive.txt", keys: 3},
		{file: "get_splits-2.4-one-region-n.txt", keys: 0},
		{file: "get_splits-1.4.0-n.txt", err: "HBase 1.4.0-1.4.3 print none when hbase shell -n reads the command from stdin"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			keys, _, err := ReadGetSplits(fixture(t, "forms/"+tc.file))
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			require.Len(t, keys, tc.keys)
			for i, k := range keys {
				assert.Equal(t, unhex(t, want[i+1].Start), k)
			}
		})
	}
}

// Edited or cut forms are refused: a second copy that differs, an echo that disagrees,
// a blank SIZE without its notice or beside a filled REQ, 3.x sizes that are not whole.
func TestFormsRefused(t *testing.T) {
	for _, tc := range []struct {
		name, text, err string
	}{
		{"second copy differs", "Total number of splits = 3\na\nb\nTook 0.1 seconds\na\nc\n", "not a second copy"},
		{"echo differs", "Total number of splits = 3\na\nb\n=> [\"a\", \"c\"]\n", "other keys than the lines before it"},
		{"echo cut", "=> [\"a\", \"b\n", "cut short"},
		{"echo escapes", `=> ["\\x00", "\#{x}", "a\"b"]` + "\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keys, _, err := ReadGetSplits([]byte(tc.text))
			if tc.err == "" {
				require.NoError(t, err)
				assert.Equal(t, [][]byte{{0}, []byte("#{x}"), []byte(`a"b`)}, keys)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
	row := func(size, req string) string {
		return "  START_KEY |  SIZE |   REQ |\n ---------- | ----- | ----- |\n            | " + size + " | " + req + " |\n 1 rows\n"
	}
	for _, tc := range []struct {
		name, text, err string
	}{
		{"half blank", row("     ", "    7"), "blank together"},
		{"not whole", row("1.5MB", "    7"), `SIZE "1.5MB": must be whole megabytes`},
		{"not java", row(" 15MB", "    7"), `SIZE "15MB": must be whole megabytes`},
		{"notice without row", "Can not find all details for region: t,,1.0123456789abcdef0123456789abcdef. , it may be disabled or in transition\n" + row("   12", "    7"), "1 \"Can not find all details\" lines but 0 rows without metrics"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadListRegions([]byte(tc.text))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
}
