package server

import (
	"tablemate/scoring/runemarket"
	"tablemate/web/kit"
)

// notMoved are the web parts of the games whose code has not moved to
// its own package (web/<game>) yet; it empties as they move.
var notMoved = map[string]kit.Web{
	runemarket.Slug: {Editor: runeMarketEditor(), Pages: runeMarketPlay{}},
}

// webOf is a game's web package: the registry's, or its parts still here.
func webOf(g kit.Game) kit.Web {
	if g.Engine == nil || g.Editor.Page != nil {
		return g.Web
	}
	return notMoved[g.Engine.Info().Slug]
}
