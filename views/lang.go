package views

import (
	"context"
	"strconv"

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

// chipLabel names a card chip of colour for screen readers and as its
// tooltip in the page's language from its value: "Rot 10", "Rot 1
// verdeckt" or "verdeckte Karte".
func chipLabel(ctx context.Context, colour string, c ChipView) string {
	switch {
	case c.Down && c.Value > 0:
		return i18n.T(ctx, "face-down %s %d", ColourLabel(ctx, colour), c.Value)
	case c.Down:
		return i18n.T(ctx, "face-down card")
	}
	return ColourLabel(ctx, colour) + " " + strconv.Itoa(c.Value)
}
