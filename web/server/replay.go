package server

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/sessions"
	"tablemate/views"
)

// replaySteps returns the positions in t.Log of the events that touched
// game n: its recording (or the guided move that ended it), each of its
// rounds, each correction, and any undo of one of those. Game numbers are
// those in effect when the event was written (an undone game 2 and the
// game 2 entered after it are the same game number); the replay worked
// them out once, so this is a walk over numbers, not over the log's JSON.
func replaySteps(t sessions.Table, n int) []int {
	var steps []int
	for i, e := range t.Log {
		if e.Game == n && n > 0 {
			steps = append(steps, i)
		}
	}
	return steps
}

// replayGame steps through a game's history on the edit link.
func (a *App) replayGame(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	return replayPage(c, t, editBase(c))
}

// replayPage shows step ?step=K (1-based, default 1) of game n: the event
// and the engine's verdict on the game as it stood after it (GameAsOf:
// kept from the table's replay, or the game's rounds added up again — never
// the whole log). Unknown games and steps out of range are 404.
func replayPage(c echo.Context, t sessions.Table, base string) error {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return echo.ErrNotFound
	}
	steps := replaySteps(t, n)
	if len(steps) == 0 {
		return echo.ErrNotFound
	}
	k := 1
	if s := c.QueryParam("step"); s != "" {
		if k, err = strconv.Atoi(s); err != nil || k < 1 || k > len(steps) {
			return echo.ErrNotFound
		}
	}
	e := t.Log[steps[k-1]]
	stepURL := func(k int) string { return fmt.Sprintf("%s/games/%d/replay?step=%d", base, n, k) }
	vm := views.ReplayVM{
		Page: page(c, tr(c, "Replay of game %d", n)), Heading: tr(c, "%s · replay of game %d", t.Name, n),
		GameTitle: gameTitle(c.Request().Context(), t.Info.Slug), Step: k, Steps: len(steps),
		What: timelineText(c.Request().Context(), t, e.Event), At: dateTime(c, e.At.Local(), false, true),
	}
	for _, g := range t.Games {
		if g.Number == n { // the game replayed, whatever the table plays now
			vm.GameTitle = gameName(c, g)
		}
	}
	if g, ok := t.GameAsOf(n, e.Seq); ok {
		vm.Present, vm.Result = g.Err == "", g.Result
		if g.Err != "" {
			vm.Page.Flash, vm.Page.FlashKind = tr(c, "This entry can no longer be read: %s", g.Err), "bad"
		}
	}
	if k > 1 {
		vm.PrevURL = stepURL(k - 1)
	}
	if k < len(steps) {
		vm.NextURL = stepURL(k + 1)
	}
	if _, ok := t.Game(n); ok {
		vm.GameURL = fmt.Sprintf("%s/games/%d", base, n)
	} else {
		vm.GameURL = base
	}
	return render(c, http.StatusOK, views.Replay(vm))
}
