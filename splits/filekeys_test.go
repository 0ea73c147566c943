package splits

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFileSplitKeys: SplitKeys are the file's keys in sorted order, whatever the file's
// order and the keys' widths, and a file read in order shares the reader's bytes (the keys
// are held once) and a pre-sized buffer that never grew.
func TestFileSplitKeys(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		shared     bool
	}{
		{"in order, one width", "aa\nbb\ncc\n", true},
		{"in order, widths differ", "a\nbb\nc\\x00cc\nd\n", true},
		{"out of order", "cc\naa\nbb\n", false},
		{"one key", "k\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ReadFileSized(strings.NewReader(tc.text), ReadChomp, int64(len(tc.text)))
			require.NoError(t, err)
			k := f.SplitKeys()
			require.Equal(t, len(f.Keys), k.Len())
			for i, key := range k.All() {
				assert.Equal(t, f.Keys[i], key, "key %d", i)
			}
			assert.True(t, KeysOf(f.Keys...).Equal(k))
			shared := &k.data[0] == &f.Keys[0][0]
			assert.Equal(t, tc.shared, shared, "the keys share the reader's bytes")
			if tc.shared {
				assert.LessOrEqual(t, cap(k.data), len(tc.text), "the buffer grew past the file's size")
			}
		})
	}
	// A File made by hand has its keys copied.
	f := &File{Keys: [][]byte{[]byte("a"), []byte("b")}}
	assert.True(t, KeysOf([]byte("a"), []byte("b")).Equal(f.SplitKeys()))
	assert.Equal(t, 0, (&File{}).SplitKeys().Len())
}
