// Package hbase states HBase's vocabulary and limits: what HBase accepts for table,
// namespace and column family names, a family's settings (the enumerated COMPRESSION,
// BLOOMFILTER and DATA_BLOCK_ENCODING values, the bounds of BLOCKSIZE), the longest row
// and FOREVER. The flags, the table spec, lint and the renderers all ask it, so a rule
// means the same wherever a value is written.
package hbase

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
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

var blockSizeRE = regexp.MustCompile(`^([0-9]+)\s*([A-Za-z]*)$`)

// ParseBlockSize reads a BLOCKSIZE: whole bytes (65536, 65536B) or binary units (64KiB,
// 1MiB), bounded as HBase bounds it (1K..16MB). The decimal units K, KB, M and MB are
// refused as ambiguous: HBase reads 64KB as 65536 bytes, presplit's other sizes as 64000.
func ParseBlockSize(s string) (int64, error) {
	m := blockSizeRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, errors.New("must be whole bytes or KiB/MiB, like 65536 or 64KiB")
	}
	var mult int64
	switch strings.ToLower(m[2]) {
	case "", "b":
		mult = 1
	case "kib", "ki":
		mult = 1 << 10
	case "mib", "mi":
		mult = 1 << 20
	case "k", "kb", "m", "mb":
		return 0, errors.New("is ambiguous (HBase reads KB as 1024 bytes, presplit's sizes as 1000): write KiB/MiB or whole bytes, like 64KiB or 65536")
	default:
		return 0, errors.New("must be whole bytes or KiB/MiB, like 65536 or 64KiB")
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil || n > MaxBlockSize || CheckBlockSize(n*mult) != nil {
		return 0, ErrBlockSizeRange
	}
	return n * mult, nil
}
