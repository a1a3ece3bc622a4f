// Package jsonspace folds the white space between JSON tokens.
//
// encoding/json's Decoder keeps the white space it skips before a token
// in its buffer until the token arrives, and rescans all of it each time
// it reads more: a stream of JSON padded with megabytes of spaces between
// tokens costs time quadratic in the padding (32 MiB: seconds of CPU for
// one upload). Reading through NewReader leaves at most one space of each
// run outside strings, which keeps every token apart as it was (so "1 2"
// stays two numbers) and makes the Decoder's work linear.
package jsonspace

import "io"

// Reader is an io.Reader that folds each run of JSON white space (space,
// tab, CR, LF) outside strings into one space. Strings, including escaped
// quotes, pass unchanged.
type Reader struct {
	r        io.Reader
	inString bool // inside a string literal
	escaped  bool // the previous byte in the string was a backslash
	space    bool // the previous byte written was folded white space
}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader { return &Reader{r: r} }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// Read reads from the underlying reader and folds white space in place.
// It may return fewer bytes than it read (never 0 with a nil error unless
// the underlying reader does so).
func (f *Reader) Read(p []byte) (int, error) {
	for {
		n, err := f.r.Read(p)
		w := 0
		for _, c := range p[:n] {
			switch {
			case f.inString:
				switch {
				case f.escaped:
					f.escaped = false
				case c == '\\':
					f.escaped = true
				case c == '"':
					f.inString = false
				}
			case isSpace(c):
				if f.space {
					continue
				}
				f.space = true
				c = ' '
			default:
				f.space = false
				if c == '"' {
					f.inString = true
				}
			}
			p[w] = c
			w++
		}
		// A read that was all folded space returns nothing: read on
		// rather than answer (0, nil), which callers treat as no progress.
		if w > 0 || err != nil || n == 0 {
			return w, err
		}
	}
}
