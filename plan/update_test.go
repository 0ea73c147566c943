package plan_test

import "flag"

var _ = flag.Bool("update", false, "rewrite golden files (none in this package)")
