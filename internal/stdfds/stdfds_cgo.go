//go:build cgo && unix

package stdfds

/*
#include <errno.h>
#include <fcntl.h>

// 0: not observed, 1: open, 2: closed; the values of State.
static int presplit_stdfds[3];

// presplit_stdfds_probe runs from the C runtime's start, before main and so before Go's
// runtime opens /dev/null on a closed 0, 1 or 2. F_GETFD reads the descriptor's flags and
// changes nothing: EBADF is a descriptor that is not open.
__attribute__((constructor)) static void presplit_stdfds_probe(void) {
	int saved = errno;
	for (int fd = 0; fd < 3; fd++) {
		if (fcntl(fd, F_GETFD) != -1) {
			presplit_stdfds[fd] = 1;
		} else if (errno == EBADF) {
			presplit_stdfds[fd] = 2;
		}
	}
	errno = saved;
}

static int presplit_stdfds_state(int fd) { return presplit_stdfds[fd]; }
*/
import "C"

// atStart is read once: the constructor wrote it before any Go code ran.
var atStart = [3]State{
	State(C.presplit_stdfds_state(0)),
	State(C.presplit_stdfds_state(1)),
	State(C.presplit_stdfds_state(2)),
}
