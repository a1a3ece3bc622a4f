package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/alaska"
	"tablemate/scoring/aufderhut"
	"tablemate/scoring/cambio"
	"tablemate/scoring/kks"
	"tablemate/scoring/kociaki"
	"tablemate/scoring/kodiak"
	"tablemate/scoring/runemarket"
	"tablemate/sessions"
	"tablemate/views"
)

// guidedPages are one game's play-along pages. The routes, the event log
// and the error handling are shared (this file); a game only says how its
// forms become the engine's setup and step JSON and how a position looks.
type guidedPages interface {
	// setupPage is the form that starts a guided game; on a refused start
	// it shows what was typed (read from c) with errs by field.
	setupPage(c echo.Context, t sessions.Table, errs views.Errors) templ.Component
	// setupJSON reads the posted start form into the engine's setup; a
	// form that is not one is a *scoring.InputError on its field.
	setupJSON(c echo.Context, t sessions.Table) (json.RawMessage, error)
	// turnPage shows the game in progress; flash is a refused step's
	// message (empty when none).
	turnPage(c echo.Context, t sessions.Table, flash string) (templ.Component, error)
	// stepJSON reads a posted move into the engine's step; a form that
	// is not a move is a *scoring.InputError, shown with the turn.
	stepJSON(c echo.Context, t sessions.Table) (json.RawMessage, error)
}

// guided lists the games that can be played along.
var guided = map[string]guidedPages{
	kks.Slug:        kksPlay{},
	aufderhut.Slug:  adhPlay{},
	kociaki.Slug:    kocPlay{},
	cambio.Slug:     cambioPlay{},
	kodiak.Slug:     kodiakPlay{},
	alaska.Slug:     alaskaPlay{},
	runemarket.Slug: runeMarketPlay{},
}

// loadPlay loads a table that can be played along (guided).
func (a *App) loadPlay(c echo.Context) (sessions.Table, guidedPages, error) {
	t, err := a.loadTable(c)
	if err != nil {
		return t, nil, err
	}
	g, ok := guided[t.Info.Slug]
	if !ok {
		return t, nil, echo.NewHTTPError(http.StatusNotFound, tr(c, "%s cannot be played along yet; enter each game's result instead.", t.Info.Title))
	}
	return t, g, nil
}

// showPlay renders the guided game: its set-up form, or the turn at hand.
func (a *App) showPlay(c echo.Context) error {
	t, g, err := a.loadPlay(c)
	if err != nil {
		return err
	}
	if t.Play == nil {
		return render(c, http.StatusOK, g.setupPage(c, t, nil))
	}
	page, err := g.turnPage(c, t, "")
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
	setup, err := g.setupJSON(c, t)
	if err == nil {
		seen, _ := formInt(c, "_seen")
		_, err = a.tables.StartPlay(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), setup)
	}
	var in *scoring.InputError
	var se *scoring.StepError
	var stale *sessions.StaleError
	switch {
	case errors.As(err, &in):
		return render(c, http.StatusUnprocessableEntity, g.setupPage(c, t, views.Errors{in.Field: localInput(c, in)}))
	case errors.As(err, &se):
		return render(c, http.StatusUnprocessableEntity, g.setupPage(c, t, views.Errors{"setup": refusal(c, se)}))
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
	step, err := g.stepJSON(c, t)
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

func (a *App) rerenderPlay(c echo.Context, t sessions.Table, g guidedPages, status int, msg string) error {
	if t.Play == nil {
		return redirect(c, editBase(c))
	}
	page, err := g.turnPage(c, t, msg)
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
