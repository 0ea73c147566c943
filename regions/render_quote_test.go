package regions

import (
	"strings"
	"testing"
)

// TestWriteShellEncodedNames: encoded region names reach merge_region and split through
// quote.RubySingle: a name of hex digits as itself, and one a single-quoted string cannot
// carry (a library caller's Layout: the readers take only 32 hex digits) refused, with
// nothing written.
func TestWriteShellEncodedNames(t *testing.T) {
	data := SyntheticListRegions(40)
	tests := []struct {
		name, encoded, want, err string
	}{
		{name: "hex", encoded: "0123456789abcdef0123456789abcdef", want: "'0123456789abcdef0123456789abcdef'"},
		{name: "quote", encoded: "a'b", want: `'a\'b'`},
		{name: "line break", encoded: "a\nsystem('touch pwned')", err: `format shell: the encoded name of region`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := ReadListRegions(data)
			if err != nil {
				t.Fatal(err)
			}
			p, err := NewPlan(l, Options{RegionSize: 10 << 30})
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Merges) == 0 {
				t.Fatal("the synthetic layout plans no merge")
			}
			for i := range l.Regions {
				l.Regions[i].Encoded = tt.encoded
			}
			var b strings.Builder
			err = WriteShell(&b, Doc{Layout: l, Plan: p, Inputs: []string{"list_regions x"}})
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), `a Ruby single-quoted string cannot carry the control byte \x0A`) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				if b.Len() != 0 {
					t.Fatalf("refused but wrote %q", b.String())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), "merge_region "+tt.want+", "+tt.want) {
				t.Fatalf("no merge_region of %s in:\n%s", tt.want, b.String())
			}
		})
	}
}

// A key quoted in a message cannot read as an input's name: its '{' is \x7B, which
// Expand leaves alone and toBytesBinary reads back as '{'.
func TestQuotedKeyIsNotAReference(t *testing.T) {
	q := quoted([]byte("{format} \"x"))
	if want := `"\x7Bformat} "x"`; q != want {
		t.Fatalf("quoted = %s, want %s", q, want)
	}
	d := Doc{Name: func(string) string { return "--format" }}
	if got := d.word("split at " + q); got != "split at "+q {
		t.Fatalf("worded as %s", got)
	}
}
