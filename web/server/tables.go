package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

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

const playerSlots = 8 // name boxes on the new-table form

// newTable renders the empty "start a table" form: as many name boxes as
// the game needs, this phone's names as chips.
func (a *App) newTable(c echo.Context) error {
	vm := views.NewTableVM{Game: c.QueryParam("game"), First: "0"}
	var l sessions.League
	if admin := c.QueryParam("league"); admin != "" {
		var err error
		if l, err = a.tables.LeagueByAdmin(c.Request().Context(), admin); err != nil {
			return serve.LinkError(c, err)
		}
	}
	vm.Players = make([]string, playerBoxes(vm.Game, 0))
	return render(c, http.StatusOK, views.NewTable(a.newTableVM(c, vm, l)))
}

// newTableVM fills in what every rendering of the new-table form has:
// the games with their start rules, the league, the chips.
func (a *App) newTableVM(c echo.Context, vm views.NewTableVM, l sessions.League) views.NewTableVM {
	vm.Page, vm.Form, vm.Games = kit.Page(c, scoring.Phrasef("Start a table")), kit.Form(c, 0), tableGamesIn(c.Request().Context())
	vm.Scripts = []string{"js/evening.js", "js/newtable.js"}
	if vm.Game == "" && len(vm.Games) > 0 {
		vm.Game = vm.Games[0].Slug
	}
	for _, info := range vm.Games {
		starts := i18n.Say(c.Request().Context(), info.Starts)
		vm.Starts = append(vm.Starts, starts)
		if info.Slug == vm.Game {
			vm.Rule, vm.Max = starts, info.MaxPlayers
		}
	}
	vm.Max = min(max(vm.Max, len(vm.Players)), playerSlots)
	if l.ID != "" {
		vm.League, vm.LeagueName, vm.Suggestions = l.AdminLink(), l.Name, l.Active()
		vm.Page.Scripts, vm.Page.Styles = []string{"js/seats.js"}, []string{"css/members.css"}
	}
	vm.Chips = a.phoneNames(c, vm.Suggestions)
	return vm
}

// chipMax bounds the names offered as chips.
const chipMax = 16

// phoneNames are the names this phone played with: its league's members
// when the table is for one, then the players of its recent tables,
// newest first, then the active members of the leagues it opened, newest
// first; each name once, at most chipMax.
func (a *App) phoneNames(c echo.Context, members []string) []string {
	var names []string
	add := func(n string) {
		if len(names) < chipMax && n != "" && !slices.ContainsFunc(names, func(m string) bool { return strings.EqualFold(m, n) }) {
			names = append(names, n)
		}
	}
	for _, m := range members {
		add(m)
	}
	ids := serve.RecentTables(c)
	for _, id := range ids[:min(len(ids), chipTables)] {
		t, err := a.tables.Table(c.Request().Context(), id)
		if err != nil {
			continue // a replaced or deleted link: nothing to offer
		}
		for _, p := range t.Players {
			add(p)
		}
	}
	for _, id := range serve.KnownLeagues(c) {
		l, err := a.tables.League(c.Request().Context(), id)
		if err != nil {
			continue // a deleted league: nothing to offer
		}
		for _, m := range l.Active() {
			add(m)
		}
	}
	return names
}

// chipTables is how many of this phone's recent tables offer their names.
const chipTables = 6

// playerBoxes is how many name boxes the form shows for a game: its most
// players up to four (KKS 2–4: four), at least what is typed already;
// "add a player" asks for more up to the game's most.
func playerBoxes(game string, typed int) int {
	n := 3
	for _, info := range tableGames() {
		if info.Slug == game {
			n = max(info.MinPlayers, min(info.MaxPlayers, 4))
		}
	}
	return min(max(n, typed), playerSlots)
}

// tableGames are the games a table can be started for: those with a
// result editor.
func tableGames() []scoring.Info {
	var out []scoring.Info
	for _, info := range games.Infos() {
		if _, ok := games.Editor(info.Slug); ok {
			out = append(out, info)
		}
	}
	return append(out, games.Another().Engine.Info())
}

// tableGamesIn is tableGames with each called as the reader's language
// calls it (another game has no proper name).
func tableGamesIn(ctx context.Context) []scoring.Info {
	out := tableGames()
	for i := range out {
		out[i].Title = games.Title(ctx, out[i].Slug)
	}
	return out
}

// createTable starts a table; bad input re-renders the form with 422.
// "Add a player" and moving a name up or down (the form's buttons, for
// a phone without JavaScript) re-render it changed.
func (a *App) createTable(c echo.Context) error {
	values, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, scoring.Phrasef("The form could not be read."))
	}
	players := seated(values["players"], values["seat"])
	if len(players) > playerSlots*2 {
		players = players[:playerSlots*2] // Create names the rule
	}
	first := c.FormValue("first")
	create := sessions.TableCreated{Game: c.FormValue("game"), Name: c.FormValue("name"), Players: players, First: firstOf(players, first)}
	var l sessions.League
	if admin := c.FormValue("league"); admin != "" {
		if l, err = a.tables.LeagueByAdmin(c.Request().Context(), admin); err != nil {
			return serve.LinkError(c, err)
		}
	}
	if c.FormValue("_add") != "" || c.FormValue("_move") != "" {
		vm := views.NewTableVM{Game: create.Game, Name: create.Name, First: first}
		vm.Players = padded(players, playerBoxes(create.Game, len(players)))
		if c.FormValue("_add") != "" && len(vm.Players) < playerSlots {
			vm.Players = append(vm.Players, "")
		}
		vm.Players, vm.First = moveSeat(vm.Players, first, c.FormValue("_move"))
		return render(c, http.StatusOK, views.NewTable(a.newTableVM(c, vm, l)))
	}
	if strings.TrimSpace(create.Name) == "" {
		create.Name = eveningName(c, time.Now())
	}
	if _, ok := games.Editor(create.Game); !ok {
		create.Game = "" // Create reports the field
	}
	if l.ID != "" {
		err = checkMembers(c, l, players)
	}
	var id string
	if err == nil {
		id, err = a.tables.Create(c.Request().Context(), c.FormValue("_token"), create)
	}
	if err == nil && l.ID != "" {
		if lerr := a.tables.AddTable(c.Request().Context(), l, id); lerr != nil {
			// The table is recorded: say so, and that the league does not
			// count it yet (sending the form again adds it).
			a.log.Warn("table started, not added to its league", "request_id", c.Response().Header().Get(echo.HeaderXRequestID), "err", serve.RedactLinks(lerr.Error()))
			return serve.Redirect(c, "/tables/"+id+"?done=not-in-league")
		}
	}
	var in *scoring.InputError
	if errors.As(err, &in) {
		vm := views.NewTableVM{
			Game: create.Game, Name: c.FormValue("name"), Players: padded(players, playerBoxes(create.Game, len(players))),
			First: first, Errors: views.Errors{in.Field: kit.LocalInput(c, in)},
		}
		return render(c, http.StatusUnprocessableEntity, views.NewTable(a.newTableVM(c, vm, l)))
	}
	if err != nil {
		return err
	}
	return serve.Redirect(c, "/tables/"+id)
}

// seated adds the members tapped on a league's form (seat) to the names
// typed: each one not typed already takes the next empty box, or comes
// after the others.
func seated(players, seats []string) []string {
	out := slices.Clone(players)
	for _, s := range seats {
		s = strings.TrimSpace(s)
		if s == "" || slices.ContainsFunc(out, func(p string) bool { return strings.EqualFold(strings.TrimSpace(p), s) }) {
			continue
		}
		next := len(out) // the box after the last one filled
		for next > 0 && strings.TrimSpace(out[next-1]) == "" {
			next--
		}
		if next < len(out) {
			out[next] = s
		} else {
			out = append(out, s)
		}
	}
	return out
}

// firstOf is the name in the seat "Who starts?" chose (its box's index),
// "" when none is chosen or its box is empty: the first seat starts.
func firstOf(players []string, seat string) string {
	i, err := strconv.Atoi(seat)
	if err != nil || i < 0 || i >= len(players) {
		return ""
	}
	return strings.TrimSpace(players[i])
}

// moveSeat moves a name one seat up or down ("up:2", "down:0"); who
// starts stays with the name.
func moveSeat(players []string, first, move string) ([]string, string) {
	dir, at, ok := strings.Cut(move, ":")
	i, err := strconv.Atoi(at)
	if !ok || err != nil || i < 0 || i >= len(players) {
		return players, first
	}
	j := i + 1
	if dir == "up" {
		j = i - 1
	}
	if j < 0 || j >= len(players) || dir != "up" && dir != "down" {
		return players, first
	}
	players[i], players[j] = players[j], players[i]
	switch first {
	case strconv.Itoa(i):
		first = strconv.Itoa(j)
	case strconv.Itoa(j):
		first = strconv.Itoa(i)
	}
	return players, first
}

// checkMembers refuses a league table with someone who is not a member,
// before the table exists.
func checkMembers(c echo.Context, l sessions.League, players []string) error {
	for _, p := range players {
		p = strings.TrimSpace(p)
		if p != "" && !slices.ContainsFunc(l.Members, func(m sessions.Member) bool { return strings.EqualFold(m.Name, p) }) {
			for _, m := range l.Members {
				if scoring.LooksLike(p, m.Name) {
					return kit.FormErrorf("players", "%[1]s looks like %[2]s, a member of %[3]s, but is written with other letters: choose %[2]s", p, m.Name, l.Name)
				}
			}
			return kit.FormErrorf("players", "%s is not a member of %s; add them on the league page first", p, l.Name)
		}
	}
	return nil
}

func padded(xs []string, n int) []string {
	out := append([]string(nil), xs...)
	for len(out) < n {
		out = append(out, "")
	}
	return out[:max(n, len(xs))]
}

// showTable renders the table page behind its edit link.
func (a *App) showTable(c echo.Context) error {
	t, links, err := a.tables.TableWithLinks(c.Request().Context(), c.Param("id"))
	if err != nil {
		return serve.LinkError(c, err)
	}
	serve.RememberTable(c, c.Param("id"))
	flash, ok := tablepage.Flashes[tablepage.Confirmed(c, t.Head)]
	if !ok {
		flash = serve.LinkFlashes[c.QueryParam("done")]
	}
	kind := "good"
	if c.QueryParam("done") == "not-in-league" {
		kind = "bad"
	}
	tablepage.ShowClock(c, t, "table", true)
	return render(c, http.StatusOK, views.TablePage(a.tablePage(c, t, links, flash, kind)))
}

// tablePage builds the table page behind the edit link: what every link
// shows, on the edit link, with the writes and the invite panel.
func (a *App) tablePage(c echo.Context, t sessions.Table, links sessions.TableLinks, flash scoring.Phrase, kind string) views.TableVM {
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
		vm.UndoLabel = shortTextIn(c.Request().Context(), t, e.Event)
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
		Base: base, Name: t.Name, Game: t.Info, GameTitle: games.PlayingTitle(ctx, t), Players: t.Players, Leaders: t.Leaders(),
		Chart: views.BarChart{Title: chartTitle(ctx, ev)},
	}
	vm.Game.Title = vm.GameTitle
	vm.Scripts = shareScripts
	for _, r := range ev.Rows {
		vm.Chart.Bars = append(vm.Chart.Bars, views.Bar{Label: r.Name, Value: r.Points, Lead: r.Leader})
	}
	if evm := eveningVM(c, t); len(evm.Rows) > 0 || t.Games.Len() > 0 {
		vm.Evening = &evm
	}
	vm.Games, vm.GamesPage = gameRows(c, t)
	lang := i18n.Code(i18n.Lang(ctx))
	vm.Lines = t.Derived("lines/"+lang, func() any {
		return views.Prerender(ctx, views.Lines(runningLines(ctx, t)))
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
func chartTitle(ctx context.Context, ev sessions.Evening) string {
	if ev.Mode == sessions.EveningPlacings {
		return i18n.N(ctx, ev.Done, "Points by place after 1 game", "Points by place after %d games")
	}
	return i18n.N(ctx, ev.Done, "Running totals after 1 game", "Running totals after %d games")
}

// currentRounds shows the game in progress of a round-based table, round
// by round; nil when the next round starts a new game.
func currentRounds(c echo.Context, t sessions.Table, ed kit.Editor) *views.RoundsVM {
	g, ok := t.Current()
	if !ok {
		return nil
	}
	vm := &views.RoundsVM{Game: g.Number, Chart: roundLines(c.Request().Context(), g.Info.Slug, g)}
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
		vm.Progress = ed.Progress(c.Request().Context(), g.State)
	}
	return vm
}

// addPlayer seats another player.
func (a *App) addPlayer(c echo.Context) error {
	seen, _ := serve.FormInt(c, "_seen")
	app, err := a.tables.AddPlayer(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), c.FormValue("name"))
	return a.writes.After(c, app, err, "player")
}

// undo takes back the newest entry.
func (a *App) undo(c echo.Context) error {
	seen, _ := serve.FormInt(c, "_seen")
	app, err := a.tables.Undo(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"))
	if err == nil && c.FormValue("back") == "play" { // undo of a guided move: stay in the game
		return serve.Redirect(c, kit.EditBase(c)+"/play")
	}
	return a.writes.After(c, app, err, "undo")
}

// rerenderTable draws the table afresh with a refused write's reason
// (msg): how tablepage.Writes answers a refusal.
func (a *App) rerenderTable(c echo.Context, status int, msg scoring.Phrase) error {
	t, links, err := a.tables.TableWithLinks(c.Request().Context(), c.Param("id"))
	if err != nil {
		return serve.LinkError(c, err)
	}
	tablepage.ShowClock(c, t, "table", true)
	return render(c, status, views.TablePage(a.tablePage(c, t, links, msg, "bad")))
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
	vm := &views.GameOverVM{Game: g.Number, Title: tablepage.GameName(c, g), Winners: r.Winners, Rounds: r.Rounds,
		Summary: gameSummary(c.Request().Context(), r), URL: fmt.Sprintf("%s/games/%d", base, g.Number),
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
