// Package replay is a game's replay: its history stepped through event
// by event (/tables/{edit}/games/{n}/replay, and behind the view-only
// link /v/{view}/games/{n}/replay), each step the event as the table's
// log says it and the engine's verdict on the game as it stood after it.
// web/server builds it, hands it the log's sentences (Text) and lists its
// routes.
package replay

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// Steps are the positions in t.Log of the events that touched
// game n: its recording (or the guided move that ended it), each of its
// rounds, each correction, and any undo of one of those. Game numbers are
// those in effect when the event was written (an undone game 2 and the
// game 2 entered after it are the same game number); the replay worked
// them out once, so this is a walk over numbers, not over the log's JSON.
func Steps(t sessions.Table, n int) []int {
	var steps []int
	for i, e := range t.Log.All() {
		if e.Game == n && n > 0 {
			steps = append(steps, i)
		}
	}
	return steps
}

// Area answers the replay's routes. It embeds what the server hands
// every area (serve.Kit: the store, rendering, the link check).
type Area struct {
	serve.Kit
}

// New is the replay's area on k. Each step says its event as the table's
// log does (web/tablepage's LogText).
func New(k serve.Kit) *Area { return &Area{Kit: k} }

// Edit steps through a game's history on the edit link (GET
// /tables/:id/games/:n/replay).
func (a *Area) Edit(c echo.Context) error {
	t, err := a.Table(c)
	if err != nil {
		return err
	}
	return a.page(c, t, kit.EditBase(c))
}

// View is the replay behind the view-only link (GET
// /v/:rid/games/:n/replay): every link on it is built on that link.
func (a *Area) View(c echo.Context) error {
	t, err := a.ReadOnly(c)
	if err != nil {
		return err
	}
	return a.page(c, t, "/v/"+c.Param("rid"))
}

// page shows step ?step=K (1-based, default 1) of game n: the event
// and the engine's verdict on the game as it stood after it (GameAsOf:
// kept from the table's replay, or the game's rounds added up again — never
// the whole log). Unknown games and steps out of range are 404.
func (a *Area) page(c echo.Context, t sessions.Table, base string) error {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return echo.ErrNotFound
	}
	steps := Steps(t, n)
	if len(steps) == 0 {
		return echo.ErrNotFound
	}
	k := 1
	if s := c.QueryParam("step"); s != "" {
		if k, err = strconv.Atoi(s); err != nil || k < 1 || k > len(steps) {
			return echo.ErrNotFound
		}
	}
	e := t.Log.At(steps[k-1])
	stepURL := func(k int) string { return fmt.Sprintf("%s/games/%d/replay?step=%d", base, n, k) }
	vm := views.ReplayVM{
		Page: kit.Page(c, scoring.Phrasef("Replay of game %d", n)), Heading: scoring.Phrasef("%s · replay of game %d", t.Name, n),
		GameTitle: games.PlayingPhrase(t), Step: k, Steps: len(steps),
		What: tablepage.LogText(t, e.Event), At: serve.DateTime(c, e.At.Local(), false, true),
	}
	if g, ok := t.Game(n); ok {
		vm.GameTitle = games.KindPhrase(g.Record.Game, g.Record.Sheet) // the game it is, whatever the table plays now
	}
	if g, ok := t.GameAsOf(n, e.Seq); ok {
		vm.Present, vm.Result, vm.AsTyped = g.Err == "", g.Result(), g.Record.AsTyped()
		if g.Err != "" {
			vm.Page.Flash, vm.Page.FlashKind = scoring.Phrasef("This entry can no longer be read: %s", g.Err), "bad"
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
	return a.Render(c, http.StatusOK, views.Replay(vm))
}
