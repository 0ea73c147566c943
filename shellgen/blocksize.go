package shellgen

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

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
		return 0, &SettingError{Setting: "BLOCKSIZE", Value: s, Rule: "must be between 1K and 16MB (1024..16777216 bytes)"}
	}
	return n * mult, nil
}
