package splits

// The entry points of the split generator. Callers rely on these signatures.

// Prefix is the shape of a rowkey's leading bytes (the --prefix grammar).
type Prefix struct {
	Name     string // "hex", "HEX", "dec", "chars" or "byte"
	Alphabet []byte // the distinct bytes one position may hold, ascending
	Width    int    // positions; 0 = as many as needed (hex, HEX, dec without a width)
}

// Options tune Generate.
type Options struct {
	Suffix []byte // split at the last prefix of the previous region + Suffix (`00|`)
	Align  string // "exact" (default) or "even"
	// Values is how many of the prefix's values the keys take, the first ones in order (a
	// salt hash % 20 written %02d takes 00..19 of dec:2); 0 means all of them.
	Values uint64
	// Multiple, with Align "even", is what the count must also be a multiple of (a plan's
	// --balance: its RegionServers); 0 or 1 asks nothing more. A count that cannot be both
	// is a *MultipleError.
	Multiple int
}

// Generate returns the split for regions regions over the prefix.
//
// Region i owns a contiguous run of prefixes and run lengths differ by at most one (the
// longer runs spread evenly). Key i is the first prefix of region i+1, or with
// Options.Suffix the last prefix of region i followed by the suffix. A width-less hex, HEX
// or dec prefix gets the smallest width that keeps the imbalance within MaxImbalance (a
// Note says which). Align "even" raises regions to the nearest count that divides the
// number of prefixes (a Note says so).
//
// Errors: *PrefixError (a malformed Prefix), *RegionsError (regions outside
// 1..MaxRegions), *TooManyRegionsError (more regions than prefixes), *SuffixError (a suffix
// that does not sort after the bytes that can follow the prefix), *MultipleError (Align
// "even" and Options.Multiple, which no count meets).
func Generate(p Prefix, regions int, opt Options) (Split, error) {
	return generate(p, regions, opt)
}

// RegionSplitter reproduces `hbase org.apache.hadoop.hbase.util.RegionSplitter` with the named
// algorithm (HexStringSplit, DecimalStringSplit, UniformSplit); firstRow and lastRow are the
// --firstrow/--lastrow arguments, "" for the algorithm's default.
//
// The keys are byte for byte those of HBase's SplitAlgorithm.split(regions), and every
// exception HBase throws for the same input is an *AlgorithmError with HBase's message
// (regions = 1 gives no keys for the string splits; UniformSplit fails). Other errors:
// *UnknownAlgorithmError, *RegionsError (regions above MaxRegions).
func RegionSplitter(algo string, regions int, firstRow, lastRow string) (Split, error) {
	return regionSplitter(algo, regions, firstRow, lastRow)
}
