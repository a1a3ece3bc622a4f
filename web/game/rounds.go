package game

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
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// Any round of a game entered round by round is corrected the way a
// whole game is: its editor opens with what was entered, "Check and save
// the correction" records a round_corrected event (the old round stays in
// the table's history), and the game's page shows the result.

// roundParams reads game n and round r of the URL, with the round
// editor of the game's own kind (the table may play another game now).
func (a *Area) roundParams(c echo.Context) (sessions.Table, entryGame, int, error) {
	t, err := a.Table(c)
	if err != nil {
		return t, entryGame{}, 0, err
	}
	eg, err := recordedEntry(c, t)
	if err != nil {
		return t, eg, 0, err
	}
	if !eg.Ed.Rounds || eg.Ed.RoundValues == nil {
		return t, eg, 0, echo.ErrNotFound
	}
	tablepage.KeepAwake(c)
	r, err := strconv.Atoi(c.Param("r"))
	if err != nil || r < 1 || eg.Ed.RoundValues(eg.Game.State, r) == nil {
		return t, eg, 0, echo.NewHTTPError(http.StatusNotFound, scoring.Phrasef("Game %d has no round %s.", eg.N, c.Param("r")))
	}
	return t, eg, r, nil
}

// roundEntry is the round editor correcting round r of game eg.
func roundEntry(c echo.Context, t sessions.Table, eg entryGame, r int, values map[string][]string, errs views.Errors, flash scoring.Phrase) kit.Entry {
	e := gameEntry(c, t, eg, values, errs, flash)
	e.GameNumber, e.Round, e.Current, e.Options = eg.N, r, eg.Game.State, nil
	e.Heading = scoring.Phrasef("Correct round %d of game %d", r, eg.N)
	e.Action = fmt.Sprintf("%s/games/%d/rounds/%d", kit.EditBase(c), eg.N, r)
	return e
}

// RoundForm shows round r of game n in its editor, to correct it.
func (a *Area) RoundForm(c echo.Context) error {
	t, eg, r, err := a.roundParams(c)
	if err != nil {
		return err
	}
	return a.Render(c, http.StatusOK, eg.Ed.Page(roundEntry(c, t, eg, r, eg.Ed.RoundValues(eg.Game.State, r), nil, scoring.Phrase{})))
}

// CorrectRound records the corrected round r of game n. Unreadable fields
// re-render the form (422) with the entered values; a stale form re-renders
// it against the fresh table (409), so nothing typed is lost.
func (a *Area) CorrectRound(c echo.Context) error {
	t, eg, r, err := a.roundParams(c)
	if err != nil {
		return err
	}
	values, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, scoring.Phrasef("The form could not be read."))
	}
	seen, _ := serve.FormInt(c, "_seen")
	token := c.FormValue("_token")
	round, slots, err := eg.Ed.Parse(values, eg.Names)
	if err == nil {
		_, err = a.Tables.CorrectRound(c.Request().Context(), c.Param("id"), seen, token, eg.N, r, round, "corrected at the table")
	}
	var in *scoring.InputError
	switch {
	case errors.As(err, &in):
		e := roundEntry(c, t, eg, r, values, views.Errors{kit.RemapField(in.Field, slots): in.Phrase}, scoring.Phrase{})
		e.Form.Token = token
		return a.Render(c, http.StatusUnprocessableEntity, eg.Ed.Page(e))
	case serve.Stale(c, err):
		fresh, lerr := a.Table(c)
		if lerr != nil {
			return lerr
		}
		e := roundEntry(c, fresh, eg, r, values, nil,
			scoring.Phrasef("Someone else changed this table while you were typing, so your entry was not saved yet. It is still here: check it against the fresh table and send it again."))
		return a.Render(c, http.StatusConflict, eg.Ed.Page(e))
	case err != nil:
		return err
	}
	return serve.Redirect(c, fmt.Sprintf("%s/games/%d", kit.EditBase(c), eg.N))
}

// roundURLs are the links correcting each round of game g (edit pages).
func roundURLs(c echo.Context, ed kit.Editor, g sessions.Game) []string {
	if !ed.Rounds || ed.RoundValues == nil {
		return nil
	}
	var out []string
	for r := 1; ed.RoundValues(g.State, r) != nil; r++ {
		out = append(out, fmt.Sprintf("%s/games/%d/rounds/%d/edit", kit.EditBase(c), g.Number, r))
	}
	return out
}
