package table

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// The clock of the game at hand (sessions/clock.go) on guided play, round
// entry and the table's pages (tablepage.ShowClock draws it). Starting
// and pausing are writes like any other: the version the page saw, a
// one-time token.

// clockBacks are the pages a clock form comes back to (its ?back=).
var clockBacks = map[string]string{"play": "/play", "round": "/games/new", "table": ""}

// ClockBack is the page the clock's form came from, on the edit link
// (web/server's canonical pages go back to it too).
func ClockBack(c echo.Context) string {
	suffix, ok := clockBacks[c.QueryParam("back")]
	if !ok {
		suffix = ""
	}
	return kit.EditBase(c) + suffix
}

// SetClock starts or pauses the clock of the game the form names, and goes
// back to the page it came from; refused (another phone moved first, or
// the clock already stands so), that page says why with the clock as it
// is now.
func (a *Area) SetClock(start bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		seen, _ := serve.FormInt(c, "_seen")
		game, _ := serve.FormInt(c, "game")
		ctx := c.Request().Context()
		var err error
		if start {
			_, err = a.Tables.StartClock(ctx, c.Param("id"), seen, c.FormValue("_token"), game)
		} else {
			_, err = a.Tables.PauseClock(ctx, c.Param("id"), seen, c.FormValue("_token"), game)
		}
		var in *scoring.InputError
		var msg scoring.Phrase
		status := http.StatusConflict
		switch {
		case err == nil:
			return serve.Redirect(c, ClockBack(c))
		case serve.Stale(c, err):
			msg = scoring.Phrasef("Someone else just changed this table, so the clock was not changed. Here it is as it is now.")
		case errors.As(err, &in):
			msg, status = in.Phrase, http.StatusUnprocessableEntity
		default:
			return err
		}
		if c.QueryParam("back") == "play" {
			return a.handed.PlayRerender(c, status, msg)
		}
		return a.Rerender(c, status, msg)
	}
}
