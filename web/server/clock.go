package server

import (
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// The clock of the game at hand (sessions/clock.go) on guided play, round
// entry and the table's pages: the server says its running time from the
// log's times when it draws the page (views.Clock); js/clock.js counts on
// from there while it runs. Starting and pausing are writes like any
// other: the version the page saw, a one-time token.

// clockBacks are the pages a clock form comes back to (its ?back=).
var clockBacks = map[string]string{"play": "/play", "round": "/games/new", "table": ""}

// clockBack is the page the clock's form came from, on the edit link.
func clockBack(c echo.Context) string {
	suffix, ok := clockBacks[c.QueryParam("back")]
	if !ok {
		suffix = ""
	}
	return editBase(c) + suffix
}

// showClock puts the clock of t's game at hand on the page about to be
// rendered; back names that page ("play", "round", "table"). On the table's
// own page it shows only once started. A view-only page passes edit false:
// the clock, no form.
func showClock(c echo.Context, t sessions.Table, back string, edit bool) {
	clock := t.Clock()
	if clock.Game == 0 || back == "table" && !clock.Used {
		return
	}
	vm := views.ClockVM{Game: clock.Game, Used: clock.Used, Running: clock.Running, Head: t.Head,
		Millis: clock.Elapsed(time.Now()).Milliseconds()}
	if clock.Running { // its time differs at every view: spliced into the kept compressed page
		vm.PerView = func(part string) { kit.NoteOwn(c, part) }
	}
	if edit {
		vm.Action, vm.Back, vm.Form = editBase(c), back, form(c, t.Head)
		if back == "round" { // no live refresh there: the clock follows the table itself
			vm.Live = editBase(c) + "/live"
		}
	}
	c.SetRequest(c.Request().WithContext(views.WithClock(c.Request().Context(), vm)))
}

// setClock starts or pauses the clock of the game the form names, and goes
// back to the page it came from; refused (another phone moved first, or
// the clock already stands so), that page says why with the clock as it
// is now.
func (a *App) setClock(start bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		seen, _ := formInt(c, "_seen")
		game, _ := formInt(c, "game")
		ctx := c.Request().Context()
		var err error
		if start {
			_, err = a.tables.StartClock(ctx, c.Param("id"), seen, c.FormValue("_token"), game)
		} else {
			_, err = a.tables.PauseClock(ctx, c.Param("id"), seen, c.FormValue("_token"), game)
		}
		var in *scoring.InputError
		var msg string
		status := http.StatusConflict
		switch {
		case err == nil:
			return redirect(c, clockBack(c))
		case serve.Stale(c, err):
			msg = tr(c, "Someone else just changed this table, so the clock was not changed. Here it is as it is now.")
		case errors.As(err, &in):
			msg, status = localInput(c, in), http.StatusUnprocessableEntity
		default:
			return err
		}
		if c.QueryParam("back") == "play" {
			t, g, err := a.loadPlay(c)
			if err != nil {
				return err
			}
			return a.rerenderPlay(c, t, g, status, msg)
		}
		return a.rerenderTable(c, status, msg)
	}
}
