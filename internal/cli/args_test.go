package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStrayArguments: every command refuses a word it would otherwise drop, naming it; a
// unit written apart from its number is named with its flag.
func TestStrayArguments(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"plan unit apart", []string{"plan", "--format", "shell", "--table", "users", "--rows", "1e10", "--kv", "1", "KB"},
			`presplit: unexpected argument "KB" after --kv 1: write the number and its unit as one word, --kv 1KB` + "\n"},
		{"plan unit apart with =", []string{"plan", "--rows", "1e10", "--kv=1", "KiB"},
			`presplit: unexpected argument "KiB" after --kv 1: write the number and its unit as one word, --kv 1KiB` + "\n"},
		{"plan word", []string{"plan", "--rows", "1e10", "--kv", "1KB", "users"},
			`presplit: unexpected argument "users": plan takes no arguments; see presplit plan --help` + "\n"},
		{"plan flag after word", []string{"plan", "--rows", "1e10", "x", "--kv", "1KB"},
			`presplit: flag "--kv" comes after the argument "x": put flags before arguments (plan takes none)` + "\n"},
		{"splits count is no size", []string{"splits", "--regions", "4", "KB"},
			`presplit: unexpected argument "KB": splits takes no arguments; see presplit splits --help` + "\n"},
		{"daily unit apart", []string{"plan", "--daily", "500", "GB", "--retention", "30d"},
			"presplit: --daily 500: the unit is missing: give a size like 500GB or 2TB (500B for bytes)\n"},
		{"daily without unit", []string{"plan", "--daily", "500", "--retention", "30d"},
			"presplit: --daily 500: the unit is missing: give a size like 500GB or 2TB (500B for bytes)\n"},
		{"retention without unit", []string{"plan", "--daily", "500GB", "--retention", "30"},
			"presplit: --retention 30: a unit is missing: give days, weeks or years like 30d, 52w or 1y (a bare number is seconds)\n"},
		{"retention not whole days", []string{"plan", "--daily", "500GB", "--retention", "36h"},
			"presplit: --retention 36h: must be a whole number of days\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, tt.stderr, errOut)
		})
	}
}

// A flag that takes one value, given twice, is refused (urfave/cli kept the last, with no
// word); repeatable flags, switches and a value that starts with a dash are not.
func TestOnceFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		err  string
	}{
		{[]string{"plan", "--rows", "1e10", "--rows", "2e10", "--kv", "300B"}, "presplit: --rows given twice (\"1e10\", then \"2e10\"): give it once\n"},
		{[]string{"splits", "--regions", "4", "--regions=8"}, "presplit: --regions given twice (\"4\", then \"8\"): give it once\n"},
		{[]string{"splits", "--regions", "4", "-o", "a.txt", "-o", "b.txt"}, "presplit: --output given twice (\"a.txt\", then \"b.txt\"): give it once\n"},
		{[]string{"splits", "--regions", "4", "-F", "json", "-F", "shell"}, "presplit: --format given twice (\"json\", then \"shell\"): give it once\n"},
	} {
		out, errOut, code := runCLI(t, "", tt.args...)
		assert.Equal(t, exitUsage, code, "%v", tt.args)
		assert.Empty(t, out)
		assert.Equal(t, tt.err, errOut)
	}
	for _, args := range [][]string{
		{"plan", "--rows", "1e10", "--kv", "300B", "--family", "a:versions=1", "--family", "b:versions=1", "--format", "json"},
		{"plan", "--rows", "1e10", "--kv", "300B", "--delimiter", "-", "--format", "json"},
		{"plan", "--rows", "1e10", "--kv", "300B", "--max-filesize", "false", "--format", "json"},
	} {
		_, errOut, code := runCLI(t, "", args...)
		assert.NotContains(t, errOut, "given twice", "%v", args)
		assert.NotEqual(t, exitUsage, code, "%v: %s", args, errOut)
	}
}
