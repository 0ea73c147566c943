// Test stand-in: HBase's KeepDeletedCells values.
package org.apache.hadoop.hbase;

public enum KeepDeletedCells { FALSE, TRUE, TTL }
