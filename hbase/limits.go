package hbase

import (
	"errors"
	"math"
)

// HBase's limits on rows and TTLs, and presplit's bound on a table's regions.
const (
	// MaxRowLength is the longest row key HBase accepts (HConstants.MAX_ROW_LENGTH,
	// Short.MAX_VALUE bytes).
	MaxRowLength = math.MaxInt16
	// Forever is HConstants.FOREVER: the TTL, in seconds, of a family whose cells never
	// expire, and the largest TTL.
	Forever = math.MaxInt32
	// MaxRegions is the most regions presplit plans or splits a table into. HBase has no
	// hard limit, but a whole cluster holds a few hundred thousand regions: far more is a
	// typo, and the bound keeps every count well inside an int.
	MaxRegions = 10_000_000
)

// MinMaxFileSize is the smallest MAX_FILESIZE HBase's master accepts: below it
// TableDescriptorChecker (HMaster.sanityCheckTableDescriptor on 1.x and 2.0) refuses the
// table unless hbase.hregion.max.filesize.limit is lowered ("2M is the default lower
// limit", read at rel/1.4.13, rel/2.0.0 and branch-3.0).
const MinMaxFileSize = 2 << 20

// ErrMaxFileSize is a MAX_FILESIZE below MinMaxFileSize.
var ErrMaxFileSize = errors.New("must be at least 2 MiB (2097152 bytes): HBase's TableDescriptorChecker refuses a smaller MAX_FILESIZE")
