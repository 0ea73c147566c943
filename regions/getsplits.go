package regions

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ReadGetSplits reads the output of `get_splits 'TABLE'`: `Total number of splits = N`
// (N is the region count, keys + 1), then the N-1 split keys, one toStringBinary key a
// line, unstripped. Lines before the count (the shell's banner) and blank lines are
// skipped (Ruby's `puts []` prints a blank line for a one-region table in some versions);
// after the keys only `Took S seconds` may follow.
func ReadGetSplits(data []byte) (keys [][]byte, lines []int, err error) {
	all := splitLines(data)
	const head = "Total number of splits = "
	hdr := -1
	for i, l := range all {
		if strings.HasPrefix(l, "ERROR:") {
			return nil, nil, lineErrorf(i+1, "the shell printed an error instead of splits: %s", strings.TrimSpace(l))
		}
		if strings.HasPrefix(l, head) {
			hdr = i
			break
		}
	}
	if hdr < 0 {
		return nil, nil, &LineError{Line: 1, Err: errors.New("not get_splits output: no `Total number of splits = N` line")}
	}
	n, perr := strconv.Atoi(strings.TrimPrefix(all[hdr], head))
	if perr != nil || n < 1 {
		return nil, nil, lineErrorf(hdr+1, "%q: N must be a whole number of regions, at least 1", all[hdr])
	}
	i := hdr + 1
	for ; i < len(all) && len(keys) < n-1; i++ {
		if all[i] == "" {
			continue
		}
		if tookLine(all[i]) {
			break
		}
		k, err := keyCell(all[i])
		if err != nil {
			return nil, nil, lineErrorf(i+1, "split key %s: %v", show(all[i]), err)
		}
		if len(keys) > 0 {
			prev := string(keys[len(keys)-1])
			switch {
			case string(k) == prev:
				return nil, nil, lineErrorf(i+1, "duplicate split key %s (line %d)", show(all[i]), lines[len(lines)-1])
			case string(k) < prev:
				return nil, nil, lineErrorf(i+1, "split key %s sorts before the one on line %d: keys must be in order", show(all[i]), lines[len(lines)-1])
			}
		}
		keys = append(keys, k)
		lines = append(lines, i+1)
	}
	if len(keys) < n-1 {
		return nil, nil, lineErrorf(max(i, 1), "truncated: `Total number of splits = %d` promises %d keys, the file has %d", n, n-1, len(keys))
	}
	for ; i < len(all); i++ {
		if t := strings.TrimSpace(all[i]); t != "" && !tookLine(t) {
			return nil, nil, lineErrorf(i+1, "more keys than `Total number of splits = %d` promises: %q", n, all[i])
		}
	}
	return keys, lines, nil
}

// LayoutFromSplits is the layout of split keys: regions without names or sizes.
func LayoutFromSplits(keys [][]byte, lines []int) *Layout {
	l := &Layout{Exact: true, Adjacent: true, Regions: make([]Region, len(keys)+1)}
	for i := range l.Regions {
		if i > 0 {
			l.Regions[i].Start = keys[i-1]
			l.Regions[i].Line = lines[i-1]
		}
		if i < len(keys) {
			l.Regions[i].End = keys[i]
		}
	}
	return l
}

// ApplySplits checks the list_regions layout l against get_splits' keys and takes the
// keys as the boundaries: get_splits prints them unstripped, list_regions' START_KEY
// strips them. The region counts and every key (as list_regions printed it) must agree.
func (l *Layout) ApplySplits(keys [][]byte, lines []int) error {
	if len(keys)+1 != len(l.Regions) {
		return &LineError{Err: fmt.Errorf("get_splits shows %d regions, list_regions %d: take both at the same time, with no split or merge running", len(keys)+1, len(l.Regions))}
	}
	for i, k := range keys {
		r := &l.Regions[i+1]
		if string(r.Start) == string(k) {
			continue
		}
		if l.Exact || stripKey(k) != stripKey(r.Start) {
			return lineErrorf(lines[i], "split key %s but list_regions' region %d (line %d) starts at %s: take both at the same time",
				quoted(k), i+2, r.Line, quoted(r.Start))
		}
		r.Start = k
		l.Regions[i].End = k
	}
	l.Exact, l.Adjacent = true, true
	return nil
}
