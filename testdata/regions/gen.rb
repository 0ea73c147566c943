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

# 1.4.11+, 2.2.3+: a region the cluster has no metrics for gets a line before the table
# and a row with SIZE, REQ and LOCALITY blank (size_mb nil). size3 prints SIZE as 3.x's
# RegionMetrics.getStoreFileSize does: a Size, Java's Double.toString of the MB and "MB".
def java_double(v)
  f = v.to_f
  return format('%.1f', f) if f.abs < 1e7
  m, e = format('%.15e', f).split('e')
  m = m.sub(/0+$/, '')
  m += '0' if m.end_with?('.')
  "#{m}E#{e.to_i}"
end

def list_regions(table, regions, cols = nil, size3: false)
  widths = { 'SERVER_NAME' => 12, 'REGION_NAME' => 12, 'START_KEY' => 10, 'END_KEY' => 10,
             'SIZE' => 5, 'REQ' => 5, 'LOCALITY' => 10 }
  widths = cols.map { |c| [c, widths.fetch(c)] }.to_h if cols
  rows = regions.map do |r|
    name, = region_name(table, r.start, r.id, r.replica || 0)
    all = { 'SERVER_NAME' => r.server, 'REGION_NAME' => name,
            'START_KEY' => to_string_binary(r.start).strip, 'END_KEY' => to_string_binary(r.finish).strip,
            'SIZE' => r.size_mb.nil? ? '' : (size3 ? "#{java_double(r.size_mb)}MB" : r.size_mb.to_s),
            'REQ' => r.size_mb.nil? ? '' : r.req.to_s, 'LOCALITY' => r.size_mb.nil? ? '' : r.locality }
    widths.keys.each { |k| widths[k] = [widths[k], all[k].length].max }
    all
  end
  out = +''
  regions.each do |r|
    next unless r.size_mb.nil?
    name, = region_name(table, r.start, r.id, r.replica || 0)
    out << "Can not find all details for region: #{name.strip} , it may be disabled or in transition\n"
  end
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
      'server' => r.server, 'size' => (r.size_mb || 0) * MIB, 'requests' => r.req || 0 }
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

# hexstring: the docs' worked example. ns:users, rowkeys md5(id) in hex, pre-split with
# RegionSplitter's HexStringSplit into 16 regions (8-character keys 10000000 .. f0000000),
# then HBase split bucket 3 once and a merge joined buckets 8 and 9 long ago. A TTL emptied
# buckets 1-2, 6-7 and c-d; buckets 4 and 8-9 grew far above 10 GiB; the region of bucket
# b was in transition when list_regions ran (no metrics).
hex = chain(['', '10000000', '20000000', '30000000', '38000000', '40000000', '50000000', '60000000',
             '70000000', '80000000', 'a0000000', 'b0000000', 'c0000000', 'd0000000', 'e0000000', 'f0000000'])
hex_mb = [6100, 0, 0, 3300, 2800, 45_000, 7200, 0, 0, 51_200, 5100, nil, 0, 0, 8300, 9100]
hex.each_with_index do |r, i|
  r.server = servers[i % 3]
  r.size_mb = hex_mb[i]
  r.req = (hex_mb[i] || 0) * 29 + i
  r.locality = '1.0'
  r.id = 1_700_100_000_000 + i
end
write('hexstring.txt', list_regions('ns:users', hex))
write('hexstring.expect.json', expect('ns:users', hex))
write('hexstring.splits.txt', get_splits(hex))

# forms: what list_regions.rb and get_splits.rb print at 1.4, 2.2, 2.4-2.6 and 3.0, and what
# the shell around them adds (read at rel/1.4.0, rel/1.4.4, rel/1.4.13, rel/2.2.0,
# rel/2.2.3, rel/2.4.0, branch-2.5, branch-2.6, branch-3.0: bin/hirb.rb, shell.rb eval_io).
FORMS = File.join(DIR, 'forms')
def form(name, text)
  File.write(File.join(FORMS, name), text)
end
small = chain(['', '40000000', '80000000', 'c0000000'])
small.each_with_index do |r, i|
  r.server = servers[i % 3]
  r.size_mb = [1200, 0, 12_345_678, 300][i]
  r.req = [10, 0, 99, 7][i]
  r.locality = '1.0'
  r.id = 1_700_200_000_000 + i
end
took = "Took 0.0421 seconds\n"
banner = "HBase Shell\nUse \"help\" to get list of supported commands.\nUse \"exit\" to quit this interactive shell.\n"
# 2.x, `echo "list_regions 't'" | hbase shell -n`: the table, Took, then eval_io's puts of
# the command's value (nil): a blank line.
form('list_regions-2.4-n.txt', banner + list_regions('ns:small', small) + took + "\n")
# 2.x interactive: a prompt before, Took after; irb echoes no nil.
form('list_regions-2.4-interactive.txt', "hbase(main):001:0> list_regions 'ns:small'\n" + list_regions('ns:small', small) + took + "hbase(main):002:0> \n")
# 2.2.3+, 2.3+, 1.4.11+: a region without metrics.
gone = small.map(&:dup)
gone[2].size_mb = nil
form('list_regions-2.4-missing.txt', list_regions('ns:small', gone) + took)
# 3.x: SIZE is a Size, "1200.0MB"; 1.2345678E7MB from ten million MB.
form('list_regions-3.0.txt', list_regions('ns:small', small, size3: true) + took)
form('list_regions-3.0-missing.txt', list_regions('ns:small', gone, size3: true) + took)
# 1.4.0-1.4.10: a region without metrics fails the command (region_load is nil).
form('list_regions-1.4.0-missing.txt', "ERROR: undefined method `getDataLocality' for nil:NilClass\n")
# 1.4 prints no Took.
form('list_regions-1.4.txt', list_regions('ns:small', small))
keys = small.map { |r| to_string_binary(r.start) }.reject(&:empty?)
echo = '=> [' + keys.map(&:inspect).join(', ') + "]\n"
lines = keys.map { |k| "#{k}\n" }.join
total = "Total number of splits = #{keys.size + 1}\n"
# 2.4+ (eval_io) and 2.0-2.3 (hirb.rb's stdin loop), `hbase shell -n` from stdin: the
# command's lines, Took, then the returned array put again.
form('get_splits-2.4-n.txt', banner + total + lines + took + lines)
# `hbase shell -n FILE` (load, no echo), or 2.x's command alone.
form('get_splits-2.4-file.txt', total + lines + took)
# 2.x interactive: the lines, Took, irb's echo.
form('get_splits-2.4-interactive.txt', "hbase(main):001:0> get_splits 'ns:small'\n" + total + lines + took + echo + "hbase(main):002:0> \n")
# 1.4.4-1.4.13: the count only, the keys are the value: -n from stdin puts it, irb echoes it.
form('get_splits-1.4.13-n.txt', total + lines)
form('get_splits-1.4.13-interactive.txt', "hbase(main):001:0> get_splits 'ns:small'\n" + total + echo)
# 1.4.0-1.4.3: no count at all.
form('get_splits-1.4.0-interactive.txt', "hbase(main):001:0> get_splits 'ns:small'\n" + echo)
form('get_splits-1.4.0-n.txt', lines)
# a one-region table: puts [] prints a blank line, twice from stdin.
form('get_splits-2.4-one-region-n.txt', "Total number of splits = 1\n\n" + took + "\n")
form('small.expect.json', expect('ns:small', small))

# md5prefix: 23 regions of keys md5(id)[0:2] + id, pre-split at
# two-hex-digit keys 11 apart, so each region holds about 11 buckets of --prefix hex:2;
# two adjacent regions are empty.
md5 = chain([''] + (1..22).map { |i| format('%02x', i * 11) })
md5.each_with_index do |r, i|
  r.server = servers[i % 3]
  r.size_mb = [10, 11].include?(i) ? 0 : 2000 + i * 10
  r.req = r.size_mb * 3
  r.locality = '1.0'
  r.id = 1_700_300_000_000 + i
end
write('md5prefix.txt', list_regions('md5t', md5))
