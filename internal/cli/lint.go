package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/shellgen"
	"github.com/presplit/presplit/tablespec"
	"github.com/urfave/cli/v2"
)

// specFlag is -f/--spec FILE: a YAML table spec whose fields act as flag defaults.
func specFlag() cli.Flag {
	return &cli.StringFlag{Name: "spec", Aliases: []string{"f"}, Usage: "table spec `FILE` (YAML); flags given beside it override its fields"}
}

// specSplitFlagNames are the flags that choose the split; set together or not at all from
// a spec.
var specSplitFlagNames = []string{"regions", "prefix", "algo", "first-row", "last-row", "suffix", "align"}

// specMaxSplitsFile bounds a splits file read for lint.
const specMaxSplitsFile = 16 << 20

// specRead reads and parses a spec file; every failure is a usage error naming the file.
func specRead(path string) (*tablespec.Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageErrorf("cannot read spec %s: %v", path, specPathError(err))
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil {
		if fi.IsDir() {
			return nil, usageErrorf("cannot read spec %s: it is a directory", path)
		}
		if err := tablespec.CheckSize(path, fi.Size()); err != nil {
			return nil, usageErrorf("%v", err)
		}
	}
	data, err := io.ReadAll(io.LimitReader(f, tablespec.MaxSize+1))
	if err != nil {
		return nil, usageErrorf("cannot read spec %s: %v", path, specPathError(err))
	}
	s, err := tablespec.Parse(path, data)
	if err != nil {
		return nil, usageErrorf("%v", err)
	}
	return s, nil
}

// specPathError drops the path that *PathError repeats.
// specRelative is a path named in a spec (its splits file): relative to the spec's folder.
func specRelative(specPath, file string) string {
	if filepath.IsAbs(file) {
		return file
	}
	return filepath.Join(filepath.Dir(specPath), file)
}

func specPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// applySpec reads the -f spec, when given, sets every capacity and split flag the user did
// not set from it (c.Set), and returns the table settings it describes (zero without -f).
// A group of flags (the volume, the split) set on the command line takes nothing of that
// group from the spec.
func applySpec(c *cli.Context) (shellgen.Table, error) {
	path := c.String("spec")
	if path == "" {
		return shellgen.Table{}, nil
	}
	s, err := specRead(path)
	if err != nil {
		return shellgen.Table{}, err
	}
	defined := map[string]bool{}
	for _, f := range c.Command.Flags {
		for _, n := range f.Names() {
			defined[n] = true
		}
	}
	anySet := func(names []string) bool {
		for _, n := range names {
			if c.IsSet(n) {
				return true
			}
		}
		return false
	}
	volumeGiven, splitGiven := anySet(volumeFlagNames), anySet(specSplitFlagNames)
	type setting struct{ flag, value string }
	var settings []setting
	add := func(flag, value string) { settings = append(settings, setting{flag, value}) }
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	itoa := func(v int64) string { return strconv.FormatInt(v, 10) }

	if cp := s.Capacity; cp != nil {
		if !volumeGiven {
			switch {
			case cp.Daily.Set:
				add("daily", cp.Daily.Raw)
				add("retention", cp.Retention.Raw)
			case cp.Cells != nil:
				fam, qual := s.CellLens()
				add("rows", num(cp.Rows.V))
				add("cells", itoa(cp.Cells.Count.V))
				add("row-len", itoa(cp.Cells.RowLen.V))
				add("family-len", itoa(fam))
				add("qualifier-len", itoa(qual))
				add("value-len", itoa(cp.Cells.ValueLen.V))
				if v := cp.Cells.Versions; v.Set {
					for _, f := range s.Families {
						if f.Versions.Set && f.Versions.V != v.V {
							return shellgen.Table{}, usageErrorf("%s:%d:%d: capacity cells versions %d differs from family %s versions %d; --versions applies to every family",
								path, v.Pos.Line, v.Pos.Col, v.V, f.Name.V, f.Versions.V)
						}
					}
					add("versions", itoa(v.V))
				}
			default:
				add("rows", num(cp.Rows.V))
				add("kv", cp.KV.Raw)
			}
		}
		if cp.CompressionRatio.Set {
			add("compression-ratio", num(cp.CompressionRatio.V))
		}
		if cp.Redundancy.Set {
			add("redundancy", num(cp.Redundancy.V))
		}
		if cp.RegionSize.Set {
			add("region-size", cp.RegionSize.Raw)
		}
		if cp.Replication.Set {
			add("replication", itoa(cp.Replication.V))
		}
	}
	if cl := s.Cluster; cl != nil {
		if cl.RegionServers.Set {
			add("region-servers", itoa(cl.RegionServers.V))
		}
		if cl.Heap.Set {
			add("heap", cl.Heap.Raw)
		}
		if cl.MemstoreFraction.Set {
			add("memstore-fraction", num(cl.MemstoreFraction.V))
		}
		if cl.FlushSize.Set {
			add("flush-size", cl.FlushSize.Raw)
		}
	}
	add("families", strconv.Itoa(len(s.Families)))
	if !splitGiven {
		if r := s.Rowkey; r != nil {
			if r.Prefix.Set {
				add("prefix", r.Prefix.V)
			}
			if r.Algo.Set {
				add("algo", r.Algo.V)
			}
			if r.Suffix.Set {
				add("suffix", r.Suffix.V)
			}
		}
		if sp := s.Splits; sp != nil {
			if sp.File.Set && defined["regions"] {
				return shellgen.Table{}, usageErrorf("%s:%d:%d: splits file %q is for presplit lint to review; to plan, give splits regions (or --regions) instead",
					path, sp.File.Pos.Line, sp.File.Pos.Col, sp.File.V)
			}
			if sp.Regions.Set {
				add("regions", itoa(sp.Regions.V))
			}
			if sp.Align.Set {
				add("align", sp.Align.V)
			}
			if sp.Algo.Set {
				add("algo", sp.Algo.V)
			}
			if sp.FirstRow.Set {
				add("first-row", sp.FirstRow.V)
			}
			if sp.LastRow.Set {
				add("last-row", sp.LastRow.V)
			}
		}
	}
	done := map[string]bool{}
	for _, st := range settings {
		if !defined[st.flag] || c.IsSet(st.flag) || done[st.flag] {
			continue
		}
		done[st.flag] = true
		if err := c.Set(st.flag, st.value); err != nil {
			return shellgen.Table{}, usageErrorf("%s: cannot apply %s %q to --%s: %v", path, "spec value", st.value, st.flag, err)
		}
	}
	return specTable(s)
}

// specTable is the spec's table settings in the renderers' terms.
func specTable(s *tablespec.Spec) (shellgen.Table, error) {
	t := shellgen.Table{Name: s.Table.V}
	for _, f := range s.Families {
		fam := shellgen.Family{
			Name:        f.Name.V,
			Versions:    int(f.Versions.V),
			Compression: f.Compression.V,
			Bloom:       f.Bloom.V,
			BlockSize:   f.BlockSize.V,
			Encoding:    f.Encoding.V,
			InMemory:    f.InMemory.V,
		}
		if f.TTL.Set {
			secs, err := f.TTLSeconds()
			if err != nil {
				return shellgen.Table{}, usageErrorf("%s:%d:%d: family %s: %v", s.File, f.TTL.Pos.Line, f.TTL.Pos.Col, f.Name.V, err)
			}
			fam.TTL = secs
		}
		t.Families = append(t.Families, fam)
	}
	return t, nil
}

func lintCommand() *cli.Command {
	var b strings.Builder
	for _, a := range lint.Analyzers {
		fmt.Fprintf(&b, "     %s  %-7s  %s\n", a.Code, a.Severity, a.Doc)
	}
	return &cli.Command{
		Name:      "lint",
		Usage:     "review a table spec against the HBase design guides",
		UsageText: "presplit lint [--strict] [--format text|json] SPEC.yaml",
		Description: "Prints one line per finding, FILE:LINE: SEVERITY CODE: message (fix: ...), ordered by line.\n" +
			"   Exit status 1 when any finding is an error (or a warning, with --strict), else 0.\n\n" +
			"   Checks:\n" + strings.TrimRight(b.String(), "\n"),
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "strict", Usage: "fail on warnings too"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output `FORMAT`: text or json"},
		},
		Action: runLint,
	}
}

func runLint(c *cli.Context) error {
	format := c.String("format")
	if format != "text" && format != "json" {
		return usageErrorf("--format must be text or json, got %q", format)
	}
	args := c.Args().Slice()
	for _, a := range args {
		if strings.HasPrefix(a, "-") && a != "-" {
			return usageErrorf("flag %q after the spec file: put flags first, as in presplit lint --strict spec.yaml", a)
		}
	}
	switch len(args) {
	case 0:
		return usageErrorf("lint needs a spec file: presplit lint SPEC.yaml")
	case 1:
	default:
		return usageErrorf("lint takes one spec file, got %d arguments", len(args))
	}
	path := args[0]
	s, err := specRead(path)
	if err != nil {
		return err
	}
	var opt lint.Options
	if sp := s.Splits; sp != nil && sp.File.Set {
		if opt.SplitFile, opt.SplitFileLines, err = lintReadSplits(path, sp.File.V); err != nil {
			return err
		}
	}
	reports, err := lint.Run(s, opt)
	if err != nil {
		return usageErrorf("%v", err)
	}
	var out bytes.Buffer
	if format == "json" {
		b, err := lint.MarshalJSON(path, reports)
		if err != nil {
			return err
		}
		out.Write(b)
	} else {
		for _, r := range reports {
			out.WriteString(r.Format(path) + "\n")
		}
		if len(reports) == 0 {
			fmt.Fprintf(&out, "%s: no findings (%d checks)\n", path, len(lint.Analyzers))
		}
	}
	if _, err := c.App.Writer.Write(out.Bytes()); err != nil {
		return err
	}
	n := lint.Tally(reports)
	if n.Errors > 0 || (c.Bool("strict") && n.Warnings > 0) {
		return &checkFailed{msg: lintSummary(n)}
	}
	return nil
}

func lintSummary(n lint.Count) string {
	plural := func(k int, word string) string {
		if k == 1 {
			return fmt.Sprintf("%d %s", k, word)
		}
		return fmt.Sprintf("%d %ss", k, word)
	}
	return fmt.Sprintf("lint: %s, %s", plural(n.Errors, "error"), plural(n.Warnings, "warning"))
}

// lintReadSplits reads the spec's splits file, relative to the spec's folder.
func lintReadSplits(specPath, file string) ([][]byte, []int, error) {
	p := specRelative(specPath, file)
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, usageErrorf("cannot read splits file %s: %v", p, specPathError(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, specMaxSplitsFile+1))
	if err != nil {
		return nil, nil, usageErrorf("cannot read splits file %s: %v", p, specPathError(err))
	}
	if len(data) > specMaxSplitsFile {
		return nil, nil, usageErrorf("splits file %s is larger than %d bytes", p, specMaxSplitsFile)
	}
	keys, lines, err := tablespec.ParseSplitsFile(p, data)
	if err != nil {
		return nil, nil, usageErrorf("%v", err)
	}
	return keys, lines, nil
}
