package render

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/quote"
	"github.com/presplit/presplit/splits"
)

// awkwardKeys are keys that a shell, CSV or HCL would each read differently if quoted
// wrong: , " space ' $ ` \ ! * and ${ %{ templates, in ascending byte order.
func awkwardKeys() [][]byte {
	ks := []string{" lead", "!bang", `"quoted"`, "$${x}", "$HOME", "${var.x}", "%{if}", "'single'",
		"*", "a b", "a,b", "a,b\"c", "back\\slash", "tick`ls`", "z\u00e9"}
	out := make([][]byte, len(ks))
	for i, k := range ks {
		out[i] = []byte(k)
	}
	return out
}

func awkwardDoc() Doc {
	return Doc{
		Plan: &plan.Plan{
			Table: plan.Table{Name: "orders", Families: []plan.Family{{Name: "d", Versions: 3, TTL: 30 * 86400}, {Name: "m", TTL: 5400}}},
			Split: &splits.Split{Keys: splits.KeysOf(awkwardKeys()...)},
		},
	}
}

// needBash returns bash's path; without it the test skips, except under CI, where it fails.
func needBash(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("bash")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("bash is not installed but CI is set: the cbt command must be read by a real shell")
		}
		t.Skip("bash is not installed: skipping the check of --format cbt by a real shell")
	}
	return path
}

// cbtArgv runs the generated command line through bash with cbt replaced by a function
// that prints its arguments NUL-separated: the argv cbt would get.
func cbtArgv(t *testing.T, line string) []string {
	t.Helper()
	script := "cbt() { printf '%s\\0' \"$@\"; }\n" + line
	cmd := exec.Command(needBash(t), "--norc", "--noprofile", "-c", script)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "bash: %s", stderr.String())
	require.Empty(t, stderr.String())
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

func TestCBTThroughBash(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, CBT(&b, awkwardDoc()))
	out := b.String()
	require.True(t, strings.HasSuffix(out, "\n") && strings.Count(out, "\n") == 1, "one line: %q", out)
	argv := cbtArgv(t, out)
	require.Len(t, argv, 4, "argv %q", argv)
	assert.Equal(t, []string{"createtable", "orders"}, argv[:2])

	// cbt: parseArgs cuts key=value at the first '=', then csv.NewReader(value).Read().
	key, val, _ := strings.Cut(argv[2], "=")
	require.Equal(t, "families", key)
	fams, err := csv.NewReader(strings.NewReader(val)).Read()
	require.NoError(t, err)
	assert.Equal(t, []string{"d:maxage=30d||maxversions=3", "m:maxage=90m||maxversions=1"}, fams)

	key, val, _ = strings.Cut(argv[3], "=")
	require.Equal(t, "splits", key)
	got, err := csv.NewReader(strings.NewReader(val)).Read()
	require.NoError(t, err)
	want := make([]string, 0)
	for _, k := range awkwardKeys() {
		want = append(want, string(k))
	}
	assert.Equal(t, want, got)
}

// MIN_VERSIONS keeps the newest versions past the TTL (HBASE-4071): cbt gets the union of
// VERSIONS and (TTL and MIN_VERSIONS), its gcpolicy grammar's && and parentheses; Terraform's
// max_age and max_version blocks cannot nest it, so that format refuses.
func TestBigtableMinVersions(t *testing.T) {
	doc := Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "h", Versions: 3, TTL: 7 * 86400, MinVersions: 1}, {Name: "k", Versions: 2, MinVersions: 1}}}}}
	var b bytes.Buffer
	require.NoError(t, CBT(&b, doc))
	argv := cbtArgv(t, b.String())
	key, val, _ := strings.Cut(argv[2], "=")
	require.Equal(t, "families", key)
	fams, err := csv.NewReader(strings.NewReader(val)).Read()
	require.NoError(t, err)
	assert.Equal(t, []string{"h:maxversions=3||(maxage=7d&&maxversions=1)", "k:maxversions=2"}, fams)

	b.Reset()
	err = Terraform(&b, doc)
	var fe *FormatError
	require.ErrorAs(t, err, &fe)
	assert.Contains(t, err.Error(), `family "h" keeps MIN_VERSIONS 1 past its TTL`)
	assert.Empty(t, b.String())
}

func TestCBTRefuses(t *testing.T) {
	tests := []struct {
		name string
		doc  Doc
		want string
	}{
		{name: "control byte", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "cf"}}}, Split: &splits.Split{Keys: splits.KeysOf([][]byte{{'a'}, {'b', 0x01}}...)}}},
			want: `format cbt: split key 2 "b\x01" holds a control byte, which a command line cannot carry`},
		{name: "invalid UTF-8", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "cf"}}}, Split: &splits.Split{Keys: splits.KeysOf([][]byte{{0x80}}...)}}},
			want: `format cbt: split key 1 "\x80" is not valid UTF-8 text, which a command line cannot carry`},
		{name: "namespace", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "ns:t", Families: []plan.Family{{Name: "cf"}}}}},
			want: `format cbt: table "ns:t": Bigtable table IDs have no namespace; give the table without "ns:"`},
		{name: "family name", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "c f"}}}}},
			want: `format cbt: family "c f": a Bigtable column family ID is [_a-zA-Z0-9][-_.a-zA-Z0-9]*`},
		{name: "versions", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "cf", Versions: 70000}}}}},
			want: `format cbt: family "cf": VERSIONS 70000 is more than the 65535 cbt reads as maxversions`},
		{name: "durability", doc: Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "cf"}}, Durability: "ASYNC_WAL"}}},
			want: `format cbt: Bigtable has no DURABILITY ({table.durability}): Bigtable decides durability, replicas, splits and merges itself; leave it out`},
		{name: "table settings", doc: Doc{
			Plan: &plan.Plan{
				Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "cf"}}, RegionReplication: 3, Normalization: new(bool),
					MemstoreFlushSize: 256 << 20, SplitPolicy: plan.SplitPolicy{Kind: plan.PolicyConstant}},
			},
		},
			want: `format cbt: Bigtable has no REGION_REPLICATION ({table.region_replication}), NORMALIZATION_ENABLED ({table.normalization}), MEMSTORE_FLUSHSIZE ({table.memstore_flushsize}), SPLIT_POLICY constant ({table.split_policy}): Bigtable decides durability, replicas, splits and merges itself; leave them out`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			err := CBT(&b, tt.doc)
			var fe *FormatError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tt.want, err.Error())
			assert.Empty(t, b.String())
		})
	}
}

// TestCBTArgumentLimit: a splits argument longer than Linux passes is refused, not
// printed for the shell to fail on.
func TestCBTArgumentLimit(t *testing.T) {
	keys := make([][]byte, 0, 20000)
	for i := 0; i < 20000; i++ {
		keys = append(keys, []byte(fmt.Sprintf("k%07d", i)))
	}
	d := Doc{Plan: &plan.Plan{Table: plan.Table{Name: "t", Families: []plan.Family{{Name: "cf"}}}, Split: &splits.Split{Keys: splits.KeysOf(keys...)}}}
	err := CBT(&bytes.Buffer{}, d)
	assert.ErrorContains(t, err, "the splits argument is more than 131071 bytes, the most Linux passes in one argument")
	// Keys that fit as they are (104,000 bytes), but not once CSV quotes them
	// ("k00000""", 143,000).
	keys = keys[:0]
	for i := 0; i < 13000; i++ {
		keys = append(keys, []byte(fmt.Sprintf("k%05d\"", i)))
	}
	d.Split = &splits.Split{Keys: splits.KeysOf(keys...)}
	err = CBT(&bytes.Buffer{}, d)
	assert.ErrorContains(t, err, "more than the 131071 Linux passes in one argument (its CSV quoting makes it longer than the keys)")
}

// TestTerraformThroughHCL parses the output with HashiCorp's HCL parser and evaluates every
// split_keys literal: the values are the plan's keys.
func TestTerraformThroughHCL(t *testing.T) {
	d := awkwardDoc()
	d.Split.Keys = splits.KeysOf(append([][]byte{{0x01, 'c', 't', 'l'}, []byte("\ttab")}, d.Split.Keys.Slices()...)...)
	var b bytes.Buffer
	require.NoError(t, Terraform(&b, d))
	f, diags := hclsyntax.ParseConfig(b.Bytes(), "main.tf", hcl.InitialPos)
	require.False(t, diags.HasErrors(), "%v\n%s", diags, b.String())
	body := f.Body.(*hclsyntax.Body)

	var table *hclsyntax.Block
	var policies []*hclsyntax.Block
	for _, blk := range body.Blocks {
		switch {
		case blk.Type == "resource" && blk.Labels[0] == "google_bigtable_table":
			table = blk
		case blk.Type == "resource" && blk.Labels[0] == "google_bigtable_gc_policy":
			policies = append(policies, blk)
		}
	}
	require.NotNil(t, table)
	assert.Equal(t, "orders", table.Labels[1])
	tup, ok := table.Body.Attributes["split_keys"].Expr.(*hclsyntax.TupleConsExpr)
	require.True(t, ok)
	require.Len(t, tup.Exprs, d.Split.Keys.Len())
	for i, e := range tup.Exprs {
		// Each key is a literal template: no interpolation survives the escaping.
		_, isTemplate := e.(*hclsyntax.TemplateExpr)
		require.True(t, isTemplate, "key %d", i+1)
		assert.Empty(t, e.Variables(), "key %d reads no variable", i+1)
		v, diags := e.Value(nil)
		require.False(t, diags.HasErrors(), "key %d: %v", i+1, diags)
		assert.Equal(t, string(d.Split.Keys.At(i)), v.AsString(), "key %d", i+1)
	}
	var fams []string
	for _, blk := range table.Body.Blocks {
		require.Equal(t, "column_family", blk.Type)
		v, _ := blk.Body.Attributes["family"].Expr.Value(nil)
		fams = append(fams, v.AsString())
	}
	assert.Equal(t, []string{"d", "m"}, fams)

	require.Len(t, policies, 2)
	type gc struct{ fam, mode, age string }
	var got []gc
	for _, p := range policies {
		v, _ := p.Body.Attributes["column_family"].Expr.Value(nil)
		g := gc{fam: v.AsString()}
		if m, ok := p.Body.Attributes["mode"]; ok {
			mv, _ := m.Expr.Value(nil)
			g.mode = mv.AsString()
		}
		for _, blk := range p.Body.Blocks {
			if blk.Type == "max_age" {
				av, _ := blk.Body.Attributes["duration"].Expr.Value(nil)
				g.age = av.AsString()
			}
		}
		got = append(got, g)
	}
	assert.Equal(t, []gc{{"d", "UNION", "720h"}, {"m", "UNION", "90m"}}, got)
}

func TestHCLString(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{name: "plain", in: "ab", want: `"ab"`},
		{name: "quote and backslash", in: `a"\`, want: `"a\"\\"`},
		{name: "interpolation", in: "${x}", want: `"$${x}"`},
		{name: "directive", in: "%{if}", want: `"%%{if}"`},
		{name: "dollar alone", in: "$x%", want: `"$x%"`},
		{name: "control", in: "\x01\n", want: `"\u0001\n"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := quote.HCLString(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
