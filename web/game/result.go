package game

import (
	"fmt"
	"net/http"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/sessions/plays"
	"tablemate/views"
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// Show renders a recorded game's verdict and breakdown, with its
// corrections: the editor of its own kind (any round of a round game),
// whatever the table plays now, and a disputed game's "count it as
// entered".
func (a *Area) Show(c echo.Context) error {
	// The table and its links in one lookup: a finished game's page
	// shares its result by the view-only link.
	t, links, err := a.Tables.TableWithLinks(c.Request().Context(), c.Param("id"))
	if err != nil {
		return serve.LinkError(c, err)
	}
	g, err := tablepage.Game(c, t)
	if err != nil {
		return err
	}
	if key, ok := tablepage.KeptKey(c, "game-edit", t, tablepage.EditLinks(links)); ok {
		return a.Keep(c, key, func() templ.Component { return a.resultPage(c, t, links, g) })
	}
	return a.Render(c, http.StatusOK, a.resultPage(c, t, links, g))
}

// resultPage is game g's result page behind the edit link.
func (a *Area) resultPage(c echo.Context, t sessions.Table, links sessions.TableLinks, g sessions.Game) templ.Component {
	vm := a.resultVM(c, t, g, kit.EditBase(c))
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
	vm.BGStats = a.handed.BGStats(t, g.Number)
	vm.Length = tablepage.Length(t.GameLength(g.Number))
	vm.Note = views.NoteVM{Note: t.Note(g.Number), Action: fmt.Sprintf("%s/games/%d/note", kit.EditBase(c), g.Number), Form: kit.Form(c, t.Head)}
	vm.EveningNote = views.NoteVM{Note: t.EveningNote()}
	vm.After = a.afterGame(c, t, links, g)
	if vm.After != nil {
		vm.Page.Scripts = append(vm.Page.Scripts, "js/share.js", "js/sharecard.js")
	}
	if done := tablepage.Confirmed(c, t.Head); done == "already" || done == "settled" || done == "noted" {
		vm.Page.Flash, vm.Page.FlashKind = tablepage.Flashes[done], "good"
	}
	return views.ResultPage(vm)
}

// resultVM builds game g's result page as every link shows it, its URLs
// on base (the link the page was opened with); the edit page adds the
// correction. Its ranking, winners and status are the game's record.
func (a *Area) resultVM(c echo.Context, t sessions.Table, g sessions.Game, base string) views.ResultVM {
	r := g.Record
	vm := views.ResultVM{
		Page: kit.Page(c, scoring.Phrasef("Game %d", g.Number)), Heading: scoring.Phrasef("%s · game %d", t.Name, g.Number),
		GameTitle: tablepage.GameName(g), Result: g.Result(),
		BackURL: base, BackLabel: scoring.Phrasef("Back to the table"),
		ReplayURL: fmt.Sprintf("%s/games/%d/replay", base, g.Number),
		Standing:  &views.GameStanding{Status: tablepage.Status(r), Winners: r.Winners},
	}
	if g.Err != "" {
		vm.Page.Flash, vm.Page.FlashKind = scoring.Phrasef("This entry can no longer be read: %s", g.Err), "bad"
	}
	if r.Over && len(r.Seats) > 0 {
		vm.Ranking = tablepage.Ranking(r)
	}
	if g.Imported != nil {
		vm.Imported = a.importedText(c, g.Imported)
		return vm
	}
	if ed, ok := games.Editor(g.Info.Slug); ok && ed.Display != nil {
		vm.Displays = ed.Display(g.State)
	}
	return vm
}

// ShowView renders one game's result for spectators.
func (a *Area) ShowView(c echo.Context) error {
	v, err := tablepage.OpenView(a.Kit, c)
	if err != nil {
		return err
	}
	g, err := tablepage.Game(c, v.Table)
	if err != nil {
		return err
	}
	page := func() templ.Component {
		vm := a.resultVM(c, v.Table, g, v.Base())
		vm.Page.Preview = a.handed.Preview(c, v, g)
		vm.BGStats = a.handed.BGStats(v.Table, g.Number)
		vm.Length = tablepage.Length(v.Table.GameLength(g.Number))
		vm.Note = views.NoteVM{Note: v.Table.Note(g.Number)}
		vm.EveningNote = views.NoteVM{Note: v.Table.EveningNote()}
		return views.ResultPage(vm)
	}
	if key, ok := tablepage.KeptKey(c, "game-view", v.Table, v.Base()); ok {
		return a.Keep(c, key, page)
	}
	return a.Render(c, http.StatusOK, page())
}

// afterGame is what a finished game offers next on the edit link: the
// same game again with the same seats (straight to its entry, or to its
// play-along setup when it was played along), the next game, its result
// to share by the view-only link.
func (a *Area) afterGame(c echo.Context, t sessions.Table, links sessions.TableLinks, g sessions.Game) *views.AfterGameVM {
	if !g.Finished() || g.Number != t.Games.Len() || t.Play != nil {
		return nil
	}
	after := &views.AfterGameVM{
		Form: kit.Form(c, t.Head), Again: kit.EditBase(c) + "/next", Next: kit.EditBase(c) + "/next", Game: g.Info.Slug, Then: "entry",
		Share: a.handed.Share(c, "result-link", scoring.Phrasef("Can only watch"),
			scoring.Phrasef("The result to pass on: this link shows the table and cannot change it."),
			fmt.Sprintf("/v/%s/games/%d", links.View, g.Number), t.Name),
	}
	if e, ok := t.Entry(g.Seq); ok && e.Kind == sessions.KindPlayStep {
		after.Then = "play" // it was played along: again so
	}
	// The game's result card goes along where the phone can share files
	// (js/sharecard.js; the link alone where not).
	after.Share.Card = fmt.Sprintf("/v/%s/games/%d/card.png", links.View, g.Number)
	return after
}

// importedText says where an imported game came from and what it holds:
// "From BG Stats, played 11 May 2024, 20:15 (45 minutes) at Anna's: the
// totals and winners as the file gives them."
func (a *Area) importedText(c echo.Context, g *sessions.GameImported) scoring.Phrase {
	s := []scoring.Phrase{scoring.Phrasef("From %s, played %s.", a.handed.Source(plays.Format(g.Source)), serve.DateTime(c, g.PlayedAt(), true, false))}
	if g.Minutes > 0 {
		s = append(s, scoring.Count(g.Minutes, "It took 1 minute.", "It took %d minutes."))
	}
	if g.Location != "" {
		s = append(s, scoring.Phrasef("Played at %s.", g.Location))
	}
	s = append(s, scoring.Phrasef("The totals and winners are the file's: a play file holds no cards, so the rules could not check them."))
	if g.Comments != "" {
		s = append(s, scoring.Phrasef("Comments: %s", g.Comments))
	}
	return scoring.Phrasef("%s", scoring.List{Sep: " ", Items: s})
}
