package quote_test

import (
	"fmt"

	"github.com/presplit/presplit/quote"
)

func ExampleRubySingle() {
	q, _ := quote.RubySingle(`it's \x01`)
	fmt.Println(q)
	_, err := quote.RubySingle("|\nPRESPLIT_ALTER")
	fmt.Println(err)
	// Output:
	// 'it\'s \x01'
	// "|\x0APRESPLIT_ALTER": a Ruby single-quoted string cannot carry the control byte \x0A
}

func ExampleRubyDouble() {
	fmt.Println(quote.RubyDouble([]byte("#{x}\x00\xff")))
	// Output: "\x23{x}\x00\xFF"
}

func ExampleRubyComment() {
	fmt.Println("# inputs: " + quote.RubyComment("r\nsystem('id')"))
	// Output: # inputs: r\x0Asystem('id')
}

func ExampleBashWord() {
	for _, s := range []string{"cf1:cf2", "it's $(id)"} {
		w, _ := quote.BashWord(s)
		fmt.Println(w)
	}
	// Output:
	// cf1:cf2
	// 'it'\''s $(id)'
}

func ExampleBashHeredoc() {
	doc, _ := quote.BashHeredoc("hbase shell -n", "alter 't1', {NAME => 'PRESPLIT_ALTER'}\n")
	fmt.Print(doc)
	// Output:
	// hbase shell -n <<'PRESPLIT_ALTER_2'
	// alter 't1', {NAME => 'PRESPLIT_ALTER'}
	// PRESPLIT_ALTER_2
}

func ExampleSQLString() {
	lit, _ := quote.SQLString(`it's a\b`)
	id, _ := quote.SQLIdent("ns")
	fmt.Println(lit, id)
	// Output: 'it''s a\\b' "ns"
}

func ExampleHCLString() {
	s, _ := quote.HCLString("${var.x} %{if}\n")
	fmt.Println(s)
	// Output: "$${var.x} %%{if}\n"
}

func ExampleJavaString() {
	s, _ := quote.JavaString(`\x01 é`)
	fmt.Println(s)
	// Output: "\\x01 \u00E9"
}

func ExampleJavaComment() {
	fmt.Println("// Creates table " + quote.JavaComment(`t\u000a}`))
	// Output: // Creates table t\x5Cu000a}
}

func ExampleCSVCell() {
	_, err := quote.CSVCell("a\r\nb")
	fmt.Println(err)
	// Output: "a\x0D\x0Ab": a CSV cell cannot carry the control byte \x0D
}

func ExampleTerminal() {
	fmt.Println(quote.Terminal("q\x1b[2J\nspec.yaml:1: error"))
	// Output: q\x1B[2J\x0Aspec.yaml:1: error
}
