// Test stand-in: HBase's DataBlockEncoding names.
package org.apache.hadoop.hbase.io.encoding;

public enum DataBlockEncoding { NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1 }
