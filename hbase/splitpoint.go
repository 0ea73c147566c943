package hbase

import (
	"fmt"
	"unicode/utf8"
)

// SplitPointBytes: the shell's `split` hands HBase the split key's own bytes
// (admin.rb: split_point.to_java_bytes, then Admin.splitRegion(byte[], byte[])), first at
// rel/2.0.0. 1.x's admin.rb calls HBaseAdmin.split(String, String): JRuby turns the Ruby
// string into a Java String, and HBaseAdmin encodes it again with Bytes.toBytes (UTF-8).
var SplitPointBytes = Feature{Name: "split with a key of any bytes", Since: []Version{rel(2, 0, 0)}, Where: "admin.rb def split at rel/2.0.0; HBaseAdmin.split(String, String) at rel/1.4.13"}

// ShellSplitSends is the bytes HBase receives for a split key whose Ruby string holds key:
// the key itself from 2.0; on 1.x the key decoded into a Java String as UTF-8, each byte
// that is not part of a valid UTF-8 sequence becoming U+FFFD, and encoded back as UTF-8
// (`\x80` arrives as EF BF BD).
func ShellSplitSends(v Version, key []byte) []byte {
	if SplitPointBytes.In(v) {
		return key
	}
	out := make([]byte, 0, len(key))
	for len(key) > 0 {
		r, n := utf8.DecodeRune(key)
		out = utf8.AppendRune(out, r) // utf8.RuneError is U+FFFD
		key = key[n:]
	}
	return out
}

// SplitKeyError is a split key the target's shell cannot hand HBase as planned.
type SplitKeyError struct {
	Target Version
	Byte   byte // the first byte that would not arrive as itself
}

func (e *SplitKeyError) Error() string {
	return fmt.Sprintf("HBase %s's shell hands split a Java String that HBaseAdmin.split(String, String) UTF-8 encodes: byte \\x%02X would not arrive as itself (keys of any bytes from %s)",
		e.Target, e.Byte, SplitPointBytes.Added())
}

// CheckSplitKey reports whether the target's shell `split` delivers key byte for byte.
// On 1.x only ASCII is accepted: a valid UTF-8 sequence would survive the round trip in
// today's JRuby, but the 1.x shell runs JRuby 1.6 in Ruby 1.8 mode, whose strings carry no
// encoding; presplit does not rely on it.
func CheckSplitKey(v Version, key []byte) error {
	if SplitPointBytes.In(v) {
		return nil
	}
	for _, c := range key {
		if c >= 0x80 {
			return &SplitKeyError{Target: v.OrDefault(), Byte: c}
		}
	}
	return nil
}
