package server

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// loadPlay loads a table that can be played along (guided). Every page
// it renders carries the way back to the table and, while a game is
// played along, the way to stop it (views.PlayingAlong).
func (a *App) loadPlay(c echo.Context) (sessions.Table, kit.Pages, error) {
	t, err := a.loadTable(c)
	if err != nil {
		return t, nil, err
	}
	game, _ := games.Find(t.Info.Slug)
	g := game.Pages
	if g == nil {
		return t, nil, echo.NewHTTPError(http.StatusNotFound, kit.Tr(c, "%s cannot be played along yet; enter each game's result instead.", games.PlayingTitle(c.Request().Context(), t)))
	}
	tablepage.KeepAwake(c)
	nav := views.PlayNav{Back: kit.EditBase(c)}
	if t.Play != nil {
		tablepage.ShowClock(c, t, "play", true)
		nav.Stop = &views.StopPlay{Form: kit.Form(c, t.Head), Action: kit.EditBase(c) + "/play/stop", Moves: len(t.Play.Steps), Title: games.PlayingTitle(c.Request().Context(), t)}
	}
	c.SetRequest(c.Request().WithContext(views.PlayingAlong(c.Request().Context(), nav)))
	return t, g, nil
}

// stopPlay stops the game played along: kept as an unfinished game
// (keep=1) or discarded; Undo on the table brings it back.
func (a *App) stopPlay(c echo.Context) error {
	seen, _ := serve.FormInt(c, "_seen")
	keep := c.FormValue("keep") == "1"
	_, err := a.tables.StopPlay(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), keep)
	if err == nil && c.QueryParam("back") == "next" { // stopped to choose the next game
		return serve.Redirect(c, kit.EditBase(c)+"/next")
	}
	done := "discarded"
	if keep {
		done = "kept"
	}
	return a.writes.After(c, err, done)
}

// playingAlong is the game played along as every link shows it: the
// moves so far and each player's points in the position now (the edit
// page links to it). Nil when no game is played along.
func playingAlong(c echo.Context, t sessions.Table) *views.PlayingVM {
	if t.Play == nil {
		return nil
	}
	vm := &views.PlayingVM{Title: games.PlayingTitle(c.Request().Context(), t), Moves: len(t.Play.Steps), LastMove: lastMove(c, t)}
	type standing struct {
		res scoring.Result
		ok  bool
	}
	st := t.Derived("play-standing", func() any { res, ok := t.PlayStanding(); return standing{res, ok} }).(standing)
	if st.ok {
		for _, p := range st.res.Players {
			vm.Players = append(vm.Players, views.PlayingSeat{Name: p.Name, Total: p.Total})
		}
	}
	return vm
}

// showPlay renders the guided game: its set-up form, or the turn at hand.
func (a *App) showPlay(c echo.Context) error {
	t, g, err := a.loadPlay(c)
	if err != nil {
		return err
	}
	if t.Play == nil {
		return render(c, http.StatusOK, g.SetupPage(c, t, nil))
	}
	page, err := g.TurnPage(c, t, "", playUndoLabel(c, t))
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, page)
}

// startPlay records the set-up and starts the guided game.
func (a *App) startPlay(c echo.Context) error {
	t, g, err := a.loadPlay(c)
	if err != nil {
		return err
	}
	setup, err := g.SetupJSON(c, t)
	if err == nil {
		seen, _ := serve.FormInt(c, "_seen")
		_, err = a.tables.StartPlay(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), setup)
	}
	var in *scoring.InputError
	var se *scoring.StepError
	switch {
	case errors.As(err, &in):
		return render(c, http.StatusUnprocessableEntity, g.SetupPage(c, t, views.Errors{in.Field: kit.LocalInput(c, in)}))
	case errors.As(err, &se):
		return render(c, http.StatusUnprocessableEntity, g.SetupPage(c, t, views.Errors{"setup": refusal(c, se)}))
	case serve.Stale(c, err):
		return serve.Redirect(c, kit.EditBase(c)+"/play")
	case err != nil:
		return err
	}
	return serve.Redirect(c, kit.EditBase(c)+"/play")
}

// submitStep records one move; the engine must accept it. The last move
// of a game takes the player to the game's score.
func (a *App) submitStep(c echo.Context) error {
	t, g, err := a.loadPlay(c)
	if err != nil {
		return err
	}
	if t.Play == nil {
		return serve.Redirect(c, kit.EditBase(c))
	}
	step, err := g.StepJSON(c, t)
	if err == nil {
		seen, _ := serve.FormInt(c, "_seen")
		_, err = a.tables.PlayStep(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), step)
	}
	var se *scoring.StepError
	var in *scoring.InputError
	switch {
	case errors.As(err, &se):
		return a.rerenderPlay(c, t, g, http.StatusUnprocessableEntity, refusal(c, se))
	case errors.As(err, &in):
		return a.rerenderPlay(c, t, g, http.StatusUnprocessableEntity, kit.LocalInput(c, in))
	case serve.Stale(c, err):
		fresh, _, lerr := a.loadPlay(c)
		if lerr != nil {
			return lerr
		}
		return a.rerenderPlay(c, fresh, g, http.StatusConflict, kit.Tr(c, "Someone else just entered this turn; here is the table as it is now."))
	case err != nil:
		return err
	}
	return a.writes.Recorded(c, kit.EditBase(c)+"/play", func() (string, error) {
		fresh, _, err := a.loadPlay(c)
		if err != nil {
			return "", err
		}
		if fresh.Play == nil && len(fresh.Games) > len(t.Games) { // that was the last move
			return fmt.Sprintf("%s/games/%d", kit.EditBase(c), len(fresh.Games)), nil
		}
		return kit.EditBase(c) + "/play", nil
	})
}

// refusal says why the rules refuse a step, with the rule that decides
// it, in the reader's language.
func refusal(c echo.Context, se *scoring.StepError) string {
	return kit.Tr(c, "Not possible: %s (rule %s)", kit.LocalStep(c, se), se.Rule)
}

func (a *App) rerenderPlay(c echo.Context, t sessions.Table, g kit.Pages, status int, msg string) error {
	if t.Play == nil {
		return serve.Redirect(c, kit.EditBase(c))
	}
	page, err := g.TurnPage(c, t, msg, playUndoLabel(c, t))
	if err != nil {
		return err
	}
	return render(c, status, page)
}

// playUndoLabel names the newest event, in the reader's language, when it
// belongs to the guided game (undo then stays on the play page); ""
// otherwise.
func playUndoLabel(c echo.Context, t sessions.Table) string {
	e, ok := t.Newest()
	if !ok || (e.Kind != sessions.KindPlayStep && e.Kind != sessions.KindPlayStarted) {
		return ""
	}
	if e.Kind == sessions.KindPlayStep {
		if named := lastMove(c, t); named != "" {
			return named
		}
	}
	return shortTextIn(c.Request().Context(), t, e.Event)
}

// lastMove names the guided game's newest move in the reader's language
// as its game says it (kit.MoveNamer: "Ben pounced"), worked out once per
// head and language; "" when there is none or the game cannot name it.
func lastMove(c echo.Context, t sessions.Table) string {
	if t.Play == nil || len(t.Play.Steps) == 0 {
		return ""
	}
	game, _ := games.Find(t.Info.Slug)
	namer, ok := game.Pages.(kit.MoveNamer)
	if !ok {
		return ""
	}
	ctx := c.Request().Context()
	return t.Derived("play-last/"+i18n.Code(i18n.Lang(ctx)), func() any {
		s, err := namer.LastMove(c, t)
		if err != nil {
			return ""
		}
		return s
	}).(string)
}
