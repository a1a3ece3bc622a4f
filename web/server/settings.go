package server

import (
	"context"
	"net"
	"net/http"
	"time"

	"tablemate/sessions"
	"tablemate/web/cards"
)

// The app's settings, which `tablemate serve` takes from its flags; a new
// app has the defaults.

// SetWriteRate lets each client post perSecond forms after a short burst
// (serve -write-rate); 0 turns the limit off.
func (a *App) SetWriteRate(perSecond float64) { a.writeRate = perSecond }

// SetSite says how the server is reached (serve -public-url,
// -allowed-hosts, -trusted-proxy).
func (a *App) SetSite(s *Site) { a.site = s }

// SetStreamCaps caps the live streams per client address, per table and
// in all (serve -live-per-client, -live-per-table, -live-max).
func (a *App) SetStreamCaps(perClient, perTable, total int) {
	a.streams = newStreamCaps(perClient, perTable, total)
}

// SetBodyTimeout is how long a request body may take once its headers are
// in (serve -body-timeout).
func (a *App) SetBodyTimeout(d time.Duration) { a.bodyTimeout = d }

// Cards is the result cards' and QR codes' area (web/cards): its tests
// count the cards it keeps.
func (a *App) Cards() *cards.Area { return a.cards }

// HTTPServer is the server of `tablemate serve` on addr: the router and
// its timeouts (newHTTPServer).
func (a *App) HTTPServer(addr string) *http.Server { return newHTTPServer(addr, a) }

// Listening tells the app the address it was bound to; share links use it
// when no public URL is set.
func (a *App) Listening(addr net.Addr) { a.site.listening(addr) }

// EndStreams ends every open live stream, so a shutdown does not wait on
// them.
func (a *App) EndStreams() { a.live.Close() }

// Tables are the app's tables (tests load a table through them).
func (a *App) Tables() *sessions.Tables { return a.tables }

// SaveSnapshots writes the snapshots of the tables that moved on since
// theirs (serve calls it when it shuts down, after the last request), so
// the next start reads them instead of replaying their logs.
func (a *App) SaveSnapshots(ctx context.Context) error { return a.tables.SaveSnapshots(ctx) }
