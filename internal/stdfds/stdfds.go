// Package stdfds tells whether the standard descriptors (0, 1, 2) were open when the
// process started. Go's runtime cannot tell: before main runs it opens /dev/null
// read-write in place of a closed 0, 1 or 2 (so that a file the program opens later never
// lands on one of them), and a descriptor the shell closed (`>&-`) then looks exactly like
// one a caller pointed at /dev/null on purpose (Python's subprocess.DEVNULL).
//
// With cgo, a C constructor looks at the three descriptors before Go's runtime starts:
// the C runtime runs the executable's constructors before it calls main, and Go's runtime
// starts in main. Without cgo (CGO_ENABLED=0, no C compiler) or where the constructor does
// not run (-ldflags=-linkmode=internal links no C runtime start), every descriptor is
// Unknown, and a caller keeps treating it as it finds it. The cgo build links the C
// library (dynamically, unless -extldflags -static asks otherwise); a static link keeps
// the constructor.
package stdfds

// State is what a standard descriptor was when the process started.
type State int

// The states of a standard descriptor at start.
const (
	Unknown State = iota // not observed: a build without cgo, or the constructor did not run
	Open                 // open: what the program finds on it is what its caller gave
	Closed               // closed: what the program finds on it is Go's /dev/null
)

func (s State) String() string {
	switch s {
	case Open:
		return "open"
	case Closed:
		return "closed"
	default:
		return "unknown"
	}
}

// AtStart reports what descriptor fd was when the process started: Open, Closed, or
// Unknown when it was not observed. Only 0, 1 and 2 are observed; any other fd is Unknown.
func AtStart(fd int) State {
	if fd < 0 || fd > 2 {
		return Unknown
	}
	return atStart[fd]
}
