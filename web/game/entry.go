package game

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/kit"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// NewForm renders the result editor for the table's next game.
func (a *Area) NewForm(c echo.Context) error {
	t, err := a.Table(c)
	if err != nil {
		return err
	}
	eg, err := nextEntry(c, t)
	if err != nil {
		return err
	}
	if eg.Ed.Rounds {
		tablepage.KeepAwake(c) // a round game's entry stays on the table all evening
		tablepage.ShowClock(c, t, "round", true)
	}
	return a.Render(c, http.StatusOK, eg.Ed.Page(gameEntry(c, t, eg, nil, nil, scoring.Phrase{})))
}

// EditForm renders the editor of the game's own kind prefilled with a
// recorded game, to correct it.
func (a *Area) EditForm(c echo.Context) error {
	t, err := a.Table(c)
	if err != nil {
		return err
	}
	eg, err := recordedEntry(c, t)
	if err != nil {
		return err
	}
	if eg.Ed.Rounds {
		return echo.NewHTTPError(http.StatusNotFound, scoring.Phrasef("A game entered round by round is corrected one round at a time: choose the round on the game's page."))
	}
	return a.Render(c, http.StatusOK, eg.Ed.Page(gameEntry(c, t, eg, eg.Ed.Values(eg.Game.State), nil, scoring.Phrase{})))
}

// gameEntry builds an editor page for a table's game eg (the next one, or
// a correction of eg.N).
func gameEntry(c echo.Context, t sessions.Table, eg entryGame, values map[string][]string, errs views.Errors, flash scoring.Phrase) kit.Entry {
	ctx := c.Request().Context()
	noun, intro := scoring.Phrasef("final displays"), scoring.Phrasef("Enter what each player has in front of them at the end of the game.")
	if !eg.Ed.Noun.IsZero() {
		noun, intro = eg.Ed.Noun, eg.Ed.Intro
	}
	e := kit.Entry{
		Ctx:  ctx,
		Page: kit.Page(c, scoring.Verbatim(t.Name)), Form: kit.Form(c, t.Head), Names: eg.Names, Values: values, Errors: errs,
		Heading: scoring.Phrasef("Game %d: %s", t.Games.Len()+1, noun),
		Intro:   intro,
		Action:  kit.EditBase(c) + "/games", Submit: scoring.Phrasef("Check and save"),
	}
	if eg.N > 0 {
		e.Heading = scoring.Phrasef("Correct game %d", eg.N)
		e.Intro = scoring.Phrasef("Change what was entered; the old entry stays in the table's history.")
		e.Action = fmt.Sprintf("%s/games/%d", kit.EditBase(c), eg.N)
		e.Submit = scoring.Phrasef("Check and save the correction")
	}
	if eg.Ed.Rounds && eg.N == 0 {
		e.GameNumber, e.Options, e.Start = t.Games.Len()+1, t.Options, max(0, slices.Index(t.Players, t.First))
		if g, ok := t.Current(); ok {
			e.GameNumber, e.Current = g.Number, g.State
		}
	}
	e.Flash, e.FlashKind = flash, "bad"
	return e
}

// Submit records a new game from the editor.
func (a *Area) Submit(c echo.Context) error {
	t, err := a.Table(c)
	if err != nil {
		return err
	}
	eg, err := nextEntry(c, t)
	if err != nil {
		return err
	}
	if eg.Ed.Rounds {
		tablepage.KeepAwake(c)
		tablepage.ShowClock(c, t, "round", true)
	}
	return a.saveGame(c, t, eg)
}

// Correct replaces a recorded game's state, entered with the editor
// of its own kind.
func (a *Area) Correct(c echo.Context) error {
	t, err := a.Table(c)
	if err != nil {
		return err
	}
	eg, err := recordedEntry(c, t)
	if err != nil || eg.Ed.Rounds {
		return echo.ErrNotFound // round games are corrected round by round
	}
	return a.saveGame(c, t, eg)
}

// saveGame parses the kit.Editor, appends the event and shows the verdict.
// Unreadable fields re-render the form (422) with the entered values; a
// stale form re-renders it against the fresh table (409), so nothing typed
// is lost.
func (a *Area) saveGame(c echo.Context, t sessions.Table, eg entryGame) error {
	ed, n := eg.Ed, eg.N
	values, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, scoring.Phrasef("The form could not be read."))
	}
	seen, _ := serve.FormInt(c, "_seen")
	token := c.FormValue("_token")
	ctx := c.Request().Context()

	state, slots, err := ed.Parse(values, eg.Names)
	// A whole result is checked once: the engine's result decides
	// whether it is held (never saved by accident) and is recorded with
	// it. One the engine cannot read goes to the store, which refuses it
	// naming the field (after its own check of the head).
	var pre *sessions.Checked
	if err == nil && !(ed.Rounds && n == 0) {
		if chk, cerr := a.Tables.Check(eg.Slug, state); cerr == nil {
			pre = &chk
			if held, herr := a.holdBrokenEntry(c, t, eg, values, chk.Result()); held {
				return herr
			}
		}
	}
	var app sessions.Appended
	if err == nil {
		id := c.Param("id")
		switch {
		case n == 0 && ed.Rounds:
			app, err = a.Tables.RecordRound(ctx, id, seen, token, state)
		case n == 0 && pre != nil:
			app, err = a.Tables.RecordCheckedGame(ctx, id, seen, token, *pre)
		case n == 0:
			app, err = a.Tables.RecordGame(ctx, id, seen, token, state)
		case pre != nil:
			app, err = a.Tables.CorrectCheckedGame(ctx, id, seen, token, n, *pre, "corrected at the table")
		default:
			app, err = a.Tables.CorrectGame(ctx, id, seen, token, n, state, "corrected at the table")
		}
	}
	var in *scoring.InputError
	switch {
	case errors.As(err, &in):
		e := gameEntry(c, t, eg, values, views.Errors{kit.RemapField(in.Field, slots): in.Phrase}, scoring.Phrase{})
		e.Form.Token = token // the same entry, still unsaved: keep its key
		return a.Render(c, http.StatusUnprocessableEntity, ed.Page(e))
	case serve.Stale(c, err):
		fresh, lerr := a.Table(c)
		if lerr != nil {
			return lerr
		}
		if ed.Rounds && n == 0 {
			tablepage.ShowClock(c, fresh, "round", true)
		}
		e := gameEntry(c, fresh, eg, values, nil,
			scoring.Phrasef("Someone else changed this table while you were typing, so your entry was not saved yet. It is still here: check it against the fresh table and send it again."))
		return a.Render(c, http.StatusConflict, ed.Page(e))
	case err != nil:
		return err
	}
	// The same form again (a double tap, or a phone sending an entry it
	// kept offline once more) was recorded once: the first answer, saying so.
	done := ""
	if app.Repeat {
		done = "?done=already"
	}
	fallback := kit.EditBase(c) + done
	if ed.Rounds && n == 0 {
		fallback = kit.EditBase(c) + cmp.Or(done, tablepage.Done("round", app))
	}
	// Recorded: whatever fails from here on, the answer says so, and
	// carries the acknowledgement the phone's outbox waits for.
	tablepage.Acknowledge(c, app)
	return a.handed.Writes.Recorded(c, fallback, func() (string, error) {
		fresh, err := a.After(c, app)
		if err != nil {
			return "", err
		}
		if ed.Rounds && n == 0 {
			// The round that ends a game opens on the game's ranking.
			if fresh.Games.Len() > 0 {
				if g := fresh.Games.At(fresh.Games.Len() - 1); g.Finished() {
					return fmt.Sprintf("%s/games/%d%s", kit.EditBase(c), g.Number, done), nil
				}
			}
			return fallback, nil
		}
		// The game the write made is the newest one or near it: looked
		// for from the newest (not every game of a long table, whose
		// older ones a table loaded after a restart keeps unread).
		for _, g := range fresh.Games.Backward() {
			if g.Seq == app.Event.Seq {
				return fmt.Sprintf("%s/games/%d%s", kit.EditBase(c), g.Number, done), nil
			}
		}
		return fallback, nil
	})
}
