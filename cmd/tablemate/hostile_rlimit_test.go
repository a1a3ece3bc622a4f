//go:build unix

package main

import (
	"syscall"
	"testing"

	"tablemate/web/server"
)

// The open-file limit is raised to the hard limit; the streams get at
// most half of it.
func TestHostileOpenFileLimit(t *testing.T) {
	var orig syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &orig); err != nil {
		t.Skip("no RLIMIT_NOFILE here:", err)
	}
	t.Cleanup(func() { syscall.Setrlimit(syscall.RLIMIT_NOFILE, &orig) })
	low := orig
	low.Cur = min(orig.Max, 512)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Fatal(err)
	}
	got, err := raiseOpenFileLimit()
	var now syscall.Rlimit
	syscall.Getrlimit(syscall.RLIMIT_NOFILE, &now)
	if err != nil || got != uint64(orig.Max) || uint64(now.Cur) != uint64(orig.Max) {
		t.Errorf("raised to %d (now %d, %v), want the hard limit %d", got, now.Cur, err, orig.Max)
	}
	for _, c := range []struct {
		files      uint64
		want, then int
	}{{1024, 4096, 512}, {20000, 4096, 4096}, {0, 4096, 4096}, {1024, 100, 100}} {
		if got := server.StreamTotalFor(c.files, c.want); got != c.then {
			t.Errorf("server.StreamTotalFor(%d, %d) = %d, want %d", c.files, c.want, got, c.then)
		}
	}
}
