package game

import (
	"fmt"
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/web/kit"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// Note writes or changes a game's note (an empty one takes it away).
func (a *Area) Note(c echo.Context) error {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return echo.ErrNotFound
	}
	seen, _ := serve.FormInt(c, "_seen")
	app, err := a.Tables.NoteGame(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), n, c.FormValue("note"))
	if err == nil {
		return serve.Redirect(c, fmt.Sprintf("%s/games/%d%s", kit.EditBase(c), n, tablepage.Done("noted", app)))
	}
	return a.handed.Writes.After(c, app, err, "noted")
}

// Settle counts a disputed game as it was entered (ruling G-5): the
// log records it, and every page shows it beside the game.
func (a *Area) Settle(c echo.Context) error {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return echo.ErrNotFound
	}
	seen, _ := serve.FormInt(c, "_seen")
	app, err := a.Tables.SettleGame(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), n)
	if err == nil {
		return serve.Redirect(c, fmt.Sprintf("%s/games/%d%s", kit.EditBase(c), n, tablepage.Done("settled", app)))
	}
	return a.handed.Writes.After(c, app, err, "settled")
}

// Stop stops the round game going on, kept as an unfinished game,
// and goes back to choosing the next game; Undo on the table lets it go
// on.
func (a *Area) Stop(c echo.Context) error {
	seen, _ := serve.FormInt(c, "_seen")
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil {
		return echo.ErrNotFound
	}
	app, err := a.Tables.StopGame(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), n)
	if err == nil {
		return serve.Redirect(c, kit.EditBase(c)+"/next"+tablepage.Done("stopped", app))
	}
	return a.handed.Writes.After(c, app, err, "stopped")
}
