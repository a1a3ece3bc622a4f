package views

import (
	"context"

	"tablemate/views/i18n"
)

// ColourLabel names a card colour ("red") in the page's language, as a
// noun ("Rot"); unknown colours are shown as they are.
func ColourLabel(ctx context.Context, c string) string {
	switch c {
	case "red":
		return i18n.T(ctx, "red")
	case "yellow":
		return i18n.T(ctx, "yellow")
	case "black":
		return i18n.T(ctx, "black")
	case "blue":
		return i18n.T(ctx, "blue")
	}
	return c
}
