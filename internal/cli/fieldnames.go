package cli

// The field-to-flag table and the wording it serves: libraries name an input by its design
// field (field.Ref: capacity.region_size), and the CLI words it as the flag that sets it
// (--region-size), or as the spec's key when a spec file describes the design.

import (
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/quote"
)

// flagOfField names each input of the design by the flag that sets it: the one table
// from the design's field names (in library errors and notes, as field.Ref) to the CLI's.
// It is read from the flags' declarations, each of which names the fields its flag sets
// (flaggroups.go, and the commands' own groups); fieldPhrases words the inputs that no
// one flag sets.
var flagOfField = fieldFlags(fieldPhrases, fieldFlagGroups())

// fieldPhrases word the inputs no one flag sets: the volume (a group of flags) and the
// settings only --family NAME:SETTINGS gives.
var fieldPhrases = map[string]string{
	"capacity":                   "the volume",
	"families.share":             "each --family NAME:share=F",
	"families.compression_ratio": "a --family NAME:compression-ratio=R",
}

// fieldFlagGroups are every group of flags that sets a design field: the design's groups
// and the commands' own.
func fieldFlagGroups() []flagGroup {
	return []flagGroup{
		tableGroup(), familiesGroup(), volumeGroup(), clusterGroup(), accessGroup(),
		splitGroup(), sampleGroup(), {rawFlag()}, outputGroup(""),
		regionsGroup(), verifyInputGroup(), verifyGateGroup(),
		simulateSharedGroup(""), simulateSchemeGroup(), {keysSchemeFlag()},
	}
}

// fieldFlags is the field-to-flag table of the groups' declarations over phrases. A field
// two declarations give two different flags is a mistake here: panic.
func fieldFlags(phrases map[string]string, groups []flagGroup) map[string]string {
	m := map[string]string{}
	maps.Copy(m, phrases)
	for _, g := range groups {
		for _, df := range g {
			flag := "--" + df.flag.Names()[0]
			for _, f := range df.fields {
				if prev, ok := m[f]; ok && prev != flag {
					panic(fmt.Sprintf("cli: field %s is set by %s and %s", f, prev, flag))
				}
				m[f] = flag
			}
		}
	}
	return m
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
