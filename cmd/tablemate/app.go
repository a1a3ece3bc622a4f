package main

import (
	"log/slog"

	"tablemate/scoring/games"
	"tablemate/sessions"
)

// app holds what the handlers share; handlers are its methods, one file
// per area, and stay thin: decode, call sessions or an engine, render.
type app struct {
	store  *sessions.Store
	tables *sessions.Tables
	log    *slog.Logger
	live   *live
	// writeRate limits form posts per client (requests per second, with a
	// burst of writeBurst); 0 turns the limit off (load tests).
	writeRate  float64
	writeBurst int
	// imports bounds the bytes each client may import (budget.go).
	imports *importBudget
	// stats keeps leagues' standings per version (leaguestats.go).
	stats *statsCache
	// site is how the server is reached: public URL, allowed hosts,
	// trusted proxies (site.go).
	site *site
}

func newApp(store *sessions.Store, log *slog.Logger) *app {
	a := &app{store: store, tables: sessions.NewTables(store, games.Find), log: log, live: newLive(),
		writeRate: 10, writeBurst: 40, site: &site{hosts: map[string]bool{}},
		imports: newImportBudget(1<<20, sessions.MaxImportBytes), stats: newStatsCache(64)}
	a.tables.OnChange(a.live.publish)
	a.tables.OnReplace(func(owner string, _ sessions.Role, old string) { a.live.revoke(owner, old) })
	return a
}
