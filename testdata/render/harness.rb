# Test harness: loads a file of statements written by `presplit --format shell` with a
# `create` (and `create_namespace`, `alter`, `disable`, `enable`) that records its arguments instead of calling
# HBase, then prints them as JSON (each call has 'cmd'; create's whole hash is kept: the
# table attributes, CONFIGURATION and METADATA under 'options', the family hashes whole) with
# every split key decoded as admin.rb does: SPLITS entries and SPLITS_FILE lines
# (File.foreach + chomp) go through toBytesBinary, written here from the rules in
# shared/DOMAIN.md. Usage: ruby harness.rb STATEMENTS_FILE, or ruby harness.rb --serve: one
# request a line on stdin ({"file": PATH, "env": {NAME: VALUE}}), one reply a line on stdout
# ({"calls": [...]} or {"error": "..."}), so that one ruby serves every case of a test run.
require 'json'

%w[NAME VERSIONS TTL COMPRESSION BLOOMFILTER BLOCKSIZE DATA_BLOCK_ENCODING IN_MEMORY
   BLOCKCACHE KEEP_DELETED_CELLS MIN_VERSIONS CONFIGURATION METADATA
   MAX_FILESIZE MEMSTORE_FLUSHSIZE REGION_REPLICATION DURABILITY NORMALIZATION_ENABLED
   SPLIT_ENABLED SPLIT_POLICY NUMREGIONS SPLITALGO SPLITS SPLITS_FILE].each { |c| Object.const_set(c, c) }

$calls = []

def create(table, *args)
  $calls << ['create', table, args]
end

def create_namespace(ns, *args)
  $calls << ['create_namespace', ns, args]
end

def alter(table, *args)
  $calls << ['alter', table, args]
end

def disable(table, *args)
  $calls << ['disable', table, args]
end

def enable(table, *args)
  $calls << ['enable', table, args]
end

# toBytesBinary: \x + two UPPERCASE hex digits is one byte; a bogus escape drops only the
# backslash; a \x cut short at the end throws; any other char keeps the low 8 bits of its
# UTF-16 code unit.
def to_bytes_binary(s)
  units = s.encode('UTF-16BE').unpack('n*')
  out = []
  i = 0
  while i < units.length
    u = units[i]
    if u == 0x5C && units[i + 1] == 0x78 # \x
      raise "truncated escape in #{s.inspect}" if i + 3 >= units.length
      hi = units[i + 2].chr rescue nil
      lo = units[i + 3].chr rescue nil
      if hi =~ /\A[0-9A-F]\z/ && lo =~ /\A[0-9A-F]\z/
        out << (hi + lo).to_i(16)
        i += 4
      else
        i += 1
      end
      next
    end
    out << (u & 0xFF)
    i += 1
  end
  out.map { |b| format('%02x', b) }.join
end

# calls_of loads a file of statements and returns the calls it made, decoded.
def calls_of(path)
  $calls = []
  begin
    load path
  rescue SystemExit => e # the script's closing exit, where its target's shell takes one
    raise unless e.status.zero?
  end

  result = $calls.map do |cmd, table, args|
    next { 'cmd' => cmd, 'namespace' => table, 'args' => args } if cmd == 'create_namespace'
    call = { 'cmd' => cmd, 'table' => table, 'families' => [], 'options' => {} }
    args.each do |arg|
      if arg.is_a?(String) || arg.key?(NAME)
        call['families'] << arg
        next
      end
      arg.each do |k, v|
        case k
        when SPLITS
          raise 'SPLITS must be a list of strings' unless v.is_a?(Array) && v.all? { |s| s.is_a?(String) }
          call['splits'] = v.map { |s| to_bytes_binary(s) }
        when SPLITS_FILE
          # SPLITS_FILE_READ=strip reads as shells before HBASE-18125 did.
          read = ENV['SPLITS_FILE_READ'] == 'strip' ? :strip : :chomp
          call['splits'] = File.foreach(v).map { |line| to_bytes_binary(line.send(read)) }
        else
          call['options'][k] = v
        end
      end
    end
    call
  end
  result
end

if ARGV.fetch(0) == '--serve'
  $stdout.sync = true
  $stdin.each_line do |line|
    req = JSON.parse(line)
    env = req.fetch('env', {})
    saved = env.keys.to_h { |k| [k, ENV[k]] }
    begin
      env.each { |k, v| ENV[k] = v }
      reply = { 'calls' => calls_of(req.fetch('file')) }
    rescue Exception => e # a SyntaxError too fails the case, not the server
      reply = { 'error' => "#{e.class}: #{e.message}\n#{Array(e.backtrace).first(5).join("\n")}" }
    ensure
      saved.each { |k, v| v.nil? ? ENV.delete(k) : ENV[k] = v }
    end
    puts JSON.generate(reply)
  end
else
  puts JSON.generate(calls_of(ARGV.fetch(0)))
end
