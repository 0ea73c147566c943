// Test driver for the hostile-input matrix: for each generated CreateTable class named on
// the command line, runs createTable against a recording Admin and prints what HBase would
// be asked to create, every string as the hex of its UTF-8 bytes so any value survives.
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;

public class HostileMain {
  public static void main(String[] args) throws Exception {
    Admin admin = new Admin() {
      public void createNamespace(NamespaceDescriptor ns) { System.out.println("namespace " + hex(ns.name)); }

      public void createTable(TableDescriptor desc) { print(desc, null); }

      public void createTable(TableDescriptor desc, byte[][] splits) { print(desc, splits); }
    };
    for (String name : args) {
      System.out.println("== " + name);
      Class.forName(name).getMethod("createTable", Admin.class).invoke(null, admin);
    }
  }

  static String hex(String s) { return hex(s.getBytes(StandardCharsets.UTF_8)); }

  static String hex(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (byte c : b) sb.append(String.format("%02x", c & 0xFF));
    return sb.toString();
  }

  static void print(TableDescriptor desc, byte[][] splits) {
    System.out.println("table " + hex(desc.name.getNameAsString()));
    for (String a : desc.attrs) System.out.println("attr " + hex(a));
    for (ColumnFamilyDescriptor f : desc.families) System.out.println("family " + hex(f.settings));
    if (splits == null) return;
    for (byte[] k : splits) System.out.println("split " + hex(k));
  }
}
