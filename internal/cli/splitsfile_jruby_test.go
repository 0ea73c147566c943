package cli

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/hbytes"
)

// invalidUTF8Lines are SPLITS_FILE line bodies with every kind of malformed UTF-8 Java's
// decoder measures differently from Go's: cut short (at the line's end and before ASCII),
// overlong, encoded surrogates, beyond U+10FFFF, lone continuation bytes, F8..FF leads;
// and valid non-ASCII and escapes beside them.
var invalidUTF8Lines = []string{
	"a\xe2\x80", "a\xe2\x80z", "\xff", "\xc0\x80", "\xed\xa0\x80", "\xed\xbf\xbf", "\xed\xa0",
	"\xf4\x90\x80\x80", "\xf0\x9f\x98", "\xf0\x9f\x98\x80", "\x80\x80", "\xe2\x28\xa1", "\xc3",
	"\xf8\x88\x80\x80\x80", `a\x41` + "\xe2", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xf0\x8f\xbf\xbf",
	"\xe0\x80", "\xf4\x8f\xbf\xbf", "\xf5\x80\x80\x80", "\xc1\xbf", "\xe2\x80\x41", "\xf0\x9f\x41",
	"\xf0\x9f\x98\x41", "\xe0\xa0", "\xf0\x90", "\xf4\x90", "\xed\x9f\xbf", "\xc2", "\xef\xbf\xbe",
	"\xef\xbf\xbd", "é", "\xc3\xa9\xe2\x82", "x\xe2\x80\r",
}

// jrubyAdminSplits is the 2.x shell's reading of a SPLITS_FILE (admin.rb: File.foreach,
// chomp, Bytes.toBytesBinary on the java.lang.String JRuby makes of each line), with the
// test's stand-in Bytes class; one hex line per key.
const jrubyAdminSplits = `require 'java'
$CLASSPATH << ARGV[1]
bytes = Java::OrgApacheHadoopHbaseUtil::Bytes
File.foreach(ARGV[0]) do |line|
  puts bytes.toBytesBinary(line.chomp).to_a.map { |x| "%02x" % (x & 0xff) }.join
end
`

// TestSplitsFileInvalidUTF8ThroughJRuby pins that a SPLITS_FILE with
// invalid UTF-8 is modelled as the 2.x shell's JRuby reads it, checked by running that
// reading in the real jruby, and SF002 says what HBase gets.
func TestSplitsFileInvalidUTF8ThroughJRuby(t *testing.T) {
	jruby, javac := lookTool(t, "jruby"), lookTool(t, "javac")
	dir := t.TempDir()
	classes := filepath.Join(dir, "classes")
	src, err := filepath.Abs(filepath.Join("testdata", "render", "java", "org", "apache", "hadoop", "hbase", "util", "Bytes.java"))
	require.NoError(t, err)
	out, err := exec.Command(javac, "-d", classes, src).CombinedOutput()
	require.NoError(t, err, "javac: %s", out)

	var file strings.Builder
	for i, l := range invalidUTF8Lines {
		fmt.Fprintf(&file, "k%02d%s\n", i, l) // the tags keep the keys distinct and in order
	}
	splits := filepath.Join(dir, "splits.txt")
	require.NoError(t, os.WriteFile(splits, []byte(file.String()), 0o644))
	script := filepath.Join(dir, "admin.rb")
	require.NoError(t, os.WriteFile(script, []byte(jrubyAdminSplits), 0o644))
	cmd := exec.Command(jruby, script, splits, classes+string(filepath.Separator))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	jout, err := cmd.Output()
	require.NoError(t, err, "jruby: %s", stderr.String())
	want := strings.Fields(string(jout))
	require.Len(t, want, len(invalidUTF8Lines))

	spec := filepath.Join(dir, "spec.yaml")
	require.NoError(t, os.WriteFile(spec, []byte("table: t1\nfamilies:\n  - name: cf\nsplits:\n  file: splits.txt\n"), 0o644))
	doc := runJSON(t, "plan", "--spec", spec, "--rows", "1e6", "--kv", "100B")
	require.Len(t, doc.Split.Keys, len(want))
	for i, k := range doc.Split.Keys {
		b, err := hbytes.ToBytesBinary(k)
		require.NoError(t, err)
		assert.Equal(t, want[i], hex.EncodeToString(b), "line %d %q: presplit plans %s", i+1, invalidUTF8Lines[i], k)
	}

	lint, _, _ := runCLI(t, "", "lint", spec)
	assert.Contains(t, lint, `warning SF002: splits file `+splits+`:1: invalid UTF-8 \xE2\x80 at column 5: the shell's JRuby reads it as one U+FFFD, of which HBase keeps the low 8 bits (\xFD), not these bytes`)
}

// lookTool is the path of a program a test runs: without it the test skips, except under
// CI, where it fails.
func lookTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed but CI is set: the output must be checked by %s itself", name, name)
		}
		t.Skipf("%s is not installed: skipping the check through it (CI runs it)", name)
	}
	return p
}
