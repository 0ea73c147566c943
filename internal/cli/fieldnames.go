package cli

// The field-to-flag table and the wording it serves: libraries name an input by its design
// field (field.Ref: capacity.region_size), and the CLI words it as the flag that sets it
// (--region-size), or as the spec's key when a spec file describes the design.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/quote"
)

// flagOfField names each input of the design by the flag that sets it: the one table
// from the design's field names (in library errors and notes, as field.Ref) to the CLI's.
var flagOfField = map[string]string{
	"table":                        "--table",
	"table.hbase_version":          "--hbase-version",
	"table.split_policy":           "--split-policy",
	"table.normalization":          "--normalization",
	"table.region_replication":     "--region-replication",
	"table.durability":             "--durability",
	"table.max_filesize":           "--max-filesize",
	"table.create_namespace":       "--create-namespace",
	"families.compression":         "--compression",
	"phoenix_pk":                   "--phoenix-pk",
	"capacity":                     "the volume",
	"capacity.rows":                "--rows",
	"capacity.kv":                  "--kv",
	"capacity.cells":               "--cells",
	"capacity.cells.row_len":       "--row-len",
	"capacity.cells.family_len":    "--family-len",
	"capacity.cells.value_len":     "--value-len",
	"capacity.daily":               "--daily",
	"capacity.retention":           "--retention",
	"capacity.horizon":             "--horizon",
	"capacity.compression_ratio":   "--compression-ratio",
	"capacity.redundancy":          "--redundancy",
	"capacity.region_size":         "--region-size",
	"capacity.replication":         "--replication",
	"capacity.write_rate":          "--write-rate",
	"capacity.read_rate":           "--read-rate",
	"capacity.scan_share":          "--scan-share",
	"capacity.region_write_limit":  "--region-write-limit",
	"capacity.balance":             "--balance",
	"cluster.region_servers":       "--region-servers",
	"cluster.heap":                 "--heap",
	"cluster.memstore_fraction":    "--memstore-fraction",
	"cluster.flush_size":           "--flush-size",
	"cluster.region_split_limit":   "--split-limit",
	"cluster.other_regions":        "--other-regions",
	"cluster.initial_size":         "--initial-size",
	"cluster.split_policy":         "--cluster-split-policy",
	"capacity.fill":                "--fill",
	"cluster.split_overallfiles":   "--split-overallfiles",
	"table.memstore_flushsize":     "--memstore-flushsize",
	"rowkey.prefix":                "--prefix",
	"rowkey.suffix":                "--suffix",
	"rowkey.delimiter":             "--delimiter",
	"rowkey.algo":                  "--algo",
	"splits.regions":               "--regions",
	"splits.align":                 "--align",
	"splits.algo":                  "--algo",
	"splits.first_row":             "--first-row",
	"splits.last_row":              "--last-row",
	"splits.file":                  "--splits-file",
	"splits.sample":                "--sample",
	"splits.delimiter":             "--delimiter",
	"splits.holdout":               "--holdout",
	"regions.target_regions":       "--target-regions",
	"sample.raw":                   "--raw",
	"simulate.ids":                 "--ids",
	"simulate.scheme":              "--scheme",
	"regions.jmx":                  "--jmx",
	"regions.get_splits":           "--get-splits",
	"regions.salt":                 "--salt",
	"regions.batch":                "--batch",
	"regions.pause":                "--pause",
	"regions.min_region_age":       "--min-region-age",
	"regions.split_policy":         "--split-policy",
	"format":                       "--format",
	"verify.max_skew":              "--max-skew",
	"rowkey.prefix_values":         "--prefix-values",
	"families.ttl":                 "--ttl",
	"families.share":               "each --family NAME:share=F",
	"families.compression_ratio":   "a --family NAME:compression-ratio=R",
	"families.versions":            "--versions",
	"cluster.families":             "--families",
	"capacity.cells.qualifier_len": "--qualifier-len",
	"render.shell_style":           "--shell-style",
}

// flagWords is s with its field refs ({regions.jmx}) worded as flags (flagName).
func flagWords(s string) string { return flagSetWords.Expand(s) }

// flagSetWords words a field ref as its flag, a setting as the flag and its value
// (--prefix hex:2), a boolean flag alone (--balance). The value is one shell word, quoted
// when bash would read it otherwise (--prefix 'chars:{}a$:2'), so that the fix pastes as
// written; one with a control byte, which no command line carries, stays Go-quoted.
var flagSetWords = field.Words{Name: flagName, Set: func(name, value string) string {
	if value == "true" {
		return flagName(name)
	}
	if word, err := quote.BashWord(field.Unquote(value)); err == nil {
		return flagName(name) + " " + word
	}
	return flagName(name) + " " + value
}}

// specSetWords words a field ref as a spec's key, a setting as the key and its value
// (rowkey.prefix: hex:2); an input a spec cannot hold (the output format) is its flag.
var specSetWords = field.Words{
	Name: func(name string) string {
		if !inSpec(name) {
			return flagName(name)
		}
		return name
	},
	Set: func(name, value string) string {
		if !inSpec(name) {
			return flagSetWords.Set(name, value)
		}
		return field.SpecWords.Set(name, value)
	},
}

// inSpec says whether a field is a key of a table spec (its first part is a section).
func inSpec(name string) bool {
	section, _, _ := strings.Cut(name, ".")
	switch section {
	case "table", "families", "capacity", "cluster", "rowkey", "splits", "phoenix_pk":
		return true
	}
	return false
}

// flagName is the flag of a design field (flagOfField), else the field's own name.
func flagName(name string) string {
	if f, ok := flagOfField[name]; ok {
		return f
	}
	return name
}

// fieldError words a plan.FieldError (a tablespec.FieldError) as its flag (`--redundancy
// 11: must be from 1 to 10`) or at its place in the spec (`orders.yaml:7:16:
// capacity.redundancy 11: must be from 1 to 10`); the inputs its rule names are worded
// the same way, the flags' through flagOfField.
func (cfg *config) fieldError(err error) error {
	var fe *plan.FieldError
	if !errors.As(err, &fe) {
		return usageErrorf("%v", err)
	}
	fromFlags := fe.Src != "" || fe.Pos.Line == 0
	name := field.Design
	if fromFlags {
		name = flagName
	}
	rule := field.Expand(fe.Rule, name)
	msg := rule
	switch {
	case fe.Sentence:
	case fe.Field == "capacity" && fromFlags: // the volume came from flags
	case fe.Field == "capacity":
		msg = "capacity: " + rule
	case fe.Src != "":
		msg = fmt.Sprintf("%s %s: %s", fe.Src, displayValue(fe.Raw), rule)
	default:
		msg = fmt.Sprintf("%s %s: %s", name(fe.Field), displayValue(fe.Raw), rule)
	}
	if fromFlags {
		return usageErrorf("%s", msg)
	}
	// The flags' form, at the value's place in the spec: FILE:LINE:COL: KEY VALUE: RULE.
	return usageErrorf("%s:%d:%d: %s", cfg.specPath, fe.Pos.Line, fe.Pos.Col, msg)
}

// inputError words a library's error about one input (a field.Error) as that input's
// flag: `--regions must be at most 10000000, got 2e7`.
func inputError(err error) error {
	var fe field.Error
	if !errors.As(err, &fe) {
		return usageErrorf("%v", err)
	}
	return usageErrorf("%s %s", flagName(fe.Field()), fe.Rule())
}
