# Test harness for `presplit regions --format shell`: loads the script with merge_region,
# split and sleep that record their arguments instead of calling HBase, then prints them
# as JSON (the script's final exit too). A
# split key is recorded as its bytes in hex, the bytes admin.rb would pass
# (split_point.to_java_bytes: the Ruby string's own bytes, no toBytesBinary).
# Usage: ruby harness.rb SCRIPT
require 'json'

$calls = []

# merge_region 'ENC1', 'ENC2'[, ...][, true]: encoded region names (2.x takes more than two).
def merge_region(*args)
  force = args.last == true || args.last == false ? args.pop : nil
  raise 'merge_region needs encoded region names' unless args.all? { |a| a.is_a?(String) }
  $calls << { 'cmd' => 'merge_region', 'regions' => args, 'force' => force }
end

# split 'REGION_OR_TABLE'[, 'KEY']
def split(name, key = nil)
  raise 'split needs a region name' unless name.is_a?(String)
  call = { 'cmd' => 'split', 'region' => name }
  call['key'] = key.b.unpack1('H*') unless key.nil?
  $calls << call
end

# sleep N: the pause between stages, recorded, not slept.
def sleep(seconds)
  raise 'sleep needs a number of seconds' unless seconds.is_a?(Numeric)
  $calls << { 'cmd' => 'sleep', 'seconds' => seconds }
end

# A script for a 2.5+ target ends with exit (hbase.ScriptEnd); it is recorded, and the JSON is
# printed after it.
begin
  load ARGV.fetch(0)
rescue SystemExit => e
  $calls << { 'cmd' => 'exit', 'status' => e.status }
end
puts JSON.generate($calls)
