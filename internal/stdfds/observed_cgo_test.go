//go:build cgo && unix

package stdfds

// observed: this test binary has the constructor, as a go build of the same package does.
const observed = true
