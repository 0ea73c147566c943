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
	name := strings.TrimLeft(flag, "-")
	for _, f := range c.Command.Flags {
		g, ok := f.(*cli.GenericFlag)
		if !ok || !slices.Contains(g.Names(), name) {
			continue
		}
		switch g.Value.(type) {
		case *sizeValue, *durationValue:
			return true
		}
	}
	return false
}
