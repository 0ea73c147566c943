package hbase

import "fmt"

// ShellWay is a documented way of running a script of hbase shell statements.
type ShellWay int

const (
	ShellFile  ShellWay = iota // hbase shell -n FILE
	ShellStdin                 // hbase shell -n < FILE (a pipe, a here-document)
	ShellPaste                 // pasted into an interactive hbase shell
)

func (w ShellWay) String() string {
	switch w {
	case ShellFile:
		return "hbase shell -n FILE"
	case ShellStdin:
		return "hbase shell -n < FILE"
	case ShellPaste:
		return "pasted into hbase shell"
	}
	return fmt.Sprintf("ShellWay(%d)", int(w))
}

// ScriptExit: a script's `exit` ends `hbase shell -n` with exit code 0 however the script
// reaches it, from 2.5 (jar-bootstrap.rb on branch-2.5, after HBASE-26469: Shell#exit
// records the code and the last line exits with it). Before, some way refuses it:
//   - bin/hirb.rb (1.2-2.3): `hbase shell -n FILE` loads the file, where exit ends the
//     process with 0; statements on stdin are evaluated inside `rescue Exception`, which
//     turns exit's SystemExit into "ERROR SystemExit: exit" and exit code 1;
//   - jar-bootstrap.rb 2.4.0-2.4.9: exit is IRB's irb_exit with no IRB context (a
//     NoMethodError): exit code 1 both ways;
//   - jar-bootstrap.rb 2.4.10 on: Shell#exit records the code, and the last line's exit
//     sits inside Shell.exception_handler ("only present in the 2.4.x line"): from a
//     FILE exit 0, piped "ERROR SystemExit: exit" and exit code 1.
//
// Every release reads stdin after `hbase shell -n FILE` (bin/hirb.rb's REPL on STDIN,
// jar-bootstrap.rb's eval_io(STDIN) or HIRB on STDIN) unless the script exits first, and
// on stdin every release ends cleanly at its end with exit code 0.
var ScriptExit = Feature{Name: "exit ending hbase shell -n with code 0 both ways", Since: []Version{rel(2, 5, 0)}, Where: "jar-bootstrap.rb on branch-2.5 (HBASE-26469); bin/hirb.rb at rel/1.2.0 to rel/2.3.7; jar-bootstrap.rb at rel/2.4.7 and on branch-2.4 (2.4.10RC0 to 2.4.18RC0)"}

// ScriptEnd is how a script for the target's hbase shell ends, and the ways of running it
// that then give exit code 0 after the last statement without waiting on stdin.
type ScriptEnd struct {
	Target Version
	Exit   bool // the script's last line is `exit`
	Ways   []ShellWay
}

// ScriptEndFor is the ending every release v stands for takes. From 2.5 `exit` serves
// every way. Before, no ending serves both -n ways: the script ends without exit, so that
// it runs piped on stdin on every release of the line (2.4.0-2.4.9 refuse exit from a
// FILE too), and its header says so (Comment).
func ScriptEndFor(v Version) ScriptEnd {
	v = v.OrDefault()
	if ScriptExit.In(v) {
		return ScriptEnd{Target: v, Exit: true, Ways: []ShellWay{ShellFile, ShellStdin, ShellPaste}}
	}
	return ScriptEnd{Target: v, Ways: []ShellWay{ShellStdin, ShellPaste}}
}

// Comment is the header comment that says how to run the script: Ruby comment lines,
// each with its "\n".
func (e ScriptEnd) Comment() string {
	if e.Exit {
		return "# Run with hbase shell -n FILE or hbase shell -n < FILE, or paste it into hbase shell;\n" +
			"# it ends with exit (exit code 0, and a pasted exit leaves the shell).\n"
	}
	return fmt.Sprintf("# Run with hbase shell -n < FILE, or paste it into hbase shell. It ends without exit: piped,\n"+
		"# HBase %s exits 1 on an exit, and hbase shell -n FILE reads stdin after the script.\n", e.Target)
}

// Ending is the script's last line: "exit\n", or "" when it ends without exit.
func (e ScriptEnd) Ending() string {
	if e.Exit {
		return "exit\n"
	}
	return ""
}

// RunWith is how to run a saved script: "hbase shell -n FILE" when it ends with exit, else
// "hbase shell -n < FILE".
func (e ScriptEnd) RunWith() string {
	if e.Exit {
		return ShellFile.String()
	}
	return ShellStdin.String()
}
