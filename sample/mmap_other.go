//go:build !linux

package sample

import "io"

// mapFile maps files on Linux only; elsewhere ReadFile reads the bytes into memory.
func mapFile(io.ReaderAt, int64) ([]byte, *mapping, bool) { return nil, nil, false }

// mapText maps files on Linux only; elsewhere ReadFile reads them through a buffer.
func mapText(io.ReaderAt, int64) ([]byte, func(), bool) { return nil, nil, false }

func releasePages([]byte) {}
