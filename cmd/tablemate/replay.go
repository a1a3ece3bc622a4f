package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/scoring/games"
	"tablemate/sessions"
	"tablemate/views"
)

// replaySteps returns the positions in t.Log of the events that touched
// game n: its recording (or the guided move that ended it), each of its
// rounds, each correction, and any undo of one of those. Game numbers are
// those in effect when the event was written (an undone game 2 and the game 2 entered after it are the same
// game number).
func replaySteps(t sessions.Table, n int) []int {
	type written struct {
		kind sessions.Kind
		game int
	}
	var inEffect []written // events an undo may take back, oldest first
	var steps []int
	for i, e := range t.Log {
		game := 0
		switch e.Kind {
		case sessions.KindGameRecorded, sessions.KindPlayStep:
			// A guided play step makes a game only when it ended the
			// game (known from the table as it is now).
			if _, ok := gameFinishedBy(t, e.Seq); e.Kind == sessions.KindPlayStep && !ok {
				break
			}
			// The next game number: one past every game in effect,
			// whichever way it was entered (whole, guided or by rounds).
			game = 1
			for _, w := range inEffect {
				game = max(game, w.game+1)
			}
		case sessions.KindRoundRecorded:
			var p sessions.RoundRecorded
			json.Unmarshal(e.Payload, &p)
			game = p.Game
		case sessions.KindGameCorrected:
			var p sessions.GameCorrected
			json.Unmarshal(e.Payload, &p)
			game = p.Game
		case sessions.KindUndo:
			if len(inEffect) > 0 {
				game = inEffect[len(inEffect)-1].game
				inEffect = inEffect[:len(inEffect)-1]
			}
		}
		if e.Kind != sessions.KindUndo && e.Kind != sessions.KindTableCreated {
			inEffect = append(inEffect, written{e.Kind, game})
		}
		if game == n && n > 0 {
			steps = append(steps, i)
		}
	}
	return steps
}

// replayGame steps through a game's history on the edit link.
func (a *app) replayGame(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	return replayPage(c, t, editBase(c))
}

// replayPage shows step ?step=K (1-based, default 1) of game n: the table's
// log replayed up to that event and the engine's verdict on the game as it
// stood then. Unknown games and steps out of range are 404.
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
	idx := steps[k-1]
	events := make([]sessions.Event, idx+1)
	for i := range events {
		events[i] = t.Log[i].Event
	}
	then, err := sessions.Replay(t.Key, events, games.Find)
	if err != nil {
		return err
	}
	e := t.Log[idx]
	stepURL := func(k int) string { return fmt.Sprintf("%s/games/%d/replay?step=%d", base, n, k) }
	vm := views.ReplayVM{
		Page: page(c, tr(c, "Replay of game %d", n)), Heading: tr(c, "%s · replay of game %d", t.Name, n),
		GameTitle: t.Info.Title, Step: k, Steps: len(steps),
		What: timelineText(c.Request().Context(), t, e.Event), At: dateTime(c, e.At.Local(), false, true),
	}
	if g, ok := then.Game(n); ok {
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
