# How each hbase shell entry script runs a script of statements, reduced to what decides
# the exit code: where `exit` resolves, which rescue sees it, and when stdin is read.
# Read in HBase's own source (the Apache9/hbase mirror); the statements are stand-ins that
# record their verb instead of calling HBase.
#
#   hirb        bin/hirb.rb, 1.2 - 2.3 (rel/1.4.13, rel/2.2.7, rel/2.3.7)
#   eval_io     hbase-shell jar-bootstrap.rb 2.4.0 - 2.4.9 (rel/2.4.7: Shell#eval_io)
#   bootstrap24 jar-bootstrap.rb 2.4.10 - 2.4.18 (branch-2.4 after HBASE-26469; 2.4.17RC0,
#               2.4.18RC0): the last exit inside Shell.exception_handler
#   bootstrap   jar-bootstrap.rb 2.5.0 on, 2.6, 3.0 (2.5.10RC1, 2.5.16RC1, 2.6.7RC1, 3.0.0RC0)
#
# Ways: file (hbase shell -n FILE, with stdin a terminal), stdin (hbase shell -n < FILE),
# paste (hbase shell, the script typed on stdin, then end of input).
#
# Usage:
#   jruby harness.rb ENTRY WAY SCRIPT   one run: the real process exit code; with WAY file,
#                                       stdin is read only if the entry script reads it
#   jruby harness.rb --batch MANIFEST   one run per line "ENTRY\tWAY\tSCRIPT", in this
#                                       process: per line, a JSON object with the exit code
#                                       Ruby would give (SystemExit's status, 1 for an
#                                       uncaught exception, 0 at the end), the verbs run,
#                                       whether stdin was read after a FILE, and the output
require 'json'
require 'ripper'
require 'stringio'

$ran = []

# The statements a presplit script holds, recorded.
%w[create create_namespace alter merge_region split sleep].each do |verb|
  Object.send(:define_method, verb) { |*_args| $ran << verb; nil }
  Object.send(:private, verb)
end

# HBaseConstants (NAME, VERSIONS, SPLITS, ...): each constant is its own name.
def Object.const_missing(name)
  name.to_s
end

# The terminal stdin of `hbase shell -n FILE`: reading it is what "waits for input" means;
# here the operator answers at once with end of input.
class Terminal
  attr_reader :read
  def gets(*)
    @read = true
    nil
  end
end

# RubyLex#each_top_level_statement: lines until they parse as a whole statement.
def each_statement(io)
  buf = +''
  line_no = 1
  start = 1
  while (line = io.gets)
    buf << line
    if Ripper.sexp(buf)
      yield buf, start unless buf.strip.empty?
      buf = +''
      start = line_no + 1
    end
    line_no += 1
  end
  yield buf, start unless buf.strip.empty?
end

# Shell::Shell.exception_handler(true) (shell.rb): any Exception, SystemExit included.
def exception_handler
  yield
rescue Exception => e
  puts "ERROR #{e.class}: #{e}"
  exit 1
end

# The interactive session, every entry alike: `exit` is IRB's irb_exit (1.x-2.3) or
# Shell#exit, which records the code and calls IRB.irb_exit: a throw of :IRB_EXIT, caught
# by IRB.start / Irb#run; an error is printed and the session goes on; end of input ends
# it. jar-bootstrap.rb exits with the recorded code only when not interactive.
def paste(input)
  recv = Object.new
  recv.define_singleton_method(:exit) { |ret = 0| throw :IRB_EXIT, ret }
  b = recv.instance_eval { binding }
  catch(:IRB_EXIT) do
    each_statement(input) do |s, n|
      begin
        b.eval(s, '(hbase)', n)
      rescue SystemExit, SignalException
        raise
      rescue Exception => e
        puts "#{e.class} (#{e})"
      end
    end
  end
end

# bin/hirb.rb: load(script2run) at the top level, where exit is Kernel#exit, outside any
# rescue; then, not interactive, a REPL on STDIN inside `rescue Exception`.
def hirb(script, input)
  load(script) if script
  begin
    each_statement(input) { |s, n| puts(TOPLEVEL_BINDING.eval(s, 'stdin', n)) }
  rescue Exception => e
    puts "ERROR #{e.class}: #{e}"
    exit 1
  end
end

# jar-bootstrap.rb 2.4.0-2.4.9: Shell#eval_io(file) then eval_io(STDIN), each in
# exception_handler, on a receiver extended with IRB::ExtendCommandBundle, whose exit is
# irb_exit: IRB.CurrentContext.exit(ret), and there is no IRB context outside a session.
def eval_io(script, input)
  recv = Object.new
  current_context = nil # IRB.CurrentContext: IRB.conf[:MAIN_CONTEXT], never set with -n
  recv.define_singleton_method(:exit) { |ret = 0| current_context.exit(ret) }
  b = recv.instance_eval { binding }
  run = ->(io, name) { each_statement(io) { |s, n| puts(b.eval(s, name, n)) } }
  exception_handler { File.open(script) { |f| run.call(f, script) } } if script
  exception_handler { run.call(input, 'stdin') }
end

# jar-bootstrap.rb from 2.4.10: the workspace's exit is Shell#exit (records @exit_code,
# IRB.irb_exit throws :IRB_EXIT), HIRB#run catches it, a non-interactive HIRB re-raises
# every other exception. After the FILE: `exit @shell.exit_code unless nil` at the top
# level; after STDIN the same, inside exception_handler on 2.4.x only.
def bootstrap(script, input, wrapped_last_exit)
  code = nil
  recv = Object.new
  recv.define_singleton_method(:exit) { |ret = 0| code = ret; throw :IRB_EXIT, ret }
  b = recv.instance_eval { binding }
  hirb_run = ->(io, name) { catch(:IRB_EXIT) { each_statement(io) { |s, n| b.eval(s, name, n) } } }
  if script
    exception_handler { File.open(script) { |f| hirb_run.call(f, script) } }
    exit code unless code.nil?
  end
  hirb_run.call(input, 'stdin')
  if wrapped_last_exit
    exception_handler { exit code unless code.nil? }
  else
    exit code unless code.nil?
  end
end

def run(entry, way, script, stdin)
  file = way == 'file' ? script : nil
  input = way == 'file' ? stdin : File.open(script)
  return paste(input) if way == 'paste'

  case entry
  when 'hirb' then hirb(file, input)
  when 'eval_io' then eval_io(file, input)
  when 'bootstrap24' then bootstrap(file, input, true)
  when 'bootstrap' then bootstrap(file, input, false)
  else raise ArgumentError, "unknown entry #{entry}"
  end
end

if ARGV[0] == '--batch'
  File.readlines(ARGV[1], chomp: true).each do |line|
    entry, way, script = line.split("\t")
    $ran = []
    terminal = Terminal.new
    out = StringIO.new
    $stdout = out
    status = begin
      run(entry, way, script, terminal)
      0
    rescue SystemExit => e
      e.status
    rescue Exception => e
      out.puts "#{e.class}: #{e}"
      1
    ensure
      $stdout = STDOUT
    end
    puts JSON.generate('status' => status, 'ran' => $ran, 'read_stdin' => terminal.read == true, 'out' => out.string)
  end
else
  entry, way, script = ARGV
  run(entry, way, script, STDIN)
end
