package field

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestExpand(t *testing.T) {
	flag := func(n string) string { return "--" + strings.ReplaceAll(n[strings.LastIndexByte(n, '.')+1:], "_", "-") }
	tests := []struct {
		name, in, want, design string
	}{
		{name: "no reference", in: "plain text", want: "plain text", design: "plain text"},
		{name: "one", in: Ref("capacity.region_size") + " 1m: too small", want: "--region-size 1m: too small", design: "capacity.region_size 1m: too small"},
		{name: "two", in: Ref("capacity.daily") + " needs " + Ref("capacity.retention"), want: "--daily needs --retention", design: "capacity.daily needs capacity.retention"},
		{name: "not a name", in: "NAME => {x y}, {} and {", want: "NAME => {x y}, {} and {", design: "NAME => {x y}, {} and {"},
		{name: "set", in: "split on " + Set("rowkey.prefix", "hex:2") + " and " + Set("capacity.balance", "true"), want: "split on --prefix hex:2 and --balance true", design: "split on rowkey.prefix hex:2 and capacity.balance true"},
		{name: "ruby hash arrow", in: "{NAME=>'cf'} {splits.align=even}", want: "{NAME=>'cf'} --align even", design: "{NAME=>'cf'} splits.align even"},
		{name: "ruby hash", in: "{NAME => 'cf'} then {splits.align}", want: "{NAME => 'cf'} then --align", design: "{NAME => 'cf'} then splits.align"},
		// A quoted value is data: a family named {format}, a key {x=1} with a quote in it.
		{name: "quoted value", in: `family "{format}" has ttl 0 (fix: {families.ttl})`, want: `family "{format}" has ttl 0 (fix: --ttl)`, design: `family "{format}" has ttl 0 (fix: families.ttl)`},
		{name: "escaped quote", in: `key "a\"{format}\\" then {format}`, want: `key "a\"{format}\\" then --format`, design: `key "a\"{format}\\" then format`},
		{name: "unclosed quote", in: `5" of {format}`, want: `5" of --format`, design: `5" of format`},
		// A setting whose value has braces is quoted by Set, and the reference ends after it.
		{name: "set with braces", in: Set("rowkey.prefix", "chars:{}a:2") + " or " + Set("capacity.balance", "true"), want: `--prefix "chars:{}a:2" or --balance true`, design: `rowkey.prefix "chars:{}a:2" or capacity.balance true`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Expand(tt.in, flag))
			assert.Equal(t, tt.design, Expand(tt.in, Design))
		})
	}
}

func TestErrorf(t *testing.T) {
	err := Errorf("simulate.ids", "must be sequential, random or timestamp, got %q", "x")
	assert.Equal(t, `ids must be sequential, random or timestamp, got "x"`, err.Error())
	var fe Error
	assert.ErrorAs(t, err, &fe)
	assert.Equal(t, "simulate.ids", fe.Field())
	assert.Equal(t, `must be sequential, random or timestamp, got "x"`, fe.Rule())
}

func TestSpecWords(t *testing.T) {
	in := "fix: " + Set("rowkey.prefix", "hex:2") + " with " + Ref("rowkey.prefix_values")
	assert.Equal(t, "fix: rowkey.prefix: hex:2 with rowkey.prefix_values", SpecWords.Expand(in))
}

func TestSetQuotes(t *testing.T) {
	assert.Equal(t, "{rowkey.prefix=hex:2}", Set("rowkey.prefix", "hex:2"))
	for _, v := range []string{"chars:{}a:2", `say "hi"`, "caf\u00e9", "a\x1bb"} {
		ref := Set("rowkey.prefix", v)
		got := ""
		Words{Name: Design, Set: func(_, value string) string { got = Unquote(value); return "" }}.Expand(ref)
		assert.Equal(t, v, got, ref)
	}
	assert.Equal(t, "hex:2", Unquote("hex:2"))
	assert.Equal(t, `"unclosed`, Unquote(`"unclosed`))
}

// Quote leaves plain words alone and quotes the rest so that Expand leaves them alone.
func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"cf":                "cf",
		"hex:2":             "hex:2",
		"{format}":          `"{format}"`,
		`a"b\`:              `"a\"b\\"`,
		"":                  `""`,
		"two words":         `"two words"`,
		"{capacity.rows=7}": `"{capacity.rows=7}"`,
	} {
		assert.Equal(t, want, Quote(in), in)
		text := "family " + Quote(in) + " has {format}"
		assert.Equal(t, "family "+want+" has --format", Expand(text, func(string) string { return "--format" }), in)
	}
}

// Text of many lone quotes and escaped quotes expands in one pass, and a reference after
// them still expands.
func TestExpandManyQuotes(t *testing.T) {
	s := `"` + strings.Repeat(`\"`, 200_000) + " {format}"
	done := make(chan string, 1)
	go func() { done <- Expand(s, func(string) string { return "--format" }) }()
	select {
	case got := <-done:
		assert.True(t, strings.HasSuffix(got, " --format"))
	case <-time.After(5 * time.Second):
		t.Fatal("Expand of 200,000 escaped quotes took over 5 s")
	}
}
