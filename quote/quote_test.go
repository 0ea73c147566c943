package quote

import (
	"encoding/csv"
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/presplit/presplit/hbytes"
)

func TestTerminal(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "t1 cf:q", "t1 cf:q"},
		{"empty", "", ""},
		{"newline", "a\nb", `a\x0Ab`},
		{"carriage return", "a\rb", `a\x0Db`},
		{"esc sequence", "\x1b[2J", `\x1B[2J`},
		{"nul and del", "\x00\x7f", `\x00\x7F`},
		{"tab", "a\tb", `a\x09b`},
		{"utf-8 kept", "é", "é"},
		{"c1 control", "\u009b2J", `\xC2\x9B2J`},
		{"bidi override", "a\u202eb", `a\xE2\x80\xAEb`},
		{"line separator", "a\u2028b", `a\xE2\x80\xA8b`},
		{"invalid utf-8", "a\xffb", `a\xFFb`},
		{"backslash kept", `\x00`, `\x00`},
		{"forged lint line", "q\nspec.yaml:1: error RK001: x", `q\x0Aspec.yaml:1: error RK001: x`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Terminal(tt.in); got != tt.want {
				t.Errorf("Terminal(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestRubyComment(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"file name", "regions.txt", "regions.txt"},
		{"newline ends the comment", "x\nsystem('touch /tmp/p')", `x\x0Asystem('touch /tmp/p')`},
		{"carriage return", "x\rputs 1", `x\x0Dputs 1`},
		{"interpolation is just text", "#{system('id')}", "#{system('id')}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RubyComment(tt.in); got != tt.want {
				t.Errorf("RubyComment(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestJavaComment(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"table", "ns:t1", "ns:t1"},
		{"unicode escape", `t\u000a}`, `t\x5Cu000a}`},
		{"newline", "t\nclass X {}", `t\x0Aclass X {}`},
		{"non-ascii", "é", `\xC3\xA9`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := JavaComment(tt.in); got != tt.want {
				t.Errorf("JavaComment(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// refusal is the Reason a table row expects, "" for none.
func checkRefusal(t *testing.T, fn string, in string, err error, refuse string) {
	t.Helper()
	if refuse == "" {
		if err != nil {
			t.Fatalf("%s(%q): %v", fn, in, err)
		}
		return
	}
	var qe *Error
	if !errors.As(err, &qe) {
		t.Fatalf("%s(%q) = %v, want a *quote.Error", fn, in, err)
	}
	if !strings.Contains(err.Error(), refuse) {
		t.Errorf("%s(%q) error %q, want it to say %q", fn, in, err, refuse)
	}
}

func TestRubySingle(t *testing.T) {
	tests := []struct{ name, in, want, refuse string }{
		{name: "plain", in: "cf", want: "'cf'"},
		{name: "quote", in: "a'b", want: `'a\'b'`},
		{name: "stringbinary kept", in: `\x01`, want: `'\x01'`},
		{name: "trailing backslash", in: `a\`, want: `'a\\'`},
		{name: "backslash before quote", in: `\'`, want: `'\\\''`},
		{name: "double backslash", in: `\\`, want: `'\\\\'`},
		{name: "interpolation is literal", in: "#{system('id')}", want: `'#{system(\'id\')}'`},
		{name: "breakout", in: "'; system('id') #", want: `'\'; system(\'id\') #'`},
		{name: "newline", in: "a\nb", refuse: `"a\x0Ab": a Ruby single-quoted string cannot carry the control byte \x0A`},
		{name: "nul", in: "\x00", refuse: `the control byte \x00`},
		{name: "del", in: "\x7f", refuse: `the control byte \x7F`},
		{name: "c1", in: "\u0085", refuse: `the control character U+0085`},
		{name: "invalid utf-8", in: "\xff", refuse: `invalid UTF-8 (the byte \xFF at offset 0)`},
		{name: "utf-8", in: "é", want: "'é'"},
		{name: "bidi override", in: "cf\u202eabc", refuse: `"cf\xE2\x80\xAEabc": a Ruby single-quoted string cannot carry the invisible format character U+202E, which a terminal shows reordered or not at all`},
		{name: "zero-width space", in: "a\u200bb", refuse: `the invisible format character U+200B`},
		{name: "line separator", in: "c\u2028f", refuse: `"c\xE2\x80\xA8f": a Ruby single-quoted string cannot carry the line separator U+2028, at which editors and JavaScript end a line`},
		{name: "paragraph separator", in: "c\u2029f", refuse: `the line separator U+2029`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := RubySingle(tt.in)
			checkRefusal(t, "RubySingle", tt.in, err, tt.refuse)
			if tt.refuse != "" {
				return
			}
			if got != tt.want {
				t.Errorf("RubySingle(%q) = %s, want %s", tt.in, got, tt.want)
			}
			if back, ok := decodeRubySingle(got); !ok || back != tt.in {
				t.Errorf("decodes to %q (ok %v), want %q", back, ok, tt.in)
			}
		})
	}
}

func TestRubyDouble(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "ab", `"ab"`},
		{"interpolations", "#{x}#@y#$z", `"\x23{x}\x23@y\x23$z"`},
		{"quote and backslash", `"\`, `"\x22\x5C"`},
		{"control and high bytes", "\x00\n\xff", `"\x00\x0A\xFF"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := RubyDouble([]byte(tt.in))
			if got != tt.want {
				t.Errorf("RubyDouble(%q) = %s, want %s", tt.in, got, tt.want)
			}
			if back, ok := decodeRubyDouble(got); !ok || back != tt.in {
				t.Errorf("decodes to %q (ok %v), want %q", back, ok, tt.in)
			}
		})
	}
}

func TestBashWord(t *testing.T) {
	tests := []struct{ name, in, want, refuse string }{
		{name: "bare", in: "cf1:cf2", want: "cf1:cf2"},
		{name: "empty", in: "", want: "''"},
		{name: "space", in: "a b", want: "'a b'"},
		{name: "quote", in: "it's", want: `'it'\''s'`},
		{name: "command substitution", in: "$(touch /tmp/p)", want: "'$(touch /tmp/p)'"},
		{name: "backticks", in: "`id`", want: "'`id`'"},
		{name: "stringbinary", in: `\x00`, want: `'\x00'`},
		{name: "newline", in: "a\nb", refuse: `"a\x0Ab": a bash word cannot carry the control byte \x0A`},
		{name: "esc", in: "\x1b[2J", refuse: `the control byte \x1B`},
		{name: "invalid utf-8", in: "a\xc3", refuse: `invalid UTF-8 (the byte \xC3 at offset 1)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := BashWord(tt.in)
			checkRefusal(t, "BashWord", tt.in, err, tt.refuse)
			if tt.refuse != "" {
				return
			}
			if got != tt.want {
				t.Errorf("BashWord(%q) = %s, want %s", tt.in, got, tt.want)
			}
			if back, ok := decodeBashWord(got); !ok || back != tt.in {
				t.Errorf("decodes to %q (ok %v), want %q", back, ok, tt.in)
			}
		})
	}
}

func TestBashHeredoc(t *testing.T) {
	tests := []struct{ name, body, want, refuse string }{
		{name: "plain", body: "alter 't1'\n", want: "hbase shell -n <<'PRESPLIT_ALTER'\nalter 't1'\nPRESPLIT_ALTER\n"},
		{name: "no final newline", body: "x", want: "hbase shell -n <<'PRESPLIT_ALTER'\nx\nPRESPLIT_ALTER\n"},
		{name: "terminator in the body", body: "'|\nPRESPLIT_ALTER\ntouch /tmp/p\n'\n",
			want: "hbase shell -n <<'PRESPLIT_ALTER_2'\n'|\nPRESPLIT_ALTER\ntouch /tmp/p\n'\nPRESPLIT_ALTER_2\n"},
		{name: "both in the body", body: "PRESPLIT_ALTER PRESPLIT_ALTER_2\n",
			want: "hbase shell -n <<'PRESPLIT_ALTER_3'\nPRESPLIT_ALTER PRESPLIT_ALTER_2\nPRESPLIT_ALTER_3\n"},
		{name: "nul", body: "a\x00", refuse: `a bash here-document cannot carry the byte \x00 (offset 1)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := BashHeredoc("hbase shell -n", tt.body)
			checkRefusal(t, "BashHeredoc", tt.body, err, tt.refuse)
			if tt.refuse != "" {
				return
			}
			if got != tt.want {
				t.Errorf("BashHeredoc(%q) = %q, want %q", tt.body, got, tt.want)
			}
		})
	}
}

func TestSQL(t *testing.T) {
	strs := []struct{ name, in, want, refuse string }{
		{name: "plain", in: "cf", want: "'cf'"},
		{name: "quote", in: "a'b", want: "'a''b'"},
		{name: "backslash", in: `a\b`, want: `'a\\b'`},
		{name: "newline", in: "a\n", refuse: `a SQL string literal cannot carry the control byte \x0A`},
	}
	for _, tt := range strs {
		t.Run("string/"+tt.name, func(t *testing.T) {
			got, err := SQLString(tt.in)
			checkRefusal(t, "SQLString", tt.in, err, tt.refuse)
			if got != tt.want {
				t.Errorf("SQLString(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
	ids := []struct{ name, in, want, refuse string }{
		{name: "plain", in: "ns", want: `"ns"`},
		{name: "keeps case", in: "T1", want: `"T1"`},
		{name: "double quote", in: `a"b`, refuse: `a SQL quoted identifier cannot carry a double quote`},
		{name: "esc", in: "a\x1b", refuse: `the control byte \x1B`},
		{name: "empty", in: "", refuse: "an empty name"},
	}
	for _, tt := range ids {
		t.Run("ident/"+tt.name, func(t *testing.T) {
			got, err := SQLIdent(tt.in)
			checkRefusal(t, "SQLIdent", tt.in, err, tt.refuse)
			if got != tt.want {
				t.Errorf("SQLIdent(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestHCLString(t *testing.T) {
	tests := []struct{ name, in, want, refuse string }{
		{name: "plain", in: "t1", want: `"t1"`},
		{name: "interpolation", in: "${file(\"x\")}", want: `"$${file(\"x\")}"`},
		{name: "directive", in: "%{if 1}", want: `"%%{if 1}"`},
		{name: "dollar alone", in: "$x%", want: `"$x%"`},
		{name: "controls", in: "\n\r\t\x00\x7f", want: `"\n\r\t\u0000\u007F"`},
		{name: "utf-8", in: "é", want: `"é"`},
		{name: "invalid utf-8", in: "\xff", refuse: "an HCL string cannot carry invalid UTF-8"},
		{name: "NFC kept", in: "\u00e9\u00c5\u8c48", want: "\"\u00e9\u00c5\u8c48\""},
		{name: "combining accent", in: "e\u0301", refuse: `"e\xCC\x81": an HCL string cannot carry text that is not in Unicode NFC: Terraform normalizes every string to NFC and would store "\xC3\xA9"`},
		{name: "angstrom sign", in: "\u212b", refuse: `would store "\xC3\x85"`},
		{name: "compatibility ideograph", in: "a\uf900", refuse: `would store "a\xE8\xB1\x88"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := HCLString(tt.in)
			checkRefusal(t, "HCLString", tt.in, err, tt.refuse)
			if got != tt.want {
				t.Errorf("HCLString(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestJavaString(t *testing.T) {
	tests := []struct{ name, in, want, refuse string }{
		{name: "stringbinary", in: `\x01`, want: `"\\x01"`},
		{name: "quote", in: `a"b`, want: `"a\"b"`},
		{name: "unicode escape text", in: `\u000a`, want: `"\\u000a"`},
		{name: "newline", in: "\n", want: `"\012"`},
		{name: "non-ascii", in: "é😀", want: `"\u00E9\uD83D\uDE00"`},
		{name: "invalid utf-8", in: "\xc3", refuse: "a Java string literal cannot carry invalid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := JavaString(tt.in)
			checkRefusal(t, "JavaString", tt.in, err, tt.refuse)
			if got != tt.want {
				t.Errorf("JavaString(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestCSVCell(t *testing.T) {
	tests := []struct{ name, in, want, refuse string }{
		{name: "plain", in: "cf", want: "cf"},
		{name: "formula neutralized", in: "=1+1", want: "'=1+1"},
		{name: "plus", in: "+1", want: "'+1"},
		{name: "minus", in: "-1+2", want: "'-1+2"},
		{name: "at", in: "@SUM(1)", want: "'@SUM(1)"},
		{name: "formula inside", in: "a=1+1", want: "a=1+1"},
		{name: "empty", in: "", want: ""},
		{name: "tab first", in: "\t=1", refuse: `a CSV cell cannot carry the control byte \x09`},
		{name: "comma and quote", in: `a,"b"`, want: `a,"b"`},
		{name: "newline", in: "a\nb", refuse: `a CSV cell cannot carry the control byte \x0A`},
		{name: "invalid utf-8", in: "\xff", refuse: "invalid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CSVCell(tt.in)
			checkRefusal(t, "CSVCell", tt.in, err, tt.refuse)
			if got != tt.want {
				t.Errorf("CSVCell(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

// TestCSVKey pins a key cell's form: a formula's first byte as \xNN, and the cell read
// back by toBytesBinary is the key, through encoding/csv and AppendCSVKey alike.
func TestCSVKey(t *testing.T) {
	for _, tt := range []struct{ key, want string }{
		{"=1+1", `\x3D1+1`}, {"+1", `\x2B1`}, {"-", `\x2D`}, {"@A", `\x40A`},
		{"\t=1", `\x09=1`}, {"\r=1", `\x0D=1`}, {"a=1", "a=1"}, {"", ""},
		{`=HYPERLINK("x", "y")`, `\x3DHYPERLINK("x", "y")`}, {" =1", " =1"},
	} {
		text := hbytes.ToStringBinary([]byte(tt.key))
		got := CSVKey(text)
		if got != tt.want {
			t.Errorf("CSVKey(%q) = %q, want %q", text, got, tt.want)
		}
		back, err := hbytes.ToBytesBinary(got)
		if err != nil || string(back) != tt.key {
			t.Errorf("toBytesBinary(%q) = %q, %v; want the key %q", got, back, err, tt.key)
		}
		var b strings.Builder
		w := csv.NewWriter(&b)
		_ = w.Write([]string{got})
		w.Flush()
		if field := string(AppendCSVKey(nil, []byte(text))) + "\n"; field != b.String() {
			t.Errorf("AppendCSVKey(%q) = %q, encoding/csv writes %q", text, field, b.String())
		}
	}
}

func TestErrorTruncatesLongValues(t *testing.T) {
	_, err := RubySingle(strings.Repeat("a", 100) + "\n")
	want := `"` + strings.Repeat("a", 64) + `"...: a Ruby single-quoted string cannot carry the control byte \x0A`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// decodeRubySingle reads a Ruby single-quoted string as Ruby does: only \\ and \' are
// escapes.
func decodeRubySingle(s string) (string, bool) {
	if len(s) < 2 || s[0] != '\'' || s[len(s)-1] != '\'' {
		return "", false
	}
	var b strings.Builder
	in := s[1 : len(s)-1]
	for i := 0; i < len(in); i++ {
		c := in[i]
		switch {
		case c == '\\' && i+1 < len(in) && (in[i+1] == '\\' || in[i+1] == '\''):
			b.WriteByte(in[i+1])
			i++
		case c == '\\' && i+1 == len(in):
			return "", false // would escape the closing quote
		case c == '\'':
			return "", false // the string would end here
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// decodeRubyDouble reads the double-quoted Ruby strings RubyDouble writes: \xNN and
// printable ASCII without " \ #.
func decodeRubyDouble(s string) (string, bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", false
	}
	var b []byte
	in := s[1 : len(s)-1]
	for i := 0; i < len(in); i++ {
		c := in[i]
		switch {
		case c == '\\':
			if i+3 >= len(in) || in[i+1] != 'x' {
				return "", false
			}
			v, err := strconv.ParseUint(in[i+2:i+4], 16, 8)
			if err != nil {
				return "", false
			}
			b = append(b, byte(v))
			i += 3
		case c == '"' || c == '#' || c < 0x20 || c > 0x7E:
			return "", false
		default:
			b = append(b, c)
		}
	}
	return string(b), true
}

// decodeBashWord reads one shell word made of bare characters, '...' and \' as bash does;
// false when the word would not be one literal word.
func decodeBashWord(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return "", false
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 2
		case c == '\\' && i+1 < len(s):
			b.WriteByte(s[i+1])
			i += 2
		case strings.IndexByte(" \t\n|&;<>()$`\\\"*?[]#~{}!", c) >= 0 || c < 0x20 || c >= 0x7F:
			return "", false
		default:
			b.WriteByte(c)
			i++
		}
	}
	if s == "" {
		return "", false
	}
	return b.String(), true
}

// decodeHeredoc reads what bash feeds the command of a here-document: the lines after
// the first up to the line that is the terminator.
func decodeHeredoc(s string) (cmd, body string, rest string, ok bool) {
	first, after, found := strings.Cut(s, "\n")
	if !found {
		return "", "", "", false
	}
	cmd, term, found := strings.Cut(first, " <<'")
	if !found || !strings.HasSuffix(term, "'") {
		return "", "", "", false
	}
	term = strings.TrimSuffix(term, "'")
	var lines []string
	for after != "" {
		line, next, _ := strings.Cut(after, "\n")
		after = next
		if line == term {
			return cmd, strings.Join(lines, ""), after, true
		}
		lines = append(lines, line+"\n")
	}
	return "", "", "", false
}

func noControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7F {
			return false
		}
	}
	return true
}

// FuzzRubyBash drives random bytes through the Ruby and bash quoting functions and
// reads each result back with a decoder of that context: it decodes to the bytes given,
// or the function refused them with a *quote.Error.
func FuzzRubyBash(f *testing.F) {
	for _, s := range []string{"", "a", "'", `\`, `\'`, `a\`, "#{x}", "$(id)", "`id`", "\n", "\r", "\x1b[2J",
		"\x00", `\u000a`, "${x}", "%{x}", "=1+1", "\xff", "PRESPLIT_ALTER", "\nPRESPLIT_ALTER\n", "é"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := string(data)
		// What a text context must take: valid UTF-8 without C0, DEL or C1 controls
		// (decided here apart from checkText, the code under test).
		text := utf8.Valid(data)
		for _, r := range s {
			text = text && !(r < 0x20 || r >= 0x7F && r <= 0x9F) && !unicode.Is(unicode.Cf, r)
		}

		q, err := RubySingle(s)
		if (err == nil) != text {
			t.Fatalf("RubySingle(%q): err %v, text %v", s, err, text)
		}
		if err == nil {
			if back, ok := decodeRubySingle(q); !ok || back != s {
				t.Fatalf("RubySingle(%q) = %s decodes to %q (%v)", s, q, back, ok)
			}
		}

		if back, ok := decodeRubyDouble(RubyDouble(data)); !ok || back != s {
			t.Fatalf("RubyDouble(%q) decodes to %q (%v)", s, back, ok)
		}

		if c := RubyComment(s); !noControl(c) {
			t.Fatalf("RubyComment(%q) = %q holds a control byte", s, c)
		}
		if c := JavaComment(s); !noControl(c) || strings.Contains(c, `\u`) {
			t.Fatalf("JavaComment(%q) = %q holds a control byte or \\u", s, c)
		}

		w, err := BashWord(s)
		if (err == nil) != text {
			t.Fatalf("BashWord(%q): err %v, text %v", s, err, text)
		}
		if err == nil {
			if back, ok := decodeBashWord(w); !ok || back != s {
				t.Fatalf("BashWord(%q) = %s decodes to %q (%v)", s, w, back, ok)
			}
		}

		h, err := BashHeredoc("hbase shell -n", s)
		if strings.IndexByte(s, 0) >= 0 {
			if err == nil {
				t.Fatalf("BashHeredoc took a NUL: %q", s)
			}
			return
		}
		if err != nil {
			t.Fatalf("BashHeredoc(%q): %v", s, err)
		}
		want := s
		if want != "" && !strings.HasSuffix(want, "\n") {
			want += "\n"
		}
		cmd, body, rest, ok := decodeHeredoc(h)
		if !ok || cmd != "hbase shell -n" || body != want || rest != "" {
			t.Fatalf("BashHeredoc(%q) = %q reads back as %q %q rest %q (%v)", s, h, cmd, body, rest, ok)
		}
	})
}

func TestSheetCellAndHTMLText(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"formula stays text", "=1+1", "=1+1"},
		{"esc sequence", "\x1b[31mred\x1b]0;t\x07", `\x1B[31mred\x1B]0;t\x07`},
		{"carriage return", "a\rb", `a\x0Db`},
		{"invalid utf-8", "\xff\xfe", `\xFF\xFE`},
		{"markup is left to html/template", `<b>&"'`, `<b>&"'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SheetCell(tt.in); got != tt.want {
				t.Errorf("SheetCell(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if got := HTMLText(tt.in); got != tt.want {
				t.Errorf("HTMLText(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
