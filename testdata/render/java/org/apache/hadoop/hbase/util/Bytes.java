// Test stand-in for Bytes: toBytes and toBytesBinary, written for this test from the rules in
// shared/DOMAIN.md (\xNN with uppercase hex is one byte; any other char keeps the low 8 bits
// of its UTF-16 unit; a \x cut short at the end throws).
package org.apache.hadoop.hbase.util;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

public final class Bytes {
  private Bytes() {}

  public static byte[] toBytes(String s) { return s.getBytes(StandardCharsets.UTF_8); }

  private static int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  public static byte[] toBytesBinary(String in) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < in.length(); i++) {
      char c = in.charAt(i);
      if (c == '\\' && i + 1 < in.length() && in.charAt(i + 1) == 'x') {
        if (i + 3 >= in.length()) throw new StringIndexOutOfBoundsException(i);
        int hi = hex(in.charAt(i + 2));
        int lo = hex(in.charAt(i + 3));
        if (hi < 0 || lo < 0) continue; // bogus escape: the backslash is dropped
        out.write(hi << 4 | lo);
        i += 3;
        continue;
      }
      out.write(c & 0xFF);
    }
    return out.toByteArray();
  }
}
