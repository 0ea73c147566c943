// Test stand-in: org.apache.hadoop.hbase.client.Durability's constants (HBase 2.x).
package org.apache.hadoop.hbase.client;

public enum Durability {
  USE_DEFAULT, SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL
}
