package server

import (
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"tablemate/sessions"
	"tablemate/web/games"
	"tablemate/web/leagues"
	"tablemate/web/live"
)

// app holds what the handlers share; handlers are its methods, one file
// per area, and stay thin: decode, call sessions or an engine, render.
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
	// imports bounds the bytes each client may import (budget.go).
	imports *importBudget
	// importGate bounds the imports read at once (uploads.go).
	importGate *importGate
	// leagues is the leagues' area (web/leagues): their pages and the
	// stats the league's card and exports read.
	leagues *leagues.Area
	// cards keeps drawn result cards per table version (cards.go).
	cards *cardCache
	// leagueFiles keeps leagues' play files (.bgsplay, BGG XML) per
	// league version; leagueFilesMu lets one be written at a time, and
	// leagueFilesMade counts those written (plays.go).
	leagueFiles     *statsCache[[]byte]
	leagueFilesMu   sync.Mutex
	leagueFilesMade atomic.Int64
	// site is how the server is reached: public URL, allowed hosts,
	// trusted proxies (site.go).
	site *Site
}

func NewApp(store *sessions.Store, log *slog.Logger) *App {
	a := &App{store: store, tables: sessions.NewTables(store, games.TableEngine), log: log, live: live.New(),
		streams:   newStreamCaps(DefaultStreamsPerClient, DefaultStreamsPerTable, DefaultStreamsTotal),
		writeRate: 10, writeBurst: 40, headerTimeout: defaultHeaderTimeout, bodyTimeout: DefaultBodyTimeout,
		site:    &Site{hosts: map[string]bool{}},
		imports: newImportBudget(1<<20, sessions.MaxImportBytes),
		cards:   newCardCache(cardCacheBytes), importGate: newImportGate(DefaultImportsPerClient, DefaultImportsTotal),
		leagueFiles: newStatsCache[[]byte](4)}
	a.leagues = leagues.New(a.kit(), a.leaguePreview, a.shareOf)
	a.tables.OnChange(a.live.Publish)
	a.tables.OnSnapshotError(func(msg string, err error) { a.log.Warn(msg, "err", redactLinks(err.Error())) })
	a.tables.OnReplace(func(owner string, _ sessions.Role, old string) { a.live.Revoke(owner, old) })
	return a
}
