package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStrayArguments: every command refuses a word it would otherwise drop, naming it; a
// unit written apart from its number is named with its flag (issue 20, item 1).
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
