package splits

// Source is where a split's keys came from. Checks that read a split ask it: keys
// generated from the prefix match the prefix by construction, a sample's follow the data,
// a file's are whatever was written in it.
type Source string

// The sources of a split; the zero Source is no split.
const (
	SourceNone      Source = ""
	SourceGenerated Source = "generated" // from the rowkey prefix's alphabet (Generate)
	SourceAlgo      Source = "algo"      // a RegionSplitter algorithm (--algo)
	SourceFile      Source = "file"      // read from a SPLITS_FILE
	SourceSample    Source = "sample"    // cut from a sample of real keys
)

// Sources are the sources of a split, SourceNone left out.
var Sources = []Source{SourceGenerated, SourceAlgo, SourceFile, SourceSample}
