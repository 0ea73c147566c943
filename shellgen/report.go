package shellgen

import (
	"errors"
	"io"
)

// Report writes the human report of `presplit plan`: every input with its unit, each step
// of the derivation, the checks, the split, and the create statement.
// Owned by the plan work; placeholder until it lands.
func Report(w io.Writer, d Doc) error { return errors.New("the report is not implemented yet") }
