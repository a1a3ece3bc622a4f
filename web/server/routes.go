package server

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/web/api"
	"tablemate/web/check"
	"tablemate/web/interop"
	"tablemate/web/replay"
	"tablemate/web/serve"
)

// scoreRoute is the score-check API's route (it compresses its answer
// itself: serve.Kit.Blob).
const scoreRoute = "/api/v1/games/:game/score"

// routes lists every URL in one place. Which link opens what: web/table's links.go.
func (a *App) routes(e *echo.Echo) {
	ip := a.interop           // imports and exports (web/interop)
	rp := replay.New(a.kit()) // a game's replay (web/replay)
	cd := a.cards             // result cards and QR codes (web/cards)
	gm := a.game              // a game's entry, correction and result (web/game)
	pl := a.play              // play along (web/play)
	tb := a.table             // the table's pages and the evening (web/table)
	e.GET("/", tb.Home)
	e.GET("/healthz", a.health)
	e.GET("/static/*", serveStatic)
	e.GET("/sw.js", serviceWorker)
	e.GET("/manifest.webmanifest", manifest)
	e.GET("/offline", a.showOffline)
	e.GET("/lang", a.switchLanguage)

	e.GET("/tables/new", tb.NewForm)
	e.GET("/tables/import", ip.ImportForm)
	e.POST("/tables/import", ip.ImportTable)
	e.POST("/tables", tb.Create)
	e.GET("/tables/:id", tb.Show)
	e.GET("/tables/:id/live", a.streamTable)
	e.GET("/tables/:id/qr.svg", cd.TableQR)
	e.GET("/tables/:id/export.json", ip.Edit(interop.Log))
	e.GET("/tables/:id/results.csv", ip.Edit(interop.Results))
	e.GET("/tables/:id/export.bgsplay", ip.Edit(interop.Plays(false)))
	e.GET("/tables/:id/export-bgg.xml", ip.Edit(interop.Plays(true)))
	e.POST("/tables/:id/players", tb.AddPlayer)
	e.POST("/tables/:id/undo", tb.Undo)
	e.GET("/tables/:id/next", tb.Next)
	e.GET("/tables/:id/evening", tb.Evening)
	e.POST("/tables/:id/evening/note", tb.NoteEvening)
	e.POST("/tables/:id/next", tb.ChooseGame)
	e.GET("/tables/:id/play", pl.Show)
	e.POST("/tables/:id/play/start", pl.Start)
	e.POST("/tables/:id/play/step", pl.Step)
	e.POST("/tables/:id/play/stop", pl.Stop)
	e.POST("/tables/:id/clock/start", tb.SetClock(true))
	e.POST("/tables/:id/clock/pause", tb.SetClock(false))
	e.POST("/tables/:id/games/:n/stop", gm.Stop)
	e.GET("/tables/:id/games/new", gm.NewForm)
	e.POST("/tables/:id/games", gm.Submit)
	e.GET("/tables/:id/games/:n", gm.Show)
	e.GET("/tables/:id/games/:n/edit", gm.EditForm)
	e.POST("/tables/:id/games/:n", gm.Correct)
	e.POST("/tables/:id/games/:n/settle", gm.Settle)
	e.POST("/tables/:id/games/:n/note", gm.Note)
	e.GET("/tables/:id/games/:n/replay", rp.Edit)
	e.GET("/tables/:id/games/:n/rounds/:r/edit", gm.RoundForm)
	e.POST("/tables/:id/games/:n/rounds/:r", gm.CorrectRound)
	e.POST("/tables/:id/rotate/:role", tb.RotateLink)

	// View-only links: spectators follow a table live but cannot write.
	e.GET("/v/:rid", tb.ShowView)
	e.GET("/v/:rid/live", a.streamReadOnly)
	e.GET("/v/:rid/qr.svg", cd.ViewQR)
	e.GET("/v/:rid/export.json", ip.View(interop.Log))
	e.GET("/v/:rid/results.csv", ip.View(interop.Results))
	e.GET("/v/:rid/export.bgsplay", ip.View(interop.Plays(false)))
	e.GET("/v/:rid/export-bgg.xml", ip.View(interop.Plays(true)))
	e.GET("/v/:rid/games/:n", gm.ShowView)
	e.GET("/v/:rid/games/:n/replay", rp.View)
	e.GET("/v/:rid/games/:n/qr.svg", cd.ViewGameQR)
	e.GET("/v/:rid/card.png", cd.ViewCard)
	e.GET("/v/:rid/games/:n/card.png", cd.ViewGameCard)
	e.GET("/history", tb.History)

	// Leagues (web/leagues): the public id shows standings, the admin id
	// changes them.
	lg := a.leagues
	e.GET("/leagues/new", lg.NewForm)
	e.POST("/leagues", lg.Create)
	e.GET("/leagues/:id", lg.Show)
	e.GET("/leagues/:id/qr.svg", cd.LeagueQR)
	e.GET("/leagues/:id/members/:name", lg.ShowMember)
	e.GET("/leagues/:id/card.png", cd.LeagueCard)
	e.GET("/l/:admin", lg.ShowAdmin)
	e.GET("/l/:admin/qr.svg", cd.AdminQR)
	e.GET("/l/:admin/members/:name", lg.ShowMemberAdmin)
	e.POST("/l/:admin/rotate", lg.RotateAdmin)
	e.POST("/l/:admin/members", lg.AddMember)
	e.POST("/l/:admin/merge", lg.MergeMembers)
	e.POST("/l/:admin/tables", lg.AddTable)
	e.GET("/l/:admin/export.json", ip.ExportLeague)
	e.GET("/l/:admin/plays", ip.PlaysForm)
	e.POST("/l/:admin/plays", ip.ImportPlays)
	e.GET("/leagues/:id/standings.csv", ip.ExportStandings)
	e.GET("/leagues/:id/export.bgsplay", ip.LeaguePlays(false))
	e.GET("/leagues/:id/export-bgg.xml", ip.LeaguePlays(true))

	// The score check (web/check).
	ck := check.New(a.kit())
	e.GET("/check", ck.Index)
	e.GET("/check/:game", ck.Form)
	e.POST("/check/:game", ck.Submit)

	// The JSON API (web/api).
	ap := api.New(a.kit())
	v1 := e.Group("/api/v1")
	v1.GET("/games", ap.Games)
	v1.POST("/games/:game/score", ap.Score) // = scoreRoute
	v1.POST("/games/:game/play", ap.Play)
	canonicalGETs(e) // every POST-only page route answers GET too (canonical.go)
}

// health answers load balancers and the tests (sessions.Store.Health):
// the database must answer a read, its file must still be the one opened
// and not found damaged, no read may have failed in storage in the last
// minute, and the newest write must not have failed in storage (a full
// disk).
func (a *App) health(c echo.Context) error {
	// Health first: it says why (the file deleted, replaced or damaged,
	// reads failing), where a failed ping could only say "unavailable".
	if err := a.store.Health(c.Request().Context()); err != nil {
		return c.String(http.StatusServiceUnavailable, "database not usable: "+serve.RedactLinks(err.Error()))
	}
	if err := a.store.Ping(c.Request().Context()); err != nil {
		return c.String(http.StatusServiceUnavailable, "database unavailable")
	}
	if err := a.store.WriteFailure(); err != nil {
		return c.String(http.StatusServiceUnavailable, "database not writable: "+err.Error())
	}
	return c.String(http.StatusOK, "ok")
}
