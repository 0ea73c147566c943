// Test stand-in: HBase's is an interface; this one just holds what the builder was given.
package org.apache.hadoop.hbase.client;

public final class ColumnFamilyDescriptor {
  public final String settings;

  ColumnFamilyDescriptor(String settings) { this.settings = settings; }
}
