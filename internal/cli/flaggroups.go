package cli

// The design's flags, declared once per group: the table, its families, the volume, the
// cluster, the access pattern, the split, the sample and the output. A flag that sets a
// design field names it beside its declaration (sets); the field-to-flag table
// (flagOfField, fieldnames.go) is read from these declarations, so a field's flag is
// stated once, where the flag is.

import (
	"fmt"
	"math"
	"strings"

	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/render"
	"github.com/presplit/presplit/sample"
	"github.com/presplit/presplit/splits"
	"github.com/presplit/presplit/tablespec"
	"github.com/urfave/cli/v2"
)

// designFlag is a flag as a command declares it and the design fields it sets, by their
// field.Ref names (capacity.region_size); a flag that sets none has no fields.
type designFlag struct {
	flag   cli.Flag
	fields []string
}

// sets declares a flag that sets the fields.
func sets(f cli.Flag, fields ...string) designFlag { return designFlag{flag: f, fields: fields} }

// flagOnly declares a flag that sets no design field (-o, --memory).
func flagOnly(f cli.Flag) designFlag { return designFlag{flag: f} }

// familySetting declares the flag of a family setting given for every family: it sets the
// families' field of the setting's key (families.ttl).
func familySetting(f cli.Flag) designFlag {
	st, ok := tablespec.FamilySettingByFlag(f.Names()[0])
	if !ok {
		panic("cli: no family setting " + f.Names()[0])
	}
	return sets(f, "families."+st.Key)
}

// flagGroup is one group's flags, in the order help lists them.
type flagGroup []designFlag

// flags are the group's flags as a command declares them, with their names read once
// (namesOnce).
func (g flagGroup) flags() []cli.Flag {
	out := make([]cli.Flag, len(g))
	for i, df := range g {
		out[i] = namesOnce(df.flag)
	}
	return out
}

// names are the group's flags' names.
func (g flagGroup) names() []string {
	out := make([]string, len(g))
	for i, df := range g {
		out[i] = df.flag.Names()[0]
	}
	return out
}

// tableGroup is the table: its name, its settings (one flag for each entry of
// tablespec.TableSettings, read by the entry's parser) and the Phoenix primary key.
func tableGroup() flagGroup {
	g := flagGroup{
		sets(&cli.StringFlag{Name: "table", Usage: "table `NAME`: [namespace:]name", DefaultText: "t1"}, "table"),
	}
	for _, ts := range tablespec.TableSettings {
		h, ok := tableSettingHelp[ts.Key]
		if !ok {
			panic("cli: no help for the table setting " + ts.Key)
		}
		g = append(g, sets(newTableSettingFlag(ts, h.usage, h.defaultText, h.isSwitch), "table."+ts.Key))
	}
	return append(g,
		sets(&cli.StringFlag{Name: "phoenix-pk", Usage: "Phoenix primary key `COLUMNS` for --format phoenix, like 'bucket CHAR(2), user_id VARCHAR, ts BIGINT' (replaces the spec's phoenix_type)"}, "phoenix_pk"),
	)
}

// tableSettingHelp is the help of each table setting's flag, by its key in
// tablespec.TableSettings: the usage, the default help names, and whether it is a switch.
var tableSettingHelp = map[string]struct {
	usage, defaultText string
	isSwitch           bool
}{
	"hbase_version": {usage: "target HBase `VERSION`: a release line (" + hbase.DefaultVersion.String() +
		") or a release (2.6.7); decides the values accepted and the statements written", defaultText: hbase.DefaultVersion.String()},
	"split_policy":       {usage: "keep HBase's later splits on the plan's edges, `POLICY`: prefix (the keys' width), delimited (up to --suffix), disabled (no splits), constant (ConstantSizeRegionSplitPolicy: split at MAX_FILESIZE only) or default (the cluster's)", defaultText: "default"},
	"normalization":      {usage: "NORMALIZATION_ENABLED: `BOOL`, true or false (the normalizer merges empty pre-split regions)"},
	"region_replication": {usage: "REGION_REPLICATION: `N` replicas of each region, 1..2147483647"},
	"durability":         {usage: "DURABILITY: `MODE`, one of " + strings.Join(hbase.Durabilities, " ")},
	"max_filesize":       {usage: "write MAX_FILESIZE (the region size): `BOOL`, false leaves it to the cluster's hbase.hregion.max.filesize", defaultText: "true"},
	"create_namespace":   {usage: "write create_namespace 'NS' before the create (the --table's namespace; the shell fails if it exists)", isSwitch: true},
	"memstore_flushsize": {usage: "MEMSTORE_FLUSHSIZE: the table's own flush `SIZE`, whole bytes, over the cluster's hbase.hregion.memstore.flush.size (--flush-size, never written)"},
}

// familiesGroup is the families: --family, and the family settings given for every
// family (tablespec.FamilySettings), below a family's own settings in --family
// NAME:SETTINGS.
func familiesGroup() flagGroup {
	return flagGroup{
		flagOnly(newListFlag("family", "column family `NAME`, or NAME:SETTINGS for one family's own settings, like d:ttl=30d,compression=zstd,versions=1 (repeatable; a,b names two families; a name with '=' is refused: the settings follow the name and a colon)", "cf")),
		familySetting(newFamilySettingFlag("versions", "VERSIONS: `N` versions kept per cell, 1..2147483647")),
		familySetting(newFamilySettingFlag("ttl", "TTL: `DURATION` like 30d, 720h, seconds, forever or '30 DAYS'")),
		familySetting(newFamilySettingFlag("compression", "COMPRESSION: `ALGO`, one of "+strings.Join(hbase.Compressions, " "))),
		familySetting(newFamilySettingFlag("bloom", "BLOOMFILTER: `TYPE`, one of "+strings.Join(hbase.Blooms, " ")+" or rowprefix_fixed_length:W (from 2.2)")),
		familySetting(newFamilySettingFlag("block-size", "BLOCKSIZE: `SIZE`, whole bytes, 1K..16M (64K = 64KB = 65536)")),
		familySetting(newFamilySettingFlag("encoding", "DATA_BLOCK_ENCODING: `ENC`, one of "+strings.Join(hbase.Encodings, " "))),
		familySetting(&cli.BoolFlag{Name: "in-memory", Usage: "IN_MEMORY => true for every family"}),
		familySetting(newFamilySettingFlag("blockcache", "BLOCKCACHE: `BOOL`, true or false, for every family")),
		familySetting(newFamilySettingFlag("keep-deleted-cells", "KEEP_DELETED_CELLS: `MODE`, one of true, false, TTL, for every family")),
		familySetting(newFamilySettingFlag("min-versions", "MIN_VERSIONS: `N` versions kept past the TTL, 0..VERSIONS, for every family")),
	}
}

// volumeGroup is the sizing model's volume and factors, each a typed value with its range
// (flags.go): a bad value is refused as the flags are read, in one form.
func volumeGroup() flagGroup {
	return flagGroup{
		sets(newCountFlag("rows", "number of rows `N`: 1e10, 2.5e9, 10000000000 or 10G (SI k M G T)", "", 0), "capacity.rows"),
		sets(newSizeFlag("kv", "average bytes of all KeyValues of one version of a row, `SIZE`: 300B, 1K, 1.5KiB (an average: fractions stay); a row is --kv x --versions", "", sizeRule{}), "capacity.kv"),
		sets(newIntFlag("cells", "cells per row `C`, instead of --kv (with --row-len, --family-len, --qualifier-len, --value-len)", "", 1, math.MaxInt32), "capacity.cells"),
		sets(newLengthFlag("row-len", "rowkey length in `BYTES`, or a size as --kv reads it (1k = 1024) (with --cells)", 1, hbase.MaxRowLength), "capacity.cells.row_len"),
		sets(newLengthFlag("family-len", "column family name length in `BYTES` (with --cells)", 1, hbase.MaxFamilyLength), "capacity.cells.family_len"),
		sets(newLengthFlag("qualifier-len", "average qualifier length in `BYTES`, or a size as --kv reads it (1k = 1024) (with --cells)", 0, math.MaxInt32), "capacity.cells.qualifier_len"),
		sets(newLengthFlag("value-len", "average value length in `BYTES`, or a size as --kv reads it (1k = 1024) (with --cells)", 0, math.MaxInt32), "capacity.cells.value_len"),
		sets(newSizeFlag("daily", "raw ingest per day, `SIZE` with its unit (500GB), instead of --rows (with --retention)", "", sizeRule{Unit: true}), "capacity.daily"),
		sets(newDurationFlag("retention", "how long data is kept, `DURATION`: 30d, 52w, 1y, 720h (with --daily); the families' TTL unless --ttl is given", "", durationRule{WholeDays: true, Min: 86400}), "capacity.retention"),
		sets(newDurationFlag("horizon", "pre-split for this `DURATION` of ingest (30d), not the whole retention; the growth table still runs to the retention", "", durationRule{WholeDays: true, Min: 86400}), "capacity.horizon"),
		sets(withDefault(newRatioFlag("compression-ratio", fmt.Sprintf("stored / raw `RATIO`, > 0 and <= %g", capacity.MaxCompressionRatio), "", ratioRule{Min: 0, Max: capacity.MaxCompressionRatio, MinOpen: true}), "1.0"), "capacity.compression_ratio"),
		sets(withDefault(newRatioFlag("redundancy", fmt.Sprintf("`FACTOR` for HFile indexes, blooms, compaction headroom (%g..%g); never versions (--versions multiplies --kv) nor HDFS replication", capacity.MinRedundancy, capacity.MaxRedundancy), "", ratioRule{Min: capacity.MinRedundancy, Max: capacity.MaxRedundancy}), "1.5"), "capacity.redundancy"),
		sets(withDefault(newSizeFlag("region-size", "target `SIZE` per region (hbase.hregion.max.filesize), whole bytes", "", sizeRule{Whole: true, Min: capacity.MinRegionSize}), "10g"), "capacity.region_size"),
		sets(withDefault(newIntFlag("replication", "HDFS replication `N`, for the disk estimate only", "", capacity.MinReplication, capacity.MaxReplication), "3"), "capacity.replication"),
		sets(withDefault(newRatioFlag("fill", "plan the regions at this `SHARE` of MAX_FILESIZE, (0, 1]; MAX_FILESIZE stays --region-size: 0.875 keeps every region below the lowest jitter draw (hbase.hregion.max.filesize.jitter)", "", ratioRule{Min: 0, Max: 1, MinOpen: true}), "1"), "capacity.fill"),
	}
}

// clusterGroup is the cluster the table lives on: its RegionServers, memstore and split
// machinery, and the families flushing together.
func clusterGroup() flagGroup {
	return flagGroup{
		sets(newIntFlag("region-servers", "number of RegionServers `N`", "", 1, capacity.MaxRegionServers), "cluster.region_servers"),
		sets(newSizeFlag("heap", "RegionServer heap `SIZE`, for the memstore ceiling", "", sizeRule{Min: 1 << 20}), "cluster.heap"),
		sets(withDefault(newRatioFlag("memstore-fraction", fmt.Sprintf("hbase.regionserver.global.memstore.size `F`, > 0 and <= %g", capacity.MaxMemstoreFraction), "", ratioRule{Min: 0, Max: capacity.MaxMemstoreFraction, MinOpen: true}), "0.4"), "cluster.memstore_fraction"),
		sets(withDefault(newSizeFlag("flush-size", "the cluster's hbase.hregion.memstore.flush.size `SIZE`, whole bytes, for the memstore ceiling and the split policy (a cluster fact: presplit writes no MEMSTORE_FLUSHSIZE; that is --memstore-flushsize)", "", sizeRule{Whole: true, Min: capacity.MinFlushSize}), "128m"), "cluster.flush_size"),
		sets(newIntFlag("split-limit", "the cluster's hbase.regionserver.regionSplitLimit `N`: a RegionServer holding N online regions (every table's, replicas included) splits none (default 1000)", "", 1, 1_000_000), "cluster.region_split_limit"),
		sets(newIntFlag("other-regions", "online regions `N` the cluster's other tables hold, replicas included, against the split limit", "", 0, 1_000_000_000), "cluster.other_regions"),
		sets(newSizeFlag("initial-size", "the cluster's hbase.increasing.policy.initial.size `SIZE`, whole bytes: where IncreasingToUpperBound and Stepping split a server's first regions (default 2 x --flush-size)", "", sizeRule{Whole: true, Min: 1 << 20}), "cluster.initial_size"),
		sets(&cli.StringFlag{Name: "cluster-split-policy", Usage: "the cluster's hbase.regionserver.region.split.policy, `POLICY` a table's default split policy runs: constant, increasing, stepping or disabled", DefaultText: "the version's default"}, "cluster.split_policy"),
		sets(&cli.StringFlag{Name: "split-overallfiles", Usage: "hbase.hregion.split.overallfiles: `BOOL`, true splits a region when all its stores together exceed MAX_FILESIZE, false when its largest store does (HBase 2.4 on)", DefaultText: "false on 2.x, true on 3.x"}, "cluster.split_overallfiles"),
		sets(newIntFlag("families", "column families `N` flushing together (default: the table's families, from --family or the spec)", "", 1, 10_000), "cluster.families"),
	}
}

// withDefault sets the default help names: the model's, applied when neither the flag nor
// the spec sets the value.
func withDefault(f *cli.GenericFlag, text string) *cli.GenericFlag {
	f.DefaultText = text
	return f
}

// accessGroup is the access pattern's inputs, for presplit plan.
func accessGroup() flagGroup {
	return flagGroup{
		sets(newRateFlag("write-rate", "peak write `RATE`: rows/s (50k/s) or bytes/s (20MiB/s); regions >= RegionServers"), "capacity.write_rate"),
		sets(newRateFlag("read-rate", "peak read `RATE`: rows/s (50k/s) or bytes/s (20MiB/s)"), "capacity.read_rate"),
		sets(newRatioFlag("scan-share", "share `F` of reads that are scans, 0..1", "", ratioRule{Min: 0, Max: 1}), "capacity.scan_share"),
		sets(newRateFlag("region-write-limit", "most one region should take, `RATE` (rows/s or bytes/s); with --write-rate, regions >= rate / limit (no default)"), "capacity.region_write_limit"),
		sets(&cli.BoolFlag{Name: "balance", Usage: "round the region count up to a multiple of --region-servers"}, "capacity.balance"),
	}
}

// splitGroup chooses the split: --regions, --prefix, --algo, --first-row, --last-row,
// --prefix-values, --suffix, --align.
func splitGroup() flagGroup {
	return flagGroup{
		sets(newIntFlag("regions", "create `N` regions (N-1 split keys): 1000, 1e3 or 1k", "", 1, splits.MaxRegions), "splits.regions"),
		sets(&cli.StringFlag{Name: "prefix", Usage: "the rowkey's leading bytes, `SPEC`: hex:W, HEX:W, dec:W, " +
			"chars:ALPHABET:W, byte:B (Phoenix SALT_BUCKETS), or hex, HEX, dec as wide as needed (default: hex)"}, "rowkey.prefix"),
		sets(&cli.StringFlag{Name: "algo", Usage: "HBase RegionSplitter's `ALGORITHM` instead of --prefix: " +
			"HexStringSplit, DecimalStringSplit or UniformSplit"}, "rowkey.algo", "splits.algo"),
		sets(&cli.StringFlag{Name: "first-row", Usage: "--algo's first `ROW` (RegionSplitter --firstrow)"}, "splits.first_row"),
		sets(&cli.StringFlag{Name: "last-row", Usage: "--algo's last `ROW`, inclusive (RegionSplitter --lastrow)"}, "splits.last_row"),
		sets(newIntFlag("prefix-values", "the prefix takes only its first `N` values (a salt hash % 20 written %02d takes 00..19 of dec:2): the split is made over them", "", 1, splits.MaxRegions), "rowkey.prefix_values"),
		sets(&cli.StringFlag{Name: "suffix", Usage: "split at each region's last prefix followed by `S` (00|) " +
			"instead of the next region's first prefix (01)"}, "rowkey.suffix"),
		sets(&cli.StringFlag{Name: "align", Value: splits.AlignExact, Usage: "`MODE`: exact uses --regions as given; " +
			"even raises it to a count that divides the prefixes evenly"}, "splits.align"),
	}
}

// sampleGroup is --sample and how it is read and cut.
func sampleGroup() flagGroup {
	return flagGroup{
		sets(&cli.StringSliceFlag{Name: "sample", Usage: "cut the split from real row keys in `FILE` (repeatable; - is stdin): " +
			"key lines, KEY<TAB>WEIGHT, hbase shell scan output or sketches from presplit sample"}, "splits.sample"),
		flagOnly(&cli.StringFlag{Name: "sample-format", Value: sample.FormatAuto, Usage: "--sample's `FORMAT`: " + strings.Join(sample.Formats, ", ")}),
		sets(&cli.StringFlag{Name: "delimiter", Usage: "the bytes `D` after the key's prefix (NN|rest: |), checked against the split keys; with --sample: never cut inside the key's leading field, the bytes before D (toStringBinary text)"}, "rowkey.delimiter", "splits.delimiter"),
		sets(newRatioFlag("holdout", "with --sample: the `FRACTION` of keys held out of the cut to measure it on (default 0.2 from 10,000 keys)", "", ratioRule{Min: 0, Max: 0.9}), "splits.holdout"),
		flagOnly(newSizeFlag("memory", "with --sample: keep keys exactly up to `SIZE`, then in a sketch", "256MiB", sizeRule{Whole: true, Min: 1 << 20})),
	}
}

// rawFlag is --raw for the commands that do not read --keys (verify has its own).
func rawFlag() designFlag {
	return sets(&cli.BoolFlag{Name: "raw", Usage: "key lines are raw bytes, not toStringBinary text"}, "sample.raw")
}

// outputGroup is --format/-F (default defaultFormat), -o/--output, --shell-style and
// --fail-on.
func outputGroup(defaultFormat string) flagGroup {
	return flagGroup{
		sets(&cli.StringFlag{Name: "format", Aliases: []string{"F"}, Value: defaultFormat,
			Usage: "output `FORMAT`: " + strings.Join(render.FormatNames(), ", ")}, "format"),
		flagOnly(&cli.StringFlag{Name: "output", Aliases: []string{"o"},
			Usage: "write to `FILE` atomically (temp file and rename; a link's target, a device or FIFO in place); - is stdout"}),
		sets(&cli.StringFlag{Name: "shell-style", Value: shellStyleSplits,
			Usage: "how --format shell gives the regions, `STYLE`: splits (SPLITS => [...]) or numregions (NUMREGIONS => n, SPLITALGO => 'Algo', for an --algo plan over the algorithm's default range)"}, "render.shell_style"),
		flagOnly(failOnFlag()),
	}
}

// The groups as the commands compose them.

// tableFlags are the table and its families, for plan and splits.
func tableFlags() []cli.Flag { return append(tableGroup(), familiesGroup()...).flags() }

// capacityFlags are the volume and the cluster, for plan.
func capacityFlags() []cli.Flag { return append(volumeGroup(), clusterGroup()...).flags() }

// accessFlags are the access pattern's flags, for plan.
func accessFlags() []cli.Flag { return accessGroup().flags() }

// splitFlags are the flags that choose the split and the sample's. Shared by plan, splits
// and verify.
func splitFlags() []cli.Flag { return append(splitGroup(), sampleGroup()...).flags() }

// outputFlags are the output's flags, for plan and splits.
func outputFlags(defaultFormat string) []cli.Flag { return outputGroup(defaultFormat).flags() }
