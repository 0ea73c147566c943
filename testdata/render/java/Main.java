// Test driver: for each class named on the command line (a generated CreateTable, put in a
// package of its own by the test), runs createTable against a recording Admin and prints
// what HBase would have been asked to create: the table, each family's settings, and every
// split key as lowercase hex.
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;

public class Main {
  public static void main(String[] args) throws Exception {
    Admin admin = new Admin() {
      public void createNamespace(NamespaceDescriptor ns) { System.out.println("namespace " + ns.name); }

      public void createTable(TableDescriptor desc) { print(desc, null); }

      public void createTable(TableDescriptor desc, byte[][] splits) { print(desc, splits); }
    };
    for (String name : args) {
      System.out.println("== " + name);
      Class.forName(name).getMethod("createTable", Admin.class).invoke(null, admin);
    }
  }

  static void print(TableDescriptor desc, byte[][] splits) {
    System.out.println("table " + desc.name.getNameAsString() + " MAX_FILESIZE=" + desc.maxFileSize);
    for (String a : desc.attrs) System.out.println("attr " + a);
    for (ColumnFamilyDescriptor f : desc.families) System.out.println("family " + f.settings);
    if (splits == null) return;
    for (byte[] k : splits) {
      StringBuilder sb = new StringBuilder("split ");
      for (byte b : k) sb.append(String.format("%02x", b & 0xFF));
      System.out.println(sb);
    }
  }
}
