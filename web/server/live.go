package server

import (
	"context"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/sessions"
	"tablemate/web/tablepage"
)

// The live area (web/live) streams a table's moves to its open pages;
// the server hands it the link check (serve.Kit's Table, the edit link's;
// tablepage.OpenView, the view-only link's) and the stream caps
// (streamCaps).

// streamTable answers GET /tables/:id/live (live.Hub.Stream).
func (a *App) streamTable(c echo.Context) error {
	return a.stream(c, c.Param("id"), func() (sessions.Table, error) { return a.kit().Table(c) })
}

// streamReadOnly is the live stream behind a view-only link.
func (a *App) streamReadOnly(c echo.Context) error {
	return a.stream(c, c.Param("rid"), func() (sessions.Table, error) {
		v, err := tablepage.OpenView(a.kit(), c)
		return v.Table, err
	})
}

// stream sends the moves of the table that open loads through link as
// server-sent events, under the server's stream caps.
func (a *App) stream(c echo.Context, link string, open func() (sessions.Table, error)) error {
	return a.live.Stream(c, a.streamCap, link, open)
}

// streamCap takes a stream's place under the caps per client address,
// per table and in all.
func (a *App) streamCap(c echo.Context, table string) (func(), time.Duration, error) {
	release, refused := a.streams.acquire(clientKey(c.RealIP()), table)
	if refused != nil {
		return nil, streamRetryAfter, refused
	}
	return release, 0, nil
}

// Follow tells the app's live pages of the writes other servers make on
// its database (sessions.Tables.Follow) until ctx ends; the channel closes
// then.
func (a *App) Follow(ctx context.Context) <-chan struct{} {
	return a.live.Follow(ctx, a.tables, a.log)
}
