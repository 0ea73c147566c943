// Package libreoffice checks workbooks with a real spreadsheet engine: it opens them with
// LibreOffice Calc in headless mode, which recalculates every formula on load, and reads
// back the value of every cell of every sheet, as LibreOffice exports them to CSV.
//
// Each soffice start costs seconds, so Recalc takes all the workbooks of a test at once
// and starts soffice once for them. Only tests import this package.
//
// Without LibreOffice the test skips, except under CI (the CI variable set), where it
// fails: .ci/run installs Debian's libreoffice-calc-nogui.
package libreoffice

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Timeout bounds one soffice run. A cold start with a fresh profile takes a few seconds;
// a hung soffice must not hang the test run.
const Timeout = 3 * time.Minute

// csvFilter exports every sheet (token 12: -1) as UTF-8 (76) comma-separated (44) text,
// quoted with " (34), text cells always quoted (token 7), raw values rather than the
// displayed ones (token 9 false), values rather than formulas (token 10 false).
const csvFilter = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,true,false,false,false,-1"

// alwaysRecalc sets Calc's "recalculation on file load" to always (0) for OOXML and ODF.
const alwaysRecalc = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`

// Book is a recalculated workbook: its sheets by name, each a grid of cell texts.
type Book map[string][][]string

// Soffice returns the path of LibreOffice's soffice. Without one the test skips, or fails
// under CI.
func Soffice(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"soffice", "libreoffice"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("LibreOffice (soffice) is not installed but CI is set: .ci/run installs libreoffice-calc-nogui; the workbook must be checked by a real spreadsheet engine")
	}
	t.Skip("LibreOffice (soffice) is not installed: skipping the check of the workbook by a real spreadsheet engine (CI runs it)")
	return ""
}

// Recalc opens the workbooks with one headless LibreOffice, recalculates them and returns
// each one's sheets, keyed by the path given. The base names of the files must differ.
func Recalc(t testing.TB, files ...string) map[string]Book {
	t.Helper()
	return convert(t, nil, files)
}

// csvImport reads a CSV file as an operator's double-click does, at its most trusting:
// comma-separated (44), " quoted (34), UTF-8 (76), from line 1, a quoted field not forced
// to text (token 7 false), special numbers detected (8), and formulas evaluated (token 13
// true, the Text Import dialog's "Evaluate formulas"): a cell =1+1 is read back as 2.
const csvImport = "CSV:44,34,76,1,,0,false,true,false,false,false,-1,true"

// RecalcCSV opens CSV files as Calc imports them with formulas evaluated (csvImport) and
// returns each one's sheet, as Recalc does a workbook's: a cell that Calc ran as a formula
// comes back as its value, one it kept as text as that text.
func RecalcCSV(t testing.TB, files ...string) map[string]Book {
	t.Helper()
	return convert(t, []string{"--infilter=" + csvImport}, files)
}

// convert runs one headless soffice over files, with the extra arguments before the
// conversion's, and reads every sheet back.
func convert(t testing.TB, extra, files []string) map[string]Book {
	t.Helper()
	soffice := Soffice(t)
	out := t.TempDir()
	profile := t.TempDir() // LibreOffice needs a writable user profile; a fresh one per run
	// LibreOffice trusts an xlsx file's cached formula values by default ("never
	// recalculate" on load, whatever fullCalcOnLoad says): the profile makes it
	// recalculate every formula, so the values read back are its own.
	if err := os.MkdirAll(filepath.Join(profile, "user"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(profile, "user", "registrymodifications.xcu"), []byte(alwaysRecalc), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	args := []string{"-env:UserInstallation=file://" + filepath.ToSlash(profile),
		"--headless", "--norestore", "--nologo", "--nolockcheck"}
	args = append(append(args, extra...), "--convert-to", csvFilter, "--outdir", out)
	cmd := exec.CommandContext(ctx, soffice, append(args, files...)...)
	cmd.Env = append(os.Environ(), "HOME="+profile)
	start := time.Now()
	msg, err := cmd.CombinedOutput()
	t.Logf("soffice converted %d workbooks in %s", len(files), time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("soffice: %v\n%s", err, msg)
	}
	books := map[string]Book{}
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		matches, err := filepath.Glob(filepath.Join(out, base+"-*.csv"))
		if err != nil || len(matches) == 0 {
			t.Fatalf("soffice wrote no sheets of %s (%v)\n%s", f, err, msg)
		}
		book := Book{}
		for _, m := range matches {
			sheet := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(m), base+"-"), ".csv")
			book[sheet] = readCSV(t, m)
		}
		books[f] = book
	}
	return books
}

func readCSV(t testing.TB, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }() // read only: Close has nothing to lose
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}

// Cell is the text of the cell at a 1-based column and row, "" outside the sheet's data.
func (b Book) Cell(sheet string, col, row int) string {
	rows := b[sheet]
	if row < 1 || row > len(rows) || col < 1 || col > len(rows[row-1]) {
		return ""
	}
	return rows[row-1][col-1]
}

// Number reads a number as LibreOffice exports it: plain, or with % for a cell in a percent
// format (the value is then divided by 100).
func Number(s string) (float64, error) {
	if p, ok := strings.CutSuffix(s, "%"); ok {
		v, err := strconv.ParseFloat(p, 64)
		return v / 100, err
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("not a number: %q", s)
	}
	return v, nil
}
