package views

import (
	"context"

	"tablemate/views/i18n"
)

// times says how often a head to head went one way: "1 time", "3 times",
// and for none the word a reader uses ("0 times", German "keinmal", not
// "0-mal").
func times(ctx context.Context, n int) string {
	if n == 0 {
		return i18n.T(ctx, "0 times")
	}
	return i18n.N(ctx, n, "1 time", "%d times")
}
