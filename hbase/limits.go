package hbase

import "math"

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
