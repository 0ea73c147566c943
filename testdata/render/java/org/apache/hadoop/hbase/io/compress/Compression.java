// Test stand-in: HBase's Compression.Algorithm names.
package org.apache.hadoop.hbase.io.compress;

public final class Compression {
  public enum Algorithm { LZO, GZ, NONE, SNAPPY, LZ4, BZIP2, ZSTD, LZMA, BROTLI }
}
