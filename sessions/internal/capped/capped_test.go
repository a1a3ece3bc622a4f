package capped

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestReaderStopsAtTheCap(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int64
		want error
	}{
		{"abc", 3, nil},          // exactly the cap
		{"ab", 3, nil},           // under it
		{"abcd", 3, ErrTooLarge}, // one byte over
		{"", 0, nil},
		{"a", 0, ErrTooLarge},
	} {
		got, err := io.ReadAll(New(strings.NewReader(tc.in), tc.max))
		if !errors.Is(err, tc.want) || (tc.want == nil && string(got) != tc.in) || len(got) > int(tc.max) {
			t.Errorf("%q capped at %d: %q, %v; want %v", tc.in, tc.max, got, err, tc.want)
		}
	}
}
