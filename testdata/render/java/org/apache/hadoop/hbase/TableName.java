// Test stand-in: only the signatures presplit's generated Java calls.
package org.apache.hadoop.hbase;

public final class TableName {
  private final String name;

  private TableName(String name) { this.name = name; }

  public static TableName valueOf(String name) { return new TableName(name); }

  public String getNameAsString() { return name; }
}
