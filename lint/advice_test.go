package lint_test

// The advice property: a finding's fix, applied, passes the checks. Over random
// designs, every fix that names settings ({rowkey.prefix=byte:20}) is applied to the
// design, which is planned again: the finding is gone, and no error appears that was not
// there before.

import (
	"fmt"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/plan"
	"github.com/presplit/presplit/tablespec"
)

// adviceDesign is a design of the generator: the inputs the access, prefix and region
// checks judge, each "" or 0 when left out.
type adviceDesign struct {
	rows, kv            string
	prefix              string
	prefixValues        int
	regions             int
	servers             int
	writeRate, readRate string
	scanShare           string
	balance             bool
	regionSize          string
	regionWriteLimit    string
	// daily is the other volume: daily ingest, retention and horizon (rows and kv unset).
	daily, retention, horizon string
}

func (d adviceDesign) yaml() string {
	var b strings.Builder
	b.WriteString("families:\n  - {name: cf, versions: 1, ttl: 30d, compression: SNAPPY, bloom: ROW}\n")
	if d.prefix != "" {
		fmt.Fprintf(&b, "rowkey: {prefix: %q", d.prefix)
		if d.prefixValues > 0 {
			fmt.Fprintf(&b, ", prefix_values: %d", d.prefixValues)
		}
		b.WriteString("}\n")
	}
	if d.daily != "" {
		fmt.Fprintf(&b, "capacity:\n  daily: %s\n  retention: %s\n", d.daily, d.retention)
		if d.horizon != "" {
			fmt.Fprintf(&b, "  horizon: %s\n", d.horizon)
		}
	} else {
		fmt.Fprintf(&b, "capacity:\n  rows: %s\n  kv: %s\n", d.rows, d.kv)
	}
	for _, kv := range [][2]string{{"write_rate", d.writeRate}, {"read_rate", d.readRate}, {"scan_share", d.scanShare}, {"region_size", d.regionSize}, {"region_write_limit", d.regionWriteLimit}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, "  %s: %s\n", kv[0], kv[1])
		}
	}
	if d.balance {
		b.WriteString("  balance: true\n")
	}
	if d.servers > 0 {
		fmt.Fprintf(&b, "cluster: {region_servers: %d}\n", d.servers)
	}
	if d.regions > 0 {
		fmt.Fprintf(&b, "splits: {regions: %d}\n", d.regions)
	}
	return b.String()
}

func randomDesign(r *rand.Rand) adviceDesign {
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	d := adviceDesign{
		rows:   pick("1e6", "1e8", "1e9", "5e9", "2e10"),
		kv:     pick("100B", "300B", "1KB", "4KB"),
		prefix: pick("", "dec:2", "dec:3", "hex:2", "hex:3", "byte:8", "byte:16", "byte:64", "byte:200"),
	}
	if r.Intn(4) == 0 {
		// Daily ingest: the families keep 30 days (their TTL), the retention may be longer.
		d.daily, d.retention = pick("10GB", "100GB", "1TB"), pick("30d", "60d", "365d")
		d.horizon = pick("", "7d", "30d", "45d", "60d")
	}
	if d.prefix != "" && !strings.HasPrefix(d.prefix, "byte") && r.Intn(4) == 0 {
		d.prefixValues = 1 + r.Intn(99)
	}
	if r.Intn(2) == 0 {
		d.regions = []int{4, 10, 20, 30, 60, 90, 150, 300, 600}[r.Intn(9)]
	}
	if r.Intn(5) > 0 {
		d.servers = []int{3, 5, 10, 12, 20, 30, 40, 100}[r.Intn(8)]
	}
	if r.Intn(4) > 0 {
		d.writeRate = pick("1k/s", "50k/s", "2M/s", "20M/s", "5MiB/s", "100MiB/s", "3GiB/s")
	}
	if r.Intn(2) == 0 {
		d.readRate = pick("500/s", "20k/s", "10MiB/s")
		d.scanShare = pick("0", "0.2", "0.5", "0.9", "1")
	}
	d.balance = d.servers > 0 && r.Intn(5) == 0
	if r.Intn(4) == 0 {
		d.regionSize = pick("5GiB", "20GiB", "40GiB")
	}
	if d.writeRate != "" && r.Intn(5) == 0 {
		d.regionWriteLimit = pick("1k/s", "1MiB/s")
	}
	return d
}

// setting is one {name=value} of a fix.
var setting = regexp.MustCompile(`\{([a-z_.]+)=("(?:[^"\\]|\\.)*"|[^}]*)\}`)

// apply sets the fix's settings on the design; false when the fix names none. A setting
// the generator does not know fails the test: a new fix must be applied here too.
func (d *adviceDesign) apply(t *testing.T, fix string) bool {
	t.Helper()
	ms := setting.FindAllStringSubmatch(fix, -1)
	for _, m := range ms {
		if m[1] == "format" {
			return false // an output format, not the design: nothing to re-plan
		}
	}
	for _, m := range ms {
		name, value := m[1], field.Unquote(m[2])
		var err error
		switch name {
		case "rowkey.prefix":
			d.prefix = value
		case "rowkey.prefix_values":
			d.prefixValues, err = strconv.Atoi(value)
		case "splits.regions":
			d.regions, err = strconv.Atoi(value)
		case "cluster.region_servers":
			d.servers, err = strconv.Atoi(value)
		case "capacity.balance":
			d.balance = value == "true"
		case "capacity.write_rate":
			d.writeRate = value
		case "capacity.region_size":
			d.regionSize = value
		case "capacity.horizon":
			d.horizon = value
		default:
			t.Fatalf("fix %q sets %s, which the advice test does not apply", fix, name)
		}
		require.NoError(t, err, fix)
	}
	return len(ms) > 0
}

// plannedFindings plans the design; ok false when the design is refused (bad input).
func plannedFindings(t *testing.T, d adviceDesign) ([]finding.Finding, bool) {
	t.Helper()
	s, err := tablespec.Parse("t.yaml", []byte(d.yaml()))
	if err != nil {
		return nil, false
	}
	if s.Validate() != nil {
		return nil, false
	}
	p, err := plan.Build(s, plan.Options{})
	if err != nil {
		return nil, false
	}
	return lint.Run(p), true
}

// TestAdviceApplied is the advice property over random designs.
func TestAdviceApplied(t *testing.T) {
	r := rand.New(rand.NewSource(34))
	applied := map[string]int{}
	for i := 0; i < 500; i++ {
		d := randomDesign(r)
		before, ok := plannedFindings(t, d)
		if !ok {
			continue
		}
		errs := map[string]bool{}
		for _, f := range before {
			if f.Severity == finding.Error {
				errs[f.Code] = true
			}
		}
		for _, f := range before {
			fixed := d
			if !fixed.apply(t, f.Fix) {
				continue
			}
			after, ok := plannedFindings(t, fixed)
			if !ok {
				t.Errorf("%s's fix %q leaves a design presplit refuses:\n%s", f.Code, f.Fix, fixed.yaml())
				continue
			}
			applied[f.Code]++
			for _, g := range after {
				if g.Code == f.Code {
					t.Errorf("%s's fix %q did not clear it: %s\nbefore:\n%s\nafter:\n%s", f.Code, f.Fix, g.Message, d.yaml(), fixed.yaml())
				}
				if g.Severity == finding.Error && !errs[g.Code] {
					t.Errorf("%s's fix %q brings a new error %s: %s\nbefore:\n%s\nafter:\n%s", f.Code, f.Fix, g.Code, g.Message, d.yaml(), fixed.yaml())
				}
			}
		}
	}
	// The generator reaches the fixes it is meant to check.
	for _, code := range []string{"AC001", "AC002", "AC003", "AC004", "RG006", "CP004"} {
		if applied[code] == 0 {
			t.Errorf("no design gave a %s fix to apply (applied: %v)", code, applied)
		}
	}
	t.Logf("fixes applied: %v", applied)
}
