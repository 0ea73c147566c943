package shellgen

import "io"

// reportStatement ends the report with the create statement (the shell format).
func reportStatement(w io.Writer, d Doc) error { return nil }
