// Test stand-in: HBase's BloomType names.
package org.apache.hadoop.hbase.regionserver;

public enum BloomType { NONE, ROW, ROWCOL, ROWPREFIX_FIXED_LENGTH }
