// Package interop is the imports' and exports' area of the web app:
// a table's log as JSON and its results as CSV (through the edit and the
// view-only link), a league's export and its standings as CSV, the play
// files of a table or a league for the play loggers (BG Stats' .bgsplay,
// BoardGameGeek's XML), and the imports: an exported table or league
// (/tables/import), a play logger's file into a league (/l/{admin}/plays).
// It also makes the "Send to BG Stats" links the game and evening pages
// show (BGStatsGame, BGStatsEvening) from the same plays as the export.
//
// An import is the one body that may be large: it is bounded per client
// (budget.go) and in all (uploads.go), and nothing of its file is read
// before its form token passed. web/server builds the area (New), lists
// its routes and hands it the leagues' standings and versions (Leagues).
package interop

import (
	"context"
	"sync"
	"sync/atomic"

	"tablemate/sessions"
	"tablemate/sessions/league"
	"tablemate/web/serve"
)

// Area answers the imports' and exports' routes. It embeds what the
// server hands every area (serve.Kit: the store, rendering, the link
// check).
type Area struct {
	serve.Kit
	leagues Leagues
	// budget bounds the bytes each client may import (budget.go).
	budget *importBudget
	// gate bounds the imports read at once (uploads.go).
	gate *importGate
	// leagueFiles keeps leagues' play files (.bgsplay, BGG XML) per
	// league version; leagueFilesMu lets one be written at a time, and
	// leagueFilesMade counts those written (plays.go).
	leagueFiles     *serve.Cache[[]byte]
	leagueFilesMu   sync.Mutex
	leagueFilesMade atomic.Int64
}

// Leagues is what the area reads of the leagues' area (web/leagues),
// handed in by web/server: a league's version (what its kept files are
// keyed by) and its standings.
type Leagues struct {
	Key       func(ctx context.Context, l sessions.League) (string, error)
	Standings func(ctx context.Context, l sessions.League) ([]league.Standing, error)
}

// New is the imports' and exports' area on k, reading leagues through l.
func New(k serve.Kit, l Leagues) *Area {
	return &Area{Kit: k, leagues: l,
		budget:      newImportBudget(1<<20, sessions.MaxImportBytes),
		gate:        newImportGate(DefaultImportsPerClient, DefaultImportsTotal),
		leagueFiles: serve.NewCache[[]byte](4)}
}

// SetBudget lets each client import one burst of bytes at once and then
// bytesPerSecond (by default one largest file, then 1 MB a second).
func (a *Area) SetBudget(bytesPerSecond, burst int) {
	a.budget = newImportBudget(bytesPerSecond, burst)
}

// LeagueFilesWritten counts the leagues' play files written, not taken
// from those kept per league version.
func (a *Area) LeagueFilesWritten() int64 { return a.leagueFilesMade.Load() }
