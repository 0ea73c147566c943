// Test stand-in: only the signatures presplit's generated Java calls.
package org.apache.hadoop.hbase.client;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;

public final class TableDescriptorBuilder {
  private final TableName name;
  private long maxFileSize = -1;
  private final List<ColumnFamilyDescriptor> families = new ArrayList<>();

  private TableDescriptorBuilder(TableName name) { this.name = name; }

  public static TableDescriptorBuilder newBuilder(TableName name) {
    return new TableDescriptorBuilder(name);
  }

  public TableDescriptorBuilder setMaxFileSize(long maxFileSize) {
    this.maxFileSize = maxFileSize;
    return this;
  }

  public TableDescriptorBuilder setColumnFamily(ColumnFamilyDescriptor family) {
    families.add(family);
    return this;
  }

  public TableDescriptor build() { return new TableDescriptor(name, maxFileSize, families); }
}
