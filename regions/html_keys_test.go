package regions

import (
	"bytes"
	"strings"
	"testing"
)

// The page labels a region by its start key with a leading or trailing space written \x20
// (a label would hide it: "b " and "b" are two regions).
func TestWriteHTMLEdgeSpaces(t *testing.T) {
	l := &Layout{Table: "t", HasSize: true, HasServer: true, Exact: true, Adjacent: true}
	keys := [][]byte{nil, []byte("b "), []byte(" c"), nil}
	for i := range 3 {
		l.Regions = append(l.Regions, Region{Start: keys[i], End: keys[i+1], Server: "rs1,16020,1", Size: 1 << 20})
	}
	var b bytes.Buffer
	if err := WriteHTML(&b, Doc{Layout: l, Inputs: []string{"test"}, Name: func(n string) string { return "--" + n }}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`b\x20`, `\x20c`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the page has no %s", want)
		}
	}
	if strings.Contains(b.String(), `"b "`) || strings.Contains(b.String(), `>b <`) {
		t.Error("a key's trailing space is shown as a space")
	}
}
