//go:build !unix

package main

// raiseOpenFileLimit has nothing to raise here; 0 means the limit is
// unknown, and the live-stream cap is taken as configured.
func raiseOpenFileLimit() (uint64, error) { return 0, nil }
