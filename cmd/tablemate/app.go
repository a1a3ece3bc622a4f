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
}

func newApp(store *sessions.Store, log *slog.Logger) *app {
	a := &app{store: store, tables: sessions.NewTables(store, games.Find), log: log, live: newLive()}
	a.tables.OnChange(a.live.publish)
	return a
}
