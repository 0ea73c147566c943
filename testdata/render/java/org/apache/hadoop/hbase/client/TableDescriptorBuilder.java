// Test stand-in: only the signatures presplit's generated Java calls.
package org.apache.hadoop.hbase.client;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;

public final class TableDescriptorBuilder {
  private final TableName name;
  private long maxFileSize = -1;
  private final List<ColumnFamilyDescriptor> families = new ArrayList<>();
  private final List<String> attrs = new ArrayList<>();

  private TableDescriptorBuilder(TableName name) { this.name = name; }

  public static TableDescriptorBuilder newBuilder(TableName name) {
    return new TableDescriptorBuilder(name);
  }

  public TableDescriptorBuilder setMaxFileSize(long maxFileSize) {
    this.maxFileSize = maxFileSize;
    return this;
  }

  public TableDescriptorBuilder setMemStoreFlushSize(long memstoreFlushSize) {
    attrs.add("MEMSTORE_FLUSHSIZE=" + memstoreFlushSize);
    return this;
  }

  public TableDescriptorBuilder setRegionReplication(int regionReplication) {
    attrs.add("REGION_REPLICATION=" + regionReplication);
    return this;
  }

  public TableDescriptorBuilder setDurability(Durability durability) {
    attrs.add("DURABILITY=" + durability.name());
    return this;
  }

  public TableDescriptorBuilder setNormalizationEnabled(final boolean isEnable) {
    attrs.add("NORMALIZATION_ENABLED=" + isEnable);
    return this;
  }

  public TableDescriptorBuilder setSplitEnabled(final boolean isEnable) {
    attrs.add("SPLIT_ENABLED=" + isEnable);
    return this;
  }

  public TableDescriptorBuilder setRegionSplitPolicyClassName(String clazz) {
    attrs.add("SPLIT_POLICY=" + clazz);
    return this;
  }

  public TableDescriptorBuilder setValue(final String key, final String value) {
    attrs.add("CONFIGURATION " + key + "=" + value);
    return this;
  }

  public TableDescriptorBuilder setColumnFamily(ColumnFamilyDescriptor family) {
    families.add(family);
    return this;
  }

  public TableDescriptor build() { return new TableDescriptor(name, maxFileSize, families, attrs); }
}
