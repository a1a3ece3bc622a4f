package server

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/sessions/league"
	"tablemate/web/cards"
	"tablemate/web/game"
	"tablemate/web/games"
	"tablemate/web/interop"
	"tablemate/web/leagues"
	"tablemate/web/live"
	"tablemate/web/play"
	"tablemate/web/serve"
	"tablemate/web/table"
	"tablemate/web/tablepage"
)

// App is the server: the store, the areas (web/table, web/game, …) built
// and handed what they need, and what the wiring keeps of its own (the
// live streams and their caps, the write limit, the timeouts, the site).
// Its own handlers are few (the health check, the offline page, the
// language switch, the live streams); the pages are the areas'.
type App struct {
	store  *sessions.Store
	tables *sessions.Tables
	log    *slog.Logger
	live   *live.Hub
	// streams caps the live streams per client address, table and in all.
	streams *streamCaps
	// writeRate limits form posts per client (requests per second, with a
	// burst of writeBurst); 0 turns the limit off (load tests).
	writeRate  float64
	writeBurst int
	// headerTimeout and bodyTimeout are how long a request's headers and
	// then its body may take to arrive (newHTTPServer; a slow body is a
	// 408).
	headerTimeout, bodyTimeout time.Duration
	// leagues is the leagues' area (web/leagues): their pages and the
	// stats the league's card and exports read.
	leagues *leagues.Area
	// interop is the imports' and exports' area (web/interop): the
	// downloads, the uploads and their bounds per client and in all.
	interop *interop.Area
	// cards is the result cards' and QR codes' area (web/cards): the
	// cards, the link previews, the share links and their QR codes.
	cards *cards.Area
	// game is the game pages' area (web/game): a game's entry, its
	// check before it is saved, its correction and its result.
	game *game.Area
	// play is play along's area (web/play).
	play *play.Area
	// table is the table's own pages and the evening (web/table).
	table *table.Area
	// pages keeps the table pages rendered (keptpages.go).
	pages *pageCache
	// writes answers the writes to a table (tablepage.Writes, which the
	// table's area builds): recorded, or refused with the table drawn
	// afresh. The game pages and play along are handed it.
	writes tablepage.Writes
	// site is how the server is reached: public URL, allowed hosts,
	// trusted proxies (site.go).
	site *Site
}

func NewApp(store *sessions.Store, log *slog.Logger) *App {
	a := &App{store: store, tables: sessions.NewTables(store, games.TableEngine), log: log, live: live.New(),
		streams:   newStreamCaps(DefaultStreamsPerClient, DefaultStreamsPerTable, DefaultStreamsTotal),
		writeRate: 10, writeBurst: 40, headerTimeout: defaultHeaderTimeout, bodyTimeout: DefaultBodyTimeout,
		site: &Site{hosts: map[string]bool{}}, pages: newPageCache(keptPagesMax, keptPagesBytes)}
	a.cards = cards.New(a.kit(), cards.Handed{Origin: a.origin, GameName: interop.GameName, Scheme: leagues.SchemeLabel})
	a.table = table.New(a.kit(), table.Handed{Log: log, Share: a.cards.Share, ViewPreview: a.cards.ViewPreview,
		BGStatsEvening: interop.BGStatsEvening, Features: a.features, PlayRerender: a.playRerender})
	a.writes = a.table.Writes()
	a.game = game.New(a.kit(), game.Handed{Writes: a.writes, Share: a.cards.Share, Preview: a.cards.GamePreview,
		BGStats: interop.BGStatsGame, Source: interop.SourceName})
	a.play = play.New(a.kit(), play.Handed{Writes: a.writes})
	a.leagues = leagues.New(a.kit(), a.cards.LeaguePreview, a.cards.Share)
	a.interop = interop.New(a.kit(), interop.Leagues{Key: a.leagues.Key, Standings: a.leagueStandings})
	a.tables.OnChange(a.live.Publish)
	a.tables.OnSnapshotError(func(msg string, err error) { a.log.Warn(msg, "err", serve.RedactLinks(err.Error())) })
	a.tables.OnReplace(func(owner string, _ sessions.Role, old string) { a.live.Revoke(owner, old) })
	return a
}

// origin is the server's public address for r (Site.origin), read from
// the site at each request: SetSite may replace it after NewApp.
func (a *App) origin(r *http.Request) string { return a.site.origin(r) }

// features are the phone features at the server's public address for r
// (Site.features), read from the site at each request as origin is.
func (a *App) features(r *http.Request) tablepage.Features { return a.site.features(r) }

// playRerender is play along's page drawn afresh with a refusal (the
// clock's form posted from it), handed to the table's area, which is
// built before play along.
func (a *App) playRerender(c echo.Context, status int, msg scoring.Phrase) error {
	return a.play.Rerender(c, status, msg)
}

// leagueStandings are a league's standings as the leagues' area keeps
// them (its Stats), for the standings CSV (web/interop).
func (a *App) leagueStandings(ctx context.Context, l sessions.League) ([]league.Standing, error) {
	st, err := a.leagues.Stats(ctx, l)
	if err != nil {
		return nil, err
	}
	return st.Standings, nil
}
