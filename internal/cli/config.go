package cli

// The one typed configuration: the table spec (-f) and the flags fill the same
// tablespec.Spec, field by field, with no round trip through flag strings. A flag
// overrides the spec's value for its field only; a flag of another mode replaces the
// spec's mode (--rows against a spec's daily volume, --algo against its prefix).

import (
	"slices"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
	"github.com/urfave/cli/v2"
)

// config is what a command builds its plan from: the design and the plan's options, and
// the spec's path when one was read (messages about its values name it).
type config struct {
	design   *tablespec.Spec
	opt      plan.Options
	specPath string
	// noFindings skips the review: the command takes the plan's split and nothing the
	// review says (verify, which counts keys into the split; the review is most of the
	// plan's cost there, lint placing every value of the rowkey's prefix).
	noFindings bool
	// sampleNotes say how each sample file was read; they lead the split's notes.
	sampleNotes []string
}

// readConfig reads -f (when the command has it and it is given) and applies the flags on
// top. Every bad value is a usage error naming the flag or the spec's position.
func readConfig(c *cli.Context) (*config, error) { //nolint:gocyclo // the spec file, then each flag group on top of it, then the one Validate: one step per source, each failing with its own usage error
	cfg := &config{design: &tablespec.Spec{}}
	if has(c, "spec") && c.String("spec") != "" {
		cfg.specPath = c.String("spec")
		s, err := specRead(cfg.specPath)
		if err != nil {
			return nil, err
		}
		cfg.design = s
	}
	d := cfg.design
	// A table the user did not describe at all is presplit's placeholder (t1, family cf,
	// HBase's defaults): lint's checks of settings left unset do not apply to it.
	cfg.opt.PlaceholderFamilies = len(d.Families) == 0 &&
		!anySet(c, append([]string{"family"}, tablespec.EveryFamilyFlags()...))
	if err := applyTableFlags(c, d); err != nil {
		return nil, err
	}
	if err := applyCapacityFlags(c, d); err != nil {
		return nil, err
	}
	if err := applyAccessFlags(c, d); err != nil {
		return nil, err
	}
	if err := applySplitFlags(c, d); err != nil {
		return nil, err
	}
	if err := applySampleFlags(c, d); err != nil {
		return nil, err
	}
	// The one check of the whole design, flags and spec merged.
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if has(c, "families") && isSet(c, "families") {
		cfg.opt.Families, _ = intOf(c, "families")
	}
	if has(c, "format") {
		cfg.opt.Format = c.String("format")
	}
	if sp := d.Splits; sp != nil && sp.File.Set {
		path := specRelative(cfg.specPath, sp.File.V)
		f, err := readSplitsFile(path, designTarget(d))
		if err != nil {
			return nil, splitsFileError(path, err, designTarget(d))
		}
		// Its warnings reach stderr as findings (SF002), with the plan's.
		cfg.opt.SplitsFile = f
	}
	if err := cfg.readSample(c); err != nil {
		return nil, err
	}
	return cfg, nil
}

// validate checks the merged design (tablespec.Spec.Validate); a refused value is worded
// for its source.
func (cfg *config) validate() error {
	if err := cfg.design.Validate(); err != nil {
		return cfg.fieldError(err)
	}
	return nil
}

// designTarget is the HBase release the design names (--hbase-version or the spec's
// table hbase_version), else the default (a bad one is refused by validate).
func designTarget(d *tablespec.Spec) hbase.Version {
	if t, err := d.Target(); err == nil {
		return t
	}
	return hbase.DefaultVersion
}

// build builds the plan of the validated configuration; a refused value is worded for
// its source.
func (cfg *config) build() (*plan.Plan, error) {
	p, err := plan.Build(cfg.design, cfg.opt)
	if err != nil {
		return nil, cfg.fieldError(err)
	}
	if !cfg.noFindings {
		p.Findings = lint.Run(p) // on the plan as Build made it, before the CLI words it
	}
	if p.Split != nil && p.SplitSource == splits.SourceSample {
		p.Split.Notes = append(slices.Clone(cfg.sampleNotes), p.Split.Notes...)
	}
	// The plan's text names inputs as field refs; the CLI's words are its flags.
	p.Notes = mapStrings(p.Notes, flagWords)
	if p.Split != nil {
		p.Split.Notes = mapStrings(p.Split.Notes, flagWords)
	}
	p.PhoenixPKMissing = flagWords(p.PhoenixPKMissing)
	// A finding's fix names a setting as the user gives it: the spec's key and value
	// when a spec file describes the design, else the flag.
	words := flagSetWords
	if cfg.specPath != "" {
		words = specSetWords
	}
	if len(p.Findings) > 0 {
		p.Findings = slices.Clone(p.Findings)
		for i := range p.Findings {
			p.Findings[i].Message = words.Expand(p.Findings[i].Message)
			p.Findings[i].Fix = words.Expand(p.Findings[i].Fix)
		}
	}
	return p, nil
}

// mapStrings is f of each of ss, in a new slice.
func mapStrings(ss []string, f func(string) string) []string {
	if ss == nil {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = f(s)
	}
	return out
}

// commandInputs is what plan and splits read before they run: no arguments (hint says
// where to look), the config from the spec and flags, then the output flags.
func commandInputs(c *cli.Context, hint string) (*config, *outputOptions, error) {
	if err := noArgs(c, hint); err != nil {
		return nil, nil, err
	}
	cfg, err := readConfig(c)
	if err != nil {
		return nil, nil, err
	}
	out, err := outputOptionsFrom(c)
	if err != nil {
		return nil, nil, err
	}
	return cfg, out, nil
}
