// Test stand-in: HBase's is an interface; this one just holds what the builder was given.
package org.apache.hadoop.hbase.client;

import java.util.List;
import org.apache.hadoop.hbase.TableName;

public final class TableDescriptor {
  public final TableName name;
  public final long maxFileSize;
  public final List<ColumnFamilyDescriptor> families;
  public final List<String> attrs;

  TableDescriptor(TableName name, long maxFileSize, List<ColumnFamilyDescriptor> families, List<String> attrs) {
    this.attrs = attrs;
    this.name = name;
    this.maxFileSize = maxFileSize;
    this.families = families;
  }
}
