package cli

// Which flags a command defines and which the command line set, read once per run.
// urfave/cli v2 runs a regexp over a flag's names on every Names() call, and c.IsSet of a
// flag not given walks every flag of the command that way; reading the design asks about
// some sixty flags many times over, which made most of an in-process run's CPU. The index
// answers the same questions from two maps.

import (
	"context"

	"github.com/urfave/cli/v2"
)

// flagIndex is one command context's flags: every name of each flag (its aliases too)
// and the names of the flags the command line set.
type flagIndex struct {
	ctx     *cli.Context // the context it was read from: a subcommand's is its own
	defined map[string]bool
	set     map[string]bool
}

type flagIndexKey struct{}

// indexFlags reads c's flags: c.LocalFlagNames is what c.IsSet reads (the flags visited
// on the command line, and those set from the environment), named here by every name of
// their flag, as c.IsSet answers for an alias too.
func indexFlags(c *cli.Context) *flagIndex {
	ix := &flagIndex{ctx: c, defined: map[string]bool{}, set: map[string]bool{}}
	namesOf := map[string][]string{}
	if c.Command != nil {
		for _, f := range c.Command.Flags {
			names := f.Names()
			for _, n := range names {
				ix.defined[n] = true
				namesOf[n] = names
			}
		}
	}
	for _, n := range c.LocalFlagNames() {
		ix.set[n] = true
		for _, alias := range namesOf[n] {
			ix.set[alias] = true
		}
	}
	return ix
}

// withFlagIndex keeps c's flag index in its context for the command's action; Before
// calls it, once the flags are parsed.
func withFlagIndex(c *cli.Context) {
	parent := c.Context
	if parent == nil {
		parent = context.Background()
	}
	c.Context = context.WithValue(parent, flagIndexKey{}, indexFlags(c))
}

// flagsOf is c's flag index: the one kept by withFlagIndex, else read now (a context
// that did not pass through the app's Before, as a subcommand's).
func flagsOf(c *cli.Context) *flagIndex {
	if c.Context != nil {
		if ix, ok := c.Context.Value(flagIndexKey{}).(*flagIndex); ok && ix.ctx == c {
			return ix
		}
	}
	return indexFlags(c)
}

// has reports whether the command defines the flag.
func has(c *cli.Context, name string) bool { return flagsOf(c).defined[name] }

// isSet is c.IsSet(name) for a flag of the command, from the index; a name the command
// does not define is asked of urfave/cli (a parent's flag).
func isSet(c *cli.Context, name string) bool {
	ix := flagsOf(c)
	if !ix.defined[name] {
		return c.IsSet(name)
	}
	return ix.set[name]
}

// anySet reports whether the command line set any of the flags the command defines.
func anySet(c *cli.Context, names []string) bool {
	ix := flagsOf(c)
	for _, n := range names {
		if ix.defined[n] && ix.set[n] {
			return true
		}
	}
	return false
}

// The flags with their names read once. urfave/cli v2's own Command.Run asks c.IsSet of
// every flag before the action (its flag actions), and c.IsSet of a flag not given looks
// it up by every flag's Names(): the regexp runs flags x flags times a run. A declared flag
// is wrapped in its kind's type, whose Names is the slice read at declaration; every other
// method is the flag's own.
type (
	genericFlag struct {
		*cli.GenericFlag
		names []string
	}
	stringFlag struct {
		*cli.StringFlag
		names []string
	}
	boolFlag struct {
		*cli.BoolFlag
		names []string
	}
	stringSliceFlag struct {
		*cli.StringSliceFlag
		names []string
	}
)

func (f *genericFlag) Names() []string     { return f.names }
func (f *stringFlag) Names() []string      { return f.names }
func (f *boolFlag) Names() []string        { return f.names }
func (f *stringSliceFlag) Names() []string { return f.names }

// namesOnce is f with its names read once; a kind presplit does not declare is f itself.
func namesOnce(f cli.Flag) cli.Flag {
	names := f.Names()
	switch f := f.(type) {
	case *cli.GenericFlag:
		return &genericFlag{f, names}
	case *cli.StringFlag:
		return &stringFlag{f, names}
	case *cli.BoolFlag:
		return &boolFlag{f, names}
	case *cli.StringSliceFlag:
		return &stringSliceFlag{f, names}
	}
	return f
}

// declared is the flag as it was declared (namesOnce undone), for a switch on its kind.
func declared(f cli.Flag) cli.Flag {
	switch f := f.(type) {
	case *genericFlag:
		return f.GenericFlag
	case *stringFlag:
		return f.StringFlag
	case *boolFlag:
		return f.BoolFlag
	case *stringSliceFlag:
		return f.StringSliceFlag
	}
	return f
}
