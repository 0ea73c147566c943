package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v2"

	"github.com/presplit/presplit/tablespec"
)

// TestTableSettingsFlags: every entry of tablespec.TableSettings is a flag of plan and
// splits, read by that entry's parser (a switch is a BoolFlag), and the field-to-flag
// table words its field ref as that flag.
func TestTableSettingsFlags(t *testing.T) {
	defined := map[string]map[string]cli.Flag{}
	for _, cmd := range newApp(nil, nil, nil).Commands {
		defined[cmd.Name] = map[string]cli.Flag{}
		for _, f := range cmd.Flags {
			for _, n := range f.Names() {
				defined[cmd.Name][n] = f
			}
		}
	}
	for _, ts := range tablespec.TableSettings {
		for _, cmd := range []string{"plan", "splits"} {
			f, ok := defined[cmd][ts.Flag]
			if !assert.True(t, ok, "%s has no --%s (table setting %s)", cmd, ts.Flag, ts.Key) {
				continue
			}
			switch f := declared(f).(type) {
			case *cli.GenericFlag:
				v, ok := f.Value.(*tableSettingValue)
				if assert.True(t, ok, "%s --%s is read by %T, not its setting", cmd, ts.Flag, f.Value) {
					assert.Equal(t, ts.Key, v.setting.Key, "%s --%s", cmd, ts.Flag)
				}
			case *cli.BoolFlag:
				assert.True(t, tableSettingHelp[ts.Key].isSwitch, "%s --%s", cmd, ts.Flag)
			default:
				assert.Fail(t, "a table setting's flag is a GenericFlag or a switch", "%s --%s is a %T", cmd, ts.Flag, f)
			}
		}
		assert.Equal(t, "--"+ts.Flag, flagOfField["table."+ts.Key], "flagOfField of table.%s", ts.Key)
	}
}

// TestTableSettingsReachEveryFormat: the settings the issue found vanishing reach phoenix's
// CREATE TABLE, and Bigtable's formats refuse them in one line, exit 2, nothing on stdout.
func TestTableSettingsReachEveryFormat(t *testing.T) {
	args := []string{"splits", "--regions", "4", "--prefix", "hex:2", "--table", "clicks", "--phoenix-pk", "k VARCHAR",
		"--durability", "async_wal", "--region-replication", "3", "--normalization", "false"}
	out, errOut, code := runCLI(t, "", append(args, "--format", "phoenix")...)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "REGION_REPLICATION = 3,\nDURABILITY = 'ASYNC_WAL',\nNORMALIZATION_ENABLED = false\nSPLIT ON (")
	for _, format := range []string{"cbt", "terraform"} {
		out, errOut, code := runCLI(t, "", append(args, "--format", format)...)
		assert.Equal(t, exitUsage, code, format)
		assert.Empty(t, out, format)
		assert.Equal(t, "presplit: --format "+format+": Bigtable has no DURABILITY (--durability), REGION_REPLICATION (--region-replication), NORMALIZATION_ENABLED (--normalization): Bigtable decides durability, replicas, splits and merges itself; leave them out\n", errOut)
	}
}
