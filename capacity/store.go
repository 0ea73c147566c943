package capacity

import (
	"fmt"
	"math"

	"github.com/presplit/presplit/hbase"
)

// Store is one column family as HBase stores it: a region keeps one store per family, each
// with its own files, versions, TTL and codec. Input.Stores lists them when every family
// gives its share of a row; the model then sizes every store on its own and takes the
// region count from the store (or stores) HBase splits on.
type Store struct {
	Name  string
	Share float64 // the family's part of one version of a row's bytes (or of the daily ingest), (0, 1]
	// Versions is the VERSIONS the family keeps of each of its cells (0: 1). With rows x
	// bytes per row the store keeps share x kv x Versions a row. Daily ingest is bytes
	// written: a new version is a write like a new row, so it is in the daily figure
	// already, and VERSIONS only caps what an update keeps (never more than was written):
	// a daily store keeps share x daily x its days, whatever its VERSIONS.
	Versions int
	// TTLDays is when HBase expires the family's cells (0: never, the table's days kept
	// decide): a daily store keeps min(TTL, retention) days. With rows x bytes per row
	// the rows are the table's whole content and the TTL is not applied.
	TTLDays float64
	// CompressionRatio is the family's stored / raw (0: the table's Input.CompressionRatio);
	// Codec its COMPRESSION, for the report ("" or NONE: uncompressed).
	CompressionRatio float64
	Codec            string
}

// StorePlan is one store's figures: what it keeps, and the regions it alone would need.
type StorePlan struct {
	Store             // Versions at least 1, CompressionRatio the store's own or the table's
	OwnRatio  bool    // the family gives its own ratio (else the table's)
	KeptDays  float64 // daily ingest: the days the store holds (its TTL, capped by the retention)
	SplitDays float64 // daily ingest: the days it is sized for (the horizon, capped by KeptDays)
	RowBytes  float64 // rows x bytes per row: share x one version's bytes x Versions
	RawBytes  float64 // rows x RowBytes, or daily x share x SplitDays
	StoredBytes,
	PlannedBytes float64 // raw x the store's ratio; x redundancy
	ExactRegions float64 // planned / region size: the regions this store alone fills
	Regions      int     // ceil(ExactRegions)
}

// StoreHorizon is one store's size at a growth horizon.
type StoreHorizon struct {
	Name         string
	RawBytes     float64 // daily x share x min(days, the store's days kept)
	StoredBytes  float64
	PlannedBytes float64
	Regions      int // ceil(planned / region size)
}

// SplitOverallDefault is hbase.hregion.split.overallfiles's default at the target:
// true from 3.0.0 (HBASE-24664, hbase-default.xml on branch-3 and master), false on 2.x.
func SplitOverallDefault(v hbase.Version) bool { return hbase.SplitOnOverall.In(v) }

// SplitOverallSettable says whether the target reads hbase.hregion.split.overallfiles:
// the setting came with HBASE-24664 in 2.4.0 (HConstants.OVERALL_HREGION_FILES); before,
// ConstantSizeRegionSplitPolicy.shouldSplit always splits on the largest store.
func SplitOverallSettable(v hbase.Version) bool { return hbase.SplitOverallSetting.In(v) }

// validateStores checks the stores: shares adding up to 1, versions, TTLs and ratios.
func (in Input) validateStores() error {
	sum := 0.0
	for _, s := range in.Stores {
		if !(s.Share > 0 && s.Share <= 1) {
			return &InputError{"families.share", num(s.Share), "must be in (0, 1]"}
		}
		sum += s.Share
		if s.Versions < 0 {
			return &InputError{"families.versions", fmt.Sprint(s.Versions), "must be at least 1"}
		}
		if t := s.TTLDays; t < 0 || math.IsNaN(t) || math.IsInf(t, 0) {
			return &InputError{"families.ttl", num(t) + " days", "must be a positive number of days"}
		}
		if r := s.CompressionRatio; r != 0 && !(r > 0 && r <= MaxCompressionRatio) {
			return &InputError{"families.compression_ratio", num(r), fmt.Sprintf("must be > 0 and <= %g (stored / raw)", MaxCompressionRatio)}
		}
	}
	if len(in.Stores) > 0 && math.Abs(sum-1) > 1e-9 {
		return &InputError{"families.share", num(sum), "must add up to 1 over the families (each family's part of a row)"}
	}
	return nil
}

// resolved is the store with its defaults: Versions at least 1, the table's ratio when
// the family gives none.
func (in Input) resolved(s Store) Store {
	if s.Versions == 0 {
		s.Versions = DefaultVersions
	}
	if s.CompressionRatio == 0 {
		s.CompressionRatio = in.CompressionRatio
	}
	return s
}

// storeKeptDays is the days a store of daily ingest holds: its TTL when shorter than the
// table's days kept, else those.
func (in Input) storeKeptDays(s Store) float64 {
	if kept := in.Volume.KeptDays(); s.TTLDays == 0 || s.TTLDays >= kept {
		return kept
	}
	return s.TTLDays
}

// sizeStores sizes every store and takes the region count from the split rule.
func (in Input) sizeStores(p *Sizing) error {
	v := in.Volume
	for _, s := range in.Stores {
		sp := StorePlan{Store: in.resolved(s), OwnRatio: s.CompressionRatio != 0}
		if v.Daily > 0 {
			sp.KeptDays = in.storeKeptDays(s)
			sp.SplitDays = sp.KeptDays
			if v.HorizonDays > 0 && v.HorizonDays < sp.KeptDays {
				sp.SplitDays = v.HorizonDays
			}
			sp.RawBytes = v.Daily * sp.Share * sp.SplitDays
		} else {
			sp.RowBytes = v.PutBytes() * sp.Share * float64(sp.Versions)
			sp.RawBytes = v.Rows * sp.RowBytes
			p.RowBytes += sp.RowBytes
		}
		sp.StoredBytes, sp.PlannedBytes, sp.Regions = in.storeSize(sp.RawBytes, sp.CompressionRatio)
		sp.ExactRegions = sp.PlannedBytes / in.RegionSize
		p.RawBytes += sp.RawBytes
		p.StoredBytes += sp.StoredBytes
		p.PlannedBytes += sp.PlannedBytes
		p.Stores = append(p.Stores, sp)
	}
	planned := make([]float64, len(p.Stores))
	for i, sp := range p.Stores {
		planned[i] = sp.PlannedBytes
	}
	split, at := in.weigh(planned)
	if at >= 0 && len(p.Stores) > 1 { // one store is the whole row: no store to name
		p.SplitStore = p.Stores[at].Name
	}
	var err error
	p.SplitBytes = split
	p.ExactRegions, p.Regions, err = in.regions(split)
	p.DiskBytes = p.PlannedBytes * float64(in.Replication)
	return err
}

// storeSize is a store's raw bytes compressed at its ratio, with the redundancy, and the
// regions the store alone would fill (the report's per-family count).
func (in Input) storeSize(raw, ratio float64) (stored, planned float64, regions int) {
	stored = raw * ratio
	planned = stored * in.Redundancy
	return stored, planned, max(1, RegionsOf(planned, in.RegionSize))
}

// weigh is HBase's split rule over the stores' planned bytes: with
// hbase.hregion.split.overallfiles a region splits when all its stores together exceed
// MAX_FILESIZE (the sum, store -1), else when its largest store does (that store's bytes,
// and its index). ConstantSizeRegionSplitPolicy.isExceedSize.
func (in Input) weigh(planned []float64) (bytes float64, store int) {
	if in.SplitOverall {
		for _, b := range planned {
			bytes += b
		}
		return bytes, -1
	}
	store = 0
	for i, b := range planned {
		if b > planned[store] {
			store = i
		}
	}
	return planned[store], store
}

// regions is the region count of the bytes the split rule weighs, refused past what
// presplit plans for.
func (in Input) regions(weighed float64) (float64, int, error) {
	exact := weighed / in.RegionSize
	if math.IsInf(weighed, 0) || exact > hbase.MaxRegions {
		return 0, 0, fmt.Errorf("the table needs %.4g regions of %.4g bytes, more than the %d presplit plans for; raise the region size", exact, in.RegionSize, hbase.MaxRegions)
	}
	return exact, max(1, RegionsOf(weighed, in.RegionSize)), nil
}

// storeHorizon is the table at d days of daily ingest when its stores are sized apart:
// each store holds min(d, its days kept) days of its share.
func (in Input) storeHorizon(p *Sizing, d int) (Horizon, error) {
	h := Horizon{Days: d}
	planned := make([]float64, len(p.Stores))
	for i, sp := range p.Stores {
		sh := StoreHorizon{Name: sp.Name, RawBytes: in.Volume.Daily * sp.Share * math.Min(float64(d), sp.KeptDays)}
		sh.StoredBytes, sh.PlannedBytes, sh.Regions = in.storeSize(sh.RawBytes, sp.CompressionRatio)
		planned[i] = sh.PlannedBytes
		h.RawBytes += sh.RawBytes
		h.StoredBytes += sh.StoredBytes
		h.PlannedBytes += sh.PlannedBytes
		h.Stores = append(h.Stores, sh)
	}
	var at int
	if h.SplitBytes, at = in.weigh(planned); at >= 0 && len(h.Stores) > 1 {
		h.SplitStore = h.Stores[at].Name
	}
	var err error
	_, h.Regions, err = in.regions(h.SplitBytes)
	h.DiskBytes = h.PlannedBytes * float64(in.Replication)
	return h, err
}

// SplitWriteWeight is what HBase's split rule weighs of a byte written: the stores it
// splits on, their share of a put x their ratio, x the redundancy (a version is a put,
// so VERSIONS does not weigh a write). Without stores: ratio x redundancy.
func (p Sizing) SplitWriteWeight() float64 {
	in := p.Input
	if len(p.Stores) == 0 {
		return in.CompressionRatio * in.Redundancy
	}
	w := 0.0
	for _, s := range p.Stores {
		if p.SplitStore == "" || s.Name == p.SplitStore { // "": all stores (or the only one)
			w += s.Share * s.CompressionRatio
		}
	}
	return w * in.Redundancy
}

// SplitShare is the split store's part of the planned bytes when a region splits on its
// largest store (SplitStore); 0 when the split rule weighs all the planned bytes.
func (p Sizing) SplitShare() float64 {
	if p.SplitStore == "" || p.PlannedBytes <= 0 {
		return 0
	}
	return p.SplitBytes / p.PlannedBytes
}
