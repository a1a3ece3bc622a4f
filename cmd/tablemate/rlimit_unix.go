//go:build unix

package main

import "syscall"

// raiseOpenFileLimit raises the soft limit of open files to the hard
// limit (every live stream and every connection is a file descriptor) and
// returns the limit now in force. Go does this at start on Linux already;
// doing it here too makes it explicit, covers other systems, and tells the
// caller the figure the live-stream cap is sized from.
func raiseOpenFileLimit() (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, err
	}
	if lim.Cur < lim.Max {
		want := lim
		want.Cur = lim.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err != nil {
			return uint64(lim.Cur), err
		}
		if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
			return 0, err
		}
	}
	return uint64(lim.Cur), nil
}
