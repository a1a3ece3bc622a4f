// Package table is the table's own pages and the evening (#35: the last
// area moved out of web/server): the start page and the phone's history,
// a table started (with its league's members as name chips), the table's
// page behind its edit and its view-only link, its players, the undo, the
// next game and who starts it, the evening's end and its note, the clock
// of the game at hand, and the table's links replaced.
//
// web/server builds the area, hands it what belongs to other areas
// (New: web/cards' share links and link preview, web/interop's BG Stats
// links of the evening, web/play's page drawn afresh for the clock's
// form posted from it) and what the server alone knows (its log, the
// phone features at its public address), and lists its routes. The
// table's page drawn afresh with a refused write's reason (Rerender) is
// how every area's refused write is answered (Writes, which the server
// hands the areas that write). What every page of a table shares lies
// below in web/tablepage; the log's sentences too (LogText, LogShort).
package table

import (
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// Area is the table's pages and the evening.
type Area struct {
	serve.Kit
	handed Handed
	writes tablepage.Writes
}

// Handed is what the server hands the area besides its Kit.
type Handed struct {
	// Log is the server's log (a table started whose league could not
	// count it).
	Log *slog.Logger
	// Share is a link to pass on with its QR code (web/cards' Share):
	// the invite panel's, the view-only page's, the evening's result.
	Share func(c echo.Context, id string, label, hint scoring.Phrase, path, title string) views.ShareLink
	// ViewPreview is the view-only page's link preview (web/cards').
	ViewPreview func(c echo.Context, v tablepage.View) views.Preview
	// BGStatsEvening are the evening's "Send to BG Stats" links, and
	// whether there are more games than links (web/interop's).
	BGStatsEvening func(c echo.Context, t sessions.Table) ([]views.BGStatsLink, bool)
	// Features are the phone features at the server's public address for
	// r (web/server's Site): the invite panel says what works there.
	Features func(r *http.Request) tablepage.Features
	// PlayRerender draws the play page afresh with a refused write's
	// reason (web/play's Rerender): the clock's form posted from it.
	PlayRerender func(c echo.Context, status int, msg scoring.Phrase) error
}

// New is the table's area on k.
func New(k serve.Kit, h Handed) *Area {
	a := &Area{Kit: k, handed: h}
	a.writes = tablepage.Writes{Log: h.Log, Rerender: a.Rerender}
	return a
}

// Writes answers the writes to a table: recorded, or refused with the
// table drawn afresh (Rerender). web/server hands it to the areas that
// write to a table.
func (a *Area) Writes() tablepage.Writes { return a.writes }
