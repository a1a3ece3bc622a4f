// Package capped reads at most a given number of bytes of a stream: the
// uploads sessions reads (an exported table or league, a play file) are
// decoded as they arrive, and a decoder stops at the cap whatever the
// file holds.
package capped

import (
	"errors"
	"io"
)

// ErrTooLarge is what a Reader returns past its cap; the readers turn it
// into an input error saying the limit.
var ErrTooLarge = errors.New("file too large")

// Reader reads at most its cap of bytes of r and fails with ErrTooLarge
// on the byte after.
type Reader struct {
	r    io.Reader
	left int64
}

// New caps r at max bytes.
func New(r io.Reader, max int64) *Reader { return &Reader{r: r, left: max} }

func (c *Reader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		// One more byte tells a file of exactly max bytes from a larger one.
		var one [1]byte
		if n, _ := io.ReadFull(c.r, one[:]); n == 0 {
			return 0, io.EOF
		}
		return 0, ErrTooLarge
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}
