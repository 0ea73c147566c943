package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/urfave/cli/v2"
)

// TestFieldFlags: the field-to-flag table is read from the flags' declarations: a flag
// names each field it sets, the phrases stay, and one field given two flags is refused.
func TestFieldFlags(t *testing.T) {
	groups := []flagGroup{{
		sets(&cli.StringFlag{Name: "algo"}, "rowkey.algo", "splits.algo"),
		flagOnly(&cli.StringFlag{Name: "output", Aliases: []string{"o"}}),
	}, {
		sets(&cli.StringFlag{Name: "format", Aliases: []string{"F"}}, "format"),
		sets(&cli.StringFlag{Name: "format", Aliases: []string{"F"}}, "format"), // a second command's
	}}
	got := fieldFlags(map[string]string{"capacity": "the volume"}, groups)
	assert.Equal(t, map[string]string{"capacity": "the volume", "rowkey.algo": "--algo", "splits.algo": "--algo", "format": "--format"}, got)
	assert.PanicsWithValue(t, "cli: field format is set by --format and --output", func() {
		fieldFlags(nil, []flagGroup{{sets(&cli.StringFlag{Name: "format"}, "format"), sets(&cli.StringFlag{Name: "output"}, "format")}})
	})
}

// TestFlagOfFieldFromGroups: the table the CLI words fields with holds each group's
// fields, a family setting's and a command's own alike, and the phrases.
func TestFlagOfFieldFromGroups(t *testing.T) {
	for field, want := range map[string]string{
		"table":                      "--table",
		"table.durability":           "--durability",
		"table.create_namespace":     "--create-namespace",
		"families.ttl":               "--ttl",
		"families.block_size":        "--block-size",
		"capacity.cells.row_len":     "--row-len",
		"cluster.region_split_limit": "--split-limit",
		"cluster.families":           "--families",
		"capacity.balance":           "--balance",
		"rowkey.algo":                "--algo",
		"splits.algo":                "--algo",
		"splits.delimiter":           "--delimiter",
		"sample.raw":                 "--raw",
		"render.shell_style":         "--shell-style",
		"regions.split_policy":       "--split-policy",
		"splits.file":                "--splits-file",
		"verify.max_skew":            "--max-skew",
		"simulate.scheme":            "--scheme",
		"capacity":                   "the volume",
		"families.share":             "each --family NAME:share=F",
	} {
		assert.Equal(t, want, flagOfField[field], field)
	}
	assert.NotContains(t, flagOfField, "regions.table", "regions' --table picks from the JMX and sets no design field")
}
