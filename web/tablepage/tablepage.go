// Package tablepage is what the pages of a table share: the table opened
// by its view-only link (View), a game by its number in the URL (Game),
// the evening's standing, derived once per version of the table
// (Evening), what a game is called on the pages (GameName), the log's
// sentences (LogText, LogShort), the key a page of a table is kept
// rendered under (KeptKey), and the server's public address as the
// server hands it (Origin).
//
// It lies below the areas that show a table (the result cards and QR
// codes, web/cards; the table's own pages, web/table; a game's pages,
// web/game; play along, web/play; the replay, web/replay) and above the registry, which it reads for a game's name:
// web/serve, what every area shares, knows no game, so these cannot live
// there. It imports no area, not web/server and no game's package.
package tablepage

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/web/games"
	"tablemate/web/serve"
)

// KeptKey is the key a page of table t asked without a query is kept
// rendered under (serve.Kit.Keep: the server adds the language, the
// address asked, which names the game or the page, and the public
// address): the route, the table and its version, and links, the links
// the page shows. No page is kept while the clock runs (its time is the
// view's own); ok is false then, and for a page with a query (a
// confirmation, another part of a list).
func KeptKey(c echo.Context, route string, t sessions.Table, links string) (string, bool) {
	if c.QueryString() != "" || t.Clock().Running {
		return "", false
	}
	return route + "|" + t.Key + "|" + strconv.Itoa(t.Head) + "|" + links, true
}

// EditLinks names the links a page behind the edit link shows, for
// KeptKey: both links and their generations, so a replaced link makes
// the page anew.
func EditLinks(links sessions.TableLinks) string {
	return links.Edit + "|" + links.View + "|" + strconv.Itoa(links.EditGen) + "|" + strconv.Itoa(links.ViewGen)
}

// View is a table opened through its view-only link. It holds that link
// and no other, so no page built from it can show the edit link.
type View struct {
	sessions.Table
	link string
}

// Base is what every URL of a view-only page is built on.
func (v View) Base() string { return "/v/" + v.link }

// OpenView replays the table whose view-only link is in the URL (the
// route's :rid), answering 404 for a link that opens nothing and 410 for
// a replaced one (serve.LinkError).
func OpenView(k serve.Kit, c echo.Context) (View, error) {
	t, err := k.ReadOnly(c)
	if err != nil {
		return View{}, err
	}
	return View{Table: t, link: c.Param("rid")}, nil
}

// OpenViewGame is OpenView and the game whose number is in the URL
// (Game): a game's page, card or QR code behind the view-only link.
func OpenViewGame(k serve.Kit, c echo.Context) (View, sessions.Game, error) {
	v, err := OpenView(k, c)
	if err != nil {
		return View{}, sessions.Game{}, err
	}
	g, err := Game(c, v.Table)
	return v, g, err
}

// Game is the game of t whose number is in the URL (the route's :n):
// 404 for a number the table has no game of.
func Game(c echo.Context, t sessions.Table) (sessions.Game, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil {
		return sessions.Game{}, echo.ErrNotFound
	}
	g, ok := t.Game(n)
	if !ok {
		return g, echo.ErrNotFound
	}
	return g, nil
}

// Evening is the table's standing, derived once per version of it.
func Evening(t sessions.Table) sessions.Evening {
	return t.Derived("evening", func() any { return t.Evening() }).(sessions.Evening)
}

// GameName is what a game is called on the pages: its title, or the name
// given to another game's sheet.
func GameName(g sessions.Game) scoring.Phrase {
	return games.KindPhrase(g.Record.Game, g.Record.Sheet)
}

// Origin is the server's public address for a request, where share
// links and QR codes point (web/server's Site: the public URL when one
// is set, else the request's host when the server answers on it or is
// allowed it, else the listening address), without a trailing slash.
type Origin func(r *http.Request) string
