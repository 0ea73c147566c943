package capacity

import (
	"fmt"
	"math"
	"sort"
	"strconv"
)

// CellOverhead is the fixed part of a KeyValue: 4 key length + 4 value length + 2 row length
// + 1 family length + 8 timestamp + 1 type.
const CellOverhead = 20

// horizonDays are the growth horizons of a daily-ingest plan: a month, half a year, a year.
var horizonDays = []int{30, 182, 365}

// InputError is an input outside the model's rules. Field is the input's name as the table
// spec spells it (region_size, compression_ratio; the CLI words it as its flag), Value the
// offending value as text.
type InputError struct {
	Field string
	Value string
	Rule  string
}

func (e *InputError) Error() string {
	return fmt.Sprintf("%s %s, got %s", e.Field, e.Rule, e.Value)
}

// CellBytes is the size of one KeyValue: 20 + row + family + qualifier + value.
func (c Cells) CellBytes() float64 {
	return float64(CellOverhead + c.RowLen + c.FamilyLen + c.QualifierLen + c.ValueLen)
}

// RowBytes is the size of all KeyValues of one row: count x versions x cell bytes.
func (c Cells) RowBytes() float64 {
	return float64(c.Count) * float64(c.versions()) * c.CellBytes()
}

func (c Cells) versions() int {
	if c.Versions == 0 {
		return DefaultVersions
	}
	return c.Versions
}

// MaxFileSize is the region size the regions split at, MAX_FILESIZE: RegionSize over the
// fill (whole bytes, as a size is given).
func (in Input) MaxFileSize() float64 {
	size := in.RegionSize
	if size == 0 {
		size = DefaultRegionSize
	}
	return math.Round(size / in.FillOrOne())
}

// FillOrOne is the fill the regions are planned at, 1 when none is below MAX_FILESIZE.
func (in Input) FillOrOne() float64 {
	if in.Fill > 0 && in.Fill < 1 {
		return in.Fill
	}
	return 1
}

// WithDefaults fills the optional zero fields with HBase's defaults.
func (in Input) WithDefaults() Input {
	if in.CompressionRatio == 0 {
		in.CompressionRatio = DefaultCompressionRatio
	}
	if in.Redundancy == 0 {
		in.Redundancy = DefaultRedundancy
	}
	if in.RegionSize == 0 {
		in.RegionSize = DefaultRegionSize
	}
	if in.Replication == 0 {
		in.Replication = DefaultReplication
	}
	if in.Cluster.MemstoreFraction == 0 {
		in.Cluster.MemstoreFraction = DefaultMemstoreFraction
	}
	if in.Cluster.FlushSize == 0 {
		in.Cluster.FlushSize = DefaultFlushSize
	}
	if in.Cluster.Families == 0 {
		in.Cluster.Families = DefaultFamilies
	}
	if c := in.Volume.Cells; c != nil && in.Volume.RowBytes == 0 {
		in.Volume.RowBytes = c.RowBytes()
	}
	return in
}

// Validate checks every input against the model's rules.
func (in Input) Validate() error {
	if err := in.Volume.validate(); err != nil {
		return err
	}
	if err := in.validateSizing(); err != nil {
		return err
	}
	if err := in.validateStores(); err != nil {
		return err
	}
	return in.Cluster.validate()
}

// validate checks the volume: rows x row size or daily x retention, never both.
func (v Volume) validate() error {
	switch {
	case v.Rows != 0 && v.Daily != 0:
		return &InputError{"rows", num(v.Rows), "cannot be combined with daily: give rows x row size or daily x retention"}
	case v.Daily != 0 || v.RetentionDays != 0:
		return v.validateDaily()
	case v.HorizonDays != 0:
		return &InputError{"horizon", num(v.HorizonDays) + " days", "needs daily ingest and a retention: a horizon is days of ingest"}
	}
	if err := positive("rows", v.Rows); err != nil {
		return err
	}
	if c := v.Cells; c != nil {
		if err := c.validate(); err != nil {
			return err
		}
	}
	return positive("kv", v.RowBytes)
}

// validateDaily checks a volume given as daily ingest x retention, with its TTL and
// horizon.
func (v Volume) validateDaily() error {
	if err := positive("daily", v.Daily); err != nil {
		return err
	}
	if !wholeDays(v.RetentionDays) {
		return &InputError{"retention", num(v.RetentionDays) + " days", "must be a whole number of days, at least 1"}
	}
	if t := v.TTLDays; t < 0 || math.IsNaN(t) || math.IsInf(t, 0) {
		return &InputError{"ttl", num(t) + " days", "must be a positive number of days"}
	}
	if h := v.HorizonDays; h != 0 && !wholeDays(h) {
		return &InputError{"horizon", num(h) + " days", "must be a whole number of days, at least 1"}
	}
	return nil
}

// wholeDays says whether d is a whole number of days, at least 1.
func wholeDays(d float64) bool {
	return d >= 1 && !math.IsInf(d, 0) && d == math.Trunc(d)
}

// validateSizing checks how the volume becomes regions: compression, the split family's
// share, redundancy, the region size and replication.
func (in Input) validateSizing() error {
	if r := in.CompressionRatio; !(r > 0 && r <= MaxCompressionRatio) {
		return &InputError{"compression_ratio", num(r), fmt.Sprintf("must be > 0 and <= %g (stored / raw)", MaxCompressionRatio)}
	}
	if r := in.Redundancy; !(r >= MinRedundancy && r <= MaxRedundancy) {
		return &InputError{"redundancy", num(r), fmt.Sprintf("must be from %g to %g", MinRedundancy, MaxRedundancy)}
	}
	if s := in.RegionSize; !(s >= MinRegionSize) || math.IsInf(s, 0) {
		return &InputError{"region_size", num(s) + " bytes", "must be at least 1 MiB"}
	}
	if r := in.Replication; r < MinReplication || r > MaxReplication {
		return &InputError{"replication", fmt.Sprint(r), fmt.Sprintf("must be from %d to %d (HDFS dfs.replication)", MinReplication, MaxReplication)}
	}
	return nil
}

// validate checks the cluster: RegionServers, heap, memstore fraction, flush size and
// families.
func (c Cluster) validate() error {
	if c.RegionServers < 0 || c.RegionServers > MaxRegionServers {
		return &InputError{"region_servers", fmt.Sprint(c.RegionServers), fmt.Sprintf("must be from 1 to %d", MaxRegionServers)}
	}
	if c.Heap < 0 || math.IsNaN(c.Heap) || math.IsInf(c.Heap, 0) {
		return &InputError{"heap", num(c.Heap) + " bytes", "must be a positive size"}
	}
	if f := c.MemstoreFraction; !(f > 0 && f <= MaxMemstoreFraction) {
		return &InputError{"memstore_fraction", num(f), fmt.Sprintf("must be > 0 and <= %g (HBase caps memstore + block cache at 0.8 of the heap)", MaxMemstoreFraction)}
	}
	if err := positive("flush_size", c.FlushSize); err != nil {
		return err
	}
	if c.Families < 1 {
		return &InputError{"families", fmt.Sprint(c.Families), "must be at least 1"}
	}
	return nil
}

func (c Cells) validate() error {
	checks := []struct {
		field string
		value int
		min   int
	}{
		{"cells", c.Count, 1},
		{"row_len", c.RowLen, 1},
		{"family_len", c.FamilyLen, 1},
		{"qualifier_len", c.QualifierLen, 0},
		{"value_len", c.ValueLen, 0},
		{"versions", c.versions(), 1},
	}
	for _, ch := range checks {
		if ch.value < ch.min {
			return &InputError{ch.field, fmt.Sprint(ch.value), fmt.Sprintf("must be at least %d", ch.min)}
		}
	}
	return nil
}

func positive(field string, v float64) error {
	if !(v > 0) || math.IsInf(v, 0) {
		return &InputError{field, num(v), "must be a positive finite number"}
	}
	return nil
}

func num(v float64) string { return fmt.Sprintf("%g", v) }

// DaysText is a number of days as a TTL gives it: 30 days, 1.5 days, 1 day, 6 hours (a TTL
// need not be whole days, and a fraction of a day reads better in hours).
func DaysText(d float64) string {
	switch {
	case d == 1:
		return "1 day"
	case d >= 1:
		return strconv.FormatFloat(d, 'f', -1, 64) + " days"
	case d*24 == 1:
		return "1 hour"
	}
	return strconv.FormatFloat(math.Round(d*24*100)/100, 'f', -1, 64) + " hours"
}

// Compute runs the model: raw -> stored -> planned -> regions, the disk estimate, the
// memstore ceiling and, for daily ingest, the growth horizons. With Stores each store is
// sized on its own and the regions come from the store HBase splits on.
func Compute(in Input) (Sizing, error) {
	in = in.WithDefaults()
	if err := in.Validate(); err != nil {
		return Sizing{}, err
	}
	p := Sizing{Input: in}
	if err := in.sizeAll(&p); err != nil {
		return Sizing{}, err
	}
	if in.Volume.Daily > 0 {
		if err := in.growth(&p); err != nil {
			return Sizing{}, err
		}
	}
	if c := in.Cluster; c.Heap > 0 {
		p.MemstoreCeiling = c.Heap * c.MemstoreFraction / (c.FlushSize * float64(c.Families))
	}
	if c := in.Cluster; c.RegionServers > 0 {
		p.RegionsPerServer = float64(p.Regions) / float64(c.RegionServers)
	}
	return p, nil
}

// sizeAll sizes the table: its stores apart, or the whole row as one store.
func (in Input) sizeAll(p *Sizing) error {
	if len(in.Stores) > 0 {
		return in.sizeStores(p)
	}
	p.RowBytes = in.Volume.RowBytes
	if in.Volume.Daily > 0 {
		p.RawBytes = in.Volume.Daily * in.Volume.SplitDays()
	} else {
		p.RawBytes = in.Volume.Rows * in.Volume.RowBytes
	}
	var err error
	p.StoredBytes, p.PlannedBytes, p.ExactRegions, p.Regions, p.DiskBytes, err = in.size(p.RawBytes)
	p.SplitBytes = p.PlannedBytes
	return err
}

// growth fills the growth horizons of daily ingest. A TTL need not be whole days (36h):
// the table then holds that much at its last horizon, the whole day it falls in. The
// growth table runs past a horizon to the days kept: a table that needs too many regions
// there is refused as the split would be (its rows were zeros).
func (in Input) growth(p *Sizing) error {
	days := in.Volume.KeptDays()
	for _, d := range horizons(int(math.Ceil(days))) {
		var h Horizon
		var err error
		if len(in.Stores) > 0 {
			h, err = in.storeHorizon(p, d)
		} else {
			h = Horizon{Days: d, RawBytes: in.Volume.Daily * math.Min(float64(d), days)}
			h.StoredBytes, h.PlannedBytes, _, h.Regions, h.DiskBytes, err = in.size(h.RawBytes)
			h.SplitBytes = h.PlannedBytes
		}
		if err != nil {
			return fmt.Errorf("at %s of ingest (the growth table runs to the days the table keeps): %w", DaysText(float64(d)), err)
		}
		p.Horizons = append(p.Horizons, h)
	}
	return nil
}

// RegionsOf is the regions bytes take at size bytes a region: ceil(bytes / size), a
// quotient within a relative 1e-12 of a whole number being that number. 100 GiB x 30 x
// 0.55 / 10 GiB is 165 exactly but 165.00000000000003 in float64, whose ceiling would add
// a region that the workbook's own CEILING (recalculated by a spreadsheet) and the reader's
// arithmetic do not; no planned size is that close to a region boundary on purpose. The
// model, the split policy's and lint's counts all take it.
func RegionsOf(bytes, size float64) int { return ceilWhole(bytes / size) }

func ceilWhole(x float64) int {
	if r := math.Round(x); math.Abs(x-r) <= 1e-12*math.Max(1, math.Abs(x)) {
		return int(r)
	}
	return int(math.Ceil(x))
}

// size applies compression, redundancy and the region size to raw bytes.
func (in Input) size(raw float64) (stored, planned, exact float64, regions int, disk float64, err error) {
	stored = raw * in.CompressionRatio
	planned = stored * in.Redundancy
	if exact, regions, err = in.regions(planned); err != nil {
		return 0, 0, 0, 0, 0, err
	}
	return stored, planned, exact, regions, planned * float64(in.Replication), nil
}

// horizons are 30, 182 and 365 days and the days kept, capped by the days kept.
func horizons(retention int) []int {
	seen := map[int]bool{}
	var out []int
	for _, d := range append(horizonDays, retention) {
		d = min(d, retention)
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	sort.Ints(out)
	return out
}

// HeldDays is the days of ingest horizon h's figures hold: its day, or the days kept when
// fewer (a TTL of 36h holds 1.5 days at its last horizon, day 2).
func (p Sizing) HeldDays(h Horizon) float64 {
	return math.Min(float64(h.Days), p.Input.Volume.KeptDays())
}
