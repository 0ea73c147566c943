// Package splits turns a region count and the shape of the rowkey's leading bytes into the
// n-1 split keys of a pre-split table, and reproduces HBase's RegionSplitter algorithms.
package splits

// Split is a set of region boundaries: Regions() regions need Regions()-1 keys.
// Regions are [, k1) [k1, k2) ... [k(n-1), ).
type Split struct {
	// Spec names what produced the keys, in the flag grammar: "hex:2", "dec:2",
	// "byte:16", "HexStringSplit". Shown in reports and JSON.
	Spec string
	// Suffix is the --suffix appended to each key ("" when splitting at the next prefix).
	Suffix []byte
	// Keys are the boundaries: strictly increasing in unsigned byte order, none empty.
	Keys Keys
	// Owned.At(i) is how many prefixes (for --algo: units of its numeric range, for a
	// sample: sample weight) region i owns: Owned.Len() == Keys.Len()+1, or 0 when the
	// split does not say (a splits file). Shares and imbalance derive from it.
	Owned Owned
	// Algorithm is set when the keys come from a RegionSplitter algorithm (--algo).
	Algorithm *Algorithm
	// Rule is set when the keys follow a rule (a --prefix split of fewer than 2^63
	// prefixes): Keys.At(i-1) is its split key i, so a key's region can be worked out
	// from its leading bytes.
	Rule *Rule
	// Notes are things the user should be told, e.g. "{splits.align} even raised 37 regions
	// to 50": the inputs they name are field refs, which the front end words as its own.
	Notes []string
}

// Regions is the number of regions the keys make.
func (s Split) Regions() int { return s.Keys.Len() + 1 }

// Algorithm fields are set only for splits made by --algo (HBase's RegionSplitter).
type Algorithm struct {
	Name     string // "HexStringSplit", "DecimalStringSplit" or "UniformSplit"
	FirstRow string // the first row as the user gave it; "" = the algorithm's default
	LastRow  string // the last row as the user gave it; "" = the algorithm's default
}
