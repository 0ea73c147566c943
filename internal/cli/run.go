// Package cli is presplit's command line: the only package that knows urfave/cli, flag
// names, files, stdin/stdout and exit codes. The domain packages (capacity, splits,
// render, lint, ...) are plain libraries; each command here reads its flags and a table
// spec into one typed configuration, builds the plan and renders it.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/presplit/presplit/internal/stdfds"
	"github.com/presplit/presplit/quote"
)

// version is overridden at build time with
// -ldflags "-X github.com/presplit/presplit/internal/cli.version=...".
var version = "0.1.0-dev"

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1 // runtime failure or a failing check (lint errors, verify gates)
	exitUsage   = 2 // bad usage or bad input
)

// usageError is bad usage or bad input: one line on stderr, exit 2, nothing on stdout.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// usageErrorf formats a usage error. House style: lowercase, no final period, name the
// input, quote the value, state the rule: `--regions must be at least 1, got "0"`.
func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// checkFailed is a check that ran and failed (lint errors, verify --max-skew): exit 1.
// Its message, if any, has already been written or is written as one line on stderr.
type checkFailed struct{ msg string }

func (e *checkFailed) Error() string { return e.msg }

// Run is main without the process: it runs presplit with args (program name first) and
// returns the exit code. Tests drive the real CLI through it with buffers.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// A descriptor the shell closed (>&-, 2>&-, <&-) is told apart from /dev/null by
	// stdfds, which looked before Go's runtime opened /dev/null in its place; /dev/null
	// itself (>/dev/null, 1<>/dev/null, Python's subprocess.DEVNULL) is output its caller
	// discards on purpose and never fails. As bash's `echo hi >&-` and coreutils do, a
	// closed descriptor fails the run when it is used, not before: output for a closed
	// stdout is exit 1 with one line on stderr; anything for a closed stderr (a warning, a
	// finding, a note) is exit 1 with nothing said, and a run with nothing to say there is
	// exit 0; a closed stdin that a command reads is bad usage, exit 2. Without cgo stdfds
	// cannot tell, and a closed descriptor stays /dev/null. A write that fails (2>/dev/full)
	// is exit 1.
	stdin = closedStdin(stdin)
	out := &stdoutWriter{w: stdout, closed: closedAtStart(stdout, 1)}
	errOut := &stdoutWriter{w: stderr, closed: closedAtStart(stderr, 2)}
	code := runApp(newApp(stdin, out, errOut), args, errOut)
	if code == exitOK && out.err != nil {
		// A write the command did not check: urfave/cli's --help and --version.
		stderrf(errOut, "presplit: %s\n", writeFailure("stdout", out.err))
		return exitFailure
	}
	if code == exitOK && errOut.err != nil {
		// A warning or finding lost (2>/dev/full, 2>&-): the run did not say all it had to.
		stderrf(errOut, "presplit: %s\n", writeFailure("stderr", errOut.err))
		return exitFailure
	}
	return code
}

// writeFailure words a failed write to stdout or stderr as the one line on stderr.
func writeFailure(stream string, err error) string {
	var ce *closedError
	if errors.As(err, &ce) {
		return ce.Error()
	}
	return "writing " + stream + ": " + oneLine(bareError(err).Error())
}

// stderrf writes a diagnostic line on stderr. A failed write to stderr has nowhere to be
// reported: the exit code still says how the run ended, so the error is dropped here.
func stderrf(stderr io.Writer, format string, args ...any) {
	_, _ = fmt.Fprintf(stderr, format, args...)
}

// stdoutWriter is stdout (or stderr) that remembers its first write error, so that output
// nobody checks (help, the version, warnings) still fails the run when it cannot be written.
type stdoutWriter struct {
	w      io.Writer
	closed *closedError // the descriptor was closed at start: every write fails with this
	err    error
}

func (s *stdoutWriter) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil // nothing to lose: /dev/full and a closed descriptor fail even this
	}
	if s.closed != nil {
		// The /dev/null Go's runtime put there would take it; the shell asked for nothing
		// to be written, and the output is lost.
		if s.err == nil {
			s.err = s.closed
		}
		return 0, s.closed
	}
	n, err := s.w.Write(p)
	if err != nil && s.err == nil {
		s.err = err
	}
	return n, err
}

// closedError is a standard descriptor that was closed when presplit started (>&-, 2>&-,
// <&-), used: the line says which, and how the shell closed it.
type closedError struct{ fd int }

func (e *closedError) Error() string {
	switch e.fd {
	case 0:
		return "reading stdin: standard input is closed (<&-)"
	case 1:
		return "writing stdout: standard output is closed (>&-)"
	default:
		return "writing stderr: standard error is closed (2>&-)"
	}
}

// closedAtStart is the error for writes to w when w is descriptor fd and fd was closed
// when the process started; nil otherwise (a buffer, a file, an open descriptor, or a
// build that cannot tell).
func closedAtStart(w any, fd int) *closedError {
	if stdfds.AtStart(fd) != stdfds.Closed {
		return nil
	}
	if f, ok := w.(*os.File); !ok || f.Fd() != uintptr(fd) {
		return nil
	}
	return &closedError{fd: fd}
}

// closedStdin is stdin, or when it is descriptor 0 and that was closed at start, a reader
// that fails: the /dev/null in its place would read as empty input.
func closedStdin(stdin io.Reader) io.Reader {
	if err := closedAtStart(stdin, 0); err != nil {
		return closedReader{err}
	}
	return stdin
}

// closedReader is a stdin that was closed at start: every read fails with err.
type closedReader struct{ err *closedError }

func (r closedReader) Read([]byte) (int, error) { return 0, r.err }

// osFile is the file behind w, unwrapping stdoutWriter: a terminal is told by its
// descriptor.
func osFile(w io.Writer) (*os.File, bool) {
	if s, ok := w.(*stdoutWriter); ok {
		w = s.w
	}
	f, ok := w.(*os.File)
	return f, ok
}

// runApp runs app with args and turns its error into the exit code and the one line on
// stderr.
func runApp(app *cli.App, args []string, stderr io.Writer) int {
	var notFound error
	app.CommandNotFound = func(_ *cli.Context, name string) {
		notFound = usageErrorf("unknown command %q; see 'presplit help'", name)
	}
	if app.Metadata == nil {
		app.Metadata = map[string]any{}
	}
	app.Metadata[argsKey] = args
	err := app.Run(args)
	if err == nil {
		err = notFound
	}
	if err == nil {
		return exitOK
	}
	var ue *usageError
	var cf *checkFailed
	var ce *closedError
	switch {
	case errors.As(err, &ce):
		stderrf(stderr, "presplit: %s\n", ce.Error())
		if ce.fd == 0 {
			return exitUsage // the command was told to read stdin, and there is none
		}
		return exitFailure
	case errors.As(err, &ue):
		stderrf(stderr, "presplit: %s\n", oneLine(ue.msg))
		return exitUsage
	case errors.As(err, &cf):
		if cf.msg != "" {
			stderrf(stderr, "presplit: %s\n", oneLine(cf.msg))
		}
		return exitFailure
	default:
		stderrf(stderr, "presplit: %s\n", oneLine(err.Error()))
		return exitFailure
	}
}

// oneLine keeps an error to the one line the house style promises, as terminal text: a
// control byte a value brought in (ESC, NUL) is shown \xNN, never sent to the terminal.
func oneLine(s string) string {
	return quote.Terminal(strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " "))
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:    "presplit",
		Usage:   "size an HBase table and pre-split it on its rowkey prefix",
		Version: version,
		Description: "presplit sizes a table (rows x bytes per row, or daily ingest x retention), " +
			"generates split keys aligned with the rowkey prefix, and renders the hbase shell " +
			"create statement.\n\n" +
			"   Start with:  presplit plan --rows 1e10 --kv 300B",
		Reader:          stdin,
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: false,
		Commands: []*cli.Command{
			planCommand(),
			splitsCommand(),
			lintCommand(),
			verifyCommand(),
			simulateCommand(),
			keysCommand(),
			regionsCommand(),
			sampleCommand(),
		},
		// Errors are turned into exit codes by run, never by os.Exit inside the library.
		ExitErrHandler: func(*cli.Context, error) {},
	}
	routeUsageErrors(app)
	for _, cmd := range app.Commands {
		before := cmd.Before
		cmd.Before = func(c *cli.Context) error {
			if err := onceFlags(c); err != nil {
				return err
			}
			withFlagIndex(c)
			if before != nil {
				return before(c)
			}
			return nil
		}
	}
	return app
}

// routeUsageErrors makes app's flag errors usage errors: urfave/cli v2 prints them and help
// to stdout. A bad flag value is worded `--rows 5e18: too large (at most 1e18)`.
func routeUsageErrors(app *cli.App) {
	onUsage := func(c *cli.Context, err error, _ bool) error {
		flags := app.Flags
		if c != nil && c.Command != nil {
			flags = c.Command.Flags
		}
		return usageErrorf("%s", usageFromFlagError(flags, err))
	}
	app.OnUsageError = onUsage
	for _, cmd := range app.Commands {
		cmd.OnUsageError = onUsage
	}
}
