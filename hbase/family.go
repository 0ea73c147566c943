// Package hbase states HBase's vocabulary and limits: what HBase accepts for table,
// namespace and column family names, a family's settings (the enumerated COMPRESSION,
// BLOOMFILTER and DATA_BLOCK_ENCODING values, the bounds of BLOCKSIZE), the longest row
// and FOREVER. The flags, the table spec, lint and the renderers all ask it, so a rule
// means the same wherever a value is written.
package hbase

import (
	"errors"
	"fmt"
	"strconv"
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

// KeepDeletedCells are the values of KEEP_DELETED_CELLS (org.apache.hadoop.hbase.KeepDeletedCells);
// the shell upcases what it is given, so `true` is TRUE.
var KeepDeletedCells = []string{"FALSE", "TRUE", "TTL"}

// The row-prefix bloom filter (BloomType.ROWPREFIX_FIXED_LENGTH, HBASE-20636) needs its
// prefix length in the family's CONFIGURATION under RowPrefixBloomLengthKey
// (BloomFilterUtil.PREFIX_LENGTH_KEY); without it the region fails to open its stores.
const (
	RowPrefixBloom          = "ROWPREFIX_FIXED_LENGTH"
	RowPrefixBloomLengthKey = "RowPrefixBloomFilter.prefix_length"
)

// Errors of ParseBloom.
var (
	ErrBloom             = errors.New("must be one of NONE, ROW, ROWCOL or rowprefix_fixed_length:W (W the prefix length in bytes)")
	ErrBloomPrefixLength = fmt.Errorf("rowprefix_fixed_length needs its prefix length, 1..%d bytes: rowprefix_fixed_length:W", MaxRowLength)
)

// ParseBloom reads a BLOOMFILTER as presplit's flags and spec write it: one of Blooms in
// any case, or `rowprefix_fixed_length:W` with W the prefix length in bytes (1..32767, as
// BloomFilterUtil.getBloomFilterParam checks it). prefixLength is 0 for the other types.
func ParseBloom(s string) (bloom string, prefixLength int, err error) {
	if b, ok := Canonical(Blooms, s); ok {
		return b, 0, nil
	}
	name, width, hasWidth := strings.Cut(strings.TrimSpace(s), ":")
	if !strings.EqualFold(name, RowPrefixBloom) {
		return "", 0, ErrBloom
	}
	if !hasWidth {
		return "", 0, ErrBloomPrefixLength
	}
	n, perr := strconv.Atoi(width)
	if perr != nil || n < 1 || n > MaxRowLength || strings.TrimLeft(width, "0123456789") != "" {
		return "", 0, ErrBloomPrefixLength
	}
	return RowPrefixBloom, n, nil
}

// ErrKeepDeletedCells is a KEEP_DELETED_CELLS value HBase does not have.
var ErrKeepDeletedCells = errors.New("must be true, false or TTL")

// ParseKeepDeletedCells reads KEEP_DELETED_CELLS: true, false or TTL in any case, as the
// shell's upcase reads it.
func ParseKeepDeletedCells(s string) (string, error) {
	if v, ok := Canonical(KeepDeletedCells, s); ok {
		return v, nil
	}
	return "", ErrKeepDeletedCells
}
