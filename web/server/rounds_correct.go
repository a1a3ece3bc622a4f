package server

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/kit"
)

// Any round of a game entered round by round is corrected the way a
// whole game is: its editor opens with what was entered, "Check and save
// the correction" records a round_corrected event (the old round stays in
// the table's history), and the game's page shows the result.

// roundParams reads game n and round r of the URL for a round editor.
func (a *App) roundParams(c echo.Context) (sessions.Table, kit.Editor, sessions.Game, int, error) {
	t, ed, err := a.tableEditor(c)
	if err != nil {
		return t, ed, sessions.Game{}, 0, err
	}
	if !ed.Rounds || ed.RoundValues == nil {
		return t, ed, sessions.Game{}, 0, echo.ErrNotFound
	}
	g, err := gameParam(c, t)
	if err != nil {
		return t, ed, g, 0, err
	}
	r, err := strconv.Atoi(c.Param("r"))
	if err != nil || r < 1 || ed.RoundValues(g.State, r) == nil {
		return t, ed, g, 0, echo.NewHTTPError(http.StatusNotFound, tr(c, "Game %d has no round %s.", g.Number, c.Param("r")))
	}
	return t, ed, g, r, nil
}

// roundEntry is the round editor correcting round r of game n.
func roundEntry(c echo.Context, t sessions.Table, n, r int, values map[string][]string, errs views.Errors, flash string) kit.Entry {
	e := gameEntry(c, t, 0, values, errs, flash)
	e.GameNumber, e.Round, e.Options = n, r, t.Options
	e.Heading = tr(c, "Correct round %d of game %d", r, n)
	e.Intro = tr(c, "Change what was entered; the old entry stays in the table's history.")
	e.Action = fmt.Sprintf("%s/games/%d/rounds/%d", editBase(c), n, r)
	e.Submit = tr(c, "Check and save the correction")
	return e
}

// editRound shows round r of game n in its editor, to correct it.
func (a *App) editRound(c echo.Context) error {
	t, ed, g, r, err := a.roundParams(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, ed.Page(roundEntry(c, t, g.Number, r, ed.RoundValues(g.State, r), nil, "")))
}

// correctRound records the corrected round r of game n. Unreadable fields
// re-render the form (422) with the entered values; a stale form re-renders
// it against the fresh table (409), so nothing typed is lost.
func (a *App) correctRound(c echo.Context) error {
	t, ed, g, r, err := a.roundParams(c)
	if err != nil {
		return err
	}
	values, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, tr(c, "The form could not be read."))
	}
	seen, _ := formInt(c, "_seen")
	token := c.FormValue("_token")
	round, slots, err := ed.Parse(values, t.Players)
	if err == nil {
		_, err = a.tables.CorrectRound(c.Request().Context(), c.Param("id"), seen, token, g.Number, r, round, "corrected at the table")
	}
	var in *scoring.InputError
	var stale *sessions.StaleError
	switch {
	case errors.As(err, &in):
		e := roundEntry(c, t, g.Number, r, values, views.Errors{remapField(in.Field, slots): localInput(c, in)}, "")
		e.Form.Token = token
		return render(c, http.StatusUnprocessableEntity, ed.Page(e))
	case errors.As(err, &stale):
		fresh, lerr := a.loadTable(c)
		if lerr != nil {
			return lerr
		}
		e := roundEntry(c, fresh, g.Number, r, values, nil,
			tr(c, "Someone else changed this table while you were typing, so your entry was not saved yet. It is still here: check it against the fresh table and send it again."))
		return render(c, http.StatusConflict, ed.Page(e))
	case err != nil:
		return err
	}
	return redirect(c, fmt.Sprintf("%s/games/%d", editBase(c), g.Number))
}

// roundURLs are the links correcting each round of game g (edit pages).
func roundURLs(c echo.Context, ed kit.Editor, g sessions.Game) []string {
	if !ed.Rounds || ed.RoundValues == nil {
		return nil
	}
	var out []string
	for r := 1; ed.RoundValues(g.State, r) != nil; r++ {
		out = append(out, fmt.Sprintf("%s/games/%d/rounds/%d/edit", editBase(c), g.Number, r))
	}
	return out
}
