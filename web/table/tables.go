package table

import (
	"fmt"
	"net/http"

	"github.com/a-h/templ"
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

// The table's page: behind its edit link with its writes (players,
// undo) and the invite panel, drawn afresh with a refused write's reason
// (Rerender); what every link shows of a table (tableView), kept per
// version, language and link.

// Show renders the table page behind its edit link.
func (a *Area) Show(c echo.Context) error {
	t, links, err := a.Tables.TableWithLinks(c.Request().Context(), c.Param("id"))
	if err != nil {
		return serve.LinkError(c, err)
	}
	serve.RememberTable(c, c.Param("id"))
	if key, ok := tablepage.KeptKey(c, "edit", t, tablepage.EditLinks(links)); ok {
		return a.Keep(c, key, func() templ.Component {
			tablepage.ShowClock(c, t, "table", true)
			return views.TablePage(a.tablePage(c, t, links, scoring.Phrase{}, "good"))
		})
	}
	flash, ok := tablepage.Flashes[tablepage.Confirmed(c, t.Head)]
	if !ok {
		flash = serve.LinkFlashes[c.QueryParam("done")]
	}
	kind := "good"
	if c.QueryParam("done") == "not-in-league" {
		kind = "bad"
	}
	tablepage.ShowClock(c, t, "table", true)
	return a.Render(c, http.StatusOK, views.TablePage(a.tablePage(c, t, links, flash, kind)))
}

// tablePage builds the table page behind the edit link: what every link
// shows, on the edit link, with the writes and the invite panel.
func (a *Area) tablePage(c echo.Context, t sessions.Table, links sessions.TableLinks, flash scoring.Phrase, kind string) views.TableVM {
	vm := views.TableVM{TableView: viewOf(c, t, kit.EditBase(c), true), Form: kit.Form(c, t.Head), Share: a.tableShare(c, t, links)}
	vm.Flash, vm.FlashKind = flash, kind
	// The next game is always offered: its page says what must end first.
	if t.Games.Len() > 0 || t.Play != nil {
		vm.NextURL = kit.EditBase(c) + "/next"
	}
	if vm.Evening != nil && len(vm.Evening.Rows) > 0 {
		vm.EveningURL = kit.EditBase(c) + "/evening"
	}
	if e, ok := t.Newest(); ok {
		vm.UndoLabel = tablepage.LogShort(t, e.Event)
	}
	if g, _ := games.Find(t.Info.Slug); g.Pages != nil {
		vm.PlayLabel = scoring.Phrasef("Play the next game along, turn by turn")
		if t.Play != nil {
			vm.PlayLabel = scoring.Count(len(t.Play.Steps), "Continue the game played along (1 turn so far)", "Continue the game played along (%d turns so far)")
		}
	}
	return vm
}

// tableView builds what every link to a table shows: standing, games,
// charts, the game in progress and the history, every URL on base (the
// link the page was opened with). It is given no other link. The
// standing, the charts and each game's line read the evening's records
// (sessions.Table.Evening, Chart, GameRecord): nothing here places,
// ranks or adds up.
func tableView(c echo.Context, t sessions.Table, base string) views.TableView {
	return viewOf(c, t, base, false)
}

// viewOf is tableView, the edit page's (edit) with its links to correct
// a round and to the game played along. A page asked without a query
// (the newest games and history, no confirmation) shows the same view to
// every reader of one version of the table in one language on one link
// but for its Page (the reader's CSRF token), so the view is built and
// its parts between the page's forms rendered once per version, language,
// link and capability, and kept with the version (sessions.Table.Derived):
// a view then renders only its Page and its forms. A page with a query
// (another part of a list) is built afresh.
func viewOf(c echo.Context, t sessions.Table, base string, edit bool) views.TableView {
	build := func() views.TableView {
		v := buildTableView(c, t, base)
		if edit {
			if v.Current != nil { // the edit page: any round can be corrected
				v.Current.FixBase = fmt.Sprintf("%s/games/%d/rounds/", base, v.Current.Game)
			}
			if v.Playing != nil {
				v.Playing.URL = base + "/play"
			}
		}
		return v
	}
	if c.QueryString() != "" {
		return build()
	}
	ctx := c.Request().Context()
	key := "tableview/view/"
	if edit {
		key = "tableview/edit/"
	}
	v := t.Derived(key+i18n.Code(i18n.Lang(ctx))+"/"+base, func() any {
		v := build()
		v.Kept = &views.TableParts{Top: views.Prerender(ctx, views.TableViewTop(v)),
			Middle: views.Prerender(ctx, views.TableViewMiddle(v)), History: views.Prerender(ctx, views.TableViewHistory(v))}
		return v
	}).(views.TableView)
	v.Page = kit.Page(c, scoring.Verbatim(t.Name))
	v.Scripts = shareScripts
	return v
}

// shareScripts are a table page's scripts (a page appending one gets a
// copy: its length is its capacity).
var shareScripts = []string{"js/share.js"}

// buildTableView builds tableView's view.
func buildTableView(c echo.Context, t sessions.Table, base string) views.TableView {
	ctx := c.Request().Context()
	ev := tablepage.Evening(t)
	vm := views.TableView{
		Page: kit.Page(c, scoring.Verbatim(t.Name)), Head: t.Head,
		Base: base, Name: t.Name, Game: t.Info, GameTitle: games.PlayingPhrase(t), Players: t.Players, Leaders: t.Leaders(),
		Chart: views.BarChart{Title: chartTitle(ev)},
	}
	vm.Scripts = shareScripts
	for _, r := range ev.Rows {
		vm.Chart.Bars = append(vm.Chart.Bars, views.Bar{Label: r.Name, Value: r.Points, Lead: r.Leader})
	}
	if evm := eveningVM(t); len(evm.Rows) > 0 || t.Games.Len() > 0 {
		vm.Evening = &evm
	}
	vm.Games, vm.GamesPage = gameRows(c, t)
	lang := i18n.Code(i18n.Lang(ctx))
	vm.Lines = t.Derived("lines/"+lang, func() any {
		return views.Prerender(ctx, views.Lines(runningLines(t)))
	}).(templ.Component)
	if ed, ok := games.Editor(t.Info.Slug); ok && ed.Rounds {
		vm.Current = currentRounds(c, t, ed)
	}
	if vm.Current == nil {
		vm.Finished = lastGameOver(c, t, base)
	}
	vm.Playing = tablepage.Playing(c, t)
	vm.Log, vm.LogPage = logPage(c, t)
	return vm
}

// chartTitle heads the standing's charts: the running totals of one
// kind, or the points by place of a mixed evening.
func chartTitle(ev sessions.Evening) scoring.Phrase {
	if ev.Mode == sessions.EveningPlacings {
		return scoring.Count(ev.Done, "Points by place after 1 game", "Points by place after %d games")
	}
	return scoring.Count(ev.Done, "Running totals after 1 game", "Running totals after %d games")
}

// currentRounds shows the game in progress of a round-based table, round
// by round; nil when the next round starts a new game.
func currentRounds(c echo.Context, t sessions.Table, ed kit.Editor) *views.RoundsVM {
	g, ok := t.Current()
	if !ok {
		return nil
	}
	vm := &views.RoundsVM{Game: g.Number, Chart: roundLines(g.Info.Slug, g)}
	for _, p := range g.Result().Players {
		vm.Players = append(vm.Players, p.Name)
		vm.Totals = append(vm.Totals, p.Total)
		vm.Round = max(vm.Round, len(p.Rounds))
	}
	for r := range vm.Round {
		row := make([]string, len(g.Result().Players))
		for i, p := range g.Result().Players {
			row[i] = "–"
			if r < len(p.Rounds) {
				row[i] = views.Score(p.Rounds[r])
			}
		}
		vm.Rows = append(vm.Rows, row)
	}
	if ed.Progress != nil {
		vm.Progress = ed.Progress(g.State)
	}
	return vm
}

// AddPlayer seats another player.
func (a *Area) AddPlayer(c echo.Context) error {
	seen, _ := serve.FormInt(c, "_seen")
	app, err := a.Tables.AddPlayer(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), c.FormValue("name"))
	return a.writes.After(c, app, err, "player")
}

// Undo takes back the newest entry.
func (a *Area) Undo(c echo.Context) error {
	seen, _ := serve.FormInt(c, "_seen")
	app, err := a.Tables.Undo(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"))
	if err == nil && c.FormValue("back") == "play" { // undo of a guided move: stay in the game
		return serve.Redirect(c, kit.EditBase(c)+"/play")
	}
	return a.writes.After(c, app, err, "undo")
}

// Rerender draws the table afresh with a refused write's reason
// (msg): how tablepage.Writes answers a refusal.
func (a *Area) Rerender(c echo.Context, status int, msg scoring.Phrase) error {
	t, links, err := a.Tables.TableWithLinks(c.Request().Context(), c.Param("id"))
	if err != nil {
		return serve.LinkError(c, err)
	}
	tablepage.ShowClock(c, t, "table", true)
	return a.Render(c, status, views.TablePage(a.tablePage(c, t, links, msg, "bad")))
}

// lastGameOver announces the table's newest game when it is over, in
// the words of its kind ("Auf der Hut: Ana won with 7"), with its
// ranking; nil otherwise.
func lastGameOver(c echo.Context, t sessions.Table, base string) *views.GameOverVM {
	if t.Games.Len() == 0 {
		return nil
	}
	g := t.Games.At(t.Games.Len() - 1)
	if !g.Record.Over {
		return nil
	}
	r := g.Record
	vm := &views.GameOverVM{Game: g.Number, Title: tablepage.GameName(g), Winners: r.Winners, Rounds: r.Rounds,
		Summary: gameSummary(r), URL: fmt.Sprintf("%s/games/%d", base, g.Number),
		Ranking: tablepage.Ranking(r), Status: tablepage.Status(r)}
	if len(r.Winners) > 0 {
		w, _ := r.Seat(r.Winners[0])
		vm.Score = w.Score
	}
	if ed, ok := games.Editor(t.Info.Slug); ok && ed.Rounds && r.Game == t.Info.Slug {
		vm.Next = true // the next round starts a new game of it
	}
	return vm
}
