package capacity

import "errors"

// Compute runs the model.
func Compute(in Input) (Plan, error) { return Plan{}, errors.New("not implemented yet") }
