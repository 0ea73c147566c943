package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFixWords: one finding's suggested fix names the setting as the user gives the
// design: the spec's key and value when lint reviews a spec file, the flag when the
// plan comes from flags (the analyzers write a field.Set, the CLI words it).
func TestFixWords(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{name: "spec: a key and its value", args: []string{"lint", "testdata/lint/AC001.yaml"}, code: 0,
			want: "(fix: round the count up to a multiple of the servers: capacity.balance: true gives 160)"},
		{name: "flags: a boolean flag", args: []string{"plan", "--rows", "1e9", "--kv", "1KB", "--region-servers", "20", "--write-rate", "50k/s", "--format", "json"},
			want: `"fix": "round the count up to a multiple of the servers: --balance gives 160"`},
		{name: "spec: the prefix and its values", args: []string{"lint", "testdata/lint/RG014.yaml"}, code: exitFailure,
			want: "(fix: split over the 20 values the prefix takes: generate the keys from rowkey.prefix: dec:2 with rowkey.prefix_values: 20)"},
		{name: "spec: a splits file off the prefix", args: []string{"lint", "testdata/lint/guide_orders_splits.yaml"}, code: exitFailure,
			want: "(fix: split on the prefix itself: generate the keys from rowkey.prefix: dec:2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			require.Equal(t, tt.code, code, errOut)
			assert.Contains(t, out, tt.want)
			assert.NotRegexp(t, `\{[a-z_]+(\.[a-z_]+)*[=}]`, out+errOut, "a field ref left unexpanded")
		})
	}
}
