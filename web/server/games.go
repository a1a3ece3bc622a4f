package server

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/kit"
)

// newGame renders the result editor for the table's next game.
func (a *App) newGame(c echo.Context) error {
	t, ed, err := a.tableEditor(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, ed.Page(gameEntry(c, t, 0, nil, nil, "")))
}

// editGame renders the editor prefilled with a recorded game, to correct it.
func (a *App) editGame(c echo.Context) error {
	t, ed, err := a.tableEditor(c)
	if err != nil {
		return err
	}
	if ed.Rounds {
		return echo.NewHTTPError(http.StatusNotFound, tr(c, "A game entered round by round is corrected one round at a time: choose the round on the game's page."))
	}
	g, err := gameParam(c, t)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, ed.Page(gameEntry(c, t, g.Number, ed.Values(g.State), nil, "")))
}

// gameEntry builds an editor page for a table: game n (0 = a new game).
func gameEntry(c echo.Context, t sessions.Table, n int, values map[string][]string, errs views.Errors, flash string) kit.Entry {
	noun, intro := i18n.Key("final displays"), i18n.Key("Enter what each player has in front of them at the end of the game.")
	if ed, _ := editorFor(t.Info.Slug); ed.Noun != "" {
		noun, intro = ed.Noun, ed.Intro
	}
	e := kit.Entry{
		Ctx:  c.Request().Context(),
		Page: page(c, t.Name), Form: form(c, t.Head), Names: t.Players, Values: values, Errors: errs,
		Heading: tr(c, "Game %d: %s", len(t.Games)+1, i18n.Text(c.Request().Context(), noun)),
		Intro:   i18n.Text(c.Request().Context(), intro),
		Action:  editBase(c) + "/games", Submit: tr(c, "Check and save"),
	}
	if n > 0 {
		e.Heading = tr(c, "Correct game %d", n)
		e.Intro = tr(c, "Change what was entered; the old entry stays in the table's history.")
		e.Action = fmt.Sprintf("%s/games/%d", editBase(c), n)
		e.Submit = tr(c, "Check and save the correction")
	}
	if ed, _ := editorFor(t.Info.Slug); ed.Rounds && n == 0 {
		e.GameNumber, e.Options, e.Start = len(t.Games)+1, t.Options, max(0, slices.Index(t.Players, t.First))
		if g, ok := t.Current(); ok {
			e.GameNumber, e.Current = g.Number, g.State
		}
	}
	e.Flash, e.FlashKind = flash, "bad"
	return e
}

func (a *App) tableEditor(c echo.Context) (sessions.Table, kit.Editor, error) {
	t, err := a.loadTable(c)
	if err != nil {
		return t, kit.Editor{}, err
	}
	ed, ok := editorFor(t.Info.Slug)
	if !ok {
		return t, ed, echo.NewHTTPError(http.StatusNotFound, tr(c, "This game has no result editor yet."))
	}
	if ed.Rounds {
		keepAwake(c) // a round game's entry stays on the table all evening
	}
	return t, ed, nil
}

func gameParam(c echo.Context, t sessions.Table) (sessions.Game, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil {
		return sessions.Game{}, echo.ErrNotFound
	}
	g, ok := t.Game(n)
	if !ok {
		return g, echo.ErrNotFound
	}
	return g, nil
}

// submitGame records a new game from the editor.
func (a *App) submitGame(c echo.Context) error {
	return a.saveGame(c, 0)
}

// correctGame replaces a recorded game's state.
func (a *App) correctGame(c echo.Context) error {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return echo.ErrNotFound
	}
	if _, ed, err := a.tableEditor(c); err != nil || ed.Rounds {
		return echo.ErrNotFound // round games are corrected by undoing rounds
	}
	return a.saveGame(c, n)
}

// saveGame parses the kit.Editor, appends the event and shows the verdict.
// Unreadable fields re-render the form (422) with the entered values; a
// stale form re-renders it against the fresh table (409), so nothing typed
// is lost.
func (a *App) saveGame(c echo.Context, n int) error {
	t, ed, err := a.tableEditor(c)
	if err != nil {
		return err
	}
	values, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, tr(c, "The form could not be read."))
	}
	seen, _ := formInt(c, "_seen")
	token := c.FormValue("_token")
	ctx := c.Request().Context()

	state, slots, err := ed.Parse(values, t.Players)
	if err == nil && !(ed.Rounds && n == 0) { // a whole result: never saved by accident
		if held, herr := a.holdBrokenEntry(c, t, ed, n, values, state); held {
			return herr
		}
	}
	var app sessions.Appended
	if err == nil {
		switch {
		case n == 0 && ed.Rounds:
			app, err = a.tables.RecordRound(ctx, c.Param("id"), seen, token, state)
		case n == 0:
			app, err = a.tables.RecordGame(ctx, c.Param("id"), seen, token, state)
		default:
			app, err = a.tables.CorrectGame(ctx, c.Param("id"), seen, token, n, state, "corrected at the table")
		}
	}
	var in *scoring.InputError
	var stale *sessions.StaleError
	switch {
	case errors.As(err, &in):
		e := gameEntry(c, t, n, values, views.Errors{remapField(in.Field, slots): localInput(c, in)}, "")
		e.Form.Token = token // the same entry, still unsaved: keep its key
		return render(c, http.StatusUnprocessableEntity, ed.Page(e))
	case errors.As(err, &stale):
		fresh, lerr := a.loadTable(c)
		if lerr != nil {
			return lerr
		}
		e := gameEntry(c, fresh, n, values, nil,
			tr(c, "Someone else changed this table while you were typing, so your entry was not saved yet. It is still here: check it against the fresh table and send it again."))
		return render(c, http.StatusConflict, ed.Page(e))
	case err != nil:
		return err
	}
	// The same form again (a double tap, or a phone sending an entry it
	// kept offline once more) was recorded once: the first answer, saying so.
	done := ""
	if app.Repeat {
		done = "?done=already"
	}
	fallback := editBase(c) + done
	if ed.Rounds && n == 0 {
		fallback = editBase(c) + cmp.Or(done, "?done=round")
	}
	// Recorded: whatever fails from here on, the answer says so, and
	// carries the acknowledgement the phone's outbox waits for.
	acknowledge(c, app)
	return a.recorded(c, fallback, func() (string, error) {
		fresh, err := a.loadTable(c)
		if err != nil {
			return "", err
		}
		if ed.Rounds && n == 0 {
			// The round that ends a game opens on the game's ranking.
			if len(fresh.Games) > 0 {
				if g := fresh.Games[len(fresh.Games)-1]; g.Finished() {
					return fmt.Sprintf("%s/games/%d%s", editBase(c), g.Number, done), nil
				}
			}
			return fallback, nil
		}
		for _, g := range fresh.Games {
			if g.Seq == app.Event.Seq {
				return fmt.Sprintf("%s/games/%d%s", editBase(c), g.Number, done), nil
			}
		}
		return fallback, nil
	})
}

// showGame renders a recorded game's verdict and breakdown.
func (a *App) showGame(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	vm, err := gameResultVM(c, t, editBase(c))
	if err != nil {
		return err
	}
	g, _ := gameParam(c, t)
	if ed, ok := editorFor(g.Info.Slug); ok && !ed.Rounds && vm.Imported == "" { // a round game is corrected by undoing its rounds
		vm.EditURL = fmt.Sprintf("%s/games/%s/edit", editBase(c), c.Param("n"))
	} else if g, err := gameParam(c, t); ok && err == nil { // a round game: any round
		vm.RoundURLs = roundURLs(c, ed, g)
	}
	if vm.After, err = a.afterGame(c, t, g); err != nil {
		return err
	}
	if vm.After != nil {
		vm.Page.Scripts = append(vm.Page.Scripts, "js/share.js", "js/sharecard.js")
	}
	if f, ok := flashes[c.QueryParam("done")]; ok && c.QueryParam("done") == "already" {
		vm.Page.Flash, vm.Page.FlashKind = tr(c, f), "good"
	}
	return render(c, http.StatusOK, views.ResultPage(vm))
}

// gameResultVM builds the result page of the game named in the URL as
// every link shows it, its URLs on base (the link the page was opened
// with); the edit page adds the correction.
func gameResultVM(c echo.Context, t sessions.Table, base string) (views.ResultVM, error) {
	g, err := gameParam(c, t)
	if err != nil {
		return views.ResultVM{}, err
	}
	vm := views.ResultVM{
		Page: page(c, tr(c, "Game %d", g.Number)), Heading: tr(c, "%s · game %d", t.Name, g.Number),
		GameTitle: gameName(c, g), Result: g.Result,
		BackURL: base, BackLabel: tr(c, "Back to the table"),
		ReplayURL: fmt.Sprintf("%s/games/%d/replay", base, g.Number),
	}
	if g.Err != "" {
		vm.Page.Flash, vm.Page.FlashKind = tr(c, "This entry can no longer be read: %s", g.Err), "bad"
	}
	if g.Finished() && len(g.Result.Players) > 0 {
		vm.Ranking = ranking(g.Result, g.LowestWins())
	}
	if g.Imported != nil {
		vm.Imported = importedText(c, g.Imported)
		return vm, nil
	}
	if ed, ok := editorFor(g.Info.Slug); ok && ed.Display != nil {
		vm.Displays = ed.Display(g.State)
	}
	return vm, nil
}
