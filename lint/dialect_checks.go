package lint

// The checks of the plan as Phoenix and Cloud Bigtable create it (--format phoenix, cbt,
// terraform; a spec whose rowkey carries Phoenix types is a Phoenix table).

import (
	"bytes"
	"strconv"

	"github.com/presplit/presplit/finding"
	"github.com/presplit/presplit/phoenix"
	"github.com/presplit/presplit/tablespec"
)

// Thresholds of the dialect checks.
const (
	// SaltBucketsPerServer: SALT_BUCKETS above this many per RegionServer is "well above"
	// the server count (the OpenTSDB maintainers size salt buckets to the servers).
	SaltBucketsPerServer = 2
	// MaxBigtableSplits is the cap java-bigtable-hbase puts on a table's initial splits.
	MaxBigtableSplits = 9_500
)

// saltBuckets is B when the rowkey prefix is byte:B (Phoenix's salt byte), else 0.
func (p *Pass) saltBuckets() int {
	if p.Prefix == nil || p.Prefix.Name != "byte" {
		return 0
	}
	return len(p.Prefix.Alphabet)
}

// rowkeyPos is where the design states its rowkey prefix, for findings about it.
func (p *Pass) rowkeyPos() tablespec.Pos {
	if r := p.Design.Rowkey; r != nil {
		if r.Prefix.Pos.Line > 0 {
			return r.Prefix.Pos
		}
		if r.Pos.Line > 0 {
			return r.Pos
		}
	}
	return tablespec.Pos{Line: 1, Col: 1}
}

// PX001: more salt buckets than the cluster has use for.
var PX001 = &Analyzer{
	Code: "PX001", Severity: finding.Warning,
	Doc: "Phoenix SALT_BUCKETS well above the RegionServer count",
	Run: func(p *Pass) {
		b, rs := p.saltBuckets(), p.servers()
		if !p.Phoenix || b == 0 || rs == 0 || b <= SaltBucketsPerServer*rs {
			return
		}
		p.Report(p.rowkeyPos(), "size the salt to the servers: byte:"+strconv.Itoa(rs)+" (one bucket per RegionServer)",
			"SALT_BUCKETS = %d is well above the %d RegionServers: every scan fans out to %d buckets and each server holds %.0f of them; the OpenTSDB maintainers size salt buckets to the servers, and 256 is too many for most clusters",
			b, rs, b, float64(b)/float64(rs))
	},
}

// PX002: a split on the salt byte that SALT_BUCKETS cannot make.
var PX002 = &Analyzer{
	Code: "PX002", Severity: finding.Error,
	Doc: "Phoenix: split points on a salted table (SPLIT ON with SALT_BUCKETS)",
	Run: func(p *Pass) {
		b := p.saltBuckets()
		if !p.Phoenix || b == 0 || p.Split == nil {
			return
		}
		want := phoenix.SaltSplits(b)
		same := len(p.Split.Suffix) == 0 && len(want) == p.Split.Keys.Len()
		for i := 0; same && i < len(want); i++ {
			same = bytes.Equal(want[i], p.Split.Keys.At(i))
		}
		if same {
			return
		}
		p.Report(p.splitPos(), "plan one region per bucket (splits regions: "+strconv.Itoa(b)+") and let SALT_BUCKETS split the table",
			"the table is salted (byte:%d, SALT_BUCKETS = %d) but split into %d regions on other points: Phoenix refuses SPLIT ON for a salted table (error 1022), and SALT_BUCKETS always makes %d regions",
			b, b, p.Split.Regions(), b)
	},
}

// PX004: split keys whose suffix sorts below the Phoenix column after the prefix. A key
// NN| closes bucket NN only when every row byte after NN is below |; Phoenix writes a
// signed number, date or timestamp with its sign bit flipped (0x80 and above for every
// value >= 0), a positive DECIMAL above 0x80, and binary as any byte, so the bucket's rows
// sort after its own closing key and every region's rows shift one bucket up (RG002's
// case, with the row's bytes Phoenix's).
var PX004 = &Analyzer{
	Code: "PX004", Severity: finding.Error,
	Doc: "Phoenix: a split key suffix below the bytes of the primary key column after the prefix",
	Run: func(p *Pass) {
		if !p.Phoenix || len(p.PhoenixPK) == 0 || p.Split == nil || len(p.Split.Suffix) == 0 || p.Split.Keys.Len() == 0 || p.saltBuckets() > 0 {
			return
		}
		k := p.Split.Keys.At(0)
		col, ok := phoenix.ColumnAt(len(k)-len(p.Split.Suffix), p.PhoenixPK)
		if !ok || !phoenix.HighFirstByte(col.Type) {
			return
		}
		where := p.splitPos()
		if r := p.Design.Rowkey; r != nil && r.Suffix.Pos.Line > 0 {
			where = r.Suffix.Pos
		}
		p.Report(where, "split at the next prefix without a suffix ('01', '02', ...: the exact equivalent, no empty region)",
			"the split keys end in the suffix '%s' where the Phoenix key has column %s %s, whose values start at 0x80 and above (Phoenix flips a signed number's sign bit; a positive DECIMAL and binary too): each bucket's rows sort after its closing key, so every region's rows shift one bucket up and region 1 loses its first bucket",
			keyText(p.Split.Suffix), phoenix.ColumnName(col.Name), col.Type)
	},
}

// PX003: split points that Phoenix pads inside a fixed-width key column.
var PX003 = &Analyzer{
	Code: "PX003", Severity: finding.Warning,
	Doc: "Phoenix: split keys that end inside a fixed-width primary key column",
	Run: func(p *Pass) {
		if !p.Phoenix || len(p.PhoenixPK) == 0 || p.Split == nil || p.saltBuckets() > 0 {
			return
		}
		n, first := 0, -1
		var col phoenix.Column
		for i, k := range p.Split.Keys.All() {
			if c, ok := phoenix.Inside(k, p.PhoenixPK); ok {
				if first < 0 {
					first, col = i, c
				}
				n++
			}
		}
		if n == 0 {
			return
		}
		k := p.Split.Keys.At(first)
		p.Report(p.rowkeyPos(), "make the prefix exactly as wide as its column ("+col.Type.String()+"), or the column as wide as the prefix",
			`%d split keys end inside the fixed-width column %s %s, like "%s": Phoenix pads each with zero bytes, so HBase splits at "%s"`,
			n, phoenix.ColumnName(col.Name), col.Type, keyText(k), keyText(phoenix.Pad(k, p.PhoenixPK, false)))
	},
}

// BT001: more initial splits than Bigtable's HBase client creates.
var BT001 = &Analyzer{
	Code: "BT001", Severity: finding.Warning,
	Doc: "Bigtable: more than 9,500 initial splits",
	Run: func(p *Pass) {
		if p.Format != "cbt" && p.Format != "terraform" || p.Split == nil || p.Split.Keys.Len() <= MaxBigtableSplits {
			return
		}
		p.Report(p.splitPos(), "use a larger region size for fewer regions, and let Bigtable split the table as data grows",
			"%d split keys, more than the %d initial splits java-bigtable-hbase allows a table", p.Split.Keys.Len(), MaxBigtableSplits)
	},
}
