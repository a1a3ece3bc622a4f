// Package game is a table's game pages (#35: moved out of web/server):
// a game entered with its editor (the table's next game, or a round of a
// round game), the check before it is saved ("Fix it" or "Save as
// disputed"), a recorded game corrected with the editor of its own kind
// (the whole game, or any of its rounds), its result page behind the
// edit and the view-only link, its note, its settling (G-5) and a round
// game stopped. Its name is the singular: one game's pages, where
// web/games is the registry of every game.
//
// web/server builds the area, hands it what it needs (New: the answer of
// a write, the share links and previews of web/cards, the play files'
// names of web/interop) and lists its routes. It reaches a game's editor
// through the registry and reads what the table's pages share from
// web/tablepage: the game of the URL, its marks and ranking, the clock,
// the screen kept awake.
package game

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/sessions/plays"
	"tablemate/views"
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// Area is the game pages' handlers.
type Area struct {
	serve.Kit
	handed Handed
}

// Handed is what the server hands the area besides its Kit.
type Handed struct {
	// Writes answers a write to the table: recorded, or refused with
	// the table drawn afresh (web/table's Writes, handed on by web/server).
	Writes tablepage.Writes
	// Share is a link to pass on with its QR code (web/cards' Share):
	// a finished game's result, on the view-only link.
	Share func(c echo.Context, id string, label, hint scoring.Phrase, path, title string) views.ShareLink
	// Preview is a game's link preview behind the view-only link
	// (web/cards' GamePreview).
	Preview func(c echo.Context, v tablepage.View, g sessions.Game) views.Preview
	// BGStats are the "Send to BG Stats" links of game n (web/interop's
	// BGStatsGame).
	BGStats func(t sessions.Table, n int) []views.BGStatsLink
	// Source names the app an imported game's play file came from
	// (web/interop's SourceName).
	Source func(plays.Format) string
}

// New is the game pages' area on k.
func New(k serve.Kit, h Handed) *Area { return &Area{Kit: k, handed: h} }

// An entry page is for one game: the table's next game, entered with the
// editor of the game the table plays now, or a recorded game, corrected
// with the editor of its own kind whatever the table plays now (an
// evening moves on; its games stay correctable).

// entryGame is the game an entry page is for.
type entryGame struct {
	// N is the game's number; 0 for the table's next game.
	N    int
	Slug string
	Ed   kit.Editor
	// Names are the players the form asks about: the table's for the
	// next game, the game's own for a correction (someone who joined
	// later did not play it).
	Names []string
	// Game is the recorded game corrected (N > 0).
	Game sessions.Game
}

// nextEntry is the table's next game, with the editor of its game.
func nextEntry(c echo.Context, t sessions.Table) (entryGame, error) {
	ed, ok := games.Editor(t.Info.Slug)
	if !ok {
		return entryGame{}, echo.NewHTTPError(http.StatusNotFound, scoring.Phrasef("This game has no result editor yet."))
	}
	return entryGame{Slug: t.Info.Slug, Ed: ed, Names: t.Players}, nil
}

// recordedEntry is recorded game n (the URL's), with the editor of its
// own kind.
func recordedEntry(c echo.Context, t sessions.Table) (entryGame, error) {
	g, err := tablepage.Game(c, t)
	if err != nil {
		return entryGame{}, err
	}
	ed, ok := games.Editor(g.Info.Slug)
	if !ok || !correctable(ed, g) {
		return entryGame{}, echo.NewHTTPError(http.StatusNotFound, scoring.Phrasef("This game has no result editor yet."))
	}
	eg := entryGame{N: g.Number, Slug: g.Info.Slug, Ed: ed, Game: g, Names: t.Players}
	if len(g.Result().Players) > 0 {
		eg.Names = nil
		for _, p := range g.Result().Players {
			eg.Names = append(eg.Names, p.Name)
		}
	}
	return eg, nil
}

// correctable reports whether recorded game g opens in its editor ed: a
// game entered at the table does, and an imported play whose file gave
// its sheet round by round (another game's scores) does too; one the
// file gave totals only has nothing its game's editor could show.
func correctable(ed kit.Editor, g sessions.Game) bool {
	if g.Imported == nil {
		return true
	}
	return ed.Rounds && ed.RoundValues != nil && ed.RoundValues(g.State, 1) != nil
}
