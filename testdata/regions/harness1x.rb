# Test harness for `presplit regions --format shell --hbase-version 1.x`, run by JRuby:
# HBase 1.x's admin.rb hands split's key to HBaseAdmin.split(String, String), so JRuby
# turns the Ruby string into a java.lang.String and HBase encodes it with Bytes.toBytes,
# UTF-8. split here does the same and records the bytes HBase would receive, in hex.
# merge_region and sleep record their arguments. Each file is loaded in turn (each ends
# with exit); the calls of all are printed as JSON.
# Usage: jruby harness1x.rb SCRIPT...
require 'java'
require 'json'

$calls = []

# merge_region 'ENC1', 'ENC2'[, true]: 1.x takes exactly two encoded names.
def merge_region(*args)
  force = args.last == true || args.last == false ? args.pop : nil
  raise "1.x merge_region takes two regions, got #{args.size}" unless args.size == 2
  $calls << { 'cmd' => 'merge_region', 'regions' => args, 'force' => force }
end

def split(name, key = nil)
  raise 'split needs a region name' unless name.is_a?(String)
  call = { 'cmd' => 'split', 'region' => name }
  unless key.nil?
    java_key = java.lang.String.new(key) # what JRuby hands a String parameter
    call['key'] = String.from_java_bytes(java_key.getBytes('UTF-8')).unpack1('H*') # Bytes.toBytes
  end
  $calls << call
end

def sleep(seconds)
  $calls << { 'cmd' => 'sleep', 'seconds' => seconds }
end

ARGV.each do |file|
  begin
    load file
  rescue SystemExit => e
    $calls << { 'cmd' => 'exit', 'status' => e.status }
  end
end
puts JSON.generate($calls)
