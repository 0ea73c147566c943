package refdata

import "flag"

// This package has no golden files; it accepts -update so that go test ./... -update runs here too.
var _ = flag.Bool("update", false, "rewrite golden files (none in this package)")
