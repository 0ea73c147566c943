package quote

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// JSONText turns the bytes encoding/json would make U+FFFD into \xNN, the report's form,
// through pointers, slices, maps and interfaces, and leaves what the document shares as
// it was.
func TestJSONText(t *testing.T) {
	type inner struct {
		Server string
		hidden string
	}
	type doc struct {
		Inputs []string
		Rows   []inner
		Ptr    *inner
		Any    any
		Map    map[string]string
		Plain  string
	}
	shared := []string{"list_regions lr\xff.txt", "ok"}
	p := &inner{Server: "rs\xff\xfe,16020,1"}
	d := doc{Inputs: shared, Rows: []inner{{Server: "a\xc3", hidden: "h\xff"}, {Server: "é"}}, Ptr: p, Any: "x\x80",
		Map: map[string]string{"k\xff": "v\xff"}, Plain: "tab\tand é and \u202e"}
	JSONText(&d)
	b, err := json.Marshal(d)
	require.NoError(t, err)
	assert.JSONEq(t, `{"Inputs":["list_regions lr\\xFF.txt","ok"],"Rows":[{"Server":"a\\xC3"},{"Server":"é"}],`+
		`"Ptr":{"Server":"rs\\xFF\\xFE,16020,1"},"Any":"x\\x80","Map":{"k\\xFF":"v\\xFF"},"Plain":"tab\tand é and \u202e"}`, string(b))
	assert.Equal(t, "list_regions lr\xff.txt", shared[0], "the shared slice is unchanged")
	assert.Equal(t, "rs\xff\xfe,16020,1", p.Server, "the shared pointee is unchanged")
	JSONText(nil)
	JSONText(d) // not a pointer: nothing to do, no panic
}
