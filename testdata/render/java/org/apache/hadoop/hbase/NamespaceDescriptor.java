// Test stand-in: only the signatures presplit's generated Java calls.
package org.apache.hadoop.hbase;

public class NamespaceDescriptor {
  public final String name;

  private NamespaceDescriptor(String name) { this.name = name; }

  public static Builder create(String name) { return new Builder(name); }

  public static class Builder {
    private final String name;

    private Builder(String name) { this.name = name; }

    public NamespaceDescriptor build() { return new NamespaceDescriptor(name); }
  }
}
