package sample_test

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/presplit/presplit/sample"
)

// Composite keys user|ts: cut 3 regions, never inside a user.
func ExampleCollector() {
	var keys strings.Builder
	for _, u := range []string{"user01", "user02", "user03", "user04", "user05", "user06"} {
		for ts := range 5 {
			fmt.Fprintf(&keys, "%s|%d\n", u, 1700000000+ts)
		}
	}
	c := sample.NewCollector(sample.Options{Holdout: 0})
	format, err := sample.Read(strings.NewReader(keys.String()), sample.ReadOptions{}, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := c.Sample()
	cut, err := s.Cut(3, []byte("|"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(format, s.Rows, s.Exact)
	fmt.Printf("%s\n", bytes.Join(cut.Keys, []byte(" ")))
	fmt.Println(cut.Shares, sample.Imbalance(cut.Shares))
	// Output:
	// lines 30 true
	// user03 user05
	// [10 10 10] 1
}

// A sample with fewer distinct leading fields than regions is refused, naming both counts.
func ExampleSample_Cut_tooFew() {
	c := sample.NewCollector(sample.Options{Holdout: 0})
	for _, k := range []string{"a|1", "a|2", "b|1"} {
		c.Add([]byte(k), 1)
	}
	_, err := c.Sample().Cut(3, []byte("|"))
	fmt.Println(err)
	// Output:
	// the sample has 2 distinct leading fields (before "|"), fewer than the 3 regions asked for: each region needs at least one
}

func ExampleSeparator() {
	fmt.Printf("%s\n", sample.Separator([]byte("user0042|1700000000"), []byte("user0043|1600000000")))
	fmt.Printf("%s\n", sample.Separator([]byte("ab"), []byte("abc")))
	// Output:
	// user0043
	// abc
}

// Two shards sketched apart and merged, as a Hadoop Streaming reducer does; a sketch's
// text form is one line.
func ExampleSketch() {
	a, b := sample.NewSketch(sample.K), sample.NewSketch(sample.K)
	for i := range 1000 {
		a.Add(fmt.Appendf(nil, "k%04d", i), 1)
		b.Add(fmt.Appendf(nil, "k%04d", 1000+i), 3) // tsv weights
	}
	var line bytes.Buffer
	if _, err := b.WriteTo(&line); err != nil {
		fmt.Println(err)
		return
	}
	parsed, err := sample.ParseSketch(bytes.TrimSuffix(line.Bytes(), []byte("\n")))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := a.Merge(parsed); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Rows(), a.Weight())
	fields := strings.Split(line.String(), "\t")
	fmt.Println(strings.Join(fields[:5], " "))
	// Output:
	// 2000 4000
	// presplit-sketch/1 k=8192 rows=1000 weight=3000 levels=2
}

func ExampleDetect() {
	for _, head := range []string{
		"ROW  COLUMN+CELL\n r1 column=d:a, timestamp=1, value=\n",
		"user01|1\t512\n",
		"user01|1\n",
		// The first lines, not only the first: a blank line or a logged command above the
		// scan header, a blank line or a key without weight above tsv lines.
		"\nROW  COLUMN+CELL\n r1 column=d:a, timestamp=1, value=\n",
		"hbase(main):001:0> scan 't'\nROW  COLUMN+CELL\n",
		"\nuser01|1\t512\n",
		"user01|1\nuser02|1\t512\n",
	} {
		fmt.Println(sample.Detect(bufio.NewReader(strings.NewReader(head))))
	}
	// Output:
	// scan
	// tsv
	// lines
	// scan
	// scan
	// tsv
	// tsv
}
