package views

import (
	"context"

	"tablemate/views/i18n"
)

// colourLabel names a card colour ("red") in the page's language, as a
// noun ("Rot"); unknown colours are shown as they are.
func colourLabel(ctx context.Context, c string) string {
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

// nameOrT is a KKS player's name, or "player 2" for an unnamed seat.
func nameOrT(ctx context.Context, p KKSPlayer) string {
	if p.Name != "" {
		return p.Name
	}
	return i18n.T(ctx, "player %d", p.Index+1)
}
