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
	"tablemate/sessions/plays"
	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/games"
	"tablemate/web/interop"
	"tablemate/web/kit"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// An entry page is for one game: the table's next game, entered with the
// editor of the game the table plays now, or a recorded game, corrected
// with the editor of its own kind whatever the table plays now (an
// evening moves on; its games stay correctable).

// entryGame is the game an entry page is for.
type entryGame struct {
	// N is the game's number; 0 for the table's next game.
	N    int
	Slug string
	Ed   kit.Editor
	// Names are the players the form asks about: the table's for the
	// next game, the game's own for a correction (someone who joined
	// later did not play it).
	Names []string
	// Game is the recorded game corrected (N > 0).
	Game sessions.Game
}

// nextEntry is the table's next game, with the editor of its game.
func nextEntry(c echo.Context, t sessions.Table) (entryGame, error) {
	ed, ok := games.Editor(t.Info.Slug)
	if !ok {
		return entryGame{}, echo.NewHTTPError(http.StatusNotFound, kit.Tr(c, "This game has no result editor yet."))
	}
	return entryGame{Slug: t.Info.Slug, Ed: ed, Names: t.Players}, nil
}

// recordedEntry is recorded game n (the URL's), with the editor of its
// own kind.
func recordedEntry(c echo.Context, t sessions.Table) (entryGame, error) {
	g, err := tablepage.Game(c, t)
	if err != nil {
		return entryGame{}, err
	}
	ed, ok := games.Editor(g.Info.Slug)
	if !ok || !correctable(ed, g) {
		return entryGame{}, echo.NewHTTPError(http.StatusNotFound, kit.Tr(c, "This game has no result editor yet."))
	}
	eg := entryGame{N: g.Number, Slug: g.Info.Slug, Ed: ed, Game: g, Names: t.Players}
	if len(g.Result().Players) > 0 {
		eg.Names = nil
		for _, p := range g.Result().Players {
			eg.Names = append(eg.Names, p.Name)
		}
	}
	return eg, nil
}

// correctable reports whether recorded game g opens in its editor ed: a
// game entered at the table does, and an imported play whose file gave
// its sheet round by round (another game's scores) does too; one the
// file gave totals only has nothing its game's editor could show.
func correctable(ed kit.Editor, g sessions.Game) bool {
	if g.Imported == nil {
		return true
	}
	return ed.Rounds && ed.RoundValues != nil && ed.RoundValues(g.State, 1) != nil
}

// newGame renders the result editor for the table's next game.
func (a *App) newGame(c echo.Context) error {
	t, err := a.loadTable(c)
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
	return render(c, http.StatusOK, eg.Ed.Page(gameEntry(c, t, eg, nil, nil, "")))
}

// editGame renders the editor of the game's own kind prefilled with a
// recorded game, to correct it.
func (a *App) editGame(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	eg, err := recordedEntry(c, t)
	if err != nil {
		return err
	}
	if eg.Ed.Rounds {
		return echo.NewHTTPError(http.StatusNotFound, kit.Tr(c, "A game entered round by round is corrected one round at a time: choose the round on the game's page."))
	}
	return render(c, http.StatusOK, eg.Ed.Page(gameEntry(c, t, eg, eg.Ed.Values(eg.Game.State), nil, "")))
}

// gameEntry builds an editor page for a table's game eg (the next one, or
// a correction of eg.N).
func gameEntry(c echo.Context, t sessions.Table, eg entryGame, values map[string][]string, errs views.Errors, flash string) kit.Entry {
	ctx := c.Request().Context()
	noun, intro := i18n.Key("final displays"), i18n.Key("Enter what each player has in front of them at the end of the game.")
	if eg.Ed.Noun != "" {
		noun, intro = eg.Ed.Noun, eg.Ed.Intro
	}
	e := kit.Entry{
		Ctx:  ctx,
		Page: kit.Page(c, t.Name), Form: kit.Form(c, t.Head), Names: eg.Names, Values: values, Errors: errs,
		Heading: kit.Tr(c, "Game %d: %s", len(t.Games)+1, i18n.Text(ctx, noun)),
		Intro:   i18n.Text(ctx, intro),
		Action:  kit.EditBase(c) + "/games", Submit: kit.Tr(c, "Check and save"),
	}
	if eg.N > 0 {
		e.Heading = kit.Tr(c, "Correct game %d", eg.N)
		e.Intro = kit.Tr(c, "Change what was entered; the old entry stays in the table's history.")
		e.Action = fmt.Sprintf("%s/games/%d", kit.EditBase(c), eg.N)
		e.Submit = kit.Tr(c, "Check and save the correction")
	}
	if eg.Ed.Rounds && eg.N == 0 {
		e.GameNumber, e.Options, e.Start = len(t.Games)+1, t.Options, max(0, slices.Index(t.Players, t.First))
		if g, ok := t.Current(); ok {
			e.GameNumber, e.Current = g.Number, g.State
		}
	}
	e.Flash, e.FlashKind = flash, "bad"
	return e
}

// submitGame records a new game from the editor.
func (a *App) submitGame(c echo.Context) error {
	t, err := a.loadTable(c)
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

// correctGame replaces a recorded game's state, entered with the editor
// of its own kind.
func (a *App) correctGame(c echo.Context) error {
	t, err := a.loadTable(c)
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
func (a *App) saveGame(c echo.Context, t sessions.Table, eg entryGame) error {
	ed, n := eg.Ed, eg.N
	values, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, kit.Tr(c, "The form could not be read."))
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
		if chk, cerr := a.tables.Check(eg.Slug, state); cerr == nil {
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
			app, err = a.tables.RecordRound(ctx, id, seen, token, state)
		case n == 0 && pre != nil:
			app, err = a.tables.RecordCheckedGame(ctx, id, seen, token, *pre)
		case n == 0:
			app, err = a.tables.RecordGame(ctx, id, seen, token, state)
		case pre != nil:
			app, err = a.tables.CorrectCheckedGame(ctx, id, seen, token, n, *pre, "corrected at the table")
		default:
			app, err = a.tables.CorrectGame(ctx, id, seen, token, n, state, "corrected at the table")
		}
	}
	var in *scoring.InputError
	switch {
	case errors.As(err, &in):
		e := gameEntry(c, t, eg, values, views.Errors{kit.RemapField(in.Field, slots): kit.LocalInput(c, in)}, "")
		e.Form.Token = token // the same entry, still unsaved: keep its key
		return render(c, http.StatusUnprocessableEntity, ed.Page(e))
	case serve.Stale(c, err):
		fresh, lerr := a.loadTable(c)
		if lerr != nil {
			return lerr
		}
		if ed.Rounds && n == 0 {
			tablepage.ShowClock(c, fresh, "round", true)
		}
		e := gameEntry(c, fresh, eg, values, nil,
			kit.Tr(c, "Someone else changed this table while you were typing, so your entry was not saved yet. It is still here: check it against the fresh table and send it again."))
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
	fallback := kit.EditBase(c) + done
	if ed.Rounds && n == 0 {
		fallback = kit.EditBase(c) + cmp.Or(done, "?done=round")
	}
	// Recorded: whatever fails from here on, the answer says so, and
	// carries the acknowledgement the phone's outbox waits for.
	tablepage.Acknowledge(c, app)
	return a.writes.Recorded(c, fallback, func() (string, error) {
		fresh, err := a.loadTable(c)
		if err != nil {
			return "", err
		}
		if ed.Rounds && n == 0 {
			// The round that ends a game opens on the game's ranking.
			if len(fresh.Games) > 0 {
				if g := fresh.Games[len(fresh.Games)-1]; g.Finished() {
					return fmt.Sprintf("%s/games/%d%s", kit.EditBase(c), g.Number, done), nil
				}
			}
			return fallback, nil
		}
		for _, g := range fresh.Games {
			if g.Seq == app.Event.Seq {
				return fmt.Sprintf("%s/games/%d%s", kit.EditBase(c), g.Number, done), nil
			}
		}
		return fallback, nil
	})
}

// showGame renders a recorded game's verdict and breakdown, with its
// corrections: the editor of its own kind (any round of a round game),
// whatever the table plays now, and a disputed game's "count it as
// entered".
func (a *App) showGame(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	vm, err := gameResultVM(c, t, kit.EditBase(c))
	if err != nil {
		return err
	}
	g, _ := tablepage.Game(c, t)
	if ed, ok := games.Editor(g.Info.Slug); ok && correctable(ed, g) {
		if ed.Rounds {
			vm.RoundURLs = roundURLs(c, ed, g)
		} else {
			vm.EditURL = fmt.Sprintf("%s/games/%d/edit", kit.EditBase(c), g.Number)
		}
	}
	if g.Record.Over && g.Record.Disputed() {
		vm.Standing.Settle, vm.Standing.Form = fmt.Sprintf("%s/games/%d/settle", kit.EditBase(c), g.Number), kit.Form(c, t.Head)
	}
	vm.BGStats = interop.BGStatsGame(t, g.Number)
	vm.Length = tablepage.Length(t.GameLength(g.Number))
	vm.Note = views.NoteVM{Note: t.Note(g.Number), Action: fmt.Sprintf("%s/games/%d/note", kit.EditBase(c), g.Number), Form: kit.Form(c, t.Head)}
	vm.EveningNote = views.NoteVM{Note: t.EveningNote()}
	if vm.After, err = a.afterGame(c, t, g); err != nil {
		return err
	}
	if vm.After != nil {
		vm.Page.Scripts = append(vm.Page.Scripts, "js/share.js", "js/sharecard.js")
	}
	if f, ok := tablepage.Flashes[c.QueryParam("done")]; ok && (c.QueryParam("done") == "already" || c.QueryParam("done") == "settled" || c.QueryParam("done") == "noted") {
		vm.Page.Flash, vm.Page.FlashKind = kit.Tr(c, f), "good"
	}
	return render(c, http.StatusOK, views.ResultPage(vm))
}

// gameResultVM builds the result page of the game named in the URL as
// every link shows it, its URLs on base (the link the page was opened
// with); the edit page adds the correction. Its ranking, winners and
// status are the game's record.
func gameResultVM(c echo.Context, t sessions.Table, base string) (views.ResultVM, error) {
	g, err := tablepage.Game(c, t)
	if err != nil {
		return views.ResultVM{}, err
	}
	r := g.Record
	vm := views.ResultVM{
		Page: kit.Page(c, kit.Tr(c, "Game %d", g.Number)), Heading: kit.Tr(c, "%s · game %d", t.Name, g.Number),
		GameTitle: tablepage.GameName(c, g), Result: g.Result(),
		BackURL: base, BackLabel: kit.Tr(c, "Back to the table"),
		ReplayURL: fmt.Sprintf("%s/games/%d/replay", base, g.Number),
		Standing:  &views.GameStanding{Status: tablepage.Status(r), Winners: r.Winners},
	}
	if g.Err != "" {
		vm.Page.Flash, vm.Page.FlashKind = kit.Tr(c, "This entry can no longer be read: %s", g.Err), "bad"
	}
	if r.Over && len(r.Seats) > 0 {
		vm.Ranking = tablepage.Ranking(r)
	}
	if g.Imported != nil {
		vm.Imported = importedText(c, g.Imported)
		return vm, nil
	}
	if ed, ok := games.Editor(g.Info.Slug); ok && ed.Display != nil {
		vm.Displays = ed.Display(g.State)
	}
	return vm, nil
}

// settleGame counts a disputed game as it was entered (ruling G-5): the
// log records it, and every page shows it beside the game.
// noteGame writes or changes a game's note (an empty one takes it away).
func (a *App) noteGame(c echo.Context) error {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return echo.ErrNotFound
	}
	seen, _ := serve.FormInt(c, "_seen")
	_, err = a.tables.NoteGame(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), n, c.FormValue("note"))
	if err == nil {
		return serve.Redirect(c, fmt.Sprintf("%s/games/%d?done=noted", kit.EditBase(c), n))
	}
	return a.writes.After(c, err, "noted")
}

func (a *App) settleGame(c echo.Context) error {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return echo.ErrNotFound
	}
	seen, _ := serve.FormInt(c, "_seen")
	_, err = a.tables.SettleGame(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), n)
	if err == nil {
		return serve.Redirect(c, fmt.Sprintf("%s/games/%d?done=settled", kit.EditBase(c), n))
	}
	return a.writes.After(c, err, "settled")
}

// importedText says where an imported game came from and what it holds:
// "From BG Stats, played 11 May 2024, 20:15 (45 minutes) at Anna's: the
// totals and winners as the file gives them."
func importedText(c echo.Context, g *sessions.GameImported) string {
	s := kit.Tr(c, "From %s, played %s.", interop.SourceName(plays.Format(g.Source)), serve.DateTime(c, g.PlayedAt(), true, false))
	if g.Minutes > 0 {
		s += " " + i18n.N(c.Request().Context(), g.Minutes, "It took 1 minute.", "It took %d minutes.")
	}
	if g.Location != "" {
		s += " " + kit.Tr(c, "Played at %s.", g.Location)
	}
	s += " " + kit.Tr(c, "The totals and winners are the file's: a play file holds no cards, so the rules could not check them.")
	if g.Comments != "" {
		s += " " + kit.Tr(c, "Comments: %s", g.Comments)
	}
	return s
}
