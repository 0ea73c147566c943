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

// TestJSONVisible pins what JSON escapes beyond encoding/json: DEL, C1 controls, bidi and
// invisible characters, as \uXXXX, decoding back to the same string.
func TestJSONVisible(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain", `"plain"`},
		{"a\x7fb", `"a\u007fb"`},
		{"a\u0085b\u009bc", `"a\u0085b\u009bc"`},
		{"\u202eevil\u2066\u2067\u2068\u2069", `"\u202eevil\u2066\u2067\u2068\u2069"`},
		{"z\u200bw\ufeff", `"z\u200bw\ufeff"`},
		{"l\u2028p\u2029", `"l\u2028p\u2029"`},
		{"nb\u00a0sp", `"nb\u00a0sp"`},
		{"tag\U000e0001", `"tag\udb40\udc01"`},
		{"é漢🙂", `"é漢🙂"`},
	} {
		enc, err := json.Marshal(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		got := string(JSONVisible(enc))
		if got != tt.want {
			t.Errorf("JSONVisible(%s) = %s, want %s", enc, got, tt.want)
		}
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil || back != tt.in {
			t.Errorf("%s decodes to %q (%v), want %q", got, back, err, tt.in)
		}
	}
}
