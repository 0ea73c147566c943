package regions

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ReadGetSplits reads the output of `get_splits 'TABLE'` in the forms the shell prints:
// `Total number of splits = N` (N is the region count, keys + 1; 1.4.4 on), then the N-1
// split keys, one toStringBinary key a line, unstripped (2.0 on). Then what the shell adds:
// `Took S seconds` (2.x); the keys printed again, when `hbase shell -n` reads the command
// from stdin and puts the value it returns (2.x: the command's own lines, then the
// returned array's); the interactive shell's echo of that value, `=> ["k1", "k2"]` (1.4.4
// on prints no key lines, only this). Lines before the count (the shell's banner, a
// prompt) and blank lines are skipped (Ruby's `puts []` prints a blank line for a
// one-region table); the echo alone (`=> [...]`, 1.4.0-1.4.3's interactive form) is read
// too. Every copy must hold the same keys.
func ReadGetSplits(data []byte) (keys [][]byte, lines []int, err error) {
	all := splitLines(data)
	const head = "Total number of splits = "
	hdr := -1
	for i, l := range all {
		if shellError(l) {
			return nil, nil, lineErrorf(i+1, "the shell printed an error instead of splits: %s", strings.TrimSpace(l))
		}
		if strings.HasPrefix(l, head) {
			hdr = i
			break
		}
		if strings.HasPrefix(l, "=> [") {
			// 1.4.0-1.4.3, interactive: the returned array only
			k, err := readEcho(l)
			if err != nil {
				return nil, nil, lineErrorf(i+1, "%v", err)
			}
			if err := checkOrder(k, i+1); err != nil {
				return nil, nil, err
			}
			ls := make([]int, len(k))
			for j := range ls {
				ls[j] = i + 1
			}
			if err := afterKeys(all, i+1, len(k)+1); err != nil {
				return nil, nil, err
			}
			return k, ls, nil
		}
	}
	if hdr < 0 {
		return nil, nil, &LineError{Line: 1, Err: errors.New("not get_splits output: no `Total number of splits = N` line (HBase 1.4.0-1.4.3 print none when hbase shell -n reads the command from stdin: save the interactive shell's `=> [...]` line, or list_regions)")}
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
		if strings.HasPrefix(all[i], "=> [") && len(keys) == 0 {
			// 1.4.4-1.4.13, interactive: the count, then the returned array only
			k, err := readEcho(all[i])
			if err != nil {
				return nil, nil, lineErrorf(i+1, "%v", err)
			}
			for range k {
				lines = append(lines, i+1)
			}
			keys = k
			if err := checkOrder(keys, i+1); err != nil {
				return nil, nil, err
			}
			i++
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
	if len(keys) != n-1 {
		return nil, nil, lineErrorf(max(i, 1), "truncated: `Total number of splits = %d` promises %d keys, the file has %d", n, n-1, len(keys))
	}
	if err := afterCopies(all, i, keys, n); err != nil {
		return nil, nil, err
	}
	return keys, lines, nil
}

// afterCopies reads what may follow the keys: blank lines, `Took S seconds`, prompts,
// the keys again one a line (hbase shell -n reading stdin), the `=> [...]` echo; every
// copy the same keys.
func afterCopies(all []string, i int, keys [][]byte, n int) error {
	for i < len(all) {
		t := strings.TrimSpace(all[i])
		switch {
		case t == "" || tookLine(t) || promptLine(t):
			i++
		case strings.HasPrefix(t, "=> ["):
			k, err := readEcho(t)
			if err != nil {
				return lineErrorf(i+1, "%v", err)
			}
			if !sameKeys(k, keys) {
				return lineErrorf(i+1, "the shell's echo of get_splits' value holds other keys than the lines before it: a cut or edited output")
			}
			i++
		case len(keys) > 0 && all[i] == keyText(keys[0]):
			// the returned array, put again by hbase shell -n
			for j, k := range keys {
				if i+j >= len(all) || all[i+j] != keyText(k) {
					return lineErrorf(i+j+1, "more keys than `Total number of splits = %d` promises, and not a second copy of them (hbase shell -n prints them twice): a cut or edited output", n)
				}
			}
			i += len(keys)
		default:
			return lineErrorf(i+1, "more keys than `Total number of splits = %d` promises: %q", n, all[i])
		}
	}
	return nil
}

// afterKeys: after the echo alone, only blank lines, Took and prompts.
func afterKeys(all []string, i, n int) error {
	for ; i < len(all); i++ {
		if t := strings.TrimSpace(all[i]); t != "" && !tookLine(t) && !promptLine(t) {
			return lineErrorf(i+1, "unexpected line after get_splits' value (%d regions): %q", n, all[i])
		}
	}
	return nil
}

func sameKeys(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if string(a[i]) != string(b[i]) {
			return false
		}
	}
	return true
}

// checkOrder: keys ascending, no duplicate.
func checkOrder(keys [][]byte, line int) error {
	for j := 1; j < len(keys); j++ {
		switch c := string(keys[j]); {
		case c == string(keys[j-1]):
			return lineErrorf(line, "duplicate split key %s", quoted(keys[j]))
		case c < string(keys[j-1]):
			return lineErrorf(line, "split key %s sorts before %s: keys must be in order", quoted(keys[j]), quoted(keys[j-1]))
		}
	}
	return nil
}

// readEcho reads irb's echo of get_splits' value: `=> ["k1", "k2"]`, each key Ruby's
// inspect of its toStringBinary text (`\\` for a backslash, `\"` and `\#` too).
func readEcho(line string) ([][]byte, error) {
	const rule = "not irb's echo of an array of keys (`=> [\"a\", \"b\"]`, on one line)"
	s, ok := strings.CutPrefix(strings.TrimSpace(line), "=> [")
	if !ok {
		return nil, errors.New(rule)
	}
	keys := [][]byte{}
	for {
		if rest, ok := strings.CutPrefix(s, "]"); ok && rest == "" {
			return keys, nil
		}
		if len(keys) > 0 {
			if s, ok = strings.CutPrefix(s, ", "); !ok {
				return nil, errors.New(rule)
			}
		}
		if s, ok = strings.CutPrefix(s, `"`); !ok {
			return nil, errors.New(rule)
		}
		var text strings.Builder
		for {
			if s == "" {
				return nil, errors.New(rule + ": cut short")
			}
			c := s[0]
			if c == '"' {
				s = s[1:]
				break
			}
			if c == '\\' {
				if len(s) < 2 || !strings.ContainsRune(`\"#`, rune(s[1])) {
					return nil, fmt.Errorf("%s: escape %q is not one inspect writes for toStringBinary text", rule, s[:min(len(s), 2)])
				}
				c, s = s[1], s[1:]
			}
			text.WriteByte(c)
			s = s[1:]
		}
		k, err := keyCell(text.String())
		if err != nil {
			return nil, fmt.Errorf("split key %s: %v", show(text.String()), err)
		}
		keys = append(keys, k)
	}
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
