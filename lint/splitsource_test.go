package lint_test

import (
	"testing"

	"github.com/presplit/presplit/lint"
	"github.com/presplit/presplit/splits"
)

// TestSplitKeysWords: every source of a split has its own words in a finding, none empty
// (a sample's split was once worded "split keys of  do not match").
func TestSplitKeysWords(t *testing.T) {
	seen := map[string]splits.Source{}
	for _, src := range splits.Sources {
		w := lint.SplitKeysWords(src, "HexStringSplit")
		if w == "" || w == lint.SplitKeysWords(splits.SourceNone, "") {
			t.Errorf("source %q has no words of its own: %q", src, w)
		}
		if other, ok := seen[w]; ok {
			t.Errorf("sources %q and %q are both worded %q", other, src, w)
		}
		seen[w] = src
	}
	if got := lint.SplitKeysWords(splits.SourceAlgo, "UniformSplit"); got != "the UniformSplit keys" {
		t.Errorf("algo: %q", got)
	}
}
