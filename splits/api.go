package splits

// Contract of the split generator. The split-keys work (issue 3) replaces these
// placeholder bodies; callers may rely on the signatures.

import "errors"

var errNotImplemented = errors.New("split generation is not implemented yet")

// Prefix is the shape of a rowkey's leading bytes (the --prefix grammar).
type Prefix struct {
	Name     string // "hex", "HEX", "dec", "chars" or "byte"
	Alphabet []byte // the distinct bytes one position may hold, ascending
	Width    int    // positions; 0 = as many as needed (hex, HEX, dec without a width)
}

// ParsePrefix reads `hex:W`, `HEX:W`, `dec:W`, `chars:ALPHABET:W`, `byte:B`, or `hex`, `HEX`,
// `dec` without a width.
func ParsePrefix(spec string) (Prefix, error) { return Prefix{}, errNotImplemented }

// Options tune Generate.
type Options struct {
	Suffix []byte // split at the last prefix of the previous region + Suffix (`00|`)
	Align  string // "exact" (default) or "even"
}

// Generate returns the split for regions regions over the prefix.
func Generate(p Prefix, regions int, opt Options) (Split, error) {
	return Split{}, errNotImplemented
}

// RegionSplitter reproduces `hbase org.apache.hadoop.hbase.util.RegionSplitter` with the named
// algorithm (HexStringSplit, DecimalStringSplit, UniformSplit); firstRow and lastRow are the
// --firstrow/--lastrow arguments, "" for the algorithm's default.
func RegionSplitter(algo string, regions int, firstRow, lastRow string) (Split, error) {
	return Split{}, errNotImplemented
}
