package cli

// Table settings and output flags shared by plan and splits, and the --format/-o writer.

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/presplit/presplit/hbase"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/presplit/presplit/duration"
	"github.com/presplit/presplit/shellgen"
	"github.com/urfave/cli/v2"
)

// tableFlags are the table settings: --table, --family, --versions, --ttl, --compression,
// --bloom, --block-size, --encoding, --in-memory. Family settings apply to every family.
func tableFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "table", Usage: "table `NAME`: [namespace:]name", DefaultText: "t1"},
		&cli.StringSliceFlag{Name: "family", Usage: "column family `NAME` (repeatable)", DefaultText: "cf"},
		&cli.StringFlag{Name: "versions", Usage: "VERSIONS: `N` versions kept per cell, at least 1"},
		&cli.StringFlag{Name: "ttl", Usage: "TTL: `DURATION` like 30d, 720h, seconds, forever or '30 DAYS'"},
		&cli.StringFlag{Name: "compression", Usage: "COMPRESSION: `ALGO`, one of " + strings.Join(hbase.Compressions, " ")},
		&cli.StringFlag{Name: "bloom", Usage: "BLOOMFILTER: `TYPE`, one of " + strings.Join(hbase.Blooms, " ")},
		&cli.StringFlag{Name: "block-size", Usage: "BLOCKSIZE: `SIZE`, whole bytes, 1K..16M (64K = 64KB = 65536)"},
		&cli.StringFlag{Name: "encoding", Usage: "DATA_BLOCK_ENCODING: `ENC`, one of " + strings.Join(hbase.Encodings, " ")},
		&cli.BoolFlag{Name: "in-memory", Usage: "IN_MEMORY => true for every family"},
	}
}

// outputFlags are --format/-F (default defaultFormat) and -o/--output.
func outputFlags(defaultFormat string) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "format", Aliases: []string{"F"}, Value: defaultFormat,
			Usage: "output `FORMAT`: " + strings.Join(shellgen.FormatNames(), ", ")},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"},
			Usage: "write to `FILE` (atomically: temp file and rename) instead of stdout"},
	}
}

// renderVersions reads --versions: a whole number 1..2147483647. set is false when the flag
// was not given. The capacity model reads it too (bytes per row with --cells).
func renderVersions(c *cli.Context) (n int, set bool, err error) {
	if !c.IsSet("versions") {
		return 0, false, nil
	}
	s := c.String("versions")
	v, perr := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if perr != nil || v < 1 || v > hbase.MaxInt {
		return 0, true, usageErrorf("--versions must be a whole number from 1 to 2147483647, got %q", s)
	}
	return int(v), true, nil
}

// tableFromFlags applies the table flags that are set on top of base (from a spec, or zero:
// then the table is t1 with one family cf). With --family, the families are exactly those
// named, keeping base's settings for a family of the same name.
func tableFromFlags(c *cli.Context, base shellgen.Table) (shellgen.Table, error) {
	t := base
	t.Families = append([]shellgen.Family(nil), base.Families...)
	if t.Name == "" {
		t.Name = "t1"
	}
	if c.IsSet("table") {
		name := c.String("table")
		var se *shellgen.SettingError
		if err := shellgen.CheckTableName(name); errors.As(err, &se) {
			return t, usageErrorf("--table: %s, got %q", se.Rule, name)
		}
		t.Name = name
	}
	if c.IsSet("family") {
		var fams []shellgen.Family
		seen := map[string]bool{}
		for _, name := range c.StringSlice("family") {
			var se *shellgen.SettingError
			if err := shellgen.CheckFamilyName(name); errors.As(err, &se) {
				return t, usageErrorf("--family: %s, got %q", se.Rule, name)
			}
			if seen[name] {
				return t, usageErrorf("--family: column family names must be unique, got %q twice", name)
			}
			seen[name] = true
			f := shellgen.Family{Name: name}
			for _, bf := range base.Families {
				if bf.Name == name {
					f = bf
				}
			}
			fams = append(fams, f)
		}
		t.Families = fams
	}
	if len(t.Families) == 0 {
		t.Families = []shellgen.Family{{Name: "cf"}}
	}

	var set []func(*shellgen.Family)
	if v, ok, err := renderVersions(c); err != nil {
		return t, err
	} else if ok {
		set = append(set, func(f *shellgen.Family) { f.Versions = v })
	}
	if c.IsSet("ttl") {
		s := c.String("ttl")
		ttl, err := duration.ParseTTL(s)
		if err != nil {
			return t, usageErrorf("--ttl %s", strings.TrimPrefix(err.Error(), "TTL "))
		}
		set = append(set, func(f *shellgen.Family) { f.TTL = ttl })
	}
	for _, e := range []struct {
		flag string
		set  []string
		put  func(*shellgen.Family, string)
	}{
		{"compression", hbase.Compressions, func(f *shellgen.Family, v string) { f.Compression = v }},
		{"bloom", hbase.Blooms, func(f *shellgen.Family, v string) { f.Bloom = v }},
		{"encoding", hbase.Encodings, func(f *shellgen.Family, v string) { f.Encoding = v }},
	} {
		if !c.IsSet(e.flag) {
			continue
		}
		s := c.String(e.flag)
		v, ok := hbase.Canonical(e.set, s)
		if !ok {
			return t, usageErrorf("--%s must be one of %s, got %q", e.flag, strings.Join(e.set, ", "), s)
		}
		put := e.put
		set = append(set, func(f *shellgen.Family) { put(f, v) })
	}
	if c.IsSet("block-size") {
		s := c.String("block-size")
		n, err := hbase.ParseBlockSize(s)
		if err != nil {
			return t, usageErrorf("--block-size %v, got %q", err, s)
		}
		set = append(set, func(f *shellgen.Family) { f.BlockSize = n })
	}
	if c.IsSet("in-memory") {
		in := c.Bool("in-memory")
		set = append(set, func(f *shellgen.Family) { f.InMemory = in })
	}
	for i := range t.Families {
		for _, s := range set {
			s(&t.Families[i])
		}
	}
	if err := t.Validate(); err != nil {
		return t, usageErrorf("%v", err)
	}
	return t, nil
}

// writeOutput renders doc in the --format and writes it to stdout or, atomically, to -o.
// Nothing is written anywhere unless the whole output rendered. With -o and the
// splits-file format, the create statement that reads the file goes to stderr.
func writeOutput(c *cli.Context, doc shellgen.Doc) error {
	for _, a := range c.Args().Slice() {
		if strings.HasPrefix(a, "-") && a != "-" {
			return usageErrorf("flag %q comes after an argument: put flags before arguments", a)
		}
	}
	name := c.String("format")
	render, ok := shellgen.Format(name)
	if !ok {
		return usageErrorf("--format must be one of %s, got %q", strings.Join(shellgen.FormatNames(), ", "), name)
	}
	path := c.String("output")
	if c.IsSet("output") {
		if err := renderCheckFolder(path); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	if err := render(&buf, doc); err != nil {
		return renderError(err)
	}
	if !c.IsSet("output") {
		_, err := c.App.Writer.Write(buf.Bytes())
		return err
	}
	if err := renderWriteFile(path, func(w io.Writer) error {
		_, err := w.Write(buf.Bytes())
		return err
	}); err != nil {
		return err
	}
	if name == "splits-file" {
		doc.SplitsFile = path
		var line bytes.Buffer
		if err := shellgen.Shell(&line, doc); err != nil {
			return renderError(err)
		}
		_, _ = c.App.ErrWriter.Write(line.Bytes())
	}
	return nil
}

// renderError sorts a renderer's error: what the input asked for that cannot be rendered
// is bad usage (exit 2); anything else is a runtime failure.
func renderError(err error) error {
	var fe *shellgen.FormatError
	var se *shellgen.SettingError
	var ke *shellgen.KeyError
	switch {
	case errors.As(err, &fe):
		return usageErrorf("--format %s: %s", fe.Format, fe.Reason)
	case errors.As(err, &se), errors.As(err, &ke):
		return usageErrorf("%v", err)
	}
	return err
}

// renderCheckFolder refuses an -o path whose folder does not exist (or is not a folder).
func renderCheckFolder(path string) error {
	if path == "" {
		return usageErrorf("-o must name a file, got %q", path)
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return usageErrorf("-o %q: folder %q does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("-o %q: %w", path, err)
	case !fi.IsDir():
		return usageErrorf("-o %q: %q is not a folder", path, dir)
	}
	return nil
}

// renderWriteFile writes path atomically: write fills a temp file in the same folder, which
// is synced and renamed over path. On any failure the temp file is removed and path is left
// as it was (absent, or byte-identical). An existing file keeps its permissions.
func renderWriteFile(path string, write func(io.Writer) error) (err error) {
	mode := os.FileMode(0o644)
	if fi, statErr := os.Stat(path); statErr == nil && fi.Mode().IsRegular() {
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
			err = fmt.Errorf("writing %s: %w", path, err)
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
