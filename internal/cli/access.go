package cli

// The access pattern's flag values and their merging into the design (package access):
// peak rates, the scan share, the per-region write limit and the balance round-up, declared
// in accessGroup (flaggroups.go). All optional: without them the plan is sized on bytes
// alone, as before.

import (
	"errors"

	"github.com/presplit/presplit/quantity"
	"github.com/presplit/presplit/tablespec"
	"github.com/urfave/cli/v2"
)

const ruleRate = "must be a rate like 50k/s (rows) or 20MiB/s (bytes, with its B)"

// rateValue is a load per second in quantity.ParseRate's grammar: 50k/s rows, 20MiB/s
// bytes.
type rateValue struct {
	flagValue
	v quantity.Rate
}

func (f *rateValue) Set(s string) error {
	v, err := quantity.ParseRate(s)
	switch {
	case errors.Is(err, quantity.ErrNotPositive):
		return errors.New(rulePositive)
	case errors.Is(err, quantity.ErrTooLarge):
		return tooLarge(formatCount(quantity.MaxRate) + "/s")
	case err != nil:
		return errors.New(ruleRate)
	}
	f.v, f.text, f.set = v, s, true
	return nil
}

func (f *rateValue) design() tablespec.Value[quantity.Rate] { return designOf(&f.flagValue, f.v) }

func newRateFlag(name, usage string) *cli.GenericFlag {
	return &cli.GenericFlag{Name: name, Usage: usage, Value: &rateValue{flagValue: flagValue{flag: name}}}
}

// accessFlagNames are the flags of the access pattern, as accessGroup declares them.
var accessFlagNames = accessGroup().names()

// applyAccessFlags puts the access pattern's flags into the design's capacity section.
func applyAccessFlags(c *cli.Context, d *tablespec.Spec) error {
	if !has(c, "write-rate") || !anySet(c, accessFlagNames) {
		return nil
	}
	if d.Capacity == nil {
		d.Capacity = &tablespec.Capacity{}
	}
	cp := d.Capacity
	for _, f := range []struct {
		flag string
		dst  *tablespec.Value[quantity.Rate]
	}{{"write-rate", &cp.WriteRate}, {"read-rate", &cp.ReadRate}, {"region-write-limit", &cp.RegionWriteLimit}} {
		setFromFlag(c, f.flag, f.dst)
	}
	setFromFlag(c, "scan-share", &cp.ScanShare)
	if isSet(c, "balance") {
		cp.Balance = tablespec.Value[bool]{V: c.Bool("balance"), Set: true, Raw: "true", Src: "--balance"}
	}
	return nil
}
