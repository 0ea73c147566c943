//go:build !(cgo && unix)

package stdfds

// atStart is Unknown for all three: without cgo nothing runs before Go's runtime has put
// /dev/null on a closed descriptor, and fcntl is a Unix call. Callers keep the behaviour
// they had before this package (a closed descriptor is /dev/null).
var atStart [3]State
