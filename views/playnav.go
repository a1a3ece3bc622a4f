package views

import "context"

// PlayNav is what every page of a game played along carries around the
// game's own content: the way back to the table and, while a game is
// played along, the way to stop it.
type PlayNav struct {
	Back string
	Stop *StopPlay
}

type playNavKey struct{}

// PlayingAlong marks the page rendered with ctx as a page of a game
// played along: the layout then shows nav above the game's own content,
// whatever game's page it is.
func PlayingAlong(ctx context.Context, nav PlayNav) context.Context {
	return context.WithValue(ctx, playNavKey{}, nav)
}

// playNav is the navigation of a page of a game played along.
func playNav(ctx context.Context) (PlayNav, bool) {
	nav, ok := ctx.Value(playNavKey{}).(PlayNav)
	return nav, ok
}
