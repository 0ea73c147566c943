package plan

import (
	"errors"
	"fmt"

	"github.com/presplit/presplit/access"
	"github.com/presplit/presplit/field"
	"github.com/presplit/presplit/tablespec"
)

// accessPlan sizes for the design's access pattern (package access) over the capacity
// plan: nil, and nothing changes, when the design gives no rate, scan share, limit or
// balance. It needs the rowkey's prefix (its buckets) and so runs after prefix.
func (p *Plan) accessPlan() error {
	d := p.Design
	c := d.Capacity
	if c == nil || p.Capacity == nil {
		return nil
	}
	in := access.Input{
		WriteRate: c.WriteRate.V, ReadRate: c.ReadRate.V,
		ScanShare: c.ScanShare.V, ScanShareSet: c.ScanShare.Set,
		RegionWriteLimit: c.RegionWriteLimit.V, Balance: c.Balance.V,
		RegionServers: p.Capacity.Input.Cluster.RegionServers,
	}
	if !in.Given() {
		return nil
	}
	if r := d.Rowkey; r != nil && r.Prefix.Set && p.Prefix != nil && p.Prefix.Width > 0 {
		values := uint64(0)
		if r.PrefixValues.Set {
			values = uint64(r.PrefixValues.V)
		}
		if n, ok := p.Prefix.Buckets(values); ok && n <= 1<<20 {
			in.Buckets = int(n)
			in.Salted = len(r.PrefixFrom) == 0
		}
	}
	in.Monotonic = monotonicLead(d)
	a, err := access.Compute(in, p.Capacity)
	if err != nil {
		return accessError(d, err)
	}
	p.Access = a
	p.accessNotes(in)
	return nil
}

// accessNotes says what shaped the access plan's floor: balance against the buckets, the
// buckets' cap, and a write rate without a per-region limit or RegionServer count.
func (p *Plan) accessNotes(in access.Input) {
	a := p.Access
	if a.BalanceBuckets {
		p.Notes = append(p.Notes, fmt.Sprintf("balance: %d regions, a multiple of the %d RegionServers, need more than the key prefix's %d buckets; the count stays %d", (a.Floored+in.RegionServers-1)/in.RegionServers*in.RegionServers, in.RegionServers, in.Buckets, a.Regions))
	}
	if a.BucketCap > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("the key's prefix has %d buckets: writes spread over at most %d regions, so the write-spread floor is %d, not %d", a.BucketCap, a.BucketCap, a.BucketCap, max(a.ServerFloor, a.LimitFloor)))
	}
	switch {
	case a.WriteBytes > 0 && in.RegionWriteLimit.PerSecond == 0 && in.RegionServers > 0:
		p.Notes = append(p.Notes, "no per-region write limit given ("+field.Ref("capacity.region_write_limit")+"): presplit assumes none, so the write-spread floor is one region per RegionServer")
	case a.WriteBytes > 0 && in.RegionWriteLimit.PerSecond == 0:
		p.Notes = append(p.Notes, "the write rate sets no floor on the regions without a RegionServer count ("+field.Ref("cluster.region_servers")+") or a per-region write limit ("+field.Ref("capacity.region_write_limit")+"); presplit assumes neither")
	}
}

// monotonicLead names the key's leading part when it is a sequence or timestamp with no
// prefix, algorithm or hash before it (lint's RK002): every write goes to one region.
func monotonicLead(d *tablespec.Spec) string {
	r := d.Rowkey
	if r == nil || len(r.Parts) == 0 || r.Prefix.Set || r.Algo.Set {
		return ""
	}
	lead := r.Parts[0]
	what := map[string]string{
		tablespec.KindSequence:         "a sequence",
		tablespec.KindTimestamp:        "a timestamp",
		tablespec.KindReverseTimestamp: "a reversed timestamp",
	}[lead.Kind.V]
	if what == "" {
		return ""
	}
	return field.Quote(lead.Name.V) + " (" + what + ")"
}

// accessError places the access model's InputError on the design's value.
func accessError(d *tablespec.Spec, err error) error {
	var ie *access.InputError
	if !errors.As(err, &ie) {
		return &FieldError{Field: "capacity", Pos: d.Capacity.Pos, Rule: err.Error()}
	}
	c := d.Capacity
	values := map[string]origin{
		"write_rate": originOf(c.WriteRate), "read_rate": originOf(c.ReadRate), "scan_share": originOf(c.ScanShare),
		"region_write_limit": originOf(c.RegionWriteLimit), "balance": originOf(c.Balance),
	}
	fe := &FieldError{Field: "capacity." + ie.Field, Pos: c.Pos, Raw: ie.Value, Rule: ie.Rule}
	if o, ok := values[ie.Field]; ok && (o.pos.Line > 0 || o.src != "") {
		fe.Pos, fe.Src, fe.Raw = o.pos, o.src, o.raw
	}
	return fe
}
