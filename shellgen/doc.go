package shellgen

import (
	"github.com/presplit/presplit/capacity"
	"github.com/presplit/presplit/splits"
)

// Doc is everything a renderer may show: the table settings, the capacity plan (nil when no
// capacity model ran, as in `presplit splits`) and the split.
type Doc struct {
	Table Table
	Plan  *capacity.Plan
	Split splits.Split
}
