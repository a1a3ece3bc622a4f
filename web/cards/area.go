// Package cards is the result cards, the link previews and the QR codes
// (#35: moved out of web/server). A card is the 1200×630 PNG of a
// finished game, of a table's evening or of a league's standings, served
// behind the view-only and public links only and named by those pages'
// link previews (og:image); a QR code is the SVG image of a link to pass
// on, on the server's public address. web/server builds the area, hands
// it what it needs (New) and lists its routes; its previews and share
// links are handed on to the pages that show them (the table's, the
// game's, the evening's, web/leagues').
package cards

import (
	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// Area is the cards' and QR codes' handlers and the previews and share
// links they draw.
type Area struct {
	serve.Kit
	handed Handed
	// cards keeps drawn result cards per table version (cards.go).
	cards *cardCache
}

// Handed is what the server hands the area besides its Kit.
type Handed struct {
	// Origin is the server's public address, where share links and QR
	// codes point (web/server's Site).
	Origin tablepage.Origin
	// GameName is what a card calls a game: its name in a play file,
	// an imported game's as its file gave it (web/interop's GameName).
	GameName func(sessions.Game) string
	// Scheme says how a league counts, under its card's title
	// (web/leagues' SchemeLabel).
	Scheme func(l sessions.League) scoring.Phrase
}

// New is the cards' area on k.
func New(k serve.Kit, h Handed) *Area {
	return &Area{Kit: k, handed: h, cards: newCardCache(cardCacheBytes)}
}
