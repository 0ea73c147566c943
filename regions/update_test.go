package regions

import "flag"

// This package has no golden files; it accepts -update so that the repository-wide
// go test ./... -update (which rewrites the golden files elsewhere) runs here too.
var _ = flag.Bool("update", false, "rewrite golden files (none in this package)")
