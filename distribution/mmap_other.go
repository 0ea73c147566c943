//go:build !linux

package distribution

import "os"

// mapFile maps files on Linux only; elsewhere Count reads every input as a stream.
func mapFile(*os.File) (m []byte, off int, ok bool) { return nil, 0, false }

func unmapFile([]byte) {}

func dropPages([]byte) {}

// mapZeroed maps memory on Linux only; elsewhere the counts are Go slices.
func mapZeroed[T uint8 | uint16 | uint32](int) ([]T, func(), bool) { return nil, nil, false }
