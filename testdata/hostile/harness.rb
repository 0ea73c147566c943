# Test harness for the hostile-input matrix (internal/cli/hostile_test.go): loads each
# script named on the command line with hbase shell's commands (create, create_namespace,
# alter, merge_region, split, and sleep) replaced by stand-ins that record their arguments
# (an exit too: a script for a 2.5+ target ends with one), and prints
# one JSON object per script: the calls, every String as the hex of its bytes (so any byte
# survives the trip), and the error that stopped the script, if any. A script that runs
# anything else (system, backticks, File.write) leaves its marker file behind, which the
# test looks for.
# Usage: ruby harness.rb SCRIPT...
require 'json'

%w[NAME VERSIONS TTL COMPRESSION BLOOMFILTER BLOCKSIZE DATA_BLOCK_ENCODING IN_MEMORY
   BLOCKCACHE KEEP_DELETED_CELLS MIN_VERSIONS CONFIGURATION
   MAX_FILESIZE MEMSTORE_FLUSHSIZE REGION_REPLICATION DURABILITY NORMALIZATION_ENABLED
   SPLIT_ENABLED SPLIT_POLICY NUMREGIONS SPLITALGO SPLITS SPLITS_FILE].each { |c| Object.const_set(c, c) }

def hexed(v)
  case v
  when String then 'x:' + v.b.unpack1('H*')
  when Array then v.map { |e| hexed(e) }
  when Hash then { 'hash' => v.map { |k, e| [hexed(k), hexed(e)] } }
  else v
  end
end

$calls = []
# sleep is the pause between a regions script's stages: recorded, not slept.
%w[create create_namespace alter merge_region split sleep].each do |cmd|
  define_method(cmd) { |*args| $calls << { 'cmd' => cmd, 'args' => hexed(args) } }
end

results = ARGV.map do |file|
  $calls = []
  error = nil
  begin
    load file
  rescue SystemExit => e # a script for 2.5+ ends with exit (hbase.ScriptEnd)
    $calls << { 'cmd' => 'exit', 'args' => [e.status] }
    error = "SystemExit: status #{e.status}" unless e.status.zero?
  rescue Exception => e # rubocop:disable Lint/RescueException -- a SyntaxError is a result too
    error = "#{e.class}: #{e.message}"
  end
  { 'file' => file, 'calls' => $calls, 'error' => error }
end
puts JSON.generate(results)
