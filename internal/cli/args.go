package cli

// Positional arguments. urfave/cli stops reading flags at the first word that is not one,
// so `--kv 1 KB` reads --kv 1 and leaves `KB` (and every flag after it) as arguments: a
// command that takes none must refuse them, or the plan is built on a part of the input.

import (
	"slices"
	"strings"

	"github.com/presplit/presplit/quantity"
	"github.com/urfave/cli/v2"
)

// argsKey is where runApp keeps the command line, for naming the flag a stray word follows.
const argsKey = "presplit.args"

// noArgs refuses every positional argument of a command that takes none, naming the word.
// A unit written apart from its number (`--kv 1 KB`, `--daily 500 GB`) is named with the
// flag it belongs to; a flag after the stray word is named as unread.
func noArgs(c *cli.Context, hint string) error {
	if c.Args().Len() == 0 {
		return nil
	}
	stray := c.Args().Slice()
	first := stray[0]
	if flag, value, ok := flagBefore(c, len(stray)); ok && bareNumber(value) && unitWord(first) && takesUnit(c, flag) {
		return usageErrorf("unexpected argument %q after %s %s: write the number and its unit as one word, %s %s%s", first, flag, value, flag, value, first)
	}
	for _, a := range stray {
		if strings.HasPrefix(a, "-") && a != "-" {
			return usageErrorf("flag %q comes after the argument %q: put flags before arguments (%s takes none)", a, first, c.Command.Name)
		}
	}
	return usageErrorf("unexpected argument %q: %s takes no arguments; %s", first, c.Command.Name, hint)
}

// onceFlags refuses a flag that takes one value given more than once: urfave/cli keeps the
// last, so `--rows 1e10 --rows 2e10` planned for 2e10, and `-o a.txt -o b.txt` wrote only
// b.txt, with no word. Repeatable flags (slices, and lists such as --family) and switches
// are left as they are. It reads the command line as urfave/cli does: flags up to the
// first argument or `--`, a flag's value in the next word unless written `--flag=value`.
func onceFlags(c *cli.Context) error {
	args, _ := c.App.Metadata[argsKey].([]string)
	start := slices.IndexFunc(args, func(a string) bool { return c.Command.HasName(a) })
	if start < 0 {
		return nil
	}
	seen := map[string]string{}
	for i := start + 1; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			return nil
		}
		name, value, eq := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := commandFlag(c.Command.Flags, name)
		if f == nil {
			continue // unknown: urfave/cli refuses it
		}
		if _, ok := declared(f).(*cli.BoolFlag); ok {
			continue
		}
		if !eq && i+1 < len(args) {
			i++
			value = args[i]
		}
		if repeatable(f) {
			continue
		}
		primary := "--" + f.Names()[0]
		if first, ok := seen[primary]; ok {
			return usageErrorf("%s given twice (%q, then %q): give it once", primary, first, value)
		}
		seen[primary] = value
	}
	return nil
}

// commandFlag is the flag of flags that name (or an alias) is; nil when none is.
func commandFlag(flags []cli.Flag, name string) cli.Flag {
	for _, f := range flags {
		if slices.Contains(f.Names(), name) {
			return f
		}
	}
	return nil
}

// repeatable reports whether f takes every occurrence: a slice flag, or a list.
func repeatable(f cli.Flag) bool {
	switch g := declared(f).(type) {
	case *cli.StringSliceFlag:
		return true
	case *cli.GenericFlag:
		_, list := g.Value.(*listValue)
		return list
	}
	return false
}

// flagBefore is the flag and value just before the n stray words at the end of the command
// line: `--kv 1` or `--kv=1`.
func flagBefore(c *cli.Context, n int) (flag, value string, ok bool) {
	args, _ := c.App.Metadata[argsKey].([]string)
	i := len(args) - n - 1 // the word before the first stray one
	if i < 1 {
		return "", "", false
	}
	if name, v, eq := strings.Cut(args[i], "="); eq && strings.HasPrefix(name, "-") {
		return name, v, true
	}
	if i < 2 || !strings.HasPrefix(args[i-1], "-") || strings.Contains(args[i-1], "=") {
		return "", "", false
	}
	return args[i-1], args[i], true
}

// unitWord reports whether s reads as a size or duration unit on its own (KB, GiB, d,
// days): 1 followed by it is a size or a duration.
func unitWord(s string) bool {
	if s == "" || strings.ContainsAny(s, "0123456789") {
		return false
	}
	if _, err := quantity.Size("1" + s); err == nil {
		return true
	}
	switch strings.ToLower(s) {
	case "s", "m", "h", "d", "w", "y", "sec", "secs", "second", "seconds", "min", "mins", "minute", "minutes",
		"hour", "hours", "day", "days", "week", "weeks", "year", "years":
		return true
	}
	return false
}

// takesUnit reports whether the command's flag reads a size or a duration.
func takesUnit(c *cli.Context, flag string) bool {
	g, ok := declared(commandFlag(c.Command.Flags, strings.TrimLeft(flag, "-"))).(*cli.GenericFlag)
	if !ok {
		return false
	}
	switch g.Value.(type) {
	case *sizeValue, *durationValue:
		return true
	}
	return false
}
