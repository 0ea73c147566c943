// Package shellgen renders a plan (capacity result, split keys, table settings) in the
// formats users take it to: hbase shell DDL, SPLITS_FILE, RegionSplitter, CSV, JSON, Java.
package shellgen

// Table is the table's settings as they go into the create statement.
type Table struct {
	Name        string // [namespace:]name
	Families    []Family
	MaxFileSize int64 // MAX_FILESIZE: the planned region size in bytes; 0 = leave out
}

// Family is one column family. Zero values mean "unset": left out of the DDL so HBase's
// defaults apply.
type Family struct {
	Name        string
	Versions    int    // VERSIONS
	TTL         int64  // TTL in seconds (HBase FOREVER = 2147483647)
	Compression string // COMPRESSION, HBase's case: SNAPPY, ZSTD, ...
	Bloom       string // BLOOMFILTER: NONE, ROW, ROWCOL
	BlockSize   int64  // BLOCKSIZE bytes
	Encoding    string // DATA_BLOCK_ENCODING: NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1
	InMemory    bool   // IN_MEMORY => true
}
