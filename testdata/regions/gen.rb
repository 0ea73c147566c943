# Writes the presplit regions fixtures the way HBase's shell prints them. Each printer
# follows the HBase 2.x source it names (read, not copied):
#   list_regions: hbase-shell/src/main/ruby/shell/commands/list_regions.rb -- every cell
#     printf(" %#{w}s |"), w = max(minimum, longest value) per column; keys are
#     Bytes.toStringBinary(key).strip; REGION_NAME is RegionInfo.getRegionNameAsString;
#     then " N rows".
#   get_splits: shell/commands/get_splits.rb + hbase/table.rb _get_splits_internal --
#     "Total number of splits = N" (regions), then each non-empty start key of the default
#     replicas, toStringBinary, unstripped.
#   JMX: the RegionServer's Regions bean, Namespace_<ns>_table_<t>_region_<enc>_metric_<m>.
# Also writes NAME.expect.json: the regions as bytes (hex), for the Go tests to compare.
# Usage: ruby testdata/regions/gen.rb   (from the repository's top folder)
require 'json'
require 'digest'

DIR = File.dirname(__FILE__)
MIB = 1 << 20

# Bytes.toStringBinary: a byte is raw iff 0x20..0x7E and not a backslash, else \xNN uppercase.
def to_string_binary(bytes)
  bytes.bytes.map { |b| b >= 0x20 && b <= 0x7E && b != 0x5C ? b.chr : format('\\x%02X', b) }.join
end

# RegionInfo.createRegionName + getRegionNameAsString: table,startkey,id[_replica].encoded.
# The encoded name is the MD5 of the name before it (RegionInfo.encodeRegionName).
def region_name(table, start, id, replica = 0)
  name = "#{table},#{start},#{id}".b
  name += format('_%04X', replica) if replica > 0
  enc = Digest::MD5.hexdigest(name)
  [to_string_binary(name + ".#{enc}."), enc]
end

Region = Struct.new(:start, :finish, :server, :size_mb, :req, :locality, :id, :replica, :store_bytes, :mem_bytes)

def list_regions(table, regions, cols = nil)
  widths = { 'SERVER_NAME' => 12, 'REGION_NAME' => 12, 'START_KEY' => 10, 'END_KEY' => 10,
             'SIZE' => 5, 'REQ' => 5, 'LOCALITY' => 10 }
  widths = cols.map { |c| [c, widths.fetch(c)] }.to_h if cols
  rows = regions.map do |r|
    name, = region_name(table, r.start, r.id, r.replica || 0)
    all = { 'SERVER_NAME' => r.server, 'REGION_NAME' => name,
            'START_KEY' => to_string_binary(r.start).strip, 'END_KEY' => to_string_binary(r.finish).strip,
            'SIZE' => r.size_mb.to_s, 'REQ' => r.req.to_s, 'LOCALITY' => r.locality }
    widths.keys.each { |k| widths[k] = [widths[k], all[k].length].max }
    all
  end
  out = +''
  widths.each { |c, w| out << format(" %#{w}s |", c) }
  out << "\n"
  widths.each_value { |w| out << format(" %#{w}s |", '-' * w) }
  out << "\n"
  rows.each do |row|
    widths.each { |c, w| out << format(" %#{w}s |", row[c]) }
    out << "\n"
  end
  out << format(" %d rows\n", rows.size)
end

def get_splits(regions)
  keys = regions.reject { |r| (r.replica || 0) > 0 }.map { |r| to_string_binary(r.start) }.reject(&:empty?)
  "Total number of splits = #{keys.size + 1}\n" + keys.map { |k| "#{k}\n" }.join
end

def jmx(ns, table, regions, host)
  bean = { 'name' => 'Hadoop:service=HBase,name=RegionServer,sub=Regions',
           'modelerType' => 'RegionServer,sub=Regions', 'tag.Context' => 'regionserver',
           'tag.Hostname' => host }
  regions.each do |r|
    _, enc = region_name(ns == 'default' ? table : "#{ns}:#{table}", r.start, r.id)
    p = "Namespace_#{ns}_table_#{table}_region_#{enc}_metric_"
    bean[p + 'storeCount'] = 1
    bean[p + 'storeFileCount'] = 2
    bean[p + 'storeFileSize'] = r.store_bytes
    bean[p + 'memStoreSize'] = r.mem_bytes
    bean[p + 'readRequestCount'] = r.req / 2
    bean[p + 'writeRequestCount'] = r.req - r.req / 2
  end
  JSON.pretty_generate('beans' => [{ 'name' => 'Hadoop:service=HBase,name=RegionServer,sub=Server' }, bean]) + "\n"
end

def expect(table, regions)
  JSON.pretty_generate(regions.reject { |r| (r.replica || 0) > 0 }.map do |r|
    _, enc = region_name(table, r.start, r.id, 0)
    { 'start' => r.start.unpack1('H*'), 'end' => r.finish.unpack1('H*'), 'encoded' => enc,
      'server' => r.server, 'size' => r.size_mb * MIB, 'requests' => r.req }
  end) + "\n"
end

def chain(starts)
  starts.each_with_index.map do |s, i|
    Region.new(s.b, (starts[i + 1] || '').b)
  end
end

def write(name, text)
  File.write(File.join(DIR, name), text)
end

servers = ['rs1.example.com,16020,1700000000000', 'rs2.example.com,16020,1700000000001',
           'rs3.example.com,16020,1700000000002']

# special: keys with |, spaces (leading ones are stripped in START_KEY), \xNN escapes, a
# long key that widens its columns, the empty first and last key, and a replica row.
special = chain(['', "a|b", "a b|c", " lead", "\x00\xFF", 'k' * 40 + '|end', 'z'].sort_by(&:b))
special.each_with_index do |r, i|
  r.server = servers[i % 3]
  r.size_mb = [0, 12, 0, 30_000, 7, 1, 25_000][i]
  r.req = [0, 1500, 0, 987_654_321, 5, 0, 42][i]
  r.locality = ['0.0', '1.0', '0.98', '1.0', '0.5', '1.0', '0.75'][i]
  r.id = 1_700_000_000_000 + i
  r.store_bytes = r.size_mb * MIB + 12_345
  r.mem_bytes = i * 1000
end
replica = special[1].dup
replica.replica = 1
replica.server = servers[2]
with_replica = special.dup.insert(2, replica)
write('special.txt', list_regions('t1', with_replica))
write('special.splits.txt', get_splits(special))
write('special.expect.json', expect('t1', special))
write('special.rs1.json', jmx('default', 't1', special.values_at(0, 3, 6), 'rs1.example.com'))
write('special.rs2.json', jmx('default', 't1', special.values_at(1, 4, 2, 5), 'rs2.example.com'))
write('special.subset.txt', list_regions('t1', special, %w[START_KEY END_KEY SIZE]))

# worked: the README's example. 100 regions of ns:events, salted into 16 buckets by one
# hex character (--prefix hex:1): the pre-split at 1..f, and HBase's own splits inside the
# buckets. Some regions are empty (new buckets nobody writes yet), three are far above
# 10 GiB.
# Bucket 9 was never pre-split on its own: the region that holds it and the end of bucket
# 8 is one of the oversize regions, and splits at the bucket edge 9.
starts = [''] + ('1'..'8').to_a + ('a'..'f').to_a
inner = []
(0...85).each { |i| inner << format('%x%06x', [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15][i % 15], (i * 2_654_435_761) % 0xFFFFFF) }
starts = (starts + inner).uniq.sort
worked = chain(starts)
nine = worked.index { |r| r.start < '9' && r.finish > '9' }
worked.each_with_index do |r, i|
  r.server = servers[i % 3]
  r.size_mb = case i
              when 7, 41, nine then 22_000 + i * 100
              when 12..15, 60, 61, 62, 95, 96, 97, 98, 99 then 0
              else 900 + (i * 7919) % 5000
              end
  r.req = r.size_mb * 37 + i
  r.locality = '1.0'
  r.id = 1_690_000_000_000 + i
end
write('worked.txt', list_regions('ns:events', worked))
write('worked.expect.json', expect('ns:events', worked))
write('worked.splits.txt', get_splits(worked))

# errors
t = list_regions('t1', special).lines
write('truncated.txt', t[0...-3].join)
write('badwidth.txt', (t[0..2] + [t[3].sub(' |', '  |')] + t[4..]).join)
dup = t.dup
dup.insert(4, t[3])
dup[-1] = format(" %d rows\n", special.size + 1)
write('dup.txt', dup.join)
over = chain(['', 'a', 'c', 'b'])
over.each_with_index { |r, i| r.server = servers[0]; r.size_mb = 1; r.req = 0; r.locality = '1.0'; r.id = i + 1 }
over[1].finish = 'c'
write('overlap.txt', list_regions('t1', over.values_at(0, 1, 2)))
write('transition.txt', "Can not find region: t1,a|b,1700000000001.#{region_name('t1', 'a|b', 1_700_000_000_001)[1]}. , it may be disabled or in transition\n")
write('nobean.json', JSON.pretty_generate('beans' => [{ 'name' => 'Hadoop:service=HBase,name=RegionServer,sub=Server', 'regionCount' => 3 }]) + "\n")
write('splits.truncated.txt', "Total number of splits = 5\na|b\nz\n")
