package cli

// presplit regions: read what the cluster prints about an existing table's regions, report
// the layout, and plan merges and splits as an hbase shell script.

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/presplit/presplit/hbase"
	"github.com/presplit/presplit/regions"
	"github.com/presplit/presplit/tablespec"
	"github.com/urfave/cli/v2"
)

// maxRegionsInput bounds each file presplit regions reads.
const maxRegionsInput = 1 << 30

// maxRegionsLine bounds a line of list_regions and get_splits output: a list_regions row
// holds a region name and two keys of at most 32,767 bytes, each byte up to four
// characters (\xNN), about 400 KB. JMX is JSON, read as a stream of tokens instead.
const maxRegionsLine = 16 << 20

// minRegionSize is TableDescriptorChecker's floor for MAX_FILESIZE
// (hbase.hregion.max.filesize.limit, 2 MiB).
const minRegionSize = 2 << 20

// regionsOptions are presplit regions' inputs, filled once from its flags
// (regionsOptionsFrom): the run reads the files they name, never a flag.
type regionsOptions struct {
	ListRegions, GetSplits string   // the files; "" when not given
	JMX                    []string // the RegionServers' JMX files
	Earlier                []earlierFlag
	Table                  string // --table; "" when not given
	Plan                   regions.Options
	Format                 string
	Output                 string // -o; - is stdout
	Out                    io.Writer
}

func regionsCommand() *cli.Command { return newCmdRegions(runRegions) }

// newCmdRegions declares presplit regions: its action fills regionsOptions from the
// flags and hands them to run (runRegions; a test's own, to check the flags alone).
func newCmdRegions(run func(*regionsOptions) error) *cli.Command {
	return &cli.Command{
		Name:  "regions",
		Usage: "report an existing table's region layout and plan merges and splits",
		UsageText: "presplit regions --list-regions regions.txt [--jmx rs1.json ...] [--get-splits splits.txt]\n" +
			"   [--region-size 10g] [--prefix hex:2 [--salt]] [--target-regions N] [--batch 50] [--pause 30s]\n" +
			"   [--hbase-version 2.6] [--format report|shell|csv|json|html]",
		Description: "Reads the output of `list_regions 'TABLE'` and/or `get_splits 'TABLE'` from hbase shell,\n" +
			"   and optionally each RegionServer's /jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Regions,\n" +
			"   offline. --format shell writes merge_region and split statements to review, then run as\n" +
			"   the script's header says (hbase shell -n FILE from 2.5, hbase shell -n < FILE before).",
		Flags: regionsGroup().flags(),
		Action: func(c *cli.Context) error {
			opts, err := regionsOptionsFrom(c)
			if err != nil {
				return err
			}
			return run(opts)
		},
	}
}

// regionsGroup is presplit regions' flags: its inputs, the plan's knobs and the output.
func regionsGroup() flagGroup {
	return flagGroup{
		flagOnly(&cli.StringFlag{Name: "list-regions", Usage: "read `FILE`, the output of list_regions 'TABLE' (hbase shell 2.x)"}),
		sets(&cli.StringFlag{Name: "get-splits", Usage: "read `FILE`, the output of get_splits 'TABLE': exact boundaries, no sizes"}, "regions.get_splits"),
		sets(&cli.StringSliceFlag{Name: "jmx", Usage: "read `FILE`, a RegionServer's /jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Regions (repeatable; sizes in bytes with the memstore)"}, "regions.jmx"),
		flagOnly(&cli.StringFlag{Name: "table", Usage: "table `NAME` ([namespace:]name) to pick from the JMX"}),
		flagOnly(&cli.StringFlag{Name: "prefix", Usage: "rowkey prefix `SPEC` (hex:2, dec:3, byte:16, chars:ALPHABET:W): split on a bucket edge inside the region, else at the midpoint of its keys"}),
		sets(&cli.BoolFlag{Name: "salt", Usage: "the --prefix is a salt (Phoenix SALT_BUCKETS, hash % N): never merge regions across a bucket edge"}, "regions.salt"),
		sets(newIntFlag("batch", "at most `N` statements per stage of the shell script", "50", 1, hbase.MaxRegions), "regions.batch"),
		sets(newDurationFlag("pause", "wait `DURATION` (30s, 5m) between the script's stages: a Ruby sleep", "30s", durationRule{}), "regions.pause"),
		flagOnly(newSizeFlag("region-size", "target `SIZE` per region, whole bytes (default: --max-filesize, else 10g); merges stay below --max-filesize too", "", sizeRule{Whole: true, Min: minRegionSize})),
		flagOnly(newSizeFlag("max-filesize", "the table's MAX_FILESIZE, `SIZE`, which HBase splits at: the target when --region-size is not given (default: --region-size)", "", sizeRule{Whole: true, Min: minRegionSize})),
		sets(newIntFlag("target-regions", "merge the smallest adjacent pairs until `N` regions remain (never above the merge mark: 0.9 x the target, at most 0.875 x MAX_FILESIZE)", "", 1, hbase.MaxRegions), "regions.target_regions"),
		sets(newDurationFlag("min-region-age", "never merge a region younger than `DURATION` (its region id is its creation time), as the normalizer's hbase.normalizer.merge.min_region_age.days; 0 merges regions of any age", "3d", durationRule{}), "regions.min_region_age"),
		flagOnly(&cli.StringFlag{Name: "taken-at", Usage: "when the inputs were saved, `TIME` (RFC 3339: 2026-12-01T10:00:00Z): regions' ages are counted to it", DefaultText: "now"}),
		sets(&cli.StringFlag{Name: "split-policy", Usage: "the table's split `POLICY` (" + strings.Join(hbase.SplitPolicies, ", ") + "): no merge leaves a server so few regions that HBase splits them again", DefaultText: "default"}, "regions.split_policy"),
		flagOnly(newListFlag("earlier", "an earlier `FILE@TIME`: list_regions output saved at TIME (RFC 3339), for each region's request rate since (repeatable; needs --taken-at)", "")),
		flagOnly(&cli.Float64Flag{Name: "hot", Value: regions.DefaultHotFactor, Usage: "with --earlier, split a region taking at least `N` x the mean request rate of the other regions over the newest interval"}),
		flagOnly(newSizeFlag("flush-size", "the table's memstore flush `SIZE` (MEMSTORE_FLUSHSIZE, else hbase.hregion.memstore.flush.size), whole bytes: the split policy's initial size is twice it", "", sizeRule{Whole: true, Min: 1 << 20})),
		flagOnly(&cli.StringFlag{Name: "hbase-version", Usage: "target HBase `VERSION` (2.6, 2.2.3, 1.4): merge_region names two regions before 2.2.4, a whole run from 2.2.4 and 2.3", DefaultText: hbase.DefaultVersion.String()}),
		sets(&cli.StringFlag{Name: "format", Aliases: []string{"F"}, Value: "report", Usage: "output `FORMAT`: " + strings.Join(regions.FormatNames(), ", ")}, "format"),
		flagOnly(&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` atomically; - is stdout"}),
	}
}

// defaultRegionSize is hbase.hregion.max.filesize's default, 10 GiB.
const defaultRegionSize = 10 << 30

// regionsMergeArity is how many regions one merge_region statement names on the target
// HBase (--hbase-version), and that target: exactly two before 2.2.4, any number from
// 2.2.4 and 2.3 (hbase.MergeRegionArity; 0 there means no bound, and a run is then merged
// whole). The one place that decides it.
func regionsMergeArity(c *cli.Context) (int, hbase.Version, error) {
	v := hbase.DefaultVersion
	if isSet(c, "hbase-version") {
		s := c.String("hbase-version")
		var err error
		if v, err = hbase.ParseVersion(s); err != nil {
			return 0, v, usageErrorf("--hbase-version %s: %v", displayValue(s), err)
		}
	}
	if n := hbase.MergeRegionArity(v); n > 0 {
		return n, v, nil
	}
	return math.MaxInt32, v, nil
}

// regionsOptionsFrom reads every flag of presplit regions once, each refused value a
// usage error naming its flag.
func regionsOptionsFrom(c *cli.Context) (*regionsOptions, error) {
	if err := verifyNoArgs(c, "name the inputs with --list-regions, --get-splits and --jmx"); err != nil {
		return nil, err
	}
	o := &regionsOptions{Format: c.String("format"), Output: "-", Out: c.App.Writer, JMX: c.StringSlice("jmx")}
	if _, ok := regions.Format(o.Format); !ok {
		return nil, usageErrorf("--format must be one of %s, got %q", strings.Join(regions.FormatNames(), ", "), o.Format)
	}
	if isSet(c, "output") {
		o.Output = c.String("output")
	}
	if err := checkOutputFile("-o", o.Output); err != nil {
		return nil, err
	}
	if !isSet(c, "list-regions") && !isSet(c, "get-splits") {
		return nil, usageErrorf("no regions to read: give --list-regions FILE (the output of list_regions 'TABLE') or --get-splits FILE")
	}
	for _, f := range []struct {
		flag string
		path *string
	}{{"list-regions", &o.ListRegions}, {"get-splits", &o.GetSplits}} {
		if isSet(c, f.flag) {
			if *f.path = c.String(f.flag); *f.path == "" {
				return nil, usageErrorf("--%s must name a file, got \"\"", f.flag)
			}
		}
	}
	if err := regionsPlanAndLoad(c, o); err != nil {
		return nil, err
	}
	if len(o.JMX) > 0 && !isSet(c, "list-regions") {
		return nil, usageErrorf("--jmx names regions by encoded name: give --list-regions with its REGION_NAME column to join them to")
	}
	if isSet(c, "table") {
		o.Table = c.String("table")
		if o.Table == regions.MetaTable {
			return nil, usageErrorf("--table %s: %v", o.Table, regions.ErrMeta)
		}
	}
	return o, nil
}

// regionsPlanAndLoad reads the planner's options and the earlier readings (--earlier,
// --hot) into o.
func regionsPlanAndLoad(c *cli.Context, o *regionsOptions) error {
	var err error
	if o.Plan, err = regionsPlanOptions(c); err != nil {
		return err
	}
	if o.Earlier, err = earlierFlags(c); err != nil {
		return err
	}
	if o.Plan.HotFactor = c.Float64("hot"); !(o.Plan.HotFactor >= 1 && o.Plan.HotFactor <= 1000) {
		return usageErrorf("--hot %s: must be from 1 to 1000", strconv.FormatFloat(o.Plan.HotFactor, 'g', -1, 64))
	}
	return nil
}

// regionsPlanOptions are the planner's options from the flags: the prefix (with a width)
// and --salt, the target region size, the merge arity of the target, the stages.
func regionsPlanOptions(c *cli.Context) (regions.Options, error) {
	var opt regions.Options
	if isSet(c, "prefix") {
		// The one reader of a prefix, worded as plan and splits word it.
		p, err := tablespec.ParsePrefix("rowkey.prefix", designValue(c, "prefix", c.String("prefix")))
		if err != nil {
			return opt, (&config{}).fieldError(err)
		}
		if p.Width == 0 {
			return opt, usageErrorf("--prefix %s: needs a width (%s:2): bucket edges are whole prefixes", displayValue(c.String("prefix")), p.Name)
		}
		opt.Prefix = &p
	}
	opt.Salt = c.Bool("salt")
	if opt.Salt && opt.Prefix == nil {
		return opt, usageErrorf("--salt needs --prefix: the salt is the prefix's leading bucket (--prefix byte:16 for SALT_BUCKETS = 16)")
	}
	// --region-size is the target, --max-filesize the table's MAX_FILESIZE: either stands
	// for the other when alone. Given both, merges stay below both (regions.upperMark).
	opt.RegionSize = int64(defaultRegionSize)
	if v, set := sizeOf(c, "max-filesize"); set {
		opt.RegionSize, opt.MaxFileSize = int64(v), int64(v)
	}
	if v, set := sizeOf(c, "region-size"); set {
		opt.RegionSize = int64(v)
	}
	opt.TargetRegions, _ = intOf(c, "target-regions")
	var err error
	if opt.MergeArity, opt.Version, err = regionsMergeArity(c); err != nil {
		return opt, err
	}
	opt.Batch, _ = intOf(c, "batch")
	opt.Pause, _ = durationOf(c, "pause")
	return opt, regionsLiveOptions(c, &opt)
}

// regionsLiveOptions reads what decides which regions HBase would undo or redo: the age
// rule (--min-region-age, --taken-at) and the split policy (--split-policy, --flush-size).
func regionsLiveOptions(c *cli.Context, opt *regions.Options) error {
	age, _ := durationOf(c, "min-region-age")
	opt.MinRegionAge = time.Duration(age) * time.Second
	opt.Now = time.Now()
	if isSet(c, "taken-at") {
		s := c.String("taken-at")
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			return usageErrorf("--taken-at %s: must be an RFC 3339 time (2026-12-01T10:00:00Z)", displayValue(s))
		}
		opt.Now = t
	}
	if isSet(c, "split-policy") {
		s := c.String("split-policy")
		v, ok := hbase.Canonical(hbase.SplitPolicies, s)
		if !ok {
			return usageErrorf("--split-policy %s: must be one of %s", displayValue(s), strings.Join(hbase.SplitPolicies, ", "))
		}
		opt.SplitPolicy = v
	}
	opt.FlushSize, _ = sizeOf(c, "flush-size")
	return nil
}

// runRegions reads the inputs opts names, plans, and writes the plan in opts.Format.
func runRegions(opts *regionsOptions) error {
	doc, err := regionsDoc(opts)
	if err != nil {
		return err
	}
	render, _ := regions.Format(opts.Format)
	// About 300 bytes a region in json, the widest format, a page for the report: the
	// hint decides whether the output is held back in memory or rendered twice
	// (writeRendered).
	hint := 4096
	if opts.Format != "report" {
		hint += 300 * len(doc.Layout.Regions)
	}
	err = writeRendered("-o", opts.Output, opts.Out, regions.Streams(opts.Format), hint,
		func(w io.Writer) error { return render(w, *doc) })
	var fe *regions.FormatError
	if errors.As(err, &fe) {
		return usageErrorf("--format %s: %s", fe.Format, flagWords(fe.Reason))
	}
	return err
}

// regionsRead reads one input file and parses it; a parse error names FILE:LINE.
func regionsRead[T any](flag, path, what string, parse func([]byte) (T, error)) (T, error) {
	var zero T
	if path == "" {
		return zero, usageErrorf("--%s must name a file, got \"\"", flag)
	}
	read := func(path, what string) ([]byte, error) {
		return readCapped(path, what, maxRegionsInput, maxRegionsLine)
	}
	if flag == "list-regions" {
		read = func(path, what string) ([]byte, error) {
			return readCappedChecked(path, what, maxRegionsInput, maxRegionsLine, &startCheck{
				checkAt: regions.ListRegionsStart,
				check: func(start []byte, eof bool) error {
					if err := regions.CheckListRegionsStart(start, eof); err != nil {
						return regionsInputError(path, err)
					}
					return nil
				}})
		}
	}
	if flag == "jmx" {
		// JSON may come on one line (jq -c): read as a stream of tokens instead.
		read = func(path, what string) ([]byte, error) { return readJSONCapped(path, what, maxRegionsInput) }
	}
	data, err := read(path, what)
	if err != nil {
		return zero, err
	}
	v, err := parse(data)
	if err != nil {
		return zero, regionsInputError(path, err)
	}
	return v, nil
}

func regionsInputError(path string, err error) error {
	var le *regions.LineError
	if errors.As(err, &le) {
		if le.Line > 0 {
			return usageErrorf("%s:%d: %s", path, le.Line, flagWords(le.Err.Error()))
		}
		return usageErrorf("%s: %s", path, flagWords(le.Err.Error()))
	}
	return usageErrorf("%s: %s", path, flagWords(err.Error()))
}

func regionsDoc(o *regionsOptions) (*regions.Doc, error) {
	lrPath, gsPath := o.ListRegions, o.GetSplits
	doc := &regions.Doc{Prefix: o.Plan.Prefix, Name: flagName}
	var layout *regions.Layout
	if lrPath != "" {
		l, err := regionsRead("list-regions", lrPath, "list_regions output", regions.ReadListRegions)
		if err != nil {
			return nil, err
		}
		layout = l
		doc.Inputs = append(doc.Inputs, "list_regions "+lrPath)
	}
	if gsPath != "" {
		type ks struct {
			keys  [][]byte
			lines []int
		}
		v, err := regionsRead("get-splits", gsPath, "get_splits output", func(b []byte) (ks, error) {
			k, l, err := regions.ReadGetSplits(b)
			return ks{k, l}, err
		})
		if err != nil {
			return nil, err
		}
		if layout == nil {
			layout = regions.LayoutFromSplits(v.keys, v.lines)
		} else if err := layout.ApplySplits(v.keys, v.lines); err != nil {
			return nil, regionsInputError(gsPath, err)
		}
		doc.Inputs = append(doc.Inputs, "get_splits "+gsPath)
	}
	if err := layout.Check(); err != nil {
		return nil, regionsInputError(lrPath, err)
	}
	if err := regionsLoad(o, layout, doc); err != nil {
		return nil, err
	}
	table, err := regionsTable(o, layout)
	if err != nil {
		return nil, err
	}
	if err := regionsApplyJMX(o, layout, table, doc); err != nil {
		return nil, err
	}
	layout.Table = table
	doc.Layout = layout
	doc.Inputs[0] += fmt.Sprintf(" (%d regions)", len(layout.Regions))
	if !layout.HasSize {
		return doc, nil
	}
	p, err := regions.NewPlan(layout, o.Plan)
	if err != nil {
		return nil, usageErrorf("%s", flagWords(err.Error()))
	}
	if err := p.Check(); err != nil {
		return nil, fmt.Errorf("internal error: the plan breaks an invariant: %w", err)
	}
	p.Notes = mapStrings(p.Notes, flagWords)
	doc.Plan = p
	return doc, nil
}

// regionsLoad reads the --earlier snapshots and the request rates since each.
func regionsLoad(o *regionsOptions, layout *regions.Layout, doc *regions.Doc) error {
	if len(o.Earlier) == 0 {
		return nil
	}
	var snaps []regions.Snapshot
	for _, e := range o.Earlier {
		l, err := regionsRead("earlier", e.Path, "list_regions output", regions.ReadListRegions)
		if err != nil {
			return err
		}
		snaps = append(snaps, regions.Snapshot{Name: e.Path, At: e.At, Layout: l})
		doc.Inputs = append(doc.Inputs, "earlier "+e.Path)
	}
	ld, err := regions.NewLoad(layout, o.ListRegions, o.Plan.Now, snaps)
	if err != nil {
		return usageErrorf("--earlier: %s", flagWords(err.Error()))
	}
	doc.Load, o.Plan.Load = ld, ld
	return nil
}

// earlierFlag is one --earlier FILE@TIME.
type earlierFlag struct {
	Path string
	At   time.Time
}

// earlierFlags reads --earlier: FILE@TIME each, the time after the last @ (a file name
// may hold one), RFC 3339; with --list-regions and --taken-at, the current input's time.
func earlierFlags(c *cli.Context) ([]earlierFlag, error) {
	list := genericOf[*listValue](c, "earlier").list
	if len(list) == 0 {
		return nil, nil
	}
	if !isSet(c, "list-regions") || !isSet(c, "taken-at") {
		return nil, usageErrorf("--earlier needs --list-regions and --taken-at: request rates are counts between two readings, each at its time")
	}
	var out []earlierFlag
	for _, v := range list {
		i := strings.LastIndexByte(v, '@')
		if i <= 0 {
			return nil, usageErrorf("--earlier %s: must be FILE@TIME (regions-0900.txt@2026-12-01T09:00:00Z)", displayValue(v))
		}
		t, err := time.Parse(time.RFC3339, v[i+1:])
		if err != nil {
			return nil, usageErrorf("--earlier %s: the time after @ must be RFC 3339 (2026-12-01T09:00:00Z)", displayValue(v))
		}
		out = append(out, earlierFlag{Path: v[:i], At: t})
	}
	return out, nil
}

// regionsApplyJMX reads the RegionServers' JMX files and joins their sizes and request
// counts to the layout's regions of table.
func regionsApplyJMX(o *regionsOptions, layout *regions.Layout, table string, doc *regions.Doc) error {
	jmxPaths, lrPath := o.JMX, o.ListRegions
	if len(jmxPaths) == 0 {
		return nil
	}
	if !layout.HasEncoded {
		return usageErrorf("--jmx names regions by encoded name: give --list-regions with its REGION_NAME column to join them to")
	}
	files := make([]*regions.JMX, len(jmxPaths))
	tables := map[string]bool{}
	for i, path := range jmxPaths {
		j, err := regionsRead("jmx", path, "JMX", regions.ReadJMX)
		if err != nil {
			return err
		}
		files[i] = j
		for _, t := range j.TableNames() {
			tables[t] = true
		}
		doc.Inputs = append(doc.Inputs, "jmx "+path)
	}
	if table == "" {
		return usageErrorf("--jmx: name the table with --table")
	}
	if !tables[table] {
		return usageErrorf("--jmx: no region of table %s in %s", table, strings.Join(jmxPaths, ", "))
	}
	if err := layout.ApplyJMX(table, files, jmxPaths); err != nil {
		name := lrPath
		var le *regions.LineError
		if errors.As(err, &le) && le.Line == 0 {
			return usageErrorf("--jmx: %s", flagWords(le.Err.Error()))
		}
		return regionsInputError(name, err)
	}
	return nil
}

// regionsTable is the table the regions are of: the one listed, which --table may name
// too, never hbase:meta.
func regionsTable(o *regionsOptions, layout *regions.Layout) (string, error) {
	table := layout.Table
	if t := o.Table; t != "" {
		if table != "" && t != table {
			return "", usageErrorf("--table %s: the regions listed are of table %s", displayValue(t), table)
		}
		table = t
	}
	if table == regions.MetaTable {
		return "", usageErrorf("--table %s: %v", table, regions.ErrMeta)
	}
	return table, nil
}
