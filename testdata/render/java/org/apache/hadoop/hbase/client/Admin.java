// Test stand-in: only the signatures presplit's generated Java calls.
package org.apache.hadoop.hbase.client;

import org.apache.hadoop.hbase.NamespaceDescriptor;

public interface Admin {
  void createNamespace(NamespaceDescriptor descriptor) throws java.io.IOException;

  void createTable(TableDescriptor desc) throws java.io.IOException;

  void createTable(TableDescriptor desc, byte[][] splitKeys) throws java.io.IOException;
}
