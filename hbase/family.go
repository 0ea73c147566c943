// Package hbase states HBase's vocabulary and limits: what HBase accepts for table,
// namespace and column family names, a family's settings (the enumerated COMPRESSION,
// BLOOMFILTER and DATA_BLOCK_ENCODING values, the bounds of BLOCKSIZE), the longest row
// and FOREVER. The flags, the table spec, lint and the renderers all ask it, so a rule
// means the same wherever a value is written.
package hbase

import (
	"errors"
	"strings"

	"github.com/presplit/presplit/quantity"
)

// The values HBase accepts for the enumerated family settings, in HBase's case
// (Compression.Algorithm, BloomType, DataBlockEncoding). GZIP is not one: it is GZ.
var (
	Compressions = []string{"NONE", "SNAPPY", "LZ4", "ZSTD", "GZ", "LZO", "BZIP2", "LZMA", "BROTLI"}
	Blooms       = []string{"NONE", "ROW", "ROWCOL"}
	Encodings    = []string{"NONE", "PREFIX", "DIFF", "FAST_DIFF", "ROW_INDEX_V1"}
)

// Bounds HBase enforces on family settings.
const (
	MinBlockSize = 1 << 10  // TableDescriptorChecker: "must be between 1K and 16MB"
	MaxBlockSize = 16 << 20 //
	MaxInt       = 1<<31 - 1
)

// Canonical returns the member of set equal to s ignoring case (HBase's case), and whether
// there is one: Canonical(Compressions, "snappy") = "SNAPPY", true.
func Canonical(set []string, s string) (string, bool) {
	for _, v := range set {
		if strings.EqualFold(v, strings.TrimSpace(s)) {
			return v, true
		}
	}
	return "", false
}

// ErrBlockSizeRange is a block size outside HBase's 1K..16MB.
var ErrBlockSizeRange = errors.New("must be between 1K and 16MB (1024..16777216 bytes)")

// CheckBlockSize reports whether n bytes is a block size HBase accepts.
func CheckBlockSize(n int64) error {
	if n < MinBlockSize || n > MaxBlockSize {
		return ErrBlockSizeRange
	}
	return nil
}

// Errors of ParseBlockSize besides ErrBlockSizeRange.
var (
	ErrBlockSizeSyntax = errors.New("must be a size like 65536, 64K or 64KB")
	ErrBlockSizeWhole  = errors.New("must be whole bytes, like 65536 or 64K")
)

// ParseBlockSize reads a BLOCKSIZE as a size in Hadoop's convention (quantity.WholeSize:
// 65536, 64K, 64KB and 64KiB are all 65536), whole bytes, bounded as HBase bounds it
// (1K..16MB).
func ParseBlockSize(s string) (int64, error) {
	n, err := quantity.WholeSize(s)
	switch {
	case errors.Is(err, quantity.ErrNotWhole):
		return 0, ErrBlockSizeWhole
	case errors.Is(err, quantity.ErrNotPositive), errors.Is(err, quantity.ErrTooLarge):
		return 0, ErrBlockSizeRange
	case err != nil:
		return 0, ErrBlockSizeSyntax
	}
	if err := CheckBlockSize(n); err != nil {
		return 0, err
	}
	return n, nil
}
