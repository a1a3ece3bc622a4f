// Package play is play along (#35: moved out of web/server): a game
// played turn by turn on the phone, its set-up, each move the engine
// accepts or refuses with its rule, and stopping it (kept as an
// unfinished game, or discarded). A game's own pages draw the set-up and
// the turn (kit.Pages, found through the registry); this area loads the
// table, records the writes and answers them.
//
// web/server builds the area, hands it what it needs (New: the answer of
// a write, the log's short sentences for the undo button) and lists its
// routes; the table's clock form, posted from a play page, comes back
// through Rerender. What every link shows of a game played along (its
// moves, its points, its last move) lies in web/tablepage (Playing,
// LastMove), which the table's page reads too.
package play

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
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// Area is play along's handlers.
type Area struct {
	serve.Kit
	handed Handed
}

// Handed is what the server hands the area besides its Kit.
type Handed struct {
	// Writes answers a write to the table: recorded, or refused with
	// the table drawn afresh (web/table's Writes, handed on by web/server).
	Writes tablepage.Writes
}

// New is play along's area on k.
func New(k serve.Kit, h Handed) *Area { return &Area{Kit: k, handed: h} }

// Rerender draws the play page afresh with a refused write's reason
// (msg), with the status given: the clock's form, refused on a play page
// (web/table's SetClock).
func (a *Area) Rerender(c echo.Context, status int, msg scoring.Phrase) error {
	t, g, err := a.load(c)
	if err != nil {
		return err
	}
	return a.rerender(c, t, g, status, msg)
}

// load loads a table that can be played along (guided). Every page
// it renders carries the way back to the table and, while a game is
// played along, the way to stop it (views.PlayingAlong).
func (a *Area) load(c echo.Context) (sessions.Table, kit.Pages, error) {
	t, err := a.Table(c)
	if err != nil {
		return t, nil, err
	}
	game, _ := games.Find(t.Info.Slug)
	g := game.Pages
	if g == nil {
		return t, nil, echo.NewHTTPError(http.StatusNotFound, scoring.Phrasef("%s cannot be played along yet; enter each game's result instead.", games.PlayingPhrase(t)))
	}
	tablepage.KeepAwake(c)
	nav := views.PlayNav{Back: kit.EditBase(c)}
	if t.Play != nil {
		tablepage.ShowClock(c, t, "play", true)
		nav.Stop = &views.StopPlay{Form: kit.Form(c, t.Head), Action: kit.EditBase(c) + "/play/stop", Moves: len(t.Play.Steps), Title: games.PlayingPhrase(t)}
	}
	c.SetRequest(c.Request().WithContext(views.PlayingAlong(c.Request().Context(), nav)))
	return t, g, nil
}

// Stop stops the game played along: kept as an unfinished game
// (keep=1) or discarded; Undo on the table brings it back.
func (a *Area) Stop(c echo.Context) error {
	seen, _ := serve.FormInt(c, "_seen")
	keep := c.FormValue("keep") == "1"
	app, err := a.Tables.StopPlay(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), keep)
	if err == nil && c.QueryParam("back") == "next" { // stopped to choose the next game
		return serve.Redirect(c, kit.EditBase(c)+"/next")
	}
	done := "discarded"
	if keep {
		done = "kept"
	}
	return a.handed.Writes.After(c, app, err, done)
}

// Show renders the guided game: its set-up form, or the turn at hand.
func (a *Area) Show(c echo.Context) error {
	t, g, err := a.load(c)
	if err != nil {
		return err
	}
	if t.Play == nil {
		return a.Render(c, http.StatusOK, g.SetupPage(c, t, nil))
	}
	page, err := g.TurnPage(c, t, scoring.Phrase{}, a.undoLabel(t))
	if err != nil {
		return err
	}
	return a.Render(c, http.StatusOK, page)
}

// Start records the set-up and starts the guided game.
func (a *Area) Start(c echo.Context) error {
	t, g, err := a.load(c)
	if err != nil {
		return err
	}
	setup, err := g.SetupJSON(c, t)
	if err == nil {
		seen, _ := serve.FormInt(c, "_seen")
		_, err = a.Tables.StartPlay(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), setup)
	}
	var in *scoring.InputError
	var se *scoring.StepError
	switch {
	case errors.As(err, &in):
		return a.Render(c, http.StatusUnprocessableEntity, g.SetupPage(c, t, views.Errors{in.Field: in.Phrase}))
	case errors.As(err, &se):
		return a.Render(c, http.StatusUnprocessableEntity, g.SetupPage(c, t, views.Errors{"setup": refusal(se)}))
	case serve.Stale(c, err):
		return serve.Redirect(c, kit.EditBase(c)+"/play")
	case err != nil:
		return err
	}
	return serve.Redirect(c, kit.EditBase(c)+"/play")
}

// Step records one move; the engine must accept it. The last move
// of a game takes the player to the game's score.
func (a *Area) Step(c echo.Context) error {
	t, g, err := a.load(c)
	if err != nil {
		return err
	}
	if t.Play == nil {
		return serve.Redirect(c, kit.EditBase(c))
	}
	step, err := g.StepJSON(c, t)
	var app sessions.Appended
	if err == nil {
		seen, _ := serve.FormInt(c, "_seen")
		app, err = a.Tables.PlayStep(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), step)
	}
	var se *scoring.StepError
	var in *scoring.InputError
	switch {
	case errors.As(err, &se):
		return a.rerender(c, t, g, http.StatusUnprocessableEntity, refusal(se))
	case errors.As(err, &in):
		return a.rerender(c, t, g, http.StatusUnprocessableEntity, in.Phrase)
	case serve.Stale(c, err):
		fresh, _, lerr := a.load(c)
		if lerr != nil {
			return lerr
		}
		return a.rerender(c, fresh, g, http.StatusConflict, scoring.Phrasef("Someone else just entered this turn; here is the table as it is now."))
	case err != nil:
		return err
	}
	return a.handed.Writes.Recorded(c, kit.EditBase(c)+"/play", func() (string, error) {
		fresh, err := a.After(c, app)
		if err != nil {
			return "", err
		}
		if fresh.Play == nil && fresh.Games.Len() > t.Games.Len() { // that was the last move
			return fmt.Sprintf("%s/games/%d", kit.EditBase(c), fresh.Games.Len()), nil
		}
		return kit.EditBase(c) + "/play", nil
	})
}

// refusal says why the rules refuse a step, with the rule that decides
// it, in the reader's language.
func refusal(se *scoring.StepError) scoring.Phrase {
	return scoring.Phrasef("Not possible: %s (rule %s)", se.Phrase, se.Rule)
}

func (a *Area) rerender(c echo.Context, t sessions.Table, g kit.Pages, status int, msg scoring.Phrase) error {
	if t.Play == nil {
		return serve.Redirect(c, kit.EditBase(c))
	}
	page, err := g.TurnPage(c, t, msg, a.undoLabel(t))
	if err != nil {
		return err
	}
	return a.Render(c, status, page)
}

// undoLabel names the newest event, said by the page, when it belongs to
// the guided game (undo then stays on the play page); zero otherwise.
func (a *Area) undoLabel(t sessions.Table) scoring.Phrase {
	e, ok := t.Newest()
	if !ok || (e.Kind != sessions.KindPlayStep && e.Kind != sessions.KindPlayStarted) {
		return scoring.Phrase{}
	}
	if e.Kind == sessions.KindPlayStep {
		if named := tablepage.LastMove(t); !named.IsZero() {
			return named
		}
	}
	// The undo button names the newest event as the log says it, short.
	return tablepage.LogShort(t, e.Event)
}
