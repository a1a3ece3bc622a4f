package server

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/games"
	"tablemate/web/kit"
)

// loadPlay loads a table that can be played along (guided).
func (a *App) loadPlay(c echo.Context) (sessions.Table, kit.Pages, error) {
	t, err := a.loadTable(c)
	if err != nil {
		return t, nil, err
	}
	game, _ := games.Find(t.Info.Slug)
	g := game.Pages
	if g == nil {
		return t, nil, echo.NewHTTPError(http.StatusNotFound, tr(c, "%s cannot be played along yet; enter each game's result instead.", gameTitle(c.Request().Context(), t.Info.Slug)))
	}
	keepAwake(c)
	return t, g, nil
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
		seen, _ := formInt(c, "_seen")
		_, err = a.tables.StartPlay(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), setup)
	}
	var in *scoring.InputError
	var se *scoring.StepError
	var stale *sessions.StaleError
	switch {
	case errors.As(err, &in):
		return render(c, http.StatusUnprocessableEntity, g.SetupPage(c, t, views.Errors{in.Field: localInput(c, in)}))
	case errors.As(err, &se):
		return render(c, http.StatusUnprocessableEntity, g.SetupPage(c, t, views.Errors{"setup": refusal(c, se)}))
	case errors.As(err, &stale):
		return redirect(c, editBase(c)+"/play")
	case err != nil:
		return err
	}
	return redirect(c, editBase(c)+"/play")
}

// submitStep records one move; the engine must accept it. The last move
// of a game takes the player to the game's score.
func (a *App) submitStep(c echo.Context) error {
	t, g, err := a.loadPlay(c)
	if err != nil {
		return err
	}
	if t.Play == nil {
		return redirect(c, editBase(c))
	}
	step, err := g.StepJSON(c, t)
	if err == nil {
		seen, _ := formInt(c, "_seen")
		_, err = a.tables.PlayStep(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), step)
	}
	var se *scoring.StepError
	var in *scoring.InputError
	var stale *sessions.StaleError
	switch {
	case errors.As(err, &se):
		return a.rerenderPlay(c, t, g, http.StatusUnprocessableEntity, refusal(c, se))
	case errors.As(err, &in):
		return a.rerenderPlay(c, t, g, http.StatusUnprocessableEntity, localInput(c, in))
	case errors.As(err, &stale):
		fresh, _, lerr := a.loadPlay(c)
		if lerr != nil {
			return lerr
		}
		return a.rerenderPlay(c, fresh, g, http.StatusConflict, tr(c, "Someone else just entered this turn; here is the table as it is now."))
	case err != nil:
		return err
	}
	fresh, _, err := a.loadPlay(c)
	if err != nil {
		return err
	}
	if fresh.Play == nil && len(fresh.Games) > len(t.Games) { // that was the last move
		return redirect(c, fmt.Sprintf("%s/games/%d", editBase(c), len(fresh.Games)))
	}
	return redirect(c, editBase(c)+"/play")
}

// refusal says why the rules refuse a step, with the rule that decides
// it, in the reader's language.
func refusal(c echo.Context, se *scoring.StepError) string {
	return tr(c, "Not possible: %s (rule %s)", localStep(c, se), se.Rule)
}

func (a *App) rerenderPlay(c echo.Context, t sessions.Table, g kit.Pages, status int, msg string) error {
	if t.Play == nil {
		return redirect(c, editBase(c))
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
	if e, ok := t.Newest(); ok && (e.Kind == sessions.KindPlayStep || e.Kind == sessions.KindPlayStarted) {
		return shortTextIn(c.Request().Context(), t, e.Event)
	}
	return ""
}

// keepAwake asks the page about to be rendered to keep the phone's screen
// on (guided play, round entry: views.KeepAwake).
func keepAwake(c echo.Context) {
	c.SetRequest(c.Request().WithContext(views.KeepAwake(c.Request().Context())))
}
