// Test stand-in: records each call as NAME=value so the test can compare the settings.
package org.apache.hadoop.hbase.client;

import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

public final class ColumnFamilyDescriptorBuilder {
  private final StringBuilder settings = new StringBuilder();

  private ColumnFamilyDescriptorBuilder(byte[] name) {
    settings.append("NAME=").append(new String(name, java.nio.charset.StandardCharsets.UTF_8));
  }

  public static ColumnFamilyDescriptorBuilder newBuilder(byte[] name) {
    return new ColumnFamilyDescriptorBuilder(name);
  }

  private ColumnFamilyDescriptorBuilder add(String key, Object value) {
    settings.append(' ').append(key).append('=').append(value);
    return this;
  }

  public ColumnFamilyDescriptorBuilder setMaxVersions(int n) { return add("VERSIONS", n); }

  public ColumnFamilyDescriptorBuilder setTimeToLive(int seconds) { return add("TTL", seconds); }

  public ColumnFamilyDescriptorBuilder setCompressionType(Compression.Algorithm a) {
    return add("COMPRESSION", a);
  }

  public ColumnFamilyDescriptorBuilder setBloomFilterType(BloomType t) {
    return add("BLOOMFILTER", t);
  }

  public ColumnFamilyDescriptorBuilder setBlocksize(int bytes) { return add("BLOCKSIZE", bytes); }

  public ColumnFamilyDescriptorBuilder setDataBlockEncoding(DataBlockEncoding e) {
    return add("DATA_BLOCK_ENCODING", e);
  }

  public ColumnFamilyDescriptorBuilder setInMemory(boolean inMemory) {
    return add("IN_MEMORY", inMemory);
  }

  public ColumnFamilyDescriptorBuilder setBlockCacheEnabled(boolean enabled) {
    return add("BLOCKCACHE", enabled);
  }

  public ColumnFamilyDescriptorBuilder setMinVersions(int n) { return add("MIN_VERSIONS", n); }

  public ColumnFamilyDescriptorBuilder setKeepDeletedCells(KeepDeletedCells k) {
    return add("KEEP_DELETED_CELLS", k);
  }

  public ColumnFamilyDescriptorBuilder setConfiguration(String key, String value) {
    return add("CONFIGURATION " + key, value);
  }

  public ColumnFamilyDescriptor build() { return new ColumnFamilyDescriptor(settings.toString()); }
}
