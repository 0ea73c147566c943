package field

import (
	"strings"
	"testing"

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
