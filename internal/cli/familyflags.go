package cli

// --family NAME[:SETTINGS] and the family settings given for every family (--ttl,
// --compression, ...): the table's families by name, and each family's settings read by
// tablespec.FamilySettings' parsers, a family's own winning over the flags for every family.

import (
	"fmt"
	"strings"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/tablespec"
	"github.com/urfave/cli/v2"
)

// applyFamilyFlag: --family, the table's families by name, keeping the spec's settings
// for a family of the same name. It returns each family's own settings (NAME:SETTINGS),
// applied after the flags for every family.
func applyFamilyFlag(c *cli.Context, d *tablespec.Spec) ([]familySettings, error) {
	if !isSet(c, "family") {
		return nil, nil
	}
	var fams []tablespec.Family
	var own []familySettings
	seen := map[string]bool{}
	add := func(name, arg string) error {
		if err := hbase.CheckFamilyName(name); err != nil {
			return usageErrorf("--family %s: %v", displayValue(arg), err)
		}
		if seen[name] {
			return usageErrorf("--family %s: column family names must be unique, and it is given twice", displayValue(name))
		}
		seen[name] = true
		f := tablespec.Family{Name: tablespec.Value[string]{V: name, Set: true, Raw: name, Src: "--family"}}
		for _, sf := range d.Families {
			if sf.Name.V == name {
				f = sf
			}
		}
		fams = append(fams, f)
		return nil
	}
	for _, arg := range listOf(c, "family") {
		name, settings, hasSettings := strings.Cut(arg, ":")
		if !hasSettings {
			if err := settingsWithoutName(arg); err != nil {
				return nil, err
			}
			// a,b names two families, as the flag always read.
			for _, n := range strings.Split(arg, ",") {
				if err := add(n, n); err != nil {
					return nil, err
				}
			}
			continue
		}
		if strings.Contains(name, ",") {
			return nil, usageErrorf("--family %s: settings belong to one family: give --family NAME:SETTINGS for each family, or the setting's own flag (--ttl, --compression, ...) for every family", displayValue(arg))
		}
		fs, err := parseFamilySettings(name, settings)
		if err != nil {
			return nil, usageErrorf("--family %s: %v", displayValue(arg), err)
		}
		if err := add(name, arg); err != nil {
			return nil, err
		}
		own = append(own, fs)
	}
	d.Families = fams
	return own, nil
}

// applyFamilySettingFlags applies the flags for every family (--ttl, --compression, ...,
// each read by its setting in tablespec.FamilySettings), then each family's own settings,
// which win.
func applyFamilySettingFlags(c *cli.Context, d *tablespec.Spec, own []familySettings) {
	var set []func(*tablespec.Family)
	for _, st := range tablespec.FamilySettings {
		if st.FamilyOnly || !has(c, st.Flag) || !isSet(c, st.Flag) {
			continue
		}
		apply, raw := familyFlag(c, st)
		at := tablespec.Origin{Src: "--" + st.Flag, Raw: raw}
		set = append(set, func(f *tablespec.Family) { apply(f, at) })
	}
	for i := range d.Families {
		for _, s := range set {
			s(&d.Families[i])
		}
	}
	for _, fs := range own {
		for i := range d.Families {
			if d.Families[i].Name.V == fs.family {
				for _, s := range fs.set {
					s(&d.Families[i])
				}
			}
		}
	}
}

// settingsWithoutName refuses a --family that reads as settings but names no family
// (`--family name=p,compression=snappy`, `--family ttl=30d`): without the colon each
// comma-separated word would be a family named like a setting. HBase allows '=' in a
// family name, but a name an operator types with '=' is a setting meant for a family.
func settingsWithoutName(arg string) error {
	if !strings.Contains(arg, "=") {
		return nil
	}
	var name string
	var rest []string
	for _, kv := range strings.Split(arg, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.EqualFold(strings.TrimSpace(k), "name") && name == "" {
			name = v
			continue
		}
		rest = append(rest, kv)
	}
	if name != "" && len(rest) > 0 {
		return usageErrorf("--family %s: a family's settings follow its name and a colon: --family %s", displayValue(arg), displayValue(name+":"+strings.Join(rest, ",")))
	}
	return usageErrorf("--family %s: a family name must not contain '='; a family's settings follow its name and a colon, like --family d:ttl=30d,compression=zstd", displayValue(arg))
}

// familySettings are one --family NAME:SETTINGS: the family and its setters.
type familySettings struct {
	family string
	set    []func(*tablespec.Family)
}

// parseFamilySettings reads the SETTINGS of --family NAME:SETTINGS: key=value pairs
// separated by commas, each key a family setting's command-line name
// (tablespec.FamilySettings: ttl, versions, min-versions, compression, bloom, block-size,
// encoding, in-memory, blockcache, keep-deleted-cells, share), read by that setting's
// parser. A value in the design names its source as `--family NAME:key=value`, so a later
// message (a version that lacks it) points there.
func parseFamilySettings(name, settings string) (familySettings, error) {
	fs := familySettings{family: name}
	if strings.TrimSpace(settings) == "" {
		return fs, fmt.Errorf("no settings after %q: give NAME:key=value,... or just NAME", name+":")
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(settings, ",") {
		key, val, ok := strings.Cut(kv, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		st, known := tablespec.FamilySettingByFlag(key)
		switch {
		case !known && !ok:
			// a:b meant as one name: HBase's rule, and what the colon means here.
			return fs, fmt.Errorf("%w; NAME:key=value,... gives a family its own settings", hbase.CheckFamilyName(name+":"))
		case !known:
			return fs, fmt.Errorf("unknown setting %q; known: %s", key, strings.Join(tablespec.FamilySettingFlags(), ", "))
		case !ok:
			return fs, fmt.Errorf("setting %s needs a value: %s=VALUE", key, key)
		case seen[key]:
			return fs, fmt.Errorf("setting %s is given twice", key)
		}
		seen[key] = true
		apply, err := st.Parse(val)
		if err != nil {
			return fs, fmt.Errorf("%s %s: %w", key, displayValue(val), err)
		}
		at := tablespec.Origin{Src: "--family", Raw: name + ":" + key + "=" + val}
		fs.set = append(fs.set, func(f *tablespec.Family) { apply(f, at) })
	}
	return fs, nil
}
